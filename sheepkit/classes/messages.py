"""Every message of a class, typed in one place: a frozen dataclass per message, read and
checked by :func:`read` before anything acts on it.

A pupil's page (its kernel, or Pyodide) and the class service speak JSON over a websocket,
one object per message with an ``op``. :data:`TO_SERVICE` are the ops a pupil may send,
:data:`TO_PUPIL` the service's answers. Each field is checked against its declared type and a
size limit (:class:`Limit`); a message that is too long, nests too deep, names no known op,
has a field too many or too few, or a value of the wrong type or size, is refused with a
:class:`MessageError` whose reason is a sentence. Stdlib only: it runs on Pyodide too.
"""

from __future__ import annotations

import json
import math
from dataclasses import asdict, dataclass, field
from typing import Any, ClassVar, TypeVar, get_type_hints

from ..core.messages import MessageError as MessageError  # a class's refusals are core's
from ..core.messages import build as core_build
from ..core.messages import from_dict as core_from_dict
from ..core.messages import on_wire, read_frame

#: The longest message, in bytes of UTF-8 (a reason of MAX_REASON characters and a rule set).
MAX_MESSAGE = 16_384
#: How deep a message may nest (a run's rules may hold a designed die: lists of lists).
MAX_DEPTH = 8
#: The longest name a pupil may choose (a first name or a nickname).
MAX_NAME = 30
#: The longest reason a pupil may write.
MAX_REASON = 1_000
#: The longest guess or result text.
MAX_ANSWER = 200
#: The longest id (a class code, a lesson, a question, a token, a game's key).
MAX_ID = 80
#: The longest class name a teacher may choose.
MAX_CLASS_NAME = 60


def limit(most: int, *, least: int = 0, empty: type = str) -> Any:
    """A field's size: its text's length (or a list's or object's items) at most ``most``;
    ``least`` above 0 makes it a field the message needs. ``empty`` makes its default."""
    meta = {"most": most, "least": least, "needed": least > 0}
    return field(default_factory=empty, metadata=meta)


@dataclass(frozen=True)
class Message:
    """One message; ``OP`` is its name on the wire."""

    OP: ClassVar[str] = ""

    def to_json(self) -> str:
        return json.dumps(on_wire(self.OP, asdict(self)), ensure_ascii=False)


# -- a pupil's page -> the service ------------------------------------------------------------
@dataclass(frozen=True)
class Join(Message):
    """Join the class with this code, under this name (a new record)."""

    OP: ClassVar[str] = "join"
    code: str = limit(MAX_ID, least=1)
    name: str = limit(MAX_NAME, least=1)


@dataclass(frozen=True)
class Rejoin(Message):
    """Come back to one's record with the token the browser kept."""

    OP: ClassVar[str] = "rejoin"
    token: str = limit(MAX_ID, least=1)


@dataclass(frozen=True)
class Answer(Message):
    """A guess (and the reason for it) to a lesson's question, sent before its result is
    shown. ``kind`` says what the question asks for."""

    OP: ClassVar[str] = "answer"
    lesson: str = limit(MAX_ID, least=1)
    question: str = limit(MAX_ID, least=1)
    text: str = limit(MAX_REASON)
    guess: str = limit(MAX_ANSWER)
    reason: str = limit(MAX_REASON)


@dataclass(frozen=True)
class Result(Message):
    """What the run behind a question measured, once the pupil's page has run it: enough to
    run it again (the game, its rules, the seed)."""

    OP: ClassVar[str] = "result"
    lesson: str = limit(MAX_ID, least=1)
    question: str = limit(MAX_ID, least=1)
    result: str = limit(MAX_ANSWER, least=1)
    game: str = limit(MAX_ID)
    rules: dict[str, Any] = limit(64, empty=dict)
    seed: int | None = None


@dataclass(frozen=True)
class Run(Message):
    """One experiment run in a workshop (the Rule Lab, the Bot Arena): what was changed, what
    the pupil expected, what it measured."""

    OP: ClassVar[str] = "run"
    lesson: str = limit(MAX_ID, least=1)
    experiment: str = limit(MAX_ID, least=1)
    change: str = limit(MAX_ANSWER)
    guess: str = limit(MAX_ANSWER)
    result: str = limit(MAX_ANSWER, least=1)
    value: float | None = None
    game: str = limit(MAX_ID)
    rules: dict[str, Any] = limit(64, empty=dict)
    seed: int | None = None


@dataclass(frozen=True)
class Ping(Message):
    OP: ClassVar[str] = "ping"


# -- the service -> a pupil's page ------------------------------------------------------------
@dataclass(frozen=True)
class Joined(Message):
    """The pupil is in the class: its name, and the token that brings them back."""

    OP: ClassVar[str] = "joined"
    code: str = limit(MAX_ID)
    class_name: str = limit(MAX_CLASS_NAME)
    name: str = limit(MAX_NAME)
    token: str = limit(MAX_ID)


@dataclass(frozen=True)
class Pace(Message):
    """Where the teacher holds the class: questions held (``lesson/question``) and revealed,
    and whether the class is paused ("Look up")."""

    OP: ClassVar[str] = "pace"
    paused: bool = False
    held: list[str] = limit(500, empty=list)
    revealed: list[str] = limit(500, empty=list)


