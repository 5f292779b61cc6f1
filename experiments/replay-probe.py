#!/usr/bin/env python3
"""What a training run's network has learned of its own data: reads the
last checkpoint of a run folder (its network and its replay buffer) and
prints, over every example of the buffer, how sharp the policy targets are
and how well the network fits them and the value targets.

    python3 experiments/replay-probe.py RUN_DIR [RUN_DIR ...]

Needs NumPy. One line per run:

- ``legal``: legal moves per position, on average;
- ``target_entropy``: the policy targets' entropy (nats), on average;
- ``target_top``: the share of the target on its most likely move;
- ``cross_entropy``: the network's policy loss on the buffer;
- ``top1``: how often the network's most likely move is the target's;
- ``value_mse`` beside ``value_variance``: the value head's squared error
  and that of a constant guess.

The network is run here in NumPy from the file layout of the book's page
on learned agents (encodings 1 and 2), independently of the Rust code.
"""

from __future__ import annotations

import json
import struct
import sys
from pathlib import Path

import numpy as np

SLOTS = 13  # indicators per hole under encoding 2 (counts 0..11, then 12 or more)


def load_network(path: Path) -> tuple[dict[str, str], dict[str, np.ndarray]]:
    data = path.read_bytes()
    (length,) = struct.unpack("<Q", data[:8])
    header = json.loads(data[8 : 8 + length])
    meta = header.pop("__metadata__")
    body = data[8 + length :]
    tensors = {}
    for name, entry in header.items():
        start, end = entry["data_offsets"]
        tensors[name] = np.frombuffer(body[start:end], "<f4").reshape(entry["shape"])
    return meta, tensors


def load_replay(path: Path) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    data = path.read_bytes()
    if data[:16] != b"ngola-replay-v1\n":
        raise SystemExit(f"{path}: not a replay buffer of ngola")
    inputs, actions, _capacity, length, _next = struct.unpack("<5Q", data[16:56])
    record = actions + 4 * (inputs + actions + 1)
    body = np.frombuffer(data[56 : 56 + length * record], np.uint8).reshape(length, record)
    mask = body[:, :actions]
    floats = body[:, actions:].copy().view("<f4")
    return floats[:, :inputs], mask, floats[:, inputs : inputs + actions], floats[:, -1]


def features(meta: dict[str, str], settings: dict, observations: np.ndarray) -> np.ndarray:
    if meta["encoding"] == "1":
        return observations
    game = settings["game"]
    rules = dict(kv.split("=") for kv in settings["rules"].split(",") if kv)
    holes = {
        "kalah": lambda: 2 * int(rules["pits"]),
        "oware": lambda: 2 * int(rules["houses"]),
        "umelbagara": lambda: 2 * int(rules["houses"]),
        "mangola": lambda: 4 * int(rules["columns"]),
    }[game]()
    banked = [holes, holes + 1] if game != "mangola" else []
    board = observations[:, :holes]
    in_play = board.sum(1) + (observations[:, banked].sum(1) if banked else 0)
    share = np.divide(1.0, in_play, out=np.zeros_like(in_play), where=in_play > 0)
    one_hot = np.zeros((len(board), holes, SLOTS + 1), np.float32)
    slot = np.minimum(board.astype(int), SLOTS - 1)
    np.put_along_axis(one_hot, slot[:, :, None], 1.0, axis=2)
    one_hot[:, :, SLOTS] = board * share[:, None]
    rest = observations[:, holes:].copy()
    for k in banked:
        rest[:, k - holes] = observations[:, k] * share
    return np.concatenate([one_hot.reshape(len(board), -1), rest], axis=1)


def probe(run: Path) -> str:
    checkpoint = json.loads((run / "checkpoint.json").read_text())
    saved = run / "checkpoints" / f"gen-{checkpoint['generation']}"
    settings = json.loads((run / "settings.json").read_text())
    meta, tensors = load_network(saved / "network.safetensors")
    observations, mask, policy, value = load_replay(saved / "replay.bin")
    h = features(meta, settings, observations)
    layer = 0
    while f"hidden.{layer}.weight" in tensors:
        h = np.maximum(0.0, h @ tensors[f"hidden.{layer}.weight"].T + tensors[f"hidden.{layer}.bias"])
        layer += 1
    logits = h @ tensors["policy.weight"].T + tensors["policy.bias"]
    logits = np.where(mask > 0, logits, -1e9)
    log_p = logits - logits.max(1, keepdims=True)
    log_p -= np.log(np.exp(log_p).sum(1, keepdims=True))
    v = np.tanh(h @ tensors["value.weight"].T + tensors["value.bias"])[:, 0]
    entropy = -(policy * np.log(np.where(policy > 0, policy, 1.0))).sum(1)
    cross = -(policy * np.where(mask > 0, log_p, 0.0)).sum(1)
    top1 = (logits.argmax(1) == policy.argmax(1)).mean()
    return (
        f"{run} generation {checkpoint['generation']}: examples {len(value)} "
        f"legal {mask.sum(1).mean():.2f} target_entropy {entropy.mean():.3f} "
        f"target_top {policy.max(1).mean():.3f} cross_entropy {cross.mean():.3f} "
        f"top1 {top1:.3f} value_mse {((v - value) ** 2).mean():.3f} "
        f"value_variance {value.var():.3f}"
    )


if __name__ == "__main__":
    if len(sys.argv) < 2:
        raise SystemExit(__doc__)
    for arg in sys.argv[1:]:
        print(probe(Path(arg)))
