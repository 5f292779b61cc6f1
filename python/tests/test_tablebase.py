"""ngola.Tablebase: probes agree with the exact solver, errors are the package's."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

import ngola


def build(ngola_bin: Path, out: Path) -> Path:
    subprocess.run(
        [
            str(ngola_bin),
            "tablebase",
            "build",
            "kalah",
            "--rule",
            "pits=3",
            "--rule",
            "seeds=2",
            "--rule",
            "max_plies=0",
            "--seeds",
            "12",
            "--threads",
            "1",
            "-o",
            str(out),
        ],
        check=True,
        capture_output=True,
    )
    return out


def test_probe_agrees_with_solve(ngola_bin: Path, tmp_path: Path) -> None:
    db = ngola.Tablebase(build(ngola_bin, tmp_path / "db"))
    info = db.info
    assert info["game"] == "kalah" and info["top"] == 12 and len(info["id"]) == 64
    game = ngola.Game("kalah", pits=3, seeds=2, max_plies=0)
    state = game.start()
    value, margin, best = db.probe(state)
    solved = ngola.solve(state)
    assert (value, margin) == (solved.value, solved.margin)
    assert best and set(best) <= set(state.legal_moves())
    assert solved.pv[0] in best


def test_errors_are_the_packages(ngola_bin: Path, tmp_path: Path) -> None:
    with pytest.raises(ngola.RuleError):
        ngola.Tablebase(tmp_path / "nothing")
    db = ngola.Tablebase(build(ngola_bin, tmp_path / "db"))
    with pytest.raises(ngola.PositionError):
        db.probe(ngola.Game("oware").start())
    with pytest.raises(ngola.PositionError):
        db.probe(ngola.Game("kalah", pits=3, seeds=3, max_plies=0).start())
