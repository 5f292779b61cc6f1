#!/usr/bin/env python3
"""Measures OpenSpiel's C++ speed on Kalah (`mancala`) and Oware (`oware`).

Used by experiments/compare-openspiel.sh; prints one line per figure:
    <game> random-games/s <number>
    <game> mcts-sims/s <number>

Random games: pyspiel.evaluate_bots with two C++ uniform random bots (the
game loop runs in C++). MCTS: pyspiel.MCTSBot (C++), uct_c=2, one random
rollout per simulation (RandomRolloutEvaluator(1)), 10,000 simulations
from the start position, timed around one bot.step.
"""
import argparse
import time

import pyspiel


def random_games_per_second(game, games):
    bots = [pyspiel.make_uniform_random_bot(0, 1), pyspiel.make_uniform_random_bot(1, 2)]
    # Warm-up.
    for i in range(max(1, games // 10)):
        pyspiel.evaluate_bots(game.new_initial_state(), bots, i)
    start = time.perf_counter()
    for i in range(games):
        pyspiel.evaluate_bots(game.new_initial_state(), bots, i)
    return games / (time.perf_counter() - start)


def mcts_sims_per_second(game, sims, seed):
    evaluator = pyspiel.RandomRolloutEvaluator(1, seed)
    bot = pyspiel.MCTSBot(game, evaluator, 2.0, sims, 1000, False, seed, False)
    state = game.new_initial_state()
    start = time.perf_counter()
    bot.step(state)
    return sims / (time.perf_counter() - start)


def main():
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--games", type=int, default=20000)
    parser.add_argument("--sims", type=int, default=10000)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--what", choices=["random", "mcts", "both"], default="both")
    parser.add_argument("names", nargs="*", default=["mancala", "oware"])
    args = parser.parse_args()
    for name in args.names:
        game = pyspiel.load_game(name)
        if args.what in ("random", "both"):
            print(f"{name} random-games/s {random_games_per_second(game, args.games):.0f}", flush=True)
        if args.what in ("mcts", "both"):
            print(f"{name} mcts-sims/s {mcts_sims_per_second(game, args.sims, args.seed):.0f}", flush=True)


if __name__ == "__main__":
    main()
