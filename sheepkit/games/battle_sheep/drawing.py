"""How Battle Sheep looks: a hex field of pastures, stacks in the players' colours and shapes.

While tiles are laid the whole table is shown, with the tile under the pointer drawn where it
would go (the panel follows the mouse and turns the tile); once the field is built the picture
zooms in on it. A stack is its owner's shape with the number of sheep written on it, so colour
is never the only cue. The app selection is ``(cell, count)``: the stack picked and how many of
its sheep go; the hexes where they would stop are marked.
"""

from __future__ import annotations

import math
from typing import Any

from ...drawing import (
    INK,
    PAPER,
    PLAYER_COLOURS,
    PLAYER_SHAPES,
    Drawing,
    Frame,
    Target,
    draw_text,
)
from . import geometry as geo
from .engine import (
    MOVE,
    OVER,
    START,
    TILES,
    BattleSheep,
    BattleSheepState,
    Move,
    Split,
    Start,
    Tile,
)

WIDTH, HEIGHT = 640, 520
TOP, BOTTOM, MARGIN = 58, 30, 10
GRASS, GRASS_EDGE, TABLE_EDGE = "#C9E2A4", "#6F8F4E", "#D8D0BC"
#: Ink that reads on each player's colour (the purple is light).
STACK_INK = ("#FFFFFF", "#FFFFFF", "#FFFFFF", INK)
MAX_HEX = 40.0
ROTATE = "Rotate tile"  # the tool (and the panel's button) that turns the tile to lay
FEWER, MORE = "Fewer sheep go", "More sheep go"  # the tools for how many of a picked stack go
DIRECTION_WORDS = ("east", "north-east", "north-west", "west", "south-west", "south-east")


class Layout:
    """Where the table's cells go on the canvas: hex size and offset."""

    def __init__(
        self, cells: tuple[int, ...], width: float = WIDTH, height: float = HEIGHT
    ) -> None:
        xs = [geo.centre(c, 1.0)[0] for c in cells]
        ys = [geo.centre(c, 1.0)[1] for c in cells]
        half = math.sqrt(3) / 2
        left, right = min(xs) - half, max(xs) + half
        top, bottom = min(ys) - 1, max(ys) + 1
        room_w, room_h = width - 2 * MARGIN, height - TOP - BOTTOM - 2 * MARGIN
        self.size = min(room_w / (right - left), room_h / (bottom - top), MAX_HEX)
        self.x0 = MARGIN + (room_w - (right - left) * self.size) / 2 - left * self.size
        self.y0 = TOP + MARGIN + (room_h - (bottom - top) * self.size) / 2 - top * self.size
        self.cells = cells

    def centre(self, cell: int) -> tuple[float, float]:
        x, y = geo.centre(cell, self.size)
        return self.x0 + x, self.y0 + y

    def cell_at(self, x: float, y: float) -> int | None:
        best, best_d = None, self.size * self.size
        for cell in self.cells:
            cx, cy = self.centre(cell)
            d = (cx - x) ** 2 + (cy - y) ** 2
            if d < best_d:
                best, best_d = cell, d
        return best


def layout_for(state: BattleSheepState, width: float = WIDTH, height: float = HEIGHT) -> Layout:
    if state.phase == TILES:
        return Layout(tuple(range(geo.CELLS)), width, height)
    return Layout(geo.cells_of(state.field), width, height)


