"""Without a class server (the static site as plain files) a pupil's answers stay in the
browser and are handed in as one file, which the teacher's page reads into a class."""

from __future__ import annotations

import base64
import json
import re
from typing import Any

import ipywidgets as w
import pytest
from class_room import service_at
from hypothesis import given, settings
from hypothesis import strategies as st

from sheepkit.classes.handin import HandInError, hand_in_text, read_hand_in, store_hand_in
from sheepkit.ui import classroom
from sheepkit.ui import predict as p
from sheepkit.ui.predict import Seen, predict


@pytest.fixture
def page(monkeypatch: pytest.MonkeyPatch) -> Any:
    shown: list[object] = []
    monkeypatch.setattr(p, "display", shown.append)
    monkeypatch.setattr(classroom, "display", shown.append)
    monkeypatch.setenv("VOILA_SERVER_URL", "/")
    made = classroom.ClassPage("sheep_race", None)  # no class server: keeping
    classroom._current = made
    made.memory.inbox.value = json.dumps({"value": None})
    yield made, shown
    classroom._current = None


def downloaded(link: str) -> bytes:
    found = re.search(r"base64,([A-Za-z0-9+/=]+)", link)
    assert found is not None, link
    return base64.b64decode(found.group(1))


def test_answers_kept_in_the_browser_are_handed_in_and_read_into_a_class(page: Any) -> None:
    strip, shown = page
    assert "No class server here" in strip.keeping_row.children[0].value

    @predict("How many times as often?", unit=" times")
    def _() -> Seen:
        return Seen(says="3 times", copy="x", game="sheep_race", seed=1)

    [box] = [x for x in shown if isinstance(x, w.VBox) and "sk-predict" in x._dom_classes]
    _q, row, why, button, *_ = box.children
    row.children[0].value, why.value = "2", "more faces"
    button.click()
    assert "You guessed 2 times. The run says 3 times." in box.children[5].value
    strip.hand_in_button.click()
    assert "Type your name first" in strip.problem.value
    strip.name.value = "Sam"
    strip.hand_in_button.click()
    assert "localStorage.setItem" in strip.memory.script.value
    handed = read_hand_in(downloaded(strip.hand_in_link.value))
    assert handed.name == "Sam"
    [(answer, result, _moment)] = handed.answers
    assert (answer.guess, answer.reason, result and result.result) == (
        "2 times",
        "more faces",
        "3 times",
    )

    service, _ = service_at()
    klass = service.open_class("9B")
    assert store_hand_in(service.store, klass, handed) == "Sam: 1 answer"
    [row_] = service.store.answers(klass.id)
    assert (row_.pupil, row_.lesson, row_.guess, row_.result) == (
        "Sam",
        "sheep_race",
        "2 times",
        "3 times",
    )


def test_a_strip_with_nothing_to_hand_in_says_so(page: Any) -> None:
    strip, _ = page
    strip.name.value = "Sam"
    strip.hand_in_button.click()
    assert "nothing to hand in yet" in strip.problem.value


GOOD = {"lesson": "l", "question": "q", "guess": "1", "result": "2", "time": 5.0}


@pytest.mark.parametrize(
    ("data", "says"),
    [
        (b"\xff\xfe", "not text"),
        (b"{", "not JSON"),
        (b"[]", "not a sheepkit hand-in"),
        (json.dumps({"sheepkit": "answers", "version": 9}).encode(), "version 9"),
        (json.dumps({"sheepkit": "answers", "version": 1, "name": ""}).encode(), "name"),
        (hand_in_text("Sam", [{"lesson": "l"}]).encode(), "answer 1: answer needs 'question'"),
        (hand_in_text("Sam", [dict(GOOD, seed="x")]).encode(), "answer 1: result: 'seed'"),
        (b" " * 1_000_001, "larger than"),
        (b"[" * 50 + b"]" * 50, "nests too deep"),
    ],
)
def test_a_bad_file_is_refused_in_words(data: bytes, says: str) -> None:
    with pytest.raises(HandInError) as refused:
        read_hand_in(data)
    assert says in str(refused.value)


@settings(max_examples=200, deadline=None)
@given(st.binary(max_size=200) | st.text(max_size=200).map(str.encode))
def test_arbitrary_bytes_are_read_or_refused_in_words(data: bytes) -> None:
    try:
        read_hand_in(data)
    except HandInError as refused:
        assert str(refused)
