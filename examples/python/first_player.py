"""Reproduces first-player results of
results/first-player-advantage/REPORT.md from Python: each row is a
self-play tournament run with ``ngola.tournament`` from the experiment of
the study's run folder (results/first-player-advantage/runs/<run>/
experiment.toml, a cell of experiments/first-player.toml), summarised
with pandas from the run's CSV files.

    python examples/python/first_player.py                  # the cheap rows, full size
    python examples/python/first_player.py --divide 20      # a twentieth of the games
    python examples/python/first_player.py --runs mangola-random mangola-ab2

At full size (``--divide 1``) every number equals the report's (same
experiments, same seeds), and the last column says so by comparing with
results/first-player-advantage/measures.csv (the report's table). South's score has the Wilson
95% interval over the unit the report uses: games for stochastic agents,
colour-swapped pairs for deterministic alpha-beta (whose two games of a
pair are the same game).
"""

from __future__ import annotations

import argparse
import math
import tempfile
import tomllib
from pathlib import Path

import pandas as pd

import ngola

REPO = Path(__file__).resolve().parents[2]
RUNS = REPO / "results" / "first-player-advantage" / "runs"
MEASURES = REPO / "results" / "first-player-advantage" / "measures.csv"
CHEAP_RUNS = ["mangola-random", "mangola-greedy", "mangola-ab2", "mangola-ab4", "mangola-mcts100"]


def wilson(score: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion `score` over `n` units."""
    centre = (score + z * z / (2 * n)) / (1 + z * z / n)
    half = z / (1 + z * z / n) * math.sqrt(score * (1 - score) / n + z * z / (4 * n * n))
    return centre - half, centre + half


def run_row(name: str, divide: int, out: Path) -> dict[str, object]:
    """Plays run `name` (its experiment file, `divide` times fewer games)
    and returns its row of the table."""
    with open(RUNS / name / "experiment.toml", "rb") as f:
        experiment = tomllib.load(f)
    # Rule values as the rules read them (TOML booleans as true/false).
    rules = {
        key: str(value).lower() if isinstance(value, bool) else str(value)
        for key, value in experiment.get("rules", {}).items()
    }
    games = max(2, experiment["games"] // divide // 2 * 2)
    spec = experiment["agents"][0]
    run = ngola.tournament(
        experiment["game"],
        {"south-or-north": spec, "the-other": experiment["agents"][1]},
        games,
        rules=rules,
        seed=experiment["seed"],
        opening_plies=experiment["opening_plies"],
        allow_repeated_openings=experiment.get("allow_repeated_openings", False),
        out=out / name,
    )
    table = run.games
    south = table["result"].eq("S").sum()
    draws = table["result"].eq("draw").sum()
    north = table["result"].eq("N").sum()
    points = table["result"].map({"S": 1.0, "draw": 0.5, "N": 0.0})
    score = points.mean()
    if spec.startswith("alphabeta"):
        # Deterministic: the unit is the colour-swapped pair.
        unit, n = "pairs", table["pair"].nunique()
        low, high = wilson(points.groupby(table["pair"]).mean().mean(), n)
    else:
        # The games' interval, as first_player.csv writes it.
        unit, n = "games", len(table)
        # The overall line: the one whose `pairing` is empty (NaN).
        overall = run.first_player[run.first_player["pairing"].isna()].iloc[0]
        low, high = overall["wilson_low"], overall["wilson_high"]
    return {
        "run": name,
        "agent": spec,
        "k": experiment["opening_plies"],
        "games": len(table),
        "South wins": south,
        "draws": draws,
        "North wins": north,
        "South score [Wilson 95%]": f"{score:.1%} [{low:.1%}, {high:.1%}]",
        "over": f"{n:,} {unit}",
        "score": score,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", nargs="+", default=CHEAP_RUNS, help="runs of the study")
    parser.add_argument("--divide", type=int, default=1, help="play 1/N of the games")
    args = parser.parse_args()
    published = pd.read_csv(MEASURES).set_index("cell")
    with tempfile.TemporaryDirectory() as folder:
        rows = [run_row(name, args.divide, Path(folder)) for name in args.runs]
    table = pd.DataFrame(rows).set_index("run")
    if args.divide == 1:
        same = [
            (row["South wins"], row["draws"], row["North wins"])
            == tuple(published.loc[run, ["south_wins", "draws", "north_wins"]])
            for run, row in table.iterrows()
        ]
        table["as published"] = ["yes" if s else "NO" for s in same]
    print(table.drop(columns="score").to_string())


if __name__ == "__main__":
    main()
