"""GameApp: the same frame around every game's board.

Board canvas, status line, a button for every legal move, a roll button (and a way to pick the
outcome, to demonstrate a rule), a seat selector per player, auto-play with a speed control,
undo/redo and a slider through the history, the game log, a rules panel and save/load of
records. Hidden information gets a "pass the device" curtain between human players.

The app keeps a timeline of states (states are immutable, so this is cheap and exact); undo,
redo and the slider move a cursor along it, and a move made from an earlier position cuts the
timeline there. Bots only play at the end of the timeline, so browsing never changes history.
"""

from __future__ import annotations

import asyncio
import html
import json
import random
from collections.abc import Callable, Hashable, Sequence
from typing import Any

import ipywidgets as w
from ipycanvas import Canvas, hold_canvas

from ..bots import Bot, as_bot, factory_description, for_game
from ..core import CHANCE, BadRecord, Game, InvalidRules, SheepkitError, State, load, replay
from ..core.contract import Panel as PanelHooks
from ..core.record import FORMAT, VERSION, parse_json
from ..core.registry import entry_for, game_type
from ..core.rules import RuleInfo, Rules, rule_text, rule_value
from ..drawing import BoardDrawing, Frame, drawing_for
from .board_speech import BoardSpeech
from .keyboard import KEYBOARD_HTML
from .page_style import PAGE_HTML
from .panel import Panel
from .setup_row import SetupRow
from .shows import ShowsWidget

HUMAN = "Human"

