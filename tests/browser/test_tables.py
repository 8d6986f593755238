"""Play together on the Voila server: several browser contexts (each its own device, with its own
localStorage) at one table (sheepkit.tables, sheepkit.ui.table_panel)."""

from __future__ import annotations

import re
import threading
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

import pytest
from axe_check import axe_violations, report
from browser_fixtures import REPORTS
from voila_harness import AppPage, VoilaServer

import sheepkit
from sheepkit.games.wolf_and_sheep.drawing import WolfAndSheepDrawing

if TYPE_CHECKING:
    from playwright.sync_api import Browser

pytestmark = pytest.mark.browser

Device = Callable[..., AppPage]


@pytest.fixture
def device(
    request: pytest.FixtureRequest, chromium: Browser, voila: VoilaServer
) -> Iterator[Device]:
    """device("lamb_mimes", query="?table=K7QX") -> a page in a browser context of its own."""
    pages: list[AppPage] = []

    def _open(name: str, query: str = "", context: Any = None) -> AppPage:
        context = context or chromium.new_context(viewport={"width": 1280, "height": 1000})
        page = AppPage(context.new_page(), name)
        pages.append(page)
        page.page.goto(f"{voila.url}/voila/render/{name}.ipynb{query}", timeout=120_000)
        page.page.wait_for_function("() => window.__sk.voilaReady()", timeout=120_000)
        page.wait_for_board(playable=False)
        return page

    yield _open
    failed = any(r.failed for r in request.node.stash.get(REPORTS, {}).values())
    for number, page in enumerate(pages):
        if failed:  # what each device showed
            name = re.sub(r"[^\w.-]+", "_", request.node.name)
            print(f"screenshot: {page.screenshot(f'FAILED-{name}-{number}')}")
            print(f"voila log tail:\n{voila.log_tail()}")
    for page in pages:
        context = page.page.context
        page.close()
        context.close()


def text_of(app: AppPage, selector: str) -> str:
    return str(app.app.locator(selector).first.inner_text())


def open_table(host: AppPage) -> str:
    """The host opens a table with the app's seats; its code."""
    host.app.locator(".sk-table-open").click()
    shown = host.wait_text(".sk-table-code-shown", "^[A-Z2-9]{4}$")
    return shown.strip()


def look(guest: AppPage, code: str, seat_name: str) -> None:
    """Join table ``code`` by typing it, until the seat named ``seat_name`` is offered."""
    guest.app.locator(".sk-table-join").click()
    guest.app.locator(".sk-table-code input").fill(code)
    guest.app.locator(".sk-table-look").click()
    guest.app.locator(".sk-table-sit", has_text=seat_name).wait_for(timeout=60_000)


def sit(guest: AppPage, code: str, seat_name: str) -> None:
    """Join table ``code`` and take the seat named ``seat_name``."""
    look(guest, code, seat_name)
    guest.app.locator(".sk-table-sit", has_text=seat_name).click()
    guest.wait_text(".sk-table-code-shown", code)


def start(host: AppPage) -> None:
    host.app.locator(".sk-table-start").click()
    host.wait_text(".sk-status", "Your|Waiting|thinking|dealt")


def described(app: AppPage) -> str:
    """The board in words for this device's seat (board_speech: what the seat may see)."""
    lines = app.app.locator(".sk-board-text").first.evaluate(
        "el => Array.from(el.querySelectorAll('div:not(:has(div))'), d => d.textContent)"
    )
    return "\n".join(lines)


def click_square(app: AppPage, drawing: WolfAndSheepDrawing, square: int) -> None:
    x, y = drawing.centre(square)  # (Playwright scrolls the board into view first)
    app.app.locator(".sk-board canvas").first.click(position={"x": x, "y": y})


