"""A training-loop skeleton on the Gymnasium environments of ngola, with no
deep-learning library: a linear softmax policy over the observation vector,
trained by REINFORCE against a fixed ngola opponent, on a batched
``ngola.envs.VectorEnv`` (or the single ``gymnasium.make`` environment with
``--single``). Replace the policy with your network; the loop stays.

    python examples/python/gymnasium_training.py [--game mangola] [--opponent random]
        [--envs 64] [--updates 50] [--seed 0] [--single]

Every update plays until each of the envs has finished a game, then takes one
gradient step; it prints the mean result (+1 win, 0 draw, -1 loss) of the
first game each env finished. A linear policy learns little here: the point
is the loop (masks, autoreset, results), ready for a real model. Illegal
actions are masked out (``info["action_mask"]``), so none is played.
"""

from __future__ import annotations

import argparse

import gymnasium
import numpy as np
import numpy.typing as npt

import ngola
import ngola.envs

FloatArray = npt.NDArray[np.float64]


class LinearPolicy:
    """Softmax over legal actions of ``W @ (observation / scale) + b``."""

    def __init__(self, obs_len: int, num_actions: int, scale: FloatArray, seed: int) -> None:
        self.rng = np.random.default_rng(seed)
        self.weights = np.zeros((num_actions, obs_len))
        self.bias = np.zeros(num_actions)
        self.scale = scale

    def probabilities(self, obs: FloatArray, mask: npt.NDArray[np.int8]) -> FloatArray:
        logits = (obs / self.scale) @ self.weights.T + self.bias
        logits = np.where(mask > 0, logits, -np.inf)
        logits -= logits.max(axis=-1, keepdims=True)
        p: FloatArray = np.exp(logits)
        p /= p.sum(axis=-1, keepdims=True)
        return p

    def act(self, obs: FloatArray, mask: npt.NDArray[np.int8]) -> npt.NDArray[np.int64]:
        """One sampled action per row (rows with no legal action get 0)."""
        p = self.probabilities(obs, np.where(mask.any(axis=-1, keepdims=True), mask, 1))
        u = self.rng.random((len(p), 1))
        actions: npt.NDArray[np.int64] = (p.cumsum(axis=-1) < u).sum(axis=-1)
        return actions.clip(0, p.shape[-1] - 1)

    def update(
        self, steps: list[tuple[FloatArray, npt.NDArray[np.int8], int, float]], lr: float
    ) -> None:
        """REINFORCE: raise the log-probability of each action by its game's result."""
        grad_w = np.zeros_like(self.weights)
        grad_b = np.zeros_like(self.bias)
        for obs, mask, action, result in steps:
            p = self.probabilities(obs[None], mask[None])[0]
            one_hot = np.zeros_like(p)
            one_hot[action] = 1.0
            g = (one_hot - p) * result
            grad_w += np.outer(g, obs / self.scale)
            grad_b += g
        self.weights += lr * grad_w / max(len(steps), 1)
        self.bias += lr * grad_b / max(len(steps), 1)


def train_vector(args: argparse.Namespace) -> list[float]:
    envs = ngola.envs.VectorEnv(args.game, args.envs, opponent=args.opponent)
    space = envs.single_observation_space
    assert isinstance(space, gymnasium.spaces.Box)
    policy = LinearPolicy(
        space.shape[0], envs.game.num_actions, space.high.astype(float), args.seed
    )
    obs, infos = envs.reset(seed=args.seed)
    # NEXT_STEP autoreset: the step after a game's end only starts the next
    # game (its action is ignored and not learnt from).
    fresh = np.zeros(args.envs, dtype=bool)
    history = []
    for update in range(args.updates):
        # Each env's steps of its current game, until every env ended one.
        trajectories: list[list[tuple[FloatArray, npt.NDArray[np.int8], int]]] = [
            [] for _ in range(args.envs)
        ]
        finished: list[tuple[FloatArray, npt.NDArray[np.int8], int, float]] = []
        results: list[float] = []
        done = np.zeros(args.envs, dtype=bool)
        while not done.all():
            mask = infos["action_mask"]
            actions = policy.act(obs.astype(float), mask)
            for i in np.flatnonzero(~fresh):
                trajectories[i].append((obs[i].astype(float), mask[i].copy(), int(actions[i])))
            obs, rewards, terms, truncs, infos = envs.step(actions)
            fresh = terms | truncs
            for i in np.flatnonzero(fresh):
                result = float(rewards[i])
                finished += [(o, m, a, result) for o, m, a in trajectories[i]]
                trajectories[i] = []
                if not done[i]:
                    results.append(result)
                done[i] = True
        policy.update(finished, args.lr)
        history.append(float(np.mean(results)))
        print(f"update {update}: mean result {history[-1]:+.3f} over {len(results)} games")
    return history


def train_single(args: argparse.Namespace) -> list[float]:
    env = gymnasium.make(ngola.envs.ENV_IDS[args.game], opponent=args.opponent)
    space = env.observation_space
    assert isinstance(space, gymnasium.spaces.Box)
    num_actions = ngola.Game(args.game).num_actions
    policy = LinearPolicy(space.shape[0], num_actions, space.high.astype(float), args.seed)
    history = []
    for update in range(args.updates):
        finished: list[tuple[FloatArray, npt.NDArray[np.int8], int, float]] = []
        results = []
        for game in range(args.envs):
            obs, info = env.reset(seed=args.seed + update * args.envs + game)
            steps = []
            while True:
                mask = info["action_mask"]
                action = int(policy.act(obs[None].astype(float), mask[None])[0])
                steps.append((obs.astype(float), mask.copy(), action))
                obs, reward, terminated, truncated, info = env.step(action)
                if terminated or truncated:
                    break
            finished += [(o, m, a, float(reward)) for o, m, a in steps]
            results.append(float(reward))
        policy.update(finished, args.lr)
        history.append(float(np.mean(results)))
        print(f"update {update}: mean result {history[-1]:+.3f} over {len(results)} games")
    return history


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--game", default="mangola", choices=ngola.GAMES)
    parser.add_argument("--opponent", default="random", help="an ngola agent spec")
    parser.add_argument("--envs", type=int, default=64, help="games per update")
    parser.add_argument("--updates", type=int, default=50)
    parser.add_argument("--lr", type=float, default=0.5)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--single", action="store_true", help="one gymnasium.make env")
    args = parser.parse_args()
    history = train_single(args) if args.single else train_vector(args)
    head, tail = history[: max(1, len(history) // 5)], history[-max(1, len(history) // 5) :]
    print(f"first updates {np.mean(head):+.3f}, last updates {np.mean(tail):+.3f}")


if __name__ == "__main__":
    main()
