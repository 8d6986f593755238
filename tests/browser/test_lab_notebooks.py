"""The rule lab and the bot arena as Voila apps: they open cleanly, Run shows results."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from voila_harness import AppPage

pytestmark = pytest.mark.browser

OpenApp = Callable[[str], AppPage]
RESULT_ROWS = "() => document.querySelectorAll('.sk-results .sk-lab-row').length"


def test_rule_lab_runs_the_default_comparison(open_app: OpenApp) -> None:
    app = open_app("rule_lab")
    run = app.page.locator(".sk-rule-lab .sk-run")
    run.wait_for(state="visible", timeout=60_000)
    assert app.page.evaluate(RESULT_ROWS) == 0  # nothing is played before Run
    run.focus()  # from the keyboard, as a screen-reader user would
    app.page.keyboard.press("Enter")
    # The default comparison (200 games each way) must come back in seconds.
    app.wait_for(f"() => ({RESULT_ROWS})() >= 10", timeout=30, failing="no results table")
    # Run was disabled while it ran (focus fell to the page): focus is back on it, and the
    # end of the run was said.
    app.wait_for(
        "() => document.activeElement && document.activeElement.matches('.sk-rule-lab .sk-run')",
        timeout=10,
        failing="focus did not come back to Run",
    )
    said = app.page.locator(".sk-rule-lab [role=status]").inner_text()
    assert said.startswith("Run done: 400 of 400 games"), said
    text = app.page.locator(".sk-rule-lab .sk-progress-text").inner_text()
    assert "done: 400 of 400 games" in text, text
    table = app.page.locator(".sk-rule-lab .sk-results").inner_text()
    assert "Base rules" in table and "What it means" in table
    app.wait_for(  # the chart comes just after the table
        "() => document.querySelectorAll('.sk-rule-lab svg.sk-chart').length === 1",
        timeout=10,
        failing="no chart under the results",
    )
    app.assert_healthy()
    app.screenshot("rule_lab-results")


def test_rule_lab_stop_ends_a_long_run(open_app: OpenApp) -> None:
    app = open_app("rule_lab")
    games = app.page.locator(".sk-rule-lab .sk-lab-games input")
    games.wait_for(state="visible", timeout=60_000)
    games.fill("100000")
    games.press("Tab")  # the number reaches the kernel when the field loses focus
    app.page.wait_for_timeout(300)
    app.page.locator(".sk-rule-lab .sk-run").click()
    progress = ".sk-rule-lab .sk-progress-text"
    # The bar moves while the games are played: the kernel is free between slices...
    app.wait_for(
        f"() => /^[1-9]\\d* of 200000 games/.test(document.querySelector('{progress}').innerText)",
        timeout=30,
        failing="the progress bar did not move",
    )
    app.page.locator(".sk-rule-lab .sk-stop").click()
    # ...so the Stop click gets through, and the games played so far are shown.
    app.wait_for(
        f"() => document.querySelector('{progress}').innerText.startsWith('stopped after')",
        timeout=20,
        failing="Stop did not end the run",
    )
    app.wait_for(f"() => ({RESULT_ROWS})() >= 10", timeout=20, failing="no partial results")
    assert "Stopped" in app.page.locator(".sk-rule-lab .sk-lab-message").inner_text()
    app.assert_healthy()


def test_bot_arena_shows_the_tournament(open_app: OpenApp) -> None:
    app = open_app("bot_arena")
    app.wait_for(f"() => ({RESULT_ROWS})() >= 4", timeout=30, failing="no leaderboard in the arena")
    board = app.page.locator(".sk-bot-arena .sk-results").inner_text()
    assert "Forward sheep" in board and "Perfect" in board
    assert app.page.locator(".sk-bot-list").count() >= 1  # how the bots think
    chart = app.page.locator(".sk-bot-arena svg.sk-chart")  # the leaderboard as inline SVG
    chart.wait_for(state="visible", timeout=10_000)
    assert "Forward sheep" in chart.inner_html()
    app.assert_healthy()
    app.screenshot("bot_arena")
