"""The play page's Python (the static site's ``play/<game>.html``): one game on a plain canvas,
no widgets, no Jupyter.

A ``PlayPage`` holds a ``Session`` and its ``Screen`` (``sheepkit.screen``: the one view of a
game in play that the notebook app renders too) and gives the page one JSON-able dict of what
to show (``view``): the board as drawing commands (``CanvasRecorder``, which takes the same
ipycanvas calls the drawings make on the app's canvas, for the page's script to replay on a
2D context), the status line, the moves, the Roll control, the seats, Undo and Redo, the game
log, the board in words and what the live region says. What the person does comes back as
``act(name, *args)``: a click, a key, a move, a roll, undo, redo, a new game, a seat, a race
claim, lifting the curtain, and ``tick``, which the page calls when the view's ``wake`` says
(the bots' moves wait a moment, as in the app, and the page's script keeps the clock).
The keyboard's cursor (``sheepkit.board_keys``) and the live region's words
(``sheepkit.board_speech``) are the app's own. Play together (``sheepkit.play_tables``): the
view's ``tables`` part and the table actions; seated, the screen shows the table's game from
the seat, and what the table says unasked goes to ``push`` as a fresh view.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable, Hashable, Sequence
from typing import Any

from .autoplay import Autoplay
from .board_keys import BoardKeys
from .board_speech import Announcer, described
from .core import Game, InvalidRules, SheepkitError, State, load
from .core.rules import Rules, rule_options, rule_text, rule_value
from .drawing import draw_curtain, drawing_for
from .live import LiveGame
from .play_tables import PageTables
from .screen import Change, Screen
from .session import HUMAN, Race, Session, SessionError, load_refused, race_claims
from .tables.client import Connect
from .tables.table_game import TableGame

#: The ipycanvas settings the drawings set (as attributes), and their 2D context names.
SETTINGS = {
    "fill_style": "fillStyle",
    "stroke_style": "strokeStyle",
    "line_width": "lineWidth",
    "font": "font",
    "text_align": "textAlign",
    "text_baseline": "textBaseline",
    "global_alpha": "globalAlpha",
}
#: The ipycanvas calls the drawings make (sheepkit.ui.svg_canvas draws the same set as SVG).
CALLS = frozenset(
    {
        "clear", "save", "restore", "translate", "rotate", "set_line_dash",
        "fill_rect", "stroke_rect", "fill_circle", "stroke_circle", "fill_polygon",
        "stroke_polygon", "stroke_line", "fill_text",
    }
)  # fmt: skip
#: How long a bot's move waits, in seconds, as the app's default delay.
BOT_DELAY = 0.5
#: The bots' delay a page may set, in milliseconds (the app's slider's range).
DELAYS_MS = range(50, 2001, 50)


class CanvasRecorder:
    """Takes the ipycanvas calls a board drawing makes and keeps them as a JSON-able list:
    ``["=", setting, value]`` for a setting, ``[call, *args]`` for a call. Anything else is an
    AttributeError naming it, not a board silently missing a part."""

    def __init__(self, width: int, height: int) -> None:
        object.__setattr__(self, "width", width)
        object.__setattr__(self, "height", height)
        object.__setattr__(self, "ops", [])

    def __setattr__(self, name: str, value: Any) -> None:
        if name not in SETTINGS:
            raise AttributeError(f"CanvasRecorder has no setting {name!r}")
        self.ops.append(["=", SETTINGS[name], value])

    def __getattr__(self, name: str) -> Any:
        if name not in CALLS:
            raise AttributeError(f"CanvasRecorder does not draw {name!r}")

        def call(*args: Any) -> None:
            self.ops.append([name, *(_plain(a) for a in args)])

        return call


def _plain(value: Any) -> Any:
    """A call's argument as JSON has it (point lists as lists of pairs)."""
    if isinstance(value, tuple | list):
        return [_plain(v) for v in value]
    return value


Later = Callable[[float, Callable[[], None]], object]


class _Timer:
    def __init__(self, due: float, callback: Callable[[], None]) -> None:
        self.due, self.callback, self.cancelled = due, callback, False

    def cancel(self) -> None:
        self.cancelled = True


