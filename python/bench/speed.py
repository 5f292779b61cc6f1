"""Speed of the ngola Python package, as ratios measured in one run.

    python python/bench/speed.py [--rounds 5] [--games 2000] [--ngola PATH]

(from the repository's top folder, in an environment with ngola, and
open-spiel for the first table). Three measurements, each the median over
``--rounds`` rounds that alternate the programs compared:

1. Random games per second through a plain Python loop
   (``while not s.is_over: s.play(rng.choice(s.legal_actions()))``) on
   ``ngola.State`` against the same loop on pyspiel's native ``mancala`` and
   ``oware`` (OpenSpiel's C++ games through pybind11).
2. ``ngola.selfplay(game, "random", ...)`` positions per second (one thread
   and all threads) against ``ngola bench movegen`` plies per second (one
   thread, no observations or masks).
3. The cost of a Python callable agent per move in ``ngola.tournament``:
   random against random with a callable in one seat versus the built-in
   ``random`` agent, per move played by the callable.
"""

from __future__ import annotations

import argparse
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import ngola

REPO = Path(__file__).resolve().parents[2]


def timed(work: Callable[[], int]) -> float:
    """Units of work per second of `work()` (which returns its unit count)."""
    start = time.perf_counter()
    units = work()
    return units / (time.perf_counter() - start)


def ngola_loop(game: ngola.Game, games: int, seed: int) -> Callable[[], int]:
    def work() -> int:
        rng = random.Random(seed)
        for _ in range(games):
            state = game.start()
            while not state.is_over:
                state.play(rng.choice(state.legal_actions()))
        return games

    return work


def spiel_loop(game: Any, games: int, seed: int) -> Callable[[], int]:
    def work() -> int:
        rng = random.Random(seed)
        for _ in range(games):
            state = game.new_initial_state()
            while not state.is_terminal():
                state.apply_action(rng.choice(state.legal_actions()))
        return games

    return work


def movegen_plies(ngola_bin: Path, game: str, games: int) -> float:
    out = subprocess.run(
        [str(ngola_bin), "bench", "movegen", game, "--games", str(games)],
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    for line in out.splitlines():
        if line.startswith("plies/s"):
            return float(line.split()[1])
    raise RuntimeError(f"no plies/s line in: {out}")


def selfplay_positions(game: str, games: int, threads: int) -> Callable[[], int]:
    def work() -> int:
        data = ngola.selfplay(game, "random", games, seed=1, threads=threads)
        return len(data["actions"])

    return work


def callable_tournament(game: str, games: int, with_callable: bool) -> float:
    """Seconds per game of random vs random, one seat a Python callable or not."""
    rng = random.Random(1)

    def python_random(state: ngola.State) -> str:
        return rng.choice(state.legal_moves())

    seat: ngola.AgentEntry = python_random if with_callable else "random"
    with tempfile.TemporaryDirectory() as folder:
        start = time.perf_counter()
        run = ngola.tournament(
            game, {"seat": seat, "random": "random"}, games, threads=1, out=Path(folder) / "run"
        )
        seconds = time.perf_counter() - start
        plies = int(run.games["plies"].sum())
    return seconds / plies


def find_ngola(given: str | None) -> Path:
    for candidate in [given, os.environ.get("NGOLA_BIN"), REPO / "target" / "release" / "ngola"]:
        if candidate and Path(candidate).is_file():
            return Path(candidate)
    found = shutil.which("ngola")
    if found:
        return Path(found)
    raise SystemExit("build the ngola program first: cargo build --release -p ngola")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--games", type=int, default=2000, help="random games per loop")
    parser.add_argument("--ngola", help="the ngola program (default target/release/ngola)")
    args = parser.parse_args()
    ngola_bin = find_ngola(args.ngola)
    cores = os.cpu_count() or 1
    print(f"ngola Python package speed, median of {args.rounds} rounds, {cores} cores")
    print(f"python {sys.version.split()[0]}, {time.strftime('%Y-%m-%dT%H:%MZ', time.gmtime())}")

    try:
        import pyspiel
    except ImportError:
        pyspiel = None
        print("\n(open-spiel not installed: the first table is skipped)")
    if pyspiel is not None:
        print("\n1. random games/s, plain Python loop over the state API")
        print(f"{'game':8} {'ngola.State':>12} {'pyspiel':>12} {'ratio':>7}")
        for ours, theirs in (("kalah", "mancala"), ("oware", "oware")):
            ng, os_ = [], []
            for round_ in range(args.rounds):
                ng.append(timed(ngola_loop(ngola.Game(ours), args.games, round_)))
                spiel = pyspiel.load_game(theirs)
                os_.append(timed(spiel_loop(spiel, args.games, round_)))
            a, b = statistics.median(ng), statistics.median(os_)
            print(f"{ours:8} {a:12.0f} {b:12.0f} {a / b:7.2f}")

    print("\n2. ngola.selfplay positions/s (random agent) vs `ngola bench movegen` plies/s")
    header = ("game", "movegen", "selfplay 1t", "ratio", "selfplay", "ratio")
    print("{:11} {:>10} {:>12} {:>6} {:>10} {:>6}".format(*header))
    for game in ngola.GAMES:
        gen, one, all_ = [], [], []
        selfplay_games = max(args.games // 2, 1)
        for _ in range(args.rounds):
            gen.append(movegen_plies(ngola_bin, game, args.games * 5))
            one.append(timed(selfplay_positions(game, selfplay_games, 1)))
            all_.append(timed(selfplay_positions(game, selfplay_games, cores)))
        g, o, a = (statistics.median(x) for x in (gen, one, all_))
        print(f"{game:11} {g:10.0f} {o:12.0f} {o / g:6.2f} {a:10.0f} {a / g:6.2f}")
    print("(selfplay: the last two columns use all cores; ratio = selfplay / movegen)")

    print("\n3. a Python callable agent in ngola.tournament, one thread")
    print(f"{'game':8} {'builtin us/ply':>15} {'callable us/ply':>16} {'overhead us/move':>17}")
    for game in ("kalah", "mangola"):
        builtin, python = [], []
        for _ in range(args.rounds):
            builtin.append(callable_tournament(game, 200, False))
            python.append(callable_tournament(game, 200, True))
        b, p = statistics.median(builtin) * 1e6, statistics.median(python) * 1e6
        # The callable plays about half the plies.
        print(f"{game:8} {b:15.2f} {p:16.2f} {2 * (p - b):17.2f}")


if __name__ == "__main__":
    main()
