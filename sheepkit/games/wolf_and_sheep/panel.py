"""Wolf and Sheep's own controls in the app: the match score, a perfect-play hint, and the
text's user preferences (pieces on dark or light squares; a standard or dark theme)."""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as w

from ...ui.panel import Panel
from ...ui.predict import after_prediction
from .engine import SHEEP, WolfAndSheepState
from .perfect import SOLVED_SIZES, hint


class WolfAndSheepPanel(Panel):
    """Placed by the app under its move buttons; ``refresh(app)`` runs after every change."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.squares = _toggle("Pieces on", [("Dark squares", "dark"), ("Light squares", "light")])
        self.theme = _toggle("Theme", [("Standard", "standard"), ("Dark", "dark")])
        self.squares.value, self.theme.value = app.drawing.squares, app.drawing.theme
        self.squares.add_class("sk-pref-squares")
        self.theme.add_class("sk-pref-theme")
        self.squares.observe(self._preferences, "value")
        self.theme.observe(self._preferences, "value")
        self.hint_button = w.Button(
            description="Hint: who wins from here?", layout=w.Layout(width="auto")
        )
        self.hint_button.add_class("sk-hint")
        self.hint_button.on_click(lambda _: self.show_hint())
        self.solving = w.FloatProgress(min=0, max=1, description="Solving", bar_style="info")
        self.solving.layout.display = "none"
        self.hint_text = w.HTML()
        self.hint_text.add_class("sk-hint-text")
        self._hinted: WolfAndSheepState | None = None  # the position the hint is about
        self.match = w.HTML()
        self.match.add_class("sk-match")
        super().__init__(
            [self.match, self.hint_button, self.solving, self.hint_text, self.squares, self.theme]
        )

    def _preferences(self, _: Any) -> None:
        # app.drawing, read each time: new rules (another board size) give the app a new view.
        self.app.drawing.squares, self.app.drawing.theme = self.squares.value, self.theme.value
        self.app.redraw()

    def refresh(self, app: Any) -> None:
        """A hint is about one position: it stays while that position is shown (picking a
        piece redraws the app but changes nothing) and goes when the position changes."""
        state: WolfAndSheepState = app.state
        if state is not self._hinted:
            self._hinted = None
            self.hint_text.value = ""
        self.match.value = match_score(state) if state.game.rounds > 1 else ""

    def hints_after(self, question: str) -> None:
        """Keep the Hint for after the lesson's prediction ``question`` (its words or key):
        from the start it would tell who wins with perfect play, the prediction's answer."""
        label = self.hint_button.description
        self.hint_button.disabled = True
        self.hint_button.description = "Hint: after your prediction below"

        def release() -> None:
            self.hint_button.disabled = False
            self.hint_button.description = label

        after_prediction(question, release)

    def show_hint(self) -> None:
        state: WolfAndSheepState = self.app.state
        if state.game.rules.board not in SOLVED_SIZES:
            sizes = " and ".join(f"{n}x{n}" for n in SOLVED_SIZES)
            self.hint_text.value = (
                f"Hints need the solved game, which sheepkit computes in class for {sizes} "
                "boards. On 10x10 the wolves win from the start with perfect play (in 72 moves)."
            )
            return
        self.solving.layout.display = None  # the first solve of a board takes a second or two

        def progress(done: float) -> None:
            self.solving.value = done

        try:
            verdict = hint(state, progress)
        finally:
            self.solving.layout.display = "none"
        self.hint_text.value = f"<b>Hint</b> (after move {state.ply}): {html.escape(str(verdict))}"
        self._hinted = state


def _toggle(label: str, options: list[tuple[str, str]]) -> w.ToggleButtons:
    return w.ToggleButtons(options=options, description=label, style={"button_width": "110px"})


def match_score(state: WolfAndSheepState) -> str:
    """The two-round match as a line of HTML: rounds won, and who plays the sheep now."""
    game = state.game
    scores = state.scores()
    names = [game.player_name(p) for p in (0, 1)]
    line = f"<b>Match</b>: {names[0]} {scores[0]:g} – {scores[1]:g} {names[1]}"
    if not state.is_over:
        sheep = game.player_name(state.seat(SHEEP))
        line += f" · round {state.round} of {game.rounds}, {html.escape(sheep)} plays the sheep"
    return line
