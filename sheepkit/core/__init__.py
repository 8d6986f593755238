"""The common game contract: games, states, chance, rules, records, errors and check_game."""

from .check import CheckReport, GameCheckFailed, check_game
from .errors import BadRecord, IllegalMove, InvalidRules, SheepkitError, UnknownGame
from .game import CHANCE, Game, Move, Outcome, State, cached
from .record import dumps, replay
from .registry import game_type, games, load, register
from .rules import RuleInfo, Rules, rule

__all__ = [
    "CHANCE",
    "BadRecord",
    "CheckReport",
    "Game",
    "GameCheckFailed",
    "IllegalMove",
    "InvalidRules",
    "Move",
    "Outcome",
    "RuleInfo",
    "Rules",
    "SheepkitError",
    "State",
    "UnknownGame",
    "cached",
    "check_game",
    "dumps",
    "game_type",
    "games",
    "load",
    "register",
    "replay",
    "rule",
]
