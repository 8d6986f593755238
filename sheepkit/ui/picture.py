"""Still pictures of game positions for lessons: the game's own drawing on a small canvas.

A lesson shows "a slide that stops at the edge" or "a wolf that cannot move back" as a picture
of a constructed position, drawn by the drawing the app uses, so a picture always looks like
the game. Like the app, it draws once a browser shows the canvas (see app.py for why).
"""

from __future__ import annotations

from typing import Any

import ipywidgets as w
from ipycanvas import Canvas, hold_canvas

from ..core import Move, State
from ..drawing import FONT, INK, BoardDrawing, Frame, drawing_for
from .keyboard import KEYBOARD_HTML


def picture(
    state: State[Any, Any],
    *,
    caption: str = "",
    highlights: tuple[Move, ...] = (),
    selection: Any = None,
    viewer: int | None = None,
    scale: float = 0.75,
    drawing: BoardDrawing | None = None,
) -> w.VBox:
    """A small drawing of ``state`` with an optional caption; moves in ``highlights`` are marked.

    ``scale`` shrinks the picture on the page (the drawing itself is made at full size, so it
    stays sharp). Returns a widget: display it, or put several in an HBox.
    """
    board = drawing or drawing_for(state.game)
    width, height = board.width, board.height
    canvas = Canvas(
        width=width,
        height=height,
        layout=w.Layout(width=f"{width * scale:.0f}px", height=f"{height * scale:.0f}px"),
    )
    frame = Frame(state, viewer, selection, tuple(highlights))

    def draw(*_: Any) -> None:
        with hold_canvas():
            canvas.clear()
            board.draw(canvas, frame)

    canvas.on_client_ready(draw)
    style = f"font:14px {FONT};color:{INK};max-width:{width * scale:.0f}px"
    label = w.HTML(f"{KEYBOARD_HTML}<div style='{style}'>{caption}</div>")
    box = w.VBox([canvas, label], layout=w.Layout(margin="0 12px 12px 0"))
    box.add_class("sk-picture")
    return box


def pictures(*items: w.Widget) -> w.HBox:
    """Pictures side by side, wrapping onto new lines on narrow pages."""
    return w.HBox(list(items), layout=w.Layout(flex_flow="row wrap"))
