"""The app at a table: the game shown from one seat, as the table's server tells it.

At a table the true state lives on the server (``sheepkit.tables``); each device gets
snapshots: its seat's knowledge, its legal moves, its log lines, who is to act. A
``TableSession`` stands in for the app's own session while the app is seated: its one
position is the stand-in state decoded from the snapshot (``Frame(stand_in, viewer=seat)``
shows only what the seat may see), the move buttons are the server's legal moves, a move or a
roll (a button, a board click, a game panel's control) is sent as its notation, and nothing is
played, undone or browsed here. ``enter_table`` swaps it in, with undo, redo, the history, the
seat pickers and the set-up row put away (the host gets the last two back in the lobby: its
rule and seat changes go to the table); ``leave_table`` brings the app's own session back.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING, Any

from ..bots import for_game
from ..core import CHANCE, Game, SheepkitError, State
from ..core.rules import Rules
from ..session import HUMAN, Session, SessionError
from ..tables import protocol as p
from ..tables.client import TableClient
from ..tables.protocol import HUMAN as TABLE_HUMAN
from ..tables.protocol import session_seat, table_who

if TYPE_CHECKING:
    from .app import GameApp


class TableSession(Session):
    """One seat's side of a table, in the shape of the session the app draws."""

    def __init__(self, game: Game[Any, Any, Any], seat: int, client: TableClient) -> None:
        super().__init__(game, [HUMAN] * game.num_players, seed=0)
        self.seat = seat
        self.client = client  # sends each move, roll, claim and lobby choice to the table
        self.snapshot: p.State | None = None  # the table's last, once it has sent one
        self.legal: tuple[Hashable, ...] = ()

    def show(self, snapshot: p.State, stand_in: State[Any, Any]) -> None:
        """The table's latest snapshot and the state drawn from it."""
        self.snapshot = snapshot
        if stand_in.game != self.game:  # the host chose other rules in the lobby
            self.game = stand_in.game
            self.bot_factories = for_game(self.game)
        # Who plays each seat, as the app's seat pickers show it (the host's, in the lobby).
        self._specs = [
            session_seat(str(entry.get("who", TABLE_HUMAN))) for entry in snapshot.seats
        ] or [HUMAN] * self.game.num_players
        self.timeline = [stand_in]
        self.cursor = 0
        self.legal = tuple(self._move(text) for text in snapshot.legal)

    def _move(self, text: str) -> Hashable:
        """The move the server's notation names, read against the stand-in (its labels and
        clicks want the game's move objects); the text itself if the stand-in cannot."""
        try:
            return self.state.parse(text)
        except (SheepkitError, ValueError):  # IllegalMove: the stand-in's fill differs
            return text

    # ------------------------------------------------------------- what the app asks --
    @property
    def stage(self) -> str:
        return self.snapshot.stage if self.snapshot is not None else p.LOBBY

    @property
    def ply(self) -> int:
        """How many plies the table's game has (the stand-in may hold no history)."""
        return self.snapshot.ply if self.snapshot is not None else 0

    @property
    def is_host(self) -> bool:
        return self.snapshot is not None and self.snapshot.host

    def is_human(self, player: int | None) -> bool:
        """Only this device's seat is "the human" here: its controls act for it alone."""
        return player is not None and player == self.seat

    def viewer(self) -> int | None:
        return self.seat

    def human_decides(self, state: State[Any, Any] | None = None) -> bool:
        if self.stage != p.PLAYING:
            return False
        return bool(self.legal) or self.may_roll()

    def may_roll(self, state: State[Any, Any] | None = None) -> bool:
        return self.stage == p.PLAYING and self.snapshot is not None and self.snapshot.may_roll

    def claimed(self, state: State[Any, Any] | None = None) -> bool:
        return False

    def deals(self, state: State[Any, Any] | None = None) -> bool:
        return False

    def pending(self) -> None:
        return None  # the table's bots play on the server

    def step(self) -> bool:
        return False

    def run_bots(self, limit: int = 10_000, **_: Any) -> int:
        return 0

    # -------------------------------------------------------------- acting at the table --
    def play(self, move: Hashable | str) -> State[Any, Any]:
        """Send the move (its notation) to the table; the next snapshot shows it played."""
        notation = str(move)
        if notation not in {str(m) for m in self.legal}:
            raise SessionError(
                f"{notation} is not one of your moves now"
                if self.legal
                else "it is not your turn at the table"
            )
        self.client.move(notation, self.ply)
        return self.state

    def roll(self, outcome: Hashable | None = None) -> State[Any, Any]:
        """Roll (or, the host, set the die); in a race (the game's own button, e.g. Shave a
        Sheep's "Howl!"), claim it for this seat: the table takes the first claim."""
        claim = self.snapshot.claim if self.snapshot is not None else None
        if outcome is not None and claim is not None and str(outcome) == claim:
            self.client.claim()
            return self.state
        if not self.may_roll():
            raise SessionError("it is not your roll at the table")
        self.client.roll(None if outcome is None else str(outcome))
        return self.state

    def undo(self) -> None:
        pass  # a table's history is the server's: nothing to browse here

    def redo(self) -> None:
        pass

    def goto(self, index: int) -> None:
        pass

    @property
    def in_lobby(self) -> bool:
        """The host may still choose the rules and the bots (before the start)."""
        return self.stage == p.LOBBY and self.is_host

    def new_game(self, game: Game[Any, Any, Any] | Rules | dict[str, Any] | None = None) -> None:
        """In the lobby, the host's new rules (the set-up row's, the Rules panel's) go to the
        table, which every device then shows; else refused."""
        if not self.in_lobby:
            raise SessionError(
                "at a table the host chooses the rules, before the start"
                if self.stage == p.LOBBY
                else "at a table the rules were chosen before the start"
            )
        rules: Rules
        if isinstance(game, dict):
            rules = self.game.rules.replace(**game)
        elif isinstance(game, Game):
            rules = game.rules
        else:
            rules = self.game.rules if game is None else game
        self.client.set_rules(rules.changes())

    def load_record(self, text: str | dict[str, Any]) -> None:
        raise SessionError("a record cannot be loaded at a table")

    def set_seat(self, seat: int, who: Any) -> None:
        """In the lobby, the host's seat pickers make a free seat a bot or a human's."""
        if not self.in_lobby:
            raise SessionError("at a table the host seats the bots, before the start")
        self.client.set_seat(seat, table_who(who))

    # ------------------------------------------------------------- what the app shows --
    def log_entries(self, viewer: int | None = None) -> list[tuple[int, int, str]]:
        """The server's log lines for this seat with the plies each covers (the app's log and
        its spoken lines read them)."""
        snapshot = self.snapshot
        lines = snapshot.log if snapshot is not None else []
        plies = snapshot.log_plies if snapshot is not None else []
        return [
            (int(first), int(last), str(line))
            for (first, last), line in zip(plies, lines, strict=True)
        ]

    def seat_words(self, seat: int) -> str:
        """Who sits in ``seat``, in words: "you", a bot's name, "away"."""
        seats = self.snapshot.seats if self.snapshot is not None else []
        entry = seats[seat] if 0 <= seat < len(seats) else {}
        if seat == self.seat:
            return "you"
        who = entry.get("who", TABLE_HUMAN)
        if who != TABLE_HUMAN:
            return f"{who} bot"
        if entry.get("away"):
            return "away"
        return "a pupil" if entry.get("taken") else "free"

    def status_text(self, takes_clicks: bool) -> str:
        name = self.game.player_name
        stage, snapshot = self.stage, self.snapshot
        if stage == p.LOBBY or snapshot is None:
            waiting = "Press Start when everyone is seated." if self.is_host else ""
            return f"At the table, as {name(self.seat)}: waiting for the start. {waiting}".strip()
        if stage == p.OVER:
            return f"Game over. {snapshot.outcome or ''}".strip()
        if snapshot.race:
            if snapshot.claim:
                return "A race! Be the first to press your button below."
            return "A race: the others are racing to press first…"
        if self.human_decides():
            if self.may_roll():
                return f"Your roll, {name(self.seat)}: press Roll."
            where = " or on the board" if takes_clicks else ""
            return f"Your turn, {name(self.seat)}: pick a move below{where}."
        acting = snapshot.acting
        if acting is None or acting == CHANCE:
            return "The cards are being dealt or drawn…"
        words = self.seat_words(int(acting))
        if words == "away":
            return (
                f"{name(acting)} is away: the game waits for them "
                "(the host may hand the seat to a bot)."
            )
        if words.endswith(" bot"):
            return f"{name(acting)} ({words}) is thinking…"
        return f"Waiting for {name(acting)} to move."


def enter_table(app: GameApp, table: TableSession) -> None:
    """Show the app from ``table``'s seat: its own session and controls are put away."""
    if app.table is None:
        app._home_session = app.session
    app.table = table
    app.session = table
    _local_controls(app, shown=False)
    app._started()


def leave_table(app: GameApp) -> None:
    """Back to the app's own game, as it was before the table."""
    if app.table is None:
        return
    app.table = None
    app.session = app._home_session
    _local_controls(app, shown=True)
    app._started()


def _local_controls(app: GameApp, shown: bool) -> None:
    """Undo, redo, new game, the history, the seat pickers and the bots' pace act on the
    app's own session only: hidden at a table."""
    display = None if shown else "none"
    for widget in (
        app.setup.widget,
        app.undo_button,
        app.redo_button,
        app.new_button,
        app.slider,
        app.autoplay_toggle,
        app.step_button,
        app.speed,
    ):
        widget.layout.display = display
