"""GameApp: the same frame around every game's board.

Board canvas, status line, a button for every legal move, a roll button (and a way to pick the
outcome, to demonstrate a rule), a seat selector per player, auto-play with a speed control,
undo/redo and a slider through the history, the game log, a rules panel and save/load of
records. Hidden information gets a "pass the device" curtain between human players.

The game in progress is a ``sheepkit.session.Session`` (timeline, seats, chance and curtain
policy): the app draws it, forwards clicks to it, and schedules the bots' steps with a delay
(UI timing) when the session says a bot is to act. Undo, redo and the slider move the session's
cursor; bots only play at the end of the timeline, so browsing never changes history.
"""

from __future__ import annotations

import asyncio
import html
from collections.abc import Callable, Hashable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import ipywidgets as w
from ipycanvas import Canvas, hold_canvas

from ..bots import factory_description
from ..core import CHANCE, Game, InvalidRules, SheepkitError, State, load
from ..core.contract import PanelHooks
from ..core.registry import entry_for
from ..core.rules import RuleInfo, Rules
from ..drawing import BoardDrawing, Frame, drawing_for
from ..game_log import LogMemo, log_entries
from ..session import HUMAN, MAX_RECORD_CHARS, Event, Session, SessionError, read_record
from .board_keys import BoardKeys
from .board_speech import BoardSpeech
from .download import download_link
from .focus_keeper import BOARD, MOVES, FocusKeeper
from .keyboard import KEYBOARD_HTML
from .page_style import PAGE_HTML
from .panel import Panel
from .rule_inputs import read_input, rule_input
from .setup_row import SetupRow
from .shows import ShowsWidget
from .table_mode import TableSession
from .table_panel import TablePanel, service_connect

# The session owns the seats' words and the record limits; they are read from here too.
__all__ = [
    "HUMAN",
    "MAX_RECORD_CHARS",
    "GameApp",
    "RecordsPanel",
    "RulesPanel",
    "play",
    "read_record",
]
# The app's closed sections under the board, in order (each made when first opened).
EXTRAS = ("Rules", "Save / load", "About the bots")


# ipycanvas focuses the canvas on mouse-down, without preventScroll: the browser then scrolls a
# board that is partly off the page into view before the click is read against the moved
# canvas, and the click lands elsewhere. A huge negative scroll margin leaves nothing for
# focusing to scroll to (seen in Chromium; tests/browser/test_apps.py checks it).
BOARD_CSS = (
    "<style>.sk-board canvas { scroll-margin: -100000px; }</style>" + KEYBOARD_HTML + PAGE_HTML
)


