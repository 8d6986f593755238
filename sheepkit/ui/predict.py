"""Predict, then see: a lesson's analysis waits for the pupil's guess, then shows its result
beside the guess, with its explanation, and a line the pupil can copy into a class sheet.

    @predict("How often will the Optimal bot beat Random?", kind="number", unit="%",
             explanation="The better player wins about four games in five...")
    def _():
        base = lesson.analyse(game.rules, n=300, seed=1)
        print(f"Optimal wins {base.skill:.1%} against Random")
        return Seen(says=f"{base.skill:.1%}", copy="Shave a Sheep | base game | ...")

In a Voila app (and in the browser) the cell shows the question, a field for the guess and a
button: the work runs only after a guess is given, and the explanation stays hidden until
then. Run as a notebook (JupyterLab, nbval) the work runs at once, as with
:func:`~sheepkit.ui.requested.on_request`, so that the cells nbval checks print the same
figures: nobody is there to guess.

:func:`after_run` is the same without a guess (an explanation that waits for its button), and
:func:`copy_line` the "copy my result" line on its own.
"""

from __future__ import annotations

import dataclasses
import html
import textwrap
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, Literal

import ipywidgets as w
from IPython.display import display

from ..classes.catalogue import question_key
from ..classes.spread import spread_chart
from ..platform import in_browser
from . import classroom
from .requested import RequestedWork, served_by_voila

Kind = Literal["number", "choice", "sentence"]
KINDS: tuple[str, ...] = ("number", "choice", "sentence")


@dataclass(frozen=True)
class Seen:
    """What a run shows, for the pupil to set beside their guess.

    ``says``: the result in a few words ("79.3% [78.7%, 80.0%]"); ``copy``: one line of plain
    text for the class sheet; ``show``: anything to display under it (a chart), or None.
    ``game``, ``rules`` and ``seed``: what the run played, enough to run it again (they go to
    the class with the result).
    """

    says: str
    copy: str
    show: Any = None
    game: str = ""
    rules: dict[str, Any] = field(default_factory=dict)
    seed: int | None = None


def waits_for_the_pupil() -> bool:
    """True where a person opens the lesson as an app: in Voila, or in the browser."""
    return served_by_voila() or in_browser()


def parse_number(text: str) -> float:
    """A typed guess as a number: "60", "60%", " 3,5 " (a decimal comma too)."""
    cleaned = text.strip().rstrip("%").strip().replace(",", ".")
    if not cleaned:
        raise ValueError("Type a number first.")
    try:
        return float(cleaned)
    except ValueError:
        raise ValueError(f"{text.strip()!r} is not a number: type digits, like 60.") from None


def beside(guess: str, says: str) -> str:
    """The guess and the result side by side, in one sentence each."""
    if not guess:
        return f"You did not guess. The run says {says}."
    return f"You guessed {guess}. The run says {says}."


# -- copy my result ---------------------------------------------------------------------------
COPY_LABEL = "Copy my result"


def copy_line_html(text: str) -> str:
    """A read-only text field holding ``text`` (click to select it) and a Copy button, which
    works where the browser lets a page write to the clipboard (else: select, then Ctrl+C)."""
    value = html.escape(text, quote=True)
    return (
        '<div class="sk-copy-line">'
        f'<label>{COPY_LABEL}: <input type="text" readonly value="{value}" size="{len(text) + 2}"'
        ' aria-label="My result, to paste into the class sheet" onfocus="this.select()">'
        "</label> "
        '<button type="button" class="sk-copy-button"'
        " onclick=\"const f = this.parentElement.querySelector('input');"
        " f.select(); if (navigator.clipboard) navigator.clipboard.writeText(f.value);"
        " this.textContent = 'Copied';\">Copy</button>"
        "</div>"
    )


def copy_line(text: str) -> w.HTML | None:
    """Show the "copy my result" line. In an app, as a field with a Copy button (returned);
    in a notebook, printed as plain text (returns None)."""
    if not text.strip() or "\n" in text:
        raise ValueError("A result to copy is one line of text.")
    if not waits_for_the_pupil():
        print(f"{COPY_LABEL}: {text}")
        return None
    line = w.HTML(copy_line_html(text))
    line.add_class("sk-copy")
    display(line)
    return line


