"""The ways input can be wrong. Each message names the problem; nothing is changed."""

from __future__ import annotations

from collections.abc import Hashable


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
