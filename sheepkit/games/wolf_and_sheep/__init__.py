"""Wolf and Sheep: four wolves (five on 10x10) try to trap one sheep on the dark squares."""

from typing import Any

from ...core.contract import PanelHooks
from ...core.registry import register
from .drawing import WolfAndSheepDrawing
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
from .perfect import bots_for
from .words import WolfAndSheepWords


def _panel(app: Any) -> PanelHooks:
    from .panel import WolfAndSheepPanel  # ipywidgets: loaded by the app only

    return WolfAndSheepPanel(app)


register(
    WolfAndSheep, drawing=WolfAndSheepDrawing, words=WolfAndSheepWords, panel=_panel, bots=bots_for
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