class BattleSheepDrawing(Drawing[BattleSheepState]):
    #: The moves are offered by the panel (a field has hundreds of tile places): no buttons.
    move_buttons = False

    def __init__(
        self,
        game: BattleSheep | None = None,
        *,
        width: int = WIDTH,
        height: int = HEIGHT,
        hints: bool = True,
    ) -> None:
        # Lesson pictures use a smaller canvas, so that the text stays readable when shrunk,
        # and no hints: nobody clicks a picture.
        self.width, self.height = width, height
        self.hints = hints
        self.hover: int | None = None  # the table cell under the pointer (tile phase)
        self.rotation = 0  # how the tile under the pointer is turned

    # -- the BoardDrawing protocol -----------------------------------------------------------
    def draw(self, canvas: Any, frame: Frame[BattleSheepState]) -> None:
        state = frame.state
        canvas.fill_style = PAPER
        canvas.fill_rect(0, 0, self.width, self.height)
        self._draw_header(canvas, state)
        lay = self.layout(state)
        if state.phase == TILES:
            for cell in lay.cells:
                colour = GRASS if state.field >> cell & 1 else None
                _hex(canvas, lay, cell, colour, GRASS_EDGE if colour else TABLE_EDGE)
            self._draw_ghost(canvas, state, lay)
        else:
            self._draw_field(canvas, state, lay, frame)
        self._draw_status(canvas, state)

    def click(self, frame: Frame[BattleSheepState], x: float, y: float) -> tuple[Any, Move | None]:
        state = frame.state
        if state.is_over:
            return None, None
        cell = self.layout(state).cell_at(x, y)
        if cell is None:
            return None, None
        legal = state.legal_moves()
        if state.phase == TILES:
            move: Move = Tile(cell, self.rotation)
            return None, (move if move in legal else None)
        if state.phase == START:
            move = Start(cell)
            return None, (move if move in legal else None)
        selection = frame.selection
        for target in frame.highlights:
            if isinstance(target, Split) and target.target == cell:
                return None, target
        if selection is not None and selection[0] == cell:
            return selection, None  # the stack is already picked: keep its count
        return self.select(state, cell), None

    def targets(self, frame: Frame[BattleSheepState]) -> tuple[Target, ...]:
        """Every hex drawn (the whole table while tiles are laid), named with its stack and
        what Enter would do there."""
        state = frame.state
        lay = self.layout(state)
        legal = set(state.legal_moves()) if not state.is_over else set()
        stacks = {cell: (owner, size) for cell, owner, size in state.stacks()}
        going = {m.target: m.count for m in frame.highlights if isinstance(m, Split)}
        picked = frame.selection[0] if frame.selection and state.phase == MOVE else None
        name = state.game.player_name
        found = []
        for cell in lay.cells:
            if state.phase == TILES:
                words = "pasture" if state.field >> cell & 1 else "table"
                if Tile(cell, self.rotation) in legal:
                    words += f"; Enter lays the tile here, turned {self.rotation}"
            elif cell in stacks:
                owner, size = stacks[cell]
                words = f"{size} sheep of {name(owner)}"
                if cell == picked and frame.selection:
                    words += f", picked: {frame.selection[1]} of them go"
            else:
                words = "empty pasture"
            if Start(cell) in legal:
                words += "; Enter puts your flock here"
            if cell in going:
                words += f"; Enter moves {going[cell]} sheep here"
            x, y = lay.centre(cell)
            found.append(Target(x, y, f"{geo.name(cell)}: {words}", lay.size * 1.5, lay.size * 1.5))
        return tuple(found)

    def follows_pointer(self, state: BattleSheepState) -> bool:
        return state.phase == TILES and not state.is_over

    def point(self, frame: Frame[BattleSheepState], x: float, y: float) -> bool:
        """The tile to lay is drawn where the pointer is, turned as Rotate tile turned it."""
        if not self.follows_pointer(frame.state):
            return False
        cell = self.layout(frame.state).cell_at(x, y)
        if cell == self.hover:
            return False
        self.hover = cell
        return True

    def tools(self, frame: Frame[BattleSheepState]) -> tuple[str, ...]:
        """Rotate tile while tiles are laid; once a stack is picked, how many of it go."""
        state = frame.state
        if state.is_over:
            return ()
        if state.phase == TILES:
            return (ROTATE,)
        counts = self._counts(frame)
        if not counts:
            return ()
        count = frame.selection[1]
        return tuple(
            tool
            for tool, shown in ((FEWER, count > min(counts)), (MORE, count < max(counts)))
            if shown
        )

    def use_tool(self, tool: str, frame: Frame[BattleSheepState]) -> Any:
        if tool == ROTATE:
            self.rotation = (self.rotation + 1) % geo.ROTATIONS
            return frame.selection
        counts = self._counts(frame)
        if tool not in (FEWER, MORE) or not counts:
            return super().use_tool(tool, frame)
        cell, count = frame.selection
        step = -1 if tool == FEWER else 1
        return cell, min(max(count + step, min(counts)), max(counts))

    def _counts(self, frame: Frame[BattleSheepState]) -> list[int]:
        """How many sheep of the picked stack may go (none picked: none)."""
        selection = frame.selection
        if frame.state.phase != MOVE or not selection:
            return []
        legal = frame.state.legal_moves()
        return sorted({m.count for m in legal if isinstance(m, Split) and m.source == selection[0]})

    def pasture_colour(self, state: BattleSheepState, cell: int) -> str:
        """The colour of a pasture (a lesson's picture may tint it)."""
        return GRASS

    def layout(self, state: BattleSheepState) -> Layout:
        return layout_for(state, self.width, self.height)

    def select(self, state: BattleSheepState, cell: int) -> tuple[int, int] | None:
        """The selection for a click on ``cell``: your stack with half its sheep going."""
        for c, owner, size in state.stacks():
            if (
                c == cell
                and owner == state.to_move
                and any(isinstance(m, Split) and m.source == cell for m in state.legal_moves())
            ):
                return cell, size // 2
        return None

    def selected_moves(self, state: BattleSheepState, selection: Any) -> tuple[Split, ...]:
        if state.phase != MOVE or not selection:
            return ()
        cell, count = selection
        return tuple(
            m
            for m in state.legal_moves()
            if isinstance(m, Split) and m.source == cell and m.count == count
        )

    # -- parts of the picture -------------------------------------------------------------
    def _draw_header(self, canvas: Any, state: BattleSheepState) -> None:
        players = state.game.rules.players
        scores = state.scores()
        groups = state.largest_groups()
        winners = state.winners()
        width = self.width / players
        info = state.info if state.board else None
        for p in range(players):
            x = p * width + 8
            colour = PLAYER_COLOURS[p]
            turn = state.phase != OVER and state.turn == p
            if turn:
                canvas.fill_style = "#FFFFFF"
                canvas.fill_rect(x - 4, 4, width - 8, TOP - 10)
            canvas.stroke_style = colour
            canvas.line_width = 3 if turn or p in winners else 1
            canvas.stroke_rect(x - 4, 4, width - 8, TOP - 10)
            _shape(canvas, PLAYER_SHAPES[p], x + 10, 20, 8, colour, INK)
            name = state.game.player_name(p)
            if turn:
                name = "\u25b6 " + name
            draw_text(canvas, name, x + 24, 20, size=14, bold=True, baseline="middle")
            note = f"{_count(scores[p], 'pasture')}, group {groups[p][0]}"
            tag = ""
            if p in winners:
                tag = "WINNER"
            elif state.phase == MOVE and info is not None and not info.can_move(state.board, p):
                tag = "stuck"
            if tag:
                right = x + width - 14
                draw_text(
                    canvas,
                    tag,
                    right,
                    20,
                    size=11,
                    bold=True,
                    align="right",
                    baseline="middle",
                )
            draw_text(canvas, note, x + 4, 41, size=12, baseline="middle", max_width=width - 16)

    def _draw_field(
        self, canvas: Any, state: BattleSheepState, lay: Layout, frame: Frame[BattleSheepState]
    ) -> None:
        labels = lay.size >= 26
        for cell in lay.cells:
            _hex(canvas, lay, cell, self.pasture_colour(state, cell), GRASS_EDGE)
            if labels:
                x, y = lay.centre(cell)
                # Below the stacks (radius 0.56), in dark green at a readable size: the lessons'
                # captions name hexes by these labels.
                draw_text(
                    canvas,
                    geo.name(cell),
                    x,
                    y + lay.size * 0.74,
                    size=max(11, int(lay.size * 0.34)),
                    bold=True,
                    align="center",
                    baseline="middle",
                    colour="#2F4A1E",
                )
        legal = state.legal_moves()
        if state.phase == START:
            for start in legal:
                if not isinstance(start, Start):
                    continue
                x, y = lay.centre(start.cell)
                _ring(canvas, x, y, lay.size * 0.45, INK, dashed=True)
        info = state.info
        board = state.board
        for i, v in enumerate(board):
            if not v:
                continue
            cell, owner, size = info.cells[i], v & 3, v >> 2
            x, y = lay.centre(cell)
            r = lay.size * (0.5 if labels else 0.62)
            _shape(canvas, PLAYER_SHAPES[owner], x, y, r, PLAYER_COLOURS[owner], "#FFFFFF")
            text_y = y + r * 0.25 if PLAYER_SHAPES[owner] == "triangle" else y
            draw_text(
                canvas,
                str(size),
                x,
                text_y,
                size=max(10, int(lay.size * 0.55)),
                bold=True,
                align="center",
                baseline="middle",
                colour=STACK_INK[owner],
            )
            if size > 1 and all(board[j] for j in info.adjacent[i]):
                # A badge on the stack's own shoulder, well inside its hex (not on an edge).
                _cross(canvas, x + r * 0.8, y - r * 0.8, lay.size * 0.2)
        if frame.selection is not None and state.phase == MOVE:
            x, y = lay.centre(frame.selection[0])
            _ring(canvas, x, y, lay.size * 0.82, INK, width=3)
        mover = PLAYER_COLOURS[state.turn]
        for marked in frame.highlights:
            if isinstance(marked, Split):
                x, y = lay.centre(marked.target)
                _ring(canvas, x, y, lay.size * 0.55, mover, width=3, dashed=True)
                draw_text(
                    canvas,
                    f"+{marked.count}",
                    x,
                    y,
                    size=max(10, int(lay.size * 0.45)),
                    bold=True,
                    align="center",
                    baseline="middle",
                    colour=INK,
                )

    def _draw_ghost(self, canvas: Any, state: BattleSheepState, lay: Layout) -> None:
        if self.hover is None or state.is_over:
            return
        cells = geo.tile_cells(self.hover, self.rotation)
        if cells is None:
            return
        ok = Tile(self.hover, self.rotation) in state.legal_moves()
        # Allowed: a solid blue tile. Not allowed: only a dashed orange outline, so that the
        # pasture under it stays visible.
        if not ok:
            canvas.set_line_dash([4, 3])
        for cell in cells:
            fill = "rgba(0, 114, 178, 0.55)" if ok else "rgba(213, 94, 0, 0.12)"
            _hex(canvas, lay, cell, fill, INK if ok else "#D55E00")
        canvas.set_line_dash([])

    def _draw_status(self, canvas: Any, state: BattleSheepState) -> None:
        name = state.game.player_name
        if state.phase == OVER:
            text = str(state.outcome())
        elif state.phase == TILES:
            left = state.game.total_tiles - state.placed_tiles
            text = (
                f"{name(state.turn)}: lay a tile touching the field ({left} to lay). "
                f"Point, turn it with {ROTATE}, click."
            )
            if not state.field:
                text = f"{name(state.turn)}: lay the first tile anywhere. {ROTATE} turns it."
        elif state.phase == START:
            text = f"{name(state.turn)}: put your flock on a marked hex of the outer edge."
        else:
            text = f"{name(state.turn)}: click a stack, choose how many go, click where to."
            last = state.history[-1] if state.history else None
            if isinstance(last, Split):
                text = f"Last: {self.words(state).move_label(state, last)}. " + text
        if not self.hints and state.phase != OVER:
            return
        # Long lines (an outcome with its tie-break) wrap onto two lines: squeezing one line
        # into the width makes it unreadable.
        lines = _wrap(text, int((self.width - 16) / 7))
        for k, line in enumerate(lines):
            draw_text(
                canvas,
                line,
                self.width / 2,
                self.height - 14 - 14 * (len(lines) - 1 - k),
                size=13 if len(lines) == 1 else 12,
                bold=True,
                align="center",
                baseline="middle",
                max_width=self.width - 16,
            )


