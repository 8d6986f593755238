"""Widgets for the rule lab and the bot arena: run simulations with a progress bar and a Stop
button, and show the lab's metrics and leaderboards as tables and charts.

A long run must not freeze the notebook: the Stop click is a message the kernel can only
handle while it is not busy. So a run is played in short slices (``simulate(..., start=)``
plays any slice of a run, and game ``i``'s seed depends only on ``(seed, i)``, so the slices
add up to exactly the table one big call would give). In a kernel, the slices run as an
asyncio task that yields to the event loop between slices, where the Stop click and the
progress bar's updates get through. Outside a running loop (tests, scripts) the same slices
run one after another at once.

The apps play in the kernel's own process: a class-sized run (hundreds of games) takes
seconds. For many thousands of games call ``sheepkit.lab`` directly, which spreads the games
over every core (or a Dask cluster) with the same results. In the browser (Pyodide) there are
no worker processes: the panel says so under the progress bar after a run.
"""

from __future__ import annotations

import asyncio
import dataclasses
import html
import time
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import ipywidgets as w

from ..bots import as_bot, bot_description, for_game
from ..core import Game, InvalidRules, games, load
from ..core.rules import RuleInfo, Rules, rule_text, rule_value
from ..lab import GameRow, Metric, Results, Tournament, leaderboard, report, simulate
from ..lab.runner import BotSpec
from ..lab.tournament import seatings
from . import charts
from .page_style import PAGE_HTML
from .shows import ShowsWidget

#: The game the rule lab opens with: its rules text asks exactly "change one rule", and it is
#: quick to simulate. Any registered game can be picked.
DEFAULT_GAME = "shave_a_sheep"
#: Aim for slices of about this long: short enough that Stop answers at once.
SLICE_SECONDS = 0.1
#: Metrics shown as percentages in tables.
PERCENT_PREFIXES = (
    "Win rate",
    "Seat imbalance",
    "Stronger bot wins",
    "Completion",
    "Draws",
    "Length in",
    "Real choices",
    "Comebacks",
)


# -- playing in slices ------------------------------------------------------------------------
@dataclass
class Part:
    """Games ``offset`` to ``offset + n - 1`` of one run of ``simulate`` (one column of a
    comparison, or one seat order of a tournament, whose bots are given in seat order and
    whose rows get ``lineup``: the entrant in each seat)."""

    key: Hashable
    game: Game
    bots: tuple[BotSpec, ...]
    n: int
    seed: int
    rotate: bool = False
    offset: int = 0
    lineup: tuple[int, ...] | None = None


