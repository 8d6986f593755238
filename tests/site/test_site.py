"""The static site, offline, in Chromium: every game app plays, the lab runs, nothing outside.

Every request to an address other than the site's 127.0.0.1 server is aborted and recorded,
and any such request fails the test on that page (SitePage.problems). Pyodide runs in the
page, so the first page pays for its start-up; every wait has a timeout, and a failing test
prints the kernel worker's console (a missing package hangs the kernel without a page error).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import pytest
from site_harness import Offline, SitePage

import sheepkit
from sheepkit.drawing import drawing_for
from sheepkit.games.battle_sheep import geometry as geo
from sheepkit.games.battle_sheep.drawing import BattleSheepDrawing
from sheepkit.games.lamb_mimes.drawing import hand_box
from sheepkit.games.shave_a_sheep.drawing import sheep_box
from sheepkit.games.sheep_race.drawing import LANE_H, TOP
from sheepkit.games.wolf_and_sheep.engine import parse_square

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page, Request

pytestmark = pytest.mark.browser

OpenPage = Callable[[str, str], SitePage]
GAMES = ("wolf_and_sheep", "shave_a_sheep", "battle_sheep", "lamb_mimes", "sheep_race")
START = 240.0  # a cold Pyodide start on a busy 2-core machine (seen: 20-40 s)
BOT = 90.0


def _render(name: str) -> str:
    return f"voici/render/{name}.html"


# A human may act: a roll or a move shown and enabled (as window.__sk.state reads them).
_MINE = "(el) => { const s = window.__sk.state(el); return s.roll || s.moves.length > 0; }"


def _log_entries(app: SitePage) -> int:
    count: int = app.app.evaluate("el => el.querySelectorAll('.sk-log li').length")
    return count


def _human_turn(app: SitePage, entries: int) -> None:
    """Wait until the log has more than `entries` lines and a human control is enabled."""
    app.wait_for(
        f"([el, n]) => el.querySelectorAll('.sk-log li').length > n && ({_MINE})(el)",
        [app.app.element_handle(), entries],
        timeout=BOT,
        failing="the bot did not answer and hand the turn back",
    )


def _roll_until_a_move(app: SitePage) -> dict[str, Any]:
    app.wait_for(  # a game may open with the cards being dealt: wait for the human's turn
        "el => { const s = window.__sk.state(el); return s.moves.length > 0 || s.roll; }",
        app.app.element_handle(),
        timeout=BOT,
        failing="the human never had anything to do",
    )
    state = app.state()
    for _ in range(10):
        if state["moves"] or not state["roll"]:
            break
        state = app.click(".sk-roll", BOT)
    assert state["moves"], f"no enabled .sk-move button: {state}"
    return state


Points = list[tuple[float, float]]


def _wolf_and_sheep_clicks(app: SitePage) -> Points:
    """The first move's button is labelled "Sheep E1 → D2": click the piece, then its target."""
    label = _roll_until_a_move(app)["moves"][0]
    drawing = drawing_for(sheepkit.load("wolf_and_sheep"))
    squares = re.findall(r"\b([A-Z]\d+)\b", label)
    return [drawing.centre(parse_square(n, drawing.size)) for n in squares]


def _sheep_race_clicks(app: SitePage) -> Points:
    """A visible bet ("Visible bet: lane 3 (Brie)"): one click on that lane."""
    label = _roll_until_a_move(app)["moves"][0]
    lane = re.search(r"lane (\d+)", label)
    assert lane, f"the first move is no bet on a lane: {label!r}"
    return [(100.0, TOP + (int(lane.group(1)) - 0.5) * LANE_H)]


def _shave_a_sheep_clicks(app: SitePage) -> Points:
    """The roll rigged to white/green (grow, or swap with Player 2): a click on Player 2's
    sheep swaps."""
    rig = app.app.locator(".sk-rig").locator("xpath=..").locator("select")
    rig.wait_for(timeout=30_000)
    labels: list[str] = rig.evaluate("s => Array.from(s.options, o => o.text)")
    rig.select_option(label=next(label for label in labels if "white/green" in label))
    app.page.wait_for_timeout(300)
    state = app.click(".sk-rig", BOT)
    assert any("Swap" in move for move in state["moves"]), state
    x, y, w, h = sheep_box(sheepkit.load("shave_a_sheep").rules.players, 1)
    return [(x + w / 2, y + h / 2)]


