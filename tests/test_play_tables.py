"""Play together on the play page (sheepkit.play_page with sheepkit.play_tables), without a
browser: two pages, each a device at a table of one in-process table service, through the
page's own actions and views; what the table says unasked reaches the page as a pushed view.
(tests/site/test_site_play_tables.py does it in Chromium on the classroom server.)"""

from __future__ import annotations

import json
from typing import Any

import pytest

import sheepkit
from sheepkit.core import Game
from sheepkit.play_page import PlayPage
from sheepkit.tables import TableService
from sheepkit.tables.client import URL_VARIABLE, LocalTransport
from sheepkit.tables.together import NO_SERVICE_WORDS


@pytest.fixture
def service() -> TableService:
    return TableService(rate=10_000, burst=10_000)


class Device:
    """A play page reaching ``service``, with the views it was pushed."""

    def __init__(
        self,
        service: TableService,
        seats: list[str] | None = None,
        game: Game[Any, Any, Any] | str = "wolf_and_sheep",
    ) -> None:
        self.page = PlayPage(
            game,
            seats,
            seed=1,
            tables=lambda client: LocalTransport(service, client),
        )
        self.pushed: list[dict[str, Any]] = []
        self.page.pushes(self._pushed)
        self.view = self.last = self.page.view()

    def _pushed(self, text: str) -> None:
        self.last = json.loads(text)
        self.pushed.append(self.last)

    def act(self, name: str, *args: Any) -> dict[str, Any]:
        self.view = self.last = self.page.act(name, *args)
        return self.view


def wolf_table(service: TableService) -> tuple[Device, Device, str]:
    host = Device(service, ["Human", "Human"])
    view = host.act("open_table")
    at = view["tables"]["at"]
    assert at is not None and at["host"] and at["start"] and at["close"] and not at["leave"]
    code = at["code"]
    guest = Device(service)
    view = guest.act("look", code.lower())
    join = view["tables"]["join"]
    assert join["code"] == code
    assert [s["words"] for s in join["seats"]] == ["Sheep: taken", "Sit as Wolves"]
    view = guest.act("sit", 1)
    assert view["tables"]["at"]["seats"] == ["Sheep: a pupil", "Wolves: you"]
    assert view["tables"]["join"] is None
    # The host heard the guest sit without asking: a view pushed.
    assert host.pushed and host.last["tables"]["at"]["seats"] == ["Sheep: you", "Wolves: a pupil"]
    return host, guest, code


def test_two_pages_play_at_one_table(service: TableService) -> None:
    host, guest, code = wolf_table(service)
    for device in (host, guest):  # seated: no Undo, Redo, New game, seat pickers or bots
        offers = device.last["offers"]
        assert not offers["browse"] and not offers["bots"] and not offers["new_game"]
    assert host.last["offers"]["setup"] and not guest.view["offers"]["setup"]  # the lobby
    assert not guest.view["tables"]["at"]["start"] and guest.view["tables"]["at"]["leave"]
    assert "waiting for the start" in guest.view["status"]["text"]
    view = host.act("start")
    assert not view["offers"]["setup"] and not view["tables"]["at"]["start"]
    truth = service.tables[code].session
    seen = len(guest.pushed)
    assert host.last["moves"] and host.last["status"]["text"].startswith("Your turn, Sheep")
    host.act("play", 0)  # the first move, by the host's move buttons
    assert truth.state.ply == 1
    assert len(guest.pushed) > seen  # the guest's page was pushed the move
    for device in (host, guest):
        assert device.last["log"] and device.last["log"][-1]["first"] == 1
        assert device.last["board"] == guest.last["board"]
    assert guest.last["status"]["text"].startswith("Your turn, Wolves") and guest.last["moves"]
    assert host.last["moves"] == [] and "Waiting for Wolves" in host.last["status"]["text"]
    for _ in range(5):  # on, by whoever's turn it is
        mover = host if truth.state.to_move == 0 else guest
        ply = truth.state.ply
        mover.act("play", 0)
        assert truth.state.ply == ply + 1
    assert host.page.screen.state.record() == truth.state.record()
    assert guest.page.screen.state.record() == truth.state.record()
    refused = host.act("undo")
    assert truth.state.ply == 6 and "table" in refused["status"]["note"] + refused["status"]["text"]


def test_a_guest_leaves_and_the_host_closes(service: TableService) -> None:
    host, guest, code = wolf_table(service)
    view = guest.act("leave")
    assert view["tables"]["at"] is None and f"You left table {code}" in view["tables"]["note"]
    assert view["offers"]["browse"] and view["offers"]["new_game"]  # the page's own game again
    assert host.last["tables"]["at"]["seats"][1] == "Wolves: free: waiting for a pupil"
    guest.act("look", code)
    guest.act("sit", 1)
    view = host.act("close_table")
    assert view["tables"]["at"] is None and "The table closed" in view["tables"]["note"]
    assert guest.last["tables"]["at"] is None and "The table closed" in guest.last["tables"]["note"]
    assert guest.last["offers"]["new_game"]


