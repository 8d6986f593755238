"""Hex geometry for Battle Sheep: a finite table of pointy-top hexes in axial coordinates.

The table is a rectangle of ``WIDTH`` x ``HEIGHT`` hexes laid out in "odd-r" offset rows (odd
rows are shifted half a hex to the right), which is how it looks on screen and how cells are
named: a column letter and a row number from the top, e.g. ``c3``. All arithmetic is done in
axial coordinates ``(q, r)``, where the six neighbours are fixed offsets; a cell is stored as
one integer ``row * WIDTH + col`` so that tables of neighbours and rays are plain tuples.
"""

from __future__ import annotations

import math
from functools import cache

WIDTH, HEIGHT = 16, 14
CELLS = WIDTH * HEIGHT
COLUMNS = "abcdefghijklmnopqrstuvwxyz"[:WIDTH]

#: The six axial directions, anticlockwise from east (rows grow downwards on screen).
DIRECTIONS: tuple[tuple[int, int], ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
DIRECTION_NAMES = ("E", "NE", "NW", "W", "SW", "SE")
#: A tile is a compact rhombus of four hexes: p, p+u, p+v, p+u+v for two neighbouring
#: directions u, v. It looks the same turned by 180 degrees, so three rotations exist.
ROTATIONS = 3


def axial(cell: int) -> tuple[int, int]:
    row, col = divmod(cell, WIDTH)
    return col - (row - (row & 1)) // 2, row


def cell_at(q: int, r: int) -> int:
    """The cell at axial (q, r), or -1 when it is off the table."""
    col = q + (r - (r & 1)) // 2
    if 0 <= r < HEIGHT and 0 <= col < WIDTH:
        return r * WIDTH + col
    return -1


def name(cell: int) -> str:
    row, col = divmod(cell, WIDTH)
    return f"{COLUMNS[col]}{row + 1}"


def parse_cell(text: str) -> int:
    """The cell named ``text`` (e.g. ``c3``); ValueError when there is no such cell."""
    text = text.strip().lower()
    digits = text[1:]
    if 2 <= len(text) <= 3 and text[0] in COLUMNS and digits.isascii() and digits.isdigit():
        row = int(digits) - 1
        if 0 <= row < HEIGHT:
            return row * WIDTH + COLUMNS.index(text[0])
    shown = text if len(text) <= 12 else text[:12] + "..."
    raise ValueError(f"{shown!r} is not a cell (columns a-{COLUMNS[-1]}, rows 1-{HEIGHT})")


@cache
def neighbours() -> tuple[tuple[int, ...], ...]:
    """For each cell, its neighbour in each of the six directions (-1: off the table)."""
    table = []
    for cell in range(CELLS):
        q, r = axial(cell)
        table.append(tuple(cell_at(q + dq, r + dr) for dq, dr in DIRECTIONS))
    return tuple(table)


def tile_cells(anchor: int, rotation: int) -> tuple[int, ...] | None:
    """The four cells of the tile at ``anchor`` turned ``rotation`` times, or None if it
    does not fit on the table."""
    q, r = axial(anchor)
    (uq, ur), (vq, vr) = DIRECTIONS[rotation], DIRECTIONS[rotation + 1]
    cells = (
        anchor,
        cell_at(q + uq, r + ur),
        cell_at(q + vq, r + vr),
        cell_at(q + uq + vq, r + ur + vr),
    )
    return None if -1 in cells else cells


@cache
def all_tiles() -> tuple[tuple[int, int, int, int], ...]:
    """Every tile that fits on the table: (anchor, rotation, cells mask, neighbours mask)."""
    near = neighbours()
    tiles = []
    for anchor in range(CELLS):
        for rotation in range(ROTATIONS):
            cells = tile_cells(anchor, rotation)
            if cells is None:
                continue
            mask = sum(1 << c for c in cells)
            ring = 0
            for c in cells:
                for n in near[c]:
                    if n >= 0:
                        ring |= 1 << n
            tiles.append((anchor, rotation, mask, ring & ~mask))
    return tuple(tiles)


def cells_of(mask: int) -> tuple[int, ...]:
    """The cells in a bit mask, in increasing order."""
    cells = []
    while mask:
        low = mask & -mask
        cells.append(low.bit_length() - 1)
        mask ^= low
    return tuple(cells)


def outside(field: int) -> int:
    """The mask of table cells that are not pasture and are connected to the table's border
    through non-pasture cells: everything around the field except its holes."""
    near = neighbours()
    seen = 0
    stack = [
        c for c in range(CELLS) if not field >> c & 1 and (-1 in near[c])
    ]  # border cells of the table
    for c in stack:
        seen |= 1 << c
    while stack:
        c = stack.pop()
        for n in near[c]:
            if n >= 0 and not (field | seen) >> n & 1:
                seen |= 1 << n
                stack.append(n)
    return seen


def outer_edge(field: int) -> tuple[int, ...]:
    """Pasture cells on the outer edge: touching the outside or the table's border (a cell
    that only touches a hole is inside the field, not on its outer edge)."""
    out = outside(field)
    near = neighbours()
    return tuple(c for c in cells_of(field) if any(n < 0 or out >> n & 1 for n in near[c]))


def holes(field: int) -> int:
    """How many non-pasture cells the field encloses (cells of its holes)."""
    return CELLS - bin(field).count("1") - bin(outside(field)).count("1")


def centre(cell: int, size: float) -> tuple[float, float]:
    """Pixel centre of a cell for hexes of circumradius ``size`` (table origin at 0, 0)."""
    row, col = divmod(cell, WIDTH)
    return (math.sqrt(3) * size * (col + 0.5 * (row & 1) + 0.5), size * (1.5 * row + 1))


def corners(x: float, y: float, size: float) -> list[tuple[float, float]]:
    """The six corners of a pointy-top hex centred at (x, y)."""
    return [
        (
            x + size * math.cos(math.radians(60 * k - 30)),
            y + size * math.sin(math.radians(60 * k - 30)),
        )
        for k in range(6)
    ]
