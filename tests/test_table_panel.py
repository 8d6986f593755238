"""Play together through the apps' own buttons (sheepkit.ui.table_panel), each app a device at a
table of one in-process table service (sheepkit.tables), as on the Voila server but without
its websockets."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from app_driver import move_buttons, shown_buttons

import sheepkit
from sheepkit.core.words import words_for
from sheepkit.game_log import log_entries
from sheepkit.session import own_bot
from sheepkit.tables import TableService
from sheepkit.tables.client import URL_VARIABLE, LocalTransport
from sheepkit.ui import GameApp
from sheepkit.ui.table_panel import NO_SERVICE


def device(
    service: TableService, game: str, seats: list[str] | None = None, **rules: Any
) -> GameApp:
    """An app (one device) reaching ``service``."""
    app = GameApp(sheepkit.load(game, **rules), seats, seed=1, autoplay=False)
    app.tables.use(lambda client: LocalTransport(service, client))
    return app


def button(app: GameApp, css: str, text: str = "") -> Any:
    found = [
        b
        for b in shown_buttons(app.tables.widget)
        if css in b._dom_classes and text in b.description
    ]
    assert found, f"no {css} button {text!r} is shown"
    return found[0]


def join(app: GameApp, code: str, seat_name: str) -> None:
    """Join table ``code`` as a pupil would: Join, the code, Show the seats, Sit as ..."""
    button(app, "sk-table-join").click()
    app.tables.code_input.value = code
    button(app, "sk-table-look").click()
    button(app, "sk-table-sit", seat_name).click()


def open_table(host: GameApp) -> str:
    button(host, "sk-table-open").click()
    assert host.tables.code is not None
    return host.tables.code


def wolf_lobby(service: TableService) -> tuple[GameApp, GameApp, str]:
    """The host (the sheep) and a guest (the wolves) at a Wolf and Sheep table, not started."""
    host = device(service, "wolf_and_sheep", ["Human", "Human"])
    code = open_table(host)
    guest = device(service, "wolf_and_sheep")
    join(guest, code, "Wolves")
    return host, guest, code


def wolf_table(service: TableService) -> tuple[GameApp, GameApp, str]:
    """The host (the sheep) and a guest (the wolves) at a started Wolf and Sheep table."""
    host, guest, code = wolf_lobby(service)
    button(host, "sk-table-start").click()
    return host, guest, code


def lamb_table(service: TableService) -> tuple[GameApp, GameApp, str]:
    """The host and a guest at a started two-player Lamb Mimes table."""
    host = device(service, "lamb_mimes", ["Human", "Human"], players=2)
    code = open_table(host)
    guest = device(service, "lamb_mimes")
    join(guest, code, "Player 2")
    button(host, "sk-table-start").click()
    return host, guest, code


def offers(app: GameApp, css: str) -> bool:
    """Whether the app's Play together section shows a ``css`` button."""
    return any(css in b._dom_classes for b in shown_buttons(app.tables.widget))


@pytest.fixture
def service() -> TableService:
    return TableService(rate=10_000, burst=10_000)  # whole games sent at once, in a test


def test_two_apps_play_wolf_and_sheep_at_one_table(service: TableService) -> None:
    host = device(service, "wolf_and_sheep", ["Human", "Human"])
    code = open_table(host)
    assert code in host.tables.table_info.value and f"?table={code}" in host.tables.table_info.value
    guest = device(service, "wolf_and_sheep")
    join(guest, code, "Wolves")
    assert guest.tables.seat == 1 and guest.tables.table is not None
    assert "Wolves: a pupil" in host.tables.seat_list.value
    assert "Start" not in " ".join(b.description for b in shown_buttons(guest.tables.widget))
    button(host, "sk-table-start").click()
    truth = service.tables[code].session
    for _ in range(6):  # three moves each, by the move buttons of the device whose turn it is
        mover = host if truth.state.to_move == 0 else guest
        other = guest if mover is host else host
        assert move_buttons(other) == [] and "Waiting for" in other.status.value
        ply = truth.state.ply
        move_buttons(mover)[0].click()
        assert truth.state.ply == ply + 1
        for app in (host, guest):  # every device is told at once, and draws the same position
            assert app.state.record() == truth.state.record()
    assert (
        len(host.tables.table.log_entries(host.screen.words, 0)) == 6
        and "Wolves" in guest.log.value
    )
    # The record: Wolf and Sheep hides nothing, so it may be saved mid-game.
    button(guest, "sk-table-record").click()
    assert "download='table-" in guest.tables.record_link.value


