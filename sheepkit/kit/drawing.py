"""How every kit game looks: cells, hexes or points and lines, and pieces as labelled shapes in
the colour-blind-safe palette (side 1 blue circles, side 2 vermillion squares, ...), each
marked with its side's letter. Click a piece, then where it goes (a chain of jumps: each
landing in turn, and the piece again to stop); click an empty point to place, a column to
drop. Keyboard cursor stops and the words for screen readers come from the same geometry.
No widgets: it draws on any object with ipycanvas's methods."""

from __future__ import annotations

import math
from collections.abc import Hashable
from typing import Any

from ..drawing import (
    INK,
    OKABE_ITO,
    PAPER,
    PLAYER_COLOURS,
    PLAYER_SHAPES,
    Drawing,
    Frame,
    Target,
    draw_shape,
    draw_text,
)
from .boards import LETTERS
from .engine import EMPTY, KitGame, KitMove, KitState
from .words import picked_moves

LIGHT, DARK = "#F2E6CC", "#D9C19A"
HEX_FILL = "#F2E6CC"
BOARD_PIXELS = 440
MARGIN, TOP = 36, 44
#: Marks on these colours are dark; on the others white.
LIGHT_COLOURS = ("#CC79A7", "#E69F00", "#56B4E9", "#F0E442")


