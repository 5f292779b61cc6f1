"""ngola.selfplay: shapes and types, reproducible for a seed whatever the
thread count, and consistent: replaying each game's actions through State
gives back the observations, masks, sides and outcome."""

from __future__ import annotations

from typing import Any, cast

import numpy as np
import numpy.typing as npt
import pytest

import ngola
from conftest import SMALL_RULES

Arrays = dict[str, npt.NDArray[Any]]

KEYS = {
    "observations": np.float32,
    "legal_mask": np.bool_,
    "actions": np.int64,
    "to_move": np.int8,
    "game_id": np.int64,
    "outcome": np.int8,
    "ply": np.int64,
    "opening": np.bool_,
}


def check_replays(game: ngola.Game, data: ngola.SelfPlayData, games: int, opening: int) -> None:
    n = len(data["actions"])
    assert set(np.unique(data["game_id"])) == set(range(games))
    assert (np.diff(data["game_id"]) >= 0).all()
    state = game.start()
    first = 0
    for k in range(n):
        if k > 0 and data["game_id"][k] != data["game_id"][k - 1]:
            assert state.is_over
            first = k
            state = game.start()
        assert (data["observations"][k] == state.observation()).all()
        mask = np.zeros(game.num_actions, dtype=bool)
        mask[state.legal_actions()] = True
        assert (data["legal_mask"][k] == mask).all()
        assert data["to_move"][k] == "SN".index(state.to_move)
        assert data["ply"][k] == state.ply
        assert data["opening"][k] == (k - first < opening)
        state.play(int(data["actions"][k]))
        if k + 1 == n or data["game_id"][k + 1] != data["game_id"][k]:
            assert state.is_over
            sign = {"S": 1, "N": -1, "draw": 0}[state.winner or "draw"]
            for j in range(first, k + 1):
                side = 1 if data["to_move"][j] == 0 else -1
                assert data["outcome"][j] == sign * side


def test_shapes_and_types(game_name: str) -> None:
    game = ngola.Game(game_name)
    data = cast(Arrays, ngola.selfplay(game, "random", 4, seed=1))
    assert set(data) == set(KEYS)
    n = len(data["actions"])
    assert n > 0
    for key, dtype in KEYS.items():
        assert data[key].dtype == dtype, key
        assert data[key].shape[0] == n, key
    assert data["observations"].shape == (n, *game.observation_shape)
    assert data["legal_mask"].shape == (n, game.num_actions)


def test_consistent(game_name: str) -> None:
    for rules, spec, opening in ((SMALL_RULES[game_name], "greedy", 2), ({}, "random", 0)):
        game = ngola.Game(game_name, **rules)
        data = ngola.selfplay(game, spec, 6, seed=3, opening_plies=opening)
        check_replays(game, data, 6, opening)


def test_reproducible_whatever_the_threads() -> None:
    game = ngola.Game("mangola")
    one, two, again = (
        cast(Arrays, ngola.selfplay(game, "mcts:sims=30", 8, seed=7, threads=t, opening_plies=4))
        for t in (1, 2, 2)
    )
    for key in KEYS:
        assert np.array_equal(one[key], two[key]), key
        assert np.array_equal(one[key], again[key]), key
    other = ngola.selfplay(game, "mcts:sims=30", 8, seed=8, threads=2, opening_plies=4)
    assert not np.array_equal(one["actions"], other["actions"])


def test_name_and_no_games() -> None:
    data = ngola.selfplay("kalah", "random", 0)
    assert data["observations"].shape == (0, 15)
    assert data["legal_mask"].shape == (0, 14)


def test_errors() -> None:
    with pytest.raises(ngola.SpecError):
        ngola.selfplay("kalah", "random:x=1", 2)
    with pytest.raises(ngola.RuleError):
        ngola.selfplay("go", "random", 2)
    with pytest.raises(ngola.RunError, match="threads: must be at least 1"):
        ngola.selfplay("kalah", "random", 2, threads=0)
    with pytest.raises(ngola.RunError, match="opening_plies"):
        ngola.selfplay("kalah", "random", 2, opening_plies=500)
    with pytest.raises(ngola.RunError, match="games"):
        ngola.selfplay("kalah", "random", -1)
    with pytest.raises(ngola.RunError, match="seed"):
        ngola.selfplay("kalah", "random", 1, seed=-3)
    with pytest.raises(ngola.NgolaError, match="opening"):
        ngola.selfplay(ngola.Game("kalah", pits=1, seeds=1), "random", 1, opening_plies=3)
