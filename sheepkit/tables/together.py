"""What a "Play together" section shows, apart from any widget: the words both the app's panel
(``sheepkit.ui.table_panel``) and the play page (``sheepkit.play_tables``) show for a table's
seats, the line said when there is no table service, and how a page finds the service.

Stdlib only at import, and no widgets: it runs on the play page's Pyodide too.
"""

from __future__ import annotations

import re
from typing import Any

from ..core import Game
from ..session import HUMAN
from . import protocol as p
from .client import Connect, hello_url, service_connector, table_service_url
from .table_game import TableGame

NO_SERVICE = (
    "Play together needs a table service, and this page was served without one. To play at "
    "tables, the teacher serves the apps with <code>make app HOST=0.0.0.0</code> or the site "
    "with <code>make classroom HOST=0.0.0.0</code>."
)
#: The same line as plain text (the play page sets it as text).
NO_SERVICE_WORDS = re.sub(r"</?code>", "", NO_SERVICE)
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


def may_save(table: TableGame) -> bool:
    """Whether the table gives its record now (over, or a game hiding nothing under way)."""
    stage = table.stage
    return stage == p.OVER or (stage == p.PLAYING and not table.game.hidden_information)
