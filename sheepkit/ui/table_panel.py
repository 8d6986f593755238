"""The app's "Play together" section: open a table, join one by its code, take a seat.

The host sets the rules and which seats are bots with the app's own controls (the set-up row,
the seat pickers, the Rules panel) and presses "Open a table": the table's code and a link
carrying ``?table=CODE`` appear, for the others to join from their own devices. Until Start
the same controls still choose (each change goes to the table; every device's lobby shows the
rules and the seats). "Join a table" asks the
table for its seats and offers the free ones. Once seated, the app shows the game from its
seat (``sheepkit.tables.table_game``); this section lists the seats (present, away, bot),
gives the host Start and "hand an away seat to a bot", a guest "Leave the table", and offers
the record when the table may give it.

The messages are those of ``sheepkit.tables``; what each does to the seat and the looked-at
table is ``sheepkit.tables.together.PlayTogether``'s (the play page's section,
``sheepkit.play_tables``, shares it), and this panel is how the app shows it. Its
``TableClient`` sends them, and a ``Connect`` gives it its transport (a websocket to the Voila
or classroom server from the kernel or from Pyodide; the service itself in a test). Without a
table service (a static site served as plain files) the buttons are hidden and one line says
why and what the teacher runs.
"""

from __future__ import annotations

import html
import json
from typing import TYPE_CHECKING, Any

import ipywidgets as w

from ..core import Game, SheepkitError
from ..core.rules import value_words
from ..live import LiveGame
from ..tables import protocol as p
from ..tables.client import Connect, game_of
from ..tables.together import (
    NO_SERVICE,
    PlayTogether,
    lobby_seats,
    may_save,
    seat_lines,
    table_controls,
)
from .download import download_link
from .table_memory import TableMemory, table_from_query

if TYPE_CHECKING:
    from .app import GameApp

RED = "color:#b00020"


def rules_words(game: Game[Any, Any, Any]) -> str:
    """A table's rules in a line: how many play, and each rule that is not the game's
    default, as the app's inputs word it."""
    rules = game.rules
    infos = {info.name: info for info in rules.infos()}
    changed = [
        f"{infos[name].label}: {_clipped(value_words(infos[name], getattr(rules, name)))}"
        for name in rules.changes()
        if name in infos and name != type(game).players_rule
    ]
    return f"{game.num_players} players; " + ("; ".join(changed) or "the standard rules")


def _clipped(text: str, most: int = 60) -> str:
    return text if len(text) <= most else text[: most - 1] + "…"


