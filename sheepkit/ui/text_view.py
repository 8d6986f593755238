"""A board view for any game: the plain-text picture of what the viewer may see.

It lets a new game be played in the app before it has a board of its own.
"""

from __future__ import annotations

from typing import Any

from ..core import Move, State
from .board import FONT, INK, PAPER, Frame


class TextBoardView:
    width = 560
    height = 360
    line_height = 18

    def draw(self, canvas: Any, frame: Frame) -> None:
        canvas.fill_style = PAPER
        canvas.fill_rect(0, 0, self.width, self.height)
        canvas.fill_style = INK
        canvas.font = f"15px monospace, {FONT}"
        canvas.text_align = "left"
        canvas.text_baseline = "top"
        shown = frame.state if frame.viewer is None else frame.state.view(frame.viewer)
        for i, line in enumerate(str(shown).splitlines()[: self.height // self.line_height - 1]):
            canvas.fill_text(line, 12, 10 + i * self.line_height)

    def takes_clicks(self, state: State) -> bool:
        return False  # a picture of text: every move has its button

    def click(self, frame: Frame, x: float, y: float) -> tuple[Any, Move | None]:
        return None, None

    def move_label(self, state: State, move: Move) -> str:
        return str(move)
