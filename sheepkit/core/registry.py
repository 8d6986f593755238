"""The registry of games: ``sheepkit.games()`` and ``sheepkit.load(name, **rules)``."""

from __future__ import annotations

from typing import Any, TypeVar

from .errors import InvalidRules, UnknownGame
from .game import Game

_GAMES: dict[str, type[Game]] = {}
G = TypeVar("G", bound=type[Game])


def register(game_type: G) -> G:
    """Class decorator: make a game loadable by its ``name``."""
    _GAMES[game_type.name] = game_type
    return game_type


def games() -> tuple[str, ...]:
    """The names of all games, in the order they were registered."""
    return tuple(_GAMES)


def game_type(name: str) -> type[Game]:
    """The class of the game ``name``; UnknownGame (a KeyError) lists the games otherwise."""
    try:
        return _GAMES[name]
    except (KeyError, TypeError):  # TypeError: an unhashable name, e.g. a list from JSON
        raise UnknownGame(name, tuple(_GAMES)) from None


def load(name: str, **rules: Any) -> Game:
    """The game ``name`` with the given rule changes (validated: InvalidRules names the field)."""
    kind = game_type(name)
    return kind(kind.rules_type.make(**rules))


__all__ = ["InvalidRules", "UnknownGame", "game_type", "games", "load", "register"]
