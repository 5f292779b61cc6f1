"""ngola.envs.pettingzoo_env: PettingZoo's own conformance tests (api_test
with 1000 cycles, seed_test) on every game, and the environment checked
against ngola.State move by move."""

from __future__ import annotations

import random
import warnings
from typing import Any

import numpy as np
import pytest

import ngola
from conftest import SMALL_RULES

pytest.importorskip("pettingzoo")
from pettingzoo.test import api_test, render_test, seed_test

import ngola.envs

# What api_test says of every environment whose observations are dicts with
# an action mask and whose agents are not named "player_<n>" (PettingZoo's
# own classic games get the same): advice, not failures.
ADVISORY = (
    "Observation space for each agent probably should be gymnasium.spaces.box",
    "We recommend agents to be named in the format",
    "Observation is not a NumPy array",
)


def run_api_test(env: Any) -> None:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(env, num_cycles=1000)
    unexpected = [str(w.message) for w in caught if not str(w.message).startswith(ADVISORY)]
    assert unexpected == []


def test_api_test(game_name: str) -> None:
    run_api_test(ngola.envs.pettingzoo_env(game_name))


def test_api_test_small_rules(game_name: str) -> None:
    run_api_test(ngola.envs.pettingzoo_env(ngola.Game(game_name, **SMALL_RULES[game_name])))


def test_seed_test(game_name: str) -> None:
    seed_test(lambda: ngola.envs.pettingzoo_env(game_name), num_cycles=500)


def test_rules_and_game() -> None:
    env = ngola.envs.pettingzoo_env("mangola", capture_sowing="ludii", columns=6)
    game = env.unwrapped.game
    assert game.rules["capture_sowing"] == "ludii"
    assert env.action_space("south").n == game.num_actions == 12
    assert env.possible_agents == ["south", "north"]
    assert env.unwrapped.metadata["name"] == "ngola_mangola_v0"
    same = ngola.envs.pettingzoo_env(ngola.Game("mangola", columns=6))
    assert same.unwrapped.game == ngola.Game("mangola", columns=6)
    with pytest.raises(ngola.RuleError):
        ngola.envs.pettingzoo_env("mangola", columns=99)
    with pytest.raises(ngola.RuleError):
        ngola.envs.pettingzoo_env(ngola.Game("kalah"), pits=3)
    with pytest.raises(ngola.NgolaError, match="render_mode"):
        ngola.envs.pettingzoo_env("kalah", render_mode="human")


@pytest.mark.parametrize("seed", range(5))
def test_follows_the_state(game_name: str, seed: int) -> None:
    """Random games: the selected agent is the side to move (Kalah's extra
    turns select the same agent again), observations and masks are the
    State's from each agent's side, and the end gives +1/-1 (0 on a draw)
    to the right agents."""
    env = ngola.envs.pettingzoo_env(ngola.Game(game_name, **SMALL_RULES[game_name]))
    env.reset(seed=seed)
    reference = env.unwrapped.game.start()
    rng = random.Random(seed)
    totals = {"south": 0.0, "north": 0.0}
    repeats = 0
    previous = None
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        totals[agent] += float(reward)
        assert not truncated
        if terminated:
            assert reference.is_over
            env.step(None)
            continue
        side = "S" if agent == "south" else "N"
        assert reference.to_move == side
        np.testing.assert_array_equal(observation["observation"], reference.observation(side))
        assert list(np.flatnonzero(observation["action_mask"])) == reference.legal_actions()
        other = env.observe("north" if agent == "south" else "south")
        assert not other["action_mask"].any()
        repeats += agent == previous
        previous = agent
        action = rng.choice(reference.legal_actions())
        env.step(np.int64(action))
        reference.play(action)
    assert str(env.unwrapped.state) == str(reference)
    expected = {"S": (1.0, -1.0), "N": (-1.0, 1.0), "draw": (0.0, 0.0)}[reference.winner or ""]
    assert (totals["south"], totals["north"]) == expected
    if game_name == "kalah" and seed == 0:
        assert repeats > 0, "no extra turn in a Kalah game"


def test_illegal_action_raises_and_changes_nothing() -> None:
    env = ngola.envs.pettingzoo_env("kalah")
    env.reset()
    before = str(env.unwrapped.state)
    with pytest.raises(ngola.IllegalMoveError):
        env.step(7)  # South's store in OpenSpiel's ids: never a move
    with pytest.raises(ngola.IllegalMoveError):
        env.step(99)
    assert str(env.unwrapped.state) == before
    assert env.agent_selection == "south"