def sheep_moves_first(host: AppPage) -> str:
    """The host (the sheep) plays the first legal move by two board clicks; its notation."""
    game = sheepkit.load("wolf_and_sheep")
    drawing, move = WolfAndSheepDrawing(game), game.new_game().legal_moves()[0]
    host.wait_text(".sk-status", "Your turn")
    click_square(host, drawing, move.source)
    click_square(host, drawing, move.target)
    return str(move)


def whose_turn(host: AppPage, guest: AppPage, offered: str = "") -> AppPage:
    """The device whose status says it is its turn (with a move button reading ``offered``)."""
    for _ in range(120):
        for app in (host, guest):
            status = text_of(app, ".sk-status")
            buttons = app.app.locator(".sk-move:visible", has_text=offered)
            if "Your turn" in status and buttons.count():
                return app
        host.page.wait_for_timeout(250)
    raise AssertionError("neither device was told it is its turn")


def wolf_table(device: Device) -> tuple[AppPage, AppPage, str]:
    """A host (the sheep) with a table open, and a guest seated as the wolves."""
    host = device("wolf_and_sheep")
    host.seat_humans()
    code = open_table(host)
    guest = device("wolf_and_sheep")
    sit(guest, code, "Wolves")
    return host, guest, code


def test_two_devices_play_wolf_and_sheep_by_board_clicks(device: Device) -> None:
    host, guest, _ = wolf_table(device)
    host.wait_text(".sk-table-seat-list", "Wolves: a pupil")
    start(host)
    game = sheepkit.load("wolf_and_sheep")
    drawing = WolfAndSheepDrawing(game)
    state = game.new_game()
    guest.wait_text(".sk-status", "Waiting for Sheep")
    for ply in range(4):  # sheep, wolf, sheep, wolf: each on its own device, by the board
        mover, other = (host, guest) if state.to_move == 0 else (guest, host)
        mover.wait_text(".sk-status", "Your turn")
        move = state.legal_moves()[0]
        click_square(mover, drawing, move.source)
        click_square(mover, drawing, move.target)
        state = state.play(move)
        other.wait_log(ply + 1)  # the move reached the other device
        mover.wait_log(ply + 1)
    logs = [app.app.locator(".sk-log").inner_text() for app in (host, guest)]
    assert logs[0] == logs[1] and f"({move})" in logs[0].splitlines()[0], logs
    for app in (host, guest):
        app.assert_healthy()


def test_three_devices_at_lamb_mimes_each_see_only_their_own_hand(device: Device) -> None:
    host = device("lamb_mimes")
    host.seat_humans()
    players = host.app.locator(".sk-setup-players select")
    if players.count():
        host.select(players, "3 players")
    code = open_table(host)
    guests = [device("lamb_mimes") for _ in range(2)]
    for guest, name in zip(guests, ("Player 2", "Player 3"), strict=True):
        sit(guest, code, name)
    start(host)
    hands = []
    for app, name in zip([host, *guests], ("Player 1", "Player 2", "Player 3"), strict=True):
        app.wait_text(".sk-board-text", r"your hand: ([^,.]+, ){4}[^,.]+\.")  # dealt
        words = described(app)
        mine = re.search(rf"{name}, \d+ points, your hand: (.*)\.", words)
        assert mine, f"{name} does not see its own hand: {words}"
        hands.append(sorted(mine.group(1).split(", ")))
        others = [
            line for line in words.splitlines() if line.startswith("Player") and name not in line
        ]
        assert all(re.match(r"Player \d: \d+ cards?;", line) for line in others), words
    # Three hands of five, not one hand shown thrice (the deck holds twins: no disjointness).
    assert [len(h) for h in hands] == [5, 5, 5] and len(set(map(tuple, hands))) == 3, hands
    # The seated panel (seat list, host's buttons) and the table's status keep axe quiet.
    found = axe_violations(host.page)
    assert not found, report("lamb_mimes at a table (host)", found)
    for app in (host, *guests):
        app.assert_healthy()


