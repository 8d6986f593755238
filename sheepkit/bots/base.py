"""The Bot protocol: anything with ``choose(view, legal_moves, rng) -> move``.

A plain function with that signature is a bot too, so a student can write one in a cell.
Bots receive a player's view, never the full state: with hidden information, the view is all
that player may know. The protocol itself is ``sheepkit.core.contract.Bot``; its optional
members, ``name`` and ``description``, are read here (``bot_name``, ``bot_description``).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol, runtime_checkable

from ..core import Move
from ..core.contract import Bot, BotFactory

#: A plain function bot: ``(view, legal_moves, rng) -> move``, the moves of its game's own type
#: (Any, as in the Bot protocol).
BotFunction = Callable[[Any, Sequence[Any], random.Random], Any]


@runtime_checkable
class Named(Protocol):
    """A bot (or bot class) that says its name: the app's seat menus and the lab's tables."""

    name: str


@runtime_checkable
class Described(Protocol):
    """A bot (or bot class) that says how it thinks, in words for pupils (the app's "About
    the bots", the arena's list)."""

    description: str


class FunctionBot:
    """A plain function wrapped as a bot; its name and docstring become its name and description."""

    def __init__(self, function: BotFunction, name: str | None = None) -> None:
        self.function = function
        self.name = name or str(getattr(function, "__name__", "bot"))
        self.description = (function.__doc__ or "A bot written as a function.").strip()

    def choose(self, view: Any, legal_moves: Sequence[Move], rng: random.Random) -> Move:
        move: Move = self.function(view, legal_moves, rng)
        return move


def as_bot(bot: Bot | BotFunction) -> Bot:
    # What isinstance(bot, Bot) checks, without the protocol check's cost (~80 us a call, and
    # play_game makes a seat of every bot it is given, thousands of games a run).
    if callable(getattr(bot, "choose", None)):
        return bot  # type: ignore[return-value]
    if isinstance(bot, Bot):
        return bot
    if callable(bot):
        return FunctionBot(bot)
    raise TypeError(f"{bot!r} is not a bot: give an object with choose() or a function")


def bot_name(bot: object) -> str:
    """The bot's ``name`` if it has one, else its class's name."""
    name = bot.name if isinstance(bot, Named) else None
    return str(name or type(bot).__name__)


def bot_description(bot: object) -> str:
    """The bot's ``description`` if it has one (text), else the empty string."""
    about = bot.description if isinstance(bot, Described) else None
    return about if isinstance(about, str) else ""


def factory_description(factory: BotFactory) -> str:
    """How the bots a factory makes think: the class's ``description`` when it states one,
    else a fresh bot's (MCTS words its own from its settings)."""
    about = factory.description if isinstance(factory, Described) else None
    return about if isinstance(about, str) else bot_description(factory())


class RandomBot:
    name = "Random"
    description = "Picks one of the legal moves at random, each equally likely. It never plans."

    def choose(self, view: Any, legal_moves: Sequence[Move], rng: random.Random) -> Move:
        return rng.choice(list(legal_moves))


__all__ = [
    "Bot",
    "BotFactory",
    "BotFunction",
    "Described",
    "FunctionBot",
    "Named",
    "RandomBot",
    "as_bot",
    "bot_description",
    "bot_name",
    "factory_description",
]
