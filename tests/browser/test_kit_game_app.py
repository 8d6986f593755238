"""A board-kit game in the page (issue 37): noughts and crosses played to its end by clicks on
its board, and four in a row by clicks on its columns, in the app of a notebook that only
registers the kit's examples and opens the app."""

from __future__ import annotations

import json
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import TYPE_CHECKING

import pytest
from voila_harness import AppPage, VoilaServer, serve_voila

from sheepkit.examples.kit.four_in_a_row import game as FourInARow
from sheepkit.examples.kit.noughts_and_crosses import game as Noughts
from sheepkit.kit import KitDrawing

if TYPE_CHECKING:
    from playwright.sync_api import Browser

pytestmark = pytest.mark.browser

CELL = """from sheepkit.examples.kit import register_reference
from sheepkit.ui import play

register_reference()
play({name!r}, seats=["Human", "Human"])"""


def notebook(name: str) -> dict[str, object]:
    cell = {"cell_type": "code", "id": "kit-0", "metadata": {}, "execution_count": None,
            "outputs": [], "source": CELL.format(name=name)}  # fmt: skip
    return {
        "cells": [cell],
        "metadata": {
            "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"}
        },
        "nbformat": 4,
        "nbformat_minor": 5,
    }


@pytest.fixture(scope="module")
def kit_voila() -> Iterator[VoilaServer]:
    folder = Path(tempfile.mkdtemp(prefix="sheepkit-kit-notebooks-"))
    for name in ("noughts_and_crosses", "four_in_a_row"):
        (folder / f"{name}.ipynb").write_text(json.dumps(notebook(name)))
    with serve_voila(notebooks=folder) as server:
        yield server


def click(app: AppPage, x: float, y: float) -> None:
    idles = app.kernel_idles
    app.app.locator(".sk-board canvas").first.click(position={"x": x, "y": y})
    app.wait_kernel_idle(idles)


def test_noughts_and_crosses_is_played_to_its_end_by_clicks_on_the_board(
    chromium: Browser, kit_voila: VoilaServer
) -> None:
    app = AppPage.new(chromium, "noughts_and_crosses")
    try:
        app.load(kit_voila)
        app.wait_for_board()
        drawing = KitDrawing(Noughts())
        for point in ("a1", "a2", "b2", "b1", "c3"):
            before = app.board()["hash"]
            click(app, *drawing.centre(drawing.plan.board.point(point)))
            app.wait_board_changed(before)
        app.wait_for(
            "el => el.querySelector('.sk-over')",
            app.app.element_handle(),
            timeout=30,
            failing="five clicks on the board did not end the game",
        )
        state = app.state()
        assert state["over"] and "X has 3 in a row." in state["status"], state
        app.assert_healthy()
        app.screenshot("kit-noughts-and-crosses-won")
    finally:
        app.close()


def test_four_in_a_row_drops_a_piece_where_its_column_is_clicked(
    chromium: Browser, kit_voila: VoilaServer
) -> None:
    app = AppPage.new(chromium, "four_in_a_row")
    try:
        app.load(kit_voila)
        app.wait_for_board()
        drawing = KitDrawing(FourInARow())
        x, _ = drawing.centre(drawing.plan.board.point("d6"))
        _, y = drawing.centre(drawing.plan.board.point("d6"))  # the top of column d
        for _ in range(6):  # blue and red in turn fill column d, d1 to d6
            before = app.board()["hash"]
            click(app, x, y)
            app.wait_board_changed(before)
        app.wait_for(
            "el => Array.from(el.querySelectorAll('.sk-log li'))"
            ".some(li => li.innerText.includes('d6'))",
            app.app.element_handle(),
            timeout=30,
            failing="a click at the top of column d did not drop pieces down to d6",
        )
        app.assert_healthy()
    finally:
        app.close()
