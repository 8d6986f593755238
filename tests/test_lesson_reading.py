"""The lessons read well and fit their periods (issue 27): plain sentences, no code in the app
view, glossary links that lead somewhere, and a teacher's guide whose plan fits the core.

The text measured is what a pupil reads (tests/lesson_text.py): markdown cells, and the
question and explanation texts of the lessons' predict/after_run calls. A guide's plan is the
table under ``## Plan``: first column the minutes (a whole number), second the activity; the
rows whose activity starts with "Read" are the reading time, which must cover the core's
words at 130 a minute.
"""

from __future__ import annotations

import re

import pytest
from lesson_text import (
    GUIDES,
    NOTEBOOKS,
    ROOT,
    cells,
    notebook_names,
    reading,
    sentences,
    shown_strings,
    words,
)

from sheepkit.classes.catalogue import questions_in

LONGEST_SENTENCE = 30
MEAN_SENTENCE = 18
#: A lesson's first cell says how long it is; the plan's minutes add up to it.
LENGTHS = {"One 45-minute period": 45, "Two periods": 90, "Three periods": 135}
#: Notebooks that are no lesson of their own: no period, a short guide.
NOT_LESSONS = {"00_welcome"}
GUIDE_SECTIONS = ["## Goals", "## Plan", "## What each run shows", "## Questions"]
GLOSSARY = ROOT / "docs" / "glossary.md"
NOTEBOOK_NAMES = notebook_names()
LESSONS = [n for n in NOTEBOOK_NAMES if n not in NOT_LESSONS]


def first_markdown(notebook: str) -> str:
    return next(c.source for c in cells(notebook) if c.kind == "markdown")


def period_minutes(notebook: str) -> int:
    """The lesson's length in minutes, as its first cell says it."""
    said = [minutes for label, minutes in LENGTHS.items() if label in first_markdown(notebook)]
    assert len(said) == 1, f"{notebook}'s first cell says none (or more) of {list(LENGTHS)}"
    return said[0]


def jupyterlab_lesson(notebook: str) -> bool:
    """A lesson read in JupyterLab, not as an app: code in its text is what it teaches."""
    return "JupyterLab lesson" in first_markdown(notebook)


def section(text: str, heading: str) -> str:
    """The text under a ``## `` heading, up to the next one."""
    match = re.search(rf"^{re.escape(heading)}\s*$(.*?)(?=^## |\Z)", text, re.M | re.S)
    assert match, f"no {heading!r} section"
    return match.group(1)


def plan_rows(guide: str) -> list[tuple[int, str]]:
    rows = []
    for line in section(guide, "## Plan").splitlines():
        cols = [c.strip() for c in line.strip().strip("|").split("|")]
        if line.strip().startswith("|") and len(cols) >= 2 and cols[0].isdigit():
            rows.append((int(cols[0]), cols[1]))
    return rows


def guide_text(notebook: str) -> str:
    path = GUIDES / f"{notebook}.md"
    assert path.exists(), f"{notebook} has no teacher's guide at {path.relative_to(ROOT)}"
    return path.read_text()


# -- how it reads ----------------------------------------------------------------------------
def test_the_sentence_splitter_counts_what_a_pupil_reads() -> None:
    text = (
        "## A heading\n\nOne short sentence. Another one: with `code here` and "
        "[a link](../docs/glossary.md#seed)! (In brackets.) **Bold.** Next\n"
        "* an item\n* 1.5 seconds is one item\n"
        "| a cell | b cell |\n|---|---|\n<details><summary>Fold</summary>\n\nHidden.</details>"
    )
    assert sentences(text) == [
        "A heading",
        "One short sentence.",
        "Another one:",
        "with   and a link!",
        "(In brackets.)",
        "**Bold.**",
        "Next",
        "* an item",
        "* 1.5 seconds is one item",
        "a cell",
        "b cell",
        "Fold",
        "Hidden.",
    ]
    assert words("with   and a link!") == 4 and words("1.5 seconds, e.g. Mr. Wolf") == 5


def test_predict_texts_are_read_and_labels_are_not() -> None:
    code = (
        'from x import predict, after_run\n@predict("Who wins?", kind="choice", '
        'choices=["the sheep", "the wolves"], explanation="The wolves.")\ndef _(): pass\n'
        '@after_run("Run it", "Why it is so.")\ndef _(): pass\nprint("not shown")\n'
    )
    assert shown_strings(code) == [
        "Who wins?",
        "the sheep",
        "the wolves",
        "The wolves.",
        "Why it is so.",
    ]


@pytest.mark.parametrize("notebook", NOTEBOOK_NAMES)
def test_no_sentence_is_over_30_words(notebook: str) -> None:
    long = [s for s in reading(notebook).sentences if words(s) > LONGEST_SENTENCE]
    assert not long, f"{notebook}: {len(long)} sentences over {LONGEST_SENTENCE} words: {long}"


