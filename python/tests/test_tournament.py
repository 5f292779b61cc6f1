"""ngola.tournament, ngola.Run and ngola.load_run; Ctrl-C stops a run
cleanly and the folder can be resumed."""

from __future__ import annotations

import csv
import subprocess
from pathlib import Path

import pytest

import ngola
from conftest import interrupt_tournament

pd = pytest.importorskip("pandas")

GAMES_COLUMNS = ["game", "pair", "pairing", "south_id", "north_id", "south", "north", "seed"]


def rows_without_time(path: Path) -> list[list[str]]:
    with open(path, newline="", encoding="utf-8") as f:
        rows = list(csv.reader(f))
    drop = rows[0].index("time_s")
    return [row[:drop] + row[drop + 1 :] for row in rows]


def test_tables_are_the_csv_files(tmp_path: Path) -> None:
    run = ngola.tournament(
        "kalah",
        {"rand": "random", "greedy": "greedy", "ab": "alphabeta:depth=2"},
        4,
        rules={"pits": 4},
        seed=3,
        threads=2,
        opening_plies=2,
        out=tmp_path / "run",
    )
    assert run.dir == tmp_path / "run"
    for name, table, names in [
        ("games.csv", run.games, ["south_name", "north_name"]),
        ("standings.csv", run.standings, ["name"]),
        ("pairs.csv", run.pairs, ["a_name", "b_name"]),
        ("first_player.csv", run.first_player, ["a_name", "b_name"]),
    ]:
        with open(run.dir / name, encoding="utf-8") as f:
            header = f.readline().strip().split(",")
        # The CSV's columns, then the names the agents were given.
        assert list(table.columns) == header + names, name
    assert list(run.games.columns[: len(GAMES_COLUMNS)]) == GAMES_COLUMNS
    assert len(run.games) == 12
    assert set(run.games["result"]) <= {"S", "N", "draw"}
    assert (run.games["opening"].str.split().str.len() == 2).all()
    # The overall line's pairing is empty, so the column stays numeric.
    assert pd.isna(run.first_player["pairing"].iloc[-1])
    assert run.standings["games"].sum() == 24
    # The names given, beside the canonical specs.
    assert run.names == ["rand", "greedy", "ab"]
    by_id = dict(zip(run.standings["id"], run.standings["name"]))
    assert by_id == {0: "rand", 1: "greedy", 2: "ab"}
    ab = run.standings[run.standings["name"] == "ab"]
    assert ab["agent"].iloc[0].startswith("alphabeta:depth=2,")
    assert set(run.games["south_name"]) | set(run.games["north_name"]) == {"rand", "greedy", "ab"}
    assert all(run.names[s] == n for s, n in zip(run.games["south_id"], run.games["south_name"]))
    assert list(run.pairs["a_name"]) == ["rand", "rand", "greedy"]
    assert list(run.first_player["b_name"]) == ["greedy", "ab", "ab", ""]
    assert "first player (South)" in run.summary
    assert 'game = "kalah"' in run.experiment and "pits = 4" in run.experiment
    again = ngola.load_run(run.dir)
    assert again.games.equals(run.games)
    assert repr(again) == f"Run({str(run.dir)!r})"


def test_same_games_with_one_or_two_threads(tmp_path: Path) -> None:
    runs = []
    for threads in (1, 2):
        run = ngola.tournament(
            ngola.Game("mangola", columns=6),
            {"a": "mcts:sims=40", "b": "greedy"},
            10,
            seed=5,
            threads=threads,
            opening_plies=4,
            out=tmp_path / f"t{threads}",
        )
        runs.append(rows_without_time(run.dir / "games.csv"))
    assert runs[0] == runs[1]


