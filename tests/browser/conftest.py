"""Fixtures for the browser tests: one Voila server and one Chromium for the whole session.

Chromium missing is a failure, not a skip: a green run must mean the apps were really
clicked. SHEEPKIT_SKIP_BROWSER=1 is the explicit way to leave the browser tests out.
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
from voila_harness import (
    AppPage,
    VoilaServer,
    serve_voila,
)

if TYPE_CHECKING:
    from playwright.sync_api import Browser


@pytest.fixture(scope="session")
def voila() -> Iterator[VoilaServer]:
    with serve_voila() as server:
        print(f"voila answered after {server.startup_seconds:.1f} s; log {server.log_path}")
        print(f"kernel python3: {' '.join(server.kernel_argv)}")
        yield server


@pytest.fixture
def open_app(
    request: pytest.FixtureRequest, chromium: Browser, voila: VoilaServer
) -> Iterator[Callable[[str], AppPage]]:
    """open_app("wolf_and_sheep") -> AppPage for notebooks/wolf_and_sheep.ipynb."""
    pages: list[AppPage] = []

    def _open(name: str) -> AppPage:
        page = AppPage.new(chromium, name)
        pages.append(page)  # before loading, so a page that never loads is still photographed
        page.load(voila)
        return page

    yield _open
    reports = request.node.stash.get(REPORTS, {})
    failed = any(report.failed for report in reports.values())
    for page in pages:
        if failed:
            # What the user would have seen, plus what went wrong offstage.
            shot = page.screenshot("FAILED-" + re.sub(r"[^\w.-]+", "_", request.node.name))
            print(f"screenshot: {shot}")
            print(f"console errors: {page.console_errors[:10]}")
            print(f"failed requests: {page.failed_requests[:10]}")
            print(f"voila log tail:\n{voila.log_tail()}")
        page.close()
