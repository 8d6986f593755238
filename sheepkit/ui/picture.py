"""Still pictures of game positions for lessons: the game's own drawing, as SVG.

A lesson shows "a slide that stops at the edge" or "a wolf that cannot move back" as a picture
of a constructed position, drawn by the drawing the app uses, so a picture always looks like
the game. The drawing is made on a :class:`~sheepkit.ui.svg_canvas.SvgCanvas` when the picture
is: a picture is part of its cell's output (HTML), not a widget, so a page shows it as soon as
the cell has run, before any widget, and it costs the kernel and the server nothing after.
"""

from __future__ import annotations

import html
import re
from dataclasses import dataclass, field
from typing import Any

from ..core import Move, State
from ..drawing import FONT, INK, BoardDrawing, Frame, drawing_for
from .svg_canvas import SvgCanvas


@dataclass(frozen=True)
class Picture:
    """A drawn position with its caption (HTML). A cell that ends with one shows it."""

    svg: str = field(repr=False)
    caption: str
    width: int  # shown width, pixels

    def _repr_html_(self) -> str:
        style = f"font:14px {FONT};color:{INK};max-width:{self.width}px"
        return (
            f'<div class="sk-picture" style="display:inline-block;vertical-align:top;'
            f'margin:0 12px 12px 0">{self.svg}<div style="{style}">{self.caption}</div></div>'
        )


@dataclass(frozen=True)
class Pictures:
    """Pictures side by side, wrapping onto new lines on narrow pages."""

    items: tuple[Picture, ...]

    def _repr_html_(self) -> str:
        inner = "".join(item._repr_html_() for item in self.items)
        return f'<div class="sk-pictures" style="display:flex;flex-flow:row wrap">{inner}</div>'


def picture(
    state: State[Any, Any],
    *,
    caption: str = "",
    highlights: tuple[Move, ...] = (),
    selection: Any = None,
    viewer: int | None = None,
    scale: float = 0.75,
    drawing: BoardDrawing | None = None,
) -> Picture:
    """A small drawing of ``state`` with an optional caption (HTML); moves in ``highlights``
    are marked.

    ``scale`` shrinks the picture on the page (it is drawn at the board's full size, so it
    stays sharp). A cell that ends with it shows it; put several in ``pictures``.
    """
    board = drawing or drawing_for(state.game)
    canvas = SvgCanvas(board.width, board.height)
    board.draw(canvas, Frame(state, viewer, selection, tuple(highlights)))
    shown = round(board.width * scale)
    label = html.unescape(_without_tags(caption)) or f"A position of {state.game.title}"
    return Picture(canvas.svg(shown_width=shown, label=label), caption, shown)


def pictures(*items: Picture) -> Pictures:
    """Pictures side by side, wrapping onto new lines on narrow pages."""
    for item in items:
        if not isinstance(item, Picture):
            raise TypeError(f"pictures() takes pictures (from picture()), not {item!r}")
    return Pictures(items)


def _without_tags(caption: str) -> str:
    """The caption's words for a screen reader (the <b> and the like taken out)."""
    return re.sub(r"<[^>]*>", "", caption).strip()
