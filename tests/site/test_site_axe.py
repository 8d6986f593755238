"""axe-core finds nothing on any page of the static site (WCAG 2.0/2.1 A and AA and axe's best
practices, tests/axe_check.py), once the page has run its cells and, on a game's page, again
after a move. The same pages as on the Voila server, built by Voici."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
from axe_check import axe_violations, report
from site_harness import SitePage

pytestmark = pytest.mark.browser

OpenPage = Callable[[str, str], SitePage]
NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
PAGES = sorted(p.stem for p in NOTEBOOKS.glob("*.ipynb"))
GAMES = ("wolf_and_sheep", "shave_a_sheep", "battle_sheep", "lamb_mimes", "sheep_race")
START = 240.0  # a cold Pyodide start on a busy 2-core machine
BOT = 90.0


def play_a_move(app: SitePage) -> None:
    """The human's first move by its button (rolling first at a dice moment)."""
    app.wait_for(
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
    assert state["moves"], f"{app.name}: no move to play: {state}"
    entries = app.app.evaluate("el => el.querySelectorAll('.sk-log li').length")
    app.click(".sk-move", BOT)
    app.wait_for(
        "([el, n]) => el.querySelectorAll('.sk-log li').length > n",
        [app.app.element_handle(), entries],
        timeout=BOT,
        failing="the move was not logged",
    )
    app.page.wait_for_timeout(1000)  # the bot's answer and its redraw


@pytest.mark.parametrize("name", PAGES)
def test_axe_finds_nothing_on_the_static_site(open_page: OpenPage, name: str) -> None:
    app = open_page(f"voici/render/{name}.html", name)
    app.wait_ready(timeout=START)
    found = axe_violations(app.page)
    print(report(f"site {name} (ran)", found))
    after: list = []
    if name in GAMES:
        app.wait_for_board(timeout=30)
        play_a_move(app)
        after = axe_violations(app.page)
        print(report(f"site {name} (after a move)", after))
    assert not found, report(f"site {name} (ran)", found)
    assert not after, report(f"site {name} (after a move)", after)
    app.assert_healthy()