@dataclass
class SlicedRun:
    """Plays parts slice by slice; ``step()`` plays one slice, ``stop()`` ends the run."""

    parts: list[Part]
    on_progress: Callable[[int, int], Any] | None = None
    slice_seconds: float = SLICE_SECONDS
    rows: dict[Hashable, list[GameRow]] = field(default_factory=dict)
    templates: dict[Hashable, Results] = field(default_factory=dict)
    done: int = 0
    stopped: bool = False
    seconds: float = 0.0
    note: str = ""  # the lab's note on where the games ran (in the browser: one after another)
    _part: int = 0
    _played: int = 0  # games of the current part already played
    _size: int = 1  # games in the next slice; grows until a slice takes slice_seconds

    @property
    def total(self) -> int:
        return sum(p.n for p in self.parts)

    @property
    def finished(self) -> bool:
        return self.stopped or self._part >= len(self.parts)

    def stop(self) -> None:
        self.stopped = True

    def step(self) -> bool:
        """Play one slice; return True while games remain."""
        if self.finished:
            return False
        part = self.parts[self._part]
        count = min(self._size, part.n - self._played)
        began = time.perf_counter()
        got = simulate(
            part.game,
            part.bots,
            count,
            part.seed,
            rotate=part.rotate,
            start=part.offset + self._played,
            executor="serial",  # a slice is short; a process pool would cost more than it saves
            progress=None,
        )
        took = time.perf_counter() - began
        self.seconds += took
        self.note = got.note
        rows = got.rows
        if part.lineup is not None:
            rows = [dataclasses.replace(row, lineup=part.lineup) for row in rows]
        self.templates.setdefault(part.key, got)
        self.rows.setdefault(part.key, []).extend(rows)
        self._played += count
        self.done += count
        if self._played >= part.n:
            self._part, self._played = self._part + 1, 0
        per_game = took / max(count, 1)
        self._size = max(1, min(1000, int(self.slice_seconds / max(per_game, 1e-6))))
        if self.on_progress is not None:
            self.on_progress(self.done, self.total)
        return not self.finished

    def run(self) -> None:
        """Play everything now (no event loop needed)."""
        while self.step():
            pass

    async def run_async(self) -> None:
        """Play everything, yielding to the event loop between slices (for Stop clicks)."""
        while self.step():
            await asyncio.sleep(0.005)  # a real pause: the kernel reads the Stop click here

    def results(self, key: Hashable, **changes: Any) -> Results:
        """The rows of one key as a Results table, as one ``simulate`` call would give."""
        requested = sum(p.n for p in self.parts if p.key == key)
        template = self.templates.get(key)
        if template is None:  # stopped before any game of this key
            part = next(p for p in self.parts if p.key == key)
            template = simulate(part.game, part.bots, 0, part.seed, rotate=part.rotate)
        return dataclasses.replace(
            template,
            rows=sorted(self.rows.get(key, []), key=lambda row: row.index),
            requested=requested,
            stopped=self.stopped and len(self.rows.get(key, [])) < requested,
            how="serial, in slices",
            seconds=self.seconds,
            **changes,
        )


def tournament_parts(
    game: Game, bots: Mapping[str, BotSpec], games_per_pairing: int, seed: int
) -> list[Part]:
    """The games of ``sheepkit.lab.tournament`` as parts (the same games, the same seeds)."""
    specs = list(bots.values())
    return [
        Part(
            "tournament",
            game,
            tuple(specs[e] for e in seating),
            games_per_pairing,
            seed,
            offset=k * games_per_pairing,
            lineup=seating,
        )
        for k, seating in enumerate(seatings(game.num_players, len(specs)))
    ]


def tournament_of(
    run: SlicedRun, names: Sequence[str], seed: int = 0, reps: int = 200
) -> Tournament:
    """The Tournament from a (possibly stopped) run of ``tournament_parts``."""
    results = run.results("tournament", entrants=tuple(names), rotate=True)
    board = leaderboard(results, reps=reps, seed=seed)
    return Tournament(results.game, tuple(names), results, board)


# -- tables -----------------------------------------------------------------------------------
TABLE_STYLE = (
    "border-collapse:collapse;font-size:13px;line-height:1.35;font-family:sans-serif;margin:6px 0"
)
CELL = "padding:3px 8px;border-bottom:1px solid #ddd;text-align:left;vertical-align:top"


def format_value(metric: Metric | None) -> str:
    """``52% [45%, 59%]`` or ``31.4 [29.8, 33.0]``; "-" where not measured."""
    if metric is None or metric.value is None:
        return "-"
    percent = metric.name.startswith(PERCENT_PREFIXES)

    def show(x: float) -> str:
        return f"{x:.0%}" if percent else f"{x:.3g}"

    if metric.name == "Games":
        return f"{metric.value:.0f}"
    text = show(metric.value)
    if metric.interval is not None and all(abs(x) != float("inf") for x in metric.interval):
        low, high = metric.interval
        text += f" <span style='color:#555'>[{show(low)}, {show(high)}]</span>"
    return text


def differs(a: Metric | None, b: Metric | None) -> bool | None:
    """True when the two 95% intervals do not overlap (a real difference, not luck)."""
    if a is None or b is None or a.interval is None or b.interval is None:
        return None
    return a.interval[1] < b.interval[0] or b.interval[1] < a.interval[0]


