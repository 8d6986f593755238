"""A winning side's perfect strategy, small enough to ship when the full table is not.

For 10x10 the full table (two million formations) takes minutes to solve, so the package
ships only what the perfect bot of the winning side needs: its fastest winning move in every
position it can meet when it follows this strategy and the other side plays anything; one
file per auto-victory setting. Each file also carries the value of every one of those
positions (``values``, one byte each, in the order of the packed moves), so that the losing
side, facing this strategy, can make the game last as long as it can: every move it has from
a position of the strategy leads to one of them.
``python -m sheepkit.games.wolf_and_sheep.strategy 10`` rebuilds both files (about two
minutes and 2 GB each).
"""

from __future__ import annotations

import base64
import json
import struct
import sys
import time
import zlib
from collections.abc import Iterator
from importlib import resources
from typing import Any

from ...platform import read_data
from .engine import STRIDE
from .solver import SHEEP, Solution, decode

FORMAT = "sheepkit-wolf-and-sheep-strategy"

#: A position of a strategy (sheep, sorted wolves) and a move as (source, target) squares.
Key = tuple[int, tuple[int, ...]]
Pair = tuple[int, int]


def best_moves(
    solution: Solution, sheep: int, wolves: tuple[int, ...], turn: int
) -> list[tuple[Pair, int]]:
    """The mover's moves that keep the best result, as (move, value after it), engine squares."""
    out = []
    for move, after in _moves(solution, sheep, wolves, turn):
        out.append((move, solution.value(*after, 1 - turn)))
    if not out:
        return []
    pick = max if turn == SHEEP else min
    best = pick(v for _, v in out)
    return [(m, v) for m, v in out if v == best]


def _moves(
    solution: Solution, sheep: int, wolves: tuple[int, ...], turn: int
) -> Iterator[tuple[Pair, Key]]:
    n = solution.board.size
    row, col = divmod(sheep, STRIDE)
    if turn == SHEEP:
        for dr in (1, -1):
            for dc in (-1, 1):
                r, c = row + dr, col + dc
                t = r * STRIDE + c
                if 0 <= r < n and 0 <= c < n and t not in wolves:
                    yield (sheep, t), (t, wolves)
    else:
        for w in wolves:
            wr, wc = divmod(w, STRIDE)
            for dc in (-1, 1):
                r, c = wr - 1, wc + dc
                t = r * STRIDE + c
                if r >= 0 and 0 <= c < n and t != sheep and t not in wolves:
                    flock = tuple(sorted(t if x == w else x for x in wolves))
                    yield (w, t), (sheep, flock)


def extract(solution: Solution, sheep: int, wolves: tuple[int, ...], side: int) -> dict[Key, Pair]:
    """{(sheep, wolves): move} for every position where ``side`` moves under its strategy."""
    from .engine import layout

    lay = layout(solution.board.size)
    auto = solution.auto_victory
    chosen: dict[Key, Pair] = {}
    seen: set[tuple[int, tuple[int, ...], int]] = set()
    stack = [(sheep, wolves, SHEEP)]
    while stack:
        s, w, turn = stack.pop()
        if (s, w, turn) in seen:
            continue
        seen.add((s, w, turn))
        _, ending = lay.status(s, w, turn, auto)
        if ending is not None:
            continue
        if turn == side:
            move, _ = best_moves(solution, s, w, turn)[0]
            chosen[(s, w)] = move
            after = next(a for m, a in _moves(solution, s, w, turn) if m == move)
            stack.append((*after, 1 - turn))
        else:
            for _, after in _moves(solution, s, w, turn):
                stack.append((*after, 1 - turn))
    return chosen


def order(chosen: dict[Key, Pair]) -> list[Key]:
    """The positions of a strategy in the order they are packed."""
    return sorted(chosen, key=lambda k: (k[1], k[0]))


def pack(
    chosen: dict[Key, Pair], size: int, auto_victory: bool, side: int, start: list[int]
) -> dict[str, Any]:
    """JSON-able: rules, start result, and the moves (sorted keys, zlib, base64)."""
    keys = order(chosen)
    wolves_n = size // 2
    fmt = f"<{1 + wolves_n}B2B"
    body = b"".join(
        struct.pack(fmt, k[0] % 256, *(w % 256 for w in k[1]), *chosen[k]) for k in keys
    )
    return {
        "format": FORMAT,
        "board": size,
        "auto_victory": auto_victory,
        "side": side,
        "start": start,
        "positions": len(keys),
        "data": base64.b64encode(zlib.compress(body, 9)).decode(),
    }


def pack_values(solution: Solution, chosen: dict[Key, Pair], side: int) -> str:
    """The value byte of every position of the strategy (``side`` to move), packed."""
    values = bytes(solution.value(s, w, side) for s, w in order(chosen))
    return base64.b64encode(zlib.compress(values, 9)).decode()


def unpack_values(data: dict[str, Any]) -> dict[Key, int]:
    """{(sheep, wolves): value byte} of the positions of a strategy file (see pack_values)."""
    moves = unpack(data)
    values = zlib.decompress(base64.b64decode(data["values"]))
    if len(values) != len(moves):
        raise ValueError("damaged strategy file")
    return dict(zip(order(moves), values, strict=True))


def unpack(data: dict[str, Any]) -> dict[Key, Pair]:
    """The moves of :func:`pack`; squares are bytes (row * 16 + column fits in one)."""
    if data.get("format") != FORMAT:
        raise ValueError("not a strategy file")
    body = zlib.decompress(base64.b64decode(data["data"]))
    wolves_n = data["board"] // 2
    fmt = f"<{1 + wolves_n}B2B"
    size = struct.calcsize(fmt)
    out: dict[Key, Pair] = {}
    for s, *rest in struct.iter_unpack(fmt, body):
        out[(s, tuple(rest[:wolves_n]))] = (rest[wolves_n], rest[wolves_n + 1])
    if len(out) != data["positions"] or len(body) != size * len(out):
        raise ValueError("damaged strategy file")
    return out


def shipped(size: int, auto_victory: bool = True) -> dict[str, Any] | None:
    """The shipped strategy file for these rules, or None."""
    name = f"strategy_{size}x{size}_auto{int(auto_victory)}.json"
    try:
        text = read_data(__package__, name)
    except OSError:
        return None
    data: dict[str, Any] = json.loads(text)
    return data


def main(size: int) -> None:
    from .engine import layout

    for auto_victory in (True, False):
        t = time.perf_counter()
        solution = Solution(size, auto_victory).solve_all(
            lambda d: print(f"\r{d:6.1%}", end="", flush=True)
        )
        print(f"\nsolved {len(solution.rows)} formations in {time.perf_counter() - t:.1f} s")
        lay = layout(size)
        winner, plies = decode(solution.value(lay.sheep_start, lay.wolves_start, SHEEP))
        print(f"auto-victory {auto_victory}: {('sheep', 'wolves')[winner]} win in {plies} plies")
        t = time.perf_counter()
        chosen = extract(solution, lay.sheep_start, lay.wolves_start, winner)
        data = pack(chosen, size, auto_victory, winner, [winner, plies])
        data["values"] = pack_values(solution, chosen, winner)
        print(
            f"strategy: {len(chosen)} positions, {len(data['data'])} chars, "
            f"{time.perf_counter() - t:.1f} s"
        )
        name = f"strategy_{size}x{size}_auto{int(auto_victory)}.json"
        out = resources.files(__package__).joinpath("data").joinpath(name)
        with open(str(out), "w") as f:
            json.dump(data, f)
        del solution


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 10)
