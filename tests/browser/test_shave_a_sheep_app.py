"""The Shave a Sheep lesson in the page: the die designer redraws a face it changes, the app's
panel opens the designer, and a human wins the howl race with a button. Bot timing in the race
is tested in tests/games/test_shave_a_sheep_ui.py, where the clock can be controlled."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from voila_harness import AppPage

pytestmark = pytest.mark.browser


def test_designer_changes_a_face_and_the_app_opens_one(open_app: Callable[[str], AppPage]) -> None:
    app = open_app("shave_a_sheep")
    app.wait_for_board()
    page = app.page
    designer = page.locator(".sk-die-designer").last
    designer.wait_for(timeout=30_000)
    face = designer.locator(".sk-die-face").first
    assert "grow" in face.inner_text()
    before = face.inner_html()
    select = designer.locator(".sk-face-1-second select")
    select.select_option(label="shear (pink)")
    page.wait_for_function(
        "([el, before]) => el.innerHTML !== before && el.innerText.includes('shear')",
        arg=[face.element_handle(), before],
        timeout=30_000,
    )
    # the same action twice on a face: the Rules' message shows, Play is disabled
    select.select_option(label="grow (white)")
    page.wait_for_function(
        "el => el.innerText.includes('face 1')",
        arg=designer.locator(".sk-die-error").element_handle(),
        timeout=30_000,
    )
    assert designer.locator(".sk-die-play").is_disabled()
    # the app's own panel opens a second designer inside the app (one page load: it is slow)
    app.app.locator(".sk-open-designer").click()
    app.app.locator(".sk-die-designer .sk-die-face").first.wait_for(timeout=30_000)
    assert app.app.locator(".sk-die-face").count() == 6
    app.assert_healthy()
    app.screenshot("shave_a_sheep-designer")


def test_the_howl_race_is_won_by_a_button(open_app: Callable[[str], AppPage]) -> None:
    """Howling Wolf from the rules panel, a rigged gray roll, and Player 1's Howl! button."""
    app = open_app("shave_a_sheep")
    app.wait_for_board()
    app.seat_humans()  # both seats human: no bot races the click
    app.app.get_by_text("Rules", exact=True).click()
    wolf = app.app.locator(".sk-rules .widget-dropdown", has_text="Wolf").locator("select")
    wolf.select_option(label="Howling Wolf")
    idles = app.kernel_idles  # a new game at the start looks like the old one: wait for it
    app.app.locator(".sk-apply-rules").click()
    app.wait_kernel_idle(idles)
    rig = app.app.locator(".sk-rig").locator("xpath=..").locator("select")
    labels: list[str] = rig.evaluate("s => Array.from(s.options, o => o.text)")
    gray = next(label for label in labels if "gray" in label.lower())
    rig.select_option(label=gray)
    app.page.wait_for_timeout(300)
    app.click(".sk-rig")
    howl = app.app.locator(".sk-howl", has_text="Player 1")
    howl.wait_for(timeout=30_000)
    assert "race" in app.state()["status"].lower()
    app.click(".sk-howl")
    state = app.state()
    assert state["moves"], f"the race winner should now choose a sheep: {state}"
    assert any("Player 2" in move for move in state["moves"]), state
    log = app.app.locator(".sk-log").inner_text()
    assert "howl 1" in log.lower(), log
    app.assert_healthy()
