"""The lessons' questions, read from the notebooks (sheepkit.classes.catalogue), and the class
strip at the top of every lesson."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from sheepkit.classes.catalogue import lessons_in, question_key, questions_in

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
PAGES = sorted(NOTEBOOKS.glob("*.ipynb"))


def test_a_questions_key_is_its_first_words() -> None:
    assert (
        question_key("Both sides play perfectly. Who wins?") == "both-sides-play-perfectly-who-wins"
    )
    assert len(question_key("word " * 40)) <= 60
    assert question_key("?!") == "question"


def test_questions_are_read_in_order_with_their_kind_and_choices() -> None:
    source = (
        '@predict("How many?", unit="%")\ndef _(): pass\n'
        'ask("Why?")\n'
        '@predict("Who?", kind="choice", choices=["a", "b"], key="who")\ndef _(): pass\n'
        "predict(question_text)\n"  # not a literal: not a catalogued question
    )
    found = questions_in(source, "l")
    assert [(q.key, q.kind, q.choices, q.unit) for q in found] == [
        ("how-many", "number", (), "%"),
        ("why", "sentence", (), ""),
        ("who", "choice", ("a", "b"), ""),
    ]


def test_every_lesson_that_predicts_is_in_the_catalogue() -> None:
    lessons = {lesson.key: lesson for lesson in lessons_in(NOTEBOOKS)}
    for page in PAGES:
        text = page.read_text()
        if "@predict(" in text:
            assert page.stem in lessons, page.stem
    assert lessons["wolf_and_sheep"].title == "Wolf and Sheep"


@pytest.mark.parametrize("page", PAGES, ids=lambda p: p.stem)
def test_every_lesson_shows_the_class_strip_under_its_own_name(page: Path) -> None:
    cells = json.loads(page.read_text())["cells"]
    strips = [c for c in cells if c.get("id") == "class-strip"]
    assert len(strips) == 1, "one class strip, near the top"
    assert f'class_strip("{page.stem}")' in "".join(strips[0]["source"])
    assert cells.index(strips[0]) <= 2


def test_what_waits_for_a_prediction_names_one_of_its_lessons_questions() -> None:
    import re

    found = 0
    for page in PAGES:
        text = page.read_text()
        waits = re.findall(r'hints_after\(\\"([^\\]+)\\"\)', text)
        found += len(waits)
        if not waits:
            continue
        keys = {
            q.key
            for lesson in lessons_in(NOTEBOOKS)
            if lesson.key == page.stem
            for q in lesson.questions
        }
        for question in waits:
            assert question_key(question) in keys, (page.stem, question)
    assert found  # Wolf and Sheep's Hint waits


GAME_LESSONS = (
    "wolf_and_sheep",
    "shave_a_sheep",
    "sheep_race",
    "battle_sheep",
    "lamb_mimes",
    "design_a_game",
)


@pytest.mark.parametrize("lesson", GAME_LESSONS)
def test_each_game_guide_says_how_to_run_its_predictions_with_a_class(lesson: str) -> None:
    guide = (NOTEBOOKS.parent / "docs" / "guides" / f"{lesson}.md").read_text()
    part = guide.split("## Running it with a class", 1)
    assert len(part) == 2, f"{lesson}'s guide has no 'Running it with a class'"
    words = " ".join(part[1].split("\n## ", 1)[0].split())
    assert "Hold the class here" in words and "Reveal" in words and "teaching_a_class.md" in words
    [found] = [item for item in lessons_in(NOTEBOOKS) if item.key == lesson]
    for question in found.questions:
        if question.kind != "sentence":  # each prediction is named, in the lesson's words
            assert question.text.split("?")[0][-30:] in words, question.text


def test_a_question_asked_in_words_has_no_pacing_and_a_prediction_has() -> None:
    from class_room import joined, send, service_at

    from sheepkit.classes import messages as m
    from sheepkit.classes.pages import board

    service, _ = service_at()
    klass = service.open_class("9B")
    sam = joined(service, klass, "Sam")
    send(
        sam,
        m.Answer(
            lesson="wolf_and_sheep",
            question="why-is-a-player-who-cannot-move-loses",
            text="Why?",
            reason="boxed in",
        ),
    )
    page = board(service.store, klass, lessons_in(NOTEBOOKS), "wolf_and_sheep")
    sections = page.split('<section class="question"')[1:]
    asked = next(s for s in sections if "boxed in" in s)
    predicted = next(s for s in sections if "Both sides play perfectly" in s)
    assert "Hold the class here" not in asked and "Answers</h4>" in asked
    assert "Hold the class here" in predicted and "Reveal the result" in predicted


def test_the_measured_label_stays_inside_the_chart() -> None:
    from sheepkit.classes.spread import WIDTH, spread_chart

    svg = spread_chart("q", ["1", "2"], "3 times (a long measured answer)", "number")
    assert 'text-anchor="end"' in svg  # measured at the right edge: its label ends there
    assert f'width="{WIDTH}"' in svg
