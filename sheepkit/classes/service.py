"""The class service: the one authority over a server's classes, without a transport.

A pupil's page connects (``connect(send)`` gives its ``Link``), sends messages
(``receive(link, text)``), and hears the service's answers through ``send``. Every message is
read by ``sheepkit.classes.messages`` and handled by the one handler its class has in
``HANDLERS``; what a pupil gives is in the store before the page is told it is saved. A
refusal answers ``Refused`` with the reason in words and changes nothing.

The teacher's page calls the teacher's methods (``open_class``, ``set_state``, ``pause``,
``share``, ``delete``) once the server has checked the teacher's key, and ``watch`` tells it
which class changed, so that the page shows a new answer at once.
"""

from __future__ import annotations

import time
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from .messages import (
    MAX_CLASS_NAME,
    MAX_NAME,
    Answer,
    Ended,
    Join,
    Joined,
    Message,
    MessageError,
    Pace,
    Ping,
    Refused,
    Rejoin,
    Result,
    Run,
    Saved,
    Spread,
    read,
)
from .store import ClassRow, ClassStore, Pupil, StoreError

#: At most this many pupils' pages connected to one server at once.
MAX_LINKS = 400
#: A page may send this many messages a second, in bursts of BURST.
RATE = 10
BURST = 30
#: At most this many answers and runs per pupil (a term of lessons is a few hundred).
MAX_ROWS = 2_000
#: Classes a server keeps at once.
MAX_CLASSES = 200

Send = Callable[[str], None]
Watcher = Callable[[int], None]


@dataclass(eq=False)
class Link:
    """One pupil's page, connected; ``pupil`` once it has joined."""

    send: Send
    pupil: Pupil | None = None
    allowance: float = BURST
    checked: float = field(default_factory=time.monotonic)


def clean_name(text: str, most: int, what: str) -> str:
    """A name as it is kept: spaces collapsed, no control or invisible characters, at least
    one letter or digit; StoreError naming what is wrong."""
    name = " ".join(text.split())
    if any(unicodedata.category(c) in ("Cc", "Cf", "Co", "Cs") for c in name):
        raise StoreError(f"{what} may hold letters, digits, spaces and punctuation only")
    if not any(c.isalnum() for c in name):
        raise StoreError(f"{what} needs at least one letter or digit")
    if len(name) > most:
        raise StoreError(f"{what} is at most {most} characters")
    return name


