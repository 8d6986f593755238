"""The teacher's pages as HTML, and a class's export: made from the store, nothing else.

``board`` is the live part of a class's page (who has answered, the spreads, the reasons, the
runs), which the page fetches again whenever the service says the class changed. Every text a
pupil gave is escaped where it is shown; in the CSV, a cell that a spreadsheet would take for
a formula is prefixed with an apostrophe. Stdlib only.
"""

from __future__ import annotations

import csv
import io
import json
import time
from collections.abc import Sequence
from html import escape

from .catalogue import Lesson, Question
from .spread import as_number, spread_chart
from .store import AnswerRow, ClassRow, ClassStore, Pupil, QuestionState, RunRow

#: Where the teacher's pages are, under the server's base URL.
TEACHER_PATH = "sheepkit/teacher"

STYLE = """
body { font-family: system-ui, "DejaVu Sans", Arial, sans-serif; margin: 0; color: #1a1a1a;
  background: #fafafa; line-height: 1.45; }
header, main { max-width: 1100px; margin: 0 auto; padding: 0 1.2rem; }
header { display: flex; flex-wrap: wrap; gap: 1rem; align-items: center; }
a { color: #0b5394; }
.code { font-size: 4.5rem; font-weight: 700; letter-spacing: 0.3rem; font-family: monospace;
  background: #fff; border: 3px solid #1a1a1a; padding: 0.2rem 1rem; display: inline-block; }
button, .button { font: inherit; padding: 0.4rem 0.9rem; border: 2px solid #0b5394;
  background: #fff; color: #0b5394; border-radius: 4px; cursor: pointer; text-decoration: none;
  display: inline-block; }
button.strong { background: #0b5394; color: #fff; }
button:focus-visible, a:focus-visible, input:focus-visible { outline: 3px solid #D55E00;
  outline-offset: 2px; }
section.question { background: #fff; border: 1px solid #bbb; border-radius: 6px;
  padding: 0.6rem 1rem; margin: 1rem 0; }
.state { font-weight: 700; }
.reasons li { margin: 0.3rem 0; }
table { border-collapse: collapse; background: #fff; }
th, td { border: 1px solid #bbb; padding: 0.25rem 0.5rem; text-align: left; vertical-align: top; }
.muted { color: #555; }
form.inline { display: inline; }
nav.lessons a { margin-right: 0.8rem; }
nav.lessons a[aria-current] { font-weight: 700; }
@media print { .noprint { display: none; } body { background: #fff; } }
"""


def page(title: str, body: str, script: str = "") -> str:
    """A whole page."""
    return (
        '<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{escape(title)}</title><style>{STYLE}</style></head><body>{body}"
        + (f"<script>{script}</script>" if script else "")
        + "</body></html>"
    )


def login_page(problem: str = "") -> str:
    said = f'<p role="alert"><strong>{escape(problem)}</strong></p>' if problem else ""
    return page(
        "Teacher's page: sign in",
        "<main><h1>Teacher's page</h1>"
        "<p>Type the teacher key that the server printed when it started (or the"
        " <code>TEACHER_KEY</code> it was started with).</p>"
        f"{said}"
        '<form method="post" action="login"><label for="key">Teacher key</label> '
        '<input id="key" name="key" type="password" autocomplete="current-password" required>'
        ' <button class="strong" type="submit">Sign in</button></form></main>',
    )


def classes_page(classes: Sequence[ClassRow], problem: str = "") -> str:
    said = f'<p role="alert"><strong>{escape(problem)}</strong></p>' if problem else ""
    rows = "".join(
        f'<li><a href="class/{escape(c.code)}">{escape(c.name)}</a>'
        f' <span class="muted">(code {escape(c.code)}, opened {_day(c.created)})</span></li>'
        for c in classes
    )
    listed = f"<ul>{rows}</ul>" if rows else "<p>No class yet.</p>"
    return page(
        "Teacher's page",
        "<main><h1>Teacher's page</h1>"
        f"{said}<h2>Your classes</h2>{listed}"
        "<h2>Open a class</h2>"
        '<form method="post" action="open"><label for="name">The class\'s name</label> '
        '<input id="name" name="name" maxlength="60" required placeholder="9B game design">'
        ' <button class="strong" type="submit">Open the class</button></form>'
        "<p>Pupils join from any lesson page with the class's code and a first name or"
        " nickname: no account, no e-mail. Everything stays on this server.</p></main>",
    )