def test_a_reload_mid_game_rejoins_the_seat(device: Device) -> None:
    host, guest, code = wolf_table(device)
    start(host)
    sheep_moves_first(host)
    guest.wait_log(1)
    # The guest's device reloads: the page is new, its kernel is new; the browser kept the seat.
    guest.page.reload()
    guest.page.wait_for_function("() => window.__sk.voilaReady()", timeout=120_000)
    guest._app = None
    guest.wait_for_board(playable=False)
    assert f"table={code}" in guest.page.url
    guest.wait_text(".sk-status", "Your turn, Wolves")
    guest.wait_log(1)
    host.wait_text(".sk-table-seat-list", "Wolves: a pupil")
    guest.assert_healthy()


def test_a_second_device_cannot_take_an_occupied_seat(device: Device) -> None:
    host = device("wolf_and_sheep")
    host.seat_humans()
    code = open_table(host)
    first, second = device("wolf_and_sheep"), device("wolf_and_sheep")
    for app in (first, second):  # both see the Wolves' seat free
        look(app, code, "Wolves")
    first.app.locator(".sk-table-sit", has_text="Wolves").click()
    first.wait_text(".sk-table-code-shown", code)
    second.app.locator(".sk-table-sit", has_text="Wolves").click()
    second.wait_text(".sk-table-note", "taken")
    assert second.app.locator(".sk-table-code-shown").count() == 0
    for app in (host, first, second):
        app.assert_healthy()


def test_a_bot_joins_from_python(device: Device, voila: VoilaServer) -> None:
    """A pupil's bot function takes the free seat from Python (a script here: its own loop,
    in a thread) and answers the host's move; the host then closes the table, which ends it."""
    from sheepkit.tables import join

    host = device("wolf_and_sheep")
    host.seat_humans()
    code = open_table(host)
    url = voila.url.replace("http://", "ws://") + "/sheepkit/tables"
    seats: list[Any] = []

    def first_move(view: Any, legal: Any, rng: Any) -> Any:
        return legal[0]

    def play() -> None:
        seats.append(join(code, first_move, url=url))
        seats[0].wait(timeout=120)

    thread = threading.Thread(target=play, daemon=True)
    thread.start()
    host.wait_text(".sk-table-seat-list", "Wolves: a pupil")
    start(host)
    sheep_moves_first(host)
    host.wait_log(2)  # the sheep's move and the bot's answer
    host.wait_text(".sk-status", "Your turn")
    host.app.locator(".sk-table-close").click()
    thread.join(timeout=60)
    assert not thread.is_alive() and seats[0].done and seats[0].moves == 1
    host.assert_healthy()


def test_a_sheep_race_hidden_bet_stays_on_its_device(device: Device) -> None:
    host = device("sheep_race")
    host.seat_humans()
    players = host.app.locator(".sk-setup-players select")
    if players.count() and players.evaluate("s => s.options[s.selectedIndex].text") != "2 players":
        host.select(players, "2 players")
    code = open_table(host)
    guest = device("sheep_race")
    sit(guest, code, "Player 2")
    start(host)
    # A visible bet each, then the next bettor's two hidden bets, whoever goes first.
    for _ in range(2):
        mover = whose_turn(host, guest)
        lines = mover.log_lines()
        mover.app.locator(".sk-move:visible").first.click()
        mover.wait_log(lines + 1)  # the table took the bet
    bettor = whose_turn(host, guest, "Hidden bets")
    other = guest if bettor is host else host
    hidden = bettor.app.locator(".sk-move:visible", has_text="Hidden bets").first
    words = hidden.inner_text().strip()
    notation = hidden.get_attribute("title") or ""
    hidden.click()
    other.wait_text(".sk-log", "places two hidden bets")  # the other device is told of it
    bettor.wait_text(".sk-log", re.escape(words))  # the bettor's own log says which
    seen = other.app.locator(".sk-log").inner_text() + described(other)
    assert words not in seen and notation not in seen, seen
    for app in (host, guest):
        app.assert_healthy()