class GameApp(ShowsWidget):
    """An interactive app for one game. Display it in a notebook; drive it from code in tests."""

    def __init__(
        self,
        game: Game | str,
        seats: Sequence[str] | None = None,
        *,
        seed: int | None = None,
        drawing: BoardDrawing | None = None,
        autoplay: bool = True,
        speed_ms: int = 500,
    ) -> None:
        self.session = Session(load(game) if isinstance(game, str) else game, seats, seed=seed)
        self._own_drawing = drawing is not None
        self.drawing = drawing or drawing_for(self.game)
        self._shown_game = self.game  # the game the drawing and the rule inputs were made for
        self.selection: Any = None
        self.message = ""
        self._syncing_pickers = False  # new options move a picker's value: not a choice
        # Seated at a table (Play together): the table's side of the game stands in for the
        # session, and the app's own waits in _home_session (sheepkit.ui.table_mode).
        self.table: TableSession | None = None
        self._home_session = self.session
        self._log_memos: dict[int | None, LogMemo] = {}  # the log's words, per viewer
        self._build_widgets(speed_ms)
        # Asked each time: a game's panel (or a test) may swap its hook.
        self.session.claims_chance = lambda state: self.panel.claims_chance(state)
        self.autoplay_toggle.value = autoplay
        self.session.on("moved", self._moved)
        self.session.on("browsed", self._browsed)
        self.session.on("started", self._started)
        self.session.on("seat", self._seat_changed)
        self.session.on("curtain", self._curtain_changed)
        self._started()

    # ----------------------------------------------------------------------------- set-up --
    def _build_widgets(self, speed_ms: int) -> None:
        drawing = self.drawing
        self.canvas = Canvas(
            width=drawing.width,
            height=drawing.height,
            layout=w.Layout(width=f"{drawing.width}px", height=f"{drawing.height}px"),
        )
        # Draw only once a browser shows the canvas: commands sent earlier are lost (Voila runs
        # the notebook before the page connects), and ipycanvas would then omit the command
        # that selects this canvas from later batches.
        self._client_ready = False
        self.canvas.on_client_ready(self._on_client_ready)
        self.canvas.on_mouse_down(self._on_canvas_click)
        self.keys = BoardKeys(self)  # the arrow keys' cursor over the board
        self.canvas.on_key_down(self.keys.key)
        self.focus = FocusKeeper()  # focus back on the move buttons or board after a move
        self._on_board = False  # a click (or Enter) on the board is being played
        self.board = w.Box([self.canvas], layout=w.Layout(min_width=f"{drawing.width}px"))
        self.board.add_class("sk-board")

        self.title = w.HTML(
            BOARD_CSS + f"<h3 style='margin:4px 0'>{html.escape(self.game.title)}</h3>"
        )
        self.status = w.HTML()
        self.status.add_class("sk-status")
        self.moves_box = w.Box(layout=w.Layout(flex_flow="row wrap"))
        self._move_buttons: list[w.Button] = []
        self._shown_moves: tuple[Hashable, ...] = ()

        self.roll_button = w.Button(description="Roll", button_style="warning")
        self.roll_button.add_class("sk-roll")
        self.roll_button.on_click(lambda _: self._roll_clicked())
        self.rig_choice = w.Dropdown(description="Or pick:", layout=w.Layout(width="260px"))
        self.rig_button = w.Button(
            description="Use this outcome", tooltip="Rig the roll", layout=w.Layout(width="auto")
        )
        self.rig_button.add_class("sk-rig")
        self.rig_button.on_click(lambda _: self._roll_clicked(self.rig_choice.value))
        # Wrap rather than squeeze: in the 420 px column the rig button was cut to "Use t...".
        self.chance_box = w.HBox(
            [self.roll_button, self.rig_choice, self.rig_button],
            layout=w.Layout(flex_flow="row wrap"),
        )

        self.step_button = w.Button(description="Bot: play one move", tooltip="Advance one step")
        self.step_button.add_class("sk-step")
        self.step_button.on_click(lambda _: self.step())
        self.autoplay_toggle = w.ToggleButton(description="Auto-play bots", value=True)
        self.autoplay_toggle.add_class("sk-autoplay")
        self.speed = w.IntSlider(
            value=speed_ms, min=50, max=2000, step=50, description="Delay (ms)", readout=True
        )
        self.autoplay_toggle.observe(lambda _: self._schedule_bots(), "value")
        self._pending: asyncio.TimerHandle | None = None

        self.undo_button = w.Button(description="Undo", tooltip="Back to your previous move")
        self.undo_button.add_class("sk-undo")
        self.undo_button.on_click(lambda _: self.undo())
        self.redo_button = w.Button(description="Redo")
        self.redo_button.add_class("sk-redo")
        self.redo_button.on_click(lambda _: self.redo())
        self.slider = w.IntSlider(description="History", min=0, max=0, continuous_update=False)
        # (page_style's script names the slider handles after these labels.)
        self.slider.add_class("sk-history")
        self.slider.observe(lambda c: self.goto(c["new"]), "value")
        self.new_button = w.Button(description="New game", button_style="success")
        self.new_button.add_class("sk-new")
        self.new_button.on_click(lambda _: self.new_game())

        self.curtain_button = w.Button(button_style="info", layout=w.Layout(width="auto"))
        self.curtain_button.add_class("sk-curtain")
        self.curtain_button.on_click(lambda _: self._lift_curtain())

        self.seat_pickers = [self._seat_picker(p) for p in range(self.game.num_players)]
        self.seats_box = w.HBox(self.seat_pickers, layout=w.Layout(flex_flow="row wrap"))
        self.setup = SetupRow(self, self.seats_box)
        self.log = w.HTML(layout=w.Layout(max_height="220px", overflow="auto"))
        self.log.add_class("sk-log")

        # Rules, Save / load and About the bots are made when first opened (or used): about
        # half of an app's widgets live there, and each is one more model for the page to
        # make before the board shows.
        self._rules_panel: RulesPanel | None = None
        self._records_panel: RecordsPanel | None = None
        self._bot_notes: w.HTML | None = None
        self.extras = w.Accordion([w.Box() for _ in EXTRAS], titles=EXTRAS, selected_index=None)
        self.extras.observe(self._opened_extra, "selected_index")
        # The game's own controls (preferences, hints...), if it registered a panel.
        make_panel = entry_for(self.game).panel
        self.panel: PanelHooks = make_panel(self) if make_panel is not None else Panel()
        controls = w.VBox(
            [
                self.status,
                self.curtain_button,
                self.moves_box,
                self.chance_box,
                w.HBox([self.undo_button, self.redo_button, self.new_button]),
                self.slider,
                self.panel,
                w.HBox([self.autoplay_toggle, self.step_button]),
                self.speed,
                w.HTML("<b>Game log</b>"),
                self.log,
            ],
            layout=w.Layout(width="420px", margin="0 0 0 16px"),
        )
        controls.add_class("sk-controls")
        self.speech = BoardSpeech()  # the board in words, for screen readers
        board_column = w.VBox([self.board, *self.speech.widgets, self.focus.widget])
        board_column.add_class("sk-board-column")
        main_row = w.HBox([board_column, controls], layout=w.Layout(flex_flow="row wrap"))
        main_row.add_class("sk-main-row")  # page_style keeps board and controls side by side
        self.tables = TablePanel(self, service_connect())
        self.widget = w.VBox(
            [
                self.title,
                self.setup.widget,
                main_row,
                self.tables.widget,
                self.extras,
            ]
        )
        self.widget.add_class("sk-app")

    def _seat_picker(self, player: int) -> w.Dropdown:
        picker = w.Dropdown(
            options=[HUMAN, *self.bot_factories],
            description=self.game.player_name(player),
            style={"description_width": "initial"},
            layout=w.Layout(width="auto", margin="0 16px 4px 0"),
        )
        picker.add_class("sk-seat")
        picker.observe(lambda c, p=player: self._picked(p, c["new"]), "value")
        return picker

    def _sync_pickers(self) -> None:
        """One picker per seat, offering the game's bots, showing who sits there."""
        if len(self.seat_pickers) != self.game.num_players:
            self.seat_pickers = [self._seat_picker(p) for p in range(self.game.num_players)]
            self.seats_box.children = self.seat_pickers
        self._syncing_pickers = True
        try:
            options = [HUMAN, *self.bot_factories]
            for picker, name in zip(self.seat_pickers, self.seats, strict=True):
                if list(picker.options) != options:
                    picker.options = options
                picker.value = name if name in options else None
        finally:
            self._syncing_pickers = False

    # ------------------------------------------------------------------------ public API --
    @property
    def state(self) -> State:
        """The position shown now (the cursor's place in the session's timeline)."""
        return self.session.state

    @property
    def at_end(self) -> bool:
        return self.session.at_end

    # What the session holds, read through the app (notebooks, panels and tests use these).
    @property
    def game(self) -> Game:
        return self.session.game

    @property
    def seed(self) -> int:
        return self.session.seed

    @property
    def seats(self) -> list[str]:
        return self.session.seats

    @property
    def bot_factories(self) -> dict[str, Callable[[], Any]]:
        return self.session.bot_factories

    @property
    def timeline(self) -> list[State]:
        return self.session.timeline

    @property
    def cursor(self) -> int:
        return self.session.cursor

    @property
    def curtain_for(self) -> int | None:
        """A human seat the device must be passed to (the session's curtain policy)."""
        return self.session.curtain_for

    @property
    def rules_panel(self) -> RulesPanel:
        if self._rules_panel is None:
            self._rules_panel = RulesPanel(self.game.rules, self.new_game)
            self._place_extra("Rules", self._rules_panel.widget)
        return self._rules_panel

    @property
    def records_panel(self) -> RecordsPanel:
        if self._records_panel is None:
            self._records_panel = RecordsPanel(self.save_record, self.load_record)
            self._place_extra("Save / load", self._records_panel.widget)
        return self._records_panel

    @property
    def bot_notes(self) -> w.HTML:
        if self._bot_notes is None:
            self._bot_notes = w.HTML()
            self._place_extra("About the bots", self._bot_notes)
            self._update_bot_notes()
        return self._bot_notes

    def _place_extra(self, title: str, widget: w.Widget) -> None:
        children = list(self.extras.children)
        children[EXTRAS.index(title)] = widget
        self.extras.children = tuple(children)

    def _opened_extra(self, change: dict[str, Any]) -> None:
        sections = (lambda: self.rules_panel, lambda: self.records_panel, lambda: self.bot_notes)
        if change["new"] is not None:
            sections[change["new"]]()  # made now, if it was not yet

    def is_human(self, player: int | None) -> bool:
        return self.session.is_human(player)

    def _picked(self, player: int, name: str) -> None:
        if not self._syncing_pickers:
            self.set_seat(player, name)

    def set_seat(self, player: int, name: str) -> None:
        self.session.set_seat(player, name)

    def play(self, move: Hashable | str) -> State[Any, Any]:
        """Play a move for the human to move (from an earlier position: cut the timeline)."""
        if not self._on_board:
            self.focus.use(MOVES)  # a move button, the game's panel (or code)
        with self._reporting():
            return self.session.play(move)

    def roll(self, outcome: Hashable | None = None) -> State[Any, Any]:
        """At a chance node: roll (or use ``outcome``, to demonstrate a rule)."""
        self.focus.use(MOVES)
        with self._reporting():
            return self.session.roll(outcome)

    @contextmanager
    def _reporting(self) -> Iterator[None]:
        """A refused move or roll is said in the status line, and raised."""
        try:
            yield
        except SheepkitError as e:
            self.message = str(e)
            self.render()
            raise

    def step(self) -> bool:
        """One bot move or roll, if it is a bot's turn (or a roll nobody human makes)."""
        return self.session.step()

    def run_bots(self, limit: int = 10_000) -> int:
        """Let bots (and their rolls) play until a human must act or the game ends."""
        return self.session.run_bots(limit)

    def undo(self) -> None:
        """Back to the previous position where a human decides (or the start)."""
        self.session.undo()

    def redo(self) -> None:
        self.session.redo()

    def goto(self, index: int) -> None:
        self.session.goto(index)

    def new_game(self, rules: Rules | dict[str, Any] | None = None) -> None:
        """Start again, with new rules if given (a Rules object or a dict of changes)."""
        self.session.new_game(rules)

    def save_record(self) -> str:
        return self.session.save_record()

    def load_record(self, text: str | dict) -> None:
        """Continue from a saved record (BadRecord if it is too long, corrupt or foreign)."""
        self.session.load_record(text)

    # ------------------------------------------------------------ following the session --
    def _moved(self, _: Event) -> None:
        self.selection = None
        self.message = ""
        self.render()
        self._keep_focus()

    def _keep_focus(self) -> None:
        """The human's turn again: focus back where they played (the page's business until
        they played once)."""
        if self.at_end and self.curtain_for is None and self._human_decides(self.state):
            self.focus.ask()

    def _browsed(self, _: Event) -> None:
        self.selection = None
        self.render()

    def _started(self, _: Event | None = None) -> None:
        if self.game is not self._shown_game:
            self._show_game(self.game)
        self._sync_pickers()
        self._update_bot_notes()
        self.selection = None
        self.message = ""
        self.render()

    def _seat_changed(self, event: Event) -> None:
        self._sync_pickers()
        self.render()

    def _curtain_changed(self, _: Event) -> None:
        if self.curtain_for is None:  # lifted (a curtain that falls comes with a move)
            self.render()

    def _show_game(self, game: Game) -> None:
        """New rules: a drawing made for them (a board size may change), same preferences."""
        old = self.drawing
        self._shown_game = game
        self.setup.show(game.rules)
        self.drawing = drawing_for(game) if not self._own_drawing else old
        for name in old.preferences:
            setattr(self.drawing, name, getattr(old, name))
        width, height = self.drawing.width, self.drawing.height
        if (self.canvas.width, self.canvas.height) != (width, height):
            self.canvas.width, self.canvas.height = width, height
            self.canvas.layout.width, self.canvas.layout.height = f"{width}px", f"{height}px"
        if self._rules_panel is not None:
            self._rules_panel.show(game.rules)

    # ------------------------------------------------------------------------- internals --
    # The session's chance and curtain policy, under the names the drawing code reads.
    def _claimed(self, state: State) -> bool:
        return self.session.claimed(state)

    def _may_roll(self, state: State) -> bool:
        return self.session.may_roll(state)

    def _deals(self, state: State) -> bool:
        return self.session.deals(state)

    def _human_decides(self, state: State) -> bool:
        return self.session.human_decides(state)

    def _viewer(self) -> int | None:
        """Whose eyes the board is drawn for: None shows everything (no hidden information)."""
        return self.session.viewer()

    def _roll_clicked(self, outcome: Hashable | None = None) -> None:
        # A click can race the app's own roll (the page had not updated yet): then it is moot.
        state = self.state
        if self._may_roll(state) and (self._human_decides(state) or self._claimed(state)):
            self.roll(outcome)

    def _lift_curtain(self) -> None:
        self.session.lift_curtain()

    @property
    def autoplay(self) -> bool:
        return self.autoplay_toggle.value

    @autoplay.setter
    def autoplay(self, on: bool) -> None:
        self.autoplay_toggle.value = on

    def _schedule_bots(self) -> None:
        """With auto-play on, let the next bot step happen after the delay, on the kernel's
        event loop (so it works alike in JupyterLab and Voila, with no threads). Outside a
        running kernel (tests, scripts) nothing is scheduled: call step() or run_bots()."""
        if self._pending is not None or not self._client_ready:
            return
        # A deal is not a bot's move: it happens at once, with auto-play on or off.
        pending = self.session.pending()
        if pending is None or (pending == "bot" and not self.autoplay):
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        delay = 0 if pending == "deal" else self.speed.value / 1000
        self._pending = loop.call_later(delay, self._tick)

    def _tick(self) -> None:
        self._pending = None
        pending = self.session.pending()
        if pending is None or not (self.autoplay or pending == "deal"):
            return
        try:
            self.step()
        except Exception as e:  # a callback's exception would vanish in the event loop
            self.message = f"A bot failed: {e!r}"
            self.autoplay_toggle.value = False
            self.render()

    def _on_canvas_click(self, x: float, y: float) -> None:
        if self.curtain_for is not None or not self._human_decides(self.state):
            return
        self.focus.use(BOARD)
        frame = self._frame()
        selection, move = self.drawing.click(frame, x, y)
        if move is not None:
            self._on_board = True
            try:
                self.play(move)
            finally:
                self._on_board = False
        else:
            self.selection = selection
            # A click that did nothing says why (a wolf on the sheep's turn, a card that
            # does not fit), in the status's message.
            explain = getattr(self.drawing, "explain_click", None)
            why = explain(frame, x, y) if explain is not None and selection is None else None
            self.message = why or ""
            self.render()

    def _frame(self) -> Frame:
        highlights: tuple[Hashable, ...] = ()
        if self.selection is not None:
            highlights = tuple(self.drawing.selected_moves(self.state, self.selection))
        return Frame(self.state, self._viewer(), self.selection, highlights)

    def _update_bot_notes(self) -> None:
        if self._bot_notes is None:
            return  # made with the notes when first opened
        rows = []
        for name, factory in self.bot_factories.items():
            about = factory_description(factory)
            rows.append(f"<li><b>{html.escape(name)}</b>: {html.escape(about)}</li>")
        self._bot_notes.value = f"<ul>{''.join(rows)}</ul>"

    # --------------------------------------------------------------------------- drawing --
    def render(self) -> None:
        self.redraw()
        self._render_status()
        self._render_moves()
        self._render_history()
        self.panel.refresh(self)
        self.speech.refresh(self)
        if self.keys.steerable():  # the page script gives such a board the application role
            self.board.add_class("sk-board-keys")
        self._schedule_bots()

    def _on_client_ready(self, *_: Any) -> None:
        self._client_ready = True
        self.render()

    def redraw(self, *_: Any) -> None:
        if not self._client_ready:
            return
        with hold_canvas():
            self.canvas.clear()
            if self.curtain_for is not None:
                self._draw_curtain()
            else:
                self.drawing.draw(self.canvas, self._frame())
                self.keys.draw(self.canvas)

    def _draw_curtain(self) -> None:
        c, v = self.canvas, self.drawing
        c.fill_style = "#3a3a3a"
        c.fill_rect(0, 0, v.width, v.height)
        c.fill_style = "#ffffff"
        c.font = "22px sans-serif"
        c.text_align = "center"
        c.text_baseline = "middle"
        name = self.game.player_name(self.curtain_for or 0)
        c.fill_text(f"Pass the device to {name}", v.width / 2, v.height / 2 - 14)
        c.font = "15px sans-serif"
        c.fill_text("Everyone else: look away!", v.width / 2, v.height / 2 + 18)

    def _render_status(self) -> None:
        state = self.state
        name = self.game.player_name
        if self.table is not None:  # the table's words: who is away, whose device acts
            text = self.table.status_text(self.drawing.takes_clicks(state))
        else:
            text = self._status_text(state)
        note = (
            f"<div style='color:#b00020'>{html.escape(self.message)}</div>" if self.message else ""
        )
        self.status.value = f"<div style='font-size:1.1em'>{html.escape(text)}</div>{note}"
        if state.is_over:
            self.status.add_class("sk-over")
        else:
            self.status.remove_class("sk-over")
        self.curtain_button.description = (
            f"I am {name(self.curtain_for)}: show my board" if self.curtain_for is not None else ""
        )
        self.curtain_button.layout.display = None if self.curtain_for is not None else "none"

    def _status_text(self, state: State[Any, Any]) -> str:
        """Whose turn it is and what to do, in words."""
        name = self.game.player_name
        seat = state.to_move
        if state.is_over or seat is None:  # (to_move is None exactly when the game is over)
            text = f"Game over. {state.outcome()}"
        elif self.curtain_for is not None:
            text = f"Pass the device to {name(self.curtain_for)}."
        elif seat == CHANCE:
            who = state.acting_player
            roller = name(who) if who is not None else "Chance"
            if self._claimed(state):
                text = "A race! Use the buttons below."
            elif not self._may_roll(state):  # a card game deals and draws by itself
                text = "The cards are being dealt or drawn…"
            elif self._human_decides(state):
                text = f"{roller}: roll!"
            else:
                text = f"{roller} ({self.seats[who] if who is not None else 'auto'}) rolls…"
        else:
            mover = name(seat)
            if self.is_human(seat):
                on_board = self.drawing.takes_clicks(state)
                text = (
                    f"{mover} to move: pick a move below{' or on the board' if on_board else ''}."
                )
            else:
                text = f"{mover} ({self.seats[seat]} bot) is thinking…"
        if not self.at_end:
            text += f" (Showing move {self.cursor} of {len(self.timeline) - 1}: play a move to "
            text += "continue from here, or Redo.)"
        return text

    def _render_moves(self) -> None:
        state = self.state
        human = self._human_decides(state) and self.curtain_for is None
        # A bot's options are not shown: greyed buttons to read while it thinks are clutter.
        moves = state.legal_moves() if human and state.to_move != CHANCE else ()
        if self.table is not None:  # the table's server says which: the stand-in may differ
            moves = self.table.legal if human else ()
        if not self.drawing.move_buttons:
            moves = ()  # too many for buttons: the game's panel offers them
        self._shown_moves = moves
        while len(self._move_buttons) < len(moves):
            button = w.Button(layout=w.Layout(width="auto"))
            button.add_class("sk-move")
            index = len(self._move_buttons)
            button.on_click(lambda _, i=index: self._on_move_button(i))
            self._move_buttons.append(button)
        for i, button in enumerate(self._move_buttons):
            if i < len(moves):
                button.description = self.drawing.move_label(state, moves[i])
                button.tooltip = str(moves[i])
                button.disabled = not human
            button.layout.display = None if i < len(moves) else "none"
        if len(self.moves_box.children) != len(self._move_buttons):
            self.moves_box.children = tuple(self._move_buttons)

        # A deal or draw the app makes by itself gets no (dead) Roll button, and no rig: its
        # options would send what is left in a hidden deck to the page.
        chance = self._may_roll(state) and self.curtain_for is None
        self.chance_box.layout.display = None if chance else "none"
        if chance:
            options = tuple(
                (f"{self.drawing.move_label(state, o)} (p = {p})", o)
                for o, p in state.chance_outcomes()
            )
            if tuple(self.rig_choice.options) != options:
                self.rig_choice.options = options
                self.rig_choice.index = 0
            self.roll_button.description = "Roll"
        # While a bot rolls (or chance does, with nobody to roll), the buttons rest: the status
        # says the bot rolls, and the bot does. "Bot: play one move" rolls for it at once. A
        # race the game's own buttons settle (the howl) keeps them, to show a chosen ending.
        resting = not (self._human_decides(state) or self._claimed(state))
        for widget in (self.roll_button, self.rig_choice, self.rig_button):
            widget.disabled = resting
        rig = None if self.table is None or self.table.is_host else "none"  # the host rigs
        self.rig_choice.layout.display = self.rig_button.layout.display = rig
        self.step_button.disabled = state.is_over or self._human_decides(state)

    def _on_move_button(self, index: int) -> None:
        if index < len(self._shown_moves):
            self.play(self._shown_moves[index])

    def _render_history(self) -> None:
        self.slider.unobserve_all("value")
        self.slider.max = len(self.timeline) - 1
        self.slider.value = self.cursor
        self.slider.observe(lambda c: self.goto(c["new"]), "value")
        self.undo_button.disabled = self.cursor == 0
        self.redo_button.disabled = self.at_end
        items = []
        viewer = self._viewer()
        for first, last, text in self._log_entries(viewer):
            mark = " style='background:#ffe9a8'" if first <= self.cursor <= last else ""
            items.append(f"<li value='{first}'{mark}>{html.escape(text)}</li>")
        if self.curtain_for is not None:
            items = []  # the next player must not read the last one's secrets
        # Newest first: the log box is short, and the latest moves are the ones people read.
        # Numbers are plies (a folded deal takes its first); the padding leaves room for 4 digits.
        entries = "".join(reversed(items))
        self.log.value = f"<ol reversed style='margin:0;padding-left:3.4em'>{entries}</ol>"

    def _log_entries(self, viewer: int | None) -> list[tuple[int, int, str]]:
        """(first ply, last ply, text) per log line (``sheepkit.game_log``); at a table, the
        server's lines for this seat (its stand-in position has no history to word)."""
        if self.table is not None:
            return self.table.log_entries()
        memo = self._log_memos.setdefault(viewer, [])  # each render words only new moves
        return log_entries(self.drawing, self.timeline, viewer, self._deals, memo)


