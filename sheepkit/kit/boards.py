"""Boards of the kit: named points with places on a lattice, and the lines that join them.

Every board is a :class:`Board`: points named like ``c3`` (column letter, row number, row 1 at
the bottom), each with lattice coordinates ``(x, y)`` (y grows upwards), and for each point
the neighbour it is joined to in each direction. A direction is the sign of the step between
two joined points, ``(dx, dy)`` with each of -1, 0 or 1, so "the next point the same way" is
one look-up, which is all that stepping, sliding and jumping need. Standard library only.
"""

from __future__ import annotations

import string
from collections.abc import Iterable
from dataclasses import dataclass, field

#: A direction on the board: the signs of the step (dx, dy); y grows upwards.
Vector = tuple[int, int]

#: Column letters: at most 26 columns.
LETTERS = string.ascii_lowercase
MAX_COLUMNS, MAX_ROWS = 26, 26


def point_name(column: int, row: int) -> str:
    """``point_name(2, 0) == "c1"``: column letter, then the row counted from 1 at the bottom."""
    return f"{LETTERS[column]}{row + 1}"


def _sign(n: int) -> int:
    return (n > 0) - (n < 0)


class DesignError(ValueError):
    """A game declaration that cannot work, said in a pupil's words, naming the kit choice at
    fault (``kit.step(kit.BACKWARD)``, ``kit.capture("Fox", 20)``...)."""


@dataclass(frozen=True)
class Board:
    """What a game is played on: ``kind`` ("squares", "lines" or "hexes") says how it is drawn.

    ``columns`` and ``rows`` are the lattice's size; ``resizable`` boards offer them as rules."""

    kind: str
    columns: int
    rows: int
    holes: tuple[str, ...] = ()
    diagonals: bool = False
    resizable: bool = True
    #: How the board was made, in the kit's words (for messages and the docs).
    called: str = ""
    names: tuple[str, ...] = field(init=False, compare=False, repr=False)
    xy: tuple[tuple[int, int], ...] = field(init=False, compare=False, repr=False)
    #: For each point, {direction: the point joined to it that way}.
    joined: tuple[dict[Vector, int], ...] = field(init=False, compare=False, repr=False)
    index: dict[str, int] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        if not (1 <= self.columns <= MAX_COLUMNS and 1 <= self.rows <= MAX_ROWS):
            raise DesignError(
                f"{self.called}: a board has 1 to {MAX_COLUMNS} columns and 1 to {MAX_ROWS} rows"
            )
        everything = {
            point_name(c, r): (c, r) for r in range(self.rows) for c in range(self.columns)
        }
        unknown = [h for h in self.holes if h not in everything]
        if unknown:
            last = point_name(self.columns - 1, self.rows - 1)
            raise DesignError(
                f"{self.called}: the hole {unknown[0]!r} is not a point of a "
                f"{self.columns} by {self.rows} board (a1 to {last})"
            )
        cells = [(name, cr) for name, cr in everything.items() if name not in self.holes]
        if not cells:
            raise DesignError(
                f"{self.called}: every point is a hole, so nothing is left to play on"
            )
        names = tuple(name for name, _ in cells)
        lattice = tuple(cr for _, cr in cells)
        xy = tuple(self._place(c, r) for c, r in lattice)
        where = {p: i for i, p in enumerate(xy)}
        joined: list[dict[Vector, int]] = []
        for x, y in xy:
            near: dict[Vector, int] = {}
            for dx, dy in self._steps(x, y):
                other = where.get((x + dx, y + dy))
                if other is not None:
                    near[(_sign(dx), _sign(dy))] = other
            joined.append(near)
        object.__setattr__(self, "names", names)
        object.__setattr__(self, "xy", xy)
        object.__setattr__(self, "joined", tuple(joined))
        object.__setattr__(self, "index", {n: i for i, n in enumerate(names)})

    def _place(self, column: int, row: int) -> tuple[int, int]:
        """The lattice coordinates of a point: hexes use doubled rows (odd columns half up)."""
        if self.kind == "hexes":
            return column, 2 * row + column % 2
        return column, row

    def _steps(self, x: int, y: int) -> Iterable[tuple[int, int]]:
        if self.kind == "hexes":
            return ((0, 2), (0, -2), (1, 1), (1, -1), (-1, 1), (-1, -1))
        straight = ((1, 0), (-1, 0), (0, 1), (0, -1))
        corners = ((1, 1), (1, -1), (-1, 1), (-1, -1))
        if self.kind == "squares":
            return straight + corners  # cells touch their eight neighbours
        if not self.diagonals:
            return straight
        # Alquerque's pattern: diagonal lines run through the centre point, so through every
        # point of the centre's colour on a chessboard (x + y of the same parity).
        centre = (self.columns - 1) // 2 + (self.rows - 1) // 2
        return straight + corners if (x + y) % 2 == centre % 2 else straight

    def resized(self, columns: int, rows: int) -> Board:
        """The same kind of board, another size (the Rule Lab's board size)."""
        if (columns, rows) == (self.columns, self.rows):
            return self
        return Board(
            self.kind, columns, rows, self.holes, self.diagonals, self.resizable, self.called
        )

    def point(self, name: str) -> int:
        """The point called ``name``; DesignError in words when there is none."""
        found = self.index.get(name.strip().lower()) if isinstance(name, str) else None
        if found is None:
            first, last = self.names[0], self.names[-1]
            raise DesignError(
                f"{name!r} is not a point of this board (its points run {first} to {last})"
            )
        return found

    def __len__(self) -> int:
        return len(self.names)

    @property
    def lines(self) -> tuple[tuple[int, int], ...]:
        """Every line between two joined points, once (a < b)."""
        return tuple((a, b) for a, near in enumerate(self.joined) for b in near.values() if a < b)

    def describe(self) -> str:
        """The board in words, for the screen reader."""
        what = {"squares": "squares", "lines": "points joined by lines", "hexes": "hexes"}
        size = f"{self.columns} columns by {self.rows} rows"
        return f"A board of {len(self)} {what[self.kind]}, {size}, a1 at the bottom left."


