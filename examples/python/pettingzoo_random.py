"""Random against random on a PettingZoo AEC environment of ngola.

    python examples/python/pettingzoo_random.py [--game mangola] [--games 10] [--seed 0]

Each agent draws a uniformly random legal action from its action mask, the
loop PettingZoo's classic games use; prints each game's winner and the
tally. Rule options go as keywords to ``pettingzoo_env`` (here ``--rule
key=value``, repeatable).
"""

from __future__ import annotations

import argparse
from collections import Counter

import numpy as np

import ngola
import ngola.envs


def play(game: str, games: int, seed: int, rules: dict[str, ngola.RuleValue]) -> Counter[str]:
    """Plays `games` random games; the tally of winners (``south``/``north``/``draw``)."""
    env = ngola.envs.pettingzoo_env(ngola.Game(game, **rules))
    rng = np.random.default_rng(seed)
    tally: Counter[str] = Counter()
    for index in range(games):
        env.reset(seed=seed + index)
        returns = {"south": 0.0, "north": 0.0}
        for agent in env.agent_iter():
            observation, reward, terminated, truncated, _ = env.last()
            returns[agent] += float(reward)
            if terminated or truncated:
                action = None
            else:
                action = int(rng.choice(np.flatnonzero(observation["action_mask"])))
            env.step(action)
        winner = max(returns, key=lambda a: returns[a]) if any(returns.values()) else "draw"
        plies = env.unwrapped.state.ply
        print(f"game {index}: {winner} ({env.unwrapped.state.reason}, {plies} plies)")
        tally[winner] += 1
    env.close()
    return tally


def parse_rule(text: str) -> tuple[str, ngola.RuleValue]:
    key, _, value = text.partition("=")
    return key, int(value) if value.lstrip("-").isdigit() else value


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="mangola", choices=ngola.GAMES)
    parser.add_argument("--games", type=int, default=10)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--rule", action="append", default=[], help="a rule option, key=value")
    args = parser.parse_args()
    tally = play(args.game, args.games, args.seed, dict(parse_rule(r) for r in args.rule))
    print("tally:", ", ".join(f"{k} {tally[k]}" for k in ("south", "north", "draw")))


if __name__ == "__main__":
    main()