def _lamb_mimes_clicks(app: SitePage) -> Points:
    """A dealt match loaded by the Save / load panel (as a pupil would paste a record), in
    which only the hand's 7 green/red fits: a click on that card plays it."""
    _roll_until_a_move(app)  # the app has dealt its own game: the record replaces it
    hand = ["1BO", "2BO", "3BO", "4BR", "7GR"]
    others = [["5BG", "5GO", "2GO", "3GO", "4GO"], ["1OR", "2OR", "3OR", "4OR", "5OR"]]
    state = sheepkit.load("lamb_mimes", players=3).new_game()
    for cards in zip(hand, *others, strict=True):
        for card in cards:
            state = state.play(f"deal {card}")
    state = state.play("start 6GR")
    app.app.get_by_text("Save / load").click()
    app.app.locator(".sk-record textarea").fill(json.dumps(state.record()))
    app.app.locator(".sk-load").click()
    app.wait_for(
        "el => JSON.stringify(window.__sk.state(el).moves) === '[\"Play 7 green/red\"]'",
        app.app.element_handle(),
        timeout=BOT,
        failing="the loaded record did not leave Player 1 one card to play",
    )
    x, y, w, _ = hand_box(len(hand), 4, raised=True)
    return [(x + w / 2, y + 20)]


def _battle_sheep_clicks(app: SitePage) -> Points:
    """The first tile, not turned, laid at g7 by one click there."""
    _roll_until_a_move(app)
    state = sheepkit.load("battle_sheep").new_game()
    return [BattleSheepDrawing().layout(state).centre(geo.parse_cell("g7"))]


# Each game's first human move played by clicks on its board (after what the function does
# first: a rigged roll, a loaded record); the log must grow, the bot answer, and the human's
# controls show again.
BOARD_CLICKS: dict[str, Callable[[SitePage], Points]] = {
    "wolf_and_sheep": _wolf_and_sheep_clicks,
    "shave_a_sheep": _shave_a_sheep_clicks,
    "battle_sheep": _battle_sheep_clicks,
    "lamb_mimes": _lamb_mimes_clicks,
    "sheep_race": _sheep_race_clicks,
}


def _click_board(app: SitePage, points: Points) -> None:
    canvas = app.app.locator(".sk-board canvas").first
    canvas.evaluate("c => c.scrollIntoView({block: 'center'})")
    scale: float = canvas.evaluate("c => c.getBoundingClientRect().width / c.width")
    for x, y in points:
        canvas.click(position={"x": x * scale, "y": y * scale}, timeout=10_000)
        app.page.wait_for_timeout(300)


def test_the_welcome_app_is_the_landing_page(open_page: OpenPage) -> None:
    app = open_page("index.html", "00_welcome")
    app.page.wait_for_url(re.compile(r"voici/render/00_welcome\.html"), timeout=30_000)
    app.wait_for(  # the game table is a cell's output: the kernel ran the notebook
        "() => /Wolf and Sheep/.test(Array.from(document.querySelectorAll("
        "'.jp-OutputArea-output'), e => e.innerText).join(' '))",
        timeout=START,
        failing="the welcome app's game table never appeared",
    )
    links = app.page.eval_on_selector_all(
        "a[href$='.ipynb']",
        "els => els.filter(e => e.origin === location.origin).map(e => e.href)",
    )  # the site's own: Binder's addresses end in a notebook's name on purpose
    assert not links, f"links to .ipynb files (no such pages here): {links[:5]}"
    app.assert_healthy()
    app.screenshot("site-welcome")


# Lesson pictures are SVG in the cells' output (sheepkit.ui.picture): shown, not sanitised away.
PICTURES_DRAWN = """() => Array.from(document.querySelectorAll('.sk-picture svg'))
    .filter((s) => s.childElementCount > 10 && s.getBoundingClientRect().width > 50).length"""


