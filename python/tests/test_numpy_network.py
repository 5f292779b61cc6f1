"""examples/python/numpy_network.py: a network written with NumPy alone
loads in ngola, evaluates as designed and plays a tournament."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

import ngola
from conftest import REPO

pytest.importorskip("pandas")

EXAMPLE = REPO / "examples" / "python" / "numpy_network.py"


def test_the_numpy_network_loads_and_plays(tmp_path: Path) -> None:
    path = tmp_path / "fullest.safetensors"
    out = subprocess.run(
        [sys.executable, str(EXAMPLE), "--out", str(path), "--games", "4"],
        check=True,
        capture_output=True,
        text=True,
    )
    assert "tournament: 4 games" in out.stdout, out.stdout
    net = ngola.Network(path)
    game = ngola.Game("kalah")
    policy, value = net.evaluate([game.start()])
    assert policy.shape == (1, game.num_actions) and value.shape == (1,)
    agent = ngola.Agent(f"policy:net={path}", game)
    assert agent.select(game.start()) in game.start().legal_moves()