class KitDrawing(Drawing[KitState]):
    """The drawing of any kit game, made from its board's geometry."""

    width: int
    height: int

    def __init__(self, game: KitGame | None = None) -> None:
        super().__init__(game)
        if game is None:
            raise TypeError("KitDrawing draws a kit game: KitDrawing(game)")
        plan = game.plan
        self.plan = plan
        board = plan.board
        xs = [x for x, _ in board.xy]
        ys = [y for _, y in board.xy]
        self.top_y = max(ys)
        across, down = float(max(xs) + 1), float(max(ys) + 1)
        if board.kind == "hexes":
            down = (max(ys) + 2) / 2
            across = (max(xs) * 1.5 + 2) / math.sqrt(3) * 1.16
        self.cell = min(BOARD_PIXELS / max(across, down), 80.0)
        if board.kind == "hexes":
            self.radius = self.cell / math.sqrt(3)
            width = (max(xs) * 1.5 + 2) * self.radius
            height = (max(ys) + 2) * self.cell / 2
        else:
            self.radius = self.cell / 2
            width, height = across * self.cell, down * self.cell
        self.width = int(2 * MARGIN + width)
        self.height = int(TOP + MARGIN + height + 8)

    # -- geometry --------------------------------------------------------------------------
    def centre(self, point: int) -> tuple[float, float]:
        x, y = self.plan.board.xy[point]
        if self.plan.board.kind == "hexes":
            return (
                MARGIN + self.radius + x * 1.5 * self.radius,
                TOP + (self.top_y - y + 1) * self.cell / 2,
            )
        return MARGIN + (x + 0.5) * self.cell, TOP + (self.top_y - y + 0.5) * self.cell

    def point_at(self, x: float, y: float) -> int | None:
        best, gap = None, self.radius * 1.05
        for p in range(len(self.plan.board)):
            px, py = self.centre(p)
            d = math.hypot(x - px, y - py)
            if d <= gap:
                best, gap = p, d
        return best

    # -- drawing ---------------------------------------------------------------------------
    def draw(self, canvas: Any, frame: Frame[KitState]) -> None:
        state = frame.state
        plan = self.plan
        canvas.fill_style = PAPER
        canvas.fill_rect(0, 0, self.width, self.height)
        self._board(canvas)
        self._labels(canvas)
        if state.last != EMPTY:
            x, y = self.centre(state.last)
            canvas.stroke_style, canvas.line_width = OKABE_ITO["sky"], 4
            canvas.stroke_circle(x, y, self.radius * 0.8)
        for p, side in enumerate(state.board):
            if side != EMPTY:
                self._piece(canvas, p, side)
        path = frame.selection if isinstance(frame.selection, tuple) else ()
        for p in path:
            x, y = self.centre(p)
            canvas.stroke_style, canvas.line_width = OKABE_ITO["orange"], 5
            canvas.stroke_circle(x, y, self.radius * 0.85)
        marked = [m for m in frame.highlights if isinstance(m, KitMove)]
        marked += self.selected_moves(state, frame.selection)
        for move in marked:
            nxt = move.path[len(path)] if len(move.path) > len(path) else move.path[-1]
            x, y = self.centre(nxt)
            canvas.fill_style = OKABE_ITO["blue"]
            canvas.fill_circle(x, y, self.radius * 0.25)
            canvas.stroke_style, canvas.line_width = "#FFFFFF", 2
            canvas.stroke_circle(x, y, self.radius * 0.25)
        words = str(state).splitlines()[len(plan.board_rows) :][0]
        draw_text(canvas, words, MARGIN, 28, size=16, colour=INK, max_width=self.width - MARGIN)

    def _board(self, canvas: Any) -> None:
        board = self.plan.board
        r = self.radius
        if board.kind == "squares":
            for p, (x, y) in enumerate(board.xy):
                cx, cy = self.centre(p)
                canvas.fill_style = LIGHT if (x + y) % 2 else DARK
                canvas.fill_rect(cx - r, cy - r, 2 * r, 2 * r)
            canvas.stroke_style, canvas.line_width = INK, 1
            for p in range(len(board)):
                cx, cy = self.centre(p)
                canvas.stroke_rect(cx - r, cy - r, 2 * r, 2 * r)
        elif board.kind == "hexes":
            for p in range(len(board)):
                cx, cy = self.centre(p)
                corners = [
                    (cx + r * math.cos(math.pi * k / 3), cy + r * math.sin(math.pi * k / 3))
                    for k in range(6)
                ]
                canvas.fill_style = HEX_FILL
                canvas.fill_polygon(corners)
                canvas.stroke_style, canvas.line_width = INK, 2
                canvas.stroke_polygon(corners)
        else:
            canvas.stroke_style, canvas.line_width = INK, 3
            for a, b in board.lines:
                canvas.stroke_line(*self.centre(a), *self.centre(b))
            for p in range(len(board)):
                cx, cy = self.centre(p)
                canvas.fill_style = "#FFFFFF"
                canvas.fill_circle(cx, cy, max(6.0, r * 0.22))
                canvas.stroke_circle(cx, cy, max(6.0, r * 0.22))

    def _labels(self, canvas: Any) -> None:
        board = self.plan.board
        bottom = max(self.centre(p)[1] for p in range(len(board))) + self.radius + 16
        for c in range(board.columns):
            xs = [self.centre(p)[0] for p, (x, _) in enumerate(board.xy) if x == c]
            if xs:
                draw_text(canvas, LETTERS[c], xs[0], bottom, size=14, bold=True,
                          align="center", baseline="middle")  # fmt: skip
        if board.kind != "hexes":
            for row in range(board.rows):
                ys = [self.centre(p)[1] for p, (_, y) in enumerate(board.xy) if y == row]
                if ys:
                    draw_text(canvas, str(row + 1), MARGIN / 2, ys[0], size=14, bold=True,
                              align="center", baseline="middle")  # fmt: skip

    def _piece(self, canvas: Any, p: int, side: int) -> None:
        x, y = self.centre(p)
        size = self.radius * 0.62
        colour = PLAYER_COLOURS[side % len(PLAYER_COLOURS)]
        canvas.stroke_style, canvas.line_width = INK, 2
        canvas.stroke_circle(x, y, size + 3) if side % 2 == 0 else canvas.stroke_rect(
            x - size - 2, y - size - 2, 2 * size + 4, 2 * size + 4
        )
        draw_shape(canvas, PLAYER_SHAPES[side % len(PLAYER_SHAPES)], x, y, size, colour)
        ink = INK if colour in LIGHT_COLOURS else "#FFFFFF"
        draw_text(canvas, self.plan.marks[side], x, y + 1, size=max(12, round(size * 0.9)),
                  bold=True, align="center", baseline="middle", colour=ink)  # fmt: skip

    # -- clicks ----------------------------------------------------------------------------
    def click(self, frame: Frame[KitState], x: float, y: float) -> tuple[Any, Hashable | None]:
        state = frame.state
        q = self.point_at(x, y)
        if state.is_over or q is None:
            return None, None
        path = frame.selection if isinstance(frame.selection, tuple) else ()
        moves = state.legal_moves()
        if path:
            if q == path[-1] and len(path) > 1:
                stop = next((m for m in moves if m.path == path), None)
                if stop is not None:
                    return None, stop
            longer = (*path, q)
            going = [m for m in moves if m.path[: len(longer)] == longer and not m.placed]
            exact = next((m for m in going if m.path == longer), None)
            if exact is not None and len(going) == 1:
                return None, exact
            if going:
                return longer, None
        if state.board[q] == state.turn and any(m.path[0] == q and not m.placed for m in moves):
            return (q,), None
        placed = [m for m in moves if m.placed]
        for m in placed:
            if m.path[0] == q:
                return None, m
        column = self.plan.board.xy[q][0]
        for m in placed:
            if self.plan.board.xy[m.path[0]][0] == column and self._drops():
                return None, m
        return None, None

    def _drops(self) -> bool:
        return any(m.kind == "drop" for side in self.plan.sides for m in side.moves)

    def selected_moves(self, state: KitState, selection: Any) -> tuple[KitMove, ...]:
        return picked_moves(state, selection)

    def explain_click(self, frame: Frame[KitState], x: float, y: float) -> str | None:
        state = frame.state
        q = self.point_at(x, y)
        if state.is_over or q is None:
            return None
        names = self.plan.names
        path = frame.selection if isinstance(frame.selection, tuple) else ()
        if path:
            text = "-".join(names[p] for p in (*path, q))
            return state.why_illegal(KitMove(text))
        if state.board[q] == EMPTY:
            if any(m.placed for m in state.legal_moves()):
                return None
            return "Pick one of your pieces first, then the point it goes to."
        if state.board[q] != state.turn:
            side = self.plan.sides[state.board[q]].name
            return f"That is a {side} piece; it is the {self.plan.sides[state.turn].name}'s turn."
        return f"The piece on {names[q]} has no move now."

    # -- words -----------------------------------------------------------------------------
    def targets(self, frame: Frame[KitState]) -> tuple[Target, ...]:
        state = frame.state
        plan = self.plan
        path = frame.selection if isinstance(frame.selection, tuple) else ()
        goes = {m.path[len(path)] for m in self.selected_moves(state, path)}
        placing = {m.path[0] for m in state.legal_moves() if m.placed}
        movers = {m.path[0] for m in state.legal_moves() if not m.placed}
        order = sorted(
            range(len(plan.board)), key=lambda p: (-plan.board.xy[p][1], plan.board.xy[p][0])
        )
        found = []
        for p in order:
            side = state.board[p]
            what = "empty" if side == EMPTY else f"a {plan.sides[side].name} piece"
            if p in path:
                what += ", picked"
            elif p in goes:
                what += "; Enter moves the picked piece here"
            elif p in movers and not path:
                what += "; Enter picks it"
            elif p in placing:
                what += "; Enter puts a piece here"
            x, y = self.centre(p)
            size = 2 * self.radius
            found.append(Target(x, y, f"{plan.names[p]}: {what}", size, size))
        return tuple(found)
