"""The play page's "Play together" section (``sheepkit.play_page``), without widgets: open a
table, join one by its code, take a seat, start, leave, close, hand an away seat to a bot.

What the table's messages do is ``sheepkit.tables.together.PlayTogether``'s, as in the app's
panel (``sheepkit.ui.table_panel``): once seated, the page's ``Screen`` shows the game from the
seat (``screen.show(table_game)``), and back at the page's own game after. Here is how the page
shows it: ``view`` is the section's part of the page's JSON view; each message from the table
is handled, then ``changed()`` (the page pushes a fresh view to its script: the table speaks
unasked).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from .live import LiveGame
from .tables import protocol as p
from .tables.client import Connect
from .tables.together import (
    NO_CODE,
    NO_SERVICE_WORDS,
    PlayTogether,
    lobby_seats,
    seat_lines,
    service_connect,
    table_controls,
)

if TYPE_CHECKING:
    from .play_page import PlayPage


class PageTables(PlayTogether):
    """One play page's side of the tables (see the module's note)."""

    front_end = "page"
    no_human_seat = "Make at least one seat Human (the seat pickers) to sit there."
    rejoin_refused = "Could not take up your seat again"

    def __init__(self, page: PlayPage, changed: Callable[[], None]) -> None:
        super().__init__(page.session)
        self.page = page
        self.on_change = changed  # the table said something: the page shows it
        #: None: not looked for yet; False: this page was served without a table service.
        self.service: bool | None = None
        self.note = ""
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
            self.rejoin(str(code).strip().upper(), str(token))
        else:
            self.look(code)

    # ------------------------------------------------------------------ the actions --
    # An action the page's script asks starts with no note (the view then shows what this one
    # says); its arguments come as JSON, made the types wanted.
    def open_table(self) -> None:
        self.note = ""
        super().open_table()

    def look(self, code: str) -> None:
        self.note = ""
        super().look(str(code))

    def sit(self, seat: int) -> None:
        """Sit at the looked-at table's ``seat``."""
        if self.lobby is None:
            self.say(NO_CODE)
            return
        self.client.sit(self.lobby.code, int(seat))

    def hand_to_bot(self, seat: int, bot: str) -> None:
        super().hand_to_bot(int(seat), str(bot))

    # ------------------------------------------------------- how the page shows it --
    def say(self, words: str, *, warning: bool = True) -> None:
        self.note = words  # the page sets it as text, whatever it says

    def show_game(self, live: LiveGame) -> None:
        self.page.show(live)

    def say_on_board(self, words: str) -> None:
        self.page.screen.say(words)

    def forget_seat(self, code: str) -> None:
        self.forget = code  # said once by the view; the page's script forgets it

    def remember_seat(self, code: str, seat: int, token: str) -> None:
        pass  # the view says the seat held (``seated``): the page's script keeps it

    # The page shows the whole section anew once a message is handled (``view``), not as it
    # comes.
    def show_lobby(self, lobby: p.Lobby) -> None:
        pass

    def show_table(self, snapshot: p.State) -> None:
        pass

    def show_way_in(self) -> None:
        pass

    def changed(self) -> None:
        self.on_change()

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
            join = {"code": self.lobby.code, "seats": lobby_seats(self.lobby, self.session.game)}
        at = None
        table, snapshot = self.table, self.client.snapshot
        if table is not None and snapshot is not None:
            controls = table_controls(table, snapshot, self.host)
            at = {
                "code": snapshot.code,
                "host": self.host,
                "stage": table.stage,
                "seats": [f"{player}: {words}" for player, words in seat_lines(table, snapshot)],
                "start": controls.start,
                "close": controls.close,
                "leave": controls.leave,
                "away": [{"seat": seat, "player": player} for player, seat in controls.away],
                "bots": controls.bots,
            }
        return {
            "service": self.service,
            "note": self.note,
            "join": join,
            "at": at,
            "seated": seated,
            "forget": forget,
        }
