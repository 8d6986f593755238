"""What a screen shows of a game in play, apart from any widget: the one view of a game that
the notebook app (``sheepkit.ui.GameApp``) and the play page (``sheepkit.play_page``) render.

A ``Screen`` follows one ``LiveGame`` (``sheepkit.live``: a local ``Session``, or a seat at a
table) and a drawing, and answers what to show: the board's ``frame``, the ``status`` line,
the ``move_buttons``, the ``chance`` controls, the game ``log`` and the board ``described`` in
words (the game's words, ``sheepkit.core.words``), its keyboard ``targets``. What the person
does comes back through it: a board ``click``, ``play``, ``roll``, ``lift_curtain``. A
renderer subscribes once (``on``); ``show`` moves the screen to another game in play (a
table, and back) and tells it as "started".
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any, Literal

from .core import SheepkitError, State
from .core.contract import BoardDrawing, Frame, GameWords, Target
from .core.words import words_for
from .live import EVENTS, Event, EventKind, LiveGame, Offers

#: What a screen tells its renderer: the game in play's event, or "shown": only the screen's
#: own part changed (a selection on the board, a message).
Change = EventKind | Literal["shown"]
ScreenListener = Callable[[Change], None]


@dataclass(frozen=True)
class Status:
    """The status line: ``text`` (whose turn, what to do), ``note`` (why a click did nothing,
    a refused move: "" when none), ``over``, and ``curtain``: the label of the button that
    lifts the pass-the-device curtain (None: no curtain)."""

    text: str
    note: str
    over: bool
    curtain: str | None


@dataclass(frozen=True)
class MoveButton:
    label: str
    move: Hashable


@dataclass(frozen=True)
class Chance:
    """A roll the person may make: ``enabled`` (else it rests while a bot rolls), and the
    outcomes with their words and probabilities, for a rigged roll when ``rig``."""

    enabled: bool
    rig: bool
    outcomes: tuple[tuple[str, Hashable], ...]


@dataclass(frozen=True)
class LogLine:
    first: int
    last: int
    text: str
    current: bool  # the position shown lies within this line's plies


def complete(drawing: BoardDrawing) -> BoardDrawing:
    """``drawing`` itself, if it has every member a screen calls; else a TypeError naming the
    missing ones (``sheepkit.drawing.Drawing`` fills in every optional one)."""
    members = [name for name in vars(BoardDrawing) if not name.startswith("_")]
    missing = [name for name in members if not hasattr(drawing, name)]
    if missing:
        raise TypeError(
            f"{type(drawing).__name__} is not a whole board drawing: it has no "
            f"{', '.join(sorted(missing))} (subclass sheepkit.drawing.Drawing, which has them all)"
        )
    return drawing


class Screen:
    """One screen's view of a game in play (see the module's note)."""

    def __init__(
        self,
        live: LiveGame,
        drawing: BoardDrawing,
        remake: Callable[[Any], BoardDrawing] | None = None,
    ) -> None:
        """``remake(game)``, if given, makes the drawing again for a game of other rules (new
        rules, a record's, a table's: a board's size may change with them), keeping the
        user's ``preferences``; without it the drawing stays (one given by its author)."""
        self.live = live
        self.drawing = complete(drawing)
        self._remake = remake
        self._drawn_game = live.game  # the game the drawing was made for
        self.selection: Any = None  # what a first click picked (a piece, a card)
        self.message = ""  # why a click did nothing, or why a move was refused
        self._listeners: list[ScreenListener] = []
        self._stop = self._follow(live)

    # --------------------------------------------------------------------- following --
    def show(self, live: LiveGame) -> None:
        """Show another game in play (a table's seat, or the device's own game again)."""
        self._stop()
        self.live = live
        self._stop = self._follow(live)
        self._heard(Event("started", live))

    def _follow(self, live: LiveGame) -> Callable[[], None]:
        stops = [live.on(kind, self._heard) for kind in EVENTS]

        def stop() -> None:
            for each in stops:
                each()

        return stop

    def _heard(self, event: Event) -> None:
        if event.kind == "started" and self.live.game is not self._drawn_game:
            self._drawn_game = self.live.game
            if self._remake is not None:
                old, self.drawing = self.drawing, complete(self._remake(self.live.game))
                for name in old.preferences:
                    setattr(self.drawing, name, getattr(old, name))
        if event.kind in ("moved", "browsed", "started"):
            self.selection = None
        if event.kind in ("moved", "started"):
            self.message = ""
        self._tell(event.kind)

    def on(self, listener: ScreenListener) -> Callable[[], None]:
        """Call ``listener(change)`` after every change to what the screen shows."""
        self._listeners.append(listener)
        return lambda: self._listeners.remove(listener)

    def _tell(self, change: Change) -> None:
        for listener in tuple(self._listeners):
            listener(change)

    def say(self, message: str) -> None:
        """Show ``message`` in the status line (a refusal the game in play sent back)."""
        self.message = message
        self._tell("shown")

    # ---------------------------------------------------------------- what it shows --
    @property
    def state(self) -> State[Any, Any]:
        return self.live.state

    @property
    def words(self) -> GameWords:
        return words_for(self.live.game)

    @property
    def offers(self) -> Offers:
        return self.live.offers

    @property
    def acting(self) -> bool:
        """The person in front of the screen must act, and may (no curtain is up)."""
        return self.live.curtain_for is None and self.live.human_decides()

    def frame(self) -> Frame[Any]:
        state = self.live.state
        highlights: tuple[Hashable, ...] = ()
        if self.selection is not None:
            highlights = tuple(self.drawing.selected_moves(state, self.selection))
        return Frame(state, self.live.viewer(), self.selection, highlights)

    def status(self) -> Status:
        live = self.live
        curtain = live.curtain_for
        name = live.game.player_name
        return Status(
            text=live.status(self.drawing.takes_clicks(live.state)),
            note=self.message,
            over=live.state.is_over,
            curtain=None if curtain is None else f"I am {name(curtain)}: show my board",
        )

    def move_buttons(self) -> tuple[MoveButton, ...]:
        """A button per move the person may play now (none where the drawing has too many
        for buttons: the game's panel offers them)."""
        if not self.drawing.move_buttons:
            return ()
        state, words = self.live.state, self.words
        return tuple(MoveButton(words.move_label(state, m), m) for m in self.live.moves())

    def chance(self) -> Chance | None:
        """The Roll control, or None: no roll here (a deal or draw the game makes by itself
        gets none, and no rig: its outcomes would show what is left in a hidden deck)."""
        live = self.live
        state = live.state
        if live.curtain_for is not None or not live.may_roll():
            return None
        words = self.words
        outcomes = tuple(
            (f"{words.move_label(state, o)} (p = {p})", o) for o, p in state.chance_outcomes()
        )
        # While a bot rolls (or chance does, with nobody to roll) the control rests; a race the
        # game's own buttons settle (the howl) keeps it, to show a chosen ending.
        enabled = live.human_decides() or live.claimed()
        return Chance(enabled=enabled, rig=live.offers.rig, outcomes=outcomes)

    def log(self) -> tuple[LogLine, ...]:
        """The game log as the viewer may read it (nothing behind the curtain: the next
        player must not read the last one's secrets)."""
        live = self.live
        if live.curtain_for is not None:
            return ()
        ply = live.state.ply
        return tuple(
            LogLine(first, last, text, first <= ply <= last)
            for first, last, text in live.log_entries(self.words, live.viewer())
        )

    def described(self) -> str:
        """The board in words, as much as the person in front of it may see."""
        curtain = self.live.curtain_for
        if curtain is not None:
            name = self.live.game.player_name(curtain)
            return f"The board is hidden: pass the device to {name}."
        return self.words.describe(self.frame())

    def targets(self) -> tuple[Target, ...]:
        """Where the keyboard's cursor may go on the board (none behind the curtain)."""
        if self.live.curtain_for is not None:
            return ()
        # A drawing may give plain (x, y, label) tuples.
        found = self.drawing.targets(self.frame())
        return tuple(t if isinstance(t, Target) else Target(*t) for t in found)

    def tools(self) -> tuple[str, ...]:
        """The drawing's own controls (``BoardDrawing.tools``) while the person in front of
        the screen has a move to make."""
        return self.drawing.tools(self.frame()) if self.acting else ()

    def follows_pointer(self) -> bool:
        """Whether the board shows what is under the pointer now (``point`` tells it where)."""
        return self.acting and self.drawing.follows_pointer(self.state)

    # ------------------------------------------------------------------ what it sends --
    def point(self, x: float, y: float) -> bool:
        """The pointer, or the keyboard's cursor, is at (x, y): True (and the board is drawn
        again) if the board shows it."""
        if not self.follows_pointer() or not self.drawing.point(self.frame(), x, y):
            return False
        self._tell("shown")
        return True

    def use_tool(self, tool: str) -> None:
        """One of ``tools``: the board is drawn again."""
        if tool not in self.tools():
            raise ValueError(
                f"no tool {tool!r} now; the tools: {', '.join(self.tools()) or 'none'}"
            )
        self.selection = self.drawing.use_tool(tool, self.frame())
        self._tell("shown")

    def click(self, x: float, y: float) -> bool:
        """A click (or the keyboard's Enter) on the board at (x, y): plays the move it makes
        (True), or selects, or says in ``message`` why nothing happened."""
        if not self.acting:
            return False
        frame = self.frame()
        selection, move = self.drawing.click(frame, x, y)
        if move is not None:
            self.play(move)
            return True
        self.selection = selection
        why = self.drawing.explain_click(frame, x, y) if selection is None else None
        self.message = why or ""
        self._tell("shown")
        return False

    def play(self, move: Hashable | str) -> State[Any, Any]:
        """Play ``move`` for the person in front of the screen; a refusal is said, and raised."""
        try:
            return self.live.play(move)
        except SheepkitError as error:
            self.say(str(error))
            raise

    def roll(self, outcome: Hashable | None = None) -> State[Any, Any]:
        """Roll (or use ``outcome``, to demonstrate a rule); a refusal is said, and raised."""
        try:
            return self.live.roll(outcome)
        except SheepkitError as error:
            self.say(str(error))
            raise

    def roll_clicked(self, outcome: Hashable | None = None) -> None:
        """The Roll control: a click can race the game's own roll (the page had not updated
        yet), and is then moot."""
        live = self.live
        if live.may_roll() and (live.human_decides() or live.claimed()):
            self.roll(outcome)

    def lift_curtain(self) -> None:
        self.live.lift_curtain()
