"""Shave a Sheep (LEGO Games, 2010): grow wool on your sheep, shear it to keep it safe."""

from .engine import Act, Roll, ShaveASheep, ShaveASheepState
from .rules import ACTIONS, BASE_DIE, COLOURS, ShaveASheepRules, face_name

__all__ = [
    "ACTIONS",
    "BASE_DIE",
    "COLOURS",
    "Act",
    "Roll",
    "ShaveASheep",
    "ShaveASheepRules",
    "ShaveASheepState",
    "face_name",
]