def comparison_html(labels: Sequence[str], reports: Sequence[Sequence[Metric]]) -> str:
    """The metrics of several rule sets side by side, with each metric's explanation.

    With two columns, a last column says whether the change is clear (the intervals do not
    overlap), so that students do not read luck as an effect.
    """
    names: list[str] = []
    for r in reports:
        # A metric only some columns have (a third seat's win rate) goes after its neighbour.
        at = 0
        for m in r:
            if m.name in names:
                at = names.index(m.name) + 1
            else:
                names.insert(at, m.name)
                at += 1
    head = "".join(f"<th style='{CELL}'>{html.escape(label)}</th>" for label in labels)
    two = len(reports) == 2
    head += f"<th style='{CELL}'>Clear difference?</th>" if two else ""
    lines = [
        f"<table class='sk-lab-table' style='{TABLE_STYLE}'><thead><tr>"
        f"<th style='{CELL}'>Metric</th>{head}<th style='{CELL}'>What it means</th></tr></thead>"
        "<tbody>"
    ]
    for name in names:
        cells = [next((m for m in r if m.name == name), None) for r in reports]
        explanation = next((m.explanation for m in cells if m is not None), "")
        row = "".join(f"<td style='{CELL}'>{format_value(m)}</td>" for m in cells)
        if two:
            verdict = differs(cells[0], cells[1])
            row += (
                f"<td style='{CELL}'>"
                + ("-" if verdict is None else "<b>yes</b>" if verdict else "no")
                + "</td>"
            )
        lines.append(
            f"<tr class='sk-lab-row'><td style='{CELL}'><b>{html.escape(name)}</b></td>{row}"
            f"<td style='{CELL};color:#444;max-width:420px'>{html.escape(explanation)}</td></tr>"
        )
    lines.append("</tbody></table>")
    return "".join(lines)


def leaderboard_html(tournament: Tournament) -> str:
    """The leaderboard: rank, bot, games, win rate and rating with their intervals."""
    lines = [
        f"<table class='sk-lab-table' style='{TABLE_STYLE}'><thead><tr>"
        + "".join(
            f"<th style='{CELL}'>{h}</th>"
            for h in ("Rank", "Bot", "Games", "Win rate [95%]", "Rating [95%]")
        )
        + "</tr></thead><tbody>"
    ]
    for rank, s in enumerate(tournament.leaderboard, start=1):
        low, high = s.win_interval
        r_low, r_high = s.rating_interval
        lines.append(
            f"<tr class='sk-lab-row'><td style='{CELL}'>{rank}</td>"
            f"<td style='{CELL}'><b>{html.escape(s.name)}</b></td><td style='{CELL}'>{s.games}</td>"
            f"<td style='{CELL}'>{s.win_rate:.0%} [{low:.0%}, {high:.0%}]</td>"
            f"<td style='{CELL}'>{s.rating:.0f} [{r_low:.0f}, {r_high:.0f}]</td></tr>"
        )
    lines.append("</tbody></table>")
    return "".join(lines)


def bot_descriptions_html(
    game: Game | str | None = None, extra: Mapping[str, BotSpec] | None = None
) -> str:
    """How each bot of a game thinks, in its own ``description`` words (every game's bots,
    each under the game's title, when ``game`` is None)."""
    if game is None:  # (h3: the lesson's section heading above is an h2)
        return "".join(
            f"<h3 style='font-family:sans-serif;margin:8px 0 0'>{html.escape(load(g).title)}</h3>"
            + bot_descriptions_html(g)
            for g in games()
        )
    game = load(game) if isinstance(game, str) else game
    items = [(name, make()) for name, make in for_game(game).items()]
    items += [
        (name, as_bot(spec)) for name, spec in (extra or {}).items() if name not in dict(items)
    ]
    rows = "".join(
        f"<li><b>{html.escape(name)}</b>: "
        f"{html.escape(bot_description(bot) or 'no description')}</li>"
        for name, bot in items
    )
    return f"<ul class='sk-bot-list' style='font-family:sans-serif;line-height:1.4'>{rows}</ul>"


