"""Sides, their pieces and where they start; and goals, the ways a game ends. Standard
library only."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from .boards import DesignError
from .moves import HEADINGS, MoveRule


@dataclass(frozen=True)
class Rows:
    """Where pieces start: the ``count`` rows nearest a side's own edge, every point filled
    (``kit.rows(2)``). The count is a rule the Rule Lab can change."""

    count: int

    def __str__(self) -> str:
        return f"kit.rows({self.count})"


def rows(count: int = 1) -> Rows:
    """Start with a piece on every point of the ``count`` rows at your own edge."""
    if not isinstance(count, int) or count < 1:
        raise DesignError(f"kit.rows({count!r}): give a number of rows, 1 or more")
    return Rows(count)


def side_id(name: str) -> str:
    """A side's name as a rule name: ``"Red Fox"`` -> ``"red_fox"``."""
    return re.sub(r"\W+", "_", name.strip().lower()).strip("_") or "side"


@dataclass(frozen=True)
class Side:
    """One side (a player): its ``name``, the ``pieces`` it starts with (a list of points
    like ``["d4"]``, or ``kit.rows(2)``), its ``moves`` (step, slide, jump, place, drop), the
    way it calls ``forward`` ("up", "down", "left" or "right"; by default the first side
    faces up and the second down) and the ``mark`` its pieces carry (the name's first letter)."""

    name: str
    pieces: tuple[str, ...] | Rows = ()
    moves: tuple[MoveRule, ...] = ()
    forward: str | None = None
    mark: str | None = None

    def __init__(
        self,
        name: str,
        pieces: Iterable[str] | Rows = (),
        moves: Iterable[MoveRule] | MoveRule = (),
        *,
        forward: str | None = None,
        mark: str | None = None,
    ) -> None:
        if not isinstance(name, str) or not name.strip():
            raise DesignError(f"kit.Side({name!r}): a side needs a name in words, like 'Fox'")
        if isinstance(pieces, str):
            pieces = (pieces,)
        found = pieces if isinstance(pieces, Rows) else tuple(pieces)
        if isinstance(moves, MoveRule):
            moves = (moves,)
        rules = tuple(moves)
        for rule in rules:
            if not isinstance(rule, MoveRule):
                raise DesignError(
                    f"the {name}'s moves: {rule!r} is not a move; use kit.step, kit.slide, "
                    "kit.jump, kit.place or kit.drop"
                )
        if forward is not None and forward not in HEADINGS:
            raise DesignError(
                f"the {name}'s forward={forward!r}: say 'up', 'down', 'left' or 'right'"
            )
        object.__setattr__(self, "name", name.strip())
        object.__setattr__(self, "pieces", found)
        object.__setattr__(self, "moves", rules)
        object.__setattr__(self, "forward", forward)
        object.__setattr__(self, "mark", mark)

    @property
    def id(self) -> str:
        return side_id(self.name)


@dataclass(frozen=True)
class Goal:
    """A way the game ends. ``side`` is the side it makes win (None: whichever side does it);
    ``n`` the goal's number (pieces to take, points in a row, stall or move limit)."""

    kind: str
    side: str | None = None
    n: int | None = None
    places: tuple[str, ...] = ()

    def __str__(self) -> str:
        args = [repr(self.side)] if self.side is not None else []
        if self.places:
            args.append(repr(list(self.places)))
        if self.n is not None:
            args.append(str(self.n))
        return f"kit.{self.kind}({', '.join(args)})"


def _number(n: object, called: str) -> int:
    if not isinstance(n, int) or isinstance(n, bool) or n < 1:
        raise DesignError(f"{called}: the number must be a whole number, 1 or more")
    return n


def reach(side: str | None = None, places: Iterable[str] | None = None) -> Goal:
    """A side wins when one of its pieces stands on one of ``places`` (by default the far
    row, the one at the other side's edge). No side named: each side, to its own far row."""
    return Goal("reach", side, None, tuple(places or ()))


def capture(side: str | None = None, n: int | None = None) -> Goal:
    """A side wins when it has taken ``n`` pieces (no n: every piece of the other sides)."""
    return Goal("capture", side, None if n is None else _number(n, "kit.capture(...)"))


def block(side: str | None = None) -> Goal:
    """A side wins when the side to move cannot move (no side named: any side)."""
    return Goal("block", side)


def in_a_row(n: int = 3, side: str | None = None) -> Goal:
    """A side wins with ``n`` of its pieces in a row along a line, across, down or diagonal."""
    return Goal("in_a_row", side, _number(n, f"kit.in_a_row({n!r})"))


def get_past(side: str) -> Goal:
    """``side`` wins when one of its pieces is behind every piece of the other side, seen
    from that side's forward: pieces that never turn back can never catch it."""
    return Goal("get_past", side)


def stall(side: str, n: int = 10) -> Goal:
    """``side`` wins when the other side makes ``n`` moves in a row that do not go forward."""
    return Goal("stall", side, _number(n, f"kit.stall({side!r}, {n!r})"))


def most_pieces() -> Goal:
    """When the game ends without a winner (the move limit, or a side with no move), the
    side with the most pieces on the board wins; equal counts are a draw."""
    return Goal("most_pieces")


def move_limit(n: int = 100) -> Goal:
    """After ``n`` moves (both sides' together) the game ends in a draw."""
    return Goal("move_limit", None, _number(n, f"kit.move_limit({n!r})"))
