"""A class in real browsers: a teacher and three pupils, each in a browser context of their own,
on a Voila server of this test's (its own teacher key and classes folder).

The teacher opens a class and holds the Sheep Race's prediction; three pupils join from the
lesson's strip with the code and answer; the teacher's page shows the three answers and their
spread as they come; the teacher reveals and every pupil sees the result; the CSV export holds
the three rows; after the server is restarted the class and its answers are there; axe finds
nothing on the teacher's page.
"""

from __future__ import annotations

import csv
import io
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from axe_check import axe_violations, report
from voila_harness import ARTIFACTS, AppPage, serve_voila

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Page

pytestmark = pytest.mark.browser

KEY = "class-test-key"
QUESTION = "how many times as often do the dice pick lane 6 as lane 1?"
LESSON = "sheep_race"
PUPILS = (("Sam", "2", "lane 6 has more faces"), ("Ada", "3", "I counted"), ("Zoe", "4", ""))


def teacher_signs_in(browser: Browser, url: str) -> Page:
    page = browser.new_context(viewport={"width": 1280, "height": 1000}).new_page()
    page.goto(f"{url}/sheepkit/teacher/?key={KEY}")
    page.get_by_role("heading", name="Teacher's page").wait_for()
    return page


def test_a_teacher_and_three_pupils_predict_reveal_export_and_restart(chromium: Browser) -> None:
    classes = Path(tempfile.mkdtemp(prefix="sheepkit-classes-"))
    env = {"TEACHER_KEY": KEY, "CLASSES": str(classes)}
    with serve_voila(log_path=ARTIFACTS / "voila-class.log", env_extra=env) as server:
        teacher = teacher_signs_in(chromium, server.url)
        teacher.get_by_label("The class's name").fill("9B game design")
        teacher.get_by_role("button", name="Open the class").click()
        code = teacher.locator(".code").inner_text().strip()
        assert len(code) == 5
        teacher.goto(teacher.url.split("?")[0] + f"?lesson={LESSON}")
        question = teacher.locator("section.question", has_text=QUESTION)
        question.get_by_role("button", name="Hold the class here").click()
        question.get_by_text("Held: the result waits until you reveal it.").wait_for()

        pupils: list[AppPage] = []
        for name, guess, reason in PUPILS:
            context = chromium.new_context(viewport={"width": 1280, "height": 1000})
            pupil = AppPage(context.new_page(), LESSON)
            pupil.load(server)
            pupils.append(pupil)
            strip = pupil.page.locator(".sk-class-strip")
            strip.locator(".sk-class-code input").fill(code.lower())
            strip.locator(".sk-class-name input").fill(name)
            strip.get_by_role("button", name="Join the class").click()
            strip.get_by_text(f"In class 9B game design as {name}.").wait_for(timeout=30_000)
            box = pupil.page.locator(".sk-predict", has_text=QUESTION)
            box.locator(".sk-predict-guess input").fill(guess)
            box.locator(".sk-predict-reason textarea").fill(reason)
            box.locator(".sk-run-request", has_text="Count the odds").click()
            box.get_by_text(
                "Your guess is saved. Your teacher will show the result soon."
            ).wait_for(timeout=30_000)
            assert "The run says" not in box.inner_text()  # held: no result before the reveal

        # The teacher's page shows the answers as they came (its live socket), with the spread.
        question = teacher.locator("section.question", has_text=QUESTION)
        question.get_by_text("Answered: 3 of 3.").wait_for(timeout=10_000)
        assert question.locator("svg[role=img]").count() == 1
        assert "lane 6 has more faces" in question.inner_text()
        teacher.get_by_label("Hide names (for the projector)").check()
        assert "Sam" not in teacher.locator("#board").inner_text()
        violations = axe_violations(teacher)
        assert not violations, report("the teacher's page", violations)

        question.get_by_role("button", name="Reveal the result").click()
        for (_, guess, _), pupil in zip(PUPILS, pupils):
            box = pupil.page.locator(".sk-predict", has_text=QUESTION)
            box.get_by_role("button", name="See the result").click()
            box.get_by_text(f"You guessed {guess} times. The run says 3 times").wait_for(
                timeout=60_000
            )
            # What the run printed shows under it, with the explanation.
            box.get_by_text("Lane 6 is picked 9 times in 36").wait_for(timeout=10_000)
            pupil.assert_healthy()

        question = teacher.locator("section.question", has_text=QUESTION)
        question.locator("p", has_text="Measured: 3 times").wait_for(timeout=10_000)
        teacher.get_by_label("Hide names (for the projector)").uncheck()
        teacher.screenshot(path=str(ARTIFACTS / "class-teacher-page.png"), full_page=True)
        pupils[0].page.screenshot(path=str(ARTIFACTS / "class-pupil-page.png"))
        exported = teacher.request.get(teacher.url.split("?")[0] + "/export.csv")
        rows = list(csv.DictReader(io.StringIO(exported.text())))
        assert sorted((r["name"], r["guess"]) for r in rows) == [
            ("Ada", "3 times"),
            ("Sam", "2 times"),
            ("Zoe", "4 times"),
        ]
        assert {r["lesson"] for r in rows} == {LESSON} and all(r["result"] for r in rows)
        for pupil in pupils:
            pupil.close()

    # The server restarts: the class and its answers are there.
    with serve_voila(log_path=ARTIFACTS / "voila-class-2.log", env_extra=env) as server:
        teacher = teacher_signs_in(chromium, server.url)
        teacher.get_by_role("link", name="9B game design").click()
        question = teacher.locator("section.question", has_text=QUESTION)
        question.get_by_text("Answered: 3 of 3.").wait_for(timeout=10_000)
        assert "I counted" in question.inner_text()
