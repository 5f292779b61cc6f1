"""Errors: every bad input raises an ngola.NgolaError subclass (also a
ValueError), never anything else, and a Rust panic reaches Python as
NgolaError, never as pyo3's PanicException."""

from __future__ import annotations

import random
import string

import pytest

import ngola
from conftest import SMALL_RULES


def test_hierarchy() -> None:
    for error in (ngola.IllegalMoveError, ngola.PositionError, ngola.RuleError, ngola.SpecError):
        assert issubclass(error, ngola.NgolaError)
        assert issubclass(error, ValueError)
    assert issubclass(ngola.RunError, ValueError)
    assert not issubclass(ngola.NgolaError, ValueError)


def test_panic_becomes_ngola_error() -> None:
    with pytest.raises(ngola.NgolaError, match="internal error in ngola") as caught:
        ngola._ngola.panic_for_test()
    assert type(caught.value) is ngola.NgolaError


def junk(rng: random.Random) -> str:
    alphabet = string.ascii_letters + string.digits + " ,/<>-_=:.;é\x00\n"
    return "".join(rng.choice(alphabet) for _ in range(rng.randrange(0, 40)))


def test_junk_input_raises_only_package_errors(game_name: str) -> None:
    rng = random.Random(game_name)
    game = ngola.Game(game_name, **SMALL_RULES[game_name])
    start = str(game.start())
    for _ in range(300):
        text = junk(rng)
        # Damage a real position text in one place, or use junk.
        fields = start.split(" ")
        fields[rng.randrange(len(fields))] = text
        for candidate in (text, " ".join(fields)):
            try:
                state = game.position(candidate)
            except ngola.PositionError:
                continue
            assert str(state)
            for mv in state.legal_moves():
                state.child(mv)
        try:
            game.start().play(text)
        except ngola.IllegalMoveError:
            pass
        try:
            game.start().play(rng.randrange(-5, 40))
        except ngola.IllegalMoveError:
            pass
        with pytest.raises(ngola.SpecError):
            ngola.Agent("x" + text, game)
        try:
            ngola.Game(game_name, **{text or "k": text})
        except ngola.RuleError:
            pass