def class_page(klass: ClassRow, lessons: Sequence[Lesson], lesson: str, board_html: str) -> str:
    links = "".join(
        f'<a href="?lesson={escape(item.key)}"'
        + (' aria-current="page"' if item.key == lesson else "")
        + f">{escape(item.title)}</a>"
        for item in lessons
    )
    pause = (
        _action("resume", "Lift the Look-up screen", strong=True)
        if klass.paused
        else _action("pause", "Pause: Look up")
    )
    body = (
        '<header class="noprint"><p><a href="../">All classes</a></p></header>'
        f"<main><h1>{escape(klass.name)}</h1>"
        '<p>Class code, for the board: <span class="code" aria-label="class code '
        f'{" ".join(klass.code)}">{escape(klass.code)}</span></p>'
        f'<p class="noprint">{pause} '
        f'<a class="button" href="{escape(klass.code)}/export.csv">Export as CSV</a> '
        '<label><input type="checkbox" id="hide-names"> Hide names (for the projector)</label>'
        "</p>"
        f'<nav class="lessons noprint" aria-label="Lessons">{links}</nav>'
        f'<div id="board" aria-live="polite">{board_html}</div>'
        '<section class="noprint"><h2>Answers handed in as files</h2>'
        "<p>Pupils on the site without a class server hand in their answers as a file.</p>"
        f'<form method="post" action="{escape(klass.code)}/import" enctype="multipart/form-data">'
        '<label for="hand-ins">Handed-in files</label> '
        '<input id="hand-ins" type="file" name="files" multiple accept=".json,application/json"> '
        '<button type="submit">Read them into the class</button></form></section>'
        '<section class="noprint"><h2>Delete this class</h2>'
        f'<form method="post" action="{escape(klass.code)}/delete">'
        '<label><input type="checkbox" name="sure" value="yes" required> Delete the class, its'
        " pupils and every answer, for good</label> "
        '<button type="submit">Delete the class</button></form></section></main>'
    )
    return page(f"{klass.name}: teacher's page", body, LIVE_SCRIPT)


def import_page(klass: ClassRow, read: Sequence[str], refused: Sequence[str]) -> str:
    """What reading handed-in files did."""
    done = "".join(f"<li>{escape(line)}</li>" for line in read)
    bad = "".join(f"<li>{escape(line)}</li>" for line in refused)
    return page(
        f"{klass.name}: handed-in files",
        f"<main><h1>{escape(klass.name)}: handed-in files</h1>"
        + (f"<h2>Read</h2><ul>{done}</ul>" if done else "<p>No file was read.</p>")
        + (f'<h2>Not read</h2><ul role="alert">{bad}</ul>' if bad else "")
        + f'<p><a href="../{escape(klass.code)}">Back to the class</a></p></main>',
    )


def _action(
    action: str, label: str, fields: dict[str, str] | None = None, *, strong: bool = False
) -> str:
    hidden = "".join(
        f'<input type="hidden" name="{escape(k)}" value="{escape(v)}">'
        for k, v in (fields or {}).items()
    )
    kind = ' class="strong"' if strong else ""
    return (
        f'<form class="inline" method="post" data-action="{escape(action)}">'
        f'<input type="hidden" name="action" value="{escape(action)}">{hidden}'
        f'<button type="submit"{kind}>{escape(label)}</button></form>'
    )


