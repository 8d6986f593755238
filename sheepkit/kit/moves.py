"""How pieces move: directions seen from a side, and the move rules step, slide, jump, place
and drop. A move rule only says what a piece may do; the engine turns it into tables of
points once per board (``engine.py``). Standard library only."""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from .boards import DesignError, Vector

#: Directions as a side sees them: forward is towards the other side (``Side(forward=...)``).
DIRECTIONS = (
    "forward",
    "back",
    "left",
    "right",
    "forward_left",
    "forward_right",
    "back_left",
    "back_right",
)
FORWARD = ("forward",)
BACKWARD = ("back",)
SIDEWAYS = ("left", "right")
FORWARD_AND_SIDEWAYS = ("forward", "left", "right")
FORWARD_DIAGONALS = ("forward_left", "forward_right")
DIAGONALS = ("forward_left", "forward_right", "back_left", "back_right")
STRAIGHT = ("forward", "back", "left", "right")
#: Every direction but back and the two back diagonals: a piece that never turns back.
NOT_BACKWARD = ("forward", "left", "right", "forward_left", "forward_right")
ALL = DIRECTIONS

#: Which way "forward" is on the page, for each value of ``Side(forward=...)``.
HEADINGS: dict[str, Vector] = {"up": (0, 1), "down": (0, -1), "right": (1, 0), "left": (-1, 0)}


def turned(forward: Vector, direction: str) -> Vector:
    """The board direction (dx, dy) of ``direction`` for a side whose forward is ``forward``."""
    fx, fy = forward
    left = (-fy, fx)  # a quarter turn anticlockwise
    ahead = {"forward": 1, "back": -1}
    side = {"left": 1, "right": -1}
    along, across = 0, 0
    for word in direction.split("_"):
        along += ahead.get(word, 0)
        across += side.get(word, 0)
    return (along * fx + across * left[0], along * fy + across * left[1])


def _directions(directions: str | Iterable[str], called: str) -> tuple[str, ...]:
    found = (directions,) if isinstance(directions, str) else tuple(directions)
    for d in found:
        if d not in DIRECTIONS:
            raise DesignError(
                f"{called}: {d!r} is not a direction; use {', '.join(DIRECTIONS)}, or kit.ALL, "
                "kit.STRAIGHT, kit.DIAGONALS, kit.FORWARD..."
            )
    if not found:
        raise DesignError(f"{called}: give at least one direction, like kit.ALL")
    return found


def _named(directions: tuple[str, ...]) -> str:
    for name in (
        "ALL", "STRAIGHT", "DIAGONALS", "NOT_BACKWARD", "FORWARD_AND_SIDEWAYS",
        "FORWARD_DIAGONALS", "SIDEWAYS", "FORWARD", "BACKWARD",
    ):  # fmt: skip
        if set(globals()[name]) == set(directions):
            return f"kit.{name}"
    return repr(list(directions))


@dataclass(frozen=True)
class MoveRule:
    """One way a side may move. ``kind`` is step, slide, jump, place or drop."""

    kind: str
    directions: tuple[str, ...] = ()
    capture: bool = False
    chain: bool = False

    def __str__(self) -> str:
        if self.kind in ("place", "drop"):
            return f"kit.{self.kind}()"
        extra = ", capture=True" if self.capture else ""
        extra += ", chain=True" if self.chain else ""
        return f"kit.{self.kind}({_named(self.directions)}{extra})"

    @property
    def moves_pieces(self) -> bool:
        """True for moves of a piece already on the board (not place or drop)."""
        return self.kind in ("step", "slide", "jump")


def step(directions: str | Iterable[str] = ALL, *, capture: bool = False) -> MoveRule:
    """A piece steps to the next point along a line in one of ``directions``, if it is empty.
    With ``capture=True`` it may also step onto a piece of another side and take it."""
    called = "kit.step(...)"
    return MoveRule("step", _directions(directions, called), capture)


def slide(directions: str | Iterable[str] = ALL, *, capture: bool = False) -> MoveRule:
    """A piece goes any number of points along a line in one of ``directions``, over empty
    points only (a rook or a bishop). With ``capture=True`` it may end on the first piece of
    another side in its way and take it."""
    return MoveRule("slide", _directions(directions, "kit.slide(...)"), capture)


def jump(
    directions: str | Iterable[str] = ALL, *, capture: bool = False, chain: bool = False
) -> MoveRule:
    """A piece jumps over the next piece along a line to the empty point just beyond it. With
    ``capture=True`` it jumps only over pieces of another side and takes them; with
    ``chain=True`` it may jump again and again in one move (it may stop after any jump)."""
    return MoveRule("jump", _directions(directions, "kit.jump(...)"), capture, chain)


def place() -> MoveRule:
    """A new piece is put on any empty point (noughts and crosses)."""
    return MoveRule("place")


def drop() -> MoveRule:
    """A new piece is dropped into a column and falls to its lowest empty point (four in a
    row). Down is the bottom of the board, row 1, for every side."""
    return MoveRule("drop")
