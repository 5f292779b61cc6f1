"""ngola.State on all four games: moves and actions, the game's end,
board and observation, copies, equality, pickling, history, errors; and a
random game played through State agrees with `ngola replay` position by
position."""

from __future__ import annotations

import copy
import pickle
import random
import subprocess
from pathlib import Path

import numpy as np
import pytest

import ngola
from conftest import SMALL_RULES


def random_game(game: ngola.Game, seed: int, use_actions: bool = False) -> ngola.State:
    """A game of uniformly random moves from the start, played in place."""
    rng = random.Random(seed)
    state = game.start()
    while not state.is_over:
        if use_actions:
            state.play(rng.choice(state.legal_actions()))
        else:
            state.play(rng.choice(state.legal_moves()))
    return state


def test_start_state(game_name: str) -> None:
    game = ngola.Game(game_name)
    state = game.start()
    assert state.ply == 0
    assert state.to_move == "S"
    assert not state.is_over
    assert state.winner is None and state.reason is None
    assert state.history == []
    assert state.game == game
    assert len(state.legal_moves()) == len(state.legal_actions()) > 0
    # Seeds on each side (Mangola), taken plus own houses (Um el-Bagara),
    # store plus pits (Kalah), score (Oware).
    half = 0 if game_name == "oware" else int(state.board.sum()) // 2
    assert state.totals == (half, half)


def test_moves_and_actions_agree(game_name: str) -> None:
    for rules in ({}, SMALL_RULES[game_name]):
        game = ngola.Game(game_name, **rules)
        rng = random.Random(3)
        state = game.start()
        while not state.is_over:
            moves = state.legal_moves()
            actions = state.legal_actions()
            assert actions == sorted(actions)
            assert all(0 <= a < game.num_actions for a in actions)
            assert sorted(state.move_to_action(m) for m in moves) == actions
            assert [state.action_to_move(state.move_to_action(m)) for m in moves] == moves
            for action in range(game.num_actions):
                if action not in actions:
                    with pytest.raises(ngola.IllegalMoveError):
                        state.child(action)
            mv = rng.choice(moves)
            by_action = state.child(state.move_to_action(mv))
            by_move = state.child(mv)
            assert by_action == by_move
            state.play(mv)
            assert state == by_move
        assert state.legal_moves() == [] and state.legal_actions() == []


def test_openspiel_ids() -> None:
    kalah = ngola.Game("kalah").start()
    assert kalah.legal_actions() == [1, 2, 3, 4, 5, 6]
    assert kalah.action_to_move(13) == "b1"
    assert kalah.action_to_move(8) == "b6"
    north = kalah.child("a3")  # last seed in the store: South again
    assert north.to_move == "S"
    north = kalah.child("a1")
    assert north.to_move == "N" and north.legal_actions() == [8, 9, 10, 11, 12, 13]
    oware = ngola.Game("oware").start()
    assert oware.legal_actions() == [0, 1, 2, 3, 4, 5]
    oware.play("a1")
    assert [oware.action_to_move(a) for a in range(6)] == ["b6", "b5", "b4", "b3", "b2", "b1"]
    with pytest.raises(ngola.IllegalMoveError, match="names no move"):
        ngola.Game("kalah").start().action_to_move(7)


def test_end_of_game(game_name: str) -> None:
    for seed in range(5):
        state = random_game(ngola.Game(game_name, **SMALL_RULES[game_name]), seed, seed % 2 == 0)
        assert state.is_over
        assert state.winner in ("S", "N", "draw")
        assert state.reason in ("natural", "immobilised", "endless-sowing", "ply-cap", "repetition")
        assert state.ply == len(state.history)
        with pytest.raises(ngola.IllegalMoveError):
            state.play(0)