# The page asks for its board again whenever the service says its class changed (a
# websocket; a poll every 10 s where one cannot open), keeps the names hidden or shown, and
# sends its buttons' forms without leaving the page.
LIVE_SCRIPT = """
(function(){
  var hide = document.getElementById('hide-names');
  var stored = sessionStorage.getItem('sk-hide-names') === '1';
  hide.checked = stored;
  function names(){ document.body.classList.toggle('names-hidden', hide.checked);
    document.querySelectorAll('[data-name]').forEach(function(e){
      e.textContent = hide.checked ? e.getAttribute('data-alias') : e.getAttribute('data-name');
    }); }
  hide.addEventListener('change', function(){
    sessionStorage.setItem('sk-hide-names', hide.checked ? '1' : '0'); names(); });
  var path = location.pathname.replace(/\\/$/, '');
  var code = path.split('/').pop();
  var busy = false, again = false;
  function refresh(){
    if (busy) { again = true; return; }
    busy = true;
    fetch(path + '/board' + location.search, {credentials: 'same-origin'})
      .then(function(r){ return r.ok ? r.text() : null; })
      .then(function(t){ if (t !== null) {
        document.getElementById('board').innerHTML = t; names(); wire(); } })
      .finally(function(){ busy = false; if (again) { again = false; refresh(); } });
  }
  function wire(){
    document.querySelectorAll('form[data-action]').forEach(function(f){
      if (f.dataset.wired) return; f.dataset.wired = '1';
      f.addEventListener('submit', function(ev){
        ev.preventDefault();
        fetch(path + '/act', {method: 'POST', body: new FormData(f),
          credentials: 'same-origin'}).then(function(r){
            if (f.dataset.action === 'pause' || f.dataset.action === 'resume') location.reload();
            else refresh(); });
      });
    });
  }
  names(); wire();
  var scheme = location.protocol === 'https:' ? 'wss://' : 'ws://';
  var base = path.slice(0, path.indexOf('/class/'));
  function listen(){
    var ws = new WebSocket(scheme + location.host + base + '/live');
    ws.onmessage = function(ev){ if (ev.data === code) refresh(); };
    ws.onclose = function(){ setTimeout(listen, 2000); };
  }
  listen();
  setInterval(refresh, 10000);
})();
"""


def board(store: ClassStore, klass: ClassRow, lessons: Sequence[Lesson], lesson_key: str) -> str:
    """The live part of a class's page for one lesson."""
    pupils = store.pupils(klass.id)
    alias = {p.name: f"Pupil {i}" for i, p in enumerate(pupils, 1)}
    answers = store.answers(klass.id, lesson_key)
    runs = store.runs(klass.id, lesson_key)
    states = {q.key: q for q in store.questions(klass.id)}
    lesson = next((item for item in lessons if item.key == lesson_key), None)
    questions = list(lesson.questions) if lesson else []
    seen = {q.key for q in questions}
    for answer in answers:  # questions the catalogue does not know (asked all the same)
        if answer.question not in seen:
            seen.add(answer.question)
            questions.append(
                Question(
                    lesson_key,
                    answer.question,
                    answer.text or answer.question,
                    "sentence",
                    predicts=bool(answer.guess),
                )
            )
    parts = [
        f"<h2>{escape(lesson.title if lesson else lesson_key)}</h2>",
        f"<p>{len(pupils)} pupil{'s' if len(pupils) != 1 else ''} in the class: "
        + (", ".join(_name(p.name, alias) for p in pupils) or "nobody has joined yet")
        + "</p>",
    ]
    for question in questions:
        state = states.get(f"{lesson_key}/{question.key}")
        mine = [a for a in answers if a.question == question.key]
        parts.append(_question(question, state, mine, pupils, alias))
    if runs:
        parts.append(_runs(runs, alias))
    if not questions and not runs:
        parts.append("<p>This lesson asks nothing yet.</p>")
    if pupils:
        items = "".join(
            f'<li><a href="{escape(klass.code)}/pupil/{p.id}">{_name(p.name, alias)}</a></li>'
            for p in pupils
        )
        parts.append(
            '<section class="noprint"><h2>Each pupil\'s answers, to print</h2>'
            f'<ul class="pupil-pages">{items}</ul></section>'
        )
    return "".join(parts)