def acting(host: AppPage, guest: AppPage) -> AppPage:
    """The device whose status says it is its roll or its turn, or a race for it to press."""
    for _ in range(240):
        for app in (host, guest):
            if text_of(app, ".sk-status").startswith(("Your ", "A race!")):
                return app
        host.page.wait_for_timeout(250)
    raise AssertionError("neither device was told to roll or move")


def test_battle_sheep_with_a_bot_and_shave_a_sheep_at_tables(device: Device) -> None:
    """The two games the tests above do not play: Battle Sheep, two pupils and a bot, tiles
    laid by the game's panel; Shave a Sheep with the Howling Wolf, rolls, a race and moves by
    the app's buttons. Each move reaches the other device (its log grows to the same lines)."""
    host = device("battle_sheep")
    host.select(host.app.locator(".sk-setup-players select"), "3 players")
    host.app.locator(".sk-seat select").nth(2).wait_for()  # a third seat: the game's bot
    host.select(host.app.locator(".sk-seat select").nth(1), "Human")
    host.wait_text(".sk-status", "Player 1")
    code = open_table(host)
    guest = device("battle_sheep")
    sit(guest, code, "Player 2")
    host.wait_text(".sk-table-seat-list", r"Player 3 \(C\): \w+ bot")
    start(host)
    lines = 0
    for _ in range(2):  # two rounds: the host's tile, the guest's, the bot's
        for mover in (host, guest):
            mover.wait_text(".sk-status", "Your turn")
            mover.app.locator(".sk-lay:visible").click()
            lines += 1
            for app in (host, guest):
                app.wait_log(lines)
        lines += 1  # the bot's tile, seen on both devices
        for app in (host, guest):
            app.wait_log(lines)
    logs = [app.app.locator(".sk-log").inner_text() for app in (host, guest)]
    assert logs[0] == logs[1] and logs[0].count("Player 3 (C): Lay a tile") == 2, logs

    host = device("shave_a_sheep", context=host.page.context)
    host.seat_humans()
    host.app.locator(".sk-setup-wolf select").select_option(label="Howling Wolf")
    code = open_table(host)
    guest = device("shave_a_sheep", context=guest.page.context)
    sit(guest, code, "Player 2")
    guest.wait_text(".sk-table-rules", "Wolf: Howling Wolf")
    start(host)
    # The host sets the die to a gray face: a race, and each device has its own Howl! button.
    host.wait_text(".sk-status", "Your roll")
    rig = host.app.locator(".widget-hbox:has(> .sk-rig) select")
    faces: list[str] = rig.evaluate("s => Array.from(s.options, o => o.text)")
    rig.select_option(index=next(i for i, face in enumerate(faces) if "gray" in face.lower()))
    host.app.locator(".sk-rig").click()
    for app, mine in ((host, "Player 1"), (guest, "Player 2")):
        app.wait_text(".sk-status", "A race!")
        app.app.locator(".sk-howl:visible").wait_for(timeout=30_000)
        assert app.app.locator(".sk-howl:visible").all_inner_texts() == [f"Howl! ({mine})"]
    guest.app.locator(".sk-howl:visible").click()
    for app in (host, guest):
        app.wait_text(".sk-log", "Player 2 howls first")
    acted = {id(host): 1, id(guest): 1}
    for lines in range(3, 9):  # then rolls, moves (and races) until each has acted twice
        mover = acting(host, guest)
        status = text_of(mover, ".sk-status")
        if status.startswith("A race!"):
            mover.app.locator(".sk-howl:visible").click()
        elif status.startswith("Your roll"):
            mover.app.locator(".sk-roll:visible").click()
        else:
            mover.app.locator(".sk-move:visible").first.click()
        acted[id(mover)] += 1
        for app in (host, guest):
            app.wait_log(lines)
    logs = [app.app.locator(".sk-log").inner_text() for app in (host, guest)]
    assert logs[0] == logs[1] and min(acted.values()) >= 2, (acted, logs)
    for app in (host, guest):
        app.assert_healthy()
