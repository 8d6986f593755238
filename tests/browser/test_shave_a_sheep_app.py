"""The Shave a Sheep lesson in the page: the die designer redraws a face it changes, and
the app's panel opens the designer. The howl race itself is driven by widget tests
(tests/games/test_shave_a_sheep_ui.py), where its timing can be controlled."""

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
