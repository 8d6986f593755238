"""Drawing a game: the palette, text and marker primitives, and ``Drawing``, the base class of
every board drawing (the ``BoardDrawing`` protocol of ``sheepkit.core.contract`` with every
optional member filled in).

A game's ``drawing.py`` subclasses ``Drawing``; it is the only place that knows how the game
looks, and the game registers it (``sheepkit.register(Game, drawing=TheDrawing)``). A game
registered without one is drawn as its text (``TextDrawing``). The app owns the canvas, clears
it and holds its updates before calling ``draw``; coordinates are canvas pixels.

Nothing here imports a widget library: drawings import, and draw on a recording canvas in
tests, without loading the app.
"""

from __future__ import annotations

import math
from abc import ABC, abstractmethod
from collections.abc import Hashable
from typing import Any, Generic, TypeVar

from .core.contract import BoardDrawing, Frame, GameWords, Target
from .core.game import Game, State
from .core.registry import entry_for
from .core.words import PLAYER_SHAPES, words_for

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


#: The state type a drawing draws (``class WolfAndSheepDrawing(Drawing[WolfAndSheepState])``):
#: ``frame.state`` and the ``state`` arguments are typed as that, with no narrowing.
S = TypeVar("S")


class Drawing(ABC, Generic[S]):
    """The base class of board drawings: subclasses set ``width`` and ``height`` and write
    ``draw``; every other member of ``BoardDrawing`` has a default here. Generic in the state
    type it draws: the app hands a drawing only its own game's states."""

    width: int = 560
    height: int = 360
    move_buttons: bool = True
    preferences: tuple[str, ...] = ()

    def __init__(self, game: Any = None) -> None:
        # The app makes a drawing per game (a board size may depend on the rules).
        self.game = game

    @abstractmethod
    def draw(self, canvas: Any, frame: Frame[S]) -> None:
        """Paint the whole board for ``frame``: the one member every drawing writes."""

    def click(self, frame: Frame[S], x: float, y: float) -> tuple[Any, Hashable | None]:
        """By default a click does nothing: every move has its button."""
        return None, None

    def takes_clicks(self, state: S) -> bool:
        """By default, true when the subclass reads clicks (it overrides ``click``)."""
        return type(self).click is not Drawing.click

    def selected_moves(self, state: S, selection: Any) -> tuple[Hashable, ...]:
        return ()

    def words(self, state: Any) -> GameWords:
        """The game's words (``sheepkit.core.words``), for a drawing that writes some on its
        board (a label, the last move): those of ``state``'s game."""
        return words_for(state.game)

    def explain_click(self, frame: Frame[S], x: float, y: float) -> str | None:
        """By default a click that does nothing says nothing."""
        return None

    def targets(self, frame: Frame[S]) -> tuple[Target, ...]:
        """By default none: the board has no keyboard cursor (every move has its button)."""
        return ()

    def tools(self, frame: Frame[S]) -> tuple[str, ...]:
        """By default none: a click or a move button is all it takes."""
        return ()

    def use_tool(self, tool: str, frame: Frame[S]) -> Any:
        raise ValueError(f"{type(self).__name__} has no tool {tool!r}")

    def follows_pointer(self, state: S) -> bool:
        """By default no: the board is the same wherever the pointer is."""
        return False

    def point(self, frame: Frame[S], x: float, y: float) -> bool:
        return False


class TextDrawing(Drawing[State[Any, Any]]):
    """Any game drawn as the plain-text picture of what the viewer may see: a new game is
    played in the app before it has a drawing of its own."""

    width = 560
    height = 360
    line_height = 18

    def draw(self, canvas: Any, frame: Frame[State[Any, Any]]) -> None:
        canvas.fill_style = PAPER
        canvas.fill_rect(0, 0, self.width, self.height)
        canvas.fill_style = INK
        canvas.font = f"15px monospace, {FONT}"
        canvas.text_align = "left"
        canvas.text_baseline = "top"
        for i, line in enumerate(self._lines(frame)):
            canvas.fill_text(line, 12, 10 + i * self.line_height)

    def _lines(self, frame: Frame[State[Any, Any]]) -> list[str]:
        shown = frame.state if frame.viewer is None else frame.state.view(frame.viewer)
        return str(shown).splitlines()[: self.height // self.line_height - 1]

    def targets(self, frame: Frame[State[Any, Any]]) -> tuple[Target, ...]:
        """The text's lines: the arrow keys read the board line by line (a click on the text
        plays nothing, so Enter plays nothing either; the move buttons do)."""
        return tuple(
            Target(self.width / 2, 10 + (i + 0.5) * self.line_height, line.strip() or "(blank)",
                   self.width - 16, self.line_height)
            for i, line in enumerate(self._lines(frame))
        )  # fmt: skip


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


#: The pass-the-device curtain's grey (white words on it contrast 11:1).
CURTAIN_GREY = "#3a3a3a"


def draw_curtain(canvas: Any, width: float, height: float, name: str) -> None:
    """The pass-the-device curtain over the whole board: nothing of it shows."""
    canvas.fill_style = CURTAIN_GREY
    canvas.fill_rect(0, 0, width, height)
    canvas.fill_style = "#ffffff"
    canvas.font = "22px sans-serif"
    canvas.text_align = "center"
    canvas.text_baseline = "middle"
    canvas.fill_text(f"Pass the device to {name}", width / 2, height / 2 - 14)
    canvas.font = "15px sans-serif"
    canvas.fill_text("Everyone else: look away!", width / 2, height / 2 + 18)


def drawing_for(game: Game[Any, Any, Any]) -> BoardDrawing:
    """The drawing the game registered, made for these rules; else its text (TextDrawing)."""
    make = entry_for(game).drawing
    return make(game) if make is not None else TextDrawing(game)


__all__ = [
    "FONT",
    "INK",
    "OKABE_ITO",
    "PAPER",
    "PLAYER_COLOURS",
    "PLAYER_SHAPES",
    "BoardDrawing",
    "Drawing",
    "Frame",
    "Target",
    "TextDrawing",
    "draw_shape",
    "draw_text",
    "drawing_for",
]
