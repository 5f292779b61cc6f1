"""ngola.envs.VectorEnv: Gymnasium's vector API over the Rust batched
stepper, checked against the single environment (ngola/<Game>-v0) game by
game, for NEXT_STEP autoreset, seeding and thread-count independence."""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt
import pytest

import ngola
from conftest import SMALL_RULES

gymnasium = pytest.importorskip("gymnasium")
from gymnasium.vector import AutoresetMode  # noqa: E402

import ngola.envs  # noqa: E402


def random_actions(rng: np.random.Generator, masks: npt.NDArray[np.int8]) -> npt.NDArray[np.int64]:
    """A uniformly random legal action per game (0 where nothing is legal)."""
    scores = (rng.random(masks.shape) + 1.0) * masks
    actions: npt.NDArray[np.int64] = scores.argmax(axis=1).astype(np.int64)
    return actions


def test_spaces_and_metadata(game_name: str) -> None:
    envs = ngola.envs.VectorEnv(game_name, 5)
    single = gymnasium.make(ngola.envs.ENV_IDS[game_name]).unwrapped
    assert isinstance(envs, gymnasium.vector.VectorEnv)
    assert envs.num_envs == 5
    assert envs.metadata["autoreset_mode"] == AutoresetMode.NEXT_STEP
    assert envs.single_observation_space == single.observation_space
    assert envs.single_action_space == single.action_space
    assert envs.action_space == gymnasium.spaces.MultiDiscrete([single.action_space.n] * 5)
    assert envs.observation_space.shape == (5, *single.observation_space.shape)
    obs, infos = envs.reset(seed=0)
    assert obs in envs.observation_space
    assert infos["action_mask"].shape == (5, envs.game.num_actions)
    assert infos["action_mask"].dtype == np.int8
    assert infos["_action_mask"].all()


def run(envs: Any, seed: int, steps: int) -> list[tuple[Any, ...]]:
    """Random legal play for `steps` steps; everything the env returned."""
    rng = np.random.default_rng(seed)
    obs, infos = envs.reset(seed=seed)
    out: list[tuple[Any, ...]] = [
        (obs.copy(), infos["action_mask"].copy(), infos["learner"].copy())
    ]
    for _ in range(steps):
        obs, rewards, terms, truncs, infos = envs.step(random_actions(rng, infos["action_mask"]))
        out.append((obs, rewards, terms, truncs, infos["action_mask"], infos["learner"]))
    return out


def same(a: list[tuple[Any, ...]], b: list[tuple[Any, ...]]) -> bool:
    return all(
        all(np.array_equal(x, y) for x, y in zip(row_a, row_b)) for row_a, row_b in zip(a, b)
    )


def test_seeded_runs_repeat_whatever_the_threads() -> None:
    one = run(ngola.envs.VectorEnv("mangola", 300, threads=1, columns=5), 11, 120)
    two = run(ngola.envs.VectorEnv("mangola", 300, threads=2, columns=5), 11, 120)
    assert same(one, two)
    other = run(ngola.envs.VectorEnv("mangola", 300, threads=2, columns=5), 12, 120)
    assert not same(one, other)


def test_like_the_single_env_game_by_game(game_name: str) -> None:
    """With a deterministic opponent, game i of the batch is the single
    environment given the same actions: observations, masks, rewards, ends."""
    rules = SMALL_RULES[game_name]
    spec = "alphabeta:depth=2"
    for play_as in ("south", "north"):
        envs = ngola.envs.VectorEnv(ngola.Game(game_name, **rules), 4, spec, play_as=play_as)
        singles = [
            gymnasium.make(ngola.envs.ENV_IDS[game_name], opponent=spec, play_as=play_as, **rules)
            for _ in range(4)
        ]
        obs, infos = envs.reset(seed=0)
        started = [env.reset(seed=i) for i, env in enumerate(singles)]
        for i, (single_obs, single_info) in enumerate(started):
            np.testing.assert_array_equal(obs[i], single_obs)
            np.testing.assert_array_equal(infos["action_mask"][i], single_info["action_mask"])
        rng = np.random.default_rng(5)
        ended = [False] * 4
        for _ in range(150):
            actions = random_actions(rng, infos["action_mask"])
            obs, rewards, terms, truncs, infos = envs.step(actions)
            assert truncs.dtype == np.bool_ and truncs.shape == (4,)
            assert not truncs.any()  # the rules end every game long before the ply limit
            for i, env in enumerate(singles):
                if ended[i]:  # NEXT_STEP: this step started a new game
                    assert not terms[i] and rewards[i] == 0.0
                    single_obs, single_info = env.reset()
                    ended[i] = False
                else:
                    single_obs, reward, term, _, single_info = env.step(int(actions[i]))
                    assert rewards[i] == reward and terms[i] == term
                    ended[i] = term
                np.testing.assert_array_equal(obs[i], single_obs)
                np.testing.assert_array_equal(infos["action_mask"][i], single_info["action_mask"])
                assert infos["learner"][i] == play_as