class PlayPage:
    """One game on the play page (see the module's note)."""

    def __init__(
        self,
        game: Game[Any, Any, Any] | str,
        seats: Sequence[str] | None = None,
        *,
        seed: int | None = None,
        clock: Callable[[], float] = time.monotonic,
        bot_delay: float = BOT_DELAY,
        tables: Connect | None = None,
    ) -> None:
        self.session = Session(load(game) if isinstance(game, str) else game, seats, seed=seed)
        self.screen = Screen(self.session, drawing_for(self.session.game), drawing_for)
        self.clock = clock
        self.bots = Autoplay(
            self.session, delay=bot_delay, failed=self._bot_failed, later=self.later
        )
        self.keys = BoardKeys(self.screen, self.click, lambda: None, self._say)
        self.announcer = Announcer()
        self._said: list[str] = []
        self._timers: list[_Timer] = []
        self._race: Race | None = None
        self._race_at: State[Any, Any] | None = None
        self._race_rng = random.Random(f"sheepkit-race-{self.session.seed}")
        self._moves: tuple[Hashable, ...] = ()
        self._outcomes: tuple[Hashable, ...] = ()
        self.session.claims_chance = self._claims
        #: Play together: the page's tables (``sheepkit.play_tables``); the table service is
        #: ``tables`` if given, else looked for when the page's script asks ("find_tables").
        self.tables = PageTables(self, self._pushed)
        if tables is not None:
            self.tables.use(tables)
        self._acting = False
        self._record: str | None = None  # a saved record, until a view has taken it
        self._records_note = ""  # what the last save or load came to
        self._rules_note = ""  # why the rules asked for were not taken
        self._rules_shown: tuple[Game[Any, Any, Any] | None, list[dict[str, Any]]] = (None, [])
        #: Gets the view (JSON) when the table speaks unasked (the page's worker posts it).
        self.push: Callable[[str], None] | None = None
        #: What the page's script may ask, by name.
        self.actions: dict[str, Callable[..., object]] = {
            "click": self.click,
            "point": self.point,
            "key": self.key,
            "play": self.play,
            "roll": self.roll,
            "claim": self.claim,
            "undo": self.undo,
            "redo": self.redo,
            "goto": self.goto,
            "new_rules": self.new_rules,
            "save_record": self.save_record,
            "load_record": self.load_record,
            "new_game": self.new_game,
            "seat": self.seat,
            "lift_curtain": self.lift_curtain,
            "tool": self.screen.use_tool,
            "step": self.step,
            "set_autoplay": self.set_autoplay,
            "set_delay": self.set_delay,
            "tick": self.tick,
            "find_tables": self.tables.find,
            "open_table": self.tables.open_table,
            "look": self.tables.look,
            "sit": self.tables.sit,
            "start": self.tables.start,
            "leave": self.tables.leave,
            "close_table": self.tables.close_table,
            "hand_to_bot": self.tables.hand_to_bot,
        }
        self.screen.on(self._changed)
        self._changed("started")

    # ----------------------------------------------------------------------- the clock --
    def later(self, seconds: float, callback: Callable[[], None]) -> _Timer:
        """Call ``callback`` on the first ``tick`` ``seconds`` from now."""
        timer = _Timer(self.clock() + seconds, callback)
        self._timers.append(timer)
        return timer

    def wake(self) -> float | None:
        """Seconds until the page should ``tick`` (None: nothing is waiting)."""
        self._timers = [t for t in self._timers if not t.cancelled]
        if not self._timers:
            return None
        return max(0.0, min(t.due for t in self._timers) - self.clock())

    def tick(self) -> None:
        """Run what is due: a bot's move, a bot's claim of a race."""
        now = self.clock()
        due = [t for t in self._timers if not t.cancelled and t.due <= now]
        self._timers = [t for t in self._timers if t not in due and not t.cancelled]
        for timer in due:
            if not timer.cancelled:
                timer.callback()

    # ------------------------------------------------------------ following the screen --
    def _changed(self, change: Change) -> None:
        if change in ("moved", "browsed", "started"):
            self._follow_race()
        self._schedule_bots()

    def _schedule_bots(self) -> None:
        if self.screen.live is self.session:  # at a table, the table's server runs the bots
            self.bots.schedule()

    def show(self, live: LiveGame) -> None:
        """Show a table's game from this device's seat, or (``session``) the page's own."""
        if live is not self.session and self.bots.pending is not None:
            self.bots.pending.cancel()
            self.bots.pending = None
        self.screen.show(live)

    def _table(self) -> TableGame | None:
        """The table's game the screen shows, if it shows one."""
        table = self.tables.table
        return table if table is not None and self.screen.live is table else None

    def pushes(self, send: Callable[[str], None]) -> None:
        """Give ``send`` the view (as JSON) whenever the table changes it unasked."""
        self.push = send

    def _pushed(self) -> None:
        if self.push is not None and not self._acting:
            self.push(self.view_json())

    def _bot_failed(self, error: Exception) -> None:
        self.screen.say(f"A bot failed: {error!r}")

    @property
    def autoplay(self) -> bool:
        return self.bots.on

    # A race (Shave a Sheep's howl): a chance node nobody rolls, won by the first claim. As the
    # app's game panel runs it: the humans' buttons, the bots' claims after a moment.
    def _claims(self, state: State[Any, Any]) -> bool:
        return bool(race_claims(state)) and self.session.at_end

    def _follow_race(self) -> None:
        state = self.session.state
        if state is self._race_at:
            return
        if self._race is not None:
            self._race.cancel()
        self._race = self._race_at = None
        if not self._claims(state):
            return
        self._race_at = state
        later = self.later if self.bots.on else None
        self._race = Race(self.session, self._won, later=later, rng=self._race_rng)

    def _won(self, outcome: Hashable | None, note: str) -> None:
        self._race = self._race_at = None
        try:
            self.screen.roll(outcome)
        except Exception as e:
            self.screen.say(f"The race failed: {e!r}")
        if note:
            self.screen.say(note)

    def _say(self, words: str) -> None:
        self._said.append(words)

    # ------------------------------------------------------------------ what it sends --
    def click(self, x: float, y: float) -> None:
        """A click (or the keyboard's Enter) on the board at (x, y)."""
        if self.screen.acting:
            self.screen.click(x, y)

    def key(self, key: str) -> None:
        """A key on the board: an arrow moves the cursor, Enter or Space clicks."""
        if self.screen.live.curtain_for is None:
            self.keys.key(key)

    def play(self, index: int) -> None:
        """The move of the ``index``-th move button (or list entry) of the last view."""
        if 0 <= index < len(self._moves):
            self.screen.play(self._moves[index])

    def roll(self, index: int | None = None) -> None:
        """Roll, or rig the roll to the ``index``-th outcome of the last view."""
        outcome = None
        if index is not None and 0 <= index < len(self._outcomes):
            outcome = self._outcomes[index]
        self.screen.roll_clicked(outcome)

    def claim(self, seat: int) -> None:
        """``seat``'s button in a race (at a table, this device's seat's claim)."""
        table = self._table()
        if table is not None:
            if table.snapshot is not None and table.snapshot.claim is not None:
                table.roll(table.snapshot.claim)
            return
        if self._race is not None and self.session.state is self._race_at:
            self._race.claim(seat)

    def _own(self) -> Session:
        """The page's own game, to browse or step (at a table, nothing is: ``offers``)."""
        if self.screen.live is not self.session:
            raise SessionError("at a table, the table's server keeps the game")
        return self.session

    def undo(self) -> None:
        self._own().undo()

    def redo(self) -> None:
        self._own().redo()

    def goto(self, index: int) -> None:
        """The history slider: the position after ``index`` plies (0: the start)."""
        self._own().goto(int(index))

    def new_rules(self, entered: dict[str, Any]) -> None:
        """A new game with the rules the page's inputs hold (``rules_view``'s: a choice by its
        index, a number, a table as JSON text); a value the rules refuse is said, and the game
        goes on unchanged."""
        session = self._own()
        rules = session.game.rules
        try:
            changes = read_rule_inputs(rules, entered)
            game = type(session.game)(rules.replace(**changes))
        except (SheepkitError, ValueError, TypeError) as e:
            self._rules_note = " ".join(f"Not changed: {e}".split())
            return
        self._rules_note = ""
        session.new_game(game)

    def rules_view(self) -> list[dict[str, Any]]:
        """The page's own game's rules, one input each: a choice (its options in words), a
        whole number (with its bounds) or a table (as JSON text); made once per game (every
        view has them)."""
        game = self.session.game
        if self._rules_shown[0] is not game:
            self._rules_shown = (game, self._rule_inputs(game.rules))
        return self._rules_shown[1]

    @staticmethod
    def _rule_inputs(rules: Rules) -> list[dict[str, Any]]:
        found = []
        for info in rules.infos():
            value = getattr(rules, info.name)
            entry: dict[str, Any] = {"name": info.name, "label": info.label, "doc": info.doc}
            options = rule_options(info)
            if options is not None:
                values = [v for _, v in options]
                index = values.index(value) if value in values else 0
                entry |= {"kind": "choice", "options": [w for w, _ in options], "value": index}
            elif isinstance(info.default, int):
                entry |= {"kind": "number", "value": value, "min": info.min, "max": info.max}
            else:
                entry |= {"kind": "text", "value": rule_text(value)}
            found.append(entry)
        return found

    @property
    def record_file(self) -> str:
        return f"{self.session.game.name}.json"

    def save_record(self) -> None:
        """The record of the page's own game, up to the position shown: in the next view
        (``records.text``), for the page to download."""
        self._record = self._own().save_record()
        self._records_note = f"Saved: {self.record_file} is in your downloads."

    def load_record(self, text: str) -> None:
        """Continue from a saved record; one that cannot be read is said, and changes
        nothing."""
        refused = load_refused(self._own().load_record, str(text))
        self._records_note = refused or "Loaded: the game goes on from the record."

    def new_game(self) -> None:
        self.screen.live.new_game()  # at a table: the host's, in the lobby, else refused

    def seat(self, seat: int, who: str) -> None:
        self.screen.live.set_seat(seat, who)  # at a table, the host's choice goes to it

    def lift_curtain(self) -> None:
        self.screen.lift_curtain()

    def step(self) -> None:
        """ "Bot: play one move"."""
        self._own().step()

    def set_autoplay(self, on: bool) -> None:
        self.bots.on = bool(on)
        self._follow_race()
        self._schedule_bots()

    def set_delay(self, ms: int) -> None:
        """How long a bot waits before it moves (a bot already waiting keeps its wait)."""
        if isinstance(ms, bool) or not isinstance(ms, int) or ms not in DELAYS_MS:
            raise SessionError(
                f"the bots' delay is {DELAYS_MS.start}-{DELAYS_MS.stop - 1} ms in steps of"
                f" {DELAYS_MS.step}, not {ms!r:.40}"
            )
        self.bots.delay = ms / 1000

    def act(self, name: str, *args: Any) -> dict[str, Any]:
        """Do ``name`` (a key of ``actions``) with ``args``, and return the view. A refused
        move is said in the status line (the screen does), not raised."""
        action = self.actions.get(name)
        if action is None:
            raise ValueError(f"no such action: {name!r}; the actions: {', '.join(self.actions)}")
        self._acting = True
        try:
            action(*args)
        except Exception as e:
            if not self.screen.message:
                self.screen.say(f"{e}")
        finally:
            self._acting = False
        return self.view()

    def act_json(self, message: str) -> str:
        """``act`` for the page's script: ``[name, *args]`` in, the view out, as JSON; for a
        pointer's move that the board does not show, ``""`` (the page sends one at each move
        of the mouse over a board that follows it)."""
        name, *args = json.loads(message)
        if name == "point":
            return self.view_json() if self.point(*args) else ""
        return json.dumps(self.act(name, *args), separators=(",", ":"))

    def point(self, x: float, y: float) -> bool:
        """The pointer is at (x, y) on the board: whether the board shows it."""
        try:
            return self.screen.point(float(x), float(y))
        except (TypeError, ValueError):
            return False

    def view_json(self) -> str:
        return json.dumps(self.view(), separators=(",", ":"))

    # ---------------------------------------------------------------- what it shows --
    def board(self) -> list[list[Any]]:
        """The board's drawing commands (the curtain's, behind it), with the keys' cursor."""
        drawing = self.screen.drawing
        canvas = CanvasRecorder(drawing.width, drawing.height)
        live = self.screen.live
        curtain = live.curtain_for
        if curtain is not None:
            name = live.game.player_name(curtain)
            draw_curtain(canvas, drawing.width, drawing.height, name)
        else:
            drawing.draw(canvas, self.screen.frame())
            self.keys.draw(canvas)
        ops: list[list[Any]] = canvas.ops
        return ops

    def view(self) -> dict[str, Any]:
        """Everything the page shows now, as JSON-able data."""
        screen, session, live = self.screen, self.session, self.screen.live
        game, state, drawing = live.game, live.state, screen.drawing
        status = screen.status()
        words = screen.words
        if drawing.move_buttons:
            buttons = screen.move_buttons()
            self._moves = tuple(b.move for b in buttons)
            labels = [b.label for b in buttons]
        else:  # too many for buttons (Battle Sheep): the same moves as a list to pick from
            self._moves = live.moves()
            labels = [words.move_label(state, m) for m in self._moves]
        chance = screen.chance()
        self._outcomes = () if chance is None else tuple(o for _, o in chance.outcomes)
        steerable = self.keys.steerable()
        board_words = described(screen, steerable)
        said = self.announcer.heard(screen, board_words)
        if said is not None:
            self._said.insert(0, said)
        say, self._said = " ".join(self._said), []
        racers = []
        table = self._table()
        claim = table.snapshot.claim if table is not None and table.snapshot else None
        if table is not None and claim is not None:  # the table's race: this seat's button
            outcome = next((o for o, _ in state.chance_outcomes() if str(o) == claim), claim)
            label = words.move_label(state, outcome)
            racers = [{"seat": table.seat, "label": f"{game.player_name(table.seat)}: {label}!"}]
        elif self._race is not None and state is self._race_at:
            name = game.player_name
            racers = [
                {"seat": p, "label": f"{name(p)}: {words.move_label(state, o)}!"}
                for p, o in self._race.claims.items()
                if session.is_human(p)
            ]
        offers = screen.offers
        wake = self.wake()
        record, self._record = self._record, None
        return {
            "game": game.name,
            "title": game.title,
            "width": drawing.width,
            "height": drawing.height,
            "board": self.board(),
            "steerable": steerable,
            "targets": [[t.x, t.y, t.label] for t in screen.targets()],
            "words": board_words,
            "say": say,
            "status": {
                "text": status.text,
                "note": status.note,
                "over": status.over,
                "curtain": status.curtain,
            },
            "moves": labels,
            "tools": list(screen.tools()),
            "pointer": screen.follows_pointer(),
            "moves_as": "buttons" if drawing.move_buttons else "list",
            "chance": None
            if chance is None
            else {
                "enabled": chance.enabled,
                "rig": chance.rig,
                "outcomes": [label for label, _ in chance.outcomes],
            },
            "race": racers,
            "seats": [
                {
                    "player": game.player_name(p),
                    "who": who,
                    "options": [HUMAN, *live.bot_factories],
                }
                for p, who in enumerate(live.seats)
            ],
            "history": {
                "undo": session.cursor > 0,
                "redo": not session.at_end,
                "cursor": session.cursor,
                "length": len(session.timeline),
            },
            "bots": {
                "autoplay": self.autoplay,
                "step": not state.is_over and not session.human_decides(),
                "delay_ms": round(self.bots.delay * 1000),
            },
            "log": [
                {"first": line.first, "text": line.text, "current": line.current}
                for line in screen.log()
            ],
            "offers": {
                "browse": offers.browse,
                "bots": offers.bots,
                "new_game": offers.new_game,
                "setup": offers.setup,
                "rig": offers.rig,
            },
            "tables": self.tables.view(),
            "records": {"text": record, "file": self.record_file, "note": self._records_note},
            "rules": {"inputs": self.rules_view(), "note": self._rules_note},
            "wake": None if wake is None else round(wake * 1000),
        }


