"""Lamb Mimes (Chucklin' Games): a shedding card game with a face-down Pasture to remember."""

from ...core.registry import register
from .bots import MemoryBot, SensibleBot, StrongBot, bots_for
from .drawing import LambMimesDrawing
from .engine import (
    Card,
    Flip,
    LambMimes,
    LambMimesMove,
    LambMimesState,
    LambMimesView,
    Pass,
    Place,
    Play,
)
from .rules import LambMimesRules, card_name, parse_card
from .words import LambMimesWords

register(LambMimes, drawing=LambMimesDrawing, words=LambMimesWords, bots=bots_for)

__all__ = [
    "Card",
    "Flip",
    "LambMimes",
    "LambMimesMove",
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
