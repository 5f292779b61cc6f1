"""What the environments share: the game from a name or a :class:`ngola.Game`,
the observation and action spaces, action masks and board pictures. All of it
is read from the bindings (``Game.observation_fields``, ``State.observation``,
``State.legal_actions``, the board drawings of ``ngola-viz``); nothing here
knows a rule."""

from __future__ import annotations

from typing import Literal, Union

import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from ngola import _ngola
from ngola._errors import RuleError
from ngola._ngola import Game, State
from ngola._types import RuleValue

__all__ = [
    "SIDES",
    "Side",
    "action_mask",
    "board_text",
    "make_game",
    "observation_space",
    "side_letter",
]

Side = Literal["south", "north"]
"""A side as the environments name it (PettingZoo's agent names)."""

SIDES: tuple[Side, Side] = ("south", "north")
"""The sides in the order of the games' players: South moves first."""

_LETTERS = {"south": "S", "north": "N"}


def side_letter(side: str) -> Literal["S", "N"]:
    """``"S"`` for ``"south"``, ``"N"`` for ``"north"``."""
    return "S" if _LETTERS[side] == "S" else "N"


def make_game(game: Union[Game, str], rules: dict[str, RuleValue]) -> Game:
    """``game`` as a :class:`Game`: a name with ``rules``, or a ``Game`` (then
    without ``rules``)."""
    if isinstance(game, Game):
        if rules:
            raise RuleError("give the rule options either in the Game or as keywords, not both")
        return game
    if not isinstance(game, str):
        raise TypeError('game: an ngola.Game or a game name such as "mangola"')
    return Game(game, **rules)


def observation_bounds(game: Game) -> npt.NDArray[np.float32]:
    """The largest value of each entry of ``State.observation()``: every seed
    of the game for the seed counts (``board``, ``banked``), 1 for the rest
    (``phase`` is one-hot, ``ply`` a fraction of the ply cap)."""
    start = game.start().observation()
    fields = game.observation_fields
    seeds = 0.0
    for name in ("board", "banked"):
        if name in fields:
            first, stop = fields[name]
            seeds += float(start[first:stop].sum())
    high = np.ones(game.observation_shape, dtype=np.float32)
    for name in ("board", "banked"):
        if name in fields:
            first, stop = fields[name]
            high[first:stop] = seeds
    return high


def observation_space(game: Game) -> spaces.Box:
    """The Box of ``State.observation()`` under ``game``'s rules (float32)."""
    high = observation_bounds(game)
    return spaces.Box(low=np.zeros_like(high), high=high, dtype=np.float32)


def mask_space(game: Game) -> spaces.Box:
    """The Box of an action mask: ``num_actions`` flags, int8 0 or 1."""
    return spaces.Box(low=0, high=1, shape=(game.num_actions,), dtype=np.int8)


def action_mask(state: State) -> npt.NDArray[np.int8]:
    """1 for each legal action of the side to move, else 0 (all 0 once over).
    int8, the dtype ``Discrete.sample(mask=...)`` takes."""
    mask = np.zeros(state.game.num_actions, dtype=np.int8)
    if not state.is_over:
        mask[state.legal_actions()] = 1
    return mask


def board_text(state: State, viewer: str = "S", you: str | None = None) -> str:
    """The board as the terminal shows it, from ``viewer``'s side (``"S"``/``"N"``);
    ``you`` marks that side as the reader's."""
    return _ngola.board_text(state, viewer, you)
