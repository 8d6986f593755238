"""The Bot protocol: anything with ``choose(view, legal_moves, rng) -> move``.

A plain function with that signature is a bot too, so a student can write one in a cell.
Bots receive a player's view, never the full state: with hidden information, the view is all
that player may know.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol, runtime_checkable

from ..core import Move


@runtime_checkable
class Bot(Protocol):
    # legal_moves is a Sequence[Any] so that a game's own bot may declare its move type (as
    # sheepkit.core.contract.Bot says).
    def choose(self, view: Any, legal_moves: Sequence[Any], rng: random.Random) -> Move: ...


BotFunction = Callable[[Any, Sequence[Any], random.Random], Move]


class FunctionBot:
    """A plain function wrapped as a bot; its name and docstring become its name and description."""

    def __init__(self, function: BotFunction, name: str | None = None) -> None:
        self.function = function
        self.name = name or getattr(function, "__name__", "bot")
        self.description = (function.__doc__ or "A bot written as a function.").strip()

    def choose(self, view: Any, legal_moves: Sequence[Move], rng: random.Random) -> Move:
        return self.function(view, legal_moves, rng)


def as_bot(bot: Bot | BotFunction) -> Bot:
    if hasattr(bot, "choose"):
        return bot  # type: ignore[return-value]
    if callable(bot):
        return FunctionBot(bot)
    raise TypeError(f"{bot!r} is not a bot: give an object with choose() or a function")


def bot_name(bot: Any) -> str:
    return str(getattr(bot, "name", None) or type(bot).__name__)


class RandomBot:
    name = "Random"
    description = "Picks one of the legal moves at random, each equally likely. It never plans."

    def choose(self, view: Any, legal_moves: Sequence[Move], rng: random.Random) -> Move:
        return rng.choice(list(legal_moves))
