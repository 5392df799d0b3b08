"""The policy file: dense layers with ReLUs between them, from a game's
flattened observation to one logit per action (kind ``"actions"``), or to
one score of the position an action leads to (kind ``"afterstates"``: the
player scores each legal action's resulting position, seen by the seat that
acts, and a move that ends the game scores ``TERMINAL_SCORE`` times that
seat's return), or to one score of a position at the end of the acting
seat's ply (kind ``"turns"``: both dice of a tables throw; the player heads
for the best end its legal actions can reach).

The layout (little-endian), which the Rust player reads: ``RGPL``, ``u32``
version, ``u32`` length + UTF-8 game name, ``u32`` observation length,
``u32`` number of actions, in version 2 a ``u32`` kind (0 actions, 1
afterstates, 2 turns), ``u32`` number of layers, then per layer ``u32`` inputs,
``u32`` outputs, ``f32`` weights by output row, ``f32`` biases. Version 1
has no kind (it is ``"actions"``) and is what an ``"actions"`` policy is
written as. Written and read with numpy only (no torch needed).
"""

from __future__ import annotations

import struct
from pathlib import Path
from typing import List, Tuple, Union

import numpy as np

from racegames._core import _check_policy_bytes, _read_policy_file

MAGIC = b"RGPL"
#: The newest version, written for the position-scoring kinds.
VERSION = 2
KINDS = ("actions", "afterstates", "turns")
#: An afterstate policy's score for a move that ends the game, per unit of
#: the acting seat's return (the Rust player uses the same).
TERMINAL_SCORE = 20.0

Layer = Tuple[np.ndarray, np.ndarray]


def write_policy(
    path: Union[str, Path],
    game: str,
    observation_len: int,
    num_actions: int,
    layers: List[Layer],
    kind: str = "actions",
) -> None:
    """Writes ``layers`` (``(weights (out, in), bias (out,))`` pairs, first to
    last); the last gives ``num_actions`` logits, or one score with
    ``kind="afterstates"`` or ``"turns"``."""
    if not layers:
        raise ValueError("a policy needs at least one layer")
    if kind not in KINDS:
        raise ValueError(f"kind must be one of {KINDS}, not {kind!r}")
    width = observation_len
    chunks = [MAGIC, struct.pack("<I", 1 if kind == "actions" else VERSION)]
    name = game.encode()
    chunks += [struct.pack("<I", len(name)), name]
    chunks.append(struct.pack("<II", observation_len, num_actions))
    if kind != "actions":
        chunks.append(struct.pack("<I", KINDS.index(kind)))
    chunks.append(struct.pack("<I", len(layers)))
    for weights, bias in layers:
        out, inp = weights.shape
        if inp != width or bias.shape != (out,):
            raise ValueError(f"layer shapes do not chain: {weights.shape}, {bias.shape} after width {width}")
        chunks.append(struct.pack("<II", inp, out))
        chunks.append(np.ascontiguousarray(weights, dtype="<f4").tobytes())
        chunks.append(np.ascontiguousarray(bias, dtype="<f4").tobytes())
        width = out
    wanted = num_actions if kind == "actions" else 1
    if width != wanted:
        raise ValueError(f"the last layer gives {width} values where a policy of kind {kind!r} gives {wanted}")
    data = b"".join(chunks)
    # The native loader's checks (sizes, finite weights): never write a
    # file the players refuse.
    _check_policy_bytes(data)
    tmp = Path(str(path) + ".tmp")
    tmp.write_bytes(data)
    tmp.replace(path)


def read_policy(path: Union[str, Path]) -> Tuple[str, int, int, List[Layer]]:
    """``(game, observation_len, num_actions, layers)`` of a policy file."""
    game, observation_len, num_actions, layers, _ = read_policy_kind(path)
    return game, observation_len, num_actions, layers


def read_policy_kind(path: Union[str, Path]) -> Tuple[str, int, int, List[Layer], str]:
    """``(game, observation_len, num_actions, layers, kind)`` of a policy file.
    The file is read and checked by the native loader (regular files only,
    at most 64 MiB, layers that chain, finite weights): ``ValueError`` for
    anything it refuses."""
    data = _read_policy_file(str(path))
    try:
        _check_policy_bytes(data)
    except ValueError as e:
        raise ValueError(f"{str(path)[:200]}: {e}") from None
    if data[:4] != MAGIC:
        raise ValueError(f"{path}: not a racegames policy file")
    (version,) = struct.unpack_from("<I", data, 4)
    if not 1 <= version <= VERSION:
        raise ValueError(f"{path}: policy file version {version} is not supported (1 and 2 are)")
    (n,) = struct.unpack_from("<I", data, 8)
    game = data[12 : 12 + n].decode()
    at = 12 + n
    observation_len, num_actions = struct.unpack_from("<II", data, at)
    at += 8
    kind = "actions"
    if version == 2:
        (k,) = struct.unpack_from("<I", data, at)
        at += 4
        if k >= len(KINDS):
            raise ValueError(f"{path}: unknown policy kind {k}")
        kind = KINDS[k]
    (count,) = struct.unpack_from("<I", data, at)
    at += 4
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
    return game, observation_len, num_actions, layers, kind
