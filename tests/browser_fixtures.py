"""What the Voila browser tests (tests/browser) and the static-site tests (tests/site) share:
each conftest imports these, so pytest registers them there.

Chromium missing is a failure, not a skip: a green run must mean the apps were really
clicked. SHEEPKIT_SKIP_BROWSER=1 is the explicit way to leave the browser tests out.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import TYPE_CHECKING

import pytest
from voila_harness import CHROMIUM, CHROMIUM_MISSING, launch_chromium

if TYPE_CHECKING:
    from playwright.sync_api import Browser

SKIP_BROWSER = os.environ.get("SHEEPKIT_SKIP_BROWSER") == "1"
#: Each phase's report of a test, so that page fixtures can tell at teardown that it failed.
REPORTS = pytest.StashKey[dict[str, pytest.TestReport]]()


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    if not SKIP_BROWSER:
        return
    skip = pytest.mark.skip(reason="SHEEPKIT_SKIP_BROWSER=1")
    for item in items:
        if "browser" in item.keywords:
            item.add_marker(skip)


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    report = yield
    item.stash.setdefault(REPORTS, {})[report.when] = report
    return report


@pytest.fixture(scope="session")
def chromium() -> Iterator[Browser]:
    if not CHROMIUM.exists():
        pytest.fail(CHROMIUM_MISSING, pytrace=False)
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        yield browser
        browser.close()