def image(chart: charts.Chart) -> w.HTML:
    """A chart as a widget: its SVG inline in the page (alike in JupyterLab, Voila and the
    static site). The SVG shrinks to the page's width, keeping its aspect."""
    widget = w.HTML(value=chart.svg, layout=w.Layout(max_width="100%"))
    widget.add_class("sk-chart-box")
    return widget


# -- the run controls -------------------------------------------------------------------------
class RunPanel:
    """A Run button, a Stop button and a progress bar for one kind of run.

    ``start(run, finish)`` plays a SlicedRun and then calls ``finish(run)``: as an asyncio task
    in a kernel (so Stop works), or at once when there is no running event loop.
    """

    def __init__(self, label: str = "Run") -> None:
        self.run_button = w.Button(description=label, button_style="primary", icon="play")
        self.run_button.add_class("sk-run")
        self.stop_button = w.Button(description="Stop", disabled=True, icon="stop")
        self.stop_button.add_class("sk-stop")
        self.stop_button.on_click(lambda _: self.stop())
        self.bar = w.IntProgress(value=0, min=0, max=1, layout=w.Layout(width="260px"))
        self.bar.add_class("sk-progress")
        self.text = w.HTML()
        self.text.add_class("sk-progress-text")
        self.note = w.HTML()  # where the games ran, when the reader should know
        self.note.add_class("sk-run-note")
        self.widget = w.VBox(
            [w.HBox([self.run_button, self.stop_button, self.bar, self.text]), self.note]
        )
        self.current: SlicedRun | None = None
        self.task: asyncio.Task[None] | None = None

    @property
    def running(self) -> bool:
        return self.current is not None and not self.current.finished

    def progress(self, done: int, total: int) -> None:
        self.bar.max = max(total, 1)
        self.bar.value = done
        self.text.value = f"{done} of {total} games"

    def stop(self) -> None:
        if self.current is not None:
            self.current.stop()

    def start(self, run: SlicedRun, finish: Callable[[SlicedRun], Any], now: bool = False) -> None:
        """Play ``run``, then call ``finish(run)``; ``now=True`` plays before returning."""
        self.current = run
        run.on_progress = self.progress
        self.progress(0, run.total)
        self.run_button.disabled = True
        self.stop_button.disabled = False
        try:
            loop = None if now else asyncio.get_running_loop()
        except RuntimeError:
            loop = None
        if loop is None:
            try:
                run.run()
            finally:
                self._finish(run, finish)
            return

        async def play() -> None:
            try:
                await run.run_async()
            finally:
                self._finish(run, finish)

        self.task = loop.create_task(play())

    def _finish(self, run: SlicedRun, finish: Callable[[SlicedRun], Any]) -> None:
        self.run_button.disabled = False
        self.stop_button.disabled = True
        word = "stopped after" if run.stopped else "done:"
        self.text.value = f"{word} {run.done} of {run.total} games in {run.seconds:.1f} s"
        self.note.value = (
            f"<i style='font-family:sans-serif;color:#444'>{html.escape(run.note)}</i>"
            if run.note
            else ""
        )
        try:
            finish(run)
        except Exception as e:  # in a task an exception would vanish: show it
            self.text.value += f" <b style='color:#b00020'>Error: {html.escape(str(e))}</b>"
            raise


# -- rule widgets -----------------------------------------------------------------------------
def suggested_value(info: RuleInfo, rules: Rules | None = None) -> Any:
    """A different value to try first, so that Run at once compares two real rule sets. With
    ``rules``, the first candidate those rules accept (a rule may refuse values inside its
    bounds, e.g. a turn limit of 1-9)."""
    default = info.default
    if info.choices:
        return info.choices[(list(info.choices).index(default) + 1) % len(info.choices)]
    if isinstance(default, bool):
        return not default
    if not isinstance(default, int):
        return default
    low = info.min if info.min is not None else default - 1
    high = info.max if info.max is not None else default + 1
    scaled = round(default * 1.5)
    candidates = [scaled, default + 1, default - 1, default + 10, high, low]
    for value in candidates:
        value = min(max(value, low), high)
        if value == default:
            continue
        try:
            if rules is not None:
                rules.replace(**{info.name: value})
        except InvalidRules:
            continue
        return value
    return default


