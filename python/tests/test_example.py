"""examples/python/first_player.py reproduces the report's table: two of
its rows at full size equal the published numbers, and every cheap row
runs on a fraction of the games."""

from __future__ import annotations

import subprocess
import sys

import pytest

from conftest import REPO

pytest.importorskip("pandas")

EXAMPLE = REPO / "examples" / "python" / "first_player.py"


def run_example(*args: str) -> list[str]:
    out = subprocess.run(
        [sys.executable, str(EXAMPLE), *args], check=True, capture_output=True, text=True
    )
    return out.stdout.splitlines()


def test_full_size_rows_are_the_published_ones() -> None:
    lines = run_example("--runs", "mangola-random", "mangola-ab2")
    assert "as published" in lines[0]
    rows = [line for line in lines if line.startswith("mangola-")]
    assert len(rows) == 2
    for row in rows:
        assert row.rstrip().endswith("yes"), row
    assert "49.5% [48.5%, 50.4%]" in rows[0]  # REPORT.md, mangola-random
    assert "66.3% [64.4%, 68.2%]" in rows[1]  # REPORT.md, mangola-ab2, over pairs


def test_every_cheap_row_runs() -> None:
    lines = run_example("--divide", "50")
    rows = [line for line in lines if line.startswith("mangola-")]
    assert [row.split()[0] for row in rows] == [
        "mangola-random",
        "mangola-greedy",
        "mangola-ab2",
        "mangola-ab4",
        "mangola-mcts100",
    ]
    assert "as published" not in lines[0]
