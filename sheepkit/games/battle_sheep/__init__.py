"""Battle Sheep (Blue Orange, 2014): split stacks of sheep to claim the most hex pastures."""

from typing import Any

from ...core.contract import PanelHooks
from ...core.registry import register
from .bots import bots_for
from .drawing import BattleSheepDrawing
from .engine import MOVE, OVER, START, TILES, BattleSheep, BattleSheepState, Split, Start, Tile
from .rules import FIELDS, BattleSheepRules
from .words import BattleSheepWords


def _panel(app: Any) -> PanelHooks:
    from .panel import BattleSheepPanel  # ipywidgets: loaded by the app only

    return BattleSheepPanel(app)


register(
    BattleSheep, drawing=BattleSheepDrawing, words=BattleSheepWords, panel=_panel, bots=bots_for
)

__all__ = [
    "FIELDS",
    "MOVE",
    "OVER",
    "START",
    "TILES",
    "BattleSheep",
    "BattleSheepRules",
    "BattleSheepState",
    "Split",
    "Start",
    "Tile",
]
