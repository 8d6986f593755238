"""Play together apart from how it is shown (sheepkit.tables.together.PlayTogether): a front end
that only records what it is asked to show, at a table of one in-process table service. (The
app's panel and the play page show the same through their own front ends:
tests/test_table_panel.py, tests/test_play_tables.py.)"""

from __future__ import annotations

from typing import Any

import pytest

from sheepkit.live import LiveGame
from sheepkit.session import Session
from sheepkit.tables import TableService
from sheepkit.tables import protocol as p
from sheepkit.tables.client import LocalTransport
from sheepkit.tables.table_game import TableGame
from sheepkit.tables.together import PlayTogether, table_controls


class Shown(PlayTogether):
    """A front end that keeps each thing it was asked to show, in order."""

    front_end = "device"
    no_human_seat = "No seat is a human's."
    rejoin_refused = "Could not take the seat up"

    def __init__(self, service: TableService, seats: list[str] | None = None) -> None:
        super().__init__(Session("wolf_and_sheep", seats, seed=1))
        self.client.connector = lambda client: LocalTransport(service, client)
        self.shown: list[tuple[Any, ...]] = []
        self.note = ""

    def say(self, words: str, *, warning: bool = True) -> None:
        self.note = words
        self.shown.append(("say", words, warning))

    def show_game(self, live: LiveGame) -> None:
        self.shown.append(("game", live))

    def say_on_board(self, words: str) -> None:
        self.shown.append(("board", words))

    def remember_seat(self, code: str, seat: int, token: str) -> None:
        self.shown.append(("remember", code, seat, token))

    def forget_seat(self, code: str) -> None:
        self.shown.append(("forget", code))

    def show_lobby(self, lobby: p.Lobby) -> None:
        self.shown.append(("lobby", lobby.code))

    def show_table(self, snapshot: p.State) -> None:
        self.shown.append(("table", snapshot.stage))

    def show_way_in(self) -> None:
        self.shown.append(("way in",))

    def changed(self) -> None:
        self.shown.append(("changed",))

    def kinds(self) -> list[str]:
        kinds, self.shown = [str(entry[0]) for entry in self.shown], []
        return kinds


@pytest.fixture
def service() -> TableService:
    return TableService(rate=10_000, burst=10_000)


def seated_pair(service: TableService) -> tuple[Shown, Shown, str]:
    host = Shown(service, ["Human", "Human"])
    host.open_table()
    assert host.code is not None and host.seat == 0 and host.host and host.token
    code = host.code
    guest = Shown(service)
    guest.look(code.lower())
    assert guest.kinds() == ["lobby", "changed"] and guest.lobby is not None
    guest.client.sit(code, 1)
    return host, guest, code


def test_a_seat_taken_shows_the_tables_game_and_leaving_shows_the_way_in(
    service: TableService,
) -> None:
    host, guest, code = seated_pair(service)
    assert guest.seat == 1 and not guest.host and guest.lobby is None  # seated: no lobby
    assert isinstance(guest.table, TableGame)
    assert guest.shown[0] == ("remember", code, 1, guest.token)
    assert guest.kinds() == ["remember", "say", "changed", "game", "table", "changed"]
    assert host.kinds()[-2:] == ["table", "changed"]  # told of the guest, unasked
    for device in (host, guest):  # in the lobby: the host starts or closes, a guest leaves
        assert device.table is not None and device.client.snapshot is not None
        controls = table_controls(device.table, device.client.snapshot, device.host)
        assert (controls.start, controls.close, controls.leave) == (
            device.host,
            device.host,
            not device.host,
        )
        assert controls.away == [] and controls.bots == []
    guest.leave()
    assert guest.code is None and guest.seat is None and guest.table is None
    assert guest.token is None and not guest.host
    assert guest.shown[:3] == [("forget", code), ("game", guest.session), ("way in",)]
    assert guest.shown[3] == ("say", f"You left table {code}.", False)  # news, no warning


def test_a_refused_play_is_said_on_the_board_and_a_refused_look_in_the_note(
    service: TableService,
) -> None:
    host, _, _ = seated_pair(service)
    host.kinds()
    host.client.move("nonsense")  # before the start: refused
    assert host.kinds() == ["board", "changed"] and host.note == ""
    host.look("ZZZZ")
    assert host.note and host.shown[0] == ("say", host.note, True)


def test_no_human_seat_opens_nothing(service: TableService) -> None:
    bots = Shown(service, ["Random", "Random"])
    bots.open_table()
    assert bots.shown == [("say", "No seat is a human's.", True)] and bots.client.messages == 0
    bots.shown = []
    bots.look("  ")
    assert bots.note.startswith("Type the table's code first")


def test_a_refused_rejoin_forgets_the_seat_and_offers_the_tables_seats(
    service: TableService,
) -> None:
    _, _, code = seated_pair(service)
    stale = Shown(service)
    stale.rejoin(code, "not-the-token")
    assert stale.code is None and stale.seat is None
    assert ("forget", code) in stale.shown and ("lobby", code) in stale.shown
    assert stale.note.startswith("Could not take the seat up: ")


def test_another_games_table_is_not_offered(service: TableService) -> None:
    host = Shown(service, ["Human", "Human"])
    host.open_table()
    assert host.code is not None
    other = Shown(service)
    other.session = Session("lamb_mimes", seed=1)
    other.look(host.code)
    assert other.lobby is None and ("lobby", host.code) not in other.shown
    assert other.note == f"Table {host.code} plays Wolf and Sheep: open that game's device to join."


def test_a_lost_connection_keeps_the_seat_and_a_closed_table_forgets_it(
    service: TableService,
) -> None:
    host, guest, code = seated_pair(service)
    guest.kinds()
    guest.client.connection_lost()
    assert ("forget", code) not in guest.shown and "reload this page" in guest.note
    assert guest.table is None and ("way in",) in guest.shown
    host.kinds()
    host.close_table()
    assert ("forget", code) in host.shown and host.note.startswith("The table closed: ")