def _name(name: str, alias: dict[str, str]) -> str:
    return (
        f'<span data-name="{escape(name)}" data-alias="{escape(alias.get(name, "a pupil"))}">'
        f"{escape(name)}</span>"
    )


def _question(
    question: Question,
    state: QuestionState | None,
    answers: list[AnswerRow],
    pupils: list[Pupil],
    alias: dict[str, str],
) -> str:
    pacing = _pacing(question, state) if question.predicts else ""
    answered = {a.pupil for a in answers}
    waiting = [p.name for p in pupils if p.name not in answered]
    measured = next((a.result for a in answers if a.result), "")
    guesses = [a.guess for a in answers if a.guess]
    chart = spread_chart(question.text, guesses, measured, question.kind)
    reasons = [a for a in answers if a.reason]
    reason_list = "".join(
        f'<li>{escape(a.reason)} <span class="muted">({_name(a.pupil, alias)}'
        + (f", guessed {escape(a.guess)}" if a.guess else "")
        + ")</span></li>"
        for a in reasons
    )
    return (
        f'<section class="question" aria-label="{escape(question.text)}">'
        f"<h3>{escape(question.text)}</h3>"
        + pacing
        + f"<p>Answered: {len(answered)} of {len(pupils)}."
        + (
            " Not yet: " + ", ".join(_name(n, alias) for n in waiting) + "."
            if waiting and answered
            else ""
        )
        + "</p>"
        + (f"<p>Measured: <strong>{escape(measured)}</strong></p>" if measured else "")
        + (f'<div class="chart">{chart}</div>' if chart else "")
        + (
            f"<h4>{'Reasons' if question.predicts else 'Answers'}</h4>"
            f'<ul class="reasons">{reason_list}</ul>'
            if reason_list
            else ""
        )
        + "</section>"
    )


def _pacing(question: Question, state: QuestionState | None) -> str:
    """A prediction's state and the teacher's buttons: hold, reveal, open, share. (A question
    asked in words has no result to hold back, and no spread of guesses.)"""
    now = state.state if state else "open"
    shared = bool(state and state.shared)
    fields = {"lesson": question.lesson, "question": question.key}
    said = {
        "open": "Open: each pupil sees the result once they have guessed.",
        "held": "Held: the result waits until you reveal it.",
        "revealed": "Revealed: every pupil sees the result.",
    }[now]
    buttons = []
    if now != "held":
        buttons.append(_action("hold", "Hold the class here", fields))
    if now != "revealed":
        buttons.append(_action("reveal", "Reveal the result", fields, strong=True))
    if now != "open":
        buttons.append(_action("open", "Let each pupil see it after guessing", fields))
    buttons.append(
        _action("unshare", "Stop sharing the spread", fields)
        if shared
        else _action("share", "Share the spread with the class (no names)", fields)
    )
    return (
        f'<p><span class="state">{escape(said)}</span>'
        + (" The spread is shared with the class." if shared else "")
        + f'</p><p class="noprint">{" ".join(buttons)}</p>'
    )


def _runs(runs: list[RunRow], alias: dict[str, str]) -> str:
    parts = ["<h2>The class's runs</h2>"]
    experiments: dict[str, list[RunRow]] = {}
    for run in runs:
        experiments.setdefault(run.experiment, []).append(run)
    for experiment, rows in experiments.items():
        body = "".join(
            f"<tr><td>{_name(r.pupil, alias)}</td><td>{escape(r.change)}</td>"
            f"<td>{escape(r.guess)}</td><td>{escape(r.result)}</td>"
            f"<td>{escape(r.game)}</td><td>{r.seed if r.seed is not None else ''}</td></tr>"
            for r in rows
        )
        values = [r for r in rows if r.value is not None]
        chart = ""
        if values:
            chart = spread_chart(
                experiment, [f"{r.value:g}" for r in values if r.value is not None], "", "number"
            )
        parts.append(
            f'<section class="question"><h3>{escape(experiment)}</h3>'
            '<table><thead><tr><th scope="col">Pupil</th><th scope="col">Change</th>'
            '<th scope="col">Guess</th><th scope="col">Result</th><th scope="col">Game</th>'
            f'<th scope="col">Seed</th></tr></thead><tbody>{body}</tbody></table>'
            + (f'<div class="chart">{chart}</div>' if chart else "")
            + "</section>"
        )
    return "".join(parts)