class RulesPanel:
    """One input per rule parameter, read from the Rules dataclass, and a button to apply."""

    def __init__(self, rules: Rules, apply: Callable[[Rules], None]) -> None:
        self.apply = apply
        self.inputs: dict[str, w.Widget] = {}
        self.error = w.HTML()
        self.button = w.Button(
            description="New game with these rules",
            button_style="success",
            layout=w.Layout(width="auto"),
        )
        self.button.add_class("sk-apply-rules")
        self.button.on_click(lambda _: self._apply())
        self.widget = w.VBox()
        self.widget.add_class("sk-rules")
        self.show(rules)

    def show(self, rules: Rules) -> None:
        self.rules = rules
        self.inputs = {
            info.name: self._input(info, getattr(rules, info.name)) for info in rules.infos()
        }
        rows = [
            w.VBox([box, w.HTML(f"<small>{html.escape(info.doc)}</small>")])
            for info, box in zip(rules.infos(), self.inputs.values(), strict=True)
        ]
        self.widget.children = (*rows, self.button, self.error)

    @staticmethod
    def _input(info: RuleInfo, value: Any) -> w.Widget:
        return rule_input(info, value, style={"description_width": "140px"})

    def values(self) -> dict[str, Any]:
        """Each rule's value as the inputs hold it; InvalidRules names a rule whose text is
        not a value."""
        infos = {info.name: info for info in self.rules.infos()}
        return {name: read_input(infos[name], box) for name, box in self.inputs.items()}

    def _apply(self) -> None:
        try:
            rules = self.rules.replace(**self.values())
        except (InvalidRules, ValueError) as e:
            self.error.value = f"<span style='color:#b00020'>{html.escape(str(e))}</span>"
            return
        self.error.value = ""
        try:
            self.apply(rules)
        except SessionError as e:  # at a table: only the host chooses, before the start
            self.error.value = f"<span style='color:#b00020'>{html.escape(str(e))}</span>"