@pytest.mark.parametrize(
    ("agents", "openings"),
    [
        # An agent that draws on its seed: every game from the start.
        ({"a": "random", "b": "greedy"}, False),
        # Deterministic agents: a distinct opening for each pair.
        ({"a": "alphabeta:depth=1", "b": "alphabeta:depth=2"}, True),
    ],
)
def test_default_openings_are_the_programs(
    tmp_path: Path, ngola_bin: Path, agents: dict[str, str], openings: bool
) -> None:
    # Without opening_plies, the games are those `ngola tournament` plays
    # with its default.
    run = ngola.tournament("kalah", dict(agents), 6, seed=9, threads=1, out=tmp_path / "py")
    subprocess.run(
        [str(ngola_bin), "tournament", "--game", "kalah", "--games", "6", "--seed", "9"]
        + [arg for name, spec in agents.items() for arg in ("--agent", f"{name}={spec}")]
        + ["--threads", "1", "--out", str(tmp_path / "cli"), "--quiet"],
        check=True,
        capture_output=True,
    )
    ours = rows_without_time(run.dir / "games.csv")
    assert ours == rows_without_time(tmp_path / "cli" / "games.csv")
    assert all(bool(row[ours[0].index("opening")]) == openings for row in ours[1:])


def test_errors(tmp_path: Path) -> None:
    with pytest.raises(ngola.RunError, match="games: 3 games per pairing: must be even"):
        ngola.tournament("kalah", {"a": "random", "b": "random"}, 3, out=tmp_path / "x")
    with pytest.raises(ngola.SpecError, match="agent `b`"):
        ngola.tournament("kalah", {"a": "random", "b": "alphabeta:dept=2"}, 2, out=tmp_path / "x")
    with pytest.raises(ngola.RunError, match="at least 2 agents"):
        ngola.tournament("kalah", {"a": "random"}, 2, out=tmp_path / "x")
    with pytest.raises(ngola.RuleError):
        ngola.tournament("kalah", {"a": "random", "b": "random"}, 2, rules={"pitz": 3})
    with pytest.raises(ngola.RuleError, match="not both"):
        ngola.tournament(ngola.Game("kalah"), {"a": "random", "b": "random"}, 2, rules={"pits": 3})
    with pytest.raises(ngola.RunError, match="round-robin"):
        ngola.tournament(
            "kalah", {"a": "random", "b": "random"}, 2, format="swiss", out=tmp_path / "x"
        )
    assert not (tmp_path / "x").exists()
    done = ngola.tournament("kalah", {"a": "random", "b": "random"}, 2, out=tmp_path / "done")
    with pytest.raises(ngola.RunError, match="already holds a run"):
        ngola.tournament("kalah", {"a": "random", "b": "random"}, 2, out=done.dir)
    with pytest.raises(ngola.RunError, match="not a tournament folder"):
        ngola.load_run(tmp_path)


def test_resume_refuses_another_experiment(tmp_path: Path) -> None:
    ngola.tournament("kalah", {"a": "random", "b": "random"}, 2, out=tmp_path / "r")
    with pytest.raises(ngola.RunError, match="seed is 0 in the folder, 9 given"):
        ngola.tournament(
            "kalah", {"a": "random", "b": "random"}, 2, seed=9, out=tmp_path / "r", resume=True
        )


INTERRUPTED = """
import sys
import ngola

try:
    ngola.tournament(
        "kalah", {"a": "mcts:sims=300", "b": "mcts:sims=200"}, 300,
        seed=4, threads=2, out=sys.argv[1],
    )
except KeyboardInterrupt:
    print("KeyboardInterrupt")
    sys.exit(3)
print("finished")
"""


def test_ctrl_c_stops_cleanly_and_resumes(tmp_path: Path) -> None:
    out = tmp_path / "interrupted"
    interrupt_tournament(INTERRUPTED, out, 6, 300)

    agents = {"a": "mcts:sims=300", "b": "mcts:sims=200"}
    resumed = ngola.tournament("kalah", agents, 300, seed=4, threads=2, out=out, resume=True)
    assert len(resumed.games) == 300
    whole = ngola.tournament("kalah", agents, 300, seed=4, threads=2, out=tmp_path / "whole")
    assert rows_without_time(resumed.dir / "games.csv") == rows_without_time(
        whole.dir / "games.csv"
    )


def test_quiet_false_prints_the_summary(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    ngola.tournament("oware", {"a": "random", "b": "greedy"}, 2, quiet=False, out=tmp_path / "loud")
    assert "first player (South)" in capsys.readouterr().out


def test_default_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    run = ngola.tournament("kalah", {"a": "random", "b": "random"}, 2, format="gauntlet")
    assert run.dir.parent == Path("results") / "runs"
    assert run.dir.name.startswith("tournament-")
    assert len(run.games) == 2