def pupil_page(klass: ClassRow, pupil: Pupil, store: ClassStore) -> str:
    """One pupil's answers and runs over the term, to print."""
    answers = [a for a in store.answers(klass.id) if a.pupil == pupil.name]
    runs = [r for r in store.runs(klass.id) if r.pupil == pupil.name]
    rows = "".join(
        f"<tr><td>{escape(a.lesson)}</td><td>{escape(a.text or a.question)}</td>"
        f"<td>{escape(a.guess)}</td><td>{escape(a.reason)}</td><td>{escape(a.result)}</td>"
        f"<td>{_day(a.time)}</td></tr>"
        for a in answers
    )
    run_rows = "".join(
        f"<tr><td>{escape(r.lesson)}</td><td>{escape(r.experiment)}: {escape(r.change)}</td>"
        f"<td>{escape(r.guess)}</td><td></td><td>{escape(r.result)}</td><td>{_day(r.time)}</td></tr>"
        for r in runs
    )
    head = (
        '<thead><tr><th scope="col">Lesson</th><th scope="col">Question</th>'
        '<th scope="col">Guess</th><th scope="col">Reason</th><th scope="col">Result</th>'
        '<th scope="col">Day</th></tr></thead>'
    )
    table = (
        f"<table>{head}<tbody>{rows}{run_rows}</tbody></table>"
        if rows or run_rows
        else "<p>No answers yet.</p>"
    )
    return page(
        f"{pupil.name}: {klass.name}",
        f'<main><p class="noprint"><a href="../../{escape(klass.code)}">Back to the class</a></p>'
        f"<h1>{escape(pupil.name)}</h1><p>{escape(klass.name)}: every answer and run, "
        f"{len(answers)} answers and {len(runs)} runs.</p>{table}</main>",
    )


CSV_COLUMNS = (
    "name",
    "lesson",
    "question",
    "guess",
    "reason",
    "result",
    "game",
    "rules",
    "seed",
    "time",
    "kind",
    "change",
)


def export_csv(store: ClassStore, klass: ClassRow) -> str:
    """One row per pupil per question (and per run), for a spreadsheet."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(CSV_COLUMNS)
    for a in store.answers(klass.id):
        writer.writerow(
            _cells(
                a.pupil,
                a.lesson,
                a.question,
                a.guess,
                a.reason,
                a.result,
                a.game,
                json.dumps(a.rules) if a.rules else "",
                "" if a.seed is None else str(a.seed),
                _iso(a.time),
                "answer",
                "",
            )
        )
    for r in store.runs(klass.id):
        writer.writerow(
            _cells(
                r.pupil,
                r.lesson,
                r.experiment,
                r.guess,
                "",
                r.result,
                r.game,
                json.dumps(r.rules) if r.rules else "",
                "" if r.seed is None else str(r.seed),
                _iso(r.time),
                "run",
                r.change,
            )
        )
    return out.getvalue()


def _cells(*values: str) -> list[str]:
    # A cell starting with = + - @ (or a tab or return) is a formula to a spreadsheet.
    return [("'" + v if v[:1] in ("=", "+", "-", "@", "\t", "\r") else v) for v in values]


def _iso(moment: float) -> str:
    return time.strftime("%Y-%m-%dT%H:%M:%S", time.localtime(moment))


def _day(moment: float) -> str:
    return time.strftime("%d %b %Y", time.localtime(moment))


__all__ = [
    "CSV_COLUMNS",
    "TEACHER_PATH",
    "as_number",
    "board",
    "class_page",
    "classes_page",
    "export_csv",
    "import_page",
    "login_page",
    "page",
    "pupil_page",
]
