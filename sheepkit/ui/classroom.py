"""A lesson page's place in a class: the strip at the top of the lesson (join with the code
on the board and a name; the class and the name once joined; Leave), the "Look up" screen
when the teacher pauses the class, and what the lesson's questions send.

``class_strip("wolf_and_sheep")`` in a lesson's first cell shows the strip and makes this
page the lesson's :func:`current` page: from then on each ``predict`` of the lesson sends the
pupil's guess and reason to the class, and shows its result when the class may see it (at
once, or when the teacher reveals a question the teacher holds). The browser keeps the
pupil's place (``BrowserMemory``: the code, the name and a token), so the same pupil comes
back to the same record next week. Without a class service, and in a notebook run top to
bottom (nobody is there to guess), the strip shows nothing and nothing is sent.
"""

from __future__ import annotations

import html
import time
from collections.abc import Callable
from typing import Any

import ipywidgets as w
from IPython.display import display

from ..classes.client import CLASS_PATH, URL_VARIABLE, ClassClient
from ..classes.messages import (
    MAX_NAME,
    Answer,
    Ended,
    Join,
    Joined,
    Message,
    Pace,
    Refused,
    Rejoin,
    Result,
    Run,
    Saved,
    Spread,
)
from ..platform import in_browser
from ..tables.client import hello_url, service_connector, service_url
from .browser_memory import BrowserMemory
from .requested import served_by_voila

MEMORY_KEY = "sheepkit-class"
#: Where the browser keeps a pupil's answers when no class server is there.
ANSWERS_KEY = "sheepkit-answers"
#: Gives a client its transport, at once or (a coroutine) soon.
Connect = Callable[[ClassClient], Any]

_current: ClassPage | None = None


def current() -> ClassPage | None:
    """The class page of the lesson on this page, if it shows a strip."""
    return _current


def class_service_url() -> str | None:
    """The class service's websocket for this kernel (the Voila server sets it), or in
    Pyodide the page's own server's; None when there is none to ask."""
    return service_url(URL_VARIABLE, CLASS_PATH)


def service_connect() -> Connect | None:
    """How this page reaches the class service, or None when there is none (in Pyodide: a
    site served as plain files, whose hello page does not answer)."""
    url = class_service_url()
    return service_connector(url, hello_url(url) if url else "", "classes")


