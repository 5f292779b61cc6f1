"""Kalah and Oware against OpenSpiel's own `mancala` and `oware` (pyspiel,
from PyPI): the fixtures' recorded games (crates/ngola-rules/tests/data/
openspiel, copies of shared/fixtures/openspiel) are played by action id
through ngola.State and a live pyspiel state side by side, comparing after
every ply the legal actions, the player to move, the board and stores or
scores, the end and the returns; plus random games of both."""

from __future__ import annotations

import json
import random
from collections.abc import Iterator
from typing import Any

import pytest

import ngola
from conftest import REPO

pyspiel = pytest.importorskip("pyspiel")

FIXTURES = REPO / "crates" / "ngola-rules" / "tests" / "data" / "openspiel"


def records(name: str) -> Iterator[dict[str, Any]]:
    with open(FIXTURES / f"{name}.jsonl", encoding="utf-8") as lines:
        for line in lines:
            yield json.loads(line)


def banked(state: ngola.State) -> list[int]:
    """South's and North's store (Kalah) or score (Oware), from the position text."""
    return [int(n) for n in str(state).split(" ")[-1].split(",")]


def openspiel_view(state: ngola.State) -> list[float]:
    """The state as OpenSpiel's observation tensor writes it."""
    a, b = (list(row) for row in state.board.tolist())
    south, north = banked(state)
    if state.game.name == "kalah":
        # [North's store, a1..ap, South's store, bp..b1, player 0 to move?, 1?]
        return [float(x) for x in [north, *a, south, *b[::-1]]]
    total = sum(a) + sum(b) + south + north
    return [x / total for x in [*a, *b[::-1], south, north]]


def compare(ours: ngola.State, theirs: Any, where: str) -> None:
    if theirs.is_terminal():
        assert ours.is_over, where
    else:
        assert not ours.is_over, where
        assert ours.to_move == "SN"[theirs.current_player()], where
        assert ours.legal_actions() == theirs.legal_actions(), where
    view = openspiel_view(ours)
    tensor = theirs.observation_tensor(0)[: len(view)]
    assert view == pytest.approx(tensor), where


def play_both(ours: ngola.State, theirs: Any, actions: list[int], label: str) -> None:
    compare(ours, theirs, f"{label} start")
    for ply, action in enumerate(actions, start=1):
        ours.play(action)
        theirs.apply_action(action)
        compare(ours, theirs, f"{label} ply {ply}")
    assert ours.is_over and theirs.is_terminal()
    returns = theirs.returns()
    expected = {1.0: "S", -1.0: "N", 0.0: "draw"}[returns[0]]
    assert ours.winner == expected, label


@pytest.mark.parametrize(("ours", "theirs"), [("kalah", "mancala"), ("oware", "oware")])
def test_fixture_games(ours: str, theirs: str) -> None:
    game = ngola.Game(ours)
    spiel = pyspiel.load_game(theirs)
    count = 0
    for record in records(theirs):
        label = f"{theirs} game {record['index']}"
        play_both(game.start(), spiel.new_initial_state(), record["actions"], label)
        assert list(banked(game.start())) == [0, 0]
        count += 1
    assert count == 300


@pytest.mark.parametrize(("ours", "theirs"), [("kalah", "mancala"), ("oware", "oware")])
def test_random_games(ours: str, theirs: str) -> None:
    game = ngola.Game(ours)
    spiel = pyspiel.load_game(theirs)
    rng = random.Random(11)
    for index in range(100):
        state = spiel.new_initial_state()
        actions = []
        while not state.is_terminal():
            action = rng.choice(state.legal_actions())
            actions.append(action)
            state.apply_action(action)
        play_both(game.start(), spiel.new_initial_state(), actions, f"random {theirs} {index}")