# The longest record text the app reads. A saved record is a few kilobytes (the longest games
# here are a few hundred moves of a dozen characters); anything far longer is refused before it
# is parsed, so a pasted novel or a crafted file cannot tie up the kernel.
MAX_RECORD_CHARS = 100_000
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
        self.game = load(game) if isinstance(game, str) else game
        self._own_drawing = drawing is not None
        self.drawing = drawing or drawing_for(self.game)
        self.bot_factories: dict[str, Callable[[], Bot]] = for_game(self.game)
        self.seed = seed if seed is not None else random.randrange(10**9)
        self.selection: Any = None
        self.message = ""
        self.curtain_for: int | None = None  # a human seat the device must be passed to
        self._last_viewer: int | None = None
        self.seats: list[str] = []  # set by _start
        self._syncing_pickers = False  # new options move a picker's value: not a choice
        self._build_widgets(speed_ms)
        self.autoplay_toggle.value = autoplay
        self._start(self.game.new_game(), seats)

    # ----------------------------------------------------------------------------- set-up --
    def _build_widgets(self, speed_ms: int) -> None:
        view = self.drawing
        self.canvas = Canvas(
            width=view.width,
            height=view.height,
            layout=w.Layout(width=f"{view.width}px", height=f"{view.height}px"),
        )
        # Draw only once a browser shows the canvas: commands sent earlier are lost (Voila runs
        # the notebook before the page connects), and ipycanvas would then omit the command
        # that selects this canvas from later batches.
        self._client_ready = False
        self.canvas.on_client_ready(self._on_client_ready)
        self.canvas.on_mouse_down(self._on_canvas_click)
        board = w.Box([self.canvas], layout=w.Layout(min_width=f"{view.width}px"))
        board.add_class("sk-board")

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
        board_column = w.VBox([board, *self.speech.widgets])
        board_column.add_class("sk-board-column")
        main_row = w.HBox([board_column, controls], layout=w.Layout(flex_flow="row wrap"))
        main_row.add_class("sk-main-row")  # page_style keeps board and controls side by side
        self.widget = w.VBox(
            [
                self.title,
                self.setup.widget,
                main_row,
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

    def _start(self, state: State, seats: Sequence[str] | None) -> None:
        self.timeline: list[State] = [state]
        self.cursor = 0
        self.chance_rng = random.Random(f"sheepkit-app-{self.seed}")
        self.bot_rngs = [random.Random(f"sheepkit-app-{self.seed}-{p}") for p in range(9)]
        if seats is not None:
            if len(seats) != self.game.num_players:
                raise ValueError(
                    f"{self.game.title} has {self.game.num_players} players; "
                    f"{len(seats)} seats were given"
                )
            self.seats = list(seats)
        elif len(self.seats) != self.game.num_players:
            default_bot = next((n for n in self.bot_factories if n not in ("Random", "MCTS")), "")
            self.seats = [HUMAN] + [default_bot or "Random"] * (self.game.num_players - 1)
        for name in self.seats:
            if name != HUMAN and name not in self.bot_factories:
                raise ValueError(f"no bot named {name!r}; choose from {list(self.bot_factories)}")
        self.bots: dict[int, Bot] = {}
        if len(self.seat_pickers) != self.game.num_players:
            self.seat_pickers = [self._seat_picker(p) for p in range(self.game.num_players)]
            self.seats_box.children = self.seat_pickers
        for picker, name in zip(self.seat_pickers, self.seats, strict=True):
            picker.value = name
        self._update_bot_notes()
        self.selection = None
        self.curtain_for = None
        self._last_viewer = None
        self.render()

    # ------------------------------------------------------------------------ public API --
    @property
    def state(self) -> State:
        """The position shown now (the cursor's place in the timeline)."""
        return self.timeline[self.cursor]

    @property
    def at_end(self) -> bool:
        return self.cursor == len(self.timeline) - 1

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
        return player is not None and 0 <= player < len(self.seats) and self.seats[player] == HUMAN

    def _picked(self, player: int, name: str) -> None:
        if not self._syncing_pickers:
            self.set_seat(player, name)

    def set_seat(self, player: int, name: str) -> None:
        if self.seats[player] == name:
            return
        self.seats[player] = name
        self.bots.pop(player, None)
        self.render()

    def play(self, move: Hashable | str) -> State[Any, Any]:
        """Play a move for whoever is to move (from an earlier position: cut the timeline)."""
        try:
            following = self.state.play(move)
        except SheepkitError as e:
            self.message = str(e)
            self.render()
            raise
        self._push(following)
        return following

    def roll(self, outcome: Hashable | None = None) -> State[Any, Any]:
        """At a chance node: roll (or use ``outcome``, to demonstrate a rule)."""
        state = self.state
        if state.to_move != CHANCE:
            raise SheepkitError("There is nothing to roll: it is not a chance node.")
        return self.play(outcome if outcome is not None else state.sample_chance(self.chance_rng))

    def step(self) -> bool:
        """One bot move or roll, if it is a bot's turn (or a roll nobody human makes)."""
        state = self.state
        if state.is_over or self.curtain_for is not None:
            return False
        if state.to_move == CHANCE:
            if self._human_decides(state) or self._claimed(state):
                return False
            if self._deals(state):
                self._deal()
            else:
                self.roll()
            return True
        mover = state.to_move
        if mover is None or self.is_human(mover):
            return False
        bot = self._bot(mover)
        move = bot.choose(state.view(mover), state.legal_moves(), self.bot_rngs[mover % 9])
        self.play(move)
        return True

    def run_bots(self, limit: int = 10_000) -> int:
        """Let bots (and their rolls) play until a human must act or the game ends."""
        steps = 0
        while steps < limit and self.step():
            steps += 1
        return steps

    def undo(self) -> None:
        """Back to the previous position where a human decides (or the start)."""
        index = self.cursor - 1
        while index > 0 and not self._human_decides(self.timeline[index]):
            index -= 1
        self.goto(max(index, 0))

    def redo(self) -> None:
        index = self.cursor + 1
        while index < len(self.timeline) - 1 and not self._human_decides(self.timeline[index]):
            index += 1
        self.goto(min(index, len(self.timeline) - 1))

    def goto(self, index: int) -> None:
        index = max(0, min(index, len(self.timeline) - 1))
        if index != self.cursor:
            self.cursor = index
            self.selection = None
            self.render()

    def new_game(self, rules: Rules | dict[str, Any] | None = None) -> None:
        """Start again, with new rules if given (a Rules object or a dict of changes)."""
        if rules is not None:
            if isinstance(rules, dict):
                rules = self.game.rules.replace(**rules)
            self._set_game(type(self.game)(rules))
        self.message = ""
        self._start(self.game.new_game(), None)

    def save_record(self) -> str:
        seats = [s if s == HUMAN else f"{s} bot" for s in self.seats]
        return json.dumps(self.state.record(seats=seats), indent=1)

    def load_record(self, text: str | dict) -> None:
        """Continue from a saved record (BadRecord if it is too long, corrupt or foreign).

        The cheap checks come first: the text's length, its JSON, then the format and the game
        it names. Only a record of this app's game is replayed.
        """
        record = read_record(text)
        name = record.get("game")
        ours = record.get("format") == FORMAT and record.get("version") == VERSION
        if ours and name != self.game.name:  # (replay names a wrong format or version itself)
            try:
                title = game_type(name).title if isinstance(name, str) else repr(name)
            except KeyError:
                title = f"an unknown game {name!r}"
            raise BadRecord(f"this record is of {title}, not {self.game.title}; open it there")
        state = replay(record, game_class=type(self.game))  # registered or not
        self._set_game(state.game)
        timeline = [state.game.new_game()]
        for move in state.history:
            timeline.append(timeline[-1].play(move))
        self._start(timeline[0], None)
        self.timeline = timeline
        self.cursor = len(timeline) - 1
        self.render()

    # ------------------------------------------------------------------------- internals --
    def _set_game(self, game: Game) -> None:
        """New rules: a drawing made for them (a board size may change), same preferences."""
        old = self.drawing
        self.game = game
        self.setup.show(game.rules)
        self.drawing = drawing_for(game) if not self._own_drawing else old
        for name in old.preferences:
            setattr(self.drawing, name, getattr(old, name))
        factories = for_game(game)
        if list(factories) != list(self.bot_factories):
            # New rules may offer other bots (Wolf and Sheep offers Perfect only where it is
            # perfect): a seat whose bot is gone gets the game's own first bot.
            self.bot_factories = factories
            fallback = next((n for n in factories if n not in ("Random", "MCTS")), "Random")
            self.seats = [s if s == HUMAN or s in factories else fallback for s in self.seats]
            self.bots = {}
            self._syncing_pickers = True
            try:
                for player, picker in enumerate(self.seat_pickers):
                    picker.options = [HUMAN, *factories]
                    if player < len(self.seats):
                        picker.value = self.seats[player]
            finally:
                self._syncing_pickers = False
        width, height = self.drawing.width, self.drawing.height
        if (self.canvas.width, self.canvas.height) != (width, height):
            self.canvas.width, self.canvas.height = width, height
            self.canvas.layout.width, self.canvas.layout.height = f"{width}px", f"{height}px"
        if self._rules_panel is not None:
            self._rules_panel.show(game.rules)

    def _claimed(self, state: State) -> bool:
        """True when the game's own controls settle this chance node (e.g. a race to howl
        that the players win by pressing buttons), so the app must not roll it by itself."""
        return self.panel.claims_chance(state)

    def _may_roll(self, state: State) -> bool:
        """Whether the Roll button works here: at any chance node of an open game (a teacher
        may roll for anyone) and at a public roll of any game, but never at a deal or draw of
        a game with hidden cards, which the app makes by itself."""
        return state.to_move == CHANCE and (
            not self.game.hidden_information or state.rolled_in_the_open
        )

    def _deals(self, state: State) -> bool:
        """A deal or draw of hidden cards, which the app makes by itself."""
        return state.to_move == CHANCE and not self._may_roll(state) and not self._claimed(state)

    def _deal(self) -> None:
        """Every deal and draw in a row at once, drawn once: for a human, dealing a hand is one
        moment, not a card every bot delay (a Lamb Mimes deal took 26 s that way)."""
        while self._deals(self.state):
            state = self.state
            self._push(state.play(state.sample_chance(self.chance_rng)), render=False)
        self.render()

    def _roll_clicked(self, outcome: Hashable | None = None) -> None:
        # A click can race the app's own roll (the page had not updated yet): then it is moot.
        state = self.state
        if self._may_roll(state) and (self._human_decides(state) or self._claimed(state)):
            self.roll(outcome)

    def _human_decides(self, state: State) -> bool:
        if state.to_move == CHANCE:
            # With hidden cards, deals and draws happen by themselves: a human who "rolled"
            # for each card would only be handed more pass-the-device screens.
            return state.rolled_in_the_open and self.is_human(state.acting_player)
        return self.is_human(state.to_move)

    def _bot(self, player: int) -> Bot:
        if player not in self.bots:
            self.bots[player] = as_bot(self.bot_factories[self.seats[player]]())
        return self.bots[player]

    def _push(self, state: State, render: bool = True) -> None:
        del self.timeline[self.cursor + 1 :]
        self.timeline.append(state)
        self.cursor += 1
        self.selection = None
        self.message = ""
        self._maybe_curtain()
        if render:
            self.render()

    def _maybe_curtain(self) -> None:
        """With hidden information, hide the board when the device passes to another human."""
        if not self.game.hidden_information:
            return
        state = self.state
        if state.to_move == CHANCE and not state.rolled_in_the_open:
            return  # the app deals and draws by itself: no one decides yet
        # A public roll is its roller's first act of a turn: the device passes before it.
        player = state.acting_player
        if not self.is_human(player):
            return
        # Remember who saw the board last even while they are the only human: seats can turn
        # human later (a class joins after the deal), and the next human needs the curtain.
        others = sum(map(self.is_human, range(len(self.seats)))) > 1
        if others and self._last_viewer is not None and player != self._last_viewer:
            self.curtain_for = player
        self._last_viewer = player

    def _lift_curtain(self) -> None:
        self.curtain_for = None
        self.render()

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
        state = self.state
        if not self.at_end or state.is_over or self._human_decides(state):
            return
        # A deal is not a bot's move: it happens at once, with auto-play on or off.
        deal = self._deals(state)
        if not (deal or self.autoplay):
            return
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            return
        self._pending = loop.call_later(0 if deal else self.speed.value / 1000, self._tick)

    def _tick(self) -> None:
        self._pending = None
        if not self.at_end or not (self.autoplay or self._deals(self.state)):
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
        frame = self._frame()
        selection, move = self.drawing.click(frame, x, y)
        if move is not None:
            self.play(move)
        else:
            self.selection = selection
            # A click that did nothing says why (a wolf on the sheep's turn, a card that
            # does not fit), in the status's message.
            explain = getattr(self.drawing, "explain_click", None)
            why = explain(frame, x, y) if explain is not None and selection is None else None
            self.message = why or ""
            self.render()

    def _viewer(self) -> int | None:
        """Whose eyes the board is drawn for: None shows everything (no hidden information)."""
        if not self.game.hidden_information:
            return None
        acting = self.state.acting_player
        if self.is_human(acting):
            return acting
        humans = [p for p in range(len(self.seats)) if self.is_human(p)]
        if self.state.is_over or not humans:
            return None
        return self._last_viewer if self._last_viewer is not None else humans[0]

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

    def _render_moves(self) -> None:
        state = self.state
        human = self._human_decides(state) and self.curtain_for is None
        # A bot's options are not shown: greyed buttons to read while it thinks are clutter.
        moves = state.legal_moves() if human and state.to_move != CHANCE else ()
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
        """(first ply, last ply, text) per log line. A run of deals and draws that the app made
        by itself is one line ("Player 1 is dealt a card ×7, ..."), as it was one moment."""
        entries: list[tuple[int, int, str]] = []
        run: list[tuple[int, str]] = []

        def fold() -> None:
            counts: dict[str, int] = {}
            for _, text in run:
                counts[text] = counts.get(text, 0) + 1
            words = [f"{text} ×{n}" if n > 1 else text for text, n in counts.items()]
            entries.append((run[0][0], run[-1][0], "; ".join(words)))
            run.clear()

        for ply, (before, move) in enumerate(zip(self.timeline, self.timeline[-1].history), 1):
            text = self._log_line(before, move, viewer)
            if self._deals(before):
                run.append((ply, text))
                continue
            if run:
                fold()
            entries.append((ply, ply, text))
        if run:
            fold()
        return entries

    def _log_line(self, before: State[Any, Any], move: Hashable, viewer: int | None) -> str:
        """One entry of the log, as ``viewer`` may read it: with hidden information the
        drawing words it (``log_label``), or else only who acted is shown."""
        who = before.acting_player
        name = f"{self.game.player_name(who)}: " if who is not None else ""
        if not self.game.hidden_information or (viewer is None and before.is_over):
            # In words, as on the move's button, with the notation a record uses beside it.
            words, notation = self.drawing.move_label(before, move), str(move)
            return name + (words if words == notation else f"{words} ({notation})")
        label = self.drawing.log_label(before, move, viewer)
        if label is not None:
            return label
        return name + ("chance" if before.to_move == CHANCE else "a move")


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
            info.name: self._input(info, getattr(rules, info.name)) for info in rules.describe()
        }
        rows = [
            w.VBox([box, w.HTML(f"<small>{html.escape(info.doc)}</small>")])
            for info, box in zip(rules.describe(), self.inputs.values(), strict=True)
        ]
        self.widget.children = (*rows, self.button, self.error)

    @staticmethod
    def _input(info: RuleInfo, value: Any) -> w.Widget:
        style = {"description_width": "140px"}
        if isinstance(info.default, bool):
            return w.Checkbox(value=value, description=info.label, style=style)
        if info.choices is not None:
            return w.Dropdown(
                options=[(info.choice_label(c), c) for c in info.choices],
                value=value,
                description=info.label,
                style=style,
            )
        if isinstance(info.default, int) and info.min is not None and info.max is not None:
            return w.BoundedIntText(
                value=value, min=info.min, max=info.max, description=info.label, style=style
            )
        # Tables (a die's faces, payoffs) are edited as JSON text, as in the rule lab.
        return w.Text(
            value=rule_text(value),
            description=info.label,
            style=style,
            layout=w.Layout(width="100%"),
        )

    def values(self) -> dict[str, Any]:
        """Each rule's value as the inputs hold it; InvalidRules names a rule whose text is
        not a value."""
        out = {}
        for name, box in self.inputs.items():
            value = box.value
            if isinstance(box, w.Text):
                value = rule_value(name, value)
            out[name] = value
        return out

    def _apply(self) -> None:
        try:
            rules = self.rules.replace(**self.values())
        except (InvalidRules, ValueError) as e:
            self.error.value = f"<span style='color:#b00020'>{html.escape(str(e))}</span>"
            return
        self.error.value = ""
        self.apply(rules)


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
        import base64

        text = self.save()
        self.text.value = text
        data = base64.b64encode(text.encode()).decode()
        self.download.value = (
            f"<a download='game.json' href='data:application/json;base64,{data}'>"
            "Download game.json</a>"
        )

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


def read_record(text: str | dict) -> dict[str, Any]:
    """The JSON object of a record's text, refused (BadRecord) before parsing when too long."""
    if not isinstance(text, dict) and len(text) > MAX_RECORD_CHARS:
        raise BadRecord(
            f"the record has {len(text):,} characters, and a record has at most "
            f"{MAX_RECORD_CHARS:,}"
        )
    return parse_json(text)


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
