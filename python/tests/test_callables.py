"""Python callables in ngola.tournament: the same games.csv with 1 and 2
threads, faults (an exception, an illegal answer) lose the game and the run
goes on, answers as action ids, resume, Ctrl-C."""

from __future__ import annotations

import csv
from pathlib import Path
from typing import Any

import pytest

import ngola
from conftest import interrupt_tournament

pytest.importorskip("pandas")


def rows_without_time(path: Path) -> list[list[str]]:
    with open(path, newline="", encoding="utf-8") as f:
        rows = list(csv.reader(f))
    drop = rows[0].index("time_s")
    return [row[:drop] + row[drop + 1 :] for row in rows]


def greedy_by_totals(state: ngola.State) -> str:
    """A deterministic player: the move that leaves the mover the largest total."""
    me = 0 if state.to_move == "S" else 1

    def value(move: str) -> int:
        child = state.child(move)
        return child.totals[me] - child.totals[1 - me]

    return max(state.legal_moves(), key=value)


def test_same_games_with_one_or_two_threads(tmp_path: Path) -> None:
    results = []
    for threads in (1, 2):
        run = ngola.tournament(
            "kalah",
            {"py": greedy_by_totals, "mcts": "mcts:sims=30", "rand": "random"},
            12,
            seed=2,
            threads=threads,
            opening_plies=2,
            out=tmp_path / f"t{threads}",
        )
        results.append(rows_without_time(run.dir / "games.csv"))
        games = run.games
        assert (games["south"].eq("engine:py") | games["north"].eq("engine:py")).sum() == 24
        assert set(games["reason"]) <= {"natural", "ply-cap"}
        assert list(run.standings["agent"]).count("engine:py") == 1
    assert results[0] == results[1]


def test_faults_lose_the_game_and_the_run_goes_on(tmp_path: Path) -> None:
    def raises(state: ngola.State) -> str:
        if state.ply >= 3:
            raise ValueError("no idea")
        return state.legal_moves()[0]

    def illegal(state: ngola.State) -> str:
        return "z9"

    def by_action(state: ngola.State) -> int:
        return state.legal_actions()[-1]

    run = ngola.tournament(
        "oware",
        {"raises": raises, "illegal": illegal, "actions": by_action, "random": "random"},
        2,
        threads=2,
        out=tmp_path / "faults",
    )
    games = run.games
    assert len(games) == 12
    by_agent = {
        name: games[(games["south"] == f"engine:{name}") | (games["north"] == f"engine:{name}")]
        for name in ("raises", "illegal", "actions")
    }
    crashes = by_agent["raises"][by_agent["raises"]["reason"] == "crash"]
    assert len(crashes) >= 4
    assert all("ValueError: no idea" in fault for fault in crashes["fault"])
    illegal_games = by_agent["illegal"]
    assert set(illegal_games["reason"]) >= {"illegal-move"}
    assert any("z9" in fault for fault in illegal_games["fault"])
    # Answering action ids is fine: no fault in its games against `random`.
    actions = by_agent["actions"]
    against_random = actions[(actions["south"] == "random") | (actions["north"] == "random")]
    assert len(against_random) == 2
    assert not against_random["reason"].isin(["crash", "illegal-move"]).any()


def test_callable_not_a_spec(tmp_path: Path) -> None:
    with pytest.raises(ngola.SpecError, match="agent `x`"):
        ngola.tournament("kalah", {"x": 3, "y": "random"}, 2, out=tmp_path / "x")  # type: ignore[dict-item]


def test_resume_with_callables(tmp_path: Path) -> None:
    agents: dict[str, ngola.AgentEntry] = {"py": greedy_by_totals, "rand": "random"}
    run = ngola.tournament("kalah", agents, 10, seed=3, out=tmp_path / "r")
    # Drop the last rows and the statistics, as a kill would leave it.
    lines = (run.dir / "games.csv").read_text(encoding="utf-8").splitlines(keepends=True)
    (run.dir / "games.csv").write_text("".join(lines[:6]), encoding="utf-8")
    (run.dir / "standings.csv").unlink()
    resumed = ngola.tournament("kalah", agents, 10, seed=3, out=run.dir, resume=True)
    assert len(resumed.games) == 10
    whole = ngola.tournament("kalah", agents, 10, seed=3, out=tmp_path / "whole")
    assert rows_without_time(resumed.dir / "games.csv") == rows_without_time(
        whole.dir / "games.csv"
    )


def test_base_exception_stops_the_run(tmp_path: Path) -> None:
    def exits(state: ngola.State) -> str:
        raise SystemExit(5)

    with pytest.raises(ngola.NgolaError, match="a Python agent raised SystemExit"):
        ngola.tournament("kalah", {"x": exits, "y": "random"}, 2, out=tmp_path / "exit")


# A deterministic callable, slowed down (the sleep releases the GIL) so that
# Ctrl-C finds the run under way; the same text runs in the child and here.
SLOW_PLAYER = """
import time

def slow_first(state):
    time.sleep(0.002)
    moves = state.legal_moves()
    return moves[state.ply % len(moves)]
"""

INTERRUPTED = (
    "import sys\nimport ngola\n"
    + SLOW_PLAYER
    + """
try:
    ngola.tournament(
        "kalah", {"py": slow_first, "b": "mcts:sims=50"}, 200,
        seed=5, threads=2, out=sys.argv[1],
    )
except KeyboardInterrupt:
    print("KeyboardInterrupt")
    sys.exit(3)
print("finished")
"""
)


def test_ctrl_c_with_a_callable_stops_cleanly_and_resumes(tmp_path: Path) -> None:
    out = tmp_path / "interrupted"
    interrupt_tournament(INTERRUPTED, out, 4, 200)

    namespace: dict[str, Any] = {}
    exec(SLOW_PLAYER, namespace)
    agents: dict[str, ngola.AgentEntry] = {"py": namespace["slow_first"], "b": "mcts:sims=50"}
    resumed = ngola.tournament("kalah", agents, 200, seed=5, threads=2, out=out, resume=True)
    assert len(resumed.games) == 200
    assert not resumed.games["reason"].isin(["crash", "illegal-move", "time-forfeit"]).any()
    whole = ngola.tournament("kalah", agents, 200, seed=5, threads=2, out=tmp_path / "whole")
    assert rows_without_time(resumed.dir / "games.csv") == rows_without_time(
        whole.dir / "games.csv"
    )
