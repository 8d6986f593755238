"""A lesson page in a class (sheepkit.ui.classroom with sheepkit.ui.predict): the guess goes to
the class before the result shows, a held question waits for the teacher's reveal, and the
Look-up screen follows the teacher's pause."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import ipywidgets as w
import pytest
from class_room import service_at

from sheepkit.classes.client import ClassClient, LocalTransport
from sheepkit.classes.service import ClassService
from sheepkit.ui import classroom
from sheepkit.ui import predict as p
from sheepkit.ui.predict import Seen, predict


@pytest.fixture
def shown(monkeypatch: pytest.MonkeyPatch) -> list[object]:
    displayed: list[object] = []
    monkeypatch.setattr(p, "display", displayed.append)
    monkeypatch.setattr(classroom, "display", displayed.append)
    monkeypatch.setenv("VOILA_SERVER_URL", "/")
    p._opened.clear()  # a page's predictions: one page per kernel, many per test process
    p._waiting.clear()
    return displayed


@pytest.fixture
def service() -> Iterator[ClassService]:
    made, _ = service_at()
    yield made
    classroom._current = None


def strip(service: ClassService, stored: dict[str, Any] | None = None) -> classroom.ClassPage:
    def connect(client: ClassClient) -> None:
        LocalTransport(service, client)

    classroom.class_strip("wolf_and_sheep", connect)
    page = classroom.current()
    assert page is not None
    page.memory.inbox.value = json.dumps({"value": json.dumps(stored) if stored else None})
    return page


def prediction(shown: list[object], runs: list[int]) -> w.VBox:
    @predict(
        "Both sides play perfectly. Who wins?",
        kind="choice",
        choices=["the sheep", "the wolves"],
        explanation="The wolves win.",
    )
    def _() -> Seen:
        runs.append(1)
        return Seen(
            says="the wolves", copy="Wolf and Sheep | perfect play", game="wolf_and_sheep", seed=7
        )

    [box] = [x for x in shown if isinstance(x, w.VBox) and "sk-predict" in x._dom_classes]
    return box


def guess(box: w.VBox, choice: str, reason: str = "") -> None:
    _q, row, why, button, *_ = box.children
    row.value = choice
    why.value = reason
    button.click()


def text_of(box: w.VBox) -> str:
    return " ".join(c.value for c in box.children if isinstance(c, w.HTML))


def test_joining_keeps_the_place_in_the_browser_and_shows_the_class(
    shown: list[object], service: ClassService
) -> None:
    klass = service.open_class("9B game design")
    page = strip(service)
    page.code.value, page.name.value = klass.code.lower(), "  Sam  "
    page.join_button.click()
    assert page.joined is not None and page.joined.name == "Sam"
    assert "9B game design" in page.status.value and page.form.layout.display == "none"
    assert page.memory.value is not None and page.memory.value["token"] == page.joined.token
    assert "localStorage.setItem" in page.memory.script.value
    # Next week, another page: the browser's token brings Sam back, with no form to fill.
    classroom._current = None
    again = strip(service, page.memory.value)
    assert again.joined is not None and again.joined.name == "Sam"
    again.leave_button.click()
    assert again.joined is None and "removeItem" in again.memory.script.value


def test_a_join_without_a_code_or_a_name_says_so(
    shown: list[object], service: ClassService
) -> None:
    page = strip(service)
    page.join_button.click()
    assert "code from the board and your name" in page.problem.value
    page.code.value, page.name.value = "NOPE1", "Sam"
    page.join_button.click()
    assert "no class with the code" in page.problem.value and page.joined is None


def test_the_guess_and_reason_go_to_the_class_before_the_result_shows(
    shown: list[object], service: ClassService
) -> None:
    klass = service.open_class("9B")
    page = strip(service)
    page.code.value, page.name.value = klass.code, "Sam"
    page.join_button.click()
    runs: list[int] = []
    box = prediction(shown, runs)
    guess(box, "the sheep", "it can go back")
    assert runs == [] and "Your guess is saved." in text_of(box)
    box.children[3].click()  # "See the result"
    [answer] = service.store.answers(klass.id)
    assert (answer.lesson, answer.question) == (
        "wolf_and_sheep",
        "both-sides-play-perfectly-who-wins",
    )
    assert (answer.guess, answer.reason, answer.text) == (
        "the sheep",
        "it can go back",
        "Both sides play perfectly. Who wins?",
    )
    assert runs == [1] and "You guessed the sheep. The run says the wolves." in text_of(box)
    [answer] = service.store.answers(klass.id)
    assert (answer.result, answer.game, answer.seed) == ("the wolves", "wolf_and_sheep", 7)


def test_a_held_question_shows_its_result_when_the_teacher_reveals_it_to_everyone(
    shown: list[object], service: ClassService
) -> None:
    klass = service.open_class("9B")
    question = "both-sides-play-perfectly-who-wins"
    service.set_state(klass.id, "wolf_and_sheep", question, "held")
    page = strip(service)
    page.code.value, page.name.value = klass.code, "Sam"
    page.join_button.click()
    runs: list[int] = []
    box = prediction(shown, runs)
    guess(box, "the wolves")
    assert runs == [] and "Your teacher will show the result soon." in text_of(box)
    assert "The run says" not in text_of(box)
    service.set_state(klass.id, "wolf_and_sheep", question, "revealed")
    assert runs == [] and "Your teacher shows the result now." in text_of(box)
    assert box.children[3].description == "See the result" and not box.children[3].disabled
    box.children[3].click()
    assert runs == [1] and "You guessed the wolves. The run says the wolves." in text_of(box)


def test_a_reveal_opens_the_result_for_a_pupil_who_did_not_guess(
    shown: list[object], service: ClassService
) -> None:
    klass = service.open_class("9B")
    page = strip(service)
    page.code.value, page.name.value = klass.code, "Ada"
    page.join_button.click()
    runs: list[int] = []
    box = prediction(shown, runs)
    service.set_state(klass.id, "wolf_and_sheep", "both-sides-play-perfectly-who-wins", "revealed")
    box.children[3].click()
    assert runs == [1] and "You did not guess. The run says the wolves." in text_of(box)
    assert service.store.answers(klass.id) == []


def test_without_a_class_the_pupils_own_guess_opens_the_result(
    shown: list[object], service: ClassService
) -> None:
    strip(service)  # a strip, but nobody joined
    runs: list[int] = []
    box = prediction(shown, runs)
    guess(box, "the sheep")
    assert runs == [1]


def test_the_look_up_screen_follows_the_teachers_pause(
    shown: list[object], service: ClassService
) -> None:
    klass = service.open_class("9B")
    page = strip(service)
    page.code.value, page.name.value = klass.code, "Sam"
    page.join_button.click()
    assert page.look_up.layout.display == "none"
    service.pause(klass.id, True)
    assert page.look_up.layout.display == "block" and "Look up" in page.look_up.value
    service.pause(klass.id, False)
    assert page.look_up.layout.display == "none"


def test_in_a_notebook_run_top_to_bottom_no_strip_shows(
    monkeypatch: pytest.MonkeyPatch, service: ClassService
) -> None:
    for marker in ("VOILA_SERVER_URL", "VOILA_BASE_URL"):
        monkeypatch.delenv(marker, raising=False)
    classroom.class_strip("wolf_and_sheep", lambda client: None)
    assert classroom.current() is None


def test_a_rule_lab_run_joins_the_classs_experiment(
    shown: list[object], service: ClassService
) -> None:
    from sheepkit.ui.lab_widgets import RuleLab

    klass = service.open_class("9B")
    page = strip(service)
    page.code.value, page.name.value = klass.code, "Sam"
    page.join_button.click()
    lab = RuleLab("shave_a_sheep", n=20, seed=3)
    lab.run(now=True)
    [run] = service.store.runs(klass.id)
    assert run.pupil == "Sam" and run.experiment.startswith("Shave a Sheep: ")
    assert run.change == lab.labels[1] and run.seed == 3 and run.game == "shave_a_sheep"
    assert run.value is not None and run.result


def test_an_asked_question_sends_its_answer_to_the_class(
    shown: list[object], service: ClassService
) -> None:
    from types import SimpleNamespace

    from sheepkit.ui.predict import ask

    klass = service.open_class("9B")
    page = strip(service)
    ask("Why is a player who cannot move losing important for the sheep?")
    [box] = [x for x in shown if isinstance(x, w.VBox) and "sk-ask" in x._dom_classes]
    asked = SimpleNamespace(**dict(zip(("question", "answer", "button", "status"), box.children)))
    asked.button.click()
    assert "Write your answer first." in asked.status.value
    asked.answer.value = "It can be boxed in"
    asked.button.click()
    assert "Join your class" in asked.status.value and service.store.answers(klass.id) == []
    page.code.value, page.name.value = klass.code, "Sam"
    page.join_button.click()
    asked.button.click()
    [answer] = service.store.answers(klass.id)
    assert (answer.question, answer.reason, answer.guess) == (
        "why-is-a-player-who-cannot-move-losing-important-for-the",  # 60 characters at most
        "It can be boxed in",
        "",
    )
    assert "Sent to your teacher." in asked.status.value


def test_a_shared_spread_shows_under_the_question_without_names(
    shown: list[object], service: ClassService
) -> None:
    klass = service.open_class("9B")
    page = strip(service)
    page.code.value, page.name.value = klass.code, "Sam"
    page.join_button.click()
    box = prediction(shown, [])
    guess(box, "the sheep", "Sam's reason")
    service.share(klass.id, "wolf_and_sheep", "both-sides-play-perfectly-who-wins", True)
    shared = box.children[-1].value
    assert "Your class's guesses" in shared and "<svg" in shared and "the sheep: 1" in shared
    assert "Sam" not in shared


def test_the_wolf_and_sheep_hint_waits_for_the_lessons_prediction(
    shown: list[object], service: ClassService
) -> None:
    from sheepkit.ui.app import GameApp

    app = GameApp("wolf_and_sheep", seats=["Human", "Perfect"])
    app.panel.hints_after("Both sides play perfectly. Who wins?")  # type: ignore[attr-defined]
    assert app.panel.hint_button.disabled  # type: ignore[attr-defined]
    box = prediction(shown, [])
    assert app.panel.hint_button.disabled  # type: ignore[attr-defined]
    guess(box, "the sheep")
    assert not app.panel.hint_button.disabled  # type: ignore[attr-defined]
    assert app.panel.hint_button.description == "Hint: who wins from here?"  # type: ignore[attr-defined]
