"""The PettingZoo AEC environment: two agents, ``"south"`` and ``"north"``,
taking turns on an :class:`ngola.State` (a player with an extra turn, as in
Kalah, is selected again)."""

from __future__ import annotations

from typing import Any, Optional, Union

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from ngola._errors import IllegalMoveError, NgolaError
from ngola._ngola import Game, State
from ngola._types import RuleValue
from ngola.envs._common import (
    SIDES,
    action_mask,
    board_text,
    make_game,
    mask_space,
    observation_space,
    side_letter,
)
from ngola.envs._image import board_rgb

__all__ = ["NgolaAECEnv", "pettingzoo_env"]

Observation = dict[str, npt.NDArray[Any]]
"""``{"observation": float32 vector, "action_mask": int8 flags}``."""

_AGENT_OF = {"S": "south", "N": "north"}
_OTHER = {"south": "north", "north": "south"}


class NgolaAECEnv(AECEnv[str, Observation, Optional[int]]):  # type: ignore[misc]
    """One of the ngola games as a PettingZoo AEC environment (the
    environment itself; :func:`pettingzoo_env` wraps it as PettingZoo's
    classic games are wrapped).

    - agents: ``"south"`` (moves first) and ``"north"``;
    - ``observe(agent)``: ``{"observation": State.observation(agent's side),
      "action_mask": 1 for each legal action}``; the mask is all 0 for the
      agent not to move and once the game is over;
    - actions: ``Discrete(game.num_actions)``, the action ids of
      ``State.legal_actions()``; an illegal action raises
      :class:`ngola.IllegalMoveError` (the game goes on unchanged);
    - rewards: +1 for the winner, -1 for the loser, 0 for both on a draw,
      given when the game ends; every end (including the rules' ply cap,
      ``max_plies``, which decides the game as the rules say) is a
      termination, never a truncation;
    - ``render()``: ``"ansi"``, the board as ``ngola play`` shows it in a
      terminal (South's view); ``"rgb_array"``, a picture of it, H x W x 3
      uint8.

    The environment draws no random numbers: ``reset(seed=...)`` only seeds
    the action spaces' samplers.
    """

    # An instance attribute in the base class: not a ClassVar.
    metadata: dict[str, Any] = {  # noqa: RUF012
        "render_modes": ["ansi", "rgb_array"],
        "name": "ngola_v0",
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(
        self,
        game: Union[Game, str] = "mangola",
        render_mode: Optional[str] = None,
        **rules: RuleValue,
    ) -> None:
        super().__init__()
        self.game: Game = make_game(game, rules)
        """The game and its rules."""
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise NgolaError(
                f"render_mode: {render_mode!r} is not one of "
                f"{', '.join(self.metadata['render_modes'])} (or None)"
            )
        self.render_mode = render_mode
        self.metadata = {**NgolaAECEnv.metadata, "name": f"ngola_{self.game.name}_v0"}
        self.possible_agents: list[str] = list(SIDES)
        self.observation_spaces: dict[str, spaces.Space[Any]] = {
            agent: spaces.Dict(
                {
                    "observation": observation_space(self.game),
                    "action_mask": mask_space(self.game),
                }
            )
            for agent in self.possible_agents
        }
        self.action_spaces: dict[str, spaces.Space[Any]] = {
            agent: spaces.Discrete(self.game.num_actions) for agent in self.possible_agents
        }
        self.state: State = self.game.start()
        """The position (a :class:`ngola.State`, with the moves played)."""
        self._reset_books()

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of ``agent`` (the same object on each call)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The action space of ``agent`` (the same object on each call)."""
        return self.action_spaces[agent]

    def _reset_books(self) -> None:
        self.agents = list(self.possible_agents)
        self.rewards = {agent: 0.0 for agent in self.agents}
        self._cumulative_rewards = {agent: 0.0 for agent in self.agents}
        self.terminations = {agent: False for agent in self.agents}
        self.truncations = {agent: False for agent in self.agents}
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = _AGENT_OF[self.state.to_move]

    def reset(self, seed: Optional[int] = None, options: Optional[dict[str, Any]] = None) -> None:
        """Starts a new game from the start position (South to move)."""
        if seed is not None:
            for i, agent in enumerate(self.possible_agents):
                self.action_spaces[agent].seed(seed + i)
                self.observation_spaces[agent].seed(seed + i)
        self.state = self.game.start()
        self._reset_books()

    def observe(self, agent: str) -> Observation:
        """``agent``'s observation and action mask (a new dict each call)."""
        observation = self.state.observation(side_letter(agent))
        if agent == _AGENT_OF[self.state.to_move]:
            mask = action_mask(self.state)
        else:
            mask = np.zeros(self.game.num_actions, dtype=np.int8)
        return {"observation": observation, "action_mask": mask}

    def step(self, action: Optional[int]) -> None:
        """Plays ``action`` (an action id) for the selected agent."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise IllegalMoveError(f"{agent} is to move: None is only for agents that are done")
        self.state.play(int(action))
        self._cumulative_rewards[agent] = 0.0
        self.rewards = {a: 0.0 for a in self.agents}
        winner = self.state.winner
        if winner is not None:
            for a in self.agents:
                if winner != "draw":
                    self.rewards[a] = 1.0 if side_letter(a) == winner else -1.0
                self.terminations[a] = True
                self.infos[a] = {"reason": self.state.reason}
            # The other agent sees the end first (then the mover).
            self.agent_selection = _OTHER[agent]
        else:
            self.agent_selection = _AGENT_OF[self.state.to_move]
        self._accumulate_rewards()

    def render(self) -> Union[str, npt.NDArray[np.uint8], None]:
        """The board in the render mode given at construction."""
        if self.render_mode is None:
            gymnasium.logger.warn(
                "You are calling render method without specifying any render mode: "
                'give render_mode="ansi" or "rgb_array" when making the environment.'
            )
            return None
        if self.render_mode == "ansi":
            return board_text(self.state, "S")
        return board_rgb(self.state, "S")

    def close(self) -> None:
        """Nothing to release."""


def pettingzoo_env(
    game: Union[Game, str],
    render_mode: Optional[str] = None,
    **rules: RuleValue,
) -> AECEnv[str, Observation, Optional[int]]:
    """``game`` (a name with its rule options as keywords, or a
    :class:`ngola.Game`) as a PettingZoo AEC environment, wrapped like
    PettingZoo's classic games (calls out of order raise; ``env.unwrapped`` is
    the :class:`NgolaAECEnv`)::

        env = ngola.envs.pettingzoo_env("mangola", capture_sowing="ludii")
    """
    env = NgolaAECEnv(game, render_mode=render_mode, **rules)
    return wrappers.OrderEnforcingWrapper(env)
