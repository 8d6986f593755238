"""How Wolf and Sheep looks: a checkerboard seen from the sheep's side, row 1 at the bottom.

Pieces carry a shape and a letter as well as a colour (a fleecy cream cloud with S, a dark
token with ears and W), so the board reads without telling colours apart. Works with any
object that has the ipycanvas Canvas drawing methods; nothing here imports ipycanvas.
"""

from __future__ import annotations

import math
from typing import Any

from ...drawing import FONT, INK, OKABE_ITO, PAPER, Drawing, Frame, Target
from .engine import FILES, SHEEP, Step, WolfAndSheep, WolfAndSheepState, square, square_name

BOARD_PIXELS = 416  # 52 px cells on 8x8; other sizes scale to about the same board
MARGIN = 32
LIGHT = "#F2E6CC"
DARK = "#A8825A"
FLEECE = "#FFF8E7"
WOLF = "#2E2E2E"
WOLF_RIM = "#E8DCC4"
SELECTED = OKABE_ITO["orange"]
DESTINATION = OKABE_ITO["blue"]
LAST_MOVE = OKABE_ITO["sky"]
#: The text's interface themes: the usual light table, or black at 75 % opacity.
THEMES = {"standard": (PAPER, INK), "dark": ("#404040", "#F4F4F4")}


