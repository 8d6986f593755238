"""The controls that act on the app's own game (its session), not on a table's: undo, redo,
the history slider, new game, auto-play, its delay and one bot step. They show where the game
in play offers them (``sheepkit.live.Offers``): all of them for the app's own game, none at a
table."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import ipywidgets as w

from ..autoplay import Autoplay

if TYPE_CHECKING:
    from .app import GameApp


def shown(widget: Any, on: bool) -> None:
    """Show or hide ``widget`` (its layout's display)."""
    widget.layout.display = None if on else "none"


def button(label: str, css: str, action: Callable[[], Any], style: str = "") -> w.Button:
    """A button with its CSS class (the tests and the page script find it by it)."""
    made = w.Button(description=label, button_style=style)
    made.add_class(css)
    made.on_click(lambda _: action())
    return made


class OwnGameControls:
    """One app's controls of its own game, in two rows and two sliders."""

    def __init__(self, app: GameApp, speed_ms: int) -> None:
        self.app = app
        self.step_button = button("Bot: play one move", "sk-step", app.step)
        self.step_button.tooltip = "Advance one step"
        self.autoplay_toggle = w.ToggleButton(description="Auto-play bots", value=True)
        self.autoplay_toggle.add_class("sk-autoplay")
        self.speed = w.IntSlider(
            value=speed_ms, min=50, max=2000, step=50, description="Delay (ms)", readout=True
        )
        self.bots = Autoplay(app.session, delay=speed_ms / 1000, failed=self._bot_failed)
        self.autoplay_toggle.observe(self._autoplay_changed, "value")
        self.speed.observe(lambda c: setattr(self.bots, "delay", c["new"] / 1000), "value")
        self.undo_button = button("Undo", "sk-undo", app.undo)
        self.undo_button.tooltip = "Back to your previous move"
        self.redo_button = button("Redo", "sk-redo", app.redo)
        self.slider = w.IntSlider(description="History", min=0, max=0, continuous_update=False)
        # (page_style's script names the slider handles after these labels.)
        self.slider.add_class("sk-history")
        self.slider.observe(lambda c: app.goto(c["new"]), "value")
        self.new_button = button("New game", "sk-new", app.new_game, "success")
        self.history_row = w.HBox([self.undo_button, self.redo_button, self.new_button])
        self.bots_row = w.HBox([self.autoplay_toggle, self.step_button])

    def _autoplay_changed(self, change: dict[str, Any]) -> None:
        self.bots.on = change["new"]
        self.app.schedule_bots()

    def _bot_failed(self, error: Exception) -> None:
        self.autoplay_toggle.value = False
        self.app.screen.say(f"A bot failed: {error!r}")

    def render(self) -> None:
        """The history as the session has it; each control shown where the game in play
        offers it (at a table: only the host's set-up, in the lobby)."""
        app = self.app
        session, offers = app.session, app.screen.offers
        self.slider.unobserve_all("value")
        self.slider.max = len(session.timeline) - 1
        self.slider.value = session.cursor
        self.slider.observe(lambda c: app.goto(c["new"]), "value")
        self.undo_button.disabled = session.cursor == 0
        self.redo_button.disabled = session.at_end
        self.step_button.disabled = app.state.is_over or app.screen.live.human_decides()
        shown(self.history_row, offers.browse or offers.new_game)
        for widget in (self.undo_button, self.redo_button, self.slider):
            shown(widget, offers.browse)
        shown(self.new_button, offers.new_game)
        shown(self.bots_row, offers.bots)
        shown(self.speed, offers.bots)
