"""The policy file: dense layers with ReLUs between them, from a game's
flattened observation to one logit per action (kind ``"actions"``), or to
one score of the position an action leads to (kind ``"afterstates"``: the
player scores each legal action's resulting position, seen by the seat that
acts, and a move that ends the game scores ``TERMINAL_SCORE`` times that
seat's return), or to one score of a position at the end of the acting
seat's ply (kind ``"turns"``: both dice of a tables throw; the player heads
for the best end its legal actions can reach).

The file is the players crate's one net file (little-endian), which the
Rust player reads: ``RGNF``, ``u32`` version 1, ``u32`` kind (1 actions,
2 afterstates, 3 turns; 0 is a value net), ``u32`` length + UTF-8 game
name, ``u32`` length + UTF-8 encoding (``observation``), ``u32``
observation length, ``u32`` number of actions, ``u64`` games trained on
(0 here), ``u32`` number of layers, then per layer ``u32`` inputs, ``u32``
outputs, ``f32`` weights by output row, ``f32`` biases. Files of the legacy
``RGPL`` layout still read: the native loader rewrites them in this layout
first. Written and read with numpy only (no torch needed).
"""

from __future__ import annotations

import struct
from pathlib import Path
from typing import List, Tuple, Union

import numpy as np

from racegames._core import _check_policy_bytes, _read_policy_file

MAGIC = b"RGNF"
#: The net file version written and read.
VERSION = 1
KINDS = ("actions", "afterstates", "turns")
#: The encoding a policy reads: the game's observation tensor.
ENCODING = b"observation"
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
    chunks = [MAGIC, struct.pack("<II", VERSION, KINDS.index(kind) + 1)]
    name = game.encode()
    chunks += [struct.pack("<I", len(name)), name, struct.pack("<I", len(ENCODING)), ENCODING]
    chunks.append(struct.pack("<IIQ", observation_len, num_actions, 0))
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
        # Checked, and a legacy layout rewritten in the current one.
        data = _check_policy_bytes(data)
    except ValueError as e:
        raise ValueError(f"{str(path)[:200]}: {e}") from None
    if data[:4] != MAGIC:
        raise ValueError(f"{path}: not a racegames policy file")
    version, k = struct.unpack_from("<II", data, 4)
    if version != VERSION or not 1 <= k <= len(KINDS):
        raise ValueError(f"{path}: not a policy in net file version {VERSION}")
    kind = KINDS[k - 1]
    at = 12
    (n,) = struct.unpack_from("<I", data, at)
    game = data[at + 4 : at + 4 + n].decode()
    at += 4 + n
    (n,) = struct.unpack_from("<I", data, at)
    at += 4 + n
    observation_len, num_actions, _ = struct.unpack_from("<IIQ", data, at)
    at += 16
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
