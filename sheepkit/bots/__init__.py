"""Bots: the protocol, a random bot, a general MCTS bot, and play_match."""

from __future__ import annotations

from collections.abc import Callable

from ..core import Game
from ..core.registry import entry_for
from .base import Bot, BotFunction, FunctionBot, RandomBot, as_bot, bot_name
from .match import play_game, play_match
from .mcts import MCTSBot


def for_game(game: Game) -> dict[str, Callable[[], Bot]]:
    """Every bot that can play ``game``, by name, weakest first: random, the game's own, MCTS."""
    own = entry_for(game).bots
    return {"Random": RandomBot, **(own(game) if own is not None else {}), "MCTS": MCTSBot}


__all__ = [
    "Bot",
    "BotFunction",
    "FunctionBot",
    "MCTSBot",
    "RandomBot",
    "as_bot",
    "bot_name",
    "for_game",
    "play_game",
    "play_match",
]