# -- explanations that wait for their run ------------------------------------------------------
def explanation_html(text: str) -> w.HTML:
    """An explanation (markdown-ish plain text; paragraphs split on blank lines)."""
    paragraphs = "".join(
        f"<p>{html.escape(part.strip(), quote=False)}</p>"
        for part in text.split("\n\n")
        if part.strip()
    )
    box = w.HTML(f'<div class="sk-explanation">{paragraphs}</div>')
    box.add_class("sk-explanation")
    return box


def print_explanation(text: str) -> None:
    """An explanation as printed text, in a notebook: what nbval checks is what it prints, so
    it is printed with the figures rather than shown as a separate (unchecked) output."""
    for part in text.split("\n\n"):
        if part.strip():
            print(textwrap.fill(" ".join(part.split()), width=88))


def show_result(result: Any) -> None:
    """Display what a work returned: a Seen's picture and copy line, or any other value."""
    if isinstance(result, Seen):
        if result.show is not None:
            display(result.show)
        copy_line(result.copy)
    elif result is not None:
        display(result)


class ExplainedRun(RequestedWork):
    """A button that runs ``work`` once, then shows its output and its explanation (the
    button and output of :class:`~sheepkit.ui.requested.RequestedWork`, so the same page
    classes and tests find it)."""

    def __init__(
        self,
        label: str,
        work: Callable[[], Any],
        explanation: str,
        ready: Callable[[], bool] = lambda: True,
        then: Callable[[Any], Any] = lambda result: None,
    ) -> None:
        super().__init__(label, work)
        self.explanation = explanation
        self.ready = ready  # asked first: False leaves everything as it was
        # Given the work's result before anything shows; what it returns (if not None) is
        # shown instead (a prediction adds the pupil's guess to the copy line).
        self.then = then
        self.ran = False

    def run(self) -> Any:
        if self.ran or not self.ready():  # a second click (a double click) does nothing
            return None
        self.ran = True
        self.button.disabled = True
        self.button.description = "Working..."
        with self.output:
            result = self.work()
            shown = self.then(result)
            show_result(shown if shown is not None else result)
            if self.explanation:
                display(explanation_html(self.explanation))
        self.button.layout.display = "none"
        return result


def after_run(label: str, explanation: str) -> Callable[[Callable[[], Any]], Callable[[], Any]]:
    """Like ``on_request``, with an explanation that appears only after the run."""
    if not explanation.strip():
        raise ValueError("after_run needs an explanation (else use on_request).")

    def decorate(work: Callable[[], Any]) -> Callable[[], Any]:
        if waits_for_the_pupil():
            display(ExplainedRun(label, work, explanation).widget)
        else:
            show_result(work())
            print_explanation(explanation)
        return work

    return decorate


# -- predict, then see -------------------------------------------------------------------------
#: The predictions of this page whose results have shown (their keys), and what waits for them.
_opened: set[str] = set()
_waiting: dict[str, list[Callable[[], None]]] = {}


def after_prediction(question: str, release: Callable[[], None]) -> None:
    """Call ``release()`` once the prediction ``question`` (its words, or its key) has shown
    its result on this page: at once where nobody guesses (a notebook run top to bottom).
    What would give a prediction away (Wolf and Sheep's Hint) waits for it so."""
    key = question if question == question_key(question) else question_key(question)
    if not waits_for_the_pupil() or key in _opened:
        release()
        return
    _waiting.setdefault(key, []).append(release)


def _opens(key: str) -> None:
    _opened.add(key)
    for release in _waiting.pop(key, []):
        release()


