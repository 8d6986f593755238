"""GameApp: the same frame around every game's board.

Board canvas, status line, a button for every legal move, a roll button (and a way to pick the
outcome, to demonstrate a rule), a seat selector per player, auto-play with a speed control,
undo/redo and a slider through the history, the game log, a rules panel and save/load of
records. Hidden information gets a "pass the device" curtain between human players.

The app renders a ``sheepkit.screen.Screen``: what a screen shows of a game in play, and what
it sends back. The game shown is the app's own ``Session`` (``self.session``), or a seat at a
table while the Play together section (``table_panel``) has it sit there: the app subscribes
to the screen once and draws whatever it shows. The controls that act on the app's own game
(undo, redo, the history, new game, the bots' pace, records) are shown where the game in play
offers them (``Offers``). Bots' steps are scheduled with a delay (UI timing) when the session
says a bot is to act; bots only play at the end of the timeline, so browsing never changes
history.
"""

from __future__ import annotations

import html
from collections.abc import Callable, Hashable, Sequence
from typing import Any

import ipywidgets as w
from ipycanvas import Canvas, hold_canvas

from ..board_keys import BoardKeys
from ..core import Game, State, load
from ..core.contract import PanelHooks
from ..core.registry import entry_for
from ..core.rules import Rules
from ..drawing import BoardDrawing, draw_curtain, drawing_for
from ..screen import Change, Screen
from ..session import Session
from ..tables.together import service_connect
from .board_speech import BoardSpeech
from .extras import Extras
from .focus_keeper import BOARD, MOVES, FocusKeeper
from .keyboard import KEYBOARD_HTML
from .own_game import OwnGameControls, button, shown
from .page_style import PAGE_HTML
from .panel import Panel
from .records_panel import RecordsPanel
from .rules_panel import RulesPanel
from .setup_row import SetupRow
from .shows import ShowsWidget
from .table_panel import TablePanel

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
        # an author's own drawing stays; the game's is made again for new rules (the screen)
        remake = None if drawing is not None else drawing_for
        self.screen = Screen(self.session, drawing or drawing_for(self.session.game), remake)
        self._shown_game = self.game  # the game the canvas and the rule inputs were made for
        self._build_widgets(speed_ms)
        # Asked each time: a game's panel (or a test) may swap its hook.
        self.session.claims_chance = lambda state: self.panel.claims_chance(state)
        self.autoplay = autoplay
        self.screen.on(self._changed)
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
        self.canvas.on_client_ready(self.client_ready)
        self.canvas.on_mouse_down(self.click_board)
        self.speech = BoardSpeech()  # the board in words, for screen readers
        # The arrow keys' cursor over the board.
        self.keys = BoardKeys(self.screen, self.click_board, self.redraw, self.speech.say)
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
        self.move_buttons: list[w.Button] = []
        self._shown_moves: tuple[Hashable, ...] = ()

        self.roll_button = button("Roll", "sk-roll", self.roll_clicked, "warning")
        self.rig_choice = w.Dropdown(description="Or pick:", layout=w.Layout(width="260px"))
        self.rig_button = button(
            "Use this outcome", "sk-rig", lambda: self.roll_clicked(self.rig_choice.value)
        )
        self.rig_button.tooltip = "Rig the roll"
        # Wrap rather than squeeze: in the 420 px column the rig button was cut to "Use t...".
        self.chance_box = w.HBox(
            [self.roll_button, self.rig_choice, self.rig_button],
            layout=w.Layout(flex_flow="row wrap"),
        )

        self.controls = OwnGameControls(self, speed_ms)  # undo, redo, new game, bots
        self.curtain_button = button("", "sk-curtain", self.screen.lift_curtain, "info")
        self.curtain_button.layout.width = "auto"

        self.setup = SetupRow(self)  # the set-up rules and the seat pickers
        self.log = w.HTML(layout=w.Layout(max_height="220px", overflow="auto"))
        self.log.add_class("sk-log")

        # Rules, Save / load and About the bots are made when first opened (or used): about
        # half of an app's widgets live there, and each is one more model for the page to
        # make before the board shows.
        self.extras = Extras(self)
        # The game's own controls (preferences, hints...), if it registered a panel.
        make_panel = entry_for(self.game).panel
        self.panel: PanelHooks = make_panel(self) if make_panel is not None else Panel()
        own = self.controls
        column = w.VBox(
            [
                self.status,
                self.curtain_button,
                self.moves_box,
                self.chance_box,
                own.history_row,
                own.slider,
                self.panel,
                own.bots_row,
                own.speed,
                w.HTML("<b>Game log</b>"),
                self.log,
            ],
            layout=w.Layout(width="420px", margin="0 0 0 16px"),
        )
        column.add_class("sk-controls")
        board_column = w.VBox([self.board, *self.speech.widgets, self.focus.widget])
        board_column.add_class("sk-board-column")
        main_row = w.HBox([board_column, column], layout=w.Layout(flex_flow="row wrap"))
        main_row.add_class("sk-main-row")  # page_style keeps board and controls side by side
        self.tables = TablePanel(self, service_connect())
        self.widget = w.VBox(
            [self.title, self.setup.widget, main_row, self.tables.widget, self.extras.widget]
        )
        self.widget.add_class("sk-app")

    # ------------------------------------------------------------------------ public API --
    # What the game shown holds (the app's own session, or a table's seat), read through the
    # app: notebooks, panels and tests use these.
    @property
    def state(self) -> State:
        """The position shown now (the cursor's place in the session's timeline)."""
        return self.screen.state

    @property
    def game(self) -> Game:
        return self.screen.live.game

    @property
    def seats(self) -> list[str]:
        return self.screen.live.seats

    @property
    def at_end(self) -> bool:
        return self.screen.live.at_end

    @property
    def curtain_for(self) -> int | None:
        """A human seat the device must be passed to (the session's curtain policy)."""
        return self.screen.live.curtain_for

    @property
    def seat_pickers(self) -> list[w.Dropdown]:
        return self.setup.pickers

    @property
    def drawing(self) -> BoardDrawing:
        return self.screen.drawing

    @property
    def selection(self) -> Any:
        """What a first click picked on the board (a game's panel may pick too)."""
        return self.screen.selection

    @selection.setter
    def selection(self, picked: Any) -> None:
        self.screen.selection = picked

    @property
    def message(self) -> str:
        return self.screen.message

    @message.setter
    def message(self, words: str) -> None:
        self.screen.message = words

    # The app's own game (its session): the seed, the bots offered, the timeline.
    @property
    def seed(self) -> int:
        return self.session.seed

    @property
    def bot_factories(self) -> dict[str, Callable[[], Any]]:
        return self.screen.live.bot_factories

    @property
    def timeline(self) -> list[State]:
        return self.session.timeline

    @property
    def cursor(self) -> int:
        return self.session.cursor

    @property
    def rules_panel(self) -> RulesPanel:
        return self.extras.rules_panel

    @property
    def records_panel(self) -> RecordsPanel:
        return self.extras.records_panel

    def is_human(self, player: int | None) -> bool:
        return self.screen.live.is_human(player)

    def set_seat(self, player: int, name: str) -> None:
        self.screen.live.set_seat(player, name)

    def play(self, move: Hashable | str) -> State[Any, Any]:
        """Play a move for the human to move (from an earlier position: cut the timeline)."""
        if not self._on_board:
            self.focus.use(MOVES)  # a move button, the game's panel (or code)
        return self.screen.play(move)

    def roll_clicked(self, outcome: Hashable | None = None) -> None:
        """The Roll (or rig) button: focus comes back to the move controls after the roll."""
        self.focus.use(MOVES)
        self.screen.roll_clicked(outcome)

    def roll(self, outcome: Hashable | None = None) -> State[Any, Any]:
        """At a chance node: roll (or use ``outcome``, to demonstrate a rule)."""
        self.focus.use(MOVES)
        return self.screen.roll(outcome)

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
        """Start again, with new rules if given (a Rules object or a dict of changes); at a
        table, the host's rules go to the table, in the lobby."""
        self.screen.live.new_game(rules)

    def save_record(self) -> str:
        return self.session.save_record()

    def load_record(self, text: str | dict) -> None:
        """Continue from a saved record (BadRecord if it is too long, corrupt or foreign)."""
        self.session.load_record(text)

    @property
    def autoplay(self) -> bool:
        return bool(self.controls.autoplay_toggle.value)

    @autoplay.setter
    def autoplay(self, on: bool) -> None:
        self.controls.autoplay_toggle.value = on

    def click_board(self, x: float, y: float) -> None:
        """A click (or the keyboard's Enter) on the board at (x, y): the canvas's callback."""
        if not self.screen.acting:
            return
        self.focus.use(BOARD)
        self._on_board = True
        try:
            self.screen.click(x, y)
        finally:
            self._on_board = False

    def client_ready(self, *_: Any) -> None:
        """The canvas's callback once a browser shows it: draw from now on."""
        self._client_ready = True
        self.render()

    # -------------------------------------------------------- following the screen --
    def _changed(self, change: Change) -> None:
        if change == "started":
            self._started()
            return
        if change == "over" or (change == "curtain" and self.curtain_for is not None):
            return  # drawn with the move that ended the game or raised the curtain
        if change == "seat":
            self.setup.sync_pickers()
        self.render()
        if change == "moved":
            self._keep_focus()

    def _keep_focus(self) -> None:
        """The human's turn again: focus back where they played (the page's business until
        they played once)."""
        if self.at_end and self.screen.acting:
            self.focus.ask()

    def _started(self) -> None:
        if self.game is not self._shown_game:
            self._show_game(self.game)
        self.setup.show(self.game.rules)
        self.setup.sync_pickers()
        self.extras.show(self.game)
        self.render()

    def _show_game(self, game: Game) -> None:
        """New rules: the canvas sized for the drawing the screen made for them."""
        self._shown_game = game
        width, height = self.drawing.width, self.drawing.height
        if (self.canvas.width, self.canvas.height) != (width, height):
            self.canvas.width, self.canvas.height = width, height
            self.canvas.layout.width, self.canvas.layout.height = f"{width}px", f"{height}px"

    def schedule_bots(self) -> None:
        """Auto-play's next step, once a browser shows the board and where bots play here."""
        if self._client_ready and self.screen.offers.bots:
            self.controls.bots.schedule()

    # --------------------------------------------------------------------------- drawing --
    def render(self) -> None:
        self.redraw()
        self._render_status()
        self._render_moves()
        self._render_log()
        self.controls.render()
        shown(self.setup.widget, self.screen.offers.setup)
        self.panel.refresh(self)
        self.speech.refresh(self.screen, self.keys.steerable())
        if self.keys.steerable():  # the page script gives such a board the application role
            self.board.add_class("sk-board-keys")
        self.schedule_bots()

    def redraw(self, *_: Any) -> None:
        if not self._client_ready:
            return
        with hold_canvas():
            self.canvas.clear()
            if self.curtain_for is not None:
                name = self.game.player_name(self.curtain_for)
                draw_curtain(self.canvas, self.drawing.width, self.drawing.height, name)
            else:
                self.drawing.draw(self.canvas, self.screen.frame())
                self.keys.draw(self.canvas)

    def _render_status(self) -> None:
        status = self.screen.status()
        note = html.escape(status.note)
        note = f"<div style='color:#b00020'>{note}</div>" if note else ""
        self.status.value = f"<div style='font-size:1.1em'>{html.escape(status.text)}</div>{note}"
        if status.over:
            self.status.add_class("sk-over")
        else:
            self.status.remove_class("sk-over")
        self.curtain_button.description = status.curtain or ""
        shown(self.curtain_button, status.curtain is not None)

    def _render_moves(self) -> None:
        buttons = self.screen.move_buttons()
        self._shown_moves = tuple(b.move for b in buttons)
        while len(self.move_buttons) < len(buttons):
            button = w.Button(layout=w.Layout(width="auto"))
            button.add_class("sk-move")
            index = len(self.move_buttons)
            button.on_click(lambda _, i=index: self._on_move_button(i))
            self.move_buttons.append(button)
        for i, button in enumerate(self.move_buttons):
            if i < len(buttons):
                button.description = buttons[i].label
                button.tooltip = str(buttons[i].move)
            shown(button, i < len(buttons))
        if len(self.moves_box.children) != len(self.move_buttons):
            self.moves_box.children = tuple(self.move_buttons)

        chance = self.screen.chance()
        shown(self.chance_box, chance is not None)
        if chance is not None:
            if tuple(self.rig_choice.options) != chance.outcomes:
                self.rig_choice.options = chance.outcomes
                self.rig_choice.index = 0
            for widget in (self.roll_button, self.rig_choice, self.rig_button):
                widget.disabled = not chance.enabled
            shown(self.rig_choice, chance.rig)
            shown(self.rig_button, chance.rig)

    def _on_move_button(self, index: int) -> None:
        if index < len(self._shown_moves):
            self.play(self._shown_moves[index])

    def _render_log(self) -> None:
        items = [
            f"<li value='{line.first}'"
            + (" style='background:#ffe9a8'" if line.current else "")
            + f">{html.escape(line.text)}</li>"
            for line in self.screen.log()
        ]
        # Newest first: the log box is short, and the latest moves are the ones people read.
        # Numbers are plies (a folded deal takes its first); the padding leaves room for 4 digits.
        entries = "".join(reversed(items))
        self.log.value = f"<ol reversed style='margin:0;padding-left:3.4em'>{entries}</ol>"


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