@pytest.mark.parametrize("notebook", NOTEBOOK_NAMES)
def test_sentences_are_18_words_or_fewer_on_average(notebook: str) -> None:
    mean = reading(notebook).mean
    assert mean <= MEAN_SENTENCE, f"{notebook}: {mean:.1f} words a sentence on average"


@pytest.mark.parametrize("notebook", NOTEBOOK_NAMES)
def test_no_code_in_the_text_the_app_shows(notebook: str) -> None:
    if jupyterlab_lesson(notebook):
        pytest.skip(f"{notebook} is a JupyterLab lesson: its code is what it teaches")
    with_code = [
        c.source.splitlines()[0]
        for c in cells(notebook)
        if c.kind == "markdown" and "`" in c.source
    ]
    with_code += [
        t for c in cells(notebook) if c.kind == "code" for t in shown_strings(c.source) if "`" in t
    ]
    assert not with_code, f"{notebook}: code or commands in the app's text: {with_code}"


@pytest.mark.parametrize("notebook", NOTEBOOK_NAMES)
def test_glossary_links_lead_to_an_entry(notebook: str) -> None:
    anchors = set(re.findall(r'<a id="([^"]+)"></a>', GLOSSARY.read_text()))
    links = [
        anchor
        for c in cells(notebook)
        if c.kind == "markdown"
        for anchor in re.findall(r"\]\(\.\./docs/glossary\.md#([^)]+)\)", c.source)
    ]
    assert set(links) <= anchors, f"{notebook}: no glossary entry for {set(links) - anchors}"


def test_every_glossary_entry_is_short_and_plain() -> None:
    for entry in GLOSSARY.read_text().split("<a id=")[1:]:
        body = sentences(entry.split("</a>", 1)[1])[1:]  # after its heading
        assert 1 <= len(body) <= 4, entry
        assert all(words(s) <= LONGEST_SENTENCE for s in body), entry


# -- fits its period ---------------------------------------------------------------------------
@pytest.mark.parametrize("notebook", LESSONS)
def test_the_first_cell_says_how_long_the_lesson_is(notebook: str) -> None:
    assert period_minutes(notebook) in LENGTHS.values()


@pytest.mark.parametrize("notebook", LESSONS)
def test_the_guide_s_plan_fits_the_period_and_the_core_s_reading(notebook: str) -> None:
    length = period_minutes(notebook)
    rows = plan_rows(guide_text(notebook))
    assert sum(m for m, _ in rows) == length, f"{notebook}: the plan's minutes are not {length}"
    read = sum(m for m, activity in rows if activity.lower().startswith("read"))
    core = reading(notebook).core_minutes
    assert core <= read, f"{notebook}: the core takes {core:.1f} min to read, the plan gives {read}"


@pytest.mark.parametrize("notebook", NOTEBOOK_NAMES)
def test_the_guide_has_its_sections(notebook: str) -> None:
    guide = guide_text(notebook)
    sections = GUIDE_SECTIONS if notebook in LESSONS else ["## Goals"]
    missing = [s for s in sections if not re.search(rf"^{re.escape(s)}\s*$", guide, re.M)]
    assert not missing, f"{notebook}'s guide lacks {missing}"


def notebook_questions(notebook: str) -> int:
    """How many questions the lesson's questions section asks: its numbered list, or the
    ``ask(...)`` boxes of the code cell under its heading."""
    found = cells(notebook)
    for n, cell in enumerate(found):
        heading = re.search(r"^##+ Questions[^\n]*\n(.*)", cell.source, re.M | re.S)
        if cell.kind == "markdown" and heading:
            listed = len(re.findall(r"^\d+\. ", heading.group(1), re.M))
            after = found[n + 1] if n + 1 < len(found) else None
            if listed or after is None or after.kind != "code":
                return listed
            return len(questions_in(after.source, notebook))
    return 0


@pytest.mark.parametrize("notebook", LESSONS)
def test_the_guide_answers_every_question(notebook: str) -> None:
    asked = notebook_questions(notebook)
    answered = re.findall(r"^(\d+)\. ", section(guide_text(notebook), "## Questions"), re.M)
    assert asked, f"{notebook} asks no numbered questions"
    assert [int(n) for n in answered] == list(range(1, asked + 1)), (
        f"{notebook}: the guide answers {answered}, the lesson asks 1 to {asked}"
    )


def test_the_notebooks_folder_is_the_one_read() -> None:
    assert (NOTEBOOKS / "00_welcome.ipynb").exists() and len(NOTEBOOK_NAMES) >= 9