@pytest.mark.parametrize(
    "name",
    GAMES,
)
def test_a_game_app_paints_plays_answers_and_undoes(open_page: OpenPage, name: str) -> None:
    app = open_page(_render(name), name)
    app.wait_ready(timeout=START)
    app.wait_for_board(timeout=30)
    assert app.board()["painted"] > 0
    assert app.state()["status"], "the app has no .sk-status text"
    assert app.page.evaluate(PICTURES_DRAWN) >= 1, "the lesson's pictures are not on the page"
    # A plain static server has no table service: the app says so and hides the table buttons.
    assert "make classroom" in app.app.locator(".sk-tables").inner_text()
    assert not app.app.locator(".sk-table-open").is_visible()
    # The lab's stand-in note is the lab's: a pupil on an app page runs no code of their own.
    assert not app.page.get_by_text("not the real packages").first.is_visible()

    # First a move by clicks on the board; the bot answers and the human's controls show.
    points = BOARD_CLICKS[name](app)
    entries = _log_entries(app)
    _click_board(app, points)
    _human_turn(app, entries + 1)
    assert _log_entries(app) > entries, "the board clicks played no move"
    if name == "battle_sheep":  # they stayed hidden: a widget trait set back to None was lost
        for control in (".sk-rotate", ".sk-lay"):
            assert app.app.locator(control).is_visible(), f"{control} hidden after the answer"

    # A move by its button (after the roll, at a dice moment); the bot then answers by itself.
    before_turn = app.board()["hash"]
    _roll_until_a_move(app)
    before_move = app.board()["hash"]
    entries = _log_entries(app)
    app.click(".sk-move", BOT)
    after_move = app.board()["hash"]
    assert after_move != before_move, "the move button did not change the board"
    _human_turn(app, entries + 1)  # the human's move is one log line, the bot's come after

    # Undo goes back to the human's last decision: the board as it was before that move
    # (or before that turn's roll).
    answered = app.board()["hash"]
    app.click(".sk-undo", BOT)
    undone = app.board()["hash"]
    assert undone != answered, "Undo did not change the board"
    assert undone in (before_move, before_turn), "Undo did not go back to the human's move"

    app.assert_healthy()
    app.screenshot(f"site-{name}")


def test_python_comes_as_one_xz_bundle_kept_decoded_for_the_next_visit(
    open_page: OpenPage, offline: Offline
) -> None:
    """A page fetches Python (wasm, standard library, snapshot, files) as one xz bundle, which
    its worker decodes; the next page reads the decoded parts from IndexedDB instead."""
    docs = open_page("docs/index.html", "docs")  # a page of the site that starts no Python
    docs.page.evaluate(
        "() => new Promise((r) => { const d = indexedDB.deleteDatabase('sheepkit-python');"
        " d.onsuccess = d.onerror = d.onblocked = () => r(); })"
    )
    docs.close()
    requested: list[str] = []

    def record(request: Request) -> None:
        requested.append(request.url)

    offline.context.on("request", record)
    try:
        _bundle_then_kept(open_page, requested)
    finally:
        offline.context.remove_listener("request", record)


def _bundle_then_kept(open_page: OpenPage, requested: list[str]) -> None:
    first = open_page(_render("sheep_race"), "sheep_race")
    first.wait_ready(timeout=START)
    console = first.offline.worker_console
    assert any("restored from python.xz.bin," in line for line in console), first.report()
    assert any(" unpacked in " in line for line in console), first.report()
    # Pyodide fetched neither its wasm nor its standard library: they came in the bundle.
    assert [u for u in requested if u.endswith("/python.xz.bin")], requested
    assert not [u for u in requested if u.endswith(("/pyodide.asm.wasm", "/python_stdlib.zip"))]
    kept = "sheepkit: kept the decoded python.xz.bin for the next visit"
    for _ in range(600):  # it is kept a few seconds after the restore, out of the cells' way
        if any(kept in line for line in console):
            break
        first.page.wait_for_timeout(100)
    assert any(kept in line for line in console), first.report()
    first.close()
    requested.clear()
    second = open_page(_render("sheep_race"), "sheep_race")
    second.wait_ready(timeout=START)
    console = second.offline.worker_console
    assert any("its parts read from IndexedDB" in line for line in console), second.report()
    assert not [u for u in requested if u.endswith(".xz.bin")], "fetched the bundle again"
    second.wait_for_board(timeout=30)
    assert second.board()["painted"] > 0
    second.assert_healthy()


