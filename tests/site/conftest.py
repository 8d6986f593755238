"""Fixtures for the static-site tests: the built _site/ on a static server, one Chromium.

The site must have been built (`make site`; `make site-test` and `make test` build it first).
A missing site or Chromium is a failure, not a skip; SHEEPKIT_SKIP_BROWSER=1 skips the browser
tests on purpose, as in tests/browser/.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING

import pytest
from browser_fixtures import (  # noqa: F401 (pytest registers what a conftest imports)
    REPORTS,
    chromium,
    pytest_collection_modifyitems,
    pytest_runtest_makereport,
)
from site_harness import SITE, SITE_MISSING, Offline, SitePage, serve_site

if TYPE_CHECKING:
    from playwright.sync_api import Browser


@pytest.fixture(scope="session")
def site_url() -> Iterator[str]:
    if not (SITE / "index.html").is_file():
        pytest.fail(SITE_MISSING, pytrace=False)
    with serve_site() as url:
        yield url


@pytest.fixture(scope="session")
def offline(chromium: Browser, site_url: str) -> Iterator[Offline]:
    """One context for the session, so pages after the first load from the HTTP cache."""
    context = Offline.new(chromium, site_url)
    yield context
    context.close()


@pytest.fixture
def open_page(
    request: pytest.FixtureRequest, offline: Offline
) -> Iterator[Callable[[str, str], SitePage]]:
    """open_page("voici/render/wolf_and_sheep.html", "wolf_and_sheep") -> SitePage."""
    pages: list[SitePage] = []

    def _open(path: str, name: str) -> SitePage:
        offline.worker_console.clear()
        page = offline.open(path, name)
        pages.append(page)
        return page

    yield _open
    reports = request.node.stash.get(REPORTS, {})
    failed = any(report.failed for report in reports.values())
    for page in pages:
        if failed:
            shot = page.screenshot("FAILED-site-" + re.sub(r"[^\w.-]+", "_", request.node.name))
            print(f"screenshot: {shot}")
            print(page.report())
        page.close()
