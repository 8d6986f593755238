"""The keyboard alone reaches and leaves every control, with a visible focus ring.

ipycanvas swallows every key pressed on a canvas (preventDefault), so a board (or a lesson
picture, when pictures were canvases) that had focus used to keep it for ever: Tab,
Shift+Tab and Escape did nothing. Lesson pictures are SVG now, and take no focus.
"""

from __future__ import annotations

from collections.abc import Callable

import pytest
from voila_harness import AppPage

pytestmark = pytest.mark.browser

# The kind of element that has focus, and which one (numbered on first focus).
FOCUS = """() => { const e = document.activeElement;
    if (!e || e === document.body) return ['body', 0];
    window.skFocusCount = window.skFocusCount || 0;
    if (!e.dataset.skFocus) e.dataset.skFocus = String(++window.skFocusCount);
    const kind = e.closest('.sk-board') ? 'board' : e.tagName === 'CANVAS' ? 'canvas' : 'control';
    return [kind, Number(e.dataset.skFocus)]; }"""
WHERE = f"() => ({FOCUS})()[0]"
RING = """() => { const s = getComputedStyle(document.activeElement);
    return { style: s.outlineStyle, width: parseFloat(s.outlineWidth) }; }"""


def test_tab_shift_tab_and_escape_leave_every_canvas(open_app: Callable[[str], AppPage]) -> None:
    app = open_app("wolf_and_sheep")  # lesson pictures, then the app
    app.wait_for_board()
    page = app.page
    pictures = page.locator(".sk-picture svg")
    assert pictures.count() >= 5, "the lesson's pictures are not on the page"
    assert page.locator(".sk-picture canvas, .sk-picture [tabindex]").count() == 0
    page.locator("body").click(position={"x": 2, "y": 2})  # start from the page itself
    focus, path = ["body", 0], []
    for _ in range(200):
        page.keyboard.press("Tab")
        previous, focus = focus, page.evaluate(FOCUS)
        path.append(focus[0])
        assert not (previous[0] in ("canvas", "board") and focus == previous), (
            f"Tab stayed on a {focus[0]}: {path}"
        )
        if previous[0] == "board":
            break
    where = focus[0]
    assert "board" in path, f"Tab never reached the board: {path}"
    assert where == "control", path
    ring = page.evaluate(RING)
    assert ring["style"] != "none" and ring["width"] >= 2, f"no visible focus ring: {ring}"

    page.keyboard.press("Shift+Tab")
    assert page.evaluate(WHERE) == "board", "Shift+Tab did not come back to the board"
    page.keyboard.press("Shift+Tab")
    assert page.evaluate(WHERE) != "board", "Shift+Tab did not leave the board"

    app.app.locator(".sk-board canvas").first.focus()
    page.keyboard.press("Escape")
    assert page.evaluate(WHERE) != "board", "Escape did not leave the board"
    app.assert_healthy()
