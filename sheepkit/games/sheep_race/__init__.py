"""The Sheep Race (Ghenos Games, 2013): bet on sheep, then race them with dice and breath."""

from typing import Any

from ...core.contract import PanelHooks
from ...core.registry import register
from .bots import SensibleBot, StrongBot, bots_for
from .cards import CARDS, PRINTED
from .drawing import SheepRaceDrawing
from .engine import (
    PACE_COSTS,
    Bet,
    Deal,
    First,
    Hidden,
    Pace,
    RaceMove,
    Result,
    Roll,
    SheepRace,
    SheepRaceState,
    SheepRaceView,
    pace_problem,
)
from .rules import FINAL_DICE, FINAL_PAYOFFS, SEMIFINAL_DICE, SEMIFINAL_PAYOFFS, SheepRaceRules
from .words import SheepRaceWords


def _panel(app: Any) -> PanelHooks:
    from .panel import SheepRacePanel  # ipywidgets: loaded by the app only

    return SheepRacePanel(app)


register(SheepRace, drawing=SheepRaceDrawing, words=SheepRaceWords, panel=_panel, bots=bots_for)

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
    "RaceMove",
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
