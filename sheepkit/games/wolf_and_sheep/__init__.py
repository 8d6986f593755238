"""Wolf and Sheep: four wolves (five on 10x10) try to trap one sheep on the dark squares.

The board view lives in ``view.py`` and is imported only by the app.
"""

from .engine import (
    SHEEP,
    WOLVES,
    Step,
    WolfAndSheep,
    WolfAndSheepRules,
    WolfAndSheepState,
    parse_square,
    square,
    square_name,
)

__all__ = [
    "SHEEP",
    "WOLVES",
    "Step",
    "WolfAndSheep",
    "WolfAndSheepRules",
    "WolfAndSheepState",
    "parse_square",
    "square",
    "square_name",
]
