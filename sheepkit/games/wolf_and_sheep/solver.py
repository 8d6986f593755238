"""The exact value of every Wolf and Sheep position: who wins with perfect play, in how many plies.

Why it is fast (8x8 in well under the 9 s of a memoised minimax):

* The wolves only move forward, so a wolf formation never comes back. Formations are solved
  from the most advanced back to the start (retrograde, one "level" per wolf move), and within
  one formation the sheep's moves never change the formation: there are no cycles at all.
* For a formation ``W`` we keep one row of values over every square the sheep could stand on,
  with the sheep to move. A row is a ``bytes`` object laid out on the board with a one-square
  border, so "the best of the sheep's four neighbours" is ``map(max, ...)`` over four shifted
  slices and "the wolves' best reply" is ``map(min, ...)`` over the children's rows: the loops
  run in C. Adding one ply to every value is ``bytes.translate``.
* A value is one byte: ``128 + (126 - plies)`` when the sheep wins, ``128 - (126 - plies)``
  when the wolves win, so the sheep maximises, the wolves minimise, and quicker wins and
  slower losses are preferred by that same order. 0 and 255 mark squares the sheep cannot
  stand on (a wolf is there), so ``max`` and ``min`` skip them.

The values with the wolves to move are not stored: they are one ``min`` over the children's
rows, recomputed when asked (a few microseconds).
"""

from __future__ import annotations

import base64
import hashlib
import json
import struct
import zlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from functools import cache
from pathlib import Path

from ...core.cache import cache_dir, write_atomically
from .engine import STRIDE

SHEEP, WOLVES = 0, 1
MID, SPAN = 128, 126
WIN_NOW, LOSS_NOW = MID + SPAN, MID - SPAN  # the sheep has won / lost, 0 plies to go
NO_LO, NO_HI = 1, 255  # "the sheep cannot be here", ignored by max / min
SOLVER_VERSION = 1  # bump when the rules or the encoding change: old caches are ignored

Progress = Callable[[float], None]


def decode(value: int) -> tuple[int, int]:
    """(winner, plies) from a value byte: SHEEP or WOLVES, and the plies to the end."""
    if not LOSS_NOW <= value <= WIN_NOW:
        raise ValueError(f"{value} is not a position value")
    return (SHEEP, WIN_NOW - value) if value > MID else (WOLVES, value - LOSS_NOW)


