"""Play together on the play pages (sheepkit.play_tables, site/play/play.js): on the classroom
server (``python -m sheepkit.tables.classroom``, what ``make classroom`` runs) a host opens a
table on Wolf and Sheep's play page, a guest on another browser joins it by its code, and both
see the first move, the guest's page told by the table's websocket unasked; seated, neither
page offers Undo, Redo or New game; axe finds nothing. On the site served as plain files the
section says the one line and offers no buttons. (tests/test_play_tables.py tests the page's
Python without a browser.)"""

from __future__ import annotations

import tempfile
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from axe_check import axe_violations, report
from site_harness import Offline, SitePage, serve_classroom
from test_site_play import view, wait

from sheepkit.tables.together import NO_SERVICE_WORDS

if TYPE_CHECKING:
    from playwright.sync_api import Browser

pytestmark = pytest.mark.browser
START = 180.0  # a cold start on a busy 2-core machine
PAGE = "play/wolf_and_sheep.html"


@pytest.fixture(scope="module")
def classroom() -> Iterator[str]:
    folder = Path(tempfile.mkdtemp(prefix="sheepkit-site-play-tables-"))
    with serve_classroom(folder) as url:
        yield url


def open_play(offline: Offline, name: str) -> SitePage:
    page = offline.open(PAGE, name)
    wait(page, "v.tables.service !== null", "the page never looked for a table service", START)
    return page


def test_a_host_and_a_guest_play_at_one_table(chromium: Browser, classroom: str) -> None:
    host_browser, guest_browser = Offline.new(chromium, classroom), Offline.new(chromium, classroom)
    try:
        host = open_play(host_browser, "host")
        guest = open_play(guest_browser, "guest")
        for page in (host, guest):
            assert view(page)["tables"]["service"] is True, page.report()
            assert page.page.get_by_role("button", name="Open a table").is_visible()
        host.page.select_option("#sk-seat-1", "Human")  # the wolves: a pupil's seat
        wait(host, "v.seats[1].who === 'Human'", "the seat picker did nothing")
        host.page.get_by_role("button", name="Open a table").click()
        v = wait(host, "v.tables.at && v.tables.at.code", "no table opened")
        code = v["tables"]["at"]["code"]
        assert host.page.locator(".sk-table-code-shown").text_content() == code
        guest.page.get_by_label("Table code").fill(code)
        guest.page.get_by_role("button", name="Join with this code").click()
        guest.page.get_by_role("button", name="Sit as Wolves").click()
        wait(guest, "v.tables.at !== null", "the guest did not sit")
        # The host's page hears the guest sit without asking.
        wait(host, "v.tables.at.seats[1] === 'Wolves: a pupil'", "the host never heard")
        host.page.get_by_role("button", name="Start the game").click()
        v = wait(host, "v.moves.length > 0", "the host's first move never came")
        assert v["status"]["text"].startswith("Your turn, Sheep")
        host.page.locator(".sk-move").first.click()
        for page in (host, guest):  # both see the first move; the guest's view came unasked
            wait(page, "v.log.length === 1", "the first move was not shown")
        v = wait(guest, "v.moves.length > 0", "the guest's turn never came")
        assert v["status"]["text"].startswith("Your turn, Wolves")
        # Seated, the page's address is the table's link; reloaded, it takes the seat up again.
        assert f"?table={code}" in guest.page.url
        guest.page.reload()
        v = wait(guest, "v.tables.at && v.moves.length > 0", "the seat was not taken up", START)
        assert v["tables"]["at"]["seats"][1] == "Wolves: you" and len(v["log"]) == 1
        for page in (host, guest):
            for hidden in ("#sk-history", "#sk-bots", "#sk-seats"):
                assert page.page.locator(hidden).is_hidden(), (page.name, hidden)
        assert guest.page.get_by_role("button", name="Leave the table").is_visible()
        assert host.page.get_by_role("button", name="Close the table").is_visible()
        for page in (host, guest):
            found = axe_violations(page.page)
            assert not found, report(f"{PAGE} ({page.name}, at a table)", found)
        guest.page.get_by_role("button", name="Leave the table").click()
        v = wait(guest, "v.tables.at === null", "the guest could not leave")
        assert "You left table" in v["tables"]["note"] and v["offers"]["new_game"]
        assert not host.problems(), host.report()
        assert not guest.problems(), guest.report()
    finally:
        host_browser.close()
        guest_browser.close()


def test_on_the_plain_static_site_the_section_says_so(
    open_page: Callable[[str, str], SitePage],
) -> None:
    page = open_page(PAGE, "wolf_and_sheep")
    v = wait(page, "v.tables.service !== null", "the page never looked", START)
    assert v["tables"]["service"] is False
    section = page.page.locator("#sk-tables")
    assert section.locator("#sk-tables-note").text_content() == NO_SERVICE_WORDS
    assert all(not b.is_visible() for b in section.get_by_role("button").all())
    found = axe_violations(page.page)
    assert not found, report(f"{PAGE} (no table service)", found)
