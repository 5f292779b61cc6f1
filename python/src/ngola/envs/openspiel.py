"""ngola's games as OpenSpiel python games::

    import pyspiel
    import ngola.envs.openspiel

    ngola.envs.openspiel.register()
    game = pyspiel.load_game("python_ngola_mangola(capture_sowing=ludii)")

:func:`register` registers ``python_ngola_mangola``, ``python_ngola_umelbagara``,
``python_ngola_kalah`` and ``python_ngola_oware``. Their game parameters are
the games' rule options (the names and defaults of ``ngola.Game(name).rules``).
A state wraps an :class:`ngola.State`: the action ids are
``State.legal_actions()`` (OpenSpiel's own ``mancala`` and ``oware`` ids for
Kalah and Oware), the observation tensor is ``State.observation()`` from the
given player's side (player 0 is South, who moves first), the observation
string is the position text, and the returns are +1/-1 (0 each for a draw)
at the end. A player with an extra turn (Kalah) is the current player again.
``max_game_length`` is the rules' ply cap (``max_plies``), so a rule set
without a cap (``max_plies=0``) is refused. Serialisation is OpenSpiel's
default: the actions played, replayed from the start.
"""

from __future__ import annotations

from typing import Any, Optional

import numpy as np
import numpy.typing as npt
import pyspiel
from open_spiel.python.observation import IIGObserverForPublicInfoGame

from ngola import _ngola
from ngola._errors import NgolaError, RuleError
from ngola._ngola import Game, State
from ngola._types import RuleValue

__all__ = ["GAME_NAMES", "NgolaGame", "NgolaState", "register", "spiel_state"]

GAME_NAMES: dict[str, str] = {
    "mangola": "python_ngola_mangola",
    "umelbagara": "python_ngola_umelbagara",
    "kalah": "python_ngola_kalah",
    "oware": "python_ngola_oware",
}
"""The OpenSpiel short name of each game."""

_LONG_NAMES = {
    "mangola": "Python ngola Mangola",
    "umelbagara": "Python ngola Um el-Bagara",
    "kalah": "Python ngola Kalah",
    "oware": "Python ngola Oware",
}


def _game_type(name: str) -> pyspiel.GameType:
    return pyspiel.GameType(
        short_name=GAME_NAMES[name],
        long_name=_LONG_NAMES[name],
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=2,
        min_num_players=2,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=dict(Game(name).rules),
    )


def _game_info(game: Game) -> pyspiel.GameInfo:
    cap = _ngola.ply_cap(game)
    if cap is None:
        raise RuleError(
            f"max_plies: OpenSpiel needs a longest game; {game.name} with max_plies=0 has "
            "none: give a cap, e.g. max_plies=1000"
        )
    return pyspiel.GameInfo(
        num_distinct_actions=game.num_actions,
        max_chance_outcomes=0,
        num_players=2,
        min_utility=-1.0,
        max_utility=1.0,
        utility_sum=0.0,
        max_game_length=cap,
    )


class NgolaGame(pyspiel.Game):  # type: ignore[misc]
    """One of the ngola games under a rule set, as an OpenSpiel game. Made by
    ``pyspiel.load_game("python_ngola_<game>(...)")`` once :func:`register`
    has run."""

    ngola_name = "mangola"
    """The ngola game (set by each registered subclass)."""

    def __init__(self, params: Optional[dict[str, RuleValue]] = None) -> None:
        rules = dict(params or {})
        try:
            game = Game(self.ngola_name, **rules)
            info = _game_info(game)
        except NgolaError:
            # Initialise the C++ side anyway (with the default rules): a
            # half-made pyspiel object crashes whatever prints it (a
            # traceback's locals), and the error is the user's to read.
            default = Game(self.ngola_name)
            super().__init__(_game_type(self.ngola_name), _game_info(default), {})
            raise
        self.ngola_game: Game = game
        """The :class:`ngola.Game` (with its rules)."""
        super().__init__(_game_type(self.ngola_name), info, rules)

    def new_initial_state(self) -> NgolaState:
        """The start position."""
        return NgolaState(self, self.ngola_game.start())

    def make_py_observer(
        self, iig_obs_type: Optional[pyspiel.IIGObservationType] = None, params: Any = None
    ) -> Any:
        """The observation (tensor and string) of a player; the information
        state is the history (a perfect-information game)."""
        if iig_obs_type is None or (iig_obs_type.public_info and not iig_obs_type.perfect_recall):
            return _Observer(self.ngola_game, params)
        return IIGObserverForPublicInfoGame(iig_obs_type, params)