class Board:
    """Move tables of one board size, in the solver's own indices."""

    def __init__(self, size: int) -> None:
        n = self.size = size
        w = self.width = n + 2  # one border square on each side
        self.length = w * w
        self.dark = [r * STRIDE + c for r in range(n) for c in range(n) if (r + c) % 2 == 0]
        self.bit = {sq: i for i, sq in enumerate(self.dark)}
        self.pad = [(sq // STRIDE + 1) * w + sq % STRIDE + 1 for sq in self.dark]
        self.square_at = {p: sq for p, sq in zip(self.pad, self.dark)}

        def at(r: int, c: int) -> int | None:
            return self.bit.get(r * STRIDE + c) if 0 <= r < n and 0 <= c < n else None

        coords = [divmod(sq, STRIDE) for sq in self.dark]
        self.steps = [
            tuple(b for b in (at(r - 1, c - 1), at(r - 1, c + 1)) if b is not None)
            for r, c in coords
        ]
        forward = [
            tuple(b for b in (at(r + 1, c - 1), at(r + 1, c + 1)) if b is not None)
            for r, c in coords
        ]
        # A wolf on row R, column C can ever reach row r, column c only if r < R and
        # |c - C| <= R - r (the auto-victory rule of the engine).
        self.cone = [
            sum(1 << j for j, (wr, wc) in enumerate(coords) if wr > r and abs(wc - c) <= wr - r)
            for r, c in coords
        ]
        self.pairs = [(self.pad[i], *f) for i, f in enumerate(forward) if len(f) == 2]
        self.below: list[list[int]] = [[] for _ in coords]  # squares that have f in front
        for i, f in enumerate(forward):
            for b in f:
                self.below[b].append(self.pad[i])
        self.far = slice(n * w + 1, n * w + n + 1)
        mask = bytearray(self.length)
        for p in self.pad:
            mask[p] = 255
        self.mask = bytes(mask)
        self.moves = [
            tuple(((1 << i) | (1 << b), 1 << b) for b in t) for i, t in enumerate(self.steps)
        ]
        self.start = sum(1 << self.bit[(n - 1) * STRIDE + c] for c in range(1, n, 2))

    def wolves_mask(self, wolves: Iterable[int]) -> int:
        return sum(1 << self.bit[w] for w in wolves)

    def wolves_of(self, mask: int) -> tuple[int, ...]:
        return tuple(sorted(self.dark[i] for i in range(len(self.dark)) if mask >> i & 1))

    def children(self, mask: int) -> list[tuple[int, int, int]]:
        """(from bit, to bit, new mask) for every wolf move, the sheep not counted."""
        out = []
        for i in self.bits(mask):
            for b in self.steps[i]:
                if not mask >> b & 1:
                    out.append((i, b, mask ^ (1 << i) ^ (1 << b)))
        return out

    def child_masks(self, mask: int) -> list[int]:
        """The formations after each wolf move (the hot loop: no tuples, few lookups)."""
        moves = self.moves
        out = []
        rest = mask
        while rest:
            low = rest & -rest
            rest ^= low
            for flip, target in moves[low.bit_length() - 1]:
                if not mask & target:
                    out.append(mask ^ flip)
        return out

    @staticmethod
    def bits(mask: int) -> list[int]:
        out = []
        while mask:
            low = mask & -mask
            mask ^= low
            out.append(low.bit_length() - 1)
        return out

    def levels(self, start: int) -> list[list[int]]:
        """Every formation reachable from ``start`` by wolf moves, by number of moves."""
        levels, level, seen = [], [start], {start}
        while level:
            levels.append(level)
            following = []
            for mask in level:
                for child in self.child_masks(mask):
                    if child not in seen:
                        seen.add(child)
                        following.append(child)
            level = following
        return levels


@cache
def board(size: int) -> Board:
    return Board(size)


class Lanes:
    """Whole rows of values as one int, 16 bits per square: SIMD in plain Python ints.

    Each lane holds a value 0..255 with bit 8 free as a guard, so a lane-wise compare is
    one subtraction (no borrow crosses lanes) and a whole row is handled by a few big-int
    operations instead of a Python loop over squares.
    """

    def __init__(self, b: Board) -> None:
        n, w = b.length, b.width
        self.ones = sum(1 << (16 * p) for p in range(n))
        self.guard = self.ones << 8
        self.all_ff = self.ones * 255
        self.all_hi = self.ones * NO_HI
        self.right, self.left = 16 * (w + 1), 16 * (w - 1)  # shift to the squares ahead
        self.one = [1 << (16 * p) for p in b.pad]  # per dark-square bit
        self.board1 = sum(self.one)
        far = sum(1 << (16 * p) for p in range(b.far.start, b.far.stop) if p in b.square_at)
        self.sheep1 = self.board1 & ~far  # squares where auto-victory can matter
        self.far_ff, self.far_win = far * 255, far * WIN_NOW
        off = self.ones & ~self.board1
        self.off_ff, self.off_lo = off * 255, off * NO_LO
        # down[i]: 1 on every square a wolf on dark square i can ever reach (for auto-victory)
        self.down = [
            sum(self.one[f] for f, cone in enumerate(b.cone) if cone >> i & 1)
            for i in range(len(b.dark))
        ]

    def vmin(self, a: int, b: int) -> int:
        m = ((((a | self.guard) - b) & self.guard) >> 8) * 255
        return (b & m) | (a & ~m)

    def vmax(self, a: int, b: int) -> int:
        m = ((((a | self.guard) - b) & self.guard) >> 8) * 255
        return (a & m) | (b & ~m)

    def nonzero(self, a: int) -> int:
        """1 in the lanes that are not 0 (lanes of at most 255)."""
        return (((a | self.guard) - self.ones) & self.guard) >> 8

    def step(self, a: int) -> int:
        """Every value one ply further from the end: one step towards MID.

        The sentinels step to the right ends too: 255 (no wolf can move) becomes 254, the
        sheep has won; 1 (every neighbour blocked) becomes 2, the sheep has lost.
        """
        above = (((a | self.guard) - (MID + 1) * self.ones) & self.guard) >> 8
        return a + self.ones - 2 * above

    def get(self, row: int, p: int) -> int:
        return row >> (16 * p) & 255

    def to_bytes(self, row: int, n: int) -> bytes:
        return row.to_bytes(2 * n, "little")[::2]

    def from_bytes(self, data: bytes) -> int:
        wide = bytearray(2 * len(data))
        wide[::2] = data
        return int.from_bytes(wide, "little")


@cache
def lanes(size: int) -> Lanes:
    return Lanes(board(size))


class Solution:
    """Values of every position of one board size and auto-victory setting.

    ``rows[mask]`` is the sheep-to-move row of the formation ``mask``, as an int with one
    16-bit lane per border-board square (see :class:`Lanes`); formations that the full solve
    did not cover (made-up positions) are solved on demand.
    """

    def __init__(self, size: int, auto_victory: bool) -> None:
        self.board = board(size)
        self.lanes = lanes(size)
        self.auto_victory = auto_victory
        self.rows: dict[int, int] = {}

    # -- solving ---------------------------------------------------------------------------
    def _fixed(self, mask: int) -> tuple[int, int, int]:
        """Lanes decided by the formation alone: (wolf lanes, auto-victory lanes), as 0/1."""
        z = self.lanes
        wolves = count = ident = 0
        rest, j = mask, 0
        while rest:
            low = rest & -rest
            rest ^= low
            i = low.bit_length() - 1
            j += 1
            wolves |= z.one[i]
            count += z.down[i]
            ident += z.down[i] * j
        if not self.auto_victory:
            return wolves, 0, 0
        empty = z.board1 & ~wolves
        guarded = z.nonzero(count)
        free = empty & ~guarded  # empty squares that no wolf can ever reach
        single = empty & ~z.nonzero(count ^ z.ones)  # empty squares with exactly one guard
        left, right = z.left, z.right
        auto = (free >> left) | (free >> right)
        same = ~z.nonzero((ident >> left) ^ (ident >> right))
        auto |= (single >> left) & (single >> right) & same
        return wolves, auto & z.sheep1, count

    def wolves_row(self, mask: int, fixed: tuple[int, int, int] | None = None) -> int:
        """Values with the wolves to move, for every sheep square, formation ``mask``."""
        z = self.lanes
        best = z.all_hi
        vmin, rows = z.vmin, self.rows
        for child in self.board.child_masks(mask):
            row = rows.get(child)
            best = vmin(best, row if row is not None else self.sheep_row(child))
        wolves, auto, _ = fixed or self._fixed(mask)
        row = z.step(best)
        # Far row and auto-victory: the sheep has won; off the board or on a wolf: no sheep.
        clear = z.far_ff | z.off_ff | (auto * 255) | (wolves * 255)
        put = ((z.far_win | (auto * WIN_NOW)) & ~(wolves * 255)) | z.off_lo | (wolves * NO_LO)
        return (row & ~clear) | put

    def _compute(self, mask: int) -> int:
        z = self.lanes
        fixed = self._fixed(mask)
        wolves_row = self.wolves_row(mask, fixed)
        vmax, a, b, full = z.vmax, z.right * 1, z.left * 1, z.all_ff
        best = vmax(
            vmax(wolves_row >> a, wolves_row >> b),
            vmax((wolves_row << a) & full, (wolves_row << b) & full),
        )
        wolves, auto, _ = fixed
        row = z.step(best)
        clear = z.far_ff | (auto * 255) | (wolves * 255)
        put = ((z.far_win | (auto * WIN_NOW)) & ~(wolves * 255)) | (wolves * NO_HI)
        row = (row & ~clear) | put
        self.rows[mask] = row
        return row

    def sheep_row(self, mask: int) -> int:
        row = self.rows.get(mask)
        if row is not None:
            return row
        # A made-up formation: solve everything below it first, most advanced first.
        for level in reversed(self.board.levels(mask)):
            for m in level:
                if m not in self.rows:
                    self._compute(m)
        return self.rows[mask]

    def solve_all(self, progress: Progress | None = None) -> Solution:
        """Every formation reachable from the start (with the sheep anywhere, either to move)."""
        levels = self.board.levels(self.board.start)
        total = sum(map(len, levels))
        done, step = 0, max(1, total // 100)
        compute, rows = self._compute, self.rows
        for level in reversed(levels):
            for mask in level:
                if mask not in rows:
                    compute(mask)
                done += 1
                if progress is not None and done % step == 0:
                    progress(done / total)
        if progress is not None:
            progress(1.0)
        return self

    # -- asking ----------------------------------------------------------------------------
    def value(self, sheep: int, wolves: Iterable[int], turn: int) -> int:
        """The value byte of a position (engine squares); see :func:`decode`."""
        b = self.board
        mask = b.wolves_mask(wolves)
        row = self.sheep_row(mask) if turn == SHEEP else self.wolves_row(mask)
        value = self.lanes.get(row, b.pad[b.bit[sheep]])
        if value in (NO_LO, NO_HI):
            raise ValueError("the sheep cannot stand on a wolf")
        return value

    def outcome(self, sheep: int, wolves: Iterable[int], turn: int) -> tuple[int, int]:
        """(winner, plies to the end with perfect play) of a position."""
        return decode(self.value(sheep, wolves, turn))

    # -- storing ---------------------------------------------------------------------------
    def to_bytes(self) -> bytes:
        """Formations (8 bytes each) then their rows, compressed, behind a checksum."""
        masks = sorted(self.rows)
        body = struct.pack(f"<I{len(masks)}Q", len(masks), *masks)
        n, z = self.board.length, self.lanes
        body += b"".join(z.to_bytes(self.rows[m], n) for m in masks)
        packed = zlib.compress(body, 6)
        return hashlib.sha256(packed).digest() + packed

    def load_bytes(self, data: bytes) -> None:
        """Fill the table from :meth:`to_bytes`; ValueError if the data is damaged."""
        digest, packed = data[:32], data[32:]
        if hashlib.sha256(packed).digest() != digest:
            raise ValueError("checksum mismatch")
        body = zlib.decompress(packed)
        (count,) = struct.unpack_from("<I", body)
        masks = struct.unpack_from(f"<{count}Q", body, 4)
        n = self.board.length
        start = 4 + 8 * count
        if len(body) != start + n * count:
            raise ValueError("wrong length")
        get = self.lanes.from_bytes
        self.rows = {m: get(body[start + i * n : start + (i + 1) * n]) for i, m in enumerate(masks)}


TABLE_FORMAT = "sheepkit-wolf-and-sheep-table"
#: Boards whose whole table ships with the package (both auto-victory settings): 8x8 solves in
#: about 1.3 s in CPython but several times slower in a browser (Pyodide), where no page may
#: keep the student waiting; 6x6 solves in a hundredth of a second and 10x10 is too big.
SHIPPED_TABLES = (8,)


def table_name(size: int, auto_victory: bool) -> str:
    return f"table_{size}x{size}_auto{int(auto_victory)}.json"


def shipped_table(size: int, auto_victory: bool) -> Solution | None:
    """The solved table shipped in the package's data folder, or None (not shipped, or
    damaged: then it is solved as usual)."""
    if size not in SHIPPED_TABLES:
        return None
    from ...platform import read_data

    try:
        data = json.loads(read_data(__package__, table_name(size, auto_victory)))
        if data.get("format") != TABLE_FORMAT or data.get("version") != SOLVER_VERSION:
            return None
        solution = Solution(size, auto_victory)
        solution.load_bytes(base64.b64decode(data["data"]))
    except (OSError, ValueError, KeyError, TypeError, zlib.error, struct.error):
        return None
    if solution.board.start not in solution.rows:
        return None
    return solution


def cache_path(size: int, auto_victory: bool) -> Path:
    # The version key names everything the values depend on: change a rule, get a new file.
    key = f"wolf_and_sheep-v{SOLVER_VERSION}-board{size}-auto{int(auto_victory)}"
    return cache_dir() / f"{key}.bin"


@dataclass
class _Memo:
    solutions: dict[tuple[int, bool], Solution]


_MEMO = _Memo({})


def solve(
    size: int = 8,
    auto_victory: bool = True,
    *,
    progress: Progress | None = None,
    use_cache: bool = True,
) -> Solution:
    """The solved table for a board size, from memory, the package (8x8), the disk cache, or
    solved now.

    A damaged or unreadable cache file is ignored and rewritten. Solving reports progress
    (0..1) through ``progress`` when given.
    """
    key = (size, auto_victory)
    if use_cache and key in _MEMO.solutions:
        return _MEMO.solutions[key]
    if use_cache:
        ready = shipped_table(size, auto_victory)
        if ready is not None:
            _MEMO.solutions[key] = ready
            if progress is not None:
                progress(1.0)
            return ready
    solution = Solution(size, auto_victory)
    path = cache_path(size, auto_victory)
    if use_cache and path.exists():
        try:
            solution.load_bytes(path.read_bytes())
            if solution.board.start not in solution.rows:
                raise ValueError("start formation missing")
            _MEMO.solutions[key] = solution
            if progress is not None:
                progress(1.0)
            return solution
        except (OSError, ValueError, zlib.error, struct.error):
            solution = Solution(size, auto_victory)  # damaged: solve again and rewrite
    solution.solve_all(progress)
    if use_cache:
        write_atomically(path, solution.to_bytes())
        _MEMO.solutions[key] = solution
    return solution


def forget() -> None:
    """Drop the in-memory tables (tests use it to force a reload from disk)."""
    _MEMO.solutions.clear()