class Prediction:
    """The question, the guess field, a reason, the button; after the run, the result beside
    the guess.

    In a class (``classroom.current()``, joined) the guess and the reason go to the class
    first, and the result shows once the service has stored them: at once, or, while the
    teacher holds the question, when the teacher reveals it (for every pupil, guessed or not).
    The result then goes to the class too."""

    def __init__(
        self,
        question: str,
        kind: Kind,
        work: Callable[[], Any],
        *,
        choices: Sequence[str] = (),
        unit: str = "",
        label: str = "Run it and see",
        explanation: str = "",
        key: str | None = None,
    ) -> None:
        if kind not in KINDS:
            raise ValueError(f"kind must be one of {', '.join(KINDS)}, not {kind!r}")
        if kind == "choice" and len(choices) < 2:
            raise ValueError("a choice needs at least two choices")
        if kind != "choice" and choices:
            raise ValueError(f"choices are for kind='choice', not {kind!r}")
        if not question.strip():
            raise ValueError("a prediction needs a question")
        self.kind = kind
        self.unit = unit
        self.text = question
        self.key = key or question_key(question)
        self.taken = ""
        self.opened = False  # the result may show (no class, or the class has the guess)
        self.question = w.HTML(f"<b>Predict first.</b> {html.escape(question, quote=False)}")
        self.question.add_class("sk-predict-question")
        self.guess: w.Widget
        if kind == "number":
            self.guess = w.Text(placeholder="your guess", layout=w.Layout(width="8em"))
        elif kind == "choice":
            self.guess = w.RadioButtons(options=list(choices), value=None)
        else:
            self.guess = w.Textarea(placeholder="your guess, in a sentence")
        self.guess.add_class("sk-predict-guess")
        self.unit_label = w.Label(unit)
        self.reason = w.Textarea(
            description="Why?",
            placeholder="Why do you think so? (a sentence)",
            layout=w.Layout(width="32em"),
        )
        self.reason.add_class("sk-predict-reason")
        self.run_button = ExplainedRun(label, work, explanation, self.ready, self.show_beside)
        self.problem = w.HTML("")
        self.problem.add_class("sk-predict-problem")
        self.result = w.HTML("")
        self.result.add_class("sk-predict-result")
        self.spread = w.HTML("")  # the class's guesses, when the teacher shares them
        self.spread.add_class("sk-predict-spread")
        row = w.HBox([self.guess, self.unit_label]) if unit else self.guess
        self.widget = w.VBox(
            [
                self.question,
                row,
                self.reason,
                self.run_button.button,
                self.problem,
                self.result,
                self.run_button.output,
                self.spread,
            ]
        )
        self.widget.add_class("sk-predict")
        room = classroom.current()
        if room is not None:
            room.on_pace(self._paced)

    def guess_text(self) -> str:
        """The guess as the pupil gave it, checked; ValueError with what is missing."""
        if self.kind == "number":
            number = parse_number(self.guess.value)
            return f"{number:g}{self.unit}"
        if self.kind == "choice":
            if self.guess.value is None:
                raise ValueError("Pick one answer first.")
            return str(self.guess.value)
        text = " ".join(self.guess.value.split())
        if not text:
            raise ValueError("Write your guess first.")
        return f'"{text}"'

    def accept(self) -> bool:
        """Take the guess (and keep it as it was made), or say what is missing."""
        try:
            self.taken = self.guess_text()
        except ValueError as problem:
            self.problem.value = (
                f'<span role="alert">{html.escape(str(problem), quote=False)}</span>'
            )
            return False
        self.problem.value = ""
        self.guess.disabled = True
        self.reason.disabled = True
        return True

    def ready(self) -> bool:
        """Whether the run may show now. Takes the guess; in a class, sends it and waits for
        the service (then ``_saved`` opens the result)."""
        if self.opened:
            return True
        if not self.accept():
            return False
        room = classroom.current()
        if room is None or room.joined is None:
            if room is not None and room.keeping:
                room.keep_answer(
                    self.key, self.text, self.taken, " ".join(self.reason.value.split())
                )
            self.opened = True
            return True
        self.run_button.button.disabled = True
        self._note("Sending your guess to your class...")
        room.answer(
            self.key, self.text, self.taken, " ".join(self.reason.value.split()), self._saved
        )
        return False

    def _note(self, text: str) -> None:
        self.result.value = f'<p role="status">{html.escape(text, quote=False)}</p>'

    def _saved(self) -> None:
        room = classroom.current()
        if room is not None and room.held(self.key) and not room.revealed(self.key):
            self._note("Your guess is saved. Your teacher will show the result soon.")
            room.wait_for_reveal(self.key, lambda: self._open("Your teacher shows the result now."))
        else:
            self._open("Your guess is saved.")

    def _open(self, why: str) -> None:
        """Let the button run the work. The pupil presses it: a run started by a message from
        the class service (not by the page) would print nowhere the page shows."""
        self.opened = True
        self._note(why)
        self.run_button.button.description = "See the result"
        self.run_button.button.disabled = False

    def _paced(self) -> None:
        """The teacher shared the class's guesses, or revealed this question: it opens for a
        pupil who has not guessed."""
        room = classroom.current()
        if room is None:
            return
        shared = room.spread(self.key)
        if shared is not None:
            chart = spread_chart(self.text, shared.guesses, shared.result, self.kind)
            self.spread.value = (
                f"<p><b>Your class's guesses</b> ({len(shared.guesses)}, names hidden):</p>{chart}"
            )
        if self.run_button.ran or self.taken or not room.revealed(self.key):
            return
        self.guess.disabled = True
        self.reason.disabled = True
        self._open("Your teacher shows the result now.")

    def show_beside(self, result: Any) -> Any:
        """The result beside the guess; the result to show, its copy line with the guess (so
        that 28 pupils' pasted lines differ by what each of them thought)."""
        says = result.says if isinstance(result, Seen) else "what you see below"
        self.result.value = f"<p><b>{html.escape(beside(self.taken, says), quote=False)}</b></p>"
        _opens(self.key)
        room = classroom.current()
        if room is not None and self.taken:
            seen = result if isinstance(result, Seen) else Seen(says=says, copy="")
            if room.joined is not None:
                room.result(self.key, says, seen.game, seen.rules, seen.seed)
            elif room.keeping:
                room.keep_result(self.key, says, seen.game, seen.rules, seen.seed)
        if isinstance(result, Seen) and self.taken and result.copy:
            return dataclasses.replace(result, copy=f"{result.copy} | my guess: {self.taken}")
        return None

    def run(self) -> None:
        """What pressing the button does."""
        self.run_button.run()


