"""The play page's "Play together" section (``sheepkit.play_page``), without widgets: open a
table, join one by its code, take a seat, start, leave, close, hand an away seat to a bot.

It drives a ``TableClient`` and a ``TableGame`` as the app's panel does
(``sheepkit.ui.table_panel``; the words of the seats are ``sheepkit.tables.together``'s, which
the panel shows too): once seated, the page's ``Screen`` shows the game from the seat
(``screen.show(table_game)``), and back at the page's own game after. ``view`` is the
section's part of the page's JSON view; each message from the table is handled, then
``changed()`` (the page pushes a fresh view to its script: the table speaks unasked).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .core import SheepkitError
from .session import HUMAN
from .tables import protocol as p
from .tables.client import Connect, TableClient, game_of
from .tables.table_game import TableGame
from .tables.together import (
    CHOICES,
    NO_SERVICE_WORDS,
    PLAYS,
    away_seats,
    lobby_seats,
    seat_lines,
    service_connect,
)

if TYPE_CHECKING:
    from .play_page import PlayPage


class PageTables:
    """One play page's side of the tables (see the module's note)."""

    def __init__(self, page: PlayPage, changed: Callable[[], None]) -> None:
        self.page = page
        self.changed = changed  # the table said something: the page shows it
        self.client = TableClient()
        self.client.on(self.receive)
        self.client.on_unreachable = self._unreachable
        self._handlers: dict[type[p.Message], Callable[[Any], None]] = {
            p.Seated: self._seated,
            p.Lobby: self._lobby,
            p.State: self._state,
            p.Error: self._error,
            p.Closed: self._closed,
            p.Left: self._left,
        }
        #: None: not looked for yet; False: this page was served without a table service.
        self.service: bool | None = None
        self.code: str | None = None
        self.seat: int | None = None
        self.host = False
        self.table: TableGame | None = None
        self.lobby: p.Lobby | None = None
        self.joining = ""  # the code typed to join, once asked
        self.note = ""
        self.token: str | None = None  # this device's seat's secret, for the page to keep
        #: A table whose seat the page should forget (left, closed, or gone), once.
        self.forget: str | None = None

    # ------------------------------------------------------------------- connecting --
    def use(self, connect: Connect | None) -> None:
        """Reach tables through ``connect`` (None: there is no table service)."""
        self.service = connect is not None
        self.client.connector = connect

    def find(self, code: str = "", token: str = "") -> None:
        """Look for the page's table service (once; the page asks after its first view), and
        for a ``?table=CODE`` link's table: take up again the seat this browser holds there
        (``token``, kept by the page), else show its seats."""
        if self.service is None:
            self.use(service_connect())
        if not self.service or not code:
            return
        if token:
            self.code = str(code).strip().upper()
            self.client.rejoin(self.code, str(token))
        else:
            self.look(code)

    def _unreachable(self, error: BaseException | None) -> None:
        self.note = f"The table service did not answer ({error}). Try again in a moment."
        self.changed()

    # ------------------------------------------------------------------ the actions --
    def open_table(self) -> None:
        """Open a table for this game with the page's seats and rules; sit at the first seat
        a human plays."""
        session = self.page.session
        seats = list(session.seats)
        if HUMAN not in seats:
            self.note = "Make at least one seat Human (the seat pickers) to sit there."
            return
        self.note = ""
        self.client.open(
            session.game.name,
            seats,
            rules=session.game.rules.changes(),
            seat=seats.index(HUMAN),
        )

    def look(self, code: str) -> None:
        """Ask table ``code`` for its seats."""
        code = str(code).strip().upper()
        if not code:
            self.note = "Type the table's code first (four letters, e.g. K7QX)."
            return
        self.note = ""
        self.joining = code
        self.client.look(code)

    def sit(self, seat: int) -> None:
        """Sit at the looked-at table's ``seat``."""
        if self.lobby is None:
            self.note = "Type the table's code first (four letters, e.g. K7QX)."
            return
        self.client.sit(self.lobby.code, int(seat))

    def start(self) -> None:
        self.client.start()

    def leave(self) -> None:
        self.client.leave()

    def close(self) -> None:
        self.client.close_table()

    def hand_to_bot(self, seat: int, bot: str) -> None:
        self.client.set_seat(int(seat), str(bot))

    # ------------------------------------------------------------------ the messages --
    def receive(self, message: p.Message) -> None:
        handler = self._handlers.get(type(message))
        if handler is not None:
            handler(message)
            self.changed()

    def _seated(self, message: p.Seated) -> None:
        self.code, self.seat, self.host = message.code, message.seat, message.host
        self.token = message.token
        self.lobby, self.joining, self.note = None, "", ""

    def _lobby(self, message: p.Lobby) -> None:
        self.lobby = message
        if message.game != self.page.session.game.name:
            try:
                title = game_of(message).title
            except (KeyError, SheepkitError, ValueError, TypeError):
                title = message.game
            self.note = f"Table {message.code} plays {title}: open that game's page to join."
            self.lobby = None

    def _state(self, message: p.State) -> None:
        if self.seat is None:
            return
        try:
            stand_in = self.client.state()
            assert stand_in is not None  # (the client has just read this snapshot)
        except (SheepkitError, KeyError, TypeError) as e:
            self.note = f"The table sent a position this page cannot read: {e}"
            return
        if self.table is None:
            self.table = TableGame(stand_in.game, self.seat, self.client)
            self.table.show(message, stand_in)
            self.page.show(self.table)  # the page shows the game from this seat
        else:
            self.table.show(message, stand_in)

    def _error(self, message: p.Error) -> None:
        if message.refused == p.Rejoin.OP and self.code and self.seat is None:
            code, self.code, self.forget = self.code, None, self.code
            self.look(code)  # the seat is gone: offer the table's seats again
            self.note = f"Could not take up your seat again: {message.reason}"
            return
        if self.table is not None and message.refused in PLAYS:
            self.page.screen.say(message.reason)
            return
        if self.table is not None and message.refused in CHOICES:
            self.table.refresh()
        self.note = message.reason

    def _closed(self, message: p.Closed) -> None:
        # A seat taken up elsewhere (this browser's other tab) or a connection lost (the
        # server restarting resumes its tables) is still this browser's: kept, as the app does.
        if self.code is not None and not (message.lost or message.elsewhere):
            self.forget = self.code
        self.client.disconnect()
        self._away()
        if message.lost:
            self.note = (
                "The connection to the table server was lost. When it is back, reload this "
                "page: you take up your seat again."
            )
        else:
            self.note = f"The table closed: {message.reason}"

    def _left(self, message: p.Left) -> None:
        code = self.code or message.code
        self.forget = code
        self._away()
        self.note = f"You left table {code}."

    def _away(self) -> None:
        self.code, self.seat, self.table, self.host = None, None, None, False
        self.token = None
        self.lobby, self.joining = None, ""
        self.page.show(self.page.session)  # the page's own game again, as it was

    # -------------------------------------------------------------------- the view --
    def view(self) -> dict[str, Any]:
        """What the section shows: ``service`` (None: not known yet), a ``note``, and either
        the way in (``join``: a looked-at table's seats) or ``at``: the table sat at; and
        what the page keeps in the browser: ``seated`` (the code and the seat's token) while
        seated, ``forget`` (a code) once the seat is gone."""
        if self.service is False:
            return {"service": False, "note": NO_SERVICE_WORDS, "join": None, "at": None}
        forget, self.forget = self.forget, None
        seated = None
        if self.code is not None and self.token is not None and self.seat is not None:
            seated = {"code": self.code, "token": self.token}
        join = None
        if self.table is None and self.lobby is not None:
            join = {
                "code": self.lobby.code,
                "seats": lobby_seats(self.lobby, self.page.session.game),
            }
        at = None
        table, snapshot = self.table, self.client.snapshot
        if table is not None and snapshot is not None:
            stage = table.stage
            away = away_seats(table, snapshot) if self.host and stage == p.PLAYING else []
            at = {
                "code": snapshot.code,
                "host": self.host,
                "stage": stage,
                "seats": [f"{player}: {words}" for player, words in seat_lines(table, snapshot)],
                "start": self.host and stage == p.LOBBY,
                "close": self.host,
                "leave": not self.host,
                "away": [{"seat": seat, "player": player} for player, seat in away],
                "bots": list(table.bot_factories) if away else [],
            }
        return {
            "service": self.service,
            "note": self.note,
            "join": join,
            "at": at,
            "seated": seated,
            "forget": forget,
        }
