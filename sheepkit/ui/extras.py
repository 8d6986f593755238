"""The app's closed sections under the board: Rules, Save / load and About the bots.

Each is made when first opened (or used): about half of an app's widgets live there, and each
is one more model for the page to make before the board shows."""

from __future__ import annotations

import html
from typing import TYPE_CHECKING, Any

import ipywidgets as w

from ..bots import factory_description
from ..core import Game
from .records_panel import RecordsPanel
from .rules_panel import RulesPanel

if TYPE_CHECKING:
    from .app import GameApp

#: The sections, in order.
EXTRAS = ("Rules", "Save / load", "About the bots")


class Extras:
    """The accordion of one app's closed sections."""

    def __init__(self, app: GameApp) -> None:
        self.app = app
        self._rules_panel: RulesPanel | None = None
        self._records_panel: RecordsPanel | None = None
        self._bot_notes: w.HTML | None = None
        self.widget = w.Accordion([w.Box() for _ in EXTRAS], titles=EXTRAS, selected_index=None)
        self.widget.observe(self._opened, "selected_index")

    @property
    def rules_panel(self) -> RulesPanel:
        if self._rules_panel is None:
            self._rules_panel = RulesPanel(self.app.game.rules, self.app.new_game)
            self._place("Rules", self._rules_panel.widget)
        return self._rules_panel

    @property
    def records_panel(self) -> RecordsPanel:
        if self._records_panel is None:
            self._records_panel = RecordsPanel(self.app.save_record, self.app.load_record)
            self._place("Save / load", self._records_panel.widget)
        return self._records_panel

    @property
    def bot_notes(self) -> w.HTML:
        if self._bot_notes is None:
            self._bot_notes = w.HTML()
            self._place("About the bots", self._bot_notes)
            self._write_bot_notes()
        return self._bot_notes

    def show(self, game: Game[Any, Any, Any]) -> None:
        """A new game (new rules, other bots): the sections made so far follow it."""
        if self._rules_panel is not None and self._rules_panel.rules != game.rules:
            self._rules_panel.show(game.rules)
        self._write_bot_notes()

    def _place(self, title: str, widget: w.Widget) -> None:
        children = list(self.widget.children)
        children[EXTRAS.index(title)] = widget
        self.widget.children = tuple(children)

    def _opened(self, change: dict[str, Any]) -> None:
        sections = (lambda: self.rules_panel, lambda: self.records_panel, lambda: self.bot_notes)
        if change["new"] is not None:
            sections[change["new"]]()  # made now, if it was not yet

    def _write_bot_notes(self) -> None:
        if self._bot_notes is None:
            return  # made with the notes when first opened
        rows = []
        for name, factory in self.app.bot_factories.items():
            about = factory_description(factory)
            rows.append(f"<li><b>{html.escape(name)}</b>: {html.escape(about)}</li>")
        self._bot_notes.value = f"<ul>{''.join(rows)}</ul>"
