"""ngola.GAMES and ngola.Game: names, rules as keyword arguments, sizes."""

from __future__ import annotations

import pickle
import subprocess
from pathlib import Path

import pytest

import ngola
from conftest import SMALL_RULES


def test_games() -> None:
    assert ngola.GAMES == ("mangola", "umelbagara", "kalah", "oware")


def test_defaults(game_name: str) -> None:
    game = ngola.Game(game_name)
    assert game.name == game_name
    rules = game.rules
    assert rules["max_plies"] == 1000
    start = game.start()
    assert str(start).startswith(game_name + " ")
    assert game.position(str(start)) == start
    assert game.observation_shape == (start.observation().shape[0],)
    rows, columns = game.board_shape
    assert start.board.shape == (rows, columns)
    fields = game.observation_fields
    assert fields["board"] == (0, rows * columns)
    assert max(stop for _, stop in fields.values()) == game.observation_shape[0]


def test_rules_dict_is_typed() -> None:
    game = ngola.Game("mangola", capture_sowing="ludii", columns=6, lap_limit=0)
    assert game.rules == {
        "capture_sowing": "ludii",
        "endless_sowing": "illegal",
        "lap_limit": 0,
        "max_plies": 1000,
        "columns": 6,
    }
    kalah = ngola.Game("kalah", empty_capture=True, pits=4)
    assert kalah.rules["empty_capture"] is True
    assert kalah.rules["pits"] == 4
    assert ngola.Game("umelbagara", skip_origin=False).rules["skip_origin"] is False
    # The command line's text values work too.
    assert ngola.Game("kalah", empty_capture="true", pits="4") == kalah
    assert repr(kalah) == "Game('kalah', pits=4, empty_capture=True)"


def test_num_actions() -> None:
    assert ngola.Game("mangola").num_actions == 16
    assert ngola.Game("mangola", columns=5).num_actions == 10
    assert ngola.Game("umelbagara").num_actions == 7
    assert ngola.Game("umelbagara", houses=9).num_actions == 11
    # OpenSpiel's mancala (2 * pits + 2) and oware (houses).
    assert ngola.Game("kalah").num_actions == 14
    assert ngola.Game("oware").num_actions == 6
    assert ngola.Game("oware", houses=8).num_actions == 8


def test_observation_shapes_fixed() -> None:
    assert ngola.Game("mangola").observation_shape == (32 + 3 + 1,)
    assert ngola.Game("mangola", columns=3).observation_shape == (12 + 3 + 1,)
    assert ngola.Game("umelbagara").observation_shape == (10 + 2 + 1,)
    assert ngola.Game("kalah").observation_shape == (12 + 2 + 1,)
    assert ngola.Game("oware", houses=4).observation_shape == (8 + 2 + 1,)


def test_equality_hash_pickle(game_name: str) -> None:
    game = ngola.Game(game_name, **SMALL_RULES[game_name])
    same = ngola.Game(game_name, **SMALL_RULES[game_name])
    assert game == same and hash(game) == hash(same)
    assert game != ngola.Game(game_name)
    assert pickle.loads(pickle.dumps(game)) == game


@pytest.mark.parametrize(
    ("name", "rules", "message"),
    [
        ("chess", {}, "unknown game `chess`; valid games: mangola, umelbagara, kalah, oware"),
        (
            "mangola",
            {"foo": 1},
            "unknown rule option `foo` for mangola; valid options: capture_sowing, "
            "endless_sowing, lap_limit, max_plies, columns",
        ),
        (
            "mangola",
            {"columns": 9},
            "bad value `9` for rule option `columns`: expected an integer from 2 to 8",
        ),
        (
            "mangola",
            {"capture_sowing": "sideways"},
            "bad value `sideways` for rule option `capture_sowing`: expected one of "
            "lap-start, after-capture, ludii",
        ),
        (
            "kalah",
            {"empty_capture": "maybe"},
            "bad value `maybe` for rule option `empty_capture`: expected true or false",
        ),
        ("kalah", {"pits": 1.5}, "bad value `1.5` for rule option `pits`"),
        ("umelbagara", {"houses": 4}, "bad value `4` for rule option `houses`: expected an odd"),
    ],
)
def test_rule_errors(name: str, rules: dict[str, object], message: str) -> None:
    with pytest.raises(ngola.RuleError) as caught:
        ngola.Game(name, **rules)  # type: ignore[arg-type]
    assert str(caught.value).startswith(message)
    assert isinstance(caught.value, ValueError)
    assert isinstance(caught.value, ngola.NgolaError)


def test_rule_error_is_the_cli_message(ngola_bin: Path) -> None:
    out = subprocess.run(
        [str(ngola_bin), "perft", "mangola", "1", "--rule", "columns=9"],
        check=False,
        capture_output=True,
        text=True,
    )
    assert out.returncode == 2
    with pytest.raises(ngola.RuleError) as caught:
        ngola.Game("mangola", columns=9)
    assert out.stderr.strip() == f"ngola: {caught.value}"


def test_position_errors() -> None:
    game = ngola.Game("mangola")
    with pytest.raises(ngola.PositionError) as caught:
        game.position("mangola 2,2/2 S 0")
    assert str(caught.value) == (
        "bad position: field `rows`: 2 rows given; expected 4 (a/b/c/d, separated by `/`)"
    )
    with pytest.raises(ngola.PositionError):
        ngola.Game("kalah").position("oware 4,4,4,4,4,4/4,4,4,4,4,4 S 0 0,0")
    with pytest.raises(ngola.PositionError):
        ngola.Game("kalah", pits=4).position("kalah 4,4,4,4,4,4/4,4,4,4,4,4 S 0 0,0")