def test_an_app_starts_no_service_worker(chromium: Browser, site_url: str) -> None:
    """Voici's app runs without JupyterLite's service worker (site/build.py,
    VOICI_SERVICE_WORKER): a visit neither asks for its script nor registers it."""
    offline = Offline.new(chromium, site_url)  # its own: no lab has registered one here
    requested: list[str] = []
    offline.context.on("request", lambda request: requested.append(request.url))
    try:
        app = offline.open(_render("lamb_mimes"), "lamb_mimes")
        app.wait_ready(timeout=START)
        app.wait_for_board(timeout=30)
        registered = app.page.evaluate(
            "() => navigator.serviceWorker.getRegistrations().then((r) => r.length)"
        )
        assert registered == 0, app.report()
        assert not [u for u in requested if "service-worker" in u], requested
        app.assert_healthy()
    finally:
        offline.close()


def test_a_lesson_shows_as_its_cells_run_and_keeps_its_place(open_page: OpenPage) -> None:
    """The page shows its cells while later ones still run, as Voila's progressive rendering
    does (site/build.py, SHOW_CELLS_AS_THEY_RUN), with a note of how far it has got. When
    Voici's shell takes the cells in at the end, the cell at the top of the window stays."""
    app = open_page(_render("lamb_mimes"), "lamb_mimes")  # the most cells after its app
    page = app.page
    app.wait_for(
        "() => window.sheepkitCellsRun === true"
        " || (!!document.getElementById('sk-running') && window.__sk.voilaReady())",
        timeout=START,
        failing="the page never showed",
    )
    assert not page.evaluate("() => window.sheepkitCellsRun === true"), (
        "the page showed nothing before its last cell had run"
    )
    shell = "() => getComputedStyle(document.querySelector('#main')).display"
    assert page.evaluate(shell) == "none", "Voici's empty shell covers the page"
    note = page.locator("#sk-running")
    assert re.fullmatch(r"Running the lesson: cell \d+ of \d+", note.inner_text())
    place = "() => document.querySelector('[cell-index=\"12\"]').getBoundingClientRect().top"
    # A cell not yet shown has no height: scrolled to, the content shown next would push it up.
    shown = "() => document.querySelector('[cell-index=\"12\"]').getBoundingClientRect().height > 0"
    app.wait_for(shown, timeout=START, failing="cell 12 was never shown")
    page.evaluate("() => document.querySelector('[cell-index=\"12\"]').scrollIntoView()")
    top = page.evaluate(place)
    assert note.count() == 1, "the last cell ran before the test could scroll: no place to keep"
    app.wait_ready(timeout=START)
    page.wait_for_timeout(500)  # the place is put back over the next frames
    assert note.count() == 0, "the note stayed after the last cell ran"
    assert abs(page.evaluate(place) - top) <= 2, "the page jumped when its last cell had run"
    app.assert_healthy()


def _run_below(page: Page, code: str, marker: str) -> list[str]:
    """Type `code` into a new cell below the selected one, run it, and return the lines of
    the output that holds `marker`."""
    page.keyboard.press("Escape")
    page.keyboard.press("b")  # a new cell below
    page.keyboard.press("Enter")
    # Type once its editor has the focus: keys sent before are lost (CI once lost a first "i").
    editor = page.locator(".jp-Notebook .jp-Cell.jp-mod-active .cm-editor.cm-focused")
    editor.wait_for(timeout=30_000)
    page.keyboard.type(code)
    page.keyboard.press("Shift+Enter")
    output = page.locator(".jp-Notebook .jp-OutputArea-output", has_text=marker)
    output.first.wait_for(timeout=60_000)
    return [line.strip() for line in output.first.inner_text().splitlines() if line.strip()]