def predict(
    question: str,
    kind: Kind = "number",
    *,
    choices: Sequence[str] = (),
    unit: str = "",
    label: str = "Run it and see",
    explanation: str = "",
    key: str | None = None,
) -> Callable[[Callable[[], Any]], Callable[[], Any]]:
    """Decorator for a lesson's analysis: in an app, ask ``question`` first (a number, one of
    ``choices``, or a sentence), run the work when the pupil has guessed, then show the
    result beside the guess and the ``explanation``. In a notebook, run it at once.

    The work prints what the notebook checks and returns a :class:`Seen` (or a picture)."""

    def decorate(work: Callable[[], Any]) -> Callable[[], Any]:
        prediction = Prediction(
            question,
            kind,
            work,
            choices=choices,
            unit=unit,
            label=label,
            explanation=explanation,
            key=key,
        )
        if waits_for_the_pupil():
            display(prediction.widget)
        else:
            result = work()
            if isinstance(result, Seen):
                print(f"The run says {result.says}.")
            show_result(result)
            print_explanation(explanation)
        return work

    return decorate


# -- a question to answer in words ------------------------------------------------------------
class Asked:
    """A question, a box for the answer in a sentence or two, and a button that sends it to
    the class (or, without a class server, keeps it in the browser to hand in)."""

    def __init__(self, question: str, key: str | None = None) -> None:
        if not question.strip():
            raise ValueError("ask needs a question")
        self.text = question
        self.key = key or question_key(question)
        self.question = w.HTML(f"<b>{html.escape(question, quote=False)}</b>")
        self.answer = w.Textarea(
            description="Answer",
            placeholder="your answer, in a sentence or two",
            layout=w.Layout(width="36em"),
        )
        self.answer.add_class("sk-ask-answer")
        self.button = w.Button(description="Send my answer")
        self.button.add_class("sk-ask-send")
        self.button.on_click(lambda _: self.send())
        self.status = w.HTML()
        self.status.add_class("sk-ask-status")
        self.widget = w.VBox([self.question, self.answer, self.button, self.status])
        self.widget.add_class("sk-ask")

    def send(self) -> None:
        text = " ".join(self.answer.value.split())
        if not text:
            self._say("Write your answer first.", alert=True)
            return
        room = classroom.current()
        if room is not None and room.joined is not None:
            self._say("Sending your answer to your class...")
            room.answer(self.key, self.text, "", text, lambda: self._say("Sent to your teacher."))
        elif room is not None and room.keeping:
            room.keep_answer(self.key, self.text, "", text)
            self._say("Kept in this browser: hand it in with the button at the top.")
        else:
            self._say("Join your class at the top of the page to send it to your teacher.")

    def _say(self, text: str, alert: bool = False) -> None:
        role = "alert" if alert else "status"
        self.status.value = f'<span role="{role}">{html.escape(text, quote=False)}</span>'


def ask(question: str, *, key: str | None = None) -> None:
    """A question for the pupil to answer in words. In an app, a box and a Send button (the
    answer goes to the class); in a notebook, the question printed. Returns nothing, so that
    a cell ending on it shows only the question."""
    asked = Asked(question, key)
    if not waits_for_the_pupil():
        print(question)
        return
    display(asked.widget)
