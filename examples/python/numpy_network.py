"""A network for ngola written with NumPy alone, then played in a tournament.

The file is safetensors written by hand (8-byte little-endian header length,
a JSON header, the raw little-endian float32 tensors) in the layout of the
book's page on learned agents, so the same code serves to export weights
trained in PyTorch or JAX. The network is designed, not trained: for Kalah
its one hidden layer copies the mover's own pits, and the policy head gives
each pit's move the seeds in that pit, so ``policy:net=...`` empties the
fullest pit. It plays a short tournament against ``random``.

    python examples/python/numpy_network.py [--out kalah.safetensors] [--games 20]
"""

from __future__ import annotations

import argparse
import json
import struct
import tempfile
from pathlib import Path

import numpy as np

import ngola


def rule_text(value: object) -> str:
    """A rule value as the command line writes it."""
    if isinstance(value, bool):
        return "true" if value else "false"
    return str(value)


def write_safetensors(path: Path, tensors: dict[str, np.ndarray], metadata: dict[str, str]) -> None:
    """Writes float32 `tensors` and string `metadata` as a safetensors file."""
    header: dict[str, object] = {"__metadata__": metadata}
    blobs = []
    offset = 0
    for name, array in tensors.items():
        data = np.ascontiguousarray(array, dtype="<f4").tobytes()
        header[name] = {
            "dtype": "F32",
            "shape": list(array.shape),
            "data_offsets": [offset, offset + len(data)],
        }
        blobs.append(data)
        offset += len(data)
    text = json.dumps(header).encode()
    text += b" " * (-len(text) % 8)  # the format aligns the data to 8 bytes
    with open(path, "wb") as f:
        f.write(struct.pack("<Q", len(text)))
        f.write(text)
        for data in blobs:
            f.write(data)


def fullest_pit_network(game: ngola.Game) -> dict[str, np.ndarray]:
    """Kalah: hidden unit j is the mover's j-th pit from his left; the
    policy logit of that pit's move (South's id j + 1, North's p + 2 + j in
    OpenSpiel's absolute ids) is its seed count; the value is 0."""
    pits = game.rules["pits"]
    if not isinstance(pits, int):
        raise TypeError(f"pits is {pits!r}, not a count")
    p = pits
    inputs = game.observation_shape[0]
    own = game.observation_fields["board"][0] + p  # the mover's row, from his left
    hidden_w = np.zeros((p, inputs), np.float32)
    hidden_w[np.arange(p), own + np.arange(p)] = 1.0
    policy_w = np.zeros((game.num_actions, p), np.float32)
    policy_w[1 + np.arange(p), np.arange(p)] = 1.0
    policy_w[p + 2 + np.arange(p), np.arange(p)] = 1.0
    return {
        "hidden.0.weight": hidden_w,
        "hidden.0.bias": np.zeros(p, np.float32),
        "policy.weight": policy_w,
        "policy.bias": np.zeros(game.num_actions, np.float32),
        "value.weight": np.zeros((1, p), np.float32),
        "value.bias": np.zeros(1, np.float32),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, help="the network file (default: a temporary one)")
    parser.add_argument("--games", type=int, default=20, help="games per pairing (even)")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()

    game = ngola.Game("kalah")
    tensors = fullest_pit_network(game)
    metadata = {
        "format": "ngola-network",
        "game": game.name,
        "rules": ",".join(f"{k}={rule_text(v)}" for k, v in game.rules.items()),
        "encoding": "1",
        "input": str(game.observation_shape[0]),
        "hidden": str(game.rules["pits"]),
        "actions": str(game.num_actions),
    }
    work = Path(tempfile.mkdtemp(prefix="ngola-numpy-network-"))
    path = args.out or work / "kalah-fullest-pit.safetensors"
    write_safetensors(path, tensors, metadata)

    net = ngola.Network(path)
    start = game.start()
    policy, value = net.evaluate([start])
    print(f"network: {path} ({net.hidden} hidden)")
    print(f"start: logits {policy[0].tolist()} value {value[0]:.3f}")

    run = ngola.tournament(
        game,
        {"fullest": f"policy:net={path}", "random": "random"},
        args.games,
        seed=args.seed,
        threads=1,
        out=work / "run",
    )
    print(f"tournament: {len(run.games)} games")
    for row in run.standings.itertuples():
        print(
            f"{row.agent}: score {row.score:.3f} "
            f"({row.wins} wins, {row.draws} draws, {row.losses} losses)"
        )


if __name__ == "__main__":
    main()
