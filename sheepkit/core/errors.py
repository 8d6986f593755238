"""The ways input can be wrong. Each message names the problem; nothing is changed."""

from __future__ import annotations

import reprlib
from collections.abc import Hashable


class _Brief(reprlib.Repr):
    """reprlib's short repr, nested at most three levels, with big integers counted (a repr
    of an int past 4,300 digits raises ValueError in Python 3.11)."""

    def __init__(self) -> None:
        super().__init__()
        self.maxlevel, self.maxstring, self.maxother, self.maxlong = 3, 60, 60, 40

    def repr_int(self, x: int, level: int) -> str:
        if x.bit_length() > 128:
            return f"<an integer of about {int(x.bit_length() * 0.30103) + 1:,} digits>"
        return super().repr_int(x, level)


_BRIEF = _Brief()


def shown(value: object, limit: int = 80) -> str:
    """``repr(value)`` for a message: short, and safe for any value a user may pass (nested
    a thousand levels deep, an integer of 5,000 digits, a repr that raises)."""
    try:
        text = _BRIEF.repr(value)
    except Exception:  # RecursionError, ValueError, or any error of a value's own __repr__
        text = f"<a {type(value).__name__}>"
    return text if len(text) <= limit else text[: limit - 3] + "..."


class SheepkitError(Exception):
    """Base class of every error sheepkit raises on purpose."""


class IllegalMove(SheepkitError, ValueError):
    """A move that the rules do not allow in this state. The state is untouched."""

    def __init__(self, message: str, move: object = None, legal: tuple[Hashable, ...] = ()) -> None:
        shown = ", ".join(str(m) for m in legal[:40])
        more = f" (and {len(legal) - 40} more)" if len(legal) > 40 else ""
        detail = f" Legal here: {shown}{more}." if legal else " Nothing is legal here."
        super().__init__(message + detail)
        self.move = move
        self.legal = legal


class InvalidRules(SheepkitError, ValueError):
    """A rule value outside what the game allows, or a rule the game does not have."""

    def __init__(self, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.field = field


class BadRecord(SheepkitError, ValueError):
    """A game record that is corrupt, foreign, of an unknown version, or holds an illegal move."""

    def __init__(self, message: str, move_number: int | None = None) -> None:
        super().__init__(message)
        self.move_number = move_number


class UnknownGame(SheepkitError, KeyError):
    """``load(name)`` of a game that is not registered; the message lists the games.

    A KeyError subclass, so code that caught the KeyError of earlier versions still works."""

    def __init__(self, name: object, known: tuple[str, ...]) -> None:
        super().__init__(name)
        self.name = name
        self.known = known

    def __str__(self) -> str:  # KeyError would print the repr of its argument only
        return f"no game named {self.name!r}; the games are: {', '.join(self.known)}"
