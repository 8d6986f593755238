"""The text a pupil reads in a lesson notebook, split into sentences and counted.

What counts: every markdown cell, and the question, choices and explanation of each
``predict(...)`` / ``after_run(...)`` in a code cell (the app shows them too). Code spans and
blocks, link addresses and HTML tags are left out (a link's words stay). Headings, list items
and table cells are sentences of their own; other text is split after ``.``, ``!``, ``?`` or
``:`` followed by a space or the end. A word is a run of characters holding a letter or digit.
"""

from __future__ import annotations

import ast
import importlib
import json
import re
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
GUIDES = ROOT / "docs" / "guides"
#: Words read in a minute (a lesson's reading time; issue 27).
READING_WORDS_PER_MINUTE = 130
#: The heading that ends a lesson's core: what follows is for after the period.
EXTENSION = "## Extension"
#: Calls whose texts the app view shows: their string arguments are read too.
SHOWN_CALLS = {"predict", "after_run", "ask"}
SHOWN_KEYWORDS = {"question", "choices", "explanation"}
# Lesson modules whose texts a cell shows by name (``explanation=hare_lesson.STALL_EXPLAINED``:
# kept out of the code pupils read in JupyterLab before they guess), as the notebooks import them.
LESSON_MODULES = {
    "hare_lesson": "sheepkit.examples.hounds_and_hare_lesson",
    "design_lesson": "sheepkit.examples.design_a_game_lesson",
}

CODE_BLOCK = re.compile(r"```.*?```", re.S)
CODE_SPAN = re.compile(r"`[^`]*`")
IMAGE = re.compile(r"!\[[^\]]*\]\([^)]*\)")
LINK = re.compile(r"\[([^\]]*)\]\([^)]*\)")
TAG = re.compile(r"<[^>]+>")
ITEM = re.compile(r"^\s*(?:[*+-]|\d+[.)])\s+")
# After the mark may come a closing bracket, quote or bold/italic marker or two.
SENTENCE_END = re.compile(r"(?:(?<=[.!?:])|(?<=[.!?:][)\"”’*_])|(?<=[.!?:][)\"”’*_]{2}))\s+")
WORD = re.compile(r"[^\W_]+(?:['’.,-][^\W_]+)*")


@dataclass(frozen=True)
class Cell:
    kind: str  # "markdown" or "code"
    source: str
    core: bool  # before the Extension heading


def cells(notebook: str) -> list[Cell]:
    found, core = [], True
    for raw in json.loads((NOTEBOOKS / f"{notebook}.ipynb").read_text())["cells"]:
        source = "".join(raw["source"])
        if raw["cell_type"] == "markdown" and source.strip().splitlines()[:1] == [EXTENSION]:
            core = False
        found.append(Cell(raw["cell_type"], source, core))
    return found


def shown_strings(code: str) -> list[str]:
    """The texts a code cell's predict/after_run calls show in the app."""
    try:
        tree = ast.parse(code)
    except SyntaxError:  # IPython magics: nothing shown to read
        return []
    found: list[str] = []
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call):
            continue
        name = getattr(node.func, "id", getattr(node.func, "attr", ""))
        if name not in SHOWN_CALLS:
            continue
        # predict's and ask's first argument is the question; after_run's is the label.
        shown_args = node.args[:1] if name in ("predict", "ask") else node.args[1:2]
        values = shown_args + [k.value for k in node.keywords if k.arg in SHOWN_KEYWORDS]
        for value in values:
            if (
                isinstance(value, ast.Attribute)
                and isinstance(value.value, ast.Name)
                and value.value.id in LESSON_MODULES
            ):
                module = importlib.import_module(LESSON_MODULES[value.value.id])
                found.append(str(getattr(module, value.attr)))
                continue
            found += [
                c.value
                for c in ast.walk(value)
                if isinstance(c, ast.Constant) and isinstance(c.value, str)
            ]
    return found


def plain(markdown: str) -> str:
    """Markdown without code, link addresses and HTML tags."""
    text = CODE_BLOCK.sub(" ", markdown)
    text = CODE_SPAN.sub(" ", text)
    text = IMAGE.sub(" ", text)
    text = LINK.sub(r"\1", text)
    return TAG.sub(" ", text)


def sentences(markdown: str) -> list[str]:
    """The sentences of a markdown text (with at least one word each)."""
    blocks: list[list[str]] = []
    current: list[str] = []
    for line in plain(markdown).splitlines():
        stripped = line.strip()
        if not stripped:
            current = []
            continue
        if stripped.startswith("|"):  # a table row: each cell a sentence of its own
            blocks.extend([[c] for c in stripped.strip("|").split("|") if c.strip(" -:")])
            current = []
            continue
        if stripped.startswith("#") or ITEM.match(line):
            current = [stripped.lstrip("#").strip()]
            blocks.append(current)
            continue
        if not current:
            blocks.append(current)
        current.append(stripped)
    found = []
    for block in blocks:
        for sentence in SENTENCE_END.split(" ".join(block)):
            if any(ch.isalpha() for ch in sentence):
                found.append(sentence.strip())
    return found


def words(sentence: str) -> int:
    return len([w for w in WORD.findall(sentence) if any(ch.isalnum() for ch in w)])


@dataclass(frozen=True)
class Reading:
    sentences: list[str]
    core_words: int

    @property
    def words(self) -> int:
        return sum(words(s) for s in self.sentences)

    @property
    def longest(self) -> str:
        return max(self.sentences, key=words)

    @property
    def mean(self) -> float:
        return self.words / len(self.sentences)

    @property
    def core_minutes(self) -> float:
        return self.core_words / READING_WORDS_PER_MINUTE


def texts(notebook: str) -> list[tuple[str, bool]]:
    """Each text the pupil reads, with whether it is in the core."""
    found = []
    for cell in cells(notebook):
        if cell.kind == "markdown":
            found.append((cell.source, cell.core))
        else:
            found.extend((text, cell.core) for text in shown_strings(cell.source))
    return found


def reading(notebook: str) -> Reading:
    all_sentences: list[str] = []
    core_words = 0
    for text, core in texts(notebook):
        found = sentences(text)
        all_sentences += found
        if core:
            core_words += sum(words(s) for s in found)
    return Reading(all_sentences, core_words)


def notebook_names() -> list[str]:
    return sorted(p.stem for p in NOTEBOOKS.glob("*.ipynb"))
