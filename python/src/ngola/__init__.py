"""ngola: mancala games for game-AI research, at Rust speed.

The four games (:data:`GAMES`), their positions (:class:`State`), the
agents of the command line (:class:`Agent`), the exact solver
(:func:`solve`), tournaments with CSV results read back as pandas
DataFrames (:func:`tournament`, :func:`load_run`) and self-play data as
NumPy arrays (:func:`selfplay`), training by self-play (:func:`train`).
Everything runs in the Rust crates of the
ngola toolkit; this package adds no game logic of its own.
"""

from __future__ import annotations

from ngola import _ngola
from ngola._errors import (
    IllegalMoveError,
    NetworkError,
    NgolaError,
    PositionError,
    RuleError,
    RunError,
    SpecError,
)
from ngola._ngola import Agent, Game, Network, Solution, State, Tablebase, selfplay, solve, train
from ngola._run import AgentEntry, Run, load_run, tournament
from ngola._types import RuleValue, SelfPlayData, TrainResult

GAMES: tuple[str, ...] = tuple(_ngola.games())
"""The names of the games, as the command line spells them."""

__version__ = "0.1.0"

__all__ = [
    "GAMES",
    "Agent",
    "AgentEntry",
    "Game",
    "IllegalMoveError",
    "Network",
    "NetworkError",
    "NgolaError",
    "PositionError",
    "RuleError",
    "RuleValue",
    "Run",
    "RunError",
    "SelfPlayData",
    "Solution",
    "SpecError",
    "State",
    "Tablebase",
    "TrainResult",
    "load_run",
    "selfplay",
    "solve",
    "tournament",
    "train",
]