def test_render_ansi_is_the_terminal_board() -> None:
    env = ngola.envs.pettingzoo_env("mangola", render_mode="ansi")
    env.reset()
    env.step(env.unwrapped.state.legal_actions()[0])
    text = env.render()
    assert isinstance(text, str)
    state = env.unwrapped.state
    assert text.splitlines()[0].split() == ["mangola", "ply", "1", "North", "to", "move"]
    # South's view: rows d c b a from the top, columns 1.. from the left.
    rows: dict[str, list[int]] = {}
    order: list[str] = []
    for line in text.splitlines():
        words = line.split()
        if words and words[0] in ("a", "b", "c", "d"):
            counts = [int(w) for w in words[1 : 1 + state.game.board_shape[1]]]
            rows[words[0]] = counts
            order.append(words[0])
    board = state.board.tolist()
    assert [rows[letter] for letter in "abcd"] == board
    assert order == ["d", "c", "b", "a"]


def test_render_test(game_name: str) -> None:
    """PettingZoo's render_test over every render mode in the metadata
    (its first call asks for "human", which this environment does not have:
    that one call gets no render mode)."""

    def make(render_mode: Any = None) -> Any:
        mode = None if render_mode == "human" else render_mode
        return ngola.envs.pettingzoo_env(game_name, render_mode=mode, **SMALL_RULES[game_name])

    assert make().metadata["render_modes"] == ["ansi", "rgb_array"]
    render_test(make)


def changed_box(a: Any, b: Any) -> tuple[int, int, int, int]:
    """The bounding box (top, bottom, left, right) of the pixels that differ."""
    ys, xs = np.nonzero((a != b).any(axis=2))
    return int(ys.min()), int(ys.max()), int(xs.min()), int(xs.max())


def test_rgb_array_is_the_board_from_south() -> None:
    """The picture follows the terminal board: South's a row at the bottom,
    column 1 on the left, stores at the ends, a yellow band on the side to
    move; 64 pixels per hole."""
    kalah = ngola.Game("kalah")
    env = ngola.envs.pettingzoo_env(kalah, render_mode="rgb_array")
    env.reset()
    start = env.render()
    assert isinstance(start, np.ndarray) and start.dtype == np.uint8
    height, width, channels = start.shape
    assert channels == 3 and width > 8 * 64 and 2 * 64 < height < 4 * 64
    # a1 and a2 changed: the bottom row's two leftmost holes (after the
    # left store), nothing else.
    env.unwrapped.state = kalah.position("kalah 5,3,4,4,4,4/4,4,4,4,4,4 S 0 0,0")
    top, bottom, left, right = changed_box(start, env.render())
    assert height / 2 < top and bottom < height - 10
    assert width / 8 < left and right < width / 8 + 2 * 64
    # b6 changed: the top row's rightmost hole.
    env.unwrapped.state = kalah.position("kalah 4,4,4,4,4,4/4,4,4,4,5,3 S 0 0,0")
    top, bottom, left, right = changed_box(start, env.render())
    assert 10 < top and bottom < height / 2
    assert width - width / 8 - 2 * 64 < left and right < width - width / 8
    # North's store: the left end, the whole height of the holes.
    env.unwrapped.state = kalah.position("kalah 4,4,4,4,4,4/4,4,4,4,4,0 S 0 0,4")
    top, bottom, left, right = changed_box(start, env.render())
    assert left < width / 8 < width - width / 8 - 64 < right  # the store and b6
    # The band of the side to move: along the bottom edge for South.
    yellow = (start == (250, 204, 40)).all(axis=2).any(axis=1)
    rows = np.flatnonzero(yellow)
    assert rows.size and rows.min() > height / 2
    env.unwrapped.state = kalah.position("kalah 4,4,4,4,4,4/4,4,4,4,4,4 N 0 0,0")
    rows = np.flatnonzero((env.render() == (250, 204, 40)).all(axis=2).any(axis=1))
    assert rows.size and rows.max() < height / 2


def test_rgb_array_sizes() -> None:
    """One 64-pixel square per hole: Mangola 4 x 8 and 4 x 5 (no stores)."""
    shapes = {}
    for columns in (8, 5):
        env = ngola.envs.pettingzoo_env("mangola", render_mode="rgb_array", columns=columns)
        env.reset()
        shapes[columns] = env.render().shape
    assert shapes[8][0] == shapes[5][0] and shapes[8][1] - shapes[5][1] == 3 * 64


def test_render_without_mode_warns() -> None:
    env = ngola.envs.pettingzoo_env("oware")
    env.reset()
    with pytest.warns(UserWarning, match="render mode"):
        assert env.render() is None
