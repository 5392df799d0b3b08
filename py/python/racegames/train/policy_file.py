"""The policy file: dense layers with ReLUs between them, from a game's
flattened observation to one logit per action.

The layout (version 1, little-endian), which the Rust player reads:
``RGPL``, ``u32`` version, ``u32`` length + UTF-8 game name, ``u32``
observation length, ``u32`` number of actions, ``u32`` number of layers, then
per layer ``u32`` inputs, ``u32`` outputs, ``f32`` weights by output row,
``f32`` biases. Written and read with numpy only (no torch needed).
"""

from __future__ import annotations

import struct
from pathlib import Path
from typing import List, Tuple, Union

import numpy as np

MAGIC = b"RGPL"
VERSION = 1

Layer = Tuple[np.ndarray, np.ndarray]


def write_policy(
    path: Union[str, Path], game: str, observation_len: int, num_actions: int, layers: List[Layer]
) -> None:
    """Writes ``layers`` (``(weights (out, in), bias (out,))`` pairs, first to last)."""
    if not layers:
        raise ValueError("a policy needs at least one layer")
    width = observation_len
    chunks = [MAGIC, struct.pack("<I", VERSION)]
    name = game.encode()
    chunks += [struct.pack("<I", len(name)), name]
    chunks.append(struct.pack("<III", observation_len, num_actions, len(layers)))
    for weights, bias in layers:
        out, inp = weights.shape
        if inp != width or bias.shape != (out,):
            raise ValueError(f"layer shapes do not chain: {weights.shape}, {bias.shape} after width {width}")
        chunks.append(struct.pack("<II", inp, out))
        chunks.append(np.ascontiguousarray(weights, dtype="<f4").tobytes())
        chunks.append(np.ascontiguousarray(bias, dtype="<f4").tobytes())
        width = out
    if width != num_actions:
        raise ValueError(f"the last layer gives {width} values for {num_actions} actions")
    tmp = Path(str(path) + ".tmp")
    tmp.write_bytes(b"".join(chunks))
    tmp.replace(path)


def read_policy(path: Union[str, Path]) -> Tuple[str, int, int, List[Layer]]:
    """``(game, observation_len, num_actions, layers)`` of a policy file."""
    data = Path(path).read_bytes()
    if data[:4] != MAGIC:
        raise ValueError(f"{path}: not a racegames policy file")
    (version,) = struct.unpack_from("<I", data, 4)
    if version != VERSION:
        raise ValueError(f"{path}: policy file version {version} is not supported")
    (n,) = struct.unpack_from("<I", data, 8)
    game = data[12 : 12 + n].decode()
    at = 12 + n
    observation_len, num_actions, count = struct.unpack_from("<III", data, at)
    at += 12
    layers: List[Layer] = []
    for _ in range(count):
        inp, out = struct.unpack_from("<II", data, at)
        at += 8
        weights = np.frombuffer(data, "<f4", inp * out, at).reshape(out, inp).copy()
        at += 4 * inp * out
        bias = np.frombuffer(data, "<f4", out, at).copy()
        at += 4 * out
        layers.append((weights, bias))
    if at != len(data):
        raise ValueError(f"{path}: {len(data) - at} bytes after the last layer")
    return game, observation_len, num_actions, layers
