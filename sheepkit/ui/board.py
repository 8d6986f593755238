"""The one interface between the app shell and a game's look: a BoardView.

A game's ``view.py`` implements this; it is the only place that knows how the game looks.
The shell finds it by calling ``sheepkit.games.<name>.view.board_view(game)``; a game without
a view module is drawn as plain text (``TextBoardView``).
The shell owns the canvas, clears it and wraps every redraw in ``hold_canvas`` before calling
``draw``; coordinates are canvas pixels (the shell fixes the canvas's CSS size to match).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any, Protocol

from ..core import Move, State

#: Okabe-Ito: a palette that colour-blind readers can tell apart. Always pair colour with a
#: shape, pattern or label as well.
OKABE_ITO = {
    "orange": "#E69F00",
    "sky": "#56B4E9",
    "green": "#009E73",
    "yellow": "#F0E442",
    "blue": "#0072B2",
    "vermillion": "#D55E00",
    "purple": "#CC79A7",
    "black": "#000000",
}
PLAYER_COLOURS = ("#0072B2", "#D55E00", "#009E73", "#CC79A7", "#E69F00", "#56B4E9")
PLAYER_SHAPES = ("circle", "square", "triangle", "diamond", "star", "hexagon")
INK = "#222222"
PAPER = "#FBF8F0"
FONT = "sans-serif"


def draw_text(
    canvas: Any,
    text: str,
    x: float,
    y: float,
    *,
    size: int = 14,
    bold: bool = False,
    align: str = "left",
    baseline: str = "alphabetic",
    colour: str = INK,
    max_width: float | None = None,
) -> None:
    """One line of text on an ipycanvas canvas, with every setting given (none inherited)."""
    canvas.font = f"{'bold ' if bold else ''}{size}px {FONT}"
    canvas.text_align = align
    canvas.text_baseline = baseline
    canvas.fill_style = colour
    canvas.fill_text(text, x, y, max_width)


class ShowsWidget:
    """For objects built around one ``widget``: a notebook cell shows them as that widget."""

    widget: Any

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)


@dataclass(frozen=True)
class Frame:
    """What the shell asks a view to draw."""

    state: State
    #: Whose eyes: the human seat in front of the screen (None: everything may be shown).
    viewer: int | None
    #: The view's own selection (e.g. a picked piece), as returned by ``click``.
    selection: Any = None
    #: Moves to mark on the board (e.g. where the selected piece may go).
    highlights: tuple[Move, ...] = ()
    # No "browsing" flag: a position shown from the history takes moves like the last one
    # (the app cuts the timeline there), so a view never needs to know it is in the past.


class BoardView(Protocol):
    width: int
    height: int

    def draw(self, canvas: Any, frame: Frame) -> None:
        """Paint the whole board for ``frame`` (canvas already cleared, inside hold_canvas)."""

    def click(self, frame: Frame, x: float, y: float) -> tuple[Any, Move | None]:
        """A click at canvas pixel (x, y): the new selection, and the move it completes if any."""

    def move_label(self, state: State, move: Move) -> str:
        """The text on a move's button (a short phrase a child can read)."""

    # Optional: ``selected_moves(state, selection) -> tuple[Move, ...]``, the moves to mark on
    # the board (``Frame.highlights``) while ``selection`` is picked.
    # Optional: ``takes_clicks(state) -> bool``, False where no click on the board plays a
    # move in ``state`` (the status then points to the move buttons only); default True.
    # Optional: ``controls(app) -> widget | None``, the game's own controls (preferences,
    # hints), built once and placed in the app's control column; they may call app methods
    # such as ``app.redraw()`` or ``app.play(move)``. If that widget has a
    # ``refresh(app)`` method, the app calls it after every change.


def draw_shape(canvas: Any, shape: str, x: float, y: float, r: float, colour: str) -> None:
    """A filled player marker of radius ``r`` at (x, y), one of PLAYER_SHAPES, so that
    players differ by shape as well as by colour."""
    canvas.fill_style = colour
    if shape == "square":
        canvas.fill_rect(x - r, y - r, 2 * r, 2 * r)
    elif shape == "triangle":
        canvas.fill_polygon([(x, y - r), (x + r, y + r), (x - r, y + r)])
    elif shape == "diamond":
        canvas.fill_polygon([(x, y - r), (x + r, y), (x, y + r), (x - r, y)])
    elif shape in ("star", "hexagon"):
        n, inner = (5, 0.45) if shape == "star" else (3, 1.0)
        points = []
        for i in range(2 * n):
            radius = r if i % 2 == 0 else r * inner
            angle = math.pi * i / n - math.pi / 2
            points.append((x + radius * math.cos(angle), y + radius * math.sin(angle)))
        canvas.fill_polygon(points)
    else:
        canvas.fill_circle(x, y, r)
