"""The Sheep Race (Ghenos Games, 2013): bet on sheep, then race them with dice and breath."""

from .bots import SensibleBot, StrongBot
from .cards import CARDS, PRINTED
from .engine import (
    PACE_COSTS,
    Bet,
    Deal,
    First,
    Hidden,
    Pace,
    Result,
    Roll,
    SheepRace,
    SheepRaceState,
    SheepRaceView,
    pace_problem,
)
from .rules import FINAL_DICE, FINAL_PAYOFFS, SEMIFINAL_DICE, SEMIFINAL_PAYOFFS, SheepRaceRules

__all__ = [
    "CARDS",
    "FINAL_DICE",
    "FINAL_PAYOFFS",
    "PACE_COSTS",
    "PRINTED",
    "SEMIFINAL_DICE",
    "SEMIFINAL_PAYOFFS",
    "Bet",
    "Deal",
    "First",
    "Hidden",
    "Pace",
    "Result",
    "Roll",
    "SensibleBot",
    "SheepRace",
    "SheepRaceRules",
    "SheepRaceState",
    "SheepRaceView",
    "StrongBot",
    "pace_problem",
]
