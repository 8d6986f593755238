"""The play pages of the static site (site/play_pages.py), offline in Chromium: each game's
page paints its board, plays a move (Wolf and Sheep by two clicks on its board, Battle Sheep
from its list of moves, the others by their buttons, rolling first where the dice come
first), lets the bots answer by themselves, and undoes; the keys move the board's cursor and
say where it is; axe finds nothing, before and after the move; nothing is asked of another
address. Python comes from the page's xz bundle (site/start_python.js, as the apps'), and a
page whose bundle fails starts Python from nothing and plays all the same. The page's Python
is tested without a browser in tests/test_play_page.py."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

import pytest
from axe_check import axe_violations, report
from site_harness import Offline, SitePage

from sheepkit.play_page import PlayPage

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Route

pytestmark = pytest.mark.browser

OpenPage = Callable[[str, str], SitePage]
GAMES = ("wolf_and_sheep", "shave_a_sheep", "battle_sheep", "lamb_mimes", "sheep_race")
START = 120.0  # a cold start on a busy 2-core machine
BOT = 60.0


def view(page: SitePage) -> dict[str, Any]:
    found: dict[str, Any] = page.page.evaluate("() => window.sheepkitPlay.view")
    return found


def wait(page: SitePage, condition: str, failing: str, timeout: float = BOT) -> dict[str, Any]:
    """Wait until ``condition`` holds of the page's view ``v``; the view then."""
    try:
        page.page.wait_for_function(
            f"() => {{ const v = window.sheepkitPlay.view; return v && ({condition}); }}",
            timeout=timeout * 1000,
        )
    except Exception as error:
        raise AssertionError(f"{page.name}: {failing}: {view(page)}\n{page.report()}") from error
    return view(page)


HUMAN_ACTS = (
    "!v.wake && (v.status.curtain || v.race.length || (v.chance && v.chance.enabled)"
    " || v.moves.length || v.status.over)"
)


def open_play(open_page: OpenPage, game: str) -> SitePage:
    page = open_page(f"play/{game}.html", game)
    page.page.wait_for_function(
        "() => window.sheepkitPlay && (window.sheepkitPlay.painted !== null"
        " || window.sheepkitPlay.error !== null)",
        timeout=START * 1000,
    )
    error = page.page.evaluate("() => window.sheepkitPlay.error")
    assert error is None, f"{game}: {error}\n{page.report()}"
    return page


def board_painted(page: SitePage) -> bool:
    """Pixels of more than one colour on the canvas."""
    return bool(
        page.page.evaluate(
            """() => { const c = document.getElementById('sk-board');
            const d = c.getContext('2d').getImageData(0, 0, c.width, c.height).data;
            for (let i = 4; i < d.length; i += 4 * 97) if (d[i] !== d[0] || d[i+1] !== d[1])
              return true; return false; }"""
        )
    )


def on_screen(page: SitePage, x: float, y: float) -> tuple[float, float]:
    """Where the board's (x, y) is on the screen."""
    width = view(page)["width"]
    box = page.page.locator("#sk-board").bounding_box()
    assert box is not None
    scale = box["width"] / width
    return box["x"] + x * scale, box["y"] + y * scale


def click_board(page: SitePage, x: float, y: float) -> None:
    """A click on the canvas at the board's (x, y)."""
    page.page.mouse.click(*on_screen(page, x, y))


def move_by_clicks(page: SitePage) -> None:
    """Wolf and Sheep's first move by the board: a piece, then where it goes (found by the
    same drawing in this Python: the start is the same everywhere)."""
    here = PlayPage("wolf_and_sheep", ["Human", "Sensible"], seed=0)
    targets = here.screen.targets()
    for piece in targets:
        for target in targets:
            here.screen.selection = None
            here.act("click", piece.x, piece.y)
            if here.act("click", target.x, target.y)["log"]:
                click_board(page, piece.x, piece.y)
                click_board(page, target.x, target.y)
                return
    raise AssertionError("no move on the board by two clicks")


def human_move(page: SitePage, game: str) -> None:
    """The human plays one move (rolling or lifting the curtain first, as asked)."""
    for _ in range(12):
        v = wait(page, HUMAN_ACTS, "the human never had anything to do")
        assert not v["status"]["over"], v["status"]
        logged = len(v["log"])
        if v["status"]["curtain"]:
            page.page.click("#sk-curtain")
        elif v["race"]:
            page.page.click(".sk-claim")
        elif v["chance"] and v["chance"]["enabled"]:
            page.page.click("#sk-roll")
        elif game == "wolf_and_sheep":
            move_by_clicks(page)
        elif v["moves_as"] == "list":
            page.page.click("#sk-move-play")
        else:
            page.page.locator(".sk-move").first.click()
        if v["moves"] and not v["status"]["curtain"]:
            wait(page, f"v.log.length > {logged}", "the move was not logged")
            return
        curtain = "true" if v["status"]["curtain"] else "false"
        changed = f"v.log.length > {logged} || !!v.status.curtain !== {curtain}"
        wait(page, changed, "nothing happened")
    raise AssertionError(f"{game}: no move played")


