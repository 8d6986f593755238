"""What a screen reader gets of a game, read from Playwright's accessibility snapshot (the
accessibility tree as Chromium exposes it): the board is an image with a name and a
description in words, and each move is said in a polite live region."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from voila_harness import AppPage

from sheepkit.ui.board_speech import KEYS_HINT

pytestmark = pytest.mark.browser

OpenApp = Callable[[str], AppPage]
DESCRIPTION = """el => { const c = el.querySelector('.sk-board canvas');
    const d = document.getElementById(c.getAttribute('aria-describedby') || '');
    return d ? d.textContent : null; }"""


def as_text(tree: str) -> list[str]:
    """The lines of an aria snapshot that read the board's description as page text (the
    live region's are what was said, not the page)."""
    return [line for line in tree.splitlines() if KEYS_HINT in line and "- status" not in line]


def computed_description(app: AppPage) -> str:
    """The board's accessible description as Chromium computes it for assistive technology
    (the accessibility tree's, read over the DevTools protocol)."""
    cdp = app.page.context.new_cdp_session(app.page)
    try:
        root = cdp.send("DOM.getDocument", {"depth": 0})["root"]["nodeId"]
        canvas = cdp.send("DOM.querySelector", {"nodeId": root, "selector": ".sk-board canvas"})
        tree = cdp.send(
            "Accessibility.getPartialAXTree",
            {"nodeId": canvas["nodeId"], "fetchRelatives": False},
        )
    finally:
        cdp.detach()
    return str(tree["nodes"][0].get("description", {}).get("value", ""))


@pytest.mark.parametrize(
    ("name", "title", "words"),
    [
        ("wolf_and_sheep", "Wolf and Sheep", "The sheep is on"),
        ("shave_a_sheep", "Shave a Sheep", "Middle:"),
        ("battle_sheep", "Battle Sheep", "pastures (hexes)"),
        ("lamb_mimes", "Lamb Mimes", "your hand:"),
        ("sheep_race", "The Sheep Race", "Lane 1: "),
    ],
)
def test_the_board_is_named_described_and_each_move_is_said(
    open_app: OpenApp, name: str, title: str, words: str
) -> None:
    app = open_app(name)
    app.wait_for_board()
    app.wait_for(
        "el => el.querySelector('.sk-board canvas[aria-describedby]')",
        app.app.element_handle(),
        failing="the board canvas got no description",
    )
    tree = app.app.aria_snapshot()
    assert f'application "{title} board"' in tree, tree  # the arrow keys go to it
    assert words in (app.app.evaluate(DESCRIPTION) or ""), app.app.evaluate(DESCRIPTION)
    # Read once: as the board's description, not again as a line of text after it.
    described = computed_description(app)
    assert words in described and KEYS_HINT in described, described
    assert not as_text(tree), tree
    hidden = "el => el.querySelector('.sk-board-text.sk-sr-only')"
    app.app.locator(".sk-describe").click()  # on demand: on the page, in the tree, and said
    app.wait_for(f"el => !({hidden[6:]})", app.app.element_handle(), failing="nothing shown")
    assert as_text(app.app.aria_snapshot())
    app.app.locator(".sk-describe").click()
    app.wait_for(hidden, app.app.element_handle(), failing="the description stayed shown")
    assert not as_text(app.app.aria_snapshot())  # (the live region said it: that stays)
    assert "- status" in tree, tree
    assert 'button "Describe the board"' in tree

    state = app.state()  # the default seats: the human, then a bot that replies
    for _ in range(10):
        if state["moves"]:
            break
        state = app.click(".sk-roll") if state["roll"] else app.wait_changed(state, 60)
    app.click(".sk-move")
    app.wait_for(
        "el => (el.querySelector('[role=status]') || {}).textContent",
        app.app.element_handle(),
        failing="nothing was said after the move",
    )
    said = app.app.locator("[role=status]").inner_text()
    log = app.app.locator(".sk-log li").all_inner_texts()
    assert any(line.rstrip(".") in said for line in log), f"said {said!r}; the log: {log}"
    assert app.app.locator("[role=status]").get_attribute("aria-live") == "polite"
    print(f"--- {name}: the accessibility tree after a move ---\n{app.app.aria_snapshot()}")
    app.assert_healthy()