class ClassService:
    """The classes of one server: pupils' pages (``Link``) and the teacher's actions."""

    def __init__(self, store: ClassStore, *, clock: Callable[[], float] = time.monotonic) -> None:
        self.store = store
        self.clock = clock
        self.links: set[Link] = set()
        self.watchers: list[Watcher] = []
        self.handlers: dict[type[Message], Callable[[Link, Any], None]] = {
            Join: self._join,
            Rejoin: self._rejoin,
            Answer: self._answer,
            Result: self._result,
            Run: self._run,
            Ping: lambda link, message: None,
        }

    def limits(self) -> dict[str, Any]:
        return {
            "pages": MAX_LINKS,
            "messages_per_second": RATE,
            "burst": BURST,
            "rows_per_pupil": MAX_ROWS,
            "classes": MAX_CLASSES,
        }

    # -- pupils' pages ------------------------------------------------------------------------
    def connect(self, send: Send) -> Link:
        """A new page's link; MessageError if the server has as many as it takes."""
        if len(self.links) >= MAX_LINKS:
            raise MessageError(f"the class server is full ({MAX_LINKS} pages)")
        link = Link(send, checked=self.clock())
        self.links.add(link)
        return link

    def disconnect(self, link: Link) -> None:
        self.links.discard(link)

    def receive(self, link: Link, text: object) -> None:
        """Act on one message from ``link``'s page, or refuse it in words."""
        if link not in self.links:
            return
        op = ""
        try:
            self._pace_messages(link)
            message = read(text)
            op = message.OP
            self.handlers[type(message)](link, message)
        except (MessageError, StoreError) as refused:
            reason = refused.reason if isinstance(refused, MessageError) else str(refused)
            op = refused.op if isinstance(refused, MessageError) and refused.op else op
            self._send(link, Refused(reason=reason[:1000], refused=op))

    def _pace_messages(self, link: Link) -> None:
        now = self.clock()
        link.allowance = min(BURST, link.allowance + (now - link.checked) * RATE)
        link.checked = now
        if link.allowance < 1:
            raise MessageError(f"too many messages: at most {RATE} a second")
        link.allowance -= 1

    def _send(self, link: Link, message: Message) -> None:
        link.send(message.to_json())

    def _join(self, link: Link, message: Join) -> None:
        klass = self.store.class_by_code(message.code.strip())
        if klass is None:
            raise StoreError(
                f"there is no class with the code {message.code.strip()[:10]!r}: check it on "
                "the board"
            )
        name = clean_name(message.name, MAX_NAME, "a name")
        self._full(klass)
        pupil, token = self.store.add_pupil(klass.id, name)
        self._welcome(link, pupil, klass, token)
        self._changed(klass.id)

    def _full(self, klass: ClassRow) -> None:
        if len(self.store.pupils(klass.id)) >= 200:
            raise StoreError("this class has 200 pupils already")

    def _rejoin(self, link: Link, message: Rejoin) -> None:
        pupil = self.store.pupil_by_token(message.token)
        klass = self.store.class_by_id(pupil.class_id) if pupil is not None else None
        if pupil is None or klass is None:
            self._send(link, Ended(reason="this browser's class is no longer on this server"))
            return
        self._welcome(link, pupil, klass, message.token)

    def _welcome(self, link: Link, pupil: Pupil, klass: ClassRow, token: str) -> None:
        link.pupil = pupil
        self._send(
            link, Joined(code=klass.code, class_name=klass.name, name=pupil.name, token=token)
        )
        self._send(link, self.pace(klass.id))
        for spread in self.spreads(klass.id):
            self._send(link, spread)

    def _pupil(self, link: Link, op: str) -> Pupil:
        if link.pupil is None:
            raise MessageError(f"{op}: join a class first (its code and your name)", op)
        return link.pupil

    def _room(self, pupil: Pupil) -> None:
        if self.store.rows_of(pupil) >= MAX_ROWS:
            raise StoreError(f"you have sent {MAX_ROWS} answers and runs: that is the limit")

    def _answer(self, link: Link, message: Answer) -> None:
        pupil = self._pupil(link, message.OP)
        self._room(pupil)
        self.store.save_answer(
            pupil, message.lesson, message.question, message.text, message.guess, message.reason
        )
        self._send(link, Saved(what="answer", lesson=message.lesson, question=message.question))
        self._changed(pupil.class_id, message.lesson, message.question)

    def _result(self, link: Link, message: Result) -> None:
        pupil = self._pupil(link, message.OP)
        if not self.store.save_result(
            pupil,
            message.lesson,
            message.question,
            message.result,
            message.game,
            message.rules,
            message.seed,
        ):
            raise StoreError("a result comes after its guess: send the answer first")
        self._send(link, Saved(what="result", lesson=message.lesson, question=message.question))
        self._changed(pupil.class_id, message.lesson, message.question)

    def _run(self, link: Link, message: Run) -> None:
        pupil = self._pupil(link, message.OP)
        self._room(pupil)
        self.store.save_run(
            pupil,
            message.lesson,
            message.experiment,
            message.change,
            message.guess,
            message.result,
            message.value,
            message.game,
            message.rules,
            message.seed,
        )
        self._send(link, Saved(what="run", lesson=message.lesson, question=message.experiment))
        self._changed(pupil.class_id)

    # -- what a class's pages are told --------------------------------------------------------
    def pace(self, class_id: int) -> Pace:
        klass = self.store.class_by_id(class_id)
        states = self.store.questions(class_id)
        return Pace(
            paused=bool(klass and klass.paused),
            held=[q.key for q in states if q.state == "held"],
            revealed=[q.key for q in states if q.state == "revealed"],
        )

    def spreads(self, class_id: int) -> list[Spread]:
        """The spreads the teacher shares with the class (names hidden)."""
        shared = {q.key for q in self.store.questions(class_id) if q.shared}
        if not shared:
            return []
        by_question: dict[str, list[str]] = {}
        results: dict[str, str] = {}
        for answer in self.store.answers(class_id):
            key = f"{answer.lesson}/{answer.question}"
            if key in shared:
                by_question.setdefault(key, []).append(answer.guess)
                results[key] = results.get(key) or answer.result
        return [
            Spread(
                lesson=key.split("/", 1)[0],
                question=key.split("/", 1)[1],
                guesses=sorted(by_question.get(key, [])),
                result=results.get(key, ""),
            )
            for key in sorted(shared)
        ]

    def _tell_class(self, class_id: int, *messages: Message) -> None:
        for link in list(self.links):
            if link.pupil is not None and link.pupil.class_id == class_id:
                for message in messages:
                    self._send(link, message)

    def changed(self, class_id: int) -> None:
        """Tell the teacher's pages that the class changed (answers read from files)."""
        self._changed(class_id)

    def _changed(self, class_id: int, lesson: str = "", question: str = "") -> None:
        if lesson and any(
            q.shared and q.lesson == lesson and q.question == question
            for q in self.store.questions(class_id)
        ):
            self._tell_class(class_id, *self.spreads(class_id))
        for watcher in list(self.watchers):
            watcher(class_id)

    # -- the teacher's actions (the server has checked the key) -------------------------------
    def watch(self, watcher: Watcher) -> Callable[[], None]:
        """Call ``watcher(class_id)`` after every change to a class; returns the unwatch."""
        self.watchers.append(watcher)
        return lambda: self.watchers.remove(watcher) if watcher in self.watchers else None

    def open_class(self, name: str) -> ClassRow:
        if len(self.store.classes()) >= MAX_CLASSES:
            raise StoreError(f"this server keeps {MAX_CLASSES} classes: delete an old one first")
        return self.store.open_class(clean_name(name, MAX_CLASS_NAME, "a class's name"))

    def set_state(self, class_id: int, lesson: str, question: str, state: str) -> None:
        """Hold a question (its result waits for the reveal), reveal it, or open it again
        (each pupil's own guess opens it)."""
        self.store.set_question(class_id, lesson, question, state=state)
        self._tell_class(class_id, self.pace(class_id))
        self._changed(class_id)

    def pause(self, class_id: int, paused: bool) -> None:
        """Put a "Look up" screen over every pupil's page of the class (or lift it)."""
        self.store.set_paused(class_id, paused)
        self._tell_class(class_id, self.pace(class_id))
        self._changed(class_id)

    def share(self, class_id: int, lesson: str, question: str, shared: bool) -> None:
        """Show (or stop showing) the class's spread of guesses, names hidden, to the pupils."""
        self.store.set_question(class_id, lesson, question, shared=shared)
        if shared:
            self._tell_class(class_id, *self.spreads(class_id))
        self._changed(class_id)

    def delete(self, class_id: int) -> None:
        """The class and everything in it; its pupils' pages are told."""
        self._tell_class(class_id, Ended(reason="your teacher has closed this class"))
        for link in list(self.links):
            if link.pupil is not None and link.pupil.class_id == class_id:
                link.pupil = None
        self.store.delete_class(class_id)
        self._changed(class_id)