def value_widget(info: RuleInfo, value: Any) -> w.Widget:
    """A widget for one rule: a list of choices, a tick box, a number or (tuples) text."""
    style = {"description_width": "initial"}
    if info.choices:
        return w.Dropdown(
            options=list(info.choices), value=value, description="New value:", style=style
        )
    if isinstance(info.default, bool):
        return w.Checkbox(value=value, description="On (ticked) or off", indent=False)
    if isinstance(info.default, int):
        low = info.min if info.min is not None else -(10**9)
        high = info.max if info.max is not None else 10**9
        return w.BoundedIntText(
            value=value,
            min=low,
            max=high,
            description="New value:",
            style=style,
            layout=w.Layout(width="220px"),
        )
    # Tables (a die's faces, payoffs) are edited as JSON text, as in the app's rules panel.
    return w.Textarea(
        value=rule_text(value),
        description="New value:",
        style=style,
        layout=w.Layout(width="95%", height="60px"),
    )


def read_value(info: RuleInfo, widget: w.Widget) -> Any:
    """The rule value a widget holds; text (a table) is read as JSON (``rule_value``:
    InvalidRules names the rule when it is not)."""
    if isinstance(widget, w.Textarea | w.Text):
        return rule_value(info.name, widget.value)
    return widget.value


