"""Type stubs of the native module ``ngola._ngola`` (pyo3)."""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any, Literal, Optional, Union

import numpy as np
import numpy.typing as npt

from ngola._types import RuleValue, SelfPlayData, TrainResult

Side = Literal["S", "N"]

def games() -> list[str]:
    """The names of the games, as the command line spells them (see ``ngola.GAMES``)."""

def game_from_parts(name: str, pairs: Sequence[tuple[str, str]]) -> Game:
    """A game from its name and ``(key, value)`` rule texts (used by pickling)."""

def state_from_parts(
    name: str,
    pairs: Sequence[tuple[str, str]],
    origin: Optional[str],
    history: Sequence[str],
) -> State:
    """A state from its game, start position text (or ``None``) and moves (pickling)."""

def panic_for_test() -> None:
    """Panics in Rust, for the test that no panic reaches Python as such."""

class Game:
    """A game under a rule set: ``Game("mangola", capture_sowing="ludii", columns=6)``.

    ``name`` is one of ``ngola.GAMES``; the keywords are the game's rule
    options, as ``--rule key=value`` on the command line (strings, ints or
    bools; see the rules book). A bad name, key or value raises
    :class:`ngola.RuleError`. Games compare equal when name and every rule
    option agree.
    """

    def __init__(self, name: str, **rules: RuleValue) -> None: ...
    @property
    def name(self) -> str:
        """The game's name: ``"mangola"``, ``"umelbagara"``, ``"kalah"`` or ``"oware"``."""
    @property
    def rules(self) -> dict[str, RuleValue]:
        """Every rule option of the game, defaults included, in the command line's order."""
    @property
    def num_actions(self) -> int:
        """The size of the action space: action ids are ``range(num_actions)``."""
    @property
    def observation_shape(self) -> tuple[int]:
        """The shape of :meth:`State.observation` (one float32 vector)."""
    @property
    def observation_fields(self) -> dict[str, tuple[int, int]]:
        """Each named part of the observation vector, as ``(start, length)``."""
    @property
    def board_shape(self) -> tuple[int, int]:
        """The shape of :attr:`State.board`: rows by columns, as in the position text."""
    def start(self) -> State:
        """The start position."""
    def position(self, text: str) -> State:
        """The position of a position text (``"kalah 4,4,4,4,4,4/4,4,4,4,4,4 S 0 0,0"``),
        with an empty history; raises :class:`ngola.PositionError` if it does not read."""
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

class State:
    """A position of a game, with the moves played to reach it.

    ``str(state)`` is its position text. Moves are strings in the game's
    notation (``"a1"``, ``"a3<"``, ``"pass"``) or action ids; an illegal one
    raises :class:`ngola.IllegalMoveError`, one that does not read
    :class:`ngola.PositionError`. States compare and hash by position and
    rules, copy, and pickle.
    """

    @property
    def game(self) -> Game:
        """The game and rules this state is played under."""
    def legal_moves(self) -> list[str]:
        """The legal moves in notation, in board order; empty when the game is over."""
    def legal_actions(self) -> list[int]:
        """The legal moves as action ids, in the order of :meth:`legal_moves`."""
    def move_to_action(self, move_text: str, /) -> int:
        """The action id of a move in notation."""
    def action_to_move(self, action: int, /) -> str:
        """The move in notation of an action id."""
    def play(self, move_or_action: Union[str, int], /) -> None:
        """Plays a legal move (notation or action id) in place."""
    def child(self, move_or_action: Union[str, int], /) -> State:
        """A new state: this one after the move; this one is unchanged."""
    @property
    def is_over(self) -> bool:
        """True once the game has ended (by its rules or the ply cap)."""
    @property
    def winner(self) -> Optional[Literal["S", "N", "draw"]]:
        """``"S"``, ``"N"`` or ``"draw"`` once the game is over, else ``None``."""
    @property
    def reason(self) -> Optional[str]:
        """Why the game ended, as ``games.csv``'s ``reason`` names it, else ``None``."""
    @property
    def to_move(self) -> Side:
        """The side to move: ``"S"`` (South, moves first) or ``"N"``."""
    @property
    def ply(self) -> int:
        """Plies played so far (counted from the game's start, as in position text)."""
    @property
    def totals(self) -> tuple[int, int]:
        """South's and North's tallies as the game scores them (seeds, stores, scores)."""
    @property
    def board(self) -> npt.NDArray[np.int64]:
        """The counts, rows by columns as in the position text (a new array)."""
    def observation(self, viewer: Optional[Side] = None) -> npt.NDArray[np.float32]:
        """The observation vector from ``viewer``'s side (default: the side to move)."""
    @property
    def history(self) -> list[str]:
        """The moves played from the start (or from the position read), in notation."""
    def clone(self) -> State:
        """An independent copy."""
    def __copy__(self) -> State: ...
    def __deepcopy__(self, _memo: object, /) -> State: ...
    def __eq__(self, other: object) -> bool: ...
    def __hash__(self) -> int: ...

