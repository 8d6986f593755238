"""Predict, then see, in the Lamb Mimes and Sheep Race apps: the explanation is hidden until the
pupil has guessed and pressed the button; then the result stands beside the guess, with the
explanation and a copy-my-result line."""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

import pytest
from voila_harness import AppPage

if TYPE_CHECKING:
    from playwright.sync_api import Locator

pytestmark = pytest.mark.browser

OpenApp = Callable[[str], AppPage]


def _predict_box(app: AppPage, question: str) -> Locator:
    box = app.page.locator(".sk-predict", has_text=question)
    box.wait_for(timeout=120_000)
    return box


def test_lamb_mimes_asks_for_a_guess_before_the_chances_of_a_flip(open_app: OpenApp) -> None:
    app = open_app("lamb_mimes")
    box = _predict_box(app, "What is most likely to happen?")
    assert box.locator(".sk-explanation").count() == 0  # hidden until the run
    button = box.locator(".sk-run-request", has_text="Count the chances")
    button.click()  # no guess yet: the pupil is asked for one, nothing runs
    box.locator(".sk-predict-problem", has_text="Pick one answer first.").wait_for()
    assert box.locator(".sk-explanation").count() == 0
    box.get_by_text("a Lamb Mime: draw cards", exact=True).click()
    button.click()
    result = box.locator(".sk-predict-result")
    result.get_by_text("You guessed a Lamb Mime: draw cards.", exact=False).wait_for()
    assert "most likely: does not fit: turned back" in result.inner_text()
    assert "Most flips do nothing for you" in box.locator(".sk-explanation").first.inner_text()
    copied = box.locator(".sk-copy-line input").input_value()
    assert copied.startswith("Lamb Mimes | one flip | does not fit: turned back 43%")


def test_sheep_race_asks_for_a_number_before_the_odds(open_app: OpenApp) -> None:
    app = open_app("sheep_race")
    box = _predict_box(app, "how many times as often do the dice pick lane 6 as lane 1?")
    assert box.locator(".sk-explanation").count() == 0
    box.locator(".sk-predict-guess input").fill("2")
    box.locator(".sk-run-request", has_text="Count the odds").click()
    result = box.locator(".sk-predict-result")
    result.get_by_text("You guessed 2 times.", exact=False).wait_for()
    assert "The run says 3 times (lane 6: 1/4, lane 1: 1/12)." in result.inner_text()
    assert "Lane 6 is picked 9 times in 36" in box.locator(".sk-explanation").first.inner_text()
    copied = box.locator(".sk-copy-line input").input_value()
    assert copied == "Sheep Race | semifinal dice | lane 1 1/12, lane 6 1/4 | my guess: 2 times"
