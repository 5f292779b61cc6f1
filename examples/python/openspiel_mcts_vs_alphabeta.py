"""OpenSpiel's MCTS against ngola's alpha-beta on Mangola, as an ngola
tournament: the OpenSpiel bot plays through ``ngola.envs.openspiel`` (the
game registered as ``python_ngola_mangola``) inside a Python callable, which
``ngola.tournament`` seats like any agent.

    python examples/python/openspiel_mcts_vs_alphabeta.py [--games 4] [--sims 100]
        [--depth 4] [--rule columns=6] [--out DIR]

Prints the standings (pandas) and the folder of the run (games.csv etc.).
The bot's random numbers are drawn from a generator seeded by the position
and ``--seed``, so a run is the same whatever the number of threads.
"""

from __future__ import annotations

import argparse
import tempfile
import zlib
from collections.abc import Callable
from typing import Optional

import numpy as np
import pyspiel
from open_spiel.python.algorithms import mcts

import ngola
import ngola.envs.openspiel as ngola_spiel


def openspiel_mcts(game: ngola.Game, simulations: int, seed: int) -> Callable[[ngola.State], str]:
    """A callable agent ``f(state) -> move``: OpenSpiel's MCTSBot (random
    rollouts) on the OpenSpiel version of ``game``."""
    ngola_spiel.register()
    spiel_game = pyspiel.load_game(f"python_ngola_{game.name}", dict(game.rules))

    def select(state: ngola.State) -> str:
        rng = np.random.RandomState(zlib.crc32(f"{seed} {state}".encode()))
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
        bot = mcts.MCTSBot(
            spiel_game,
            uct_c=2.0,
            max_simulations=simulations,
            evaluator=evaluator,
            random_state=rng,
        )
        action = bot.step(ngola_spiel.spiel_state(spiel_game, state))
        return state.action_to_move(action)

    return select


def parse_rule(text: str) -> tuple[str, ngola.RuleValue]:
    key, _, value = text.partition("=")
    return key, int(value) if value.lstrip("-").isdigit() else value


def run(
    games: int,
    sims: int,
    depth: int,
    seed: int,
    rules: dict[str, ngola.RuleValue],
    out: Optional[str],
) -> ngola.Run:
    """Plays the match and returns its run."""
    game = ngola.Game("mangola", **rules)
    agents: dict[str, ngola.AgentEntry] = {
        f"openspiel-mcts-{sims}": openspiel_mcts(game, sims, seed),
        f"alphabeta-{depth}": f"alphabeta:depth={depth}",
    }
    folder = out or tempfile.mkdtemp(prefix="ngola-openspiel-")
    return ngola.tournament(game, agents, games, seed=seed, out=f"{folder}/run")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=4, help="games (both colours, even)")
    parser.add_argument("--sims", type=int, default=100, help="MCTS simulations per move")
    parser.add_argument("--depth", type=int, default=4, help="alpha-beta depth")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--rule", action="append", default=[], help="a rule option, key=value")
    parser.add_argument("--out", help="folder for the run (default: a temporary folder)")
    args = parser.parse_args()
    rules = dict(parse_rule(r) for r in args.rule)
    result = run(args.games, args.sims, args.depth, args.seed, rules, args.out)
    print(result.standings.to_string(index=False))
    print(f"run: {result.dir}")


if __name__ == "__main__":
    main()
