"""Steps per second of ngola's environments, as ratios measured in one run.

    pip install ./python gymnasium pettingzoo pygame-ce   # pygame-ce: connect_four
    python python/bench/envs_speed.py [--games mangola,kalah] [--rounds 3] [--seconds 2]

Every loop plays uniformly random legal actions (drawn from the action
mask, as a learner's code would) for about ``--seconds`` seconds; each
figure is the median over ``--rounds`` rounds, the loops alternating within
each round. Rows:

1. PettingZoo's own ``connect_four_v3`` (classic; needs pygame-ce), the
   yardstick: the AEC loop (``agent_iter`` / ``last`` / ``step``), a step
   being one move of either player.
2. ``ngola.envs.pettingzoo_env(GAME)``: the same AEC loop (for each game
   of ``--games``, default all four; rows 2 to 4 are repeated per game).
3. ``gymnasium.make("ngola/<Game>-v0", opponent="random")``: a step is the
   learner's move and the opponent's answer (the opponent's moves in Rust).
4. ``ngola.envs.VectorEnv(GAME, n, opponent="random")`` for n = 1, 64,
   1024: a step of one game (a call steps n), random actions drawn for all n
   games at once with NumPy.

The last column divides by the same game's single Gymnasium environment's
steps per second (row 3); the aim for VectorEnv at n = 1024 is 50 or more.
VectorEnv runs on all cores (``threads=None``).
"""

from __future__ import annotations

import argparse
import functools
import statistics
import time
import warnings
from collections.abc import Callable
from typing import Any

import gymnasium
import numpy as np

import ngola
import ngola.envs

Loop = Callable[[float], tuple[int, float]]
"""Runs for about the given seconds; returns (steps, seconds taken)."""


def aec_loop(make: Callable[[], Any], seed: int) -> Loop:
    def run(seconds: float) -> tuple[int, float]:
        env = make()
        rng = np.random.default_rng(seed)
        steps = 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            env.reset()
            for _agent in env.agent_iter():
                observation, _, terminated, truncated, _ = env.last()
                if terminated or truncated:
                    env.step(None)
                    continue
                env.step(int(rng.choice(np.flatnonzero(observation["action_mask"]))))
                steps += 1
        return steps, time.perf_counter() - start

    return run


def gym_loop(env_id: str, seed: int) -> Loop:
    def run(seconds: float) -> tuple[int, float]:
        env = gymnasium.make(env_id, opponent="random")
        rng = np.random.default_rng(seed)
        steps = 0
        start = time.perf_counter()
        _, info = env.reset(seed=seed)
        while time.perf_counter() - start < seconds:
            action = int(rng.choice(np.flatnonzero(info["action_mask"])))
            _, _, terminated, truncated, info = env.step(action)
            steps += 1
            if terminated or truncated:
                _, info = env.reset()
        return steps, time.perf_counter() - start

    return run


def vector_loop(game: str, n: int, seed: int) -> Loop:
    def run(seconds: float) -> tuple[int, float]:
        envs = ngola.envs.VectorEnv(game, n, opponent="random")
        rng = np.random.default_rng(seed)
        steps = 0
        start = time.perf_counter()
        _, infos = envs.reset(seed=seed)
        while time.perf_counter() - start < seconds:
            mask = infos["action_mask"]
            actions = ((rng.random(mask.shape, dtype=np.float32) + 1) * mask).argmax(axis=1)
            _, _, _, _, infos = envs.step(actions)
            steps += n
        return steps, time.perf_counter() - start

    return run


def connect_four() -> Callable[[], Any] | None:
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            import pettingzoo

            pettingzoo.make("aec", "classic/connect_four_v3")
    except Exception as error:  # pygame missing, or an older PettingZoo
        print(f"(connect_four_v3 skipped: {error})")
        return None
    return lambda: pettingzoo.make("aec", "classic/connect_four_v3")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default=",".join(ngola.GAMES), help="games, comma-separated")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--seconds", type=float, default=2.0, help="per loop and round")
    parser.add_argument("--sizes", default="1,64,1024", help="VectorEnv sizes")
    args = parser.parse_args()

    loops: dict[str, Loop] = {}
    singles: dict[str, str] = {}
    yardstick = connect_four()
    if yardstick is not None:
        loops["PettingZoo connect_four_v3 (AEC loop)"] = aec_loop(yardstick, 0)
    for game in args.games.split(","):
        if game not in ngola.GAMES:
            parser.error(f"--games: {game!r} is not one of {', '.join(ngola.GAMES)}")
        loops[f"{game}: PettingZoo pettingzoo_env (AEC loop)"] = aec_loop(
            functools.partial(ngola.envs.pettingzoo_env, game), 0
        )
        single = f"{game}: Gymnasium {ngola.envs.ENV_IDS[game]}"
        singles[game] = single
        loops[single] = gym_loop(ngola.envs.ENV_IDS[game], 0)
        for n in (int(x) for x in args.sizes.split(",")):
            loops[f"{game}: VectorEnv n={n}"] = vector_loop(game, n, 0)

    rates: dict[str, list[float]] = {name: [] for name in loops}
    for _ in range(args.rounds):
        for name, loop in loops.items():
            steps, seconds = loop(args.seconds)
            rates[name].append(steps / seconds)
    medians = {name: statistics.median(values) for name, values in rates.items()}
    print("opponent: random; steps/s: median of", args.rounds, "rounds")
    print(f"{'environment':<50} {'steps/s':>12} {'x single env':>13}")
    for name, rate in medians.items():
        game = name.split(":")[0]
        ratio = f"{rate / medians[singles[game]]:>13.2f}" if game in singles else f"{'':>13}"
        print(f"{name:<50} {rate:>12,.0f} {ratio}")


if __name__ == "__main__":
    main()
