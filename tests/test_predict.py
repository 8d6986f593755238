"""Predict, then see: the guess comes first, the result and its explanation after the run."""

from __future__ import annotations

from collections.abc import Iterator

import ipywidgets as w
import pytest
from hypothesis import given
from hypothesis import strategies as st

from sheepkit.ui import predict as p
from sheepkit.ui.predict import Seen, after_run, copy_line, predict
from sheepkit.ui.requested import VOILA_MARKERS


@pytest.fixture
def shown(monkeypatch: pytest.MonkeyPatch) -> list[object]:
    displayed: list[object] = []
    monkeypatch.setattr(p, "display", displayed.append)
    return displayed


@pytest.fixture
def notebook(monkeypatch: pytest.MonkeyPatch) -> None:
    for marker in VOILA_MARKERS:
        monkeypatch.delenv(marker, raising=False)


@pytest.fixture
def app(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("VOILA_SERVER_URL", "/")


def texts(widget: w.Widget) -> Iterator[str]:
    """Every HTML value under ``widget``: what the page shows as text."""
    if isinstance(widget, w.HTML):
        yield widget.value
    for child in getattr(widget, "children", ()):
        yield from texts(child)


def the_prediction(shown: list[object]) -> w.VBox:
    [box] = [x for x in shown if isinstance(x, w.VBox)]
    return box


def parts(box: w.VBox) -> tuple[w.Widget, w.Button, w.HTML, w.HTML, w.Output]:
    _question, row, _reason, button, problem, result, output, _spread = box.children
    guess = row.children[0] if isinstance(row, w.HBox) else row
    return guess, button, problem, result, output


def run_of(calls: list[int], says: str = "79.3% [78.7%, 80.0%]") -> Seen:
    calls.append(1)
    print("Optimal wins 79.3% against Random")
    return Seen(says=says, copy="Shave a Sheep | base game | Optimal wins 79.3% of 300 games")


# -- in a notebook: run at once, print what nbval checks ------------------------------------
def test_in_a_notebook_the_run_prints_at_once_with_its_copy_line(
    notebook: None, shown: list[object], capsys: pytest.CaptureFixture[str]
) -> None:
    calls: list[int] = []

    @predict("How often will Optimal win?", unit="%", explanation="Choices matter.")
    def _() -> Seen:
        return run_of(calls)

    assert calls == [1]
    assert capsys.readouterr().out == (
        "Optimal wins 79.3% against Random\n"
        "The run says 79.3% [78.7%, 80.0%].\n"
        "Copy my result: Shave a Sheep | base game | Optimal wins 79.3% of 300 games\n"
        "Choices matter.\n"
    )
    assert shown == []  # all printed: the cells nbval checks compare printed text


# -- in an app: the guess first ----------------------------------------------------------------
def test_in_an_app_nothing_runs_and_no_explanation_shows_before_the_guess(
    app: None, shown: list[object]
) -> None:
    calls: list[int] = []

    @predict("How often will Optimal win?", unit="%", explanation="Choices matter.")
    def _() -> Seen:
        return run_of(calls)

    box = the_prediction(shown)
    guess, button, problem, result, output = parts(box)
    assert calls == []
    assert "Predict first." in next(texts(box))
    assert not any("Choices matter" in t for t in texts(box))
    assert output.outputs == () and result.value == ""
    button.click()  # no guess yet: refused, nothing runs
    assert calls == [] and "Type a number first" in problem.value
    assert not button.disabled and not guess.disabled


def test_a_number_guess_then_the_result_beside_it(app: None, shown: list[object]) -> None:
    calls: list[int] = []
    after: list[object] = []

    @predict("How often will Optimal win?", unit="%", explanation="Choices matter.")
    def _() -> Seen:
        return run_of(calls)

    guess, button, problem, result, _output = parts(the_prediction(shown))
    explained = shown.copy()
    guess.value = "sixty"
    button.click()
    assert calls == [] and "'sixty' is not a number" in problem.value
    guess.value = "60%"
    shown.clear()
    button.click()
    after.extend(shown)
    assert calls == [1] and problem.value == ""
    assert "You guessed 60%. The run says 79.3% [78.7%, 80.0%]." in result.value
    assert guess.disabled and button.layout.display == "none"
    htmls = [x.value for x in after if isinstance(x, w.HTML)]
    assert any("Copy my result" in h and "Optimal wins 79.3% of 300 games" in h for h in htmls)
    # The line to paste carries the pupil's own guess: a class's lines differ.
    assert any("300 games | my guess: 60%" in h for h in htmls)
    assert any("Choices matter." in h for h in htmls)
    assert explained  # the box itself was shown before
    button.click()  # a second press runs nothing again
    assert calls == [1]


def test_a_choice_must_be_picked(app: None, shown: list[object]) -> None:
    calls: list[int] = []

    @predict("Who wins 10x10?", kind="choice", choices=["the sheep", "the wolves"])
    def _() -> Seen:
        calls.append(1)
        return Seen(says="the sheep", copy="Wolf and Sheep | 10x10 | the sheep wins")

    guess, button, problem, result, _output = parts(the_prediction(shown))
    assert isinstance(guess, w.RadioButtons) and guess.value is None
    button.click()
    assert calls == [] and "Pick one answer first" in problem.value
    guess.value = "the wolves"
    button.click()
    assert calls == [1]
    assert "You guessed the wolves. The run says the sheep." in result.value


def test_a_sentence_must_be_written(app: None, shown: list[object]) -> None:
    calls: list[int] = []

    @predict("What will change?", kind="sentence")
    def _() -> None:
        calls.append(1)

    guess, button, problem, result, _output = parts(the_prediction(shown))
    guess.value = "   "
    button.click()
    assert calls == [] and "Write your guess first" in problem.value
    guess.value = "longer  games"
    button.click()
    assert calls == [1] and 'You guessed "longer games".' in result.value


@pytest.mark.parametrize(
    "kwargs, problem",
    [
        ({"kind": "slider"}, "kind must be one of"),
        ({"kind": "choice", "choices": ["only one"]}, "at least two choices"),
        ({"kind": "number", "choices": ["a", "b"]}, "choices are for kind='choice'"),
    ],
)
def test_bad_settings_are_refused_by_name(kwargs: dict, problem: str, app: None) -> None:
    with pytest.raises(ValueError, match=problem):
        predict("Who wins?", **kwargs)(lambda: None)


def test_a_blank_question_is_refused(app: None) -> None:
    with pytest.raises(ValueError, match="needs a question"):
        predict("  ")(lambda: None)


@given(st.floats(allow_nan=False, allow_infinity=False, width=32))
def test_any_typed_number_is_read_back(number: float) -> None:
    assert p.parse_number(f" {number!r}% ") == pytest.approx(number)


@given(st.text())
def test_typed_text_is_a_number_or_a_clear_problem(text: str) -> None:
    try:
        p.parse_number(text)
    except ValueError as problem:
        assert "number" in str(problem)


# -- explanations wait for their button --------------------------------------------------------
def test_after_run_hides_its_explanation_until_the_button(app: None, shown: list[object]) -> None:
    calls: list[int] = []

    @after_run("Compare the fields", "The open field gives short games.")
    def _() -> None:
        calls.append(1)

    [box] = shown
    button, output = box.children
    assert calls == [] and output.outputs == ()
    assert "The open field" not in str(box.get_state())
    shown.clear()
    button.click()
    assert calls == [1]
    assert any(isinstance(x, w.HTML) and "The open field" in x.value for x in shown)


def test_after_run_in_a_notebook_runs_and_explains_at_once(
    notebook: None, shown: list[object], capsys: pytest.CaptureFixture[str]
) -> None:
    @after_run("Compare the fields", "The open field gives short games.\n\nHoles too.")
    def _() -> str:
        return "a table"

    assert shown == ["a table"]
    assert capsys.readouterr().out == "The open field gives short games.\nHoles too.\n"


# -- copy my result ----------------------------------------------------------------------------
def test_the_copy_line_is_a_read_only_field_with_the_text(app: None, shown: list[object]) -> None:
    line = copy_line('Wolf and Sheep | 8x8 | Sheep: "Perfect" <b>')
    assert line is not None and shown == [line]
    assert "readonly" in line.value and "Copy</button>" in line.value
    assert "Wolf and Sheep | 8x8 | Sheep: &quot;Perfect&quot; &lt;b&gt;" in line.value


def test_the_copy_line_in_a_notebook_is_printed(
    notebook: None, capsys: pytest.CaptureFixture[str]
) -> None:
    assert copy_line("Rule Lab | wool 20 | 31.0 turns") is None
    assert capsys.readouterr().out == "Copy my result: Rule Lab | wool 20 | 31.0 turns\n"


@pytest.mark.parametrize("text", ["", "   ", "two\nlines"])
def test_a_copy_line_is_one_line_of_text(text: str, app: None) -> None:
    with pytest.raises(ValueError, match="one line"):
        copy_line(text)
