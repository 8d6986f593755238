"""Lesson work that runs at once in a notebook and behind a button in a Voila app."""

from __future__ import annotations

import ipywidgets as w
import pytest

from sheepkit.ui import requested
from sheepkit.ui.requested import VOILA_MARKERS, on_request


@pytest.fixture
def shown(monkeypatch: pytest.MonkeyPatch) -> list[object]:
    displayed: list[object] = []
    monkeypatch.setattr(requested, "display", displayed.append)
    return displayed


def test_in_a_notebook_the_work_runs_at_once(
    monkeypatch: pytest.MonkeyPatch, shown: list[object], capsys: pytest.CaptureFixture[str]
) -> None:
    for marker in VOILA_MARKERS:
        monkeypatch.delenv(marker, raising=False)
    calls: list[int] = []

    @on_request("Solve it")
    def work() -> str:
        calls.append(1)
        print("solved: the sheep wins")
        return "a picture"

    assert calls == [1]
    assert capsys.readouterr().out == "solved: the sheep wins\n"
    assert shown == ["a picture"]  # what the work returned is shown, as a cell's value is
    assert callable(work)


def test_in_voila_the_work_waits_for_its_button(
    monkeypatch: pytest.MonkeyPatch, shown: list[object]
) -> None:
    monkeypatch.setenv("VOILA_SERVER_URL", "/")
    calls: list[int] = []

    @on_request("Solve it")
    def work() -> None:
        calls.append(1)

    assert calls == []  # opening the page computes nothing
    [box] = shown
    assert isinstance(box, w.VBox)
    button, output = box.children
    assert isinstance(button, w.Button) and button.description == "Solve it"
    assert "sk-run-request" in button._dom_classes and isinstance(output, w.Output)
    button.click()
    assert calls == [1] and button.disabled and button.layout.display == "none"
    button.click()  # a second press (a double click) does not run it again
    assert calls == [1]


def test_in_the_browser_the_work_waits_for_its_button_too(
    monkeypatch: pytest.MonkeyPatch, shown: list[object]
) -> None:
    """Voici and JupyterLite run on Pyodide, about 5x slower: no analysis runs on open."""
    for marker in VOILA_MARKERS:
        monkeypatch.delenv(marker, raising=False)
    monkeypatch.setattr("sys.platform", "emscripten")
    calls: list[int] = []

    @on_request("Solve it")
    def work() -> None:
        calls.append(1)

    assert calls == [] and len(shown) == 1