class ClassPage:
    """One lesson page in a class: the strip, the Look-up screen, and the lesson's answers."""

    def __init__(self, lesson: str, connect: Connect | None) -> None:
        self.lesson = lesson
        self._connect = connect
        # Without a class server the answers stay in the browser, to hand in as a file.
        self.keeping = connect is None
        self.client = ClassClient(connect)
        self.client.on(self.receive)
        self.client.on_unreachable = lambda error: self._say(
            f"The class server did not answer ({error}). Try again in a moment."
        )
        # question key -> what to do when the service has saved its answer
        self._on_saved: dict[tuple[str, str], Callable[[], None]] = {}
        # question key -> the run to show when the teacher reveals it
        self._held: dict[str, Callable[[], None]] = {}
        self._pace_listeners: list[Callable[[], None]] = []

        self.status = w.HTML()
        self.status.add_class("sk-class-status")
        self.code = w.Text(
            description="Code",
            placeholder="code on the board",
            layout=w.Layout(width="15em"),
            style={"description_width": "3.5em"},
        )
        self.code.add_class("sk-class-code")
        self.name = w.Text(
            description="Name",
            placeholder="your first name",
            layout=w.Layout(width="17em"),
            style={"description_width": "3.5em"},
        )
        self.name.add_class("sk-class-name")
        self.join_button = w.Button(description="Join the class", button_style="primary")
        self.join_button.add_class("sk-class-join")
        self.join_button.on_click(lambda _: self.join())
        self.leave_button = w.Button(description="Leave the class")
        self.leave_button.add_class("sk-class-leave")
        self.leave_button.on_click(lambda _: self.leave())
        self.form = w.HBox(
            [
                w.HTML("<b>Join your class:</b>"),
                self.code,
                self.name,
                self.join_button,
            ],
            layout=w.Layout(flex_flow="row wrap", align_items="center"),
        )
        self.joined_row = w.HBox(
            [self.status, self.leave_button],
            layout=w.Layout(display="none", align_items="center"),
        )
        self.problem = w.HTML()
        self.problem.add_class("sk-class-problem")
        self.look_up = w.HTML(layout=w.Layout(display="none"))
        self.look_up.add_class("sk-look-up")
        self.memory = BrowserMemory(
            ANSWERS_KEY if self.keeping else MEMORY_KEY,
            self._kept if self.keeping else self._remembered,
        )
        self.hand_in_button = w.Button(description="Hand in my answers")
        self.hand_in_button.add_class("sk-class-hand-in")
        self.hand_in_button.on_click(lambda _: self.hand_in())
        self.hand_in_link = w.HTML()
        self.hand_in_link.add_class("sk-class-hand-in-link")
        self.keeping_row = w.HBox(
            [
                w.HTML("No class server here: your answers stay in this browser."),
                self.name,
                self.hand_in_button,
                self.hand_in_link,
            ],
            layout=w.Layout(flex_flow="row wrap", align_items="center"),
        )
        rows = [self.keeping_row] if self.keeping else [self.form, self.joined_row]
        self.widget = w.VBox([*rows, self.problem, self.look_up, *self.memory.widgets])
        self.widget.add_class("sk-class-strip")

    # -- joining and leaving ------------------------------------------------------------------
    @property
    def joined(self) -> Joined | None:
        return self.client.joined

    def join(self) -> None:
        code = self.code.value.strip().upper()
        name = " ".join(self.name.value.split())
        if not code or not name:
            self._say("Type the class's code from the board and your name first.")
            return
        if len(name) > MAX_NAME:
            self._say(f"A name is at most {MAX_NAME} characters.")
            return
        self._say("")
        self.send(Join(code=code, name=name))

    def leave(self) -> None:
        """Leave on this device: the browser forgets the place (the record stays with the
        teacher)."""
        self.memory.forget()
        self.client.joined = None
        self.client.disconnect()
        self._show()

    def _remembered(self, value: dict[str, Any] | None) -> None:
        token = value.get("token") if value else None
        if isinstance(token, str) and token:
            self.send(Rejoin(token=token))

    # -- the service --------------------------------------------------------------------------
    def send(self, message: Message) -> None:
        if self.client.transport is None:
            if self._connect is None:
                self._say("There is no class server here.")
                return
            token = (self.memory.value or {}).get("token")
            new = not self.client.waiting and not isinstance(message, Join | Rejoin)
            if new and isinstance(token, str):
                self.client.send(Rejoin(token=token))  # a new connection: back to one's record
        self.client.send(message)

    def receive(self, message: Message) -> None:
        if isinstance(message, Joined):
            self.memory.keep({"code": message.code, "name": message.name, "token": message.token})
            self._say("")
        elif isinstance(message, Ended):
            if self.client.lost is None:
                self.memory.forget()
            self._say(message.reason)
        elif isinstance(message, Refused):
            self._say(message.reason)
            if message.refused == "answer":
                for key in list(self._on_saved):
                    self._on_saved.pop(key)
        elif isinstance(message, Saved):
            done = self._on_saved.pop((message.what, message.question), None)
            if done is not None and message.lesson == self.lesson:
                done()
        elif isinstance(message, Pace | Spread):
            self._paced()
        self._show()

    def _say(self, text: str) -> None:
        self.problem.value = (
            f'<span role="alert" style="color:#b00020">{html.escape(text)}</span>' if text else ""
        )

    # -- without a class server: answers kept in the browser, handed in as a file ----------
    def _kept(self, value: dict[str, Any] | None) -> None:
        name = (value or {}).get("name")
        if isinstance(name, str) and not self.name.value:
            self.name.value = name

    def kept_answers(self) -> list[dict[str, Any]]:
        answers = (self.memory.value or {}).get("answers")
        return [a for a in answers if isinstance(a, dict)] if isinstance(answers, list) else []

    def keep_answer(self, question: str, text: str, guess: str, reason: str) -> None:
        """Keep a guess in the browser (a later one to the same question replaces it)."""
        answers = [
            a
            for a in self.kept_answers()
            if (a.get("lesson"), a.get("question")) != (self.lesson, question)
        ]
        answers.append(
            {
                "lesson": self.lesson,
                "question": question,
                "text": text[:1000],
                "guess": guess[:200],
                "reason": reason[:1000],
                "time": time.time(),
            }
        )
        self._keep(answers)

    def keep_result(
        self, question: str, says: str, game: str, rules: dict[str, Any], seed: int | None
    ) -> None:
        answers = self.kept_answers()
        for answer in answers:
            if (answer.get("lesson"), answer.get("question")) == (self.lesson, question):
                answer.update(result=says[:200] or "-", game=game[:80], rules=rules, seed=seed)
        self._keep(answers)

    def _keep(self, answers: list[dict[str, Any]]) -> None:
        name = " ".join(self.name.value.split())[:MAX_NAME]
        self.memory.keep({"name": name, "answers": answers[-2000:]})

    def hand_in(self) -> None:
        """A link that saves every answer this browser kept as one file to hand in."""
        from ..classes.handin import hand_in_text
        from .download import download_link

        name = " ".join(self.name.value.split())[:MAX_NAME]
        if not name:
            self._say("Type your name first: your teacher reads it from the file.")
            return
        answers = self.kept_answers()
        if not answers:
            self._say("There is nothing to hand in yet: answer a question first.")
            return
        self._say("")
        self._keep(answers)
        safe = "".join(c for c in name if c.isalnum()) or "pupil"
        self.hand_in_link.value = download_link(
            hand_in_text(name, answers), f"sheepkit-answers-{safe}.json"
        )

    def _show(self) -> None:
        if self.keeping:
            return
        joined = self.client.joined
        self.form.layout.display = "none" if joined else "flex"
        self.joined_row.layout.display = "flex" if joined else "none"
        if joined:
            self.status.value = (
                f"In class <b>{html.escape(joined.class_name)}</b> as "
                f"<b>{html.escape(joined.name)}</b>. Your answers go to your teacher."
            )
        paused = bool(joined and self.client.pace.paused)
        self.look_up.layout.display = "block" if paused else "none"
        self.look_up.value = (
            '<div role="alertdialog" aria-modal="true" aria-label="Look up"'
            ' style="position:fixed;inset:0;z-index:10000;background:#0b2545;color:#fff;'
            "display:flex;align-items:center;justify-content:center;flex-direction:column;"
            'font-size:4rem;font-weight:700;line-height:1.25"><div>Look up</div>'
            '<div style="font-size:1.5rem;font-weight:400;margin-top:1rem">'
            "Your teacher has paused the class."
            "</div></div>"
            if paused
            else ""
        )

    # -- what the lesson's questions ask of the class -----------------------------------------
    def key(self, question: str) -> str:
        return f"{self.lesson}/{question}"

    def held(self, question: str) -> bool:
        return self.key(question) in self.client.pace.held

    def revealed(self, question: str) -> bool:
        return self.key(question) in self.client.pace.revealed

    def answer(
        self, question: str, text: str, guess: str, reason: str, then: Callable[[], None]
    ) -> None:
        """Send a guess; ``then()`` once the service has stored it."""
        self._on_saved[("answer", question)] = then
        self.send(
            Answer(
                lesson=self.lesson,
                question=question,
                text=text[:1000],
                guess=guess[:200],
                reason=reason[:1000],
            )
        )

    def result(
        self, question: str, says: str, game: str, rules: dict[str, Any], seed: int | None
    ) -> None:
        self.send(
            Result(
                lesson=self.lesson,
                question=question,
                result=says[:200] or "-",
                game=game[:80],
                rules=rules,
                seed=seed,
            )
        )

    def run(self, experiment: str, change: str, guess: str, result: str, **more: Any) -> None:
        """Send one workshop run (the Rule Lab's, the Bot Arena's)."""
        self.send(
            Run(
                lesson=self.lesson,
                experiment=experiment[:80],
                change=change[:200],
                guess=guess[:200],
                result=result[:200] or "-",
                **more,
            )
        )

    def spread(self, question: str) -> Spread | None:
        """The class's guesses to ``question`` (names hidden), if the teacher shares them."""
        return self.client.spreads.get(self.key(question))

    def wait_for_reveal(self, question: str, show: Callable[[], None]) -> None:
        """Show a held question's result when the teacher reveals it."""
        self._held[question] = show

    def on_pace(self, listener: Callable[[], None]) -> None:
        self._pace_listeners.append(listener)

    def _paced(self) -> None:
        for question, show in list(self._held.items()):
            if not self.held(question):
                del self._held[question]
                show()
        for listener in list(self._pace_listeners):
            listener()


def class_strip(lesson: str, connect: Connect | None = None) -> None:
    """Show the class strip at the top of a lesson (in an app, with a class service): the
    lesson's questions then go to the class (``current()`` is then this page). Returns
    nothing, so that a notebook cell ending on it shows only the strip."""
    global _current
    if not (served_by_voila() or in_browser()):
        _current = None
        return
    connect = connect if connect is not None else service_connect()
    if connect is None and not in_browser():
        _current = None  # a Voila server whose class service did not start
        return
    _current = ClassPage(lesson, connect)
    _current._show()
    display(_current.widget)