class WolfAndSheepDrawing(Drawing[WolfAndSheepState]):
    """The BoardDrawing of Wolf and Sheep (``sheepkit.core.contract``): about 480 x 480 pixels."""

    #: Settings of the viewer, kept when the app makes a new view for new rules.
    preferences: tuple[str, ...] = ("squares", "theme")

    def __init__(
        self, game: WolfAndSheep | None = None, *, squares: str = "dark", theme: str = "standard"
    ) -> None:
        super().__init__(game)
        self.size = game.rules.board if game is not None else 8
        self.cell = BOARD_PIXELS // self.size
        self.width = self.height = 2 * MARGIN + self.cell * self.size
        # The text's user preferences: they change the look only, never the rules.
        self.squares = squares  # the pieces stand on the "dark" or the "light" squares
        self.theme = theme

    # -- geometry --------------------------------------------------------------------------
    def centre(self, sq: int) -> tuple[float, float]:
        row, col = divmod(sq, 16)
        top = self.size - 1 - row
        return MARGIN + (col + 0.5) * self.cell, MARGIN + (top + 0.5) * self.cell

    def square_at(self, x: float, y: float) -> int | None:
        """The square under canvas pixel (x, y), or None off the board."""
        col = math.floor((x - MARGIN) / self.cell)
        top = math.floor((y - MARGIN) / self.cell)
        if 0 <= col < self.size and 0 <= top < self.size:
            return square(col, self.size - 1 - top)
        return None

    # -- the BoardDrawing protocol ------------------------------------------------------------
    def draw(self, canvas: Any, frame: Frame[WolfAndSheepState]) -> None:
        state = frame.state
        canvas.fill_style = THEMES[self.theme][0]
        canvas.fill_rect(0, 0, self.width, self.height)
        self._squares(canvas)
        self._coordinates(canvas)
        if state.history and isinstance(state.history[-1], Step):
            self._last_move(canvas, state.history[-1])
        for wolf in state.wolves:
            self._wolf(canvas, wolf)
        self._sheep(canvas, state.sheep)
        if frame.selection is not None:
            self._ring(canvas, frame.selection)
        targets = {m.target for m in frame.highlights if isinstance(m, Step)}
        targets.update(m.target for m in self.selected_moves(state, frame.selection))
        for target in sorted(targets):
            self._dot(canvas, target)

    def click(self, frame: Frame[WolfAndSheepState], x: float, y: float) -> tuple[Any, Step | None]:
        state = frame.state
        sq = self.square_at(x, y)
        if state.is_over or sq is None:
            return None, None
        for move in self.selected_moves(state, frame.selection):
            if move.target == sq:
                return None, move
        mine = (state.sheep,) if state.turn == SHEEP else state.wolves
        return (sq if sq in mine else None), None

    def explain_click(self, frame: Frame[WolfAndSheepState], x: float, y: float) -> str | None:
        """A piece of the side not to move, or a square the picked piece cannot reach: the
        engine's words for it."""
        state = frame.state
        sq = self.square_at(x, y)
        if state.is_over or sq is None:
            return None
        if frame.selection is not None:
            return state.why_illegal(Step(frame.selection, sq))
        if sq == state.sheep or sq in state.wolves:
            return state.why_illegal(Step(sq, sq))
        return "Pick one of your pieces first, then the square it goes to."

    def targets(self, frame: Frame[WolfAndSheepState]) -> tuple[Target, ...]:
        """Every square, row by row from the wolves' side (as drawn), named with what stands
        on it and whether the picked piece may go there."""
        state = frame.state
        goes = {m.target for m in self.selected_moves(state, frame.selection)}
        found = []
        for top in range(self.size):
            row = self.size - 1 - top
            for col in range(self.size):
                sq = square(col, row)
                if sq == state.sheep:
                    what = "the sheep"
                elif sq in state.wolves:
                    what = "a wolf"
                elif (col + row) % 2:
                    what = "not played on"
                else:
                    what = "empty"
                if sq == frame.selection:
                    what += ", picked"
                if sq in goes:
                    what += ", the picked piece may go here"
                found.append(Target(*self.centre(sq), f"{square_name(sq)}: {what}"))
        return tuple(found)

    def selected_moves(self, state: WolfAndSheepState, selection: Any) -> tuple[Step, ...]:
        """The legal moves of the selected piece (the app marks their targets)."""
        if selection is None:
            return ()
        return tuple(m for m in state.legal_moves() if m.source == selection)

    # -- painting --------------------------------------------------------------------------
    def _squares(self, canvas: Any) -> None:
        # The playing squares (row + column even) are dark or light, as the viewer prefers.
        playing, other = (DARK, LIGHT) if self.squares == "dark" else (LIGHT, DARK)
        canvas.fill_style = other
        canvas.fill_rect(MARGIN, MARGIN, self.cell * self.size, self.cell * self.size)
        canvas.fill_style = playing
        half = self.cell / 2
        for row in range(self.size):
            for col in range(row % 2, self.size, 2):  # dark squares: row + column even
                x, y = self.centre(square(col, row))
                canvas.fill_rect(x - half, y - half, self.cell, self.cell)
        canvas.stroke_style = INK
        canvas.line_width = 2
        canvas.stroke_rect(MARGIN, MARGIN, self.cell * self.size, self.cell * self.size)

    def _coordinates(self, canvas: Any) -> None:
        canvas.fill_style = THEMES[self.theme][1]
        canvas.font = f"bold 15px {FONT}"
        canvas.text_align = "center"
        canvas.text_baseline = "middle"
        bottom = MARGIN + self.cell * self.size + MARGIN / 2
        for col in range(self.size):
            x, _ = self.centre(square(col, 0))
            canvas.fill_text(FILES[col], x, bottom)
        for row in range(self.size):
            _, y = self.centre(square(0, row))
            canvas.fill_text(str(row + 1), MARGIN / 2, y)

    def _last_move(self, canvas: Any, move: Step) -> None:
        half = self.cell / 2 - 2
        canvas.stroke_style = LAST_MOVE
        canvas.line_width = 4
        for sq in move:
            x, y = self.centre(sq)
            canvas.stroke_rect(x - half, y - half, 2 * half, 2 * half)
        # A faint arrow from the old square to the new one, under the pieces.
        (x1, y1), (x2, y2) = self.centre(move.source), self.centre(move.target)
        angle = math.atan2(y2 - y1, x2 - x1)
        head = self.cell * 0.3
        tip = (x2 - math.cos(angle) * self.cell * 0.2, y2 - math.sin(angle) * self.cell * 0.2)
        canvas.global_alpha = 0.55
        canvas.line_width = max(3, self.cell // 10)
        canvas.stroke_line(
            x1, y1, tip[0] - math.cos(angle) * head * 0.6, tip[1] - math.sin(angle) * head * 0.6
        )
        canvas.fill_style = LAST_MOVE
        canvas.fill_polygon(
            [
                tip,
                (tip[0] - head * math.cos(angle - 0.5), tip[1] - head * math.sin(angle - 0.5)),
                (tip[0] - head * math.cos(angle + 0.5), tip[1] - head * math.sin(angle + 0.5)),
            ]
        )
        canvas.global_alpha = 1.0

    def _letter(self, canvas: Any, text: str, x: float, y: float, colour: str) -> None:
        canvas.fill_style = colour
        canvas.font = f"bold {round(self.cell * 0.42)}px {FONT}"
        canvas.text_align = "center"
        canvas.text_baseline = "middle"
        canvas.fill_text(text, x, y + 1)

    def _sheep(self, canvas: Any, sq: int) -> None:
        x, y = self.centre(sq)
        r = self.cell * 0.3
        bumps = [
            (x + r * math.cos(a), y + r * math.sin(a))
            for a in (2 * math.pi * i / 9 for i in range(9))
        ]
        # Outline every bump first, then fill them all: only the cloud's outer edge shows.
        canvas.stroke_style = INK
        canvas.line_width = 3
        for bx, by in bumps:
            canvas.stroke_circle(bx, by, r * 0.45)
        canvas.fill_style = FLEECE
        for bx, by in bumps:
            canvas.fill_circle(bx, by, r * 0.45)
        canvas.fill_circle(x, y, r * 1.05)
        self._letter(canvas, "S", x, y, INK)

    def _wolf(self, canvas: Any, sq: int) -> None:
        x, y = self.centre(sq)
        r = self.cell * 0.36
        ears = [
            [
                (x - r * 0.85, y - r * 0.35),
                (x - r * 0.65, y - r * 1.2),
                (x - r * 0.15, y - r * 0.8),
            ],
            [
                (x + r * 0.85, y - r * 0.35),
                (x + r * 0.65, y - r * 1.2),
                (x + r * 0.15, y - r * 0.8),
            ],
        ]
        canvas.stroke_style = WOLF_RIM
        canvas.line_width = 2
        canvas.fill_style = WOLF
        for ear in ears:
            canvas.fill_polygon(ear)
            canvas.stroke_polygon(ear)
        canvas.fill_style = WOLF
        canvas.fill_circle(x, y, r)
        canvas.stroke_circle(x, y, r)
        self._letter(canvas, "W", x, y, WOLF_RIM)

    def _ring(self, canvas: Any, sq: int) -> None:
        x, y = self.centre(sq)
        canvas.stroke_style = SELECTED
        canvas.line_width = 5
        canvas.stroke_circle(x, y, self.cell * 0.47)

    def _dot(self, canvas: Any, sq: int) -> None:
        x, y = self.centre(sq)
        canvas.fill_style = DESTINATION
        canvas.fill_circle(x, y, self.cell * 0.15)
        canvas.stroke_style = "#FFFFFF"
        canvas.line_width = 2
        canvas.stroke_circle(x, y, self.cell * 0.15)
