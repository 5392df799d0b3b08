"""Compares ``racegames.analysis.bearoff_rolls`` with GNU Backgammon's own
one-sided bear-off database (Debian's ``gnubg`` ships it as
``/usr/share/gnubg/gnubg_os0.bd``: 15 chequers on 6 points, 54,264
positions, each distribution stored as 16-bit fractions of 65535).

    python py/bench/bearoff_vs_gnubg.py              # every position
    python py/bench/bearoff_vs_gnubg.py --sample 300 # a seeded sample
    python py/bench/bearoff_vs_gnubg.py --as-gnubg   # gnubg's arithmetic

Prints how many positions agree within ``--tolerance`` (1e-5) in every
entry, the largest difference of an entry and of the mean number of
throws, and exits 1 unless every position agrees. gnubg builds its file
in 16-bit units, each position rounded from its rounded successors and
each throw played by the rounded means, so the file drifts from the exact
distributions: where two plays have the same mean but different
distributions, the rounding may pick the other one. The Rust test
``gnubgs_rounding_rebuilds_its_one_sided_database`` (``cargo test -p
racegames-players --lib gnubg -- --ignored``) rebuilds the file with
gnubg's arithmetic from racegames' move generation and finds every
position equal to the file; ``--as-gnubg`` compares that table, as
``bearoff_rolls(as_gnubg=True)`` gives it. The file is read as gnubg's
``bearoff.c`` reads it: a 40-byte header, then (compressed) an index of 8
bytes a position (offset, non-zero count and first non-zero of the
bear-off and of the gammon distribution), then the 16-bit counts; a
position's number is gnubg's ``PositionBearoff`` (its chequers written as
stars and bars, ranked as a combination)."""

from __future__ import annotations

import argparse
import math
import random
import sys
from pathlib import Path
from typing import List, Optional, Sequence, Tuple

DEFAULT = Path("/usr/share/gnubg/gnubg_os0.bd")
POINTS = 6
CHEQUERS = 15


def combination(n: int, r: int) -> int:
    return math.comb(n, r) if 0 <= r <= n else 0


def position_f(bits: int, n: int, r: int) -> int:
    """gnubg's ``PositionF``: the rank of the r-bit pattern ``bits`` of n bits."""
    total = 0
    while n != r:
        if bits & (1 << (n - 1)):
            total += combination(n - 1, r)
            r -= 1
        n -= 1
    return total


def position_bearoff(board: Sequence[int], points: int = POINTS, chequers: int = CHEQUERS) -> int:
    """gnubg's ``PositionBearoff``: board[0] is the 1-point."""
    j = points - 1 + sum(board[:points])
    bits = 1 << j
    for i in range(points - 1):
        j -= board[i] + 1
        bits |= 1 << j
    return position_f(bits, chequers + points, points)


def all_positions(points: int = POINTS, chequers: int = CHEQUERS) -> List[Tuple[int, ...]]:
    out: List[Tuple[int, ...]] = []

    def fill(prefix: List[int], left: int) -> None:
        if len(prefix) == points:
            out.append(tuple(prefix))
            return
        for c in range(left + 1):
            fill(prefix + [c], left - c)

    fill([], chequers)
    return out


class Database:
    """gnubg's one-sided bear-off database file."""

    def __init__(self, path: Path) -> None:
        self.data = path.read_bytes()
        header = self.data[:40].decode("ascii", "replace")
        fields = header.split("-")
        if not header.startswith("gnubg-OS-"):
            raise ValueError(f"{path}: not a one-sided bear-off database ({header!r})")
        self.points, self.chequers = int(fields[2]), int(fields[3])
        self.gammon, self.compressed = fields[4] == "1", fields[5] == "1"
        self.positions = combination(self.points + self.chequers, self.points)

    def distribution(self, index: int) -> List[float]:
        """The bear-off distribution (32 entries) of gnubg's position ``index``."""
        d = self.data
        probs = [0] * 32
        if self.compressed:
            at = 40 + 8 * index
            offset = int.from_bytes(d[at : at + 4], "little")
            nz, ioff = d[at + 4], d[at + 5]
            base = 40 + 8 * self.positions + 2 * offset
            for j in range(nz):
                probs[ioff + j] = int.from_bytes(d[base + 2 * j : base + 2 * j + 2], "little")
        else:
            per = 64 if self.gammon else 32
            base = 40 + 2 * per * index
            for j in range(32):
                probs[j] = int.from_bytes(d[base + 2 * j : base + 2 * j + 2], "little")
        return [p / 65535.0 for p in probs]


class Comparison:
    """The differences between racegames' distributions and gnubg's."""

    def __init__(self) -> None:
        self.positions = 0
        #: The largest difference of one entry, and where.
        self.worst = 0.0
        self.where: Tuple[int, ...] = ()
        #: The largest difference of the mean number of throws.
        self.worst_mean = 0.0
        #: Positions whose every entry is within the tolerance.
        self.within = 0


def compare(
    db: Database, positions: Sequence[Tuple[int, ...]], tolerance: float, as_gnubg: bool = False
) -> Comparison:
    from racegames.analysis import bearoff_rolls

    c = Comparison()
    for pos in positions:
        ours = bearoff_rolls(list(pos), as_gnubg=as_gnubg)
        theirs = db.distribution(position_bearoff(pos))
        ours = ours + [0.0] * (32 - len(ours))
        diff = max(abs(a - b) for a, b in zip(ours, theirs))
        mean = abs(sum(i * (a - b) for i, (a, b) in enumerate(zip(ours, theirs))))
        c.positions += 1
        c.within += diff <= tolerance
        c.worst_mean = max(c.worst_mean, mean)
        if diff > c.worst:
            c.worst, c.where = diff, pos
    return c


def main(argv: Optional[Sequence[str]] = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--db", type=Path, default=DEFAULT, help=f"gnubg's database (default {DEFAULT})")
    parser.add_argument("--sample", type=int, default=0, help="compare this many positions drawn by --seed (0: all)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--tolerance", type=float, default=1e-5)
    parser.add_argument(
        "--as-gnubg", action="store_true", help="compare bearoff_rolls(as_gnubg=True), gnubg's arithmetic, not the exact"
    )
    args = parser.parse_args(argv)
    if not args.db.exists():
        print(f"{args.db} not found: install gnubg (scripts/install-gnubg.sh)", file=sys.stderr)
        return 2
    db = Database(args.db)
    positions = all_positions(db.points, db.chequers)
    if args.sample:
        positions = random.Random(args.seed).sample(positions, min(args.sample, len(positions)))
    c = compare(db, positions, args.tolerance, args.as_gnubg)
    which = "bearoff_rolls(as_gnubg=True)" if args.as_gnubg else "bearoff_rolls (exact)"
    print(
        f"{which}: {c.positions} positions compared with {args.db}: {c.within} within {args.tolerance:g} in every entry; "
        f"largest difference {c.worst:.2e} at {list(c.where)}; largest difference of the mean {c.worst_mean:.2e}"
    )
    return 0 if c.within == c.positions else 1


if __name__ == "__main__":
    sys.exit(main())