def test_a_code_nobody_opened_and_a_page_with_every_seat_a_bot(service: TableService) -> None:
    device = Device(service)
    view = device.act("look", "ZZZZ")
    assert view["tables"]["join"] is None and view["tables"]["note"]
    bots = Device(service, ["Random", "Random"])
    view = bots.act("open_table")
    assert view["tables"]["at"] is None and "Human" in view["tables"]["note"]


def test_without_a_table_service_the_section_says_so(monkeypatch: pytest.MonkeyPatch) -> None:
    # (Another test's Voila or classroom server may have left its address in the environment.)
    monkeypatch.delenv(URL_VARIABLE, raising=False)
    page = PlayPage("wolf_and_sheep", seed=1)
    assert page.view()["tables"]["service"] is None  # not looked for yet
    view = page.act("find_tables", "")  # not in a browser, no table service's address: none
    assert view["tables"] == {"service": False, "note": NO_SERVICE_WORDS, "join": None, "at": None}


def test_a_howl_race_at_a_table_is_won_by_the_first_pages_button() -> None:
    """Shave a Sheep's howl at a table: each page shows its own seat's race button, and the
    first claim the table gets wins."""
    timers: list[tuple[float, Any]] = []
    service = TableService(
        rate=10_000, burst=10_000, later=lambda s, f: timers.append((s, f)), seed=lambda: 7
    )
    rules = {"players": 3, "wolf": "howling_wolf"}
    game = sheepkit.load("shave_a_sheep", **rules)

    def page(seats: list[str] | None = None) -> Device:
        return Device(service, seats, game=game)

    host = page(["Human", "Human", "Sensible"])
    code = host.act("open_table")["tables"]["at"]["code"]
    guest = page()
    guest.act("look", code)
    guest.act("sit", 1)
    view = host.act("start")
    assert view["chance"] and view["chance"]["rig"]
    gray = next(i for i, o in enumerate(view["chance"]["outcomes"]) if "gray" in o)
    host.act("roll", gray)  # the host sets the die: gray, a race
    for device, mine in ((host, "Player 1"), (guest, "Player 2")):
        assert [r["seat"] for r in device.last["race"]] == [0 if device is host else 1]
        assert device.last["race"][0]["label"].startswith(f"{mine}: ")
        assert "A race! Be the first" in device.last["status"]["text"]
    guest.act("claim", 1)
    truth = service.tables[code].session.state
    assert str(truth.history[-1]) == "howl 2"
    for device in (host, guest):
        assert device.last["race"] == []
        assert any("Player 2 howls first" in line["text"] for line in device.last["log"])


def test_a_reloaded_page_takes_its_seat_up_again(service: TableService) -> None:
    _, guest, code = wolf_table(service)
    seated = guest.view["tables"]["seated"]
    assert seated["code"] == code and seated["token"]
    again = Device(service)  # the guest's page reloaded: the page kept the token
    view = again.act("find_tables", code, seated["token"])
    assert view["tables"]["at"]["seats"] == ["Sheep: a pupil", "Wolves: you"]
    # The old page's connection lost the seat to the new one: the seat is still this
    # browser's (not forgotten).
    assert guest.last["tables"]["at"] is None and guest.last["tables"]["forget"] is None
    view = again.act("leave")
    assert view["tables"]["forget"] == code and view["tables"]["seated"] is None
    assert again.page.view()["tables"]["forget"] is None  # said once
    stale = Device(service)
    view = stale.act("find_tables", code, seated["token"])  # a seat given up: its seats
    assert view["tables"]["forget"] == code and "Could not take up" in view["tables"]["note"]
    assert [s["words"] for s in view["tables"]["join"]["seats"]] == [
        "Sheep: taken",
        "Sit as Wolves",
    ]


def test_a_table_of_other_rules_is_drawn_with_its_own_board(service: TableService) -> None:
    """The host's page plays 10x10; a guest's page (8x8 by default) that sits at its table
    draws the table's board, and its own again once it leaves."""
    host = Device(service, ["Human", "Human"])
    host.act("new_rules", {"board": 2})  # 10x10
    code = host.act("open_table")["tables"]["at"]["code"]
    guest = Device(service)
    own = guest.view["width"], len(guest.page.screen.targets())
    guest.act("look", code)
    guest.act("sit", 1)
    view = host.act("start")
    view = guest.last
    assert view["width"] == host.last["width"] != own[0]
    assert len(guest.page.screen.targets()) == 100  # the 10x10 board, a target per square
    view = guest.act("leave")
    assert (view["width"], len(guest.page.screen.targets())) == own
