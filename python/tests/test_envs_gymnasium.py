"""The Gymnasium environments ngola/<Game>-v0: Gymnasium's own check_env
with every warning an error, and the learner/opponent/reward contract."""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pytest

import ngola
from conftest import SMALL_RULES

gymnasium = pytest.importorskip("gymnasium")
from gymnasium.utils.env_checker import check_env  # noqa: E402

import ngola.envs  # noqa: E402

IDS = ngola.envs.ENV_IDS


def test_registered_ids() -> None:
    assert IDS == {
        "mangola": "ngola/Mangola-v0",
        "umelbagara": "ngola/UmElBagara-v0",
        "kalah": "ngola/Kalah-v0",
        "oware": "ngola/Oware-v0",
    }
    for env_id in IDS.values():
        assert env_id in gymnasium.registry


@pytest.mark.parametrize("opponent", ["random", "alphabeta:depth=2"])
def test_check_env_without_warnings(game_name: str, opponent: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        env = gymnasium.make(IDS[game_name], opponent=opponent)
        check_env(env.unwrapped)
        env.close()


def test_check_env_small_rules_and_sides(game_name: str) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for play_as in ("south", "north"):
            env = gymnasium.make(IDS[game_name], play_as=play_as, **SMALL_RULES[game_name])
            check_env(env.unwrapped)


def test_mcts_opponent_as_in_the_issue() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        env = gymnasium.make("ngola/Mangola-v0", opponent="mcts:sims=200", columns=4)
        check_env(env.unwrapped, skip_render_check=True)
    assert env.unwrapped.opponent_spec.startswith("mcts:sims=200")
    assert env.unwrapped.game.rules["columns"] == 4


def play_out(env: Any, seed: int) -> tuple[float, dict[str, Any], int]:
    """Plays random legal actions to the end: the last reward and info, steps."""
    _, info = env.reset(seed=seed)
    rng = np.random.default_rng(seed)
    steps = 0
    while True:
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        _, reward, terminated, truncated, info = env.step(action)
        steps += 1
        assert not truncated
        if terminated:
            return float(reward), info, steps
        assert reward == 0.0


def test_rewards_are_the_winner_from_the_learners_side(game_name: str) -> None:
    env = gymnasium.make(IDS[game_name], **SMALL_RULES[game_name])
    seen = set()
    for seed in range(30):
        reward, info, _ = play_out(env, seed)
        state = env.unwrapped.state
        assert state.is_over
        learner = "S" if info["learner"] == "south" else "N"
        expected = 0.0 if state.winner == "draw" else (1.0 if state.winner == learner else -1.0)
        assert reward == expected
        assert info["winner"] == state.winner and info["reason"] == state.reason
        assert not info["action_mask"].any()
        seen.add(info["learner"])
    assert seen == {"south", "north"}, "play_as=random never chose one side"


def test_play_as_and_the_opponents_first_move() -> None:
    env = gymnasium.make("ngola/Kalah-v0", play_as="south")
    obs, info = env.reset(seed=1)
    assert info["learner"] == "south" and env.unwrapped.state.ply == 0
    np.testing.assert_array_equal(obs, ngola.Game("kalah").start().observation("S"))
    env = gymnasium.make("ngola/Kalah-v0", play_as="north", opponent="alphabeta:depth=3")
    obs, info = env.reset(seed=1)
    state = env.unwrapped.state
    assert info["learner"] == "north" and state.to_move == "N" and state.ply >= 1
    np.testing.assert_array_equal(obs, state.observation("N"))
    assert list(np.flatnonzero(info["action_mask"])) == state.legal_actions()
    sides = {gymnasium.make("ngola/Oware-v0").reset(seed=s)[1]["learner"] for s in range(20)}
    assert sides == {"south", "north"}
    again = [gymnasium.make("ngola/Oware-v0").reset(seed=7)[1]["learner"] for _ in range(3)]
    assert len(set(again)) == 1


def test_the_opponent_is_the_spec() -> None:
    """A deterministic opponent's moves are the ones ngola.Agent selects."""
    spec = "alphabeta:depth=3"
    env = gymnasium.make("ngola/Mangola-v0", opponent=spec, play_as="south", columns=5)
    _, info = env.reset(seed=0)
    agent = ngola.Agent(spec, env.unwrapped.game)
    rng = np.random.default_rng(0)
    checked = 0
    while True:
        before = env.unwrapped.state.clone()
        action = int(rng.choice(np.flatnonzero(info["action_mask"])))
        _, _, terminated, _, info = env.step(action)
        if terminated:
            break
        expected = before.child(action)
        while expected.to_move == "N":
            expected.play(agent.select(expected))
            checked += 1
        assert str(env.unwrapped.state) == str(expected)
    assert checked > 3


def test_illegal_action_loses() -> None:
    env = gymnasium.make("ngola/Kalah-v0", play_as="south")
    env.reset(seed=0)
    _obs, reward, terminated, truncated, info = env.step(7)  # a store: never a move
    assert (reward, terminated, truncated) == (-1.0, True, False)
    assert info["illegal_action"] is True and not info["action_mask"].any()
    with pytest.raises(ngola.NgolaError, match="reset"):
        env.step(0)


def test_bad_settings() -> None:
    with pytest.raises(ngola.SpecError):
        gymnasium.make("ngola/Mangola-v0", opponent="mcts:sims=oops")
    with pytest.raises(ngola.RunError, match="play_as"):
        gymnasium.make("ngola/Mangola-v0", play_as="east")
    with pytest.raises(ngola.RuleError):
        gymnasium.make("ngola/Mangola-v0", colums=6)


def test_rgb_array_from_the_learners_side() -> None:
    """The picture is the board from the learner's side: North's row, with
    1 to 6 seeds from b1 to b6, is the top row for South (b1 on the left)
    and the bottom row for North (b1 on the right)."""
    from ngola.envs import _image

    pictures = {}
    for side in ("south", "north"):
        env = gymnasium.make("ngola/Oware-v0", play_as=side, render_mode="rgb_array")
        env.reset(seed=0)
        env.unwrapped.state = env.unwrapped.game.position("oware 4,4,4,4,4,4/1,2,3,4,5,6 S 0 0,0")
        picture = env.render()
        assert isinstance(picture, np.ndarray) and picture.dtype == np.uint8
        pictures[side] = picture
    south, north = pictures["south"], pictures["north"]
    assert south.shape == north.shape and south.shape[2] == 3
    cell = _image.CELL
    left = (south.shape[1] - 6 * cell) // 2  # the holes are centred between the stores
    top = south.shape[0] // 2 - cell - _image._GAP // 2
    bottom = south.shape[0] // 2 + _image._GAP // 2

    def hole(picture: Any, y: int, column: int) -> Any:
        return picture[y : y + cell, left + column * cell : left + (column + 1) * cell]

    for k in range(6):
        assert np.array_equal(hole(south, top, k), hole(north, bottom, 5 - k)), k
    assert not np.array_equal(hole(south, top, 0), hole(south, top, 1))


def test_render_ansi_from_the_learners_side() -> None:
    env = gymnasium.make("ngola/UmElBagara-v0", play_as="north", render_mode="ansi")
    env.reset(seed=0)
    text = env.render()
    assert isinstance(text, str)
    lines = text.splitlines()
    assert "North" in lines[-2] or "North" in lines[-3]
    assert "(you)" in text