def read_rule_inputs(rules: Rules, entered: object) -> dict[str, Any]:
    """The rule values that the page's inputs hold (``PlayPage.rules_view``), by rule name;
    InvalidRules names what does not fit."""
    if not isinstance(entered, dict):
        raise InvalidRules(f"the rules come as names and values, not {entered!r:.60}")
    infos = {info.name: info for info in rules.infos()}
    changes: dict[str, Any] = {}
    for name, given in entered.items():
        info = infos.get(name)
        if info is None:
            raise InvalidRules(f"no rule {name!r:.60}; the rules: {', '.join(infos)}", str(name))
        options = rule_options(info)
        if options is not None:
            if isinstance(given, bool) or not isinstance(given, int):
                raise InvalidRules(f"rule {name!r}: {given!r:.60} is not an option's number", name)
            if not 0 <= given < len(options):
                raise InvalidRules(f"rule {name!r}: there is no option {given}", name)
            changes[name] = options[given][1]
        elif isinstance(info.default, int):
            changes[name] = given  # the rules check its type and bounds
        else:
            changes[name] = rule_value(name, str(given))
    return changes


def start(game: str, seats: Sequence[str] | None = None) -> PlayPage:
    """The page's game (the page's script calls this once Python is up)."""
    from . import games  # noqa: F401  (registers every game)

    return PlayPage(game, seats)