def squares(columns: int = 8, rows: int | None = None, *, holes: Iterable[str] = ()) -> Board:
    """A board of square cells, ``columns`` wide and ``rows`` high (square if rows is not
    given), like a chessboard: each cell touches its eight neighbours. ``holes`` are cells
    left out (``holes=["d4"]``). Its size is a rule the Rule Lab can change."""
    rows = columns if rows is None else rows
    holes = tuple(holes)
    called = f"kit.squares({columns}, {rows})"
    return Board("squares", columns, rows, holes, False, not holes, called)


def lines(
    columns: int = 3, rows: int | None = None, *, diagonals: bool = False, holes: Iterable[str] = ()
) -> Board:
    """Points joined by lines across and down, ``columns`` wide and ``rows`` high. With
    ``diagonals=True`` diagonal lines run through the centre point and every other point, as
    on an Alquerque board. ``holes`` are points left out."""
    rows = columns if rows is None else rows
    holes = tuple(holes)
    called = f"kit.lines({columns}, {rows}{', diagonals=True' if diagonals else ''})"
    return Board("lines", columns, rows, holes, diagonals, not holes, called)


#: The corners cut from a 7 by 7 board to leave the 33-point cross.
CROSS_CORNERS = tuple(point_name(c, r) for c in (0, 1, 5, 6) for r in (0, 1, 5, 6))


def cross(*, diagonals: bool = True) -> Board:
    """The 33-point cross of Fox and Geese and peg solitaire: a 7 by 7 board of points
    without its corners, c1 to e7 down the middle and a3 to g5 across, with diagonal lines
    through the centre d4 (``diagonals=False``: without them)."""
    board = lines(7, 7, diagonals=diagonals, holes=CROSS_CORNERS)
    return Board(
        "lines", 7, 7, board.holes, diagonals, False,
        f"kit.cross({'' if diagonals else 'diagonals=False'})",
    )  # fmt: skip


def hexes(columns: int = 5, rows: int | None = None) -> Board:
    """A board of hexagons in ``columns`` upright columns of ``rows`` each, every other
    column half a hex higher. A hex touches six: forward, back and the four diagonals."""
    rows = columns if rows is None else rows
    return Board("hexes", columns, rows, (), False, True, f"kit.hexes({columns}, {rows})")