class NgolaState(pyspiel.State):  # type: ignore[misc]
    """A position of an :class:`NgolaGame`, wrapping an :class:`ngola.State`."""

    def __init__(self, game: NgolaGame, state: State) -> None:
        super().__init__(game)
        self.ngola_state: State = state
        """The :class:`ngola.State` (the Rust position)."""

    def current_player(self) -> int:
        """0 (South) or 1 (North), or ``pyspiel.PlayerId.TERMINAL``."""
        if self.ngola_state.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        return 0 if self.ngola_state.to_move == "S" else 1

    def _legal_actions(self, player: int) -> list[int]:
        return self.ngola_state.legal_actions()

    def _apply_action(self, action: int) -> None:
        self.ngola_state.play(int(action))

    def _action_to_string(self, player: int, action: int) -> str:
        # Action ids of Mangola, Um el-Bagara and Oware are relative to the
        # mover: the notation is known for the side to move.
        side = "S" if player == 0 else "N"
        if not self.ngola_state.is_over and self.ngola_state.to_move == side:
            return f"{side}:{self.ngola_state.action_to_move(int(action))}"
        return f"{side}:action {int(action)}"

    def is_terminal(self) -> bool:
        """True once the game is over."""
        return self.ngola_state.is_over

    def returns(self) -> list[float]:
        """+1 for the winner, -1 for the loser, 0 for both on a draw or before the end."""
        winner = self.ngola_state.winner
        if winner == "S":
            return [1.0, -1.0]
        if winner == "N":
            return [-1.0, 1.0]
        return [0.0, 0.0]

    def __str__(self) -> str:
        return str(self.ngola_state)


class _Observer:
    """OpenSpiel's PyObserver: ``tensor`` is ``State.observation()`` from the
    player's side, ``dict`` its named parts (``Game.observation_fields``)."""

    def __init__(self, game: Game, params: Any) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported; got {params}")
        self.tensor: npt.NDArray[np.float32] = np.zeros(game.observation_shape, np.float32)
        self.dict: dict[str, npt.NDArray[np.float32]] = {}
        rows, columns = game.board_shape
        for name, (start, stop) in game.observation_fields.items():
            view = self.tensor[start:stop]
            self.dict[name] = view.reshape(rows, columns) if name == "board" else view

    def set_from(self, state: NgolaState, player: int) -> None:
        self.tensor[:] = state.ngola_state.observation("S" if player == 0 else "N")

    def string_from(self, state: NgolaState, player: int) -> str:
        return str(state.ngola_state)


def spiel_state(game: NgolaGame, state: State) -> NgolaState:
    """An OpenSpiel state of ``game`` at ``state`` (e.g. a position of an ngola
    tournament, for an OpenSpiel bot); ``state`` is copied."""
    if state.game != game.ngola_game:
        raise RuleError(f"the state is {state.game!r}; the OpenSpiel game is {game.ngola_game!r}")
    return NgolaState(game, state.clone())


def _game_class(name: str) -> type[NgolaGame]:
    return type(f"NgolaGame_{name}", (NgolaGame,), {"ngola_name": name})


_REGISTERED: set[str] = set()


def register() -> None:
    """Registers the four games with OpenSpiel (``python_ngola_mangola``,
    ``python_ngola_umelbagara``, ``python_ngola_kalah``, ``python_ngola_oware``);
    calling it again does nothing."""
    for name in GAME_NAMES:
        if name not in _REGISTERED:
            pyspiel.register_game(_game_type(name), _game_class(name))
            _REGISTERED.add(name)
