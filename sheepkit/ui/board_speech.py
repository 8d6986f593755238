"""The board in words, for a pupil who uses a screen reader (WCAG 1.1.1 and 4.1.3).

Three things beside the app's board, kept up to date by ``refresh(app)`` after every change:

* the board's name ("Wolf and Sheep board") and its description, the drawing's
  ``describe(frame)`` of what the seat in front of the screen may see: hidden (``display:
  none``, so not read again as text after the board), and tied to the canvas by the page
  script (``page_style``: role, aria-labelledby, aria-describedby, which read hidden text),
  so a screen reader reads them once, on the board;
* a "Describe the board" button that shows the description under the board and reads it out;
* a polite live region that says each new line of the game log (the human's move, the bot's
  reply, the deal) as the log words it, and the result when the game ends.

Behind the pass-the-device curtain nothing of the board is said, as nothing is shown.
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as w

from ..core.contract import Frame
from .page_style import SR_ONLY

#: Said after the description of a board that has a keyboard cursor (board_keys).
KEYS_HINT = "On the board: the arrow keys move, Enter or Space picks."
#: At most this many log lines are said at once (a loaded record is not read out whole).
MOST_LINES = 5


def describe(drawing: Any, frame: Frame) -> str:
    """The drawing's words for the board; a drawing written without ``describe`` (it is not
    a ``Drawing`` subclass) is described by the game's text, as ``Drawing`` does."""
    own = getattr(drawing, "describe", None)
    if own is not None:
        return str(own(frame))
    shown = frame.state if frame.viewer is None else frame.state.view(frame.viewer)
    return str(shown)


class BoardSpeech:
    """The hidden name, description and announcer of one app's board, and its button."""

    def __init__(self) -> None:
        self.name = w.HTML()
        self.name.add_class("sk-board-name")
        self.name.add_class(SR_ONLY)
        self.text = w.HTML()
        self.text.add_class("sk-board-text")
        self.text.add_class(SR_ONLY)
        self.live = w.HTML()
        self.live.add_class("sk-live")
        self.live.add_class(SR_ONLY)
        self.button = w.Button(
            description="Describe the board",
            tooltip="Show the board in words (and read them out)",
            layout=w.Layout(width="auto"),
        )
        self.button.add_class("sk-describe")
        self.button.on_click(lambda _: self.toggle())
        self.shown = False
        self.words = ""  # the description now
        self.said = ""  # the live region's text now
        self._heard_plies: int | None = None  # how many plies of the game have been said
        self._over_said = False

    @property
    def widgets(self) -> tuple[w.Widget, ...]:
        """Under the board: the button, the description (hidden until asked), the name and the
        announcer (always hidden)."""
        return (self.button, self.text, self.name, self.live)

    def toggle(self) -> None:
        """Show the description under the board (and say it), or hide it again."""
        self.shown = not self.shown
        if self.shown:
            self.text.remove_class(SR_ONLY)
            self.say(self.words)
        else:
            self.text.add_class(SR_ONLY)
        self.button.description = "Hide the description" if self.shown else "Describe the board"

    def refresh(self, app: Any) -> None:
        """Bring name, description and announcer up to date with the app's position."""
        game = app.game
        self.name.value = f"{html.escape(game.title)} board"
        curtain = app.curtain_for
        if curtain is not None:
            self.words = f"The board is hidden: pass the device to {game.player_name(curtain)}."
        else:
            self.words = describe(app.drawing, app._frame())
            if app.keys.steerable():
                self.words += f"\n{KEYS_HINT}"
        lines = "".join(f"<div>{html.escape(line)}</div>" for line in self.words.splitlines())
        self.text.value = f"<div style='font-family:monospace;white-space:pre-wrap'>{lines}</div>"
        self._announce(app)

    def _announce(self, app: Any) -> None:
        state = app.state
        plies = app.session.ply  # (at a table, the table's: its stand-in has no history)
        if not app.at_end or self._heard_plies is None or plies < self._heard_plies:
            # The first position, a new game, Undo or the history: nothing new was played.
            if app.at_end:
                self._heard_plies, self._over_said = plies, state.is_over
            return
        if app.curtain_for is not None:
            if plies > self._heard_plies:  # the next player's secrets stay unsaid
                self._heard_plies = plies
                self.say(self.words)
            return
        lines = [
            text for _, last, text in app._log_entries(app._viewer()) if last > self._heard_plies
        ]
        self._heard_plies = plies
        if state.is_over and not self._over_said:
            lines.append(f"Game over. {state.outcome()}")
            self._over_said = True
        if lines:
            self.say(". ".join(line.rstrip(".") for line in lines[-MOST_LINES:]) + ".")

    def say(self, words: str) -> None:
        """Say ``words`` now (a move, the keyboard cursor's target, why a click did nothing)."""
        # The same words twice would change nothing in the page: nothing would be read.
        if words == self.said:
            words += "\u00a0"
        self.said = words
        self.live.value = html.escape(words)