def test_autoreset_next_step_and_rewards() -> None:
    envs = ngola.envs.VectorEnv("kalah", 64, pits=3, seeds=2)
    rng = np.random.default_rng(0)
    _, infos = envs.reset(seed=3)
    finished = 0
    pending = np.zeros(64, dtype=bool)
    for _ in range(200):
        _, rewards, terms, _, infos = envs.step(random_actions(rng, infos["action_mask"]))
        # The games that ended last step started anew: reward 0, a fresh position.
        assert not terms[pending].any() and (rewards[pending] == 0).all()
        for i in np.flatnonzero(pending):
            fresh = envs.state(int(i))
            if infos["learner"][i] == "south":
                assert fresh.ply == 0
            else:  # the opponent's first move (and extra turns) were played
                assert fresh.ply >= 1 and fresh.to_move == "N"
        for i in np.flatnonzero(terms):
            state = envs.state(int(i))
            assert state.is_over
            learner = "S" if infos["learner"][i] == "south" else "N"
            expected = 0 if state.winner == "draw" else (1 if state.winner == learner else -1)
            assert rewards[i] == expected
            assert not infos["action_mask"][i].any()
        finished += int(terms.sum())
        pending = terms.copy()
        assert set(np.unique(rewards)) <= {-1.0, 0.0, 1.0}
    assert finished > 100
    assert set(infos["learner"]) == {"south", "north"}


def test_illegal_actions_lose() -> None:
    envs = ngola.envs.VectorEnv("kalah", 3, play_as="south")
    envs.reset(seed=0)
    _, rewards, terms, _, infos = envs.step(np.array([7, 99, 1]))
    assert list(terms) == [True, True, False]
    assert list(rewards) == [-1.0, -1.0, 0.0]
    assert list(infos["illegal_action"]) == [True, True, False]


def test_reset_without_seed_goes_on() -> None:
    envs = ngola.envs.VectorEnv("oware", 16, opponent="random")
    envs.reset(seed=1)
    a = envs.reset()[0]
    envs.reset(seed=1)
    b = envs.reset()[0]
    np.testing.assert_array_equal(a, b)
    fresh = ngola.envs.VectorEnv("oware", 16, opponent="random")
    fresh.reset()
    fresh.step(random_actions(np.random.default_rng(0), fresh.reset()[1]["action_mask"]))


def test_bad_input() -> None:
    with pytest.raises(ngola.RunError, match="n"):
        ngola.envs.VectorEnv("mangola", 0)
    with pytest.raises(ngola.SpecError):
        ngola.envs.VectorEnv("mangola", 2, opponent="alphabeta:depth=x")
    with pytest.raises(ngola.RunError, match="play_as"):
        ngola.envs.VectorEnv("mangola", 2, play_as="west")
    envs = ngola.envs.VectorEnv("mangola", 2)
    with pytest.raises(ngola.RunError, match="reset"):
        envs.step(np.zeros(2))
    envs.reset(seed=0)
    with pytest.raises(ngola.RunError, match="actions"):
        envs.step(np.zeros(3))
    with pytest.raises(ngola.RunError, match="seed"):
        envs.reset(seed=[1, 2])  # type: ignore[arg-type]


def test_gymnasium_vector_wrappers_run() -> None:
    envs = gymnasium.wrappers.vector.RecordEpisodeStatistics(
        ngola.envs.VectorEnv("umelbagara", 8, houses=3, counters=3)
    )
    rng = np.random.default_rng(1)
    _, infos = envs.reset(seed=1)
    episodes = 0
    for _ in range(100):
        _, _, _terms, _, infos = envs.step(random_actions(rng, infos["action_mask"]))
        if "episode" in infos:
            episodes += int(infos["_episode"].sum())
            assert set(np.unique(infos["episode"]["r"][infos["_episode"]])) <= {-1.0, 0.0, 1.0}
    assert episodes > 0
