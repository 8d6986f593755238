"""sheepkit: five sheep-themed tabletop games to play, read, change and simulate.

>>> import sheepkit
>>> game = sheepkit.load("wolf_and_sheep")
>>> state = game.new_game().play("E1-D2")

A game of one's own joins with one call, ``sheepkit.register(MyGame)`` (see CONTRACT.md).
"""

from . import games  # a callable module: sheepkit.games() lists the games
from .bots import MCTSBot, RandomBot
from .core import (
    CHANCE,
    BadRecord,
    GameCheckFailed,
    IllegalMove,
    InvalidRules,
    UnknownGame,
    check_game,
    load,
    replay,
)
from .core.registry import register, unregister
from .play import play_game, play_match

__version__ = "0.1.0"

__all__ = [
    "CHANCE",
    "BadRecord",
    "GameCheckFailed",
    "IllegalMove",
    "InvalidRules",
    "MCTSBot",
    "RandomBot",
    "UnknownGame",
    "check_game",
    "games",
    "load",
    "play_game",
    "play_match",
    "register",
    "replay",
    "unregister",
]