@pytest.mark.parametrize("game", GAMES)
def test_a_play_page_plays_its_game(open_page: OpenPage, game: str) -> None:
    page = open_play(open_page, game)
    assert board_painted(page)
    assert page.page.locator("#sk-loading").is_hidden()
    found = axe_violations(page.page)
    v = view(page)
    assert v["title"] in page.page.title()
    human_move(page, game)
    # The bots answer by themselves, and the human has something to do again.
    v = wait(page, HUMAN_ACTS, "the bots never answered")
    assert v["history"]["undo"] and v["log"]
    cursor = v["history"]["cursor"]
    page.page.click("#sk-undo")
    v = wait(page, f"v.history.cursor < {cursor}", "Undo did nothing")
    assert v["history"]["redo"]
    after = axe_violations(page.page)
    assert not found, report(f"play/{game}.html", found)
    assert not after, report(f"play/{game}.html (after a move and Undo)", after)
    assert board_painted(page)
    assert not page.problems(), page.report()
    restored = [line for line in page.offline.worker_console if "Python restored from" in line]
    assert restored, page.report()
    assert all(bundle in restored[0] for bundle in BUNDLES), page.report()


BUNDLES = ("python-play.xz.bin", "python-play-snapshot.xz.bin")  # site/play_pages.py's


@pytest.mark.parametrize("bundle", BUNDLES)
def test_a_play_page_whose_bundle_fails_starts_without_it(
    chromium: Browser, site_url: str, bundle: str
) -> None:
    """Either bundle missing (the second is decoded in a worker of the page's worker): the
    page says why and starts Python from nothing."""
    offline = Offline.new(chromium, site_url)  # its own: nothing kept in IndexedDB
    try:
        failed: list[str] = []

        def fail(route: Route) -> None:
            failed.append(route.request.url)
            route.fulfill(status=404, body="")

        offline.context.route(f"**/{bundle}", fail)
        page = offline.open("play/wolf_and_sheep.html", "wolf_and_sheep")
        page = open_play(lambda path, name: page, "wolf_and_sheep")
        assert failed, "the page never asked for its bundle"
        said = "\n".join(offline.worker_console)
        assert "starts without its snapshot" in said, page.report()
        assert "Python restored from" not in said, page.report()
        assert board_painted(page)
        v = view(page)
        assert v["moves"] or v["status"]["curtain"], v
        assert not page.problems(), page.report()
    finally:
        offline.close()


def test_the_play_page_and_the_app_keep_their_decoded_bundles_side_by_side(
    chromium: Browser, site_url: str
) -> None:
    """IndexedDB keeps each page's decoded parts under its bundle's address: the app's keeping
    its own drops no play page's (site/start_python.js drops only an earlier build's)."""
    offline = Offline.new(chromium, site_url)  # its own: nothing kept in IndexedDB yet
    try:
        visits = [
            ("play/wolf_and_sheep.html", "kept the decoded"),
            ("voici/render/wolf_and_sheep.html", "kept the decoded"),
            ("play/wolf_and_sheep.html", "its parts read from IndexedDB"),
            ("voici/render/wolf_and_sheep.html", "its parts read from IndexedDB"),
        ]
        for path, words in visits:
            start = len(offline.worker_console)
            page = offline.open(path, path)
            for _ in range(int(START * 4)):
                if any(words in line for line in offline.worker_console[start:]):
                    break
                page.page.wait_for_timeout(250)
            else:
                raise AssertionError(f"{path}: never said {words!r}\n{page.report()}")
            page.close()
    finally:
        offline.close()


def test_the_keys_move_the_cursor_and_say_where(open_page: OpenPage) -> None:
    page = open_play(open_page, "wolf_and_sheep")
    canvas = page.page.locator("#sk-board")
    assert canvas.get_attribute("role") == "application"
    words = page.page.locator("#sk-board-words").text_content() or ""
    assert "Sheep" in words and "arrow keys" in words
    canvas.focus()
    page.page.keyboard.press("ArrowRight")
    page.page.wait_for_function("() => document.getElementById('sk-live').textContent !== ''")
    page.page.keyboard.press("Enter")  # picks what the cursor is on (or says why not)
    page.page.wait_for_timeout(300)
    assert not page.problems(), page.report()


GHOST = "rgba(0, 114, 178, 0.55)"  # Battle Sheep's tile to lay where it may go


