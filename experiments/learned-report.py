#!/usr/bin/env python3
"""Writes results/learned/README.md from the baseline runs
(results/learned/<game>/train.csv, settings.json, train.txt) and their
matches (results/learned/<game>/eval/<match>/standings.csv), as
experiments/train-baselines.sh and experiments/evaluate-learned.sh leave
them. Every figure is read from those files.

    python3 experiments/learned-report.py
"""

from __future__ import annotations

import csv
import hashlib
import json
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent / "results" / "learned"

# The matches, the question each answers and the aim of the issue it serves.
MATCHES = [
    ("az-vs-mcts", "az (N sims) vs mcts (N sims)", 0.75),
    ("az-vs-mcts10", "az (N sims) vs mcts (10 N sims)", 0.50),
    ("policy-vs-greedy", "policy (no search) vs greedy", 0.75),
    ("az-vs-alphabeta", "az vs alphabeta, equal time", 0.60),
    ("az-vs-mcts-tc", "az vs mcts, equal time", 0.75),
    ("abnet-vs-alphabeta", "alphabeta:eval=net vs alphabeta, equal time", 0.50),
]


def read_csv(path: Path) -> list[dict[str, str]]:
    with open(path, newline="") as f:
        return list(csv.DictReader(f))


def training_rows() -> list[str]:
    lines = [
        "| game | generations | games | positions | exact labels | hours | self-play moves/s (median) | last evaluation |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for d in sorted(p for p in ROOT.iterdir() if (p / "train.csv").is_file()):
        rows = read_csv(d / "train.csv")
        if not rows:
            continue
        last = rows[-1]
        evaluation = ""
        if last["eval_score"]:
            evaluation = f"{100 * float(last['eval_score']):.1f}% vs {last['eval_opponent']} ({last['eval_games']} games)"
        speeds = sorted(float(r["positions_per_second"]) for r in rows)
        median = speeds[len(speeds) // 2]
        lines.append(
            f"| {d.name} | {last['generation']} | {last['games']} | {last['positions']} | "
            f"{last['exact']} | {float(last['seconds']) / 3600:.2f} | {median:.0f} | {evaluation} |"
        )
    return lines


def of_current_network(game: Path, run: Path) -> bool:
    """Whether the match in `run` read the game's network as it is now
    (its SHA-256 among the files the run's inputs.csv records)."""
    inputs = run / "inputs.csv"
    if not inputs.is_file():
        return False
    sha = hashlib.sha256((game / "az.safetensors").read_bytes()).hexdigest()
    return any(row["sha256"] == sha for row in read_csv(inputs))


def match_rows() -> list[str]:
    lines = [
        "| game | match | games | score [95% interval] | aim | reached | time control | seconds |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for d in sorted(p for p in ROOT.iterdir() if (p / "eval").is_dir()):
        for name, question, aim in MATCHES:
            run = d / "eval" / name
            if not (run / "standings.csv").is_file() or not of_current_network(d, run):
                continue
            first = read_csv(run / "standings.csv")
            row = next(r for r in first if r["id"] == "0")
            score = f"{100 * float(row['score']):.1f}% [{100 * float(row['score_low']):.1f}%, {100 * float(row['score_high']):.1f}%]"
            tc = "none (fixed budgets)"
            experiment = (run / "experiment.toml").read_text()
            for line in experiment.splitlines():
                if line.startswith("tc ="):
                    tc = line.split("=", 1)[1].strip().strip('"')
            seconds = (run / "seconds.txt").read_text().strip() if (run / "seconds.txt").is_file() else ""
            reached = "yes" if float(row["score_low"]) > aim else ("no" if float(row["score_high"]) < aim else "not resolved")
            lines.append(
                f"| {d.name} | {question} | {row['games']} | {score} | {100 * aim:.0f}% | {reached} | {tc} | {seconds} |"
            )
    return lines


def ladder_rows() -> list[str]:
    lines = [
        "| game | rank | agent | Elo [95% interval] | games | seconds |",
        "|---|---|---|---|---|---|",
    ]
    for d in sorted(p for p in ROOT.iterdir() if (p / "eval" / "ladder" / "ratings.csv").is_file()):
        run = d / "eval" / "ladder"
        if not of_current_network(d, run):
            continue
        seconds = (run / "seconds.txt").read_text().strip() if (run / "seconds.txt").is_file() else ""
        for row in read_csv(run / "ratings.csv"):
            elo = f"{float(row['elo']):.0f} [{float(row['elo_low']):.0f}, {float(row['elo_high']):.0f}]"
            lines.append(f"| {d.name} | {row['rank']} | `{row['agent']}` | {elo} | {row['games']} | {seconds} |")
    return lines


def accuracy_rows() -> list[str]:
    lines = [
        "| game | agent | positions measured | moves keeping the exact value [95% Wilson] |",
        "|---|---|---|---|",
    ]
    for d in sorted(p for p in ROOT.iterdir() if (p / "eval" / "accuracy" / "accuracy.csv").is_file()):
        if not of_current_network(d, d / "eval" / "accuracy"):
            continue
        for row in read_csv(d / "eval" / "accuracy" / "accuracy.csv"):
            share = f"{100 * float(row['kept_share']):.1f}% [{100 * float(row['kept_low']):.1f}%, {100 * float(row['kept_high']):.1f}%]"
            lines.append(f"| {d.name} | `{row['agent']}` | {row['positions']} | {share} |")
    return lines


def ablation_rows() -> list[str]:
    lines = [
        "| game | inputs | policy target | generations | network alone vs greedy, last 10 generations | policy loss | value loss |",
        "|---|---|---|---|---|---|---|",
    ]
    folder = ROOT / "ablation"
    for path in sorted(folder.glob("*.csv")) if folder.is_dir() else []:
        for row in read_csv(path):
            lines.append(
                f"| {row['game']} | {row['inputs']} | {row['policy_target']} | {row['generations']} | "
                f"{100 * float(row['eval_score_last10']):.1f}% ({row['eval_games']} games) | "
                f"{float(row['policy_loss']):.3f} | {float(row['value_loss']):.3f} |"
            )
    return lines


def main() -> None:
    text = [
        "<!-- Generated by `python3 experiments/learned-report.py` from the files",
        "     of this folder: edit the script, not this file. -->",
        "# Trained baselines",
        "",
        "One network per game, trained by `ngola train` with the default",
        "settings (one-hot inputs, completed-Q policy targets, two hidden layers",
        "of 128, 96 simulations for a full search, 16 for a fast one) on the",
        "2-core machine of this repository, by",
        "",
        "    BUDGET=12m nice experiments/train-baselines.sh GAME",
        "",
        "(the script resumes a game's run from its last checkpoint, kept in",
        "`<game>/run.tar.xz`, so a second invocation with another budget trains",
        "on, in this checkout or a fresh one; the `hours` column is the training",
        "time over every invocation).",
        "",
        "Each `<game>/` holds `az.safetensors` (the network), `train.csv` (the",
        "log), `learning-curve.svg`, `settings.json` and `train.txt` (the run's",
        "last line). The networks play as `az:net=results/learned/<game>/az.safetensors`,",
        "`policy:net=...` and `alphabeta:eval=net:...`.",
        "",
        "## What the network reads and learns",
        "",
        "Short runs side by side, every setting the default but `--inputs`",
        "(raw `counts`, or each hole's count `one-hot`) and `--policy-target`",
        "(the search's `visits`, or Gumbel AlphaZero's `completed-q`), by",
        "`experiments/training-ablation.sh GAME 40`",
        "(`results/learned/ablation/GAME.csv`). The score is the network's own",
        "move, no search, against greedy, averaged over the evaluations of the",
        "last ten generations (40 games each, from the same 20 openings, so",
        "not independent); the losses are the last generation's, and differ",
        "between targets by the targets' own entropy. A run gives the same",
        "networks whatever its number of threads.",
        "",
        *ablation_rows(),
        "",
        "## Training",
        "",
        *training_rows(),
        "",
        "## Evaluation",
        "",
        "Two-agent matches by `experiments/evaluate-learned.sh` (N = 100",
        "simulations; each match over distinct random openings, each played",
        "with both colours; the score is the first agent's, its interval the",
        "arena's over the colour-swapped pairs, as `standings.csv` gives it).",
        "`reached` says whether the whole interval lies above the aim (`yes`),",
        "below it (`no`) or straddles it (`not resolved`). Matches at equal time",
        "ran on a shared, loaded machine: their games depend on its speed and",
        "cannot be replayed move for move.",
        "",
        *match_rows(),
        "",
        "## Strength ladder",
        "",
        "The `ladder` round robin of `experiments/evaluate-learned.sh`: random,",
        "greedy, alpha-beta, MCTS (each at its defaults), the network's own",
        "move, az and alpha-beta on the network's value, every pair over",
        "distinct openings with both colours at 2+0.05, rated together by",
        "the arena (`ratings.csv`: the joint logistic fit over the colour-swapped",
        "pairs, random at 0, 95% intervals).",
        "",
        *ladder_rows(),
        "",
        "## Moves against perfect play",
        "",
        "The `accuracy` round robin of `experiments/evaluate-learned.sh` (az and",
        "mcts at N = 100 simulations, the network's own move, alpha-beta at its",
        "default depth), every move made in a position with at most 14 seeds on",
        "the board measured against the endgame database of those positions",
        "(`ngola tournament --accuracy`). Positions of one game are not",
        "independent, so the Wilson intervals (over positions) are narrower",
        "than the evidence.",
        "",
        *accuracy_rows(),
        "",
    ]
    (ROOT / "README.md").write_text("\n".join(text))


if __name__ == "__main__":
    main()
