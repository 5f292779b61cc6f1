"""The environment examples of examples/python/ run, briefly, and say what
they should."""

from __future__ import annotations

import subprocess
import sys

import pytest

from conftest import REPO

pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

EXAMPLES = REPO / "examples" / "python"


def run_example(name: str, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, str(EXAMPLES / name), *args],
        capture_output=True,
        text=True,
        timeout=600,
        check=False,
    )


def test_pettingzoo_random() -> None:
    out = run_example("pettingzoo_random.py", "--games", "3", "--rule", "columns=5")
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert [line.split(":")[0] for line in lines[:3]] == ["game 0", "game 1", "game 2"]
    tally = lines[-1]
    assert tally.startswith("tally: south ")
    assert sum(int(word) for word in tally.replace(",", " ").split() if word.isdigit()) == 3


@pytest.mark.parametrize("mode", [[], ["--single"]])
def test_gymnasium_training(mode: list[str]) -> None:
    out = run_example(
        "gymnasium_training.py", "--game", "kalah", "--envs", "8", "--updates", "3", *mode
    )
    assert out.returncode == 0, out.stderr
    lines = out.stdout.splitlines()
    assert [line.split(":")[0] for line in lines[:3]] == ["update 0", "update 1", "update 2"]
    assert lines[-1].startswith("first updates ")


def test_gymnasium_training_plays_no_illegal_action() -> None:
    """Masked sampling: no game of the loop is lost by an illegal action
    (each would show as a -1 with the policy's result; here a first-update
    policy is uniform over legal actions against random, far from -1)."""
    out = run_example("gymnasium_training.py", "--game", "oware", "--envs", "32", "--updates", "2")
    assert out.returncode == 0, out.stderr
    assert "RuntimeWarning" not in out.stderr
    first = float(out.stdout.splitlines()[0].split()[4])
    assert -0.9 < first < 0.9


def test_openspiel_mcts_vs_alphabeta(tmp_path: object) -> None:
    pytest.importorskip("pyspiel")
    pytest.importorskip("pandas")
    out = run_example(
        "openspiel_mcts_vs_alphabeta.py",
        "--games", "2", "--sims", "10", "--depth", "2", "--rule", "columns=4",
        "--out", str(tmp_path),
    )  # fmt: skip
    assert out.returncode == 0, out.stderr
    # The callable is recorded as engine:NAME, a spec agent by its full spec.
    rows = [line.split() for line in out.stdout.splitlines()[1:3]]
    agents = {row[2].split(",")[0]: int(row[3]) for row in rows}
    assert agents == {"engine:openspiel-mcts-10": 2, "alphabeta:depth=2": 2}
    assert f"run: {tmp_path}/run" in out.stdout
