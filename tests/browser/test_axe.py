"""axe-core finds nothing on any page served by Voila: WCAG 2.0/2.1 A and AA and axe's best
practices (tests/axe_check.py), once the page has painted and, on a game's page, again after a
move (the move buttons, log and status are then new)."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from axe_check import axe_violations, report
from voila_harness import NOTEBOOKS, AppPage

pytestmark = pytest.mark.browser

OpenApp = Callable[[str], AppPage]
PAGES = sorted(p.stem for p in NOTEBOOKS.glob("*.ipynb"))
# The pages with a game app, and whether its first move is a human's (make_a_game's MCTS
# hounds move first, by themselves).
APPS = {
    "wolf_and_sheep": True,
    "shave_a_sheep": True,
    "battle_sheep": True,
    "lamb_mimes": True,
    "sheep_race": True,
    "make_a_game": False,
    "design_a_game": True,
}
# The other pages' own widget, to wait for: Voila shows a page before its widgets render.
WIDGETS = {"rule_lab": ".sk-rule-lab", "bot_arena": ".sk-bot-arena"}


def play_a_move(app: AppPage) -> None:
    """The human's first move by its button (rolling first at a dice moment), then the page
    left to settle (the bot's answer, the cards dealt)."""
    state = app.state()
    for _ in range(40):
        if state["moves"]:
            break
        state = app.click(".sk-roll") if state["roll"] else app.wait_changed(state, 60)
    assert state["moves"], f"{app.name}: no move to play: {state}"
    entries = app.log_lines()
    app.click(".sk-move")
    app.wait_log(entries + 1, failing="the move was not logged")
    app.page.wait_for_timeout(1000)  # the bot's answer and its redraw


def quiet(app: AppPage) -> None:
    """The page once its cells' outputs and widgets have stopped appearing (Voila renders
    progressively, and widgets render after their cell's output arrives)."""
    app.page.wait_for_function(
        """async () => {
            const pause = (ms) => new Promise((r) => setTimeout(r, ms));
            let size = -1;
            for (let i = 0; i < 30; i++) {
                const now = document.body.innerHTML.length;
                if (now === size) return true;
                size = now;
                await pause(2000);
            }
            return true;
        }""",
        timeout=120_000,
    )


@pytest.mark.parametrize("name", PAGES)
def test_axe_finds_nothing(open_app: OpenApp, name: str) -> None:
    app = open_app(name)
    if name in APPS:
        app.wait_for_board(playable=APPS[name])
    elif name in WIDGETS:
        app.page.locator(WIDGETS[name]).first.wait_for(timeout=120_000)
    quiet(app)
    found = axe_violations(app.page)
    print(report(f"{name} (painted)", found))
    after: list = []
    if name in APPS:
        play_a_move(app)
        after = axe_violations(app.page)
        print(report(f"{name} (after a move)", after))
    assert not found, report(f"{name} (painted)", found)
    assert not after, report(f"{name} (after a move)", after)
    app.assert_healthy()