class RecordsPanel:
    """Save the game as a JSON record, or paste/upload one to continue from it."""

    def __init__(self, save: Callable[[], str], load: Callable[[str], None]) -> None:
        self.save, self.load = save, load
        self.text = w.Textarea(
            placeholder="Records appear here; paste one to load it.",
            layout=w.Layout(width="100%", height="140px"),
        )
        self.text.add_class("sk-record")
        self.text.observe(self._typed, "value")
        self.save_button = w.Button(description="Save record")
        self.save_button.add_class("sk-save")
        self.save_button.on_click(lambda _: self._save())
        self.load_button = w.Button(description="Load record")
        self.load_button.add_class("sk-load")
        self.load_button.on_click(lambda _: self._load(self.text.value))
        self.upload = w.FileUpload(accept=".json", description="Upload .json")
        self.upload.observe(self._uploaded, "value")
        self.download = w.HTML()
        self.note = w.HTML()
        self.widget = w.VBox(
            [
                w.HBox([self.save_button, self.load_button, self.upload]),
                self.text,
                self.download,
                self.note,
            ]
        )

    def _save(self) -> None:
        text = self.save()
        self.text.value = text
        self.download.value = download_link(text, "game.json")

    def _refuse(self, message: str) -> None:
        line = " ".join(message.split())  # one line, however the error was worded
        self.note.value = f"<span style='color:#b00020'>{html.escape(line)}</span>"

    def _load(self, text: str) -> None:
        try:
            self.load(text)
        except SheepkitError as e:
            self._refuse(f"Not loaded: {e}")
            return
        except (RecursionError, MemoryError, ValueError, TypeError) as e:
            # read_record turns what it can foresee into BadRecord; anything else a strange
            # record provokes still ends here as one line, never a traceback on the page.
            self._refuse(f"Not loaded: this record could not be read ({type(e).__name__}).")
            return
        self.note.value = "Loaded."

    def _typed(self, change: dict) -> None:
        if len(change["new"]) > MAX_RECORD_CHARS:
            self.text.value = ""
            self._refuse(
                f"Cleared: the pasted text has {len(change['new']):,} characters, and a record "
                f"has at most {MAX_RECORD_CHARS:,}."
            )

    def _uploaded(self, change: dict) -> None:
        files = change["new"]
        if not files:
            return
        content = bytes(files[0]["content"])
        if len(content) > MAX_RECORD_CHARS:
            self._refuse(
                f"Not loaded: the file has {len(content):,} bytes, and a record has at most "
                f"{MAX_RECORD_CHARS:,}."
            )
            return
        self._load(content.decode("utf-8", errors="replace"))


def play(
    game: str | Game,
    seats: Sequence[str] | None = None,
    *,
    speed_ms: int = 500,
    autoplay: bool = True,
    app_seed: int | None = None,
    drawing: BoardDrawing | None = None,
    **rules: Any,
) -> GameApp:
    """The app for a game, ready to display: the one way a notebook shows one.

    ``sheepkit.ui.play("shave_a_sheep", ["Human", "Sensible"], speed_ms=300, players=3)``:
    a game's name or a Game (of any class, registered or not), the seats (a bot name or
    "Human" each), the bots' delay, auto-play, the seed of the app's dice and bots
    (``app_seed``: ``seed`` would be a rule, as in Battle Sheep), a drawing of one's own, and
    any rule changes by name."""
    if isinstance(game, str):
        game = load(game, **rules)
    elif rules:
        game = type(game)(game.rules.replace(**rules))
    return GameApp(
        game, seats, seed=app_seed, drawing=drawing, autoplay=autoplay, speed_ms=speed_ms
    )