class Agent:
    """An agent from a spec string (``"alphabeta:depth=8"``) for one game, seeded.

    Any spec of the command line (see the book's page on agents); a bad one
    raises :class:`ngola.SpecError`. A stochastic agent draws only from its
    seed, so the same seed gives the same moves.
    """

    def __init__(self, spec: str, game: Union[Game, str], seed: int = 0) -> None: ...
    @property
    def name(self) -> str:
        """The canonical spec, every parameter written out."""
    @property
    def game(self) -> Game:
        """The game it plays."""
    @property
    def seed(self) -> int:
        """The seed it was built with."""
    def select(self, state: State) -> str:
        """Its move in ``state`` (which must not be over), in notation; releases the GIL."""

class Network:
    """A policy-and-value network read from its safetensors file (the layout
    of the book's page on learned agents), of any of the four games.

    A file that cannot be read, is not of the layout, or names another
    encoding raises :class:`ngola.NetworkError`.
    """

    def __init__(self, path: Union[str, os.PathLike[str]]) -> None: ...
    @property
    def game(self) -> Game:
        """The game and rules the network was made for."""
    @property
    def hidden(self) -> list[int]:
        """The widths of the hidden layers."""
    @property
    def path(self) -> str:
        """The file it was read from."""
    def evaluate(
        self, states: Sequence[State]
    ) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.float32]]:
        """Policy logits ``[B, game.num_actions]`` (action ids of
        ``State.legal_actions()``) and values ``[B]`` in [-1, 1] for the side
        to move, of states of the network's game and rules (others raise
        :class:`ngola.NetworkError`)."""

class Solution:
    """The exact value of a position, from :func:`solve`."""

    @property
    def value(self) -> Literal["win", "draw", "loss"]:
        """The result under perfect play, from the side to move's view."""
    @property
    def margin(self) -> int:
        """The final difference of the totals under perfect play (0 for Mangola)."""
    @property
    def pv(self) -> list[str]:
        """A line of perfect play from the position."""
    @property
    def nodes(self) -> int:
        """Positions searched."""
    @property
    def plies(self) -> Optional[int]:
        """Mangola: the length of the game under perfect play; ``None`` otherwise."""
    @property
    def time_s(self) -> float:
        """Seconds the search took."""

class Tablebase:
    """An endgame database built by ``ngola tablebase build`` (Kalah, Oware
    or Um el-Bagara), memory-mapped. Raises :class:`ngola.RuleError` if
    ``path`` holds no usable database."""

    def __init__(self, path: str | os.PathLike[str]) -> None: ...
    @property
    def info(self) -> dict[str, Any]:
        """``game``, ``rules``, ``id`` (SHA-256 over the levels' checksums),
        ``top`` (the most seeds on the board covered) and ``path``."""
    def probe(self, state: State) -> tuple[Literal["win", "draw", "loss"], int, list[str]]:
        """``(value, margin, best_moves)`` of ``state`` for its side to move:
        the final margin under perfect play and every move that keeps it.
        Raises :class:`ngola.PositionError` where the database does not decide
        ``state`` exactly (another game or rules, a game with a ply cap: the
        database's values are those of the game without one, more seeds than it
        covers, or only bounds)."""

