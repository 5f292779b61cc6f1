"""ngola.envs.openspiel: the four games as OpenSpiel python games, checked by
OpenSpiel's own random_sim_test (with serialisation), against OpenSpiel's
own mancala and oware on 1,000 random games each, and driven by
OpenSpiel's MCTSBot and evaluate_bots."""

from __future__ import annotations

import pickle
import random

import numpy as np
import pytest

import ngola
from conftest import SMALL_RULES

pyspiel = pytest.importorskip("pyspiel")
from open_spiel.python.algorithms import evaluate_bots, mcts  # noqa: E402

import ngola.envs.openspiel as ngola_spiel  # noqa: E402

ngola_spiel.register()


def test_registered_names_and_types() -> None:
    names = {g.short_name for g in pyspiel.registered_games()}
    for name in ngola.GAMES:
        assert f"python_ngola_{name}" in names
        game = pyspiel.load_game(f"python_ngola_{name}")
        kind = game.get_type()
        assert kind.dynamics == pyspiel.GameType.Dynamics.SEQUENTIAL
        assert kind.utility == pyspiel.GameType.Utility.ZERO_SUM
        assert kind.chance_mode == pyspiel.GameType.ChanceMode.DETERMINISTIC
        assert kind.information == pyspiel.GameType.Information.PERFECT_INFORMATION
        assert kind.parameter_specification == ngola.Game(name).rules
        assert game.num_distinct_actions() == ngola.Game(name).num_actions
        assert game.num_players() == 2
        assert (game.min_utility(), game.max_utility(), game.utility_sum()) == (-1.0, 1.0, 0.0)
        assert game.observation_tensor_shape() == list(ngola.Game(name).observation_shape)
    ngola_spiel.register()  # again: nothing happens


def test_parameters_are_the_rule_options() -> None:
    game = pyspiel.load_game("python_ngola_mangola(capture_sowing=ludii)")
    assert game.ngola_game.rules["capture_sowing"] == "ludii"
    game = pyspiel.load_game("python_ngola_mangola(columns=6,max_plies=300)")
    assert game.num_distinct_actions() == 12
    assert game.max_game_length() == 300
    # Kalah is over once MORE than max_plies plies were played (as OpenSpiel's mancala).
    assert pyspiel.load_game("python_ngola_kalah(max_plies=50)").max_game_length() == 51
    with pytest.raises(ngola.RuleError, match="max_plies"):
        pyspiel.load_game("python_ngola_oware(max_plies=0)")
    with pytest.raises(ngola.RuleError, match="columns"):
        pyspiel.load_game("python_ngola_mangola(columns=99)")
    with pytest.raises(ngola.RuleError, match="endless_sowing"):
        pyspiel.load_game("python_ngola_mangola(endless_sowing=draw)")


@pytest.mark.parametrize(
    "spec",
    [
        "python_ngola_mangola",
        "python_ngola_mangola(capture_sowing=ludii)",
        "python_ngola_mangola(columns=4,endless_sowing=stop)",
        "python_ngola_umelbagara",
        "python_ngola_umelbagara(skip_origin=True)",
        "python_ngola_kalah",
        "python_ngola_kalah(empty_capture=True,pits=4)",
        "python_ngola_oware",
    ],
)
def test_random_sim_test_with_serialization(spec: str) -> None:
    game = pyspiel.load_game(spec)
    pyspiel.random_sim_test(game, num_sims=5, serialize=True, verbose=False)


def test_observations_strings_and_serialization(game_name: str) -> None:
    game = pyspiel.load_game(f"python_ngola_{game_name}")
    state = game.new_initial_state()
    rng = random.Random(3)
    for _ in range(12):
        if state.is_terminal():
            break
        reference = state.ngola_state
        for player, side in ((0, "S"), (1, "N")):
            assert state.observation_tensor(player) == pytest.approx(
                reference.observation(side).tolist()
            )
            assert state.observation_string(player) == str(reference)
        assert state.information_state_string(0) == state.history_str()
        copy = game.deserialize_state(state.serialize())
        assert str(copy) == str(state) and copy.history() == state.history()
        again = pickle.loads(pickle.dumps(state))
        assert str(again) == str(state)
        state.apply_action(rng.choice(state.legal_actions()))


def compare_random_games(ours: str, theirs: str, games: int) -> None:
    mine = pyspiel.load_game(ours)
    spiel = pyspiel.load_game(theirs)
    rng = random.Random(2024)
    for index in range(games):
        a = mine.new_initial_state()
        b = spiel.new_initial_state()
        while not b.is_terminal():
            assert not a.is_terminal(), f"game {index}"
            assert a.current_player() == b.current_player(), f"game {index}"
            assert a.legal_actions() == b.legal_actions(), f"game {index}"
            action = rng.choice(b.legal_actions())
            a.apply_action(action)
            b.apply_action(action)
        assert a.is_terminal(), f"game {index}"
        assert a.returns() == b.returns(), f"game {index}"
        assert a.history() == b.history()


def test_kalah_agrees_with_openspiel_mancala() -> None:
    compare_random_games("python_ngola_kalah", "mancala", 1000)


def test_oware_agrees_with_openspiel_oware() -> None:
    compare_random_games("python_ngola_oware", "oware", 1000)


def test_mcts_bot_and_evaluate_bots_on_mangola() -> None:
    game = pyspiel.load_game("python_ngola_mangola(columns=4)")
    results = []
    for seed in range(4):
        rng = np.random.RandomState(seed)
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
        bots = [
            mcts.MCTSBot(
                game, uct_c=2.0, max_simulations=30, evaluator=evaluator, random_state=rng
            ),
            pyspiel.make_uniform_random_bot(1, seed),
        ]
        returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng)
        assert returns[0] == -returns[1] and abs(returns[0]) in (0.0, 1.0)
        results.append(returns[0])
    assert sum(results) > 0, "30-simulation MCTS lost to uniform random every time"
    full = pyspiel.load_game("python_ngola_mangola")
    rng = np.random.RandomState(0)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    bot = mcts.MCTSBot(full, uct_c=2.0, max_simulations=5, evaluator=evaluator, random_state=rng)
    returns = evaluate_bots.evaluate_bots(full.new_initial_state(), [bot, bot], rng)
    assert returns[0] == -returns[1]


def test_spiel_state_of_an_ngola_state() -> None:
    game = pyspiel.load_game("python_ngola_mangola(columns=4)")
    position = ngola.Game("mangola", columns=4).start()
    position.play(position.legal_actions()[1])
    state = ngola_spiel.spiel_state(game, position)
    assert str(state) == str(position) and state.current_player() == 1
    state.apply_action(state.legal_actions()[0])
    assert position.ply == 1, "the ngola state was copied"
    with pytest.raises(ngola.RuleError):
        ngola_spiel.spiel_state(game, ngola.Game("mangola").start())


def test_small_rules_run(game_name: str) -> None:
    params = ",".join(f"{k}={v}" for k, v in SMALL_RULES[game_name].items())
    game = pyspiel.load_game(f"python_ngola_{game_name}({params})")
    pyspiel.random_sim_test(game, num_sims=3, serialize=True, verbose=False)