# -- the rule lab -----------------------------------------------------------------------------
class RuleLab(ShowsWidget):
    """Pick a game, change one rule, run, and compare the metrics with the base rules.

    Every registered game appears, and its rules come from ``Rules.describe()``, so a game
    added later needs no work here. Drive it from code as the tests do: set ``game_picker``,
    ``rule_picker`` and ``value.value``, then call ``run()``.
    """

    def __init__(self, game: str | None = None, *, n: int = 200, seed: int = 1) -> None:
        titles = [(load(name).title, name) for name in games()]
        default = DEFAULT_GAME if DEFAULT_GAME in games() else titles[0][1]
        self.game_picker = w.Dropdown(options=titles, value=game or default, description="Game:")
        self.game_picker.add_class("sk-lab-game")
        self.rule_picker = w.Dropdown(description="Rule:")
        self.rule_picker.add_class("sk-lab-rule")
        self.rule_doc = w.HTML()
        self.value_box = w.Box()
        self.value: w.Widget = w.Label()
        self.bots_box = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self.bot_pickers: list[w.Dropdown] = []
        self.games = w.BoundedIntText(
            value=n, min=1, max=100_000, description="Games:", layout=w.Layout(width="170px")
        )
        self.games.add_class("sk-lab-games")
        self.seed = w.IntText(value=seed, description="Seed:", layout=w.Layout(width="170px"))
        self.rotate = w.Checkbox(
            value=True, description="Rotate bots round the seats", indent=False
        )
        self.panel = RunPanel("Run")
        self.panel.run_button.on_click(lambda _: self.run())
        self.message = w.HTML()
        self.message.add_class("sk-lab-message")
        self.table = w.HTML()
        self.table.add_class("sk-results")
        self.chart_box = w.VBox(layout=w.Layout(align_items="flex-start"))  # no stretching
        self.labels: list[str] = []
        self.reports: list[list[Metric]] = []
        self._updating = False
        self.game_picker.observe(lambda _: self._game_changed(), names="value")
        self.rule_picker.observe(lambda _: self._rule_changed(), names="value")
        self._game_changed()
        self.widget = w.VBox(
            [
                w.HBox([self.game_picker, self.rule_picker]),
                self.rule_doc,
                self.value_box,
                w.HTML(
                    PAGE_HTML + "<b>Bots</b> (one per seat; with more seats they repeat in order):"
                ),
                self.bots_box,
                w.HBox([self.games, self.seed, self.rotate]),
                self.panel.widget,
                self.message,
                self.chart_box,  # first: Run and the chart on one screen, the long table after
                self.table,
            ]
        )
        self.widget.add_class("sk-rule-lab")

    @property
    def game(self) -> Game:
        return load(self.game_picker.value)

    @property
    def info(self) -> RuleInfo:
        return next(i for i in self.game.rules.describe() if i.name == self.rule_picker.value)

    def _game_changed(self) -> None:
        # Another game's results (its players, its win rates) would read as this one's.
        self.table.value = ""
        self.chart_box.children = []
        self.labels, self.reports = [], []
        self.message.value = ""
        game = self.game
        self._updating = True
        try:
            rules = game.rules.describe()
            self.rule_picker.options = [(i.label, i.name) for i in rules]
            self.rule_picker.value = rules[0].name if rules else None
        finally:
            self._updating = False
        names = list(for_game(game))
        self.bot_pickers = [
            w.Dropdown(
                options=names,
                value="Random",
                description=f"{game.player_name(p)}:",
                style={"description_width": "initial"},
                layout=w.Layout(width="auto"),
            )
            for p in range(game.num_players)
        ]
        for picker in self.bot_pickers:
            picker.add_class("sk-lab-bot")
        self.bots_box.children = self.bot_pickers
        self._rule_changed()

    def _rule_changed(self) -> None:
        if self._updating:
            return  # new options are being set: the game's handler calls us once they are in
        if self.rule_picker.value is None:  # a game with no rule parameter (a toy, a lesson's)
            self.rule_doc.value = (
                "<div style='font-family:sans-serif'>This game has no rule to change.</div>"
            )
            self.value_box.children = []
            return
        info = self.info
        default = rule_text(info.default) if isinstance(info.default, tuple) else str(info.default)
        self.rule_doc.value = (
            f"<div style='font-family:sans-serif;max-width:760px'>{html.escape(info.doc)} "
            f"<i>Base rules: {html.escape(default)}.</i></div>"
        )
        self.value = value_widget(info, suggested_value(info, self.game.rules))
        self.value.add_class("sk-lab-value")
        self.value.observe(lambda _: self._mark_stale(), names="value")
        self.value_box.children = [self.value]
        self._mark_stale()

    def _mark_stale(self) -> None:
        """Results shown for other rules stay, marked: Run measures the new ones."""
        if self.reports and not self.panel.running:
            self.message.value = (
                "<b class='sk-stale'>The results below are for the rule as it was "
                f"({html.escape(self.labels[-1])}): press Run to measure this one.</b>"
            )

    def changes(self) -> dict[str, Any]:
        return {self.info.name: read_value(self.info, self.value)}

    def bots_for(self, game: Game) -> tuple[str, ...]:
        chosen = [p.value for p in self.bot_pickers]
        return tuple(chosen[s % len(chosen)] for s in range(game.num_players))

    def run(self, now: bool = False) -> None:
        """Play the base rules and the changed rules with the same seeds; show the results.

        In a kernel the games are played in the background (so that Stop works) unless
        ``now`` is True, which makes the call wait for the results (a notebook cell that
        shows finished results, a script)."""
        if self.panel.running:
            return
        if self.rule_picker.value is None:
            self.message.value = "<b style='color:#b00020'>This game has no rule to change.</b>"
            return
        self.message.value = ""
        base = self.game
        try:
            changed = load(base.name, **self.changes())
        except InvalidRules as e:
            self.message.value = f"<b style='color:#b00020'>{html.escape(str(e))}</b>"
            return
        n, seed = self.games.value, self.seed.value
        label = ", ".join(
            f"{self.info.label} = {rule_text(v) if isinstance(v, tuple) else repr(v)}"
            for v in self.changes().values()
        )
        self.labels = ["Base rules", label]
        run = SlicedRun(
            [
                Part(0, base, self.bots_for(base), n, seed, rotate=self.rotate.value),
                Part(1, changed, self.bots_for(changed), n, seed, rotate=self.rotate.value),
            ]
        )
        self.panel.start(run, self._show, now)

    def _show(self, run: SlicedRun) -> None:
        self.reports = [report(run.results(k), seed=self.seed.value) for k in (0, 1)]
        if run.stopped:
            self.message.value = "Stopped: the table shows the games played so far."
        self.table.value = comparison_html(self.labels, self.reports)
        self.chart_box.children = [image(charts.comparison_chart(self.labels, self.reports))]


