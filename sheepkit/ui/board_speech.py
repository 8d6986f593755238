"""The board in words, for a pupil who uses a screen reader (WCAG 1.1.1 and 4.1.3).

Three things beside the app's board, kept up to date by ``refresh(screen)`` after every change:

* the board's name ("Wolf and Sheep board") and its description, the game's words for what
  the seat in front of the screen may see (``Screen.described``): hidden (``display:
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

import ipywidgets as w

from ..board_speech import KEYS_HINT, MOST_LINES, Announcer, described
from ..screen import Screen
from .page_style import SR_ONLY

__all__ = ["KEYS_HINT", "MOST_LINES", "BoardSpeech"]


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
        self.announcer = Announcer()  # which plies of the game have been said

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

    def refresh(self, screen: Screen, steerable: bool) -> None:
        """Bring name, description and announcer up to date with the screen's position
        (``steerable``: the board has a keyboard cursor, so its hint is said too)."""
        self.name.value = f"{html.escape(screen.live.game.title)} board"
        self.words = described(screen, steerable)
        lines = "".join(f"<div>{html.escape(line)}</div>" for line in self.words.splitlines())
        self.text.value = f"<div style='font-family:monospace;white-space:pre-wrap'>{lines}</div>"
        said = self.announcer.heard(screen, self.words)
        if said is not None:
            self.say(said)

    def say(self, words: str) -> None:
        """Say ``words`` now (a move, the keyboard cursor's target, why a click did nothing)."""
        # The same words twice would change nothing in the page: nothing would be read.
        if words == self.said:
            words += "\u00a0"
        self.said = words
        self.live.value = html.escape(words)