class TablePanel(PlayTogether):
    """The "Play together" section of one app: how it shows ``PlayTogether``'s side of the
    tables, in widgets."""

    front_end = "app"
    no_human_seat = "Make at least one seat Human (the seat pickers above) to sit there."
    rejoin_refused = "Could not rejoin your seat"

    def __init__(self, app: GameApp, connect: Connect | None = None) -> None:
        super().__init__(app.session)
        self.app = app
        self._connect = connect
        self._handlers[p.Record] = self._record  # only the app offers the record
        self.memory: TableMemory | None = None
        self.heading = w.HTML("<h4 style='margin:8px 0 4px'>Play together</h4>")
        self.note = w.HTML()
        self.note.add_class("sk-table-note")
        self.open_button = w.Button(
            description="Open a table",
            tooltip="Play this game with others, each on their own device",
            layout=w.Layout(width="auto"),
        )
        self.open_button.add_class("sk-table-open")
        self.open_button.on_click(lambda _: self.open_table())
        self.join_button = w.Button(
            description="Join a table",
            tooltip="Sit at a table another device opened",
            layout=w.Layout(width="auto"),
        )
        self.join_button.add_class("sk-table-join")
        self.join_button.on_click(lambda _: self._show_join())
        self.start_row = w.HBox([self.open_button, self.join_button])
        self.body = w.VBox()  # the join form, then the table: made when first needed
        self.widget = w.VBox([self.heading, self.start_row, self.body, self.note])
        self.widget.add_class("sk-tables")
        self._join_form: w.Widget | None = None
        self._at_table: w.Widget | None = None
        if connect is None:
            self.start_row.layout.display = "none"
            self.note.value = f"<div style='max-width:640px'>{NO_SERVICE}</div>"
        else:
            self.use(connect)

    # ------------------------------------------------------------------- connecting --
    def use(self, connect: Connect) -> None:
        """Reach tables through ``connect`` (the service found, or a test's own)."""
        self._connect = connect
        self.client.connector = connect
        self.start_row.layout.display = None
        self.note.value = ""
        if self.memory is None:
            self.memory = TableMemory(self._remembered)
            self.widget.children = (*self.widget.children, *self.memory.widgets)
            code = table_from_query(self.memory.query())
            if code is not None:  # on Voila the kernel knows the link before the page says
                self._show_join(code)

    def _remembered(self, report: dict[str, Any]) -> None:
        """The page said its query string and stored seats: rejoin a seat this browser holds
        at the linked table, or show that table's seats."""
        if self.seat is not None or self.memory is None:
            return
        code = table_from_query(str(report.get("query", "")))
        if code is None:
            return
        stored = self.memory.seat_for(code)
        if stored is not None:
            self.rejoin(code, stored["token"])
        else:
            self._show_join(code)
            self.look(code)

    # ------------------------------------------------------------------ the buttons --
    def sit(self, code: str, seat: int) -> None:
        self.client.sit(code, seat)

    def ask_record(self) -> None:
        self.client.ask_record()

    def _record(self, message: p.Record) -> None:
        text = json.dumps(message.record, indent=1)
        self.record_link.value = download_link(text, f"table-{self.code or 'game'}.json")

    # ------------------------------------------------------- how the app shows it --
    def say(self, words: str, *, warning: bool = True) -> None:
        shown = html.escape(words)
        self.note.value = f"<span style='{RED}'>{shown}</span>" if warning and words else shown

    def show_game(self, live: LiveGame) -> None:
        self.app.screen.show(live)

    def say_on_board(self, words: str) -> None:
        self.app.screen.say(words)

    def remember_seat(self, code: str, seat: int, token: str) -> None:
        if self.memory is not None:
            self.memory.remember(code, seat, token)

    def forget_seat(self, code: str) -> None:
        if self.memory is not None:
            self.memory.forget(code)

    def show_lobby(self, lobby: p.Lobby) -> None:
        self._show_join(lobby.code)

    def show_way_in(self) -> None:
        for picker in self.app.seat_pickers:
            picker.disabled = False
        self.body.children = ()
        self.start_row.layout.display = None

    def changed(self) -> None:
        pass  # each message has redrawn what it changed (the show_ methods)

    def _show_join(self, code: str | None = None) -> None:
        if self._join_form is None:
            self.code_input = w.Text(
                description="Table code",
                placeholder="e.g. K7QX",
                layout=w.Layout(width="220px"),
            )
            self.code_input.add_class("sk-table-code")
            self.look_button = w.Button(description="Show the seats", layout=w.Layout(width="auto"))
            self.look_button.add_class("sk-table-look")
            self.look_button.on_click(lambda _: self.look(self.code_input.value))
            self.seat_buttons = w.VBox()
            self.seat_buttons.add_class("sk-table-seats")
            self._join_form = w.VBox(
                [w.HBox([self.code_input, self.look_button]), self.seat_buttons]
            )
        if code:
            self.code_input.value = code
        self._fill_seats()
        self.body.children = (self._join_form,)

    def _fill_seats(self) -> None:
        lobby = self.lobby
        if lobby is None or lobby.code != self.code_input.value.strip().upper():
            self.seat_buttons.children = ()
            return
        rows: list[w.Widget] = []
        try:
            rules = html.escape(rules_words(game_of(lobby)))
            rows.append(w.HTML(f"<div class='sk-table-lobby-rules'>Rules: {rules}</div>"))
        except (KeyError, SheepkitError, ValueError, TypeError):
            pass  # another game's table, or rules this version does not know: the seats say
        for entry in lobby_seats(lobby, self.app.game):
            if not entry["free"]:
                rows.append(w.HTML(html.escape(entry["words"])))
                continue
            button = w.Button(description=entry["words"], layout=w.Layout(width="auto"))
            button.add_class("sk-table-sit")
            button.on_click(lambda _, s=entry["seat"], c=lobby.code: self.sit(c, s))
            rows.append(button)
        self.seat_buttons.children = tuple(rows)

    def show_table(self, snapshot: p.State) -> None:
        if self._at_table is None:
            self.table_info = w.HTML()
            self.table_info.add_class("sk-table-info")
            self.rules_line = w.HTML()
            self.rules_line.add_class("sk-table-rules")
            self.seat_list = w.HTML()
            self.seat_list.add_class("sk-table-seat-list")
            self.start_button = w.Button(
                description="Start the game", button_style="success", layout=w.Layout(width="auto")
            )
            self.start_button.add_class("sk-table-start")
            self.start_button.on_click(lambda _: self.start())
            self.away_seat = w.Dropdown(description="Away seat", layout=w.Layout(width="auto"))
            self.away_bot = w.Dropdown(description="Bot", layout=w.Layout(width="auto"))
            self.bot_button = w.Button(
                description="Hand it to the bot", layout=w.Layout(width="auto")
            )
            self.bot_button.add_class("sk-table-bot")
            self.bot_button.on_click(
                lambda _: self.hand_to_bot(self.away_seat.value, self.away_bot.value)
            )
            self.bot_row = w.HBox(
                [self.away_seat, self.away_bot, self.bot_button],
                layout=w.Layout(flex_flow="row wrap"),
            )
            self.record_button = w.Button(
                description="Save the record", layout=w.Layout(width="auto")
            )
            self.record_button.add_class("sk-table-record")
            self.record_button.on_click(lambda _: self.ask_record())
            self.record_link = w.HTML()
            self.close_button = w.Button(
                description="Close the table",
                tooltip="End the game for every device at this table",
                layout=w.Layout(width="auto"),
            )
            self.close_button.add_class("sk-table-close")
            self.close_button.on_click(lambda _: self.close_table())
            self.leave_button = w.Button(
                description="Leave the table",
                tooltip="Give up your seat: before the start another pupil may take it; "
                "after it, a bot plays on for you",
                layout=w.Layout(width="auto"),
            )
            self.leave_button.add_class("sk-table-leave")
            self.leave_button.on_click(lambda _: self.leave())
            self._at_table = w.VBox(
                [
                    self.table_info,
                    self.rules_line,
                    self.seat_list,
                    self.start_button,
                    self.bot_row,
                    w.HBox([self.record_button, self.record_link]),
                    self.close_button,
                    self.leave_button,
                ]
            )
        self.start_row.layout.display = "none"
        self.body.children = (self._at_table,)
        table = self.table
        assert table is not None
        code = html.escape(snapshot.code)
        host = " You are the host." if self.host else ""
        self.table_info.value = (
            f"<div>Table <b class='sk-table-code-shown'>{code}</b>: others join with this "
            f"code, or the <a href='?table={code}'>link to this table</a>.{host}</div>"
        )
        game = table.game
        items = [
            f"<li>{html.escape(player)}: {html.escape(words)}</li>"
            for player, words in seat_lines(table, snapshot)
        ]
        self.seat_list.value = f"<ul style='margin:0;padding-left:1.2em'>{''.join(items)}</ul>"
        self.rules_line.value = f"<div>Rules: {html.escape(rules_words(game))}</div>"
        controls = table_controls(table, snapshot, self.host)
        # In the lobby (until Start) the host chooses the rules and the bots with the app's own
        # set-up row and seat pickers (the table offers them: a taken seat is a pupil's); each
        # change goes to the table.
        if controls.start:
            for picker, entry in zip(self.app.seat_pickers, snapshot.seats):
                picker.disabled = bool(entry.get("taken"))
        self.start_button.layout.display = None if controls.start else "none"
        self.bot_row.layout.display = None if controls.away else "none"
        if controls.away:
            if list(self.away_seat.options) != controls.away:
                self.away_seat.options = controls.away
                self.away_seat.index = 0
            if list(self.away_bot.options) != controls.bots:
                self.away_bot.options = controls.bots
                self.away_bot.index = 0
        self.close_button.layout.display = None if controls.close else "none"
        self.leave_button.layout.display = None if controls.leave else "none"
        self.record_button.layout.display = None if may_save(table) else "none"