# -- the bot arena ----------------------------------------------------------------------------
class BotArena(ShowsWidget):
    """A round-robin tournament between built-in bots and your own, with a leaderboard.

    ``extra`` adds bots (name -> bot or plain function). Bots listed in ``skip`` start
    unticked (slow ones, such as MCTS, so that the default tournament runs in seconds).
    """

    def __init__(
        self,
        game: Game | str,
        extra: Mapping[str, BotSpec] | None = None,
        *,
        games_per_pairing: int = 10,
        seed: int = 1,
        skip: Sequence[str] = ("MCTS",),
    ) -> None:
        self.game = load(game) if isinstance(game, str) else game
        self.entrants: dict[str, BotSpec] = {name: name for name in for_game(self.game)}
        self.entrants.update(extra or {})
        self.ticks = {
            name: w.Checkbox(
                value=name not in skip,
                description=name,
                indent=False,
                layout=w.Layout(width="auto"),
            )
            for name in self.entrants
        }
        for tick in self.ticks.values():
            tick.add_class("sk-arena-bot")
        self.games = w.BoundedIntText(
            value=games_per_pairing,
            min=1,
            max=10_000,
            description="Games per pairing and seat order:",
            style={"description_width": "initial"},
            layout=w.Layout(width="320px"),
        )
        self.seed = w.IntText(value=seed, description="Seed:", layout=w.Layout(width="170px"))
        self.panel = RunPanel("Run tournament")
        self.panel.run_button.on_click(lambda _: self.run())
        self.message = w.HTML()
        self.message.add_class("sk-lab-message")
        self.table = w.HTML()
        self.table.add_class("sk-results")
        self.chart_box = w.VBox(layout=w.Layout(align_items="flex-start"))  # no stretching
        self.tournament: Tournament | None = None
        self.widget = w.VBox(
            [
                w.HTML(
                    PAGE_HTML
                    + f"<b>{html.escape(self.game.title)}</b>: tick the bots that take part"
                ),
                w.HBox(list(self.ticks.values()), layout=w.Layout(flex_flow="row wrap")),
                w.HBox([self.games, self.seed]),
                self.panel.widget,
                self.message,
                self.table,
                self.chart_box,
            ]
        )
        self.widget.add_class("sk-bot-arena")

    def chosen(self) -> dict[str, BotSpec]:
        return {name: spec for name, spec in self.entrants.items() if self.ticks[name].value}

    def run(self, now: bool = False) -> None:
        """Play the tournament between the ticked bots (``now``: as for RuleLab.run)."""
        if self.panel.running:
            return
        bots = self.chosen()
        if len(bots) < 2:
            self.message.value = "<b style='color:#b00020'>Tick at least two bots.</b>"
            return
        self.message.value = ""
        parts = tournament_parts(self.game, bots, self.games.value, self.seed.value)
        names = list(bots)
        self.panel.start(SlicedRun(parts), lambda run: self._show(run, names), now)

    def _show(self, run: SlicedRun, names: list[str]) -> None:
        self.tournament = tournament_of(run, names, self.seed.value)
        if run.stopped:
            self.message.value = "Stopped: the leaderboard counts the games played so far."
        self.table.value = leaderboard_html(self.tournament)
        self.chart_box.children = [image(charts.leaderboard_chart(self.tournament))]


def rule_lab(game: str | None = None, **options: Any) -> RuleLab:
    """The rule lab app (display it in a notebook)."""
    return RuleLab(game, **options)


def bot_arena(
    game: Game | str, extra: Mapping[str, BotSpec] | None = None, **options: Any
) -> BotArena:
    """The bot arena app for ``game``, with your own bots in ``extra`` (name -> bot)."""
    return BotArena(game, extra, **options)