def test_three_apps_at_lamb_mimes_each_hold_only_their_own_hand(service: TableService) -> None:
    host = device(service, "lamb_mimes", ["Human", "Human", "Human"], players=3)
    code = open_table(host)
    guests = [device(service, "lamb_mimes") for _ in range(2)]
    for guest, name in zip(guests, ("Player 2", "Player 3"), strict=True):
        join(guest, code, name)
    button(host, "sk-table-start").click()
    truth = service.tables[code].session.state
    for seat, app in enumerate([host, *guests]):
        assert app.game.num_players == 3 and app.screen.live.viewer() == seat
        assert app.state.view(seat) == truth.view(seat)  # its own hand: the true one
        words = app.speech.words
        assert f"Player {seat + 1}, 0 points, your hand:" in words
        others = [line for line in words.splitlines() if line.startswith("Player ")][1:]
        assert all(" cards;" in line for line in others), words
    # What the device got over the wire never held another hand: the stand-in's other hands are
    # a fill (the same whatever the true cards were).
    shown = [host.state.hands[p] for p in (1, 2)]
    assert shown != [truth.hands[1], truth.hands[2]]


def test_a_table_log_numbers_its_lines_as_the_app_numbers_its_own(service: TableService) -> None:
    # The deal is one line of many plies: numbered by its first ply, as on one screen.
    _, guest, code = lamb_table(service)
    session = service.tables[code].session
    own = log_entries(words_for(session.game), session.timeline, 1, session.deals)
    assert [first for first, _, _ in guest.screen.live.log_entries(guest.screen.words, 1)] == [
        first for first, _, _ in own
    ]
    assert "<li value='1'" in guest.log.value


def test_a_reload_finds_its_seat_in_the_browser(service: TableService) -> None:
    host, guest, code = wolf_table(service)
    move_buttons(host)[0].click()
    token = guest.tables.client.token
    assert token and f"sheepkit-table-{code}" in guest.tables.memory.script.value
    guest.tables.client.disconnect()  # the page reloads: its kernel and its connection go
    assert "Wolves: away" in host.tables.seat_list.value
    assert "Wolves is away" in host.status.value
    again = device(service, "wolf_and_sheep")  # the new page's kernel
    page = {"query": f"?table={code}", "seats": {code: {"seat": 1, "token": token}}}
    again.tables.memory.inbox.value = json.dumps(page)  # what the page code reports
    assert again.tables.seat == 1 and again.tables.table is not None
    assert again.state.record() == service.tables[code].session.state.record()
    assert move_buttons(again) and "Your turn, Wolves" in again.status.value
    assert "Wolves: a pupil" in host.tables.seat_list.value


def test_a_link_opens_join_filled_in_and_a_stale_token_is_forgotten(
    service: TableService,
) -> None:
    host = device(service, "wolf_and_sheep", ["Human", "Human"])
    code = open_table(host)
    guest = device(service, "wolf_and_sheep")
    page = {"query": f"?table={code}", "seats": {code: {"seat": 1, "token": "not-the-token"}}}
    guest.tables.memory.inbox.value = json.dumps(page)
    assert guest.tables.seat is None
    assert "Could not rejoin" in guest.tables.note.value
    assert "removeItem" in guest.tables.memory.script.value
    assert guest.tables.code_input.value == code
    button(guest, "sk-table-sit", "Wolves").click()
    assert guest.tables.seat == 1


def test_an_occupied_seat_is_refused_with_the_reason(service: TableService) -> None:
    host = device(service, "wolf_and_sheep", ["Human", "Human"])
    code = open_table(host)
    first, second = device(service, "wolf_and_sheep"), device(service, "wolf_and_sheep")
    for app in (first, second):
        button(app, "sk-table-join").click()
        app.tables.code_input.value = code
        button(app, "sk-table-look").click()
    button(first, "sk-table-sit", "Wolves").click()
    button(second, "sk-table-sit", "Wolves").click()
    assert first.tables.seat == 1 and second.tables.seat is None and second.tables.table is None
    assert "taken" in second.tables.note.value


def test_the_host_hands_an_away_seat_to_a_bot_and_the_game_goes_on(
    service: TableService,
) -> None:
    host, guest, code = wolf_table(service)
    guest.tables.client.disconnect()
    assert host.tables.bot_row.layout.display is None
    host.tables.away_bot.value = "Random"
    button(host, "sk-table-bot").click()
    assert "Wolves: Random bot" in host.tables.seat_list.value
    while not host.state.is_over:
        move_buttons(host)[0].click()  # the bot answers each move at once (no thread here)
    assert "Game over" in host.status.value
    button(host, "sk-table-record").click()
    record = service.tables[code].session.record()
    assert json.dumps(record, indent=1).encode() in _downloaded(host.tables.record_link.value)