def test_battle_sheeps_tile_turns_with_the_pages_rotate_button(open_page: OpenPage) -> None:
    """The page has no game panel: the drawing's tool is a button, reached by the keyboard,
    and a click on the board lays the tile turned as it says."""
    page = open_play(open_page, "battle_sheep")
    v = wait(page, "v.tools.length > 0", "no Rotate tile while the first tile is laid")
    assert v["tools"] == ["Rotate tile"]
    rotate = page.page.locator("#sk-tools button", has_text="Rotate tile")
    rotate.focus()
    page.page.keyboard.press("Enter")
    v = wait(page, "v.targets.some((t) => t[2].includes('turned 1'))", "the tile did not turn")
    assert page.page.evaluate("() => document.activeElement.textContent") == "Rotate tile"
    x, y, _ = next(t for t in v["targets"] if "turned 1" in t[2])
    # The tile to lay follows the mouse (drawn only where the mouse is).
    assert v["pointer"] and GHOST not in str(v["board"])
    page.page.mouse.move(*on_screen(page, x, y))
    v = wait(page, f"JSON.stringify(v.board).includes({GHOST!r})", "no tile under the mouse")
    click_board(page, x, y)
    v = wait(page, "v.log.length > 0", "the click laid no tile")
    assert "turned 1" in v["log"][0]["text"], v["log"]
    found = axe_violations(page.page)
    assert not found, report("play/battle_sheep.html (tiles)", found)
    assert not page.problems(), page.report()


def test_the_record_downloads_loads_back_and_the_history_slider_browses(
    open_page: OpenPage, tmp_path: Path
) -> None:
    page = open_play(open_page, "shave_a_sheep")
    for _ in range(2):
        human_move(page, "shave_a_sheep")
    v = wait(page, HUMAN_ACTS, "the bot never answered")
    length = v["history"]["length"]
    slider = page.page.locator("#sk-slider")
    assert slider.is_visible() and slider.get_attribute("max") == str(length - 1)
    slider.focus()
    page.page.keyboard.press("Home")  # the start: every move can be redone
    v = wait(page, "v.history.cursor === 0", "the slider went nowhere")
    assert v["history"]["redo"] and "after 0 of" in (slider.get_attribute("aria-valuetext") or "")
    page.page.keyboard.press("End")
    wait(page, f"v.history.cursor === {length - 1}", "the slider did not come back")
    page.page.click("#sk-records summary")
    with page.page.expect_download() as downloading:
        page.page.click("#sk-save")
    download = downloading.value
    assert download.suggested_filename == "shave_a_sheep.json"
    saved = tmp_path / "shave_a_sheep.json"
    download.save_as(saved)
    assert json.loads(saved.read_text())["game"] == "shave_a_sheep"
    page.page.click("#sk-new")
    wait(page, "v.history.length === 1", "New game kept the moves")
    page.page.set_input_files("#sk-load", str(saved))
    v = wait(page, f"v.history.length === {length}", "the record did not load")
    assert page.page.locator("#sk-records-note").text_content() == v["records"]["note"]
    assert v["records"]["note"].startswith("Loaded")
    (tmp_path / "bad.json").write_text('{"game": "shave_a_sheep"')
    page.page.set_input_files("#sk-load", str(tmp_path / "bad.json"))
    v = wait(page, "v.records.note.startsWith('Not loaded')", "a bad record was not refused")
    assert v["history"]["length"] == length
    found = axe_violations(page.page)
    assert not found, report("play/shave_a_sheep.html (records open)", found)
    assert not page.problems(), page.report()


def test_the_rules_change_the_game_and_its_board(open_page: OpenPage) -> None:
    page = open_play(open_page, "wolf_and_sheep")
    v = view(page)
    width = v["width"]
    page.page.click("#sk-rules summary")
    board = page.page.locator("#sk-rule-board")
    assert board.is_visible() and board.locator("option:checked").text_content() == "8x8"
    found = axe_violations(page.page)
    assert not found, report("play/wolf_and_sheep.html (rules open)", found)
    board.select_option(label="10x10")
    page.page.click("#sk-rules-apply")
    v = wait(page, f"v.width !== {width}", "the board kept its size")
    assert len(v["targets"]) == 100 and v["rules"]["note"] == ""
    assert page.page.locator("#sk-rule-board option:checked").text_content() == "10x10"
    assert board_painted(page)
    assert not page.problems(), page.report()


def test_a_number_the_rules_refuse_is_said(open_page: OpenPage) -> None:
    page = open_play(open_page, "lamb_mimes")
    page.page.click("#sk-rules summary")
    page.page.fill("#sk-rule-hand_size", "99")
    page.page.click("#sk-rules-apply")
    v = wait(page, "v.rules.note !== ''", "nothing was said")
    assert "between 3 and 10" in (page.page.locator("#sk-rules-note").text_content() or "")
    assert v["history"]["length"] >= 1 and not page.problems(), page.report()


def test_the_bots_delay_slider_slows_the_bots(open_page: OpenPage) -> None:
    page = open_play(open_page, "wolf_and_sheep")
    delay = page.page.locator("#sk-delay")
    assert delay.get_attribute("aria-valuetext") == "500 milliseconds"
    delay.focus()
    page.page.keyboard.press("End")
    v = wait(page, "v.bots.delay_ms === 2000", "the delay did not change")
    assert page.page.locator("#sk-delay-ms").text_content() == "2000 ms"
    assert v["bots"]["autoplay"] and not page.problems(), page.report()
