"""The Gymnasium environment: one agent (the learner) against an ngola agent
built from a spec string, on an :class:`ngola.State`."""

from __future__ import annotations

from typing import Any, Optional, SupportsFloat, Union, cast

import gymnasium
import numpy as np
import numpy.typing as npt

from ngola._errors import NgolaError, RunError
from ngola._ngola import Agent, Game, State
from ngola._types import RuleValue
from ngola.envs._common import (
    SIDES,
    action_mask,
    board_text,
    make_game,
    observation_space,
)
from ngola.envs._image import board_rgb

__all__ = ["ENV_IDS", "NgolaEnv"]

ENV_IDS: dict[str, str] = {
    "mangola": "ngola/Mangola-v0",
    "umelbagara": "ngola/UmElBagara-v0",
    "kalah": "ngola/Kalah-v0",
    "oware": "ngola/Oware-v0",
}
"""The Gymnasium id of each game, registered on ``import ngola.envs``."""

PLAY_AS = ("random", "south", "north")
"""The choices of ``play_as``."""

_START_TRIES = 1000
"""Tries at a game in which the learner gets to move (the opponent can end a
game of a tiny rule set before that)."""


class NgolaEnv(gymnasium.Env[npt.NDArray[np.float32], np.int64]):
    """One of the ngola games for one agent against a fixed opponent::

        env = gymnasium.make("ngola/Mangola-v0", opponent="mcts:sims=200", columns=6)

    - ``opponent``: an agent spec as on the command line (default ``"random"``);
      it is built anew at each reset, seeded from the environment's generator;
    - ``play_as``: ``"random"`` (South or North, drawn from the reset's seed),
      ``"south"`` or ``"north"``; when the learner plays North, the opponent's
      first move is played before ``reset`` returns;
    - observation: ``State.observation()`` from the learner's side (float32);
    - actions: ``Discrete(game.num_actions)``; ``info["action_mask"]`` (int8,
      1 for each legal action; pass it to ``action_space.sample(mask)``);
    - reward: +1 win, 0 draw, -1 loss, when the game ends (else 0); every end
      is a termination (the rules' ``max_plies`` cap decides the game as the
      rules say); an illegal action ends the game as a loss, with
      ``info["illegal_action"] = True``;
    - ``info``: also ``"learner"`` (the side played) and, at the end,
      ``"reason"`` (games.csv's reason) and ``"winner"``;
    - ``render()``: ``"ansi"`` the board from the learner's side, as ``ngola
      play`` shows it; ``"rgb_array"`` a picture of it, H x W x 3 uint8.
    """

    # An instance attribute in Gymnasium's Env: not a ClassVar.
    metadata: dict[str, Any] = {"render_modes": ["ansi", "rgb_array"], "render_fps": 1}  # noqa: RUF012

    def __init__(
        self,
        game: Union[Game, str] = "mangola",
        opponent: str = "random",
        play_as: str = "random",
        render_mode: Optional[str] = None,
        **rules: RuleValue,
    ) -> None:
        self.game: Game = make_game(game, rules)
        """The game and its rules."""
        if play_as not in PLAY_AS:
            raise RunError(f"play_as: {play_as!r} is not one of {', '.join(PLAY_AS)}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise NgolaError(
                f"render_mode: {render_mode!r} is not one of "
                f"{', '.join(self.metadata['render_modes'])} (or None)"
            )
        self.opponent_spec: str = Agent(opponent, self.game).name
        """The opponent's spec, every parameter explicit."""
        self.play_as = play_as
        self.render_mode = render_mode
        self.observation_space = cast(
            "gymnasium.spaces.Space[npt.NDArray[np.float32]]", observation_space(self.game)
        )
        self.action_space = gymnasium.spaces.Discrete(self.game.num_actions)
        self.state: State = self.game.start()
        """The position."""
        self.learner: str = "south"
        """The side the learner plays in this game."""
        self._opponent: Optional[Agent] = None
        self._over = True

    def _info(self) -> dict[str, Any]:
        info: dict[str, Any] = {"action_mask": action_mask(self.state), "learner": self.learner}
        if self.state.is_over:
            info["reason"] = self.state.reason
            info["winner"] = self.state.winner
        return info

    def _opponent_moves(self) -> None:
        """The opponent plays until the learner is to move or the game is over."""
        learner = "S" if self.learner == "south" else "N"
        assert self._opponent is not None
        while not self.state.is_over and self.state.to_move != learner:
            self.state.play(self._opponent.select(self.state))

    def reset(
        self, *, seed: Optional[int] = None, options: Optional[dict[str, Any]] = None
    ) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        """Starts a new game; the learner's first observation and info."""
        super().reset(seed=seed)
        for _ in range(_START_TRIES):
            if self.play_as == "random":
                self.learner = SIDES[int(self.np_random.integers(2))]
            else:
                self.learner = self.play_as
            agent_seed = int(self.np_random.integers(2**63))
            self._opponent = Agent(self.opponent_spec, self.game, seed=agent_seed)
            self.state = self.game.start()
            self._opponent_moves()
            if not self.state.is_over:
                self._over = False
                return self._observation(), self._info()
        raise NgolaError(
            f"the opponent ended {_START_TRIES} games in a row before the agent's first move"
        )

    def _observation(self) -> npt.NDArray[np.float32]:
        return self.state.observation("S" if self.learner == "south" else "N")

    def step(
        self, action: Union[int, np.integer[Any]]
    ) -> tuple[npt.NDArray[np.float32], SupportsFloat, bool, bool, dict[str, Any]]:
        """Plays ``action`` and the opponent's answers."""
        if self._over:
            raise NgolaError("the game is over (or not started): call reset()")
        number = int(action)
        if not (0 <= number < self.game.num_actions) or number not in self.state.legal_actions():
            self._over = True
            info = self._info()
            info["illegal_action"] = True
            info["action_mask"][:] = 0
            return self._observation(), -1.0, True, False, info
        self.state.play(number)
        self._opponent_moves()
        reward = 0.0
        if self.state.is_over:
            self._over = True
            winner = self.state.winner
            if winner != "draw":
                reward = 1.0 if winner == ("S" if self.learner == "south" else "N") else -1.0
        return self._observation(), reward, self._over, False, self._info()

    def render(self) -> Union[str, npt.NDArray[np.uint8], None]:
        """The board, from the learner's side, in the render mode given at construction."""
        viewer = "S" if self.learner == "south" else "N"
        if self.render_mode == "ansi":
            return board_text(self.state, viewer, viewer)
        if self.render_mode == "rgb_array":
            return board_rgb(self.state, viewer)
        gymnasium.logger.warn(
            "You are calling render method without specifying any render mode: "
            'give render_mode="ansi" or "rgb_array" when making the environment.'
        )
        return None


def register_all() -> None:
    """Registers ``ngola/Mangola-v0``, ``ngola/UmElBagara-v0``,
    ``ngola/Kalah-v0`` and ``ngola/Oware-v0`` with Gymnasium (once)."""
    for name, env_id in ENV_IDS.items():
        if env_id not in gymnasium.registry:
            gymnasium.register(
                id=env_id,
                entry_point="ngola.envs._gymnasium:NgolaEnv",
                kwargs={"game": name},
                disable_env_checker=False,
            )
