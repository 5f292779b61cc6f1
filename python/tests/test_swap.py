"""The swap (pie) rule from Python: the rule option, the move `swap` with
the last action id, the observation's `swap` field, and the environments'
conformance suites under it."""

from __future__ import annotations

import pytest

import ngola
from conftest import SMALL_RULES


def test_swap_is_the_last_action(game_name: str) -> None:
    game = ngola.Game(game_name, swap=True)
    plain = ngola.Game(game_name)
    assert game.rules["swap"] is True
    assert "swap" not in plain.rules
    assert game.num_actions == plain.num_actions + 1
    assert game.observation_shape[0] == plain.observation_shape[0] + 2
    begin, end = game.observation_fields["swap"]
    state = game.start()
    assert list(state.observation()[begin:end]) == [1.0, 0.0]
    while state.to_move == "S":
        assert "swap" not in state.legal_moves()
        state.play(state.legal_actions()[0])
    swap = game.num_actions - 1
    assert state.legal_actions()[-1] == swap
    assert state.action_to_move(swap) == "swap"
    assert state.move_to_action("swap") == swap
    state.play(swap)
    assert str(state).endswith(" swapped")
    assert str(state.to_move) == "S"  # the play above changed it
    assert list(state.observation()[begin:end]) == [0.0, 1.0]
    assert game.position(str(state)) == state


def test_swap_needs_the_rule() -> None:
    state = ngola.Game("kalah").start()
    state.play("a6")
    with pytest.raises(ngola.NgolaError, match="swap=true"):
        state.play("swap")


def test_environments_conform_under_the_swap(game_name: str) -> None:
    pytest.importorskip("pettingzoo")
    from pettingzoo.test import api_test

    import ngola.envs

    game = ngola.Game(game_name, swap=True, **SMALL_RULES[game_name])
    api_test(ngola.envs.pettingzoo_env(game), num_cycles=200)
