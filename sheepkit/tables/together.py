"""A "Play together" section apart from any widget: ``PlayTogether``, one device's side of the
tables (what each message of the table does to its seat, its looked-at table and its notes),
which the app's panel (``sheepkit.ui.table_panel``) and the play page
(``sheepkit.play_tables``) each show their own way; the words both show for a table's seats;
the line said when there is no table service, and how a page finds the service.

Stdlib only at import, and no widgets: it runs on the play page's Pyodide too.
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar

from ..core import Game, SheepkitError
from ..live import LiveGame
from ..session import HUMAN, Session
from . import protocol as p
from .client import (
    Connect,
    TableClient,
    game_of,
    hello_url,
    service_connector,
    table_service_url,
)
from .table_game import TableGame

NO_SERVICE = (
    "Play together needs a table service, and this page was served without one. To play at "
    "tables, the teacher serves the apps with <code>make app HOST=0.0.0.0</code> or the site "
    "with <code>make classroom HOST=0.0.0.0</code>."
)
#: The same line as plain text (the play page sets it as text).
NO_SERVICE_WORDS = re.sub(r"</?code>", "", NO_SERVICE)
#: Said when a table is asked for with no code.
NO_CODE = "Type the table's code first (four letters, e.g. K7QX)."
#: A refused play is said on the board (the status line); a refused lobby choice puts the
#: set-up back to the table's own.
PLAYS = (p.Move.OP, p.Roll.OP, p.Claim.OP)
CHOICES = (p.SetRules.OP, p.SetSeat.OP)


def service_connect() -> Connect | None:
    """How this interpreter reaches the table service, or None when there is none
    (``sheepkit.tables.client``: the Voila server's, or the classroom server's, address; in
    Pyodide, a site served as plain files has none)."""
    url = table_service_url()
    return service_connector(url, hello_url(url) if url else "", "tables")


def player_name(game: Game[Any, Any, Any], seat: int) -> str:
    return game.player_name(seat) if seat < game.num_players else f"Seat {seat + 1}"


def lobby_seats(lobby: p.Lobby, game: Game[Any, Any, Any]) -> list[dict[str, Any]]:
    """A looked-at table's seats: each ``{"seat", "player", "free", "words"}``; a free one is
    offered as "Sit as <player>", the others say who has them."""
    seats = []
    for seat, entry in enumerate(lobby.seats):
        name = player_name(game, seat)
        who = entry.get("who", HUMAN)
        free = False
        if who != HUMAN:
            words = f"{name}: {who} bot"
        elif entry.get("taken"):
            words = f"{name}: taken" + (" (away)" if entry.get("away") else "")
        else:
            free, words = True, f"Sit as {name}"
        seats.append({"seat": seat, "player": name, "free": free, "words": words})
    return seats


def seat_lines(table: TableGame, snapshot: p.State) -> list[tuple[str, str]]:
    """The seats of the table this device sits at, as (player, who: "you", "a pupil",
    "free: waiting for a pupil", "away", a bot)."""
    lines = []
    for seat, entry in enumerate(snapshot.seats):
        words = table.seat_words(seat)
        if words == "free":
            words = "free: waiting for a pupil"
        elif words == "you" and entry.get("away"):
            words = "you (reconnecting)"
        lines.append((table.game.player_name(seat), words))
    return lines


def away_seats(table: TableGame, snapshot: p.State) -> list[tuple[str, int]]:
    """The seats whose pupil is away (the host may hand them to a bot): (player, seat)."""
    return [
        (table.game.player_name(seat), seat)
        for seat, entry in enumerate(snapshot.seats)
        if entry.get("away") and entry.get("who", HUMAN) == HUMAN and seat != table.seat
    ]


@dataclass(frozen=True)
class TableControls:
    """What the section offers at the table sat at: the host Starts in the lobby and Closes;
    a guest Leaves; in play the host may hand an ``away`` seat (player, seat) to one of the
    ``bots``."""

    start: bool
    close: bool
    leave: bool
    away: list[tuple[str, int]]
    bots: list[str]


def table_controls(table: TableGame, snapshot: p.State, host: bool) -> TableControls:
    stage = table.stage
    away = away_seats(table, snapshot) if host and stage == p.PLAYING else []
    return TableControls(
        start=host and stage == p.LOBBY,
        close=host,
        leave=not host,
        away=away,
        bots=list(table.bot_factories) if away else [],
    )


def may_save(table: TableGame) -> bool:
    """Whether the table gives its record now (over, or a game hiding nothing under way)."""
    stage = table.stage
    return stage == p.OVER or (stage == p.PLAYING and not table.game.hidden_information)


class PlayTogether(ABC):
    """One device's side of the tables, apart from how it is shown: the ``TableClient``, the
    table and seat that are this device's (``code``, ``seat``, ``host``, the seat's ``token``),
    the game at the table from that seat (``table``), the table looked at to join (``lobby``),
    and what each message of the table does to them.

    A front end subclasses it with how it shows things: its notes (``say``), its screen
    (``show_game``, ``say_on_board``), the browser's memory of seats (``remember_seat``,
    ``forget_seat``), and how it redraws: the looked-at table, the table sat at and the way in
    as each message comes (``show_lobby``, ``show_table``, ``show_way_in``), or the whole
    section after it (``changed``).
    """

    #: The front end's own words: what it calls itself ("app", "page"), the note when no seat
    #: is a human's, and how it says that a kept seat could not be taken up again.
    front_end: ClassVar[str]
    no_human_seat: ClassVar[str]
    rejoin_refused: ClassVar[str]

    def __init__(self, session: Session) -> None:
        self.session = session  # the device's own game: what it opens a table for, shows after
        self.client = TableClient()
        self.client.on(self.receive)
        self.client.on_unreachable = self._unreachable
        #: Each message of the table -> what it does here (a front end may add its own).
        self._handlers: dict[type[p.Message], Callable[[Any], None]] = {
            p.Seated: self._seated,
            p.Lobby: self._lobby,
            p.State: self._state,
            p.Error: self._error,
            p.Closed: self._closed,
            p.Left: self._left,
        }
        self.code: str | None = None
        self.seat: int | None = None
        self.host = False
        self.token: str | None = None  # the seat's secret, for the browser to keep
        self.table: TableGame | None = None  # the game at the table, from this seat
        self.lobby: p.Lobby | None = None

    # ------------------------------------------------------- what the front end does --
    @abstractmethod
    def say(self, words: str, *, warning: bool = True) -> None:
        """Show the section's note (``""``: none); ``warning``: something went wrong."""

    @abstractmethod
    def show_game(self, live: LiveGame) -> None:
        """Put ``live`` on the device's screen: the table's game, or its own session again."""

    @abstractmethod
    def say_on_board(self, words: str) -> None:
        """Say ``words`` where the board says its status (a refused play)."""

    @abstractmethod
    def forget_seat(self, code: str) -> None:
        """The browser's seat at table ``code`` is gone (left, closed, or refused)."""

    @abstractmethod
    def remember_seat(self, code: str, seat: int, token: str) -> None:
        """The browser may keep the seat taken at table ``code``."""

    # A front end redraws as each message comes (the show_ methods), or all at once after it
    # (``changed``); each says which it does not need.
    @abstractmethod
    def show_lobby(self, lobby: p.Lobby) -> None:
        """A table of this game answered a look: its seats may be offered."""

    @abstractmethod
    def show_table(self, snapshot: p.State) -> None:
        """The table sat at said how it stands (its seats, its stage)."""

    @abstractmethod
    def show_way_in(self) -> None:
        """Back from a table: offer to open or join one again."""

    @abstractmethod
    def changed(self) -> None:
        """The table said something, asked or not: the section may show it."""

    # ------------------------------------------------------------------- the actions --
    def open_table(self) -> None:
        """Open a table for this device's game, with its rules and seats; sit at the first
        seat a human plays."""
        game, seats = self.session.game, list(self.session.seats)
        if HUMAN not in seats:
            self.say(self.no_human_seat)
            return
        self.client.open(game.name, seats, rules=game.rules.changes(), seat=seats.index(HUMAN))

    def look(self, code: str) -> None:
        """Ask table ``code`` for its seats."""
        code = code.strip().upper()
        if not code:
            self.say(NO_CODE)
            return
        self.client.look(code)

    def rejoin(self, code: str, token: str) -> None:
        """Take up again the seat at table ``code`` that this browser keeps (its ``token``)."""
        self.code = code
        self.client.rejoin(code, token)

    def start(self) -> None:
        self.client.start()

    def leave(self) -> None:
        """Give up this device's seat (a guest's: the host closes the table instead)."""
        self.client.leave()

    def close_table(self) -> None:
        self.client.close_table()

    def hand_to_bot(self, seat: int, bot: str) -> None:
        self.client.set_seat(seat, bot)

    # ------------------------------------------------------------------ the messages --
    def receive(self, message: p.Message) -> None:
        """One message from the table (the client has read it)."""
        handler = self._handlers.get(type(message))
        if handler is not None:
            handler(message)
            self.changed()

    def _unreachable(self, error: BaseException | None) -> None:
        self.say(f"The table service did not answer ({error}). Try again in a moment.")
        self.changed()

    def _seated(self, message: p.Seated) -> None:
        self.code, self.seat, self.host = message.code, message.seat, message.host
        self.token = message.token
        self.lobby = None  # seated: no table's seats to offer
        self.remember_seat(message.code, message.seat, message.token)
        self.say("")

    def _lobby(self, message: p.Lobby) -> None:
        if message.game != self.session.game.name:
            try:
                title = game_of(message).title
            except (KeyError, SheepkitError, ValueError, TypeError):
                title = message.game
            self.lobby = None  # not this device's to join: its seats are not offered
            self.say(
                f"Table {message.code} plays {title}: open that game's {self.front_end} to join."
            )
            return
        self.lobby = message
        self.show_lobby(message)

    def _state(self, message: p.State) -> None:
        if self.seat is None:
            return
        try:
            stand_in = self.client.state()
            assert stand_in is not None  # (the client has just read this snapshot)
        except (SheepkitError, KeyError, TypeError) as e:
            self.say(f"The table sent a position this {self.front_end} cannot read: {e}")
            return
        if self.table is None:
            self.table = TableGame(stand_in.game, self.seat, self.client)
            self.table.show(message, stand_in)
            self.show_game(self.table)  # the device shows the game from this seat
        else:
            self.table.show(message, stand_in)
        self.show_table(message)

    def _error(self, message: p.Error) -> None:
        reason, refused = message.reason, message.refused
        if refused == p.Rejoin.OP and self.code and self.seat is None:
            code, self.code = self.code, None
            self.forget_seat(code)
            self.look(code)  # the seat is gone: offer the table's seats again
            self.say(f"{self.rejoin_refused}: {reason}")
            return
        if self.table is not None and refused in PLAYS:
            self.say_on_board(reason)
            return
        if self.table is not None and refused in CHOICES:
            self.table.refresh()  # the set-up shows the table's own choices again
        self.say(reason)

    def _closed(self, message: p.Closed) -> None:
        # A seat taken up on another connection (this browser's other tab) is still this
        # browser's: the token kept is the one that tab holds. So is the seat of a connection
        # lost (the server restarting resumes its tables, and the page, reloaded, takes the
        # seat up again).
        if self.code is not None and not (message.lost or message.elsewhere):
            self.forget_seat(self.code)
        self.client.disconnect()
        self._away()
        if message.lost:
            self.say(
                "The connection to the table server was lost. When it is back, reload this "
                "page: you take up your seat again."
            )
        else:
            self.say(f"The table closed: {message.reason}")

    def _left(self, message: p.Left) -> None:
        """This device gave up its seat: back to the way in, on the same connection."""
        code = self.code or message.code
        self.forget_seat(code)
        self._away()
        self.say(f"You left table {code}.", warning=False)

    def _away(self) -> None:
        self.code, self.seat, self.table, self.host = None, None, None, False
        self.token = None
        self.lobby = None  # the way in must not offer the seats of a table left behind
        self.show_game(self.session)  # the device's own game again, as it was
        self.show_way_in()