def solve(state: State, tt_mib: int = 256) -> Solution:
    """Solves ``state`` exactly (small boards only) with a ``tt_mib`` MiB table;
    releases the GIL. Raises :class:`ngola.NgolaError` if a line runs past
    100,000 plies without a ply cap."""

def selfplay(
    game: Union[Game, str],
    spec: str,
    games: int,
    *,
    seed: Optional[int] = None,
    threads: Optional[int] = None,
    opening_plies: Optional[int] = None,
    tablebase: Union[Tablebase, str, os.PathLike[str], None] = None,
) -> SelfPlayData:
    """``games`` games of ``spec`` against itself, on Rust threads (GIL released):
    every position's observation, legal-action mask, action, side to move, game
    index, outcome, ply and opening flag as NumPy arrays. The same seed gives
    the same arrays whatever ``threads`` is. With ``tablebase`` (a
    :class:`Tablebase` or its folder) each position is also labelled with its
    exact value where the database decides it (``exact_value``, ``exact``); a
    database of another game or rules (the game must have no ply cap,
    ``max_plies=0``) raises :class:`ngola.RuleError` naming it."""

def train(
    game: Union[Game, str],
    out: Union[str, os.PathLike[str]],
    *,
    time: Optional[float] = None,
    generations: Optional[int] = None,
    threads: Optional[int] = None,
    **settings: Union[int, float, str, Sequence[int]],
) -> TrainResult:
    """Trains a policy-and-value network by self-play (AlphaZero-style) in the
    folder ``out``, or resumes the run there, until ``time`` seconds have
    passed or generation ``generations`` is done; on Rust threads with the
    GIL released (Ctrl-C stops it, the last checkpoint stands). Keyword
    ``settings`` are the training settings by name (``seed``, ``hidden``,
    ``full_sims``, ``fast_sims``, ``games_per_generation``, ...; see the
    book's training page). Raises :class:`ngola.RunError` for a bad
    setting, a folder of another run or of something else."""

def run_tournament(
    game: Union[Game, str],
    agents: Sequence[tuple[str, object]],
    games: int,
    *,
    seed: int,
    threads: Optional[int],
    opening_plies: Optional[int],
    format: str,
    out: Union[str, os.PathLike[str]],
    quiet: bool,
    resume: bool,
    allow_repeated_openings: bool = False,
) -> str:
    """Runs the Rust arena (used by :func:`ngola.tournament`); the output folder."""

def read_run(dir: Union[str, os.PathLike[str]]) -> str:
    """Checks that ``dir`` holds a run; its folder (used by :func:`ngola.load_run`)."""

# The environments' needs (ngola.envs).
def ply_cap(game: Union[Game, str]) -> Optional[int]:
    """The rules' ply cap (``max_plies``), or ``None`` without one."""

def board_text(state: State, viewer: str = "S", you: Optional[str] = None) -> str:
    """The board as ``ngola play`` draws it, from ``viewer``'s side."""

def board_svg(state: State, viewer: str = "S") -> str:
    """The board as an SVG diagram, from ``viewer``'s side."""

class VecGames:
    """``n`` games stepped together in Rust against an opponent agent."""

    def __init__(
        self,
        game: Union[Game, str],
        n: int,
        opponent: str,
        *,
        play_as: str = "random",
        threads: Optional[int] = None,
        tablebase: Union[Tablebase, str, os.PathLike[str], None] = None,
    ) -> None: ...
    @property
    def game(self) -> Game:
        """The game."""
    @property
    def n(self) -> int:
        """The number of games."""
    def reset(self, seed: Optional[int] = None) -> dict[str, npt.NDArray[Any]]:
        """Starts every game afresh (game ``i`` on stream ``i`` of ``seed``)."""
    def step(self, actions: npt.NDArray[np.int64]) -> dict[str, npt.NDArray[Any]]:
        """Plays one action in each game, then the opponent's answers (GIL released)."""
    def state(self, i: int) -> State:
        """Game ``i``'s current state."""
