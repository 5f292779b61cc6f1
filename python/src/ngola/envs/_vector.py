"""The vectorised environment: ``n`` games stepped together in Rust against an
ngola agent, behind Gymnasium's vector API."""

from __future__ import annotations

import os
from typing import Any, Optional, Union

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.utils import seeding
from gymnasium.vector import AutoresetMode
from gymnasium.vector import VectorEnv as GymVectorEnv
from gymnasium.vector.utils import batch_space

from ngola import _ngola
from ngola._errors import RunError
from ngola._ngola import Agent, Game, State, Tablebase
from ngola._types import RuleValue
from ngola.envs._common import make_game, observation_space

__all__ = ["VectorEnv"]

_SIDES = np.array(["south", "north"])


class VectorEnv(GymVectorEnv[npt.NDArray[np.float32], npt.NDArray[np.int64], npt.NDArray[Any]]):
    """``n`` games of one game and rule set, each a learner against the
    agent ``opponent`` (a spec string), stepped together in Rust with the GIL
    released (on ``threads`` threads, all cores by default; no result depends
    on the number)::

        envs = ngola.envs.VectorEnv("mangola", 1024, opponent="random")
        obs, infos = envs.reset(seed=0)
        obs, rewards, terminations, truncations, infos = envs.step(actions)

    Game ``i`` is what the single environment (``ngola/<Game>-v0``) is:
    observations from the learner's side (``single_observation_space``,
    float32), ``Discrete(num_actions)`` actions (``action_space`` is their
    ``MultiDiscrete``), rewards +1/0/-1 at the end, an illegal action a loss;
    ``infos["action_mask"]`` (n x num_actions, int8), ``infos["learner"]``
    (``"south"``/``"north"``) and ``infos["illegal_action"]``, each with
    Gymnasium's ``"_key"`` flags. Every end the rules give, their ply cap
    included, is a termination; a truncation is a game still going 100,000
    plies after its start (where tournaments stop games), which only rules
    under which a game need not end can reach.

    Exact values: with ``tablebase`` (an :class:`ngola.Tablebase` or its
    folder, of the game's rules without a ply cap, ``max_plies=0``; other
    rules raise :class:`ngola.RuleError`), ``infos["exact_value"]`` (n,
    int32) is the final margin under perfect play of each game's current
    position from the learner's view (the final margin itself once the game
    is over) and ``infos["exact"]`` (n, bool) says where the database decides
    it (0 and False elsewhere), with their ``"_key"`` flags.

    Autoreset: Gymnasium's ``NEXT_STEP`` mode (``metadata["autoreset_mode"]``):
    the step that ends game ``i`` returns its last observation with
    ``terminations[i]`` set; the next step ignores ``actions[i]``, starts a new
    game and returns its first observation (reward 0).

    Seeding: ``reset(seed=s)`` seeds game ``i``'s generator with ``s`` on
    stream ``i`` (ChaCha8); the learner's side (``play_as="random"``) and the
    opponent's seeds are drawn from it. The opponent is built anew from its
    spec for each of its moves, seeded from that generator (a searching
    opponent keeps no tree from one move to the next).
    """

    # An instance attribute in the base class: not a ClassVar.
    metadata: dict[str, Any] = {  # noqa: RUF012
        "autoreset_mode": AutoresetMode.NEXT_STEP,
        "render_modes": [],
    }

    def __init__(
        self,
        game: Union[Game, str],
        n: int,
        opponent: str = "random",
        *,
        play_as: str = "random",
        threads: Optional[int] = None,
        tablebase: Union[Tablebase, str, os.PathLike[str], None] = None,
        **rules: RuleValue,
    ) -> None:
        self.game: Game = make_game(game, rules)
        """The game and its rules."""
        if play_as not in ("random", "south", "north"):
            raise RunError(f"play_as: {play_as!r} is not one of random, south, north")
        self.opponent_spec: str = Agent(opponent, self.game).name
        """The opponent's spec, every parameter explicit."""
        self._games = _ngola.VecGames(
            self.game, n, self.opponent_spec, play_as=play_as, threads=threads, tablebase=tablebase
        )
        self.num_envs = n
        self.play_as = play_as
        self.single_observation_space = observation_space(self.game)
        self.single_action_space = spaces.Discrete(self.game.num_actions)
        self.observation_space = batch_space(self.single_observation_space, n)
        self.action_space = batch_space(self.single_action_space, n)
        self.render_mode = None
        self._seeded = False
        self._all = np.ones(n, dtype=np.bool_)

    def reset(
        self,
        *,
        seed: Optional[int] = None,
        options: Optional[dict[str, Any]] = None,
    ) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        """Starts a new game in every slot; with ``seed`` (an int) every
        game's generator is seeded first, else they go on (on the first
        reset without a seed, from a seed drawn from fresh entropy)."""
        if seed is not None and not isinstance(seed, (int, np.integer)):
            raise RunError("seed: one int for all the games (game i uses stream i), or None")
        if seed is not None:
            self._np_random, self._np_random_seed = seeding.np_random(int(seed))
            rust_seed: Optional[int] = int(seed)
        elif not self._seeded:
            rust_seed = int(self.np_random.integers(2**63))
        else:
            rust_seed = None
        self._seeded = True
        batch = self._games.reset(rust_seed)
        return batch["observations"], self._infos(batch)

    def step(
        self, actions: Any
    ) -> tuple[
        npt.NDArray[np.float32],
        npt.NDArray[np.float64],
        npt.NDArray[np.bool_],
        npt.NDArray[np.bool_],
        dict[str, Any],
    ]:
        """Plays one action id per game (and the opponents' answers)."""
        if not self._seeded:
            raise RunError("call reset() before step()")
        array = np.ascontiguousarray(actions, dtype=np.int64)
        if array.shape != (self.num_envs,):
            raise RunError(
                f"actions: shape {array.shape}: give one action id per game, "
                f"shape ({self.num_envs},)"
            )
        batch = self._games.step(array)
        rewards = batch["rewards"].astype(np.float64)
        return (
            batch["observations"],
            rewards,
            batch["terminated"],
            batch["truncated"],
            self._infos(batch),
        )

    def _infos(self, batch: dict[str, Any]) -> dict[str, Any]:
        everywhere = self._all
        infos = {
            "action_mask": batch["action_mask"],
            "_action_mask": everywhere.copy(),
            "learner": _SIDES[batch["learner"]],
            "_learner": everywhere.copy(),
            "illegal_action": batch["illegal"],
            "_illegal_action": everywhere.copy(),
        }
        if "exact" in batch:
            infos["exact_value"] = batch["exact_value"]
            infos["_exact_value"] = everywhere.copy()
            infos["exact"] = batch["exact"]
            infos["_exact"] = everywhere.copy()
        return infos

    def state(self, i: int) -> State:
        """Game ``i``'s position, as an :class:`ngola.State` (without history)."""
        return self._games.state(i)

    def close_extras(self, **kwargs: Any) -> None:
        """Nothing to release."""
