"""Lamb Mimes (Chucklin' Games): a shedding card game with a face-down Pasture to remember."""

from .bots import MemoryBot, SensibleBot, StrongBot
from .engine import (
    Card,
    Flip,
    LambMimes,
    LambMimesState,
    LambMimesView,
    Pass,
    Place,
    Play,
)
from .rules import LambMimesRules, card_name, parse_card

__all__ = [
    "Card",
    "Flip",
    "LambMimes",
    "LambMimesRules",
    "LambMimesState",
    "LambMimesView",
    "MemoryBot",
    "Pass",
    "Place",
    "Play",
    "SensibleBot",
    "StrongBot",
    "card_name",
    "parse_card",
]