def _wrap(text: str, chars: int) -> list[str]:
    """``text`` as one line, or two split at the space nearest the middle if too long."""
    if len(text) <= chars or " " not in text:
        return [text]
    middle = len(text) // 2
    cut = min((i for i, c in enumerate(text) if c == " "), key=lambda i: abs(i - middle))
    return [text[:cut], text[cut + 1 :]]


def _count(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _hex(canvas: Any, lay: Layout, cell: int, fill: str | None, edge: str) -> None:
    x, y = lay.centre(cell)
    points = geo.corners(x, y, lay.size * 0.97)
    if fill is not None:
        canvas.fill_style = fill
        canvas.fill_polygon(points)
    canvas.stroke_style = edge
    canvas.line_width = 1.5 if fill is not None else 1
    canvas.stroke_polygon(points)


def _ring(
    canvas: Any, x: float, y: float, r: float, colour: str, width: float = 2, dashed: bool = False
) -> None:
    canvas.stroke_style = colour
    canvas.line_width = width
    if dashed:
        canvas.set_line_dash([5, 4])
    canvas.stroke_circle(x, y, r)
    if dashed:
        canvas.set_line_dash([])


def _cross(canvas: Any, x: float, y: float, r: float) -> None:
    """The mark of a blocked stack (it can never split again): a white badge with a cross."""
    canvas.fill_style = "#FFFFFF"
    canvas.fill_circle(x, y, r)
    canvas.stroke_style = INK
    canvas.line_width = 1.5
    canvas.stroke_circle(x, y, r)
    canvas.line_width = 2.5
    d = r * 0.55
    canvas.stroke_line(x - d, y - d, x + d, y + d)
    canvas.stroke_line(x - d, y + d, x + d, y - d)


def _shape(canvas: Any, shape: str, x: float, y: float, r: float, colour: str, edge: str) -> None:
    """A player's piece: circle, square, triangle or diamond, filled, with an outline."""
    if shape == "square":
        s = r * 0.86
        points = [(x - s, y - s), (x + s, y - s), (x + s, y + s), (x - s, y + s)]
    elif shape == "triangle":
        points = [(x, y - r * 1.1), (x + r * 1.05, y + r * 0.75), (x - r * 1.05, y + r * 0.75)]
    elif shape == "diamond":
        points = [(x, y - r * 1.1), (x + r * 1.1, y), (x, y + r * 1.1), (x - r * 1.1, y)]
    else:
        canvas.fill_style = colour
        canvas.fill_circle(x, y, r)
        canvas.stroke_style = edge
        canvas.line_width = 2
        canvas.stroke_circle(x, y, r)
        return
    canvas.fill_style = colour
    canvas.fill_polygon(points)
    canvas.stroke_style = edge
    canvas.line_width = 2
    canvas.stroke_polygon(points)
