"""Playing a GameApp to the end the way a person would: through the buttons on the page."""

from __future__ import annotations

import random
from collections.abc import Iterator

import ipywidgets as w

from sheepkit.core import CHANCE
from sheepkit.ui import GameApp


def shown_buttons(widget: w.Widget) -> Iterator[w.Button]:
    """The live buttons a person could see and press under ``widget`` (none in a hidden box)."""
    layout = getattr(widget, "layout", None)
    if layout is not None and layout.display == "none":
        return
    if isinstance(widget, w.Button):
        if not widget.disabled:
            yield widget
        return
    for child in getattr(widget, "children", ()):
        yield from shown_buttons(child)


def move_buttons(app: GameApp) -> list[w.Button]:
    """The live move buttons: the app's own, or its panel's (class ``sk-move``) where the
    drawing has ``move_buttons = False``."""
    return [b for b in shown_buttons(app.widget) if "sk-move" in b._dom_classes]


def play_to_the_end(app: GameApp, rng: random.Random, limit: int = 5000) -> int:
    """Play the app's game to its end: human seats by clicking a move button (or Roll, or the
    curtain's button), bot seats and the app's own deals by ``step``. The number of human
    moves made by a click."""
    clicked = 0
    for _ in range(limit):
        state = app.state
        if state.is_over:
            return clicked
        if app.curtain_for is not None:
            app.curtain_button.click()
        elif not app.screen.live.human_decides(state):
            assert app.step(), f"the app did not move for the bot at ply {state.ply}"
        elif state.to_move == CHANCE:
            assert app.chance_box.layout.display != "none" and not app.roll_button.disabled
            app.roll_button.click()
            assert app.state.ply == state.ply + 1, "the Roll button rolled nothing"
        else:
            mover = state.to_move
            buttons = move_buttons(app)
            assert buttons, f"no move button for the human at ply {state.ply}"
            rng.choice(buttons).click()
            assert app.state.ply == state.ply + 1, "a move button played no move"
            assert app.timeline[-2].to_move == mover
            clicked += 1
    raise AssertionError(f"the game did not end in {limit} steps")
