"""Fields made without a placement phase: ready-made shapes and seeded random fields.

Each is grown tile by tile under the placement rule (every tile shares an edge with the
field), from a first tile in the middle of the table, so it is a field the players could have
built. The random field is drawn from the ``seed`` rule, not from a chance node: the field is
part of the rules of that game (two games with the same rules share it), a record replays it
without storing it, and the game tree keeps no chance node at all.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import cache

from .geometry import HEIGHT, WIDTH, all_tiles, axial, holes, neighbours

#: Where the first tile goes: the middle of the table.
FIRST_ANCHOR = (HEIGHT // 2 - 1) * WIDTH + WIDTH // 2 - 1

Tile = tuple[int, int, int, int]


def candidates(field: int) -> list[Tile]:
    """Tiles that may be laid next: on free cells, sharing an edge with the field."""
    if not field:
        return list(all_tiles())
    return [t for t in all_tiles() if not t[2] & field and t[3] & field]


def shared_edges(field: int, tile: Tile) -> int:
    near = neighbours()
    mask = tile[2]
    total = 0
    while mask:
        low = mask & -mask
        for n in near[low.bit_length() - 1]:
            if n >= 0 and field >> n & 1:
                total += 1
        mask ^= low
    return total


def _distance(anchor: int) -> int:
    q, r = axial(anchor)
    cq, cr = axial(FIRST_ANCHOR)
    dq, dr = q - cq, r - cr
    return max(abs(dq), abs(dr), abs(dq + dr))


def grow(tiles: int, choose: Callable[[int, list[Tile]], Tile]) -> int:
    """A field of ``tiles`` tiles, the first in the middle, each next one picked by ``choose``."""
    first = next(t for t in all_tiles() if t[0] == FIRST_ANCHOR and t[1] == 0)
    field = first[2]
    for _ in range(tiles - 1):
        field |= choose(field, candidates(field))[2]
    return field


@cache
def random_field(seed: int, tiles: int) -> int:
    """A field of ``tiles`` tiles, each placed uniformly among the legal places."""
    rng = random.Random(f"battle-sheep-field-{seed}-{tiles}")
    return grow(tiles, lambda _field, options: rng.choice(options))


@cache
def ready_field(style: str, tiles: int) -> int:
    """A ready-made field: 'tight' packs tiles closely, 'open' strings them out in arms,
    'holes' packs them but leaves holes inside the field wherever a tile can make one."""
    rng = random.Random(f"battle-sheep-{style}")  # fixed: the same field every time

    def tight(field: int, options: list[Tile]) -> Tile:
        return max(options, key=lambda t: (shared_edges(field, t), -_distance(t[0])))

    def open_(field: int, options: list[Tile]) -> Tile:
        least = min(shared_edges(field, t) for t in options)
        thin = [t for t in options if shared_edges(field, t) == least]
        far = max(_distance(t[0]) for t in thin)
        return rng.choice([t for t in thin if _distance(t[0]) >= far - 1])

    def holey(field: int, options: list[Tile]) -> Tile:
        def score(t: Tile) -> tuple[int, int, int]:
            made = holes(field | t[2])
            return (min(made, 3), -abs(shared_edges(field, t) - 3), -_distance(t[0]))

        return max(options, key=score)

    choose = {"tight": tight, "open": open_, "holes": holey}[style]
    return grow(tiles, choose)
