"""One way to name a bot everywhere: a name, a class, an object or a plain function.

``play_game``, ``play_match``, the session's seats and the lab (``simulate``, ``sweep``,
``tournament``) all take a *bot spec*: the name of a bot offered for the game
(``sheepkit.bots.for_game``: "Random", "MCTS", the game's own), a bot class, a bot object (an
object with ``choose``) or a plain function ``(view, legal_moves, rng) -> move``.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from ..core import Game
from ..core.contract import Bot, BotFactory
from .base import Named, as_bot, bot_name

#: A bot name, a bot class, a bot object, or a plain function (see the module's docstring).
#: Typed Any: the checks are made at run time (``bot_maker``), and a notebook's table of bots
#: is often typed ``dict[str, object]``.
BotSpec = Any


def bot_maker(
    game: Game[Any, Any, Any], spec: BotSpec, offered: Mapping[str, BotFactory] | None = None
) -> BotFactory:
    """How to get a fresh bot for each game from a spec: a name from ``offered`` (by default
    ``for_game(game)``; a session passes the bots it offers), a class, an object (deep-copied,
    so that whatever it remembers never leaks from one game into the next) or a plain function.
    A name not offered is a ValueError that lists the names; anything that is no bot is a
    TypeError."""
    if isinstance(spec, str):
        if offered is None:
            from . import for_game  # (the package's: it lists the game's own bots too)

            offered = for_game(game)
        if spec not in offered:
            raise ValueError(
                f"no bot named {spec!r} for {game.title}; choose from: {', '.join(offered)}"
            )
        return offered[spec]
    if isinstance(spec, type):
        if not callable(getattr(spec, "choose", None)):
            raise TypeError(f"{spec.__name__} is not a bot class: it has no choose() method")
        return lambda: as_bot(spec())
    bot = as_bot(spec)  # TypeError for anything else
    if bot is not spec:  # a function remembers nothing between calls: one wrapper will do
        return lambda: bot
    return lambda: copy.deepcopy(bot)


def make_bot(
    game: Game[Any, Any, Any], spec: BotSpec, offered: Mapping[str, BotFactory] | None = None
) -> Bot:
    """The bot of a spec for one game: a new one for a name (from ``offered``, as in
    ``bot_maker``) or a class, the object itself."""
    if isinstance(spec, (str, type)):
        return as_bot(bot_maker(game, spec, offered)())
    return as_bot(spec)


def spec_name(game: Game[Any, Any, Any], spec: BotSpec) -> str:
    """What tables and records call the bot of a spec."""
    if isinstance(spec, str):
        return spec
    if isinstance(spec, type):
        name = spec.name if isinstance(spec, Named) else None
        return str(name or spec.__name__)
    return bot_name(as_bot(spec))


__all__ = ["BotSpec", "bot_maker", "make_bot", "spec_name"]
