"""A table's game as one seat sees it: the ``LiveGame`` (``sheepkit.live``) a screen shows
while its device sits at a table.

The true state lives on the table's server (``authority``); each device gets snapshots: its
seat's knowledge, its legal moves, its log lines, who is to act. ``show`` takes one with the
stand-in position the client decoded from it (``Frame(stand_in, viewer=seat)`` draws only what
the seat may see) and tells the screen's listeners. A move or a roll (a button, a board click,
a game panel's control) is sent as its notation, and the next snapshot shows it played:
nothing is played, undone or browsed here (``offers``). In the lobby the host's rules and
seats go to the table too.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any

from ..bots import BotFactory, for_game
from ..core import CHANCE, Game, SheepkitError, State
from ..core.contract import GameWords
from ..core.rules import Rules
from ..live import EVENTS, Event, EventKind, Listener, Offers
from ..session import HUMAN, SessionError
from . import protocol as p
from .client import TableClient

#: What a guest's screen offers at a table: the board, the moves and the log only.
GUEST = Offers(browse=False, bots=False, records=False, new_game=False, setup=False, rig=False)
#: The host rigs a roll (to demonstrate a rule) and, in the lobby, sets up the game.
HOST_PLAYING = Offers(browse=False, bots=False, records=False, new_game=False, setup=False)
HOST_LOBBY = Offers(browse=False, bots=False, records=False, new_game=False)


class TableGame:
    """One seat's side of a table, in the shape of a game in play (``LiveGame``)."""

    def __init__(self, game: Game[Any, Any, Any], seat: int, client: TableClient) -> None:
        self.game: Game[Any, Any, Any] = game
        self.seat = seat
        self.client = client  # sends each move, roll, claim and lobby choice to the table
        self.bot_factories: dict[str, BotFactory] = for_game(game)
        self.snapshot: p.State | None = None  # the table's last, once it has sent one
        self.legal: tuple[Hashable, ...] = ()
        self._state: State[Any, Any] = game.new_game()
        self._listeners: dict[EventKind, list[Listener]] = {kind: [] for kind in EVENTS}

    def show(self, snapshot: p.State, stand_in: State[Any, Any]) -> None:
        """The table's latest snapshot and the state drawn from it: "started" for the first
        and for new rules (the host's, in the lobby), else "moved" ("over" after the last)."""
        fresh = self.snapshot is None or stand_in.game != self.game
        ended = snapshot.stage == p.OVER and (self.snapshot is None or self.stage != p.OVER)
        if stand_in.game != self.game:
            self.game = stand_in.game
            self.bot_factories = for_game(self.game)
        self.snapshot = snapshot
        self._state = stand_in
        self.legal = tuple(self._move(text) for text in snapshot.legal)
        self._emit("started" if fresh else "moved")
        if ended:
            self._emit("over")

    def refresh(self) -> None:
        """A choice the table refused: the screen shows the table's own set-up again."""
        self._emit("started")

    def _move(self, text: str) -> Hashable:
        """The move the server's notation names, read against the stand-in (its labels and
        clicks want the game's move objects); the text itself if the stand-in cannot."""
        try:
            move: Hashable = self._state.parse(text)
            return move
        except (SheepkitError, ValueError):  # IllegalMove: the stand-in's fill differs
            return text

    # ------------------------------------------------------------ what a screen reads --
    @property
    def state(self) -> State[Any, Any]:
        return self._state

    @property
    def stage(self) -> str:
        return self.snapshot.stage if self.snapshot is not None else p.LOBBY

    @property
    def ply(self) -> int:
        """How many plies the table's game has had (the stand-in holds no history)."""
        return self.snapshot.ply if self.snapshot is not None else 0

    @property
    def at_end(self) -> bool:
        return True  # the table's latest position is the only one a device is shown

    @property
    def is_host(self) -> bool:
        return self.snapshot is not None and self.snapshot.host

    @property
    def in_lobby(self) -> bool:
        """The host may still choose the rules and the bots (before the start)."""
        return self.stage == p.LOBBY and self.is_host

    @property
    def offers(self) -> Offers:
        if not self.is_host:
            return GUEST
        return HOST_LOBBY if self.stage == p.LOBBY else HOST_PLAYING

    @property
    def seats(self) -> list[str]:
        """Who plays each seat: HUMAN or a bot's name, as the table says."""
        entries = self.snapshot.seats if self.snapshot is not None else []
        return [str(entry.get("who", HUMAN)) for entry in entries] or [
            HUMAN
        ] * self.game.num_players

    @property
    def curtain_for(self) -> None:
        return None  # each player has a device of their own: nothing to cover

    def viewer(self) -> int:
        return self.seat

    def is_human(self, player: int | None) -> bool:
        """Only this device's seat is "the human" here: its controls act for it alone."""
        return player is not None and player == self.seat

    def human_decides(self, state: State[Any, Any] | None = None) -> bool:
        return self.stage == p.PLAYING and (bool(self.legal) or self.may_roll())

    def may_roll(self, state: State[Any, Any] | None = None) -> bool:
        return self.stage == p.PLAYING and self.snapshot is not None and self.snapshot.may_roll

    def claimed(self, state: State[Any, Any] | None = None) -> bool:
        return False  # a race is claimed by its own buttons' message (``roll``)

    def moves(self) -> tuple[Hashable, ...]:
        """The server's legal moves for this seat (the stand-in's may differ)."""
        return self.legal if self.stage == p.PLAYING else ()

    def log_entries(self, words: GameWords, viewer: int | None) -> list[tuple[int, int, str]]:
        """The server's log lines for this seat, worded there, with the plies each covers."""
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
        who = entry.get("who", HUMAN)
        if who != HUMAN:
            return f"{who} bot"
        if entry.get("away"):
            return "away"
        return "a pupil" if entry.get("taken") else "free"

    def status(self, takes_clicks: bool) -> str:
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

    def lift_curtain(self) -> None:
        """Never a curtain at a table (``curtain_for`` is None): nothing to lift."""

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

    def set_seat(self, seat: int, who: Any) -> None:
        """In the lobby, the host's seat pickers make a free seat a bot or a human's."""
        if not self.in_lobby:
            raise SessionError("at a table the host seats the bots, before the start")
        self.client.set_seat(seat, str(who))

    # ----------------------------------------------------------------------------- events --
    def on(self, kind: EventKind, listener: Listener) -> Callable[[], None]:
        if kind not in self._listeners:
            raise SessionError(f"no event {kind!r}; the events are: {', '.join(EVENTS)}")
        self._listeners[kind].append(listener)
        return lambda: self._listeners[kind].remove(listener)

    def _emit(self, kind: EventKind) -> None:
        for listener in tuple(self._listeners[kind]):
            listener(Event(kind, self))