def test_board_and_observation(game_name: str) -> None:
    game = ngola.Game(game_name)
    state = random_game(game, 1)
    # Replay to the middle of that game.
    mid = game.start()
    for mv in state.history[: len(state.history) // 2]:
        mid.play(mv)
    board = mid.board
    assert board.dtype == np.int64
    rows = str(mid).split(" ")[1].split("/")
    assert board.tolist() == [[int(c) for c in row.split(",")] for row in rows]
    obs = mid.observation()
    assert obs.dtype == np.float32 and obs.shape == game.observation_shape
    start, stop = game.observation_fields["board"]
    view = obs[start:stop].reshape(board.shape)
    if mid.to_move == "S":
        assert (view == board[::-1, :]).all()
    else:
        assert (view == board[:, ::-1]).all()
    assert (mid.observation(mid.to_move) == obs).all()
    assert not (mid.observation("N" if mid.to_move == "S" else "S") == obs).all()
    with pytest.raises(ngola.PositionError):
        mid.observation("X")  # type: ignore[arg-type]
    ply = obs[game.observation_fields["ply"][0]]
    assert ply == pytest.approx(mid.ply / (1001 if game_name == "kalah" else 1000))


def test_banked_and_phase_fields() -> None:
    kalah = ngola.Game("kalah").position("kalah 1,2,3,4,5,6/7,8,9,10,11,12 N 7 13,14")
    start, stop = kalah.game.observation_fields["banked"]
    assert kalah.observation()[start:stop].tolist() == [14.0, 13.0]
    mangola = ngola.Game("mangola").start()
    start, stop = mangola.game.observation_fields["phase"]
    assert mangola.observation()[start:stop].tolist() == [1.0, 0.0, 0.0]
    for mv in ["a1", "d8", "a8", "d1"]:
        mangola.play(mv)
    assert mangola.observation()[start:stop].tolist() == [0.0, 0.0, 1.0]


def test_copies_equality_hash_pickle(game_name: str) -> None:
    game = ngola.Game(game_name, **SMALL_RULES[game_name])
    state = game.start()
    state.play(state.legal_moves()[0])
    twin = state.clone()
    assert twin == state and hash(twin) == hash(state) and twin is not state
    twin.play(twin.legal_moves()[0])
    assert twin != state and twin.history[:-1] == state.history
    for other in (copy.copy(state), copy.deepcopy(state), pickle.loads(pickle.dumps(state))):
        assert other == state and other.history == state.history
        assert str(other) == str(state)
    assert state != game.start() and state != 3
    # A state read from a position keeps its origin through pickling.
    read = game.position(str(state))
    read.play(read.legal_moves()[-1])
    again = pickle.loads(pickle.dumps(read))
    assert again == read and again.history == read.history == [read.history[0]]
    assert len({state, state.clone(), game.start()}) == 2
    assert repr(state) == f"State('{state}')"


def test_child_leaves_the_state_alone() -> None:
    state = ngola.Game("oware").start()
    before = str(state)
    child = state.child("a3")
    assert str(state) == before and state.history == []
    assert child.history == ["a3"] and child.ply == 1


def test_move_errors() -> None:
    state = ngola.Game("mangola").start()
    with pytest.raises(ngola.IllegalMoveError) as caught:
        state.play("a2")
    assert str(caught.value).startswith("illegal move `a2`: ")
    with pytest.raises(ngola.IllegalMoveError) as caught:
        state.play("z9")
    assert str(caught.value).startswith("cannot read move `z9`")
    with pytest.raises(ngola.IllegalMoveError):
        state.play(16)
    with pytest.raises(ngola.IllegalMoveError):
        state.play(-1)
    with pytest.raises(ngola.IllegalMoveError):
        state.move_to_action("d8")
    with pytest.raises(TypeError):
        state.play(1.0)  # type: ignore[arg-type]
    with pytest.raises(TypeError):
        state.play(True)
    assert state.history == [] and state.ply == 0
    ueb = ngola.Game("umelbagara").start()
    with pytest.raises(ngola.IllegalMoveError, match="middle house"):
        ueb.play("a3")
    ueb.play("a3>")
    assert ueb.history == ["a3>"]


def test_illegal_move_is_the_cli_message(ngola_bin: Path) -> None:
    out = subprocess.run(
        [str(ngola_bin), "replay", "mangola", "a1", "d8", "a2"],
        check=False,
        capture_output=True,
        text=True,
    )
    assert out.returncode == 2
    state = ngola.Game("mangola").start()
    state.play("a1")
    state.play("d8")
    with pytest.raises(ngola.IllegalMoveError) as caught:
        state.play("a2")
    assert out.stderr.strip() == f"ngola: ply 3: {caught.value}"


def replay_lines(ngola_bin: Path, game: ngola.Game, moves: list[str]) -> list[str]:
    rules = [arg for k, v in game.rules.items() for arg in ("--rule", f"{k}={str(v).lower()}")]
    out = subprocess.run(
        [str(ngola_bin), "replay", game.name, *rules, "--", *moves],
        capture_output=True,
        text=True,
        check=True,
    )
    return out.stdout.splitlines()


def test_random_games_match_ngola_replay(game_name: str, ngola_bin: Path) -> None:
    for rules in ({}, SMALL_RULES[game_name]):
        game = ngola.Game(game_name, **rules)
        for seed in range(3):
            final = random_game(game, 100 + seed, use_actions=seed == 1)
            lines = replay_lines(ngola_bin, game, final.history)
            assert len(lines) == len(final.history) + 1
            state = game.start()
            for line, mv in zip(lines, final.history):
                state.play(mv)
                assert line == f"{state.ply} {mv} {state}"
            result = "none" if state.winner is None else state.winner
            assert lines[-1] == f"result {result}"
            assert state == final
