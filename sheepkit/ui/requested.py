"""Lesson work that runs when a notebook is run, but waits for a button in a Voila app.

A lesson's analysis cells (solving a game, simulating hundreds of matches) take seconds each.
Run as a notebook (JupyterLab, nbval in the tests) they run at once and print what they print,
so the checked outputs stay checked. Served by Voila, a page runs every cell the moment it
opens: thirty pupils opening the same lesson would make thirty kernels solve the same things
at once while their game apps wait. There, and in the browser (Pyodide, about 5x slower), the
same cell shows a button instead, and its work runs (in that pupil's kernel only) when the
button is pressed.

    @on_request("Solve the game")
    def _() -> None:
        for result in lesson.solved_results():
            print(result)
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

import ipywidgets as w
from IPython.display import display

from ..platform import in_browser

# Voila puts these in the environment of every kernel it starts (with or without preheating).
VOILA_MARKERS = ("VOILA_SERVER_URL", "VOILA_BASE_URL")


def served_by_voila() -> bool:
    """True in a kernel that Voila started for a page."""
    return any(marker in os.environ for marker in VOILA_MARKERS)


class RequestedWork:
    """A button that runs `work` once and shows what it printed and returned below it."""

    def __init__(self, label: str, work: Callable[[], Any]) -> None:
        self.work = work
        self.button = w.Button(description=label, icon="play", layout=w.Layout(width="auto"))
        self.button.add_class("sk-run-request")
        self.output = w.Output()
        self.output.add_class("sk-request-output")
        self.button.on_click(lambda _: self.run())
        self.widget = w.VBox([self.button, self.output])

    def run(self) -> None:
        if self.button.disabled:  # a second click while (or after) it runs does nothing
            return
        self.button.disabled = True
        self.button.description = "Working..."
        with self.output:
            result = self.work()
            if result is not None:
                display(result)
        self.button.layout.display = "none"


def on_request(label: str) -> Callable[[Callable[[], Any]], Callable[[], Any]]:
    """Decorator for a lesson cell's work: run it now, or in Voila behind a button `label`.

    Either way what the work returns (a picture, a chart) is displayed under the cell; the
    decorated function is returned unchanged.
    """

    def decorate(work: Callable[[], Any]) -> Callable[[], Any]:
        # In the browser (Voici, JupyterLite) the engines run about 5x slower: wait there too.
        if served_by_voila() or in_browser():
            display(RequestedWork(label, work).widget)
        else:
            result = work()
            if result is not None:
                display(result)
        return work

    return decorate
