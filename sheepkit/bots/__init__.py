"""Bots: the protocol, a random bot, a general MCTS bot, and the bots offered for a game
(``play_game`` and ``play_match``, which seat them, are ``sheepkit.play``'s)."""

from __future__ import annotations

from typing import Any

from ..core import Game
from ..core.registry import entry_for
from .base import (
    Bot,
    BotFactory,
    BotFunction,
    Described,
    FunctionBot,
    Named,
    RandomBot,
    as_bot,
    bot_description,
    bot_name,
    factory_description,
)
from .mcts import MCTSBot


def for_game(game: Game[Any, Any, Any]) -> dict[str, BotFactory]:
    """Every bot that can play ``game``, by name, weakest first: random, the game's own, MCTS."""
    own = entry_for(game).bots
    return {"Random": RandomBot, **(own(game) if own is not None else {}), "MCTS": MCTSBot}


__all__ = [
    "Bot",
    "BotFactory",
    "BotFunction",
    "Described",
    "FunctionBot",
    "MCTSBot",
    "Named",
    "RandomBot",
    "as_bot",
    "bot_description",
    "bot_name",
    "factory_description",
    "for_game",
]
