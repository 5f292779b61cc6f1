"""Types of the values the native module returns (for type checkers and docs)."""

from __future__ import annotations

from typing import TypedDict, Union

import numpy as np
import numpy.typing as npt

__all__ = ["RuleValue", "SelfPlayData", "TrainResult"]

RuleValue = Union[int, bool, str]
"""A rule option's value: ints as ints, booleans as bools, names as strings."""


class _SelfPlayArrays(TypedDict):
    """The arrays :func:`ngola.selfplay` always returns."""

    observations: npt.NDArray[np.float32]
    """N x observation length: ``State.observation()`` of each position."""
    legal_mask: npt.NDArray[np.bool_]
    """N x ``num_actions``: the legal actions of each position."""
    actions: npt.NDArray[np.int64]
    """N: the action played."""
    to_move: npt.NDArray[np.int8]
    """N: the side to move, 0 South, 1 North."""
    game_id: npt.NDArray[np.int64]
    """N: the game's index, from 0."""
    outcome: npt.NDArray[np.int8]
    """N: the game's result from the side to move's view: +1, 0, -1."""
    ply: npt.NDArray[np.int64]
    """N: plies played before the position."""
    opening: npt.NDArray[np.bool_]
    """N: True for the random opening's plies (not the agent's moves)."""


class SelfPlayData(_SelfPlayArrays, total=False):
    """What :func:`ngola.selfplay` returns: one entry per position of every
    game (N positions in all), games in order, each from its start position
    to the position before its end. ``exact_value`` and ``exact`` are there
    only when a ``tablebase`` was given.
    """

    exact_value: npt.NDArray[np.int32]
    """N: the final margin under perfect play from the side to move's view
    (``Tablebase.probe``'s margin) where ``exact`` is set, else 0."""
    exact: npt.NDArray[np.bool_]
    """N: True where the database decides the position exactly (False where
    it has more seeds on the board than the database covers, or only
    bounds)."""


class TrainResult(TypedDict):
    """What :func:`ngola.train` returns: the counters of the run's last
    checkpoint (over every run of its folder) and the trained network."""

    network: str
    """The trained network's file (``OUT/network.safetensors``)."""
    generation: int
    """Generations done."""
    steps: int
    """Learner steps taken."""
    games: int
    """Self-play games played."""
    positions: int
    """Self-play moves played."""
    examples: int
    """Training examples recorded."""
    exact: int
    """Examples labelled with the solver's exact value."""
    seconds: float
    """Seconds of training."""
