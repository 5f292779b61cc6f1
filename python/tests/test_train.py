"""ngola.train: a short run on a small board writes its folder, the network
plays as an agent, a second call resumes, and bad settings raise RunError."""

from __future__ import annotations

import csv
from pathlib import Path
from typing import Any

import pytest

import ngola

SETTINGS: dict[str, Any] = {
    "hidden": [16],
    "full_sims": 16,
    "fast_sims": 4,
    "games_per_generation": 16,
    "games_in_flight": 8,
    "batch_size": 32,
    "replay_capacity": 2000,
    "eval_pairs": 2,
}


def test_train_writes_a_run_that_plays_and_resumes(tmp_path: Path) -> None:
    game = ngola.Game("kalah", pits=3, seeds=2)
    out = tmp_path / "run"
    first = ngola.train(game, out, generations=1, threads=1, **SETTINGS)
    assert first["generation"] == 1 and first["games"] == 16
    assert Path(first["network"]) == out / "network.safetensors"
    for name in ["train.csv", "learning-curve.svg", "settings.json", "checkpoint.json"]:
        assert (out / name).is_file(), name
    agent = ngola.Agent(f"az:net={first['network']},sims=8", game)
    state = game.start()
    assert agent.select(state) in state.legal_moves()
    second = ngola.train(game, out, generations=2, threads=1)
    assert second["generation"] == 2 and second["games"] == 32
    with open(out / "train.csv", newline="") as f:
        rows = list(csv.DictReader(f))
    assert [r["generation"] for r in rows] == ["1", "2"]
    assert rows[1]["eval_opponent"].startswith("greedy")


def test_train_refuses_bad_settings(tmp_path: Path) -> None:
    with pytest.raises(ngola.RunError, match="unknown training setting `simz`"):
        ngola.train("kalah", tmp_path / "a", generations=1, simz=3)
    with pytest.raises(ngola.RunError, match="fast_sims"):
        ngola.train("kalah", tmp_path / "b", generations=1, full_sims=4, fast_sims=8)
    with pytest.raises(ngola.RunError, match="budget"):
        ngola.train("kalah", tmp_path / "c")
    ngola.train("kalah", tmp_path / "d", generations=1, **SETTINGS, seed=1)
    with pytest.raises(ngola.RunError, match="seed"):
        ngola.train("kalah", tmp_path / "d", generations=2, seed=2)
