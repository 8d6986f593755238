"""Battle Sheep (Blue Orange, 2014): split stacks of sheep to claim the most hex pastures.

The board view lives in ``view.py`` and is imported only by the app.
"""

from .engine import MOVE, OVER, START, TILES, BattleSheep, BattleSheepState, Split, Start, Tile
from .rules import FIELDS, BattleSheepRules

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
