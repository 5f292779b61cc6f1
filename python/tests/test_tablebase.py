"""ngola.Tablebase: probes agree with the exact solver, errors are the
package's; self-play data and VectorEnv carry the database's exact values
where it covers a position, and refuse a database of other rules."""

from __future__ import annotations

import subprocess
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import ngola


def build(ngola_bin: Path, out: Path, seeds: int = 12) -> Path:
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
            str(seeds),
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
    # The same board under the default ply cap: not the database's values.
    with pytest.raises(ngola.PositionError, match="ply cap"):
        db.probe(ngola.Game("kalah", pits=3, seeds=2).start())


# Kalah (3,2): 12 seeds; a database of up to 6 seeds on the board covers the
# ends of games but not their starts.
SMALL = ngola.Game("kalah", pits=3, seeds=2, max_plies=0)


SIDE = {"south": "S", "north": "N"}


def probed_margin(db: ngola.Tablebase, state: ngola.State) -> int | None:
    """The database's margin for `state`'s side to move, or None where it
    does not decide it."""
    try:
        return db.probe(state)[1]
    except ngola.PositionError:
        return None


def test_selfplay_labels_are_the_probes(ngola_bin: Path, tmp_path: Path) -> None:
    db = ngola.Tablebase(build(ngola_bin, tmp_path / "db", seeds=6))
    data = ngola.selfplay(SMALL, "random", 30, seed=3, opening_plies=2, tablebase=db)
    assert data["exact_value"].dtype == np.int32 and data["exact"].dtype == np.bool_
    n = len(data["actions"])
    assert data["exact_value"].shape == (n,) and data["exact"].shape == (n,)
    state = SMALL.start()
    for k in range(n):
        if k > 0 and data["game_id"][k] != data["game_id"][k - 1]:
            state = SMALL.start()
        margin = probed_margin(db, state)
        assert bool(data["exact"][k]) == (margin is not None), k
        assert data["exact_value"][k] == (0 if margin is None else margin), k
        state.play(int(data["actions"][k]))
    # Both kinds occur: starts (12 seeds) are beyond the database, ends within.
    assert data["exact"].any() and not data["exact"].all()
    assert not data["exact"][data["ply"] == 0].any()
    # A path gives the same labels; the same seed the same arrays, whatever
    # the threads; without a database the data is as it always was.
    again = ngola.selfplay(
        SMALL, "random", 30, seed=3, opening_plies=2, threads=1, tablebase=str(db.info["path"])
    )
    for key in data:
        assert np.array_equal(data[key], again[key]), key  # type: ignore[literal-required]
    plain = ngola.selfplay(SMALL, "random", 30, seed=3, opening_plies=2)
    assert "exact" not in plain and "exact_value" not in plain
    for key in plain:
        assert np.array_equal(data[key], plain[key]), key  # type: ignore[literal-required]


def test_selfplay_refuses_other_rules(ngola_bin: Path, tmp_path: Path) -> None:
    db = ngola.Tablebase(build(ngola_bin, tmp_path / "db", seeds=6))
    others = [
        ngola.Game("kalah", pits=4, seeds=2, max_plies=0),
        ngola.Game("kalah", pits=3, seeds=2, empty_capture=True, max_plies=0),
        ngola.Game("kalah", pits=3, seeds=2),  # the default ply cap
        ngola.Game("oware", houses=4, seeds=2, max_plies=0),
        ngola.Game("mangola", columns=4),
    ]
    for game in others:
        with pytest.raises(ngola.RuleError, match="tablebase"):
            ngola.selfplay(game, "random", 2, tablebase=db)
    with pytest.raises(ngola.RuleError) as refused:
        ngola.selfplay(others[0], "random", 2, tablebase=db)
    assert str(db.info["id"]) in str(refused.value) and "pits=4" in str(refused.value)
    with pytest.raises(ngola.RuleError, match="ply cap"):
        ngola.selfplay(ngola.Game("kalah", pits=3, seeds=2), "random", 2, tablebase=db)
    with pytest.raises(ngola.RuleError, match="nothing"):
        ngola.selfplay(SMALL, "random", 2, tablebase=tmp_path / "nothing")
    with pytest.raises(ngola.RunError, match="tablebase"):
        ngola.selfplay(SMALL, "random", 2, tablebase=3)  # type: ignore[arg-type]


def test_vector_env_labels_are_the_probes(ngola_bin: Path, tmp_path: Path) -> None:
    pytest.importorskip("gymnasium")
    import ngola.envs

    db = ngola.Tablebase(build(ngola_bin, tmp_path / "db", seeds=6))

    def run(threads: int) -> list[Any]:
        envs = ngola.envs.VectorEnv(SMALL, 6, "random", threads=threads, tablebase=db)
        rng = np.random.default_rng(5)
        _, infos = envs.reset(seed=5)
        seen: list[Any] = []
        kinds = set()
        for _ in range(40):
            assert infos["exact_value"].dtype == np.int32 and infos["exact"].dtype == np.bool_
            assert infos["_exact_value"].all() and infos["_exact"].all()
            for i in range(envs.num_envs):
                state = envs.state(i)
                margin = probed_margin(db, state)
                if margin is not None and state.to_move != SIDE[infos["learner"][i]]:
                    margin = -margin
                assert bool(infos["exact"][i]) == (margin is not None)
                assert infos["exact_value"][i] == (0 if margin is None else margin)
                kinds.add((bool(infos["exact"][i]), state.is_over))
            seen.append((infos["exact_value"].copy(), infos["exact"].copy()))
            masks = infos["action_mask"]
            actions = ((rng.random(masks.shape) + 1.0) * masks).argmax(axis=1)
            _, _, _, _, infos = envs.step(actions)
        # Uncovered, covered and ended positions all occurred.
        assert kinds >= {(False, False), (True, False), (True, True)}
        return seen

    one, two = run(1), run(2)
    assert all(np.array_equal(a, b) for x, y in zip(one, two) for a, b in zip(x, y))
    plain = ngola.envs.VectorEnv(SMALL, 2, "random")
    _, infos = plain.reset(seed=0)
    assert "exact" not in infos and "exact_value" not in infos
    with pytest.raises(ngola.RuleError, match="tablebase"):
        ngola.envs.VectorEnv(ngola.Game("kalah", pits=4, seeds=2, max_plies=0), 2, tablebase=db)


def test_agent_refuses_a_database_of_other_rules(ngola_bin: Path, tmp_path: Path) -> None:
    db = build(ngola_bin, tmp_path / "db", seeds=6)
    spec = f"alphabeta:depth=2,tb={db}"
    agent = ngola.Agent(spec, SMALL)
    assert agent.select(SMALL.start()) in SMALL.start().legal_moves()
    with pytest.raises(ngola.SpecError, match="other rules of play"):
        ngola.Agent(spec, ngola.Game("kalah", pits=4, seeds=2, max_plies=0))