@dataclass(frozen=True)
class Saved(Message):
    """What the pupil sent is in the store (sent only after it is)."""

    OP: ClassVar[str] = "saved"
    what: str = limit(MAX_ID)
    lesson: str = limit(MAX_ID)
    question: str = limit(MAX_ID)


@dataclass(frozen=True)
class Spread(Message):
    """The class's guesses to a question, names hidden, once the teacher shares them."""

    OP: ClassVar[str] = "spread"
    lesson: str = limit(MAX_ID)
    question: str = limit(MAX_ID)
    guesses: list[str] = limit(500, empty=list)
    result: str = limit(MAX_ANSWER)


@dataclass(frozen=True)
class Refused(Message):
    """A message refused: why, in words; nothing changed."""

    OP: ClassVar[str] = "refused"
    reason: str = limit(MAX_REASON)
    refused: str = limit(MAX_ID)


@dataclass(frozen=True)
class Ended(Message):
    """The pupil is no longer in a class: the class was deleted, or the token is unknown."""

    OP: ClassVar[str] = "ended"
    reason: str = limit(MAX_REASON)


M = TypeVar("M", bound=Message)

TO_SERVICE: dict[str, type[Message]] = {m.OP: m for m in (Join, Rejoin, Answer, Result, Run, Ping)}
TO_PUPIL: dict[str, type[Message]] = {
    m.OP: m for m in (Joined, Pace, Saved, Spread, Refused, Ended)
}


def read(text: object, ops: dict[str, type[Message]] = TO_SERVICE) -> Message:
    """The message in ``text`` (JSON), checked, as its dataclass; MessageError if not."""
    return read_frame(text, ops, field_problem, max_bytes=MAX_MESSAGE, max_depth=MAX_DEPTH)


def from_dict(data: object, ops: dict[str, type[Message]] = TO_SERVICE) -> Message:
    """The message of a decoded JSON object, checked."""
    return core_from_dict(data, ops, field_problem)


def build(kind: type[M], values: dict[str, Any]) -> M:
    """``kind(**values)``, each value checked against the field's type and limit."""
    return core_build(kind, values, field_problem)


_HINTS: dict[type[Any], dict[str, Any]] = {}  # each message class's field types, read once


def _hints(kind: type[Any]) -> dict[str, Any]:
    if kind not in _HINTS:
        _HINTS[kind] = get_type_hints(kind)
    return _HINTS[kind]


def field_problem(kind: type[Any], spec: Any, value: object) -> str:
    """What a field's value should have been (its declared type and limit), in words."""
    return type_problem(value, _hints(kind)[spec.name], spec.metadata)


def kind_of(hint: Any) -> str:
    """A field's type as the checks name it: "str", "int | None", "dict[str, Any]"..."""
    return hint.__name__ if isinstance(hint, type) else str(hint).replace("typing.", "")


def type_problem(value: object, hint: Any, meta: Any) -> str:
    """What ``value`` should have been, in words ("" when it is right)."""
    most, least = meta.get("most", MAX_ID), meta.get("least", 0)
    kind = kind_of(hint)
    if kind == "str":
        sized = (
            f"text of {least} to {most} characters"
            if least
            else f"text of at most {most} characters"
        )
        if not isinstance(value, str) or not least <= len(value) <= most:
            return sized
        if any(ord(c) < 32 and c not in "\n\t" for c in value):
            return "text without control characters"
        return ""
    if kind == "bool":
        return "" if isinstance(value, bool) else "true or false"
    if kind == "int | None":
        if value is None or (
            isinstance(value, int) and not isinstance(value, bool) and abs(value) < 2**63
        ):
            return ""
        return "a whole number or null"
    if kind == "float | None":
        if value is None or (
            isinstance(value, int | float)
            and not isinstance(value, bool)
            and math.isfinite(value)
            and abs(value) < 1e15
        ):
            return ""
        return "a number or null"
    if kind == "list[str]":
        if (
            isinstance(value, list)
            and len(value) <= most
            and all(isinstance(v, str) and len(v) <= MAX_ID * 2 for v in value)
        ):
            return ""
        return f"a list of at most {most} short texts"
    if kind == "dict[str, Any]":
        if (
            isinstance(value, dict)
            and len(value) <= most
            and all(isinstance(k, str) and plain_json(v) for k, v in value.items())
        ):
            return ""
        return f"an object of at most {most} values (numbers, text, lists of them)"
    raise AssertionError(f"no check for {kind}")


def plain_json(value: object, depth: int = 0) -> bool:
    """True for a JSON value of finite numbers, short texts, and lists and objects of them."""
    if depth > MAX_DEPTH:
        return False
    if value is None or isinstance(value, bool):
        return True
    if isinstance(value, int):
        return abs(value) < 2**63
    if isinstance(value, float):
        return math.isfinite(value)
    if isinstance(value, str):
        return len(value) <= MAX_ANSWER
    if isinstance(value, list):
        return len(value) <= 64 and all(plain_json(v, depth + 1) for v in value)
    if isinstance(value, dict):
        return len(value) <= 64 and all(
            isinstance(k, str) and plain_json(v, depth + 1) for k, v in value.items()
        )
    return False
