"""A class on the static site: a lesson running on Pyodide joins a class on the classroom
server (``python -m sheepkit.tables.classroom``) through the browser's own websocket, and its
answer reaches the store; on the site served as plain files the strip keeps the answers in
the browser and hands them in as a file."""

from __future__ import annotations

import base64
import re
import tempfile
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from site_harness import Offline, SitePage, serve_classroom

from sheepkit.classes.handin import read_hand_in
from sheepkit.classes.store import FILE_NAME, ClassStore

if TYPE_CHECKING:
    from playwright.sync_api import Browser

pytestmark = pytest.mark.browser
START = 240.0  # a cold Pyodide start on a busy 2-core machine
QUESTION = "how many times as often do the dice pick lane 6 as lane 1?"
LESSON = "voici/render/sheep_race.html"


@pytest.fixture(scope="module")
def classroom() -> Iterator[tuple[str, Path]]:
    folder = Path(tempfile.mkdtemp(prefix="sheepkit-site-classes-"))
    with serve_classroom(folder, answers="sheepkit/class/hello") as url:
        yield url, folder


def answer_the_prediction(page: SitePage, guess: str) -> None:
    box = page.page.locator(".sk-predict", has_text=QUESTION)
    box.locator(".sk-predict-guess input").fill(guess)
    box.locator(".sk-predict-reason textarea").fill("lane 6 has more pairs")
    box.locator(".sk-run-request", has_text="Count the odds").click()


def test_a_lesson_on_pyodide_sends_its_answer_to_the_class(
    chromium: Browser, classroom: tuple[str, Path]
) -> None:
    url, folder = classroom
    store = ClassStore(folder / FILE_NAME)
    klass = store.open_class("9B on the site")
    offline = Offline.new(chromium, url)
    try:
        page = offline.open(LESSON, "sheep_race")
        page.wait_ready(timeout=START)
        strip = page.page.locator(".sk-class-strip")
        strip.locator(".sk-class-code input").fill(klass.code)
        strip.locator(".sk-class-name input").fill("Sam")
        strip.get_by_role("button", name="Join the class").click()
        strip.get_by_text("In class 9B on the site as Sam.").wait_for(timeout=60_000)
        answer_the_prediction(page, "2")
        box = page.page.locator(".sk-predict", has_text=QUESTION)
        box.get_by_role("button", name="See the result").click(timeout=60_000)
        box.get_by_text("You guessed 2 times. The run says 3 times").wait_for(timeout=60_000)
        for _ in range(100):
            rows = store.answers(klass.id)
            if rows and rows[0].result:
                break
            time.sleep(0.1)
        [row] = store.answers(klass.id)
        assert (row.pupil, row.lesson, row.guess) == ("Sam", "sheep_race", "2 times")
        assert row.result.startswith("3 times")
    finally:
        offline.close()


def test_on_the_plain_static_site_answers_are_kept_and_handed_in(
    open_page: Callable[[str, str], SitePage],
) -> None:
    page = open_page(LESSON, "sheep_race")
    page.wait_ready(timeout=START)
    strip = page.page.locator(".sk-class-strip")
    strip.get_by_text("No class server here").wait_for(timeout=30_000)
    answer_the_prediction(page, "4")
    box = page.page.locator(".sk-predict", has_text=QUESTION)
    box.get_by_text("You guessed 4 times. The run says 3 times").wait_for(timeout=60_000)
    strip.locator(".sk-class-name input").fill("Ada")
    strip.get_by_role("button", name="Hand in my answers").click()
    link = strip.locator(".sk-class-hand-in-link a")
    link.wait_for(timeout=30_000)
    href = link.get_attribute("href") or ""
    found = re.search(r"base64,([A-Za-z0-9+/=]+)", href)
    assert found is not None, href[:80]
    handed = read_hand_in(base64.b64decode(found.group(1)))
    assert handed.name == "Ada"
    [(answer, result, _)] = handed.answers
    assert answer.guess == "4 times" and result is not None and result.result.startswith("3 times")
