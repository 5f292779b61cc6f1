"""ngola.Agent and ngola.solve."""

from __future__ import annotations

import random
import threading
import time

import pytest

import ngola
from conftest import SMALL_RULES

SPECS = ["random", "greedy", "alphabeta:depth=2", "mcts:sims=50", "solver:tt=4"]

# Boards the solver decides at once.
TINY_RULES: dict[str, dict[str, ngola.RuleValue]] = {
    "mangola": {"columns": 2},
    "umelbagara": {"houses": 3, "counters": 2},
    "kalah": {"pits": 2, "seeds": 2},
    "oware": {"houses": 2, "seeds": 2},
}


def test_agents_play_legal_moves(game_name: str) -> None:
    for spec in SPECS:
        rules = TINY_RULES if spec.startswith("solver") else SMALL_RULES
        game = ngola.Game(game_name, **rules[game_name], max_plies=60)
        agent = ngola.Agent(spec, game, seed=5)
        state = game.start()
        while not state.is_over:
            mv = agent.select(state)
            assert mv in state.legal_moves(), (spec, str(state), mv)
            state.play(mv)


def test_names_are_canonical() -> None:
    agent = ngola.Agent("alphabeta:depth=3", "kalah")
    assert agent.name == "alphabeta:depth=3,nodes=none,time=none,eval=heuristic,tt=16"
    assert agent.game == ngola.Game("kalah") and agent.seed == 0
    assert ngola.Agent("random", "oware", seed=9).name == "random"


def test_seeds_reproduce() -> None:
    game = ngola.Game("mangola")

    def moves(seed: int) -> list[str]:
        agent = ngola.Agent("random", game, seed=seed)
        state = game.start()
        while not state.is_over:
            state.play(agent.select(state))
        return state.history

    assert moves(1) == moves(1)
    assert moves(1) != moves(2)


def test_spec_errors() -> None:
    with pytest.raises(ngola.SpecError) as caught:
        ngola.Agent("minimax:depth=3", "kalah")
    assert str(caught.value) == (
        "unknown agent `minimax` in spec `minimax:depth=3`; valid agents: "
        "random, greedy, alphabeta, mcts, solver, policy, az"
    )
    with pytest.raises(ngola.SpecError, match="unknown parameter `dept`"):
        ngola.Agent("alphabeta:dept=3", "kalah")
    with pytest.raises(ngola.SpecError, match="bad value `0` for `depth`"):
        ngola.Agent("alphabeta:depth=0", "kalah")
    with pytest.raises(ngola.RuleError):
        ngola.Agent("random", "chess")


def test_select_refuses_other_games_and_ended_games() -> None:
    agent = ngola.Agent("random", ngola.Game("kalah"))
    with pytest.raises(ngola.RuleError, match="this agent plays kalah"):
        agent.select(ngola.Game("oware").start())
    with pytest.raises(ngola.RuleError):
        agent.select(ngola.Game("kalah", pits=4).start())
    over = ngola.Game("kalah").position("kalah 0,0,0,0,0,0/1,0,0,0,0,0 S 40 24,23")
    assert over.is_over
    with pytest.raises(ngola.PositionError, match="the game is over"):
        agent.select(over)


def test_select_releases_the_gil() -> None:
    """A Python thread keeps running while an agent searches."""
    agent = ngola.Agent("alphabeta:time=300ms", "mangola")
    ticks = 0
    stop = False

    def count() -> None:
        nonlocal ticks
        while not stop:
            ticks += 1
            time.sleep(0.001)

    thread = threading.Thread(target=count)
    thread.start()
    state = ngola.Game("mangola").start()
    for mv in ["a1", "d8", "a8", "d1"]:
        state.play(mv)
    agent.select(state)
    stop = True
    thread.join()
    assert ticks > 50


def test_solve_known_values() -> None:
    # Irving, Donkers and Uiterwijk's Kalah(3,2): a win by 4 (docs/src/prover.md).
    solution = ngola.solve(ngola.Game("kalah", pits=3, seeds=2, empty_capture=True).start())
    assert (solution.value, solution.margin) == ("win", 4)
    assert solution.pv == ["a2", "a3", "b3", "b1", "a2", "b2", "a2", "b1"]
    assert solution.nodes > 0 and solution.plies is None
    # Mangola 4 x 2: South wins in 7 plies; 4 x 3: South loses in 8.
    two = ngola.solve(ngola.Game("mangola", columns=2).start(), tt_mib=16)
    assert (two.value, two.margin, two.plies) == ("win", 0, 7)
    three = ngola.solve(ngola.Game("mangola", columns=3).start(), tt_mib=16)
    assert (three.value, three.plies) == ("loss", 8)
    # Following the principal variation ends the game as predicted.
    state = ngola.Game("mangola", columns=2).start()
    for mv in two.pv:
        state.play(mv)
    assert state.is_over and state.winner == "S" and state.ply == 7


def test_solve_tt_bounds() -> None:
    state = ngola.Game("kalah", pits=2, seeds=1).start()
    for bad in (0, 65537, -1):
        with pytest.raises(ngola.SpecError, match="tt_mib"):
            ngola.solve(state, tt_mib=bad)


def test_solve_ended_game() -> None:
    # South's row is empty: South 25, North 22 + 1.
    over = ngola.Game("kalah").position("kalah 0,0,0,0,0,0/1,0,0,0,0,0 S 40 25,22")
    solution = ngola.solve(over, tt_mib=1)
    assert solution.value == "win" and solution.pv == [] and solution.margin == 2


def test_agent_against_random_wins() -> None:
    game = ngola.Game("oware")
    strong = ngola.Agent("alphabeta:depth=4", game)
    weak = ngola.Agent("random", game, seed=1)
    wins = 0
    rng = random.Random(0)
    for _ in range(4):
        state = game.start()
        for _ in range(2):
            state.play(rng.choice(state.legal_moves()))
        while not state.is_over:
            agent = strong if state.to_move == "S" else weak
            state.play(agent.select(state))
        wins += state.winner == "S"
    assert wins >= 3
