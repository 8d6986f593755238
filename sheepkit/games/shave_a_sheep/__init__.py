"""Shave a Sheep (LEGO Games, 2010): grow wool on your sheep, shear it to keep it safe."""

from typing import Any

from ...core.contract import PanelHooks
from ...core.registry import register
from .bots import OptimalBot, SensibleBot, bots_for
from .drawing import ShaveASheepDrawing
from .engine import FETCH, Act, Howl, Roll, ShaveASheep, ShaveASheepState
from .rules import (
    ACTIONS,
    BASE_DIE,
    COLOURS,
    HOWLING_DIE,
    VARIANTS,
    ShaveASheepRules,
    die_from_json,
    die_to_json,
    face_name,
)
from .solver import Solution, solve, win_chances
from .words import ShaveASheepWords


def _panel(app: Any) -> PanelHooks:
    from .panel import ShaveASheepPanel  # ipywidgets: loaded by the app only

    return ShaveASheepPanel(app)


register(
    ShaveASheep, drawing=ShaveASheepDrawing, words=ShaveASheepWords, panel=_panel, bots=bots_for
)

__all__ = [
    "ACTIONS",
    "BASE_DIE",
    "COLOURS",
    "FETCH",
    "HOWLING_DIE",
    "VARIANTS",
    "Act",
    "Howl",
    "OptimalBot",
    "Roll",
    "SensibleBot",
    "ShaveASheep",
    "ShaveASheepRules",
    "ShaveASheepState",
    "Solution",
    "die_from_json",
    "die_to_json",
    "face_name",
    "solve",
    "win_chances",
]
