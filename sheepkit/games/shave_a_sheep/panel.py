"""Shave a Sheep's own controls in the app: the Howling Wolf race, and the die designer.

The race is a chance node nobody rolls (``acting_player`` is None): in the app the first
player to howl wins it. Its rules are the session's (``sheepkit.session.Race``: the first
claim wins, each bot claims after a short random delay); the panel shows a big button for
every human seat that may howl, and gives the race the kernel's event loop to wait on, as the
app's auto-play is.
The panel tells the app that it owns that node (``claims_chance``), so the app does not roll
it by itself; the Roll button and the rig drop-down still settle it for a teacher. At a table
(Play together) each device shows only its own seat's button, and the table's server runs the
race: it takes the first claim from any device, and its bots claim after their own delays.
"""

from __future__ import annotations

import asyncio
import random
from collections.abc import Hashable
from typing import Any

import ipywidgets as w

from ...core import CHANCE, State
from ...session import Race
from ...ui.panel import Panel
from .engine import RACE, Howl, ShaveASheepState


class ShaveASheepPanel(Panel):
    """Placed by the app under its move buttons; ``refresh(app)`` runs after every change."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.rng = random.Random(f"sheepkit-howl-{app.seed}")
        self.race_note = w.HTML()
        self.race_note.add_class("sk-race-note")
        self.howl_box = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self._howl_buttons: dict[int, w.Button] = {}
        self._race_at: ShaveASheepState | None = None  # the position of the race below
        self._race: Race | None = None
        self.designer_box = w.VBox()
        self._designer: Any = None
        self.designer_button = w.Button(
            description="Die designer", tooltip="Change the die, then play with it"
        )
        self.designer_button.add_class("sk-open-designer")
        self.designer_button.on_click(lambda _: self.toggle_designer())
        super().__init__([self.race_note, self.howl_box, self.designer_button, self.designer_box])
        self.add_class("sk-shave-panel")

    # -- the race -------------------------------------------------------------------------------
    def racers(self, state: ShaveASheepState) -> tuple[int, ...]:
        """The seats that may win this race (by the rules: maybe not the roller)."""
        return tuple(howl.player for howl, _ in state.chance_outcomes() if isinstance(howl, Howl))

    def claims_chance(self, state: State[Any, Any]) -> bool:
        """The app asks before rolling a chance node by itself: a race someone can still win
        by pressing a button, or that bots will win on the event loop, is ours."""
        if not isinstance(state, ShaveASheepState) or state.phase != RACE:
            return False
        app = self.app
        if not app.at_end:
            return False
        if any(app.is_human(p) for p in self.racers(state)):
            return True
        return bool(app.autoplay and _running_loop() is not None)

    def howl(self, player: int) -> bool:
        """``player`` howls: the first howl of a race wins it; later ones do nothing."""
        state, race = self.app.state, self._race
        if race is None or state is not self._race_at or not self.app.at_end:
            return False  # no race, or not this one
        return race.claim(player)

    def _won(self, outcome: Hashable | None, note: str) -> None:
        """The race is won (``outcome``: the winner's howl): the app rolls it."""
        self._race_at = self._race = None
        try:
            self.app.roll(outcome)
        except Exception as e:  # (a bot's claim runs on the event loop, where it would vanish)
            self.app.screen.say(f"The race failed: {e!r}")

    def refresh(self, app: Any) -> None:
        state = app.state
        racing = (
            isinstance(state, ShaveASheepState)
            and state.phase == RACE
            and state.to_move == CHANCE
            and app.at_end
        )
        if not racing:
            self._cancel()
            self.race_note.value = ""
            self.howl_box.layout.display = "none"
            return
        if state is self._race_at:
            return  # a redraw of the same race: the bots' timers already run
        self._cancel()
        racers = self.racers(state)
        humans = [p for p in racers if app.is_human(p)]
        name = state.game.player_name
        # At a table (its bots play on the server) the others race on their own devices.
        at_table = not app.screen.offers.bots
        if humans:
            words = "Press your button!"
        else:
            words = "The others are racing…" if at_table else "The bots are racing…"
        self.race_note.value = (
            "<div style='font-size:1.15em'><b>Gray! First to howl grabs the wolf.</b> "
            f"{words}</div>"
        )
        for p in humans:
            if p not in self._howl_buttons:
                button = w.Button(
                    description=f"Howl! ({name(p)})",
                    button_style="danger",
                    layout=w.Layout(width="auto", height="48px"),
                    style={"font_weight": "bold"},
                )
                button.add_class("sk-howl")
                button.on_click(lambda _, p=p: self.howl(p))
                self._howl_buttons[p] = button
        self.howl_box.children = tuple(self._howl_buttons[p] for p in humans)
        self.howl_box.layout.display = None if humans else "none"
        # The bots claim by themselves on the kernel's event loop (without one, tests and
        # scripts call howl() for them; at a table the server runs its own bots).
        loop = _running_loop()
        waits = loop is not None and app.autoplay and not at_table
        self._race_at = state
        later = loop.call_later if waits and loop else None
        self._race = Race(app.screen.live, self._won, later=later, rng=self.rng)

    def _cancel(self) -> None:
        if self._race is not None:
            self._race.cancel()
        self._race_at = self._race = None

    # -- the die designer ------------------------------------------------------------------------
    def toggle_designer(self) -> None:
        """Show (built on first use) or hide the die designer; its game starts in this app."""
        if self._designer is None:
            from .designer import DieDesigner

            self._designer = DieDesigner(
                self.app.game.rules, on_play=lambda rules: self.app.new_game(rules)
            )
            self.designer_box.children = (self._designer,)
            return
        shown = self.designer_box.layout.display != "none"
        self.designer_box.layout.display = "none" if shown else None


def _running_loop() -> asyncio.AbstractEventLoop | None:
    try:
        return asyncio.get_running_loop()
    except RuntimeError:
        return None
