"""The questions of the lessons, read from the notebooks themselves.

A lesson asks with ``predict("question", ...)`` (guess, then see) and ``ask("question")`` (a
sentence to write); each call's question is a string literal in a code cell, so the teacher's
page lists a lesson's questions, in order, before any pupil has answered, without a second
list to keep in step. A question's key is made from its words (:func:`question_key`), the
same on the pupil's page and here. Stdlib only.
"""

from __future__ import annotations

import ast
import json
import re
from dataclasses import dataclass
from pathlib import Path

ASKING = ("predict", "ask")


@dataclass(frozen=True)
class Question:
    lesson: str
    key: str
    text: str
    kind: str  # number, choice or sentence
    choices: tuple[str, ...] = ()
    unit: str = ""
    #: A prediction (guess, then a result the teacher may hold back); else a question asked
    #: in words, with no result.
    predicts: bool = True


@dataclass(frozen=True)
class Lesson:
    key: str  # the notebook's name without .ipynb
    title: str
    questions: tuple[Question, ...]


def question_key(text: str) -> str:
    """A question's key: its first words, lower case, joined by hyphens (at most 60
    characters)."""
    words = re.findall(r"[a-z0-9]+", text.lower())
    key = ""
    for word in words:
        if len(key) + len(word) + 1 > 60:
            break
        key = f"{key}-{word}" if key else word
    return key or "question"


def lesson_of(path: Path) -> Lesson:
    """The lesson in the notebook at ``path``: its title and its questions, in order."""
    notebook = json.loads(path.read_text(encoding="utf-8"))
    title = path.stem.replace("_", " ").capitalize()
    questions: list[Question] = []
    for cell in notebook.get("cells", []):
        source = "".join(cell.get("source", []))
        if (
            cell.get("cell_type") == "markdown"
            and title == path.stem.replace("_", " ").capitalize()
        ):
            heading = re.search(r"^# (.+)$", source, re.MULTILINE)
            if heading:
                title = heading.group(1).strip()
        if cell.get("cell_type") == "code":
            questions.extend(questions_in(source, path.stem))
    return Lesson(path.stem, title or path.stem.replace("_", " ").capitalize(), tuple(questions))


def questions_in(source: str, lesson: str) -> list[Question]:
    """The questions a code cell asks (calls of predict or ask with a literal question)."""
    try:
        tree = ast.parse(source)
    except SyntaxError:
        return []
    found = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or not node.args:
            continue
        name = node.func.id if isinstance(node.func, ast.Name) else getattr(node.func, "attr", "")
        first = node.args[0]
        if name not in ASKING or not isinstance(first, ast.Constant):
            continue
        if not isinstance(first.value, str):
            continue
        options = {
            k.arg: ast.literal_eval(k.value)
            for k in node.keywords
            if k.arg in ("kind", "choices", "unit", "key")
            and isinstance(k.value, ast.Constant | ast.List | ast.Tuple)
        }
        kind = str(options.get("kind", "number" if name == "predict" else "sentence"))
        text = first.value
        found.append(
            Question(
                lesson,
                str(options.get("key") or question_key(text)),
                text,
                kind,
                tuple(str(c) for c in options.get("choices", ())),
                str(options.get("unit", "")),
                predicts=name == "predict",
            )
        )
    return sorted(found, key=lambda q: _position(source, q.text))


def _position(source: str, text: str) -> int:
    return source.find(text[:30])


def lessons_in(folder: Path) -> list[Lesson]:
    """Every lesson in ``folder`` that asks something, in the notebooks' name order."""
    found = []
    for path in sorted(folder.glob("*.ipynb")):
        try:
            lesson = lesson_of(path)
        except (OSError, ValueError):
            continue
        if lesson.questions:
            found.append(lesson)
    return found