def test_a_table_of_another_game_is_not_joined_here(service: TableService) -> None:
    host = device(service, "wolf_and_sheep", ["Human", "Human"])
    code = open_table(host)
    other = device(service, "lamb_mimes")
    button(other, "sk-table-join").click()
    other.tables.code_input.value = code
    button(other, "sk-table-look").click()
    assert "plays Wolf and Sheep" in other.tables.note.value
    assert other.tables.table is None
    button(other, "sk-table-join").click()  # Join again: the other game's seats are not offered
    assert not offers(other, "sk-table-sit") and other.tables.lobby is None


def test_without_a_service_the_buttons_are_hidden_and_the_teacher_is_told(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv(URL_VARIABLE, raising=False)
    app = GameApp("wolf_and_sheep")
    assert app.tables._connect is None  # no SHEEPKIT_TABLES_URL: not the Voila server's kernel
    assert app.tables.start_row.layout.display == "none"
    assert NO_SERVICE in app.tables.note.value and "make classroom HOST=0.0.0.0" in NO_SERVICE
    assert not list(shown_buttons(app.tables.widget))


def _downloaded(link: str) -> bytes:
    import base64
    import re

    found = re.search(r"base64,([^']+)'", link)
    assert found, link
    return base64.b64decode(found.group(1))


def test_the_host_closes_the_table_and_every_app_is_its_own_again(service: TableService) -> None:
    host, guest, code = wolf_lobby(service)
    assert not offers(guest, "sk-table-close")
    button(host, "sk-table-close").click()
    for app in (host, guest):
        assert app.tables.table is None and app.screen.live is app.session
        assert "The table closed" in app.tables.note.value
        assert app.controls.undo_button.layout.display is None
        script = app.tables.memory.script.value
        assert "removeItem" in script and f"sheepkit-table-{code}" in script
    assert code not in service.tables


def test_after_a_table_closes_join_offers_no_seat_of_it(service: TableService) -> None:
    # The join form kept the closed table's code and its last lobby, so it offered "Sit as
    # Wolves" at a table that is gone (found by benchmarks/tables_browser_load.py).
    host, guest, code = wolf_lobby(service)
    button(host, "sk-table-close").click()
    button(guest, "sk-table-join").click()
    assert guest.tables.code_input.value == code  # the code typed before stays
    assert not offers(guest, "sk-table-sit")
    assert guest.tables.lobby is None


@pytest.mark.parametrize(
    ("name", "rules"),
    [
        ("wolf_and_sheep", {}),
        ("shave_a_sheep", {"players": 2}),
        ("battle_sheep", {"players": 2}),
        ("lamb_mimes", {"players": 2}),
        ("sheep_race", {"players": 2}),
    ],
)
def test_every_game_is_played_to_its_end_by_two_apps_at_one_table(
    service: TableService, name: str, rules: dict[str, Any]
) -> None:
    """Each device presses only its own buttons (a move, or Roll at a roll of its own), as
    the table's snapshots offer them; the game ends, and both devices say how."""
    host = device(service, name, ["Human", "Human"], **rules)
    code = open_table(host)
    guest = device(service, name)
    join(guest, code, host.game.player_name(1))
    button(host, "sk-table-start").click()
    truth = service.tables[code].session
    rng = random.Random(7)
    for _ in range(3000):
        if truth.state.is_over:
            break
        ply = truth.state.ply
        movers = [app for app in (host, guest) if app.screen.live.human_decides(app.state)]
        assert movers, f"{name}: nobody may act at ply {ply}"
        app = rng.choice(movers)
        if app.chance_box.layout.display != "none":
            app.roll_button.click()
        else:
            rng.choice(move_buttons(app)).click()
        assert truth.state.ply > ply, f"{name}: the click at ply {ply} played nothing"
    assert truth.state.is_over, f"{name}: not over"
    for app in (host, guest):
        assert "Game over" in app.status.value


def test_a_screen_reader_hears_each_new_line_once_at_a_table(service: TableService) -> None:
    """The stand-in of a game with hidden cards has no history: the table's ply counts."""
    host, guest, _ = lamb_table(service)
    mover = host if host.screen.live.human_decides(host.state) else guest
    move_buttons(mover)[0].click()
    for app in (host, guest):
        said = app.speech.said
        assert said.startswith("Player 1: ") and "dealt" not in said, said


def test_on_voila_the_kernel_reads_the_link_before_the_page_reports(
    service: TableService, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Voila gives each page's kernel its query string (QUERY_STRING): Join opens filled in."""
    host = device(service, "wolf_and_sheep", ["Human", "Human"])
    code = open_table(host)
    monkeypatch.setenv("QUERY_STRING", f"table={code.lower()}")
    guest = device(service, "wolf_and_sheep")
    assert guest.tables.code_input.value == code
    assert guest.tables._join_form in guest.tables.body.children


def test_a_guest_leaves_the_table_and_its_app_is_its_own_again(service: TableService) -> None:
    host, guest, code = wolf_lobby(service)
    assert not offers(host, "sk-table-leave")
    button(guest, "sk-table-leave").click()
    assert guest.tables.table is None and guest.screen.live is guest.session
    assert guest.tables.seat is None and f"You left table {code}" in guest.tables.note.value
    assert guest.controls.undo_button.layout.display is None
    script = guest.tables.memory.script.value
    assert "removeItem" in script and f"sheepkit-table-{code}" in script
    assert button(guest, "sk-table-open") and button(guest, "sk-table-join")
    assert "Wolves: free" in host.tables.seat_list.value
    # The seat is free for another pupil, and the one who left may come back as a new one.
    join(guest, code, "Wolves")
    assert guest.tables.seat == 1 and "Wolves: a pupil" in host.tables.seat_list.value
    button(host, "sk-table-start").click()
    ply = service.tables[code].session.state.ply
    button(guest, "sk-table-leave").click()
    bot = own_bot(service.tables[code].session.game)
    assert f"Wolves: {bot} bot" in host.tables.seat_list.value
    assert guest.tables.table is None and service.tables[code].session.state.ply >= ply
    while not host.state.is_over:
        move_buttons(host)[0].click()  # the bot plays on for the guest who left
    assert "Game over" in host.status.value


def test_the_host_changes_rules_and_bots_in_the_lobby_and_not_after_start(
    service: TableService,
) -> None:
    host = device(service, "shave_a_sheep", ["Human", "Human"], players=2)
    code = open_table(host)
    guest = device(service, "shave_a_sheep")
    join(guest, code, "Player 2")
    assert "Rules: 2 players; the standard rules" in guest.tables.rules_line.value
    setup = host.setup
    assert setup.widget.layout.display is None  # the host's own set-up row, in the lobby
    assert guest.setup.widget.layout.display == "none"
    assert host.seat_pickers[1].disabled  # a pupil sits there
    setup.inputs["players"].value = 3  # the host's set-up row: a third seat...
    setup.inputs["wolf"].value = "howling_wolf"  # ...and the Howling Wolf
    truth = service.tables[code].session
    assert truth.game.num_players == 3 and truth.game.rules.wolf == "howling_wolf"
    for app in (host, guest):
        assert app.game == truth.game and app.game.num_players == 3
        assert "Rules: 3 players; Wolf: Howling Wolf" in app.tables.rules_line.value
    assert "Player 3: free" in guest.tables.seat_list.value
    host.seat_pickers[2].value = "Random"  # the free seat: a bot
    assert service.tables[code].seats[2].who == "Random"
    assert "Player 3: Random bot" in guest.tables.seat_list.value
    # A stranger looking at the table sees the rules and the seats before sitting.
    stranger = device(service, "shave_a_sheep")
    button(stranger, "sk-table-join").click()
    stranger.tables.code_input.value = code
    button(stranger, "sk-table-look").click()
    shown = " ".join(getattr(row, "value", "") for row in stranger.tables.seat_buttons.children)
    assert "Rules: 3 players; Wolf: Howling Wolf" in shown and "Random bot" in shown
    guest.rules_panel.button.click()  # a guest's Rules panel: only the host chooses
    assert "the host chooses the rules" in guest.rules_panel.error.value
    host.rules_panel.inputs["wolf"].value = "mr_wolf"
    host.rules_panel.button.click()  # the host's Rules panel, in the lobby: "Use these rules"
    assert service.tables[code].session.game.rules.wolf == "mr_wolf"
    assert "Wolf: Mr. Wolf" in guest.tables.rules_line.value
    button(host, "sk-table-start").click()
    host.rules_panel.button.click()
    assert "chosen before the start" in host.rules_panel.error.value
    assert setup.widget.layout.display == "none"  # not offered after the start...
    with pytest.raises(sheepkit.session.SessionError, match="before the start"):
        host.new_game({"players": 2})  # ...and refused (the Rules panel's button)
    with pytest.raises(sheepkit.session.SessionError, match="before the start"):
        host.set_seat(2, "Human")
    assert truth.game.num_players == 3 and service.tables[code].stage == "playing"


def test_a_rule_change_the_table_refuses_is_said_and_undone_on_the_host(
    service: TableService,
) -> None:
    host = device(service, "lamb_mimes", ["Human", "Human", "Human"], players=3)
    code = open_table(host)
    for name in ("Player 2", "Player 3"):
        join(device(service, "lamb_mimes"), code, name)
    host.setup.inputs["players"].value = 2  # Player 3 sits in the seat it would remove
    assert "someone sits in a seat beyond them" in host.tables.note.value
    assert host.setup.inputs["players"].value == 3 and host.game.num_players == 3
    assert service.tables[code].session.game.num_players == 3


def test_a_howl_race_at_a_table_is_won_by_the_first_devices_button() -> None:
    """Each device shows its own seat's Howl! button; the first claim the table gets wins,
    the bot's claim comes too late, and every device's log says who howled."""
    timers: list[tuple[float, Any]] = []
    service = TableService(
        rate=10_000, burst=10_000, later=lambda s, f: timers.append((s, f)), seed=lambda: 7
    )
    rules = {"players": 3, "wolf": "howling_wolf"}
    host = device(service, "shave_a_sheep", ["Human", "Human", "Sensible"], **rules)
    code = open_table(host)
    guest = device(service, "shave_a_sheep")
    join(guest, code, "Player 2")
    button(host, "sk-table-start").click()
    assert host.tables.table is not None and host.tables.table.may_roll()
    gray = next(o for o, _ in host.state.chance_outcomes() if "gray" in str(o))
    host.rig_choice.value = gray
    host.rig_button.click()  # the host sets the die: gray, a race
    assert len(timers) == 2  # the bot's claim and the race's time limit wait on the loop
    for app, mine in ((host, "Player 1"), (guest, "Player 2")):
        howls = [b for b in app.panel.howl_box.children if b.layout.display != "none"]
        assert [b.description for b in howls] == [f"Howl! ({mine})"]
        assert app.panel.howl_box.layout.display is None
        assert "A race! Be the first to press your button" in app.status.value
    guest.panel.howl_box.children[0].click()
    truth = service.tables[code].session.state
    assert str(truth.history[-1]) == "howl 2"
    for app in (host, guest):
        assert "Player 2 howls first" in app.log.value
        assert app.panel.howl_box.layout.display == "none"
    host.panel.howl(0)  # a late press (its button went): nothing is sent, nothing changes
    for _, callback in timers:  # the bot's claim and the time limit: too late
        callback()
    assert service.tables[code].session.state is truth and host.tables.note.value == ""


def test_a_tab_whose_seat_another_tab_took_up_keeps_the_stored_token(
    service: TableService,
) -> None:
    """The browser's token is the seat's still: the tab that lost it does not erase it, so a
    third tab can take the seat up again (issue 39)."""
    host, guest, code = wolf_table(service)
    token = guest.tables.client.token
    page = {"query": f"?table={code}", "seats": {code: {"seat": 1, "token": token}}}
    second = device(service, "wolf_and_sheep")  # a second tab of the guest's browser
    second.tables.memory.inbox.value = json.dumps(page)
    assert second.tables.seat == 1
    assert "The table closed" in guest.tables.note.value and guest.tables.table is None
    assert "removeItem" not in guest.tables.memory.script.value
    third = device(service, "wolf_and_sheep")  # a third tab reads the storage
    third.tables.memory.inbox.value = json.dumps(page)
    assert third.tables.seat == 1 and third.tables.table is not None
    assert "Wolves: a pupil" in host.tables.seat_list.value


def test_a_lost_connection_keeps_the_stored_token_for_a_reload_after_a_restart(
    service: TableService,
) -> None:
    """The server restarting drops every connection; it resumes its tables, so the page keeps
    the seat's token, and reloaded it takes the seat up again (issue 39, finding 8)."""
    _, guest, code = wolf_table(service)
    token = guest.tables.client.token
    guest.tables.client.connection_lost()
    assert "reload this page" in guest.tables.note.value and guest.tables.table is None
    assert "removeItem" not in guest.tables.memory.script.value
    page = {"query": f"?table={code}", "seats": {code: {"seat": 1, "token": token}}}
    reloaded = device(service, "wolf_and_sheep")
    reloaded.tables.memory.inbox.value = json.dumps(page)
    assert reloaded.tables.seat == 1 and reloaded.tables.table is not None
