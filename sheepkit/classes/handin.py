"""A pupil's answers as one file to hand in, where no class server is there to send them to
(the static site served as plain files): what the browser kept, and how the teacher's page
reads such files into a class.

A file is ``{"sheepkit": "answers", "version": 1, "name": ..., "answers": [...]}``, each
answer with the fields of an ``Answer`` and a ``Result`` (and its time). Reading checks every
field as the service checks a message, and refuses a file in words (too big, not ours, a
newer version, a bad answer) without storing any of it. Stdlib only.
"""

from __future__ import annotations

import json
import math
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..core.messages import nesting
from .messages import MAX_NAME, Answer, MessageError, Result, build

if TYPE_CHECKING:  # the store (sqlite3) is the server's: a pupil's page only writes a file
    from .store import ClassRow, ClassStore

KIND = "answers"
VERSION = 1
#: The largest file the teacher's page reads (a term of answers is a few tens of kB).
MAX_FILE = 1_000_000
MAX_ANSWERS = 2_000


class HandInError(ValueError):
    """A handed-in file refused, with the reason in words."""


@dataclass(frozen=True)
class HandedIn:
    name: str
    answers: list[tuple[Answer, Result | None, float]]


def hand_in_text(name: str, answers: list[dict[str, Any]]) -> str:
    """The file a pupil hands in."""
    return json.dumps(
        {"sheepkit": KIND, "version": VERSION, "name": name, "answers": answers},
        ensure_ascii=False,
        indent=1,
    )


def read_hand_in(data: bytes) -> HandedIn:
    """The pupil's name and answers in a handed-in file; HandInError saying what is wrong."""
    if len(data) > MAX_FILE:
        raise HandInError(f"the file is larger than {MAX_FILE:,} bytes: it is not a hand-in")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise HandInError("the file is not text: it is not a sheepkit hand-in") from None
    if nesting(text) > 8:
        raise HandInError("the file nests too deep: it is not a sheepkit hand-in")
    try:
        found = json.loads(text)
    except (ValueError, RecursionError):
        raise HandInError("the file is not JSON: it is not a sheepkit hand-in") from None
    if not isinstance(found, dict) or found.get("sheepkit") != KIND:
        raise HandInError('the file is not a sheepkit hand-in (no "sheepkit": "answers")')
    if found.get("version") != VERSION:
        raise HandInError(
            f"the file is of version {str(found.get('version'))[:10]}; this server reads "
            f"version {VERSION}"
        )
    name = found.get("name")
    if not isinstance(name, str) or not name.strip() or len(name) > MAX_NAME:
        raise HandInError(f"the file's name should be 1 to {MAX_NAME} characters")
    items = found.get("answers")
    if not isinstance(items, list) or len(items) > MAX_ANSWERS:
        raise HandInError(f"the file's answers should be a list of at most {MAX_ANSWERS}")
    answers = []
    for n, item in enumerate(items, 1):
        if not isinstance(item, dict):
            raise HandInError(f"answer {n} is not an object")
        try:
            answer = build(
                Answer,
                {
                    k: item[k]
                    for k in ("lesson", "question", "text", "guess", "reason")
                    if k in item
                },
            )
            result = None
            if item.get("result"):
                result = build(
                    Result,
                    {
                        k: item[k]
                        for k in ("lesson", "question", "result", "game", "rules", "seed")
                        if k in item
                    },
                )
        except MessageError as problem:
            raise HandInError(f"answer {n}: {problem.reason}") from None
        moment = item.get("time")
        if isinstance(moment, bool) or not isinstance(moment, int | float):
            moment = time.time()
        answers.append((answer, result, float(moment) if math.isfinite(moment) else time.time()))
    return HandedIn(" ".join(name.split()), answers)


def store_hand_in(store: ClassStore, klass: ClassRow, handed: HandedIn) -> str:
    """The file's answers into the class, under the pupil's name (a pupil of that name gets
    them added; a new name is a new pupil). What was read, in words."""
    from .store import StoreError

    pupil = next((p for p in store.pupils(klass.id) if p.name.lower() == handed.name.lower()), None)
    if pupil is None:
        try:
            pupil, _ = store.add_pupil(klass.id, handed.name)
        except StoreError as problem:
            raise HandInError(str(problem)) from None
    for answer, result, moment in handed.answers:
        store.save_answer(
            pupil, answer.lesson, answer.question, answer.text, answer.guess, answer.reason, moment
        )
        if result is not None:
            store.save_result(
                pupil,
                result.lesson,
                result.question,
                result.result,
                result.game,
                result.rules,
                result.seed,
            )
    count = len(handed.answers)
    return f"{pupil.name}: {count} answer{'s' if count != 1 else ''}"