def test_the_lab_shows_the_code_and_runs_a_cell(open_page: OpenPage) -> None:
    from playwright.sync_api import expect

    app = open_page("lab/index.html?path=wolf_and_sheep.ipynb", "lab")
    page = app.page
    page.wait_for_selector(".jp-Notebook .jp-CodeCell", timeout=START * 1000)
    code = page.locator(".jp-Notebook .jp-CodeCell .jp-InputArea .cm-content").first
    # CodeMirror fills an editor's text after the editor itself appears: wait for the text.
    expect(code, "the first code cell is not shown").to_contain_text("sheepkit", timeout=30_000)
    note = page.locator(".jp-Notebook .jp-MarkdownCell", has_text="not the real packages")
    note.first.wait_for(timeout=30_000)  # the build's note on the numpy stand-in
    # Run it once the kernel is idle (a cell sent while Pyodide starts may be dropped).
    page.get_by_text("Python (Pyodide) | Idle").wait_for(timeout=START * 1000)
    code.click()
    page.keyboard.press("Shift+Enter")
    app.wait_for(  # the execution count appears once the Pyodide kernel has run the cell
        "() => /\\[\\d+\\]/.test(document.querySelector("
        "'.jp-Notebook .jp-CodeCell .jp-InputPrompt').innerText)",
        timeout=START,
        failing="the first code cell never ran",
    )
    errors = page.locator(".jp-Notebook [data-mime-type='application/vnd.jupyter.stderr']")
    assert errors.count() == 0, errors.first.inner_text()
    # Python started from the build's memory snapshot, with its packages' files written back
    # (a cell's imports made Pyodide load nothing again), and drew a fresh random seed there
    # (otherwise every page would draw the snapshot's numbers: the same dice for everyone).
    console = app.offline.worker_console
    assert any(
        "Python restored from python.xz.bin + python-lab-files.xz.bin" in line for line in console
    ), app.report()
    assert not [line for line in console if line.startswith("log: Loaded ")], app.report()
    fresh = "random.random() != sys._sheepkit_snapshot['random_would_give']"
    ran = _run_below(page, f"import random, sys; print('fresh seed:', {fresh})", "fresh seed:")
    assert ran == ["fresh seed: True"]
    # The kernel no longer imports piplite (with micropip) as it starts; %pip's first import
    # of it gets the settings the kernel would have given it (no fallback to PyPI).
    ran = _run_below(
        page,
        "print('micropip at start:', 'micropip' in sys.modules); import piplite.piplite as p; "
        "print('PyPI off:', p._PIPLITE_DISABLE_PYPI)",
        "PyPI off:",
    )
    assert ran == ["micropip at start: False", "PyPI off: True"]
    # jedi is not in the snapshot (1 MB of every page): the kernel imports it as it first
    # completes code, and completes with it.
    ran = _run_below(
        page,
        "print('jedi at start:', 'jedi' in sys.modules); import pyodide_kernel; "
        "found = pyodide_kernel.kernel_instance.complete('import sheepk', 13)['matches']; "
        "print('completes:', 'sheepkit' in found, 'jedi' in sys.modules)",
        "completes:",
    )
    assert ran == ["jedi at start: False", "completes: True True"]
    app.assert_healthy()
    app.screenshot("site-lab")


def test_the_rule_lab_runs_a_small_comparison(open_page: OpenPage) -> None:
    app = open_page(_render("rule_lab"), "rule_lab")
    games = app.page.locator(".sk-rule-lab .sk-lab-games input")
    games.wait_for(state="visible", timeout=START * 1000)
    games.fill("20")
    games.press("Tab")
    app.page.wait_for_timeout(500)
    app.page.locator(".sk-rule-lab .sk-run").click()
    rows = "() => document.querySelectorAll('.sk-rule-lab .sk-results .sk-lab-row').length"
    app.wait_for(f"() => ({rows})() >= 2", timeout=BOT, failing="no results table")
    app.wait_for(
        "() => document.querySelectorAll('.sk-rule-lab svg.sk-chart').length > 0",
        timeout=BOT,
        failing="no chart under the results",
    )
    app.assert_healthy()


def test_the_bot_arena_shows_its_tournament(open_page: OpenPage) -> None:
    app = open_page(_render("bot_arena"), "bot_arena")
    rows = "() => document.querySelectorAll('.sk-bot-arena .sk-results .sk-lab-row').length"
    app.wait_for(f"() => ({rows})() >= 2", timeout=START, failing="no leaderboard")
    app.wait_for(
        "() => document.querySelectorAll('.sk-bot-arena svg.sk-chart').length > 0",
        timeout=BOT,
        failing="no chart in the arena",
    )
    app.assert_healthy()
