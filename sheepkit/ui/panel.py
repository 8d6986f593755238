"""Panel: the base class of a game's own controls in the app (core.contract.PanelHooks)."""

from __future__ import annotations

from typing import Any

import ipywidgets as w

from ..core import State


class Panel(w.VBox):  # ipywidgets ships no types: w.VBox is Any to mypy
    """A column of the game's own widgets beside the board. ``refresh`` is called after every
    change of position; ``claims_chance`` is True where the panel settles a chance node."""

    def refresh(self, app: Any) -> None:
        pass

    def claims_chance(self, state: State[Any, Any]) -> bool:
        return False
