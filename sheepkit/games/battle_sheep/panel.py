"""Battle Sheep's own controls in the app: every move from buttons, and the tile under the mouse.

A field has hundreds of places for a tile and a stack up to ninety splits, too many for one
button each, so the app shows none (``move_buttons = False`` on the view) and this panel
offers the same moves in steps: a tile's anchor and rotation; a starting hex; a stack, how
many sheep go, and where they stop. Canvas clicks and these controls share the app's
selection, so a stack picked on the board shows up here and the other way round.
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as w

from ...drawing import PLAYER_SHAPES
from ...ui.page_style import PLAYER_INKS, SHAPE_GLYPHS
from ...ui.panel import Panel
from . import geometry as geo
from .drawing import DIRECTION_WORDS, ROTATE
from .engine import MOVE, START, TILES, BattleSheepState, Split, Start, Tile


class BattleSheepPanel(Panel):
    """Placed by the app under its controls; ``refresh(app)`` runs after every change."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self._updating = False
        self.help = w.HTML()
        self.help.add_class("sk-bs-help")
        # Tiles: turn, pick an anchor, lay.
        self.rotate_button = w.Button(description=ROTATE, icon="")
        self.rotate_button.add_class("sk-rotate")
        self.rotate_button.on_click(lambda _: self.rotate())
        self.anchor = w.Dropdown(description="Tile at", layout=w.Layout(width="170px"))
        self.anchor.add_class("sk-anchor")
        self.lay_button = w.Button(description="Lay tile", button_style="primary")
        self.lay_button.add_class("sk-move")
        self.lay_button.add_class("sk-lay")
        self.lay_button.on_click(lambda _: self._play_tile())
        self.tile_box = w.HBox([self.rotate_button, self.anchor, self.lay_button])
        # Starts.
        self.start_cell = w.Dropdown(description="Flock on", layout=w.Layout(width="170px"))
        self.start_cell.add_class("sk-start-cell")
        self.start_button = w.Button(description="Place flock", button_style="primary")
        self.start_button.add_class("sk-move")
        self.start_button.add_class("sk-place")
        self.start_button.on_click(lambda _: self._play_start())
        self.start_box = w.HBox([self.start_cell, self.start_button])
        # Splits: stack, count, direction.
        self.stack = w.Dropdown(description="Stack", layout=w.Layout(width="200px"))
        self.stack.add_class("sk-stack")
        self.stack.observe(lambda _: self._stack_picked(), "value")
        self.count = w.IntSlider(description="Sheep go", min=1, max=1, value=1)
        self.count.add_class("sk-count")
        self.count.observe(lambda _: self._count_picked(), "value")
        self.directions = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.move_box = w.VBox([self.stack, self.count, self.directions])
        self.scores = w.HTML()
        self.scores.add_class("sk-scores")
        super().__init__(
            [self.help, self.tile_box, self.start_box, self.move_box, self.scores],
            layout=w.Layout(margin="6px 0"),
        )
        self.add_class("sk-battle-panel")
        app.canvas.on_mouse_move(self._pointer)

    # -- what the human may do now ---------------------------------------------------------
    def _state(self) -> BattleSheepState | None:
        """The position a human may move in now: also an earlier one (after Undo or on the
        History slider), where a move continues the game from there, as a move button would."""
        app = self.app
        state = app.state
        if not isinstance(state, BattleSheepState) or state.is_over:
            return None
        return state if app.is_human(state.to_move) and app.curtain_for is None else None

    def refresh(self, app: Any) -> None:
        self._updating = True
        try:
            self._refresh(app)
        finally:
            self._updating = False

    def _refresh(self, app: Any) -> None:
        full = app.state
        self.scores.value = _scores_html(full)
        state = self._state()
        phase = state.phase if state is not None else None
        self.tile_box.layout.display = None if phase == TILES else "none"
        self.start_box.layout.display = None if phase == START else "none"
        self.move_box.layout.display = None if phase == MOVE else "none"
        self.help.value = _help(state)
        if state is None:
            self.directions.children = ()
            return
        if phase == TILES:
            self._refresh_anchors(state)
        elif phase == START:
            options = [
                (geo.name(m.cell), m.cell) for m in state.legal_moves() if isinstance(m, Start)
            ]
            self.start_cell.options = options
            self.start_cell.value = options[0][1]
        else:
            self._refresh_stacks(state)

    def _refresh_anchors(self, state: BattleSheepState) -> None:
        view = self.app.drawing
        cells = sorted(
            {
                m.cell
                for m in state.legal_moves()
                if isinstance(m, Tile) and m.rotation == view.rotation
            }
        )
        options = [(geo.name(c), c) for c in cells]
        keep = self.anchor.value
        self.anchor.options = options
        if cells:
            self.anchor.value = keep if keep in cells else cells[len(cells) // 2]
        self.lay_button.disabled = not cells

    def _refresh_stacks(self, state: BattleSheepState) -> None:
        movable = {m.source for m in state.legal_moves() if isinstance(m, Split)}
        sizes = {c: s for c, _, s in state.stacks()}
        options = [(f"{geo.name(c)} ({sizes[c]} sheep)", c) for c in sorted(movable)]
        self.stack.options = options
        selection = self.app.selection
        if selection is None or selection[0] not in movable:
            cell = options[0][1]
            selection = self.app.selection = (cell, sizes[cell] // 2)
            self.app.redraw()
        cell, count = selection
        self.stack.value = cell
        self.count.max = max(1, sizes[cell] - 1)
        self.count.value = count
        self._refresh_directions(state, cell, count)

    def _refresh_directions(self, state: BattleSheepState, cell: int, count: int) -> None:
        buttons = []
        for move in self.app.drawing.selected_moves(state, (cell, count)):
            word = _direction(move)
            button = w.Button(
                description=f"{word} to {geo.name(move.target)}",
                tooltip=str(move),
                button_style="primary",
                layout=w.Layout(width="auto"),
            )
            button.add_class("sk-move")
            button.add_class("sk-direction")
            button.on_click(lambda _, m=move: self.app.play(m))
            buttons.append(button)
        self.directions.children = tuple(buttons)

    # -- actions ----------------------------------------------------------------------------
    def rotate(self) -> None:
        self.app.drawing.use_tool(ROTATE, self.app.screen.frame())
        state = self._state()
        if state is not None and state.phase == TILES:
            self.refresh(self.app)
        self.app.redraw()

    def _play_tile(self) -> None:
        if self.anchor.value is not None:
            self.app.play(Tile(self.anchor.value, self.app.drawing.rotation))

    def _play_start(self) -> None:
        if self.start_cell.value is not None:
            self.app.play(Start(self.start_cell.value))

    def _stack_picked(self) -> None:
        state = self._state()
        if self._updating or state is None or state.phase != MOVE or self.stack.value is None:
            return
        size = next(s for c, _, s in state.stacks() if c == self.stack.value)
        self.app.selection = (self.stack.value, size // 2)
        self.refresh(self.app)
        self.app.redraw()

    def _count_picked(self) -> None:
        state = self._state()
        selection = self.app.selection
        if self._updating or state is None or state.phase != MOVE or selection is None:
            return
        self.app.selection = (selection[0], self.count.value)
        self._refresh_directions(state, selection[0], self.count.value)
        self.app.redraw()

    def _pointer(self, x: float, y: float) -> None:
        """The tile follows the mouse: redraw only when the hex under it changes."""
        if self._state() is not None and self.app.drawing.point(self.app.screen.frame(), x, y):
            self.app.redraw()


def _direction(move: Split) -> str:
    sq, sr = geo.axial(move.source)
    tq, tr = geo.axial(move.target)
    dq, dr = tq - sq, tr - sr
    steps = max(abs(dq), abs(dr), abs(dq + dr))
    return DIRECTION_WORDS[geo.DIRECTIONS.index((dq // steps, dr // steps))].capitalize()


def _help(state: BattleSheepState | None) -> str:
    if state is None:
        return ""
    if state.phase == TILES:
        text = (
            "Point at the board: the blue tile shows where yours would go (orange: not "
            "allowed). <b>Rotate tile</b> turns it; click to lay it, or pick a hex below."
        )
    elif state.phase == START:
        text = "Click a marked hex on the outer edge, or pick one below."
    else:
        text = (
            "Click one of your stacks, set how many sheep go, then click a dashed hex where "
            "they stop, or use the buttons below."
        )
    return f"<div style='max-width:400px'>{text}</div>"


def _scores_html(state: object) -> str:
    if not isinstance(state, BattleSheepState):
        return ""
    game = state.game
    scores = state.scores()
    groups = state.largest_groups()
    # Each name in its player's colour, darkened for 4.5:1 contrast, after its board shape.
    rows = "".join(
        f"<tr><td style='color:{PLAYER_INKS[p]}'><b>{SHAPE_GLYPHS[PLAYER_SHAPES[p]]} "
        f"{html.escape(game.player_name(p))}</b></td><td style='text-align:right'>{scores[p]}"
        f"</td><td style='text-align:right'>{groups[p][0]}</td></tr>"
        for p in range(game.rules.players)
    )
    head = "<tr><th>player</th><th>pastures</th><th>largest group</th></tr>"
    return f"<table style='border-spacing:8px 2px'>{head}{rows}</table>"
