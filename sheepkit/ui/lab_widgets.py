"""Widgets for the rule lab and the bot arena: run simulations with a progress bar and a Stop
button, and show the lab's metrics and leaderboards as tables and charts.

A long run must not freeze the notebook: the Stop click is a message the kernel can only
handle while it is not busy. So a run is played in short slices (``sheepkit.lab.slices``,
which add up to exactly the table one big call would give). In a kernel, the slices run as
an asyncio task that yields to the event loop between slices, where the Stop click and the
progress bar's updates get through. Outside a running loop (tests, scripts) the same slices
run one after another at once.

The apps play in the kernel's own process: a class-sized run (hundreds of games) takes
seconds. For many thousands of games call ``sheepkit.lab`` directly, which spreads the games
over every core (or a Dask cluster) with the same results. In the browser (Pyodide) there are
no worker processes: the panel says so under the progress bar after a run.
"""

from __future__ import annotations

import asyncio
import html
import json
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

import ipywidgets as w

from ..bots import as_bot, bot_description, for_game
from ..core import Game, InvalidRules, games, load
from ..core.rules import RuleInfo, Rules, value_words
from ..lab import Metric, Standing, Tournament, report
from ..lab.runner import BotSpec
from ..lab.slices import Part, SlicedRun, tournament_of, tournament_parts
from . import charts, classroom
from .focus_keeper import FocusKeeper
from .page_style import PAGE_HTML, SR_ONLY
from .predict import copy_line_html
from .rule_inputs import read_input, rule_input
from .shows import ShowsWidget

#: The game the rule lab opens with: its rules text asks exactly "change one rule", and it is
#: quick to simulate. Any registered game can be picked.
DEFAULT_GAME = "shave_a_sheep"


# -- tables -----------------------------------------------------------------------------------
TABLE_STYLE = (
    "border-collapse:collapse;font-size:13px;line-height:1.35;font-family:sans-serif;margin:6px 0"
)
CELL = "padding:3px 8px;border-bottom:1px solid #ddd;text-align:left;vertical-align:top"


def format_value(metric: Metric | None) -> str:
    """``52% [45%, 59%]`` or ``31.4 [29.8, 33.0]``; "-" where not measured."""
    if metric is None or metric.value is None:
        return "-"
    percent = metric.kind == "rate"

    def show(x: float) -> str:
        return f"{x:.0%}" if percent else f"{x:.3g}"

    if metric.kind == "count":
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


def plain_value(metric: Metric | None) -> str:
    """:func:`format_value` as plain text (for a line a pupil copies)."""
    return html.unescape(re.sub(r"<[^>]+>", "", format_value(metric)))


def comparison_copy_text(
    title: str, label: str, bots: Sequence[str], reports: Sequence[Sequence[Metric]]
) -> str:
    """One line for the class sheet: the change, the bots, the games, and every metric whose
    intervals do not overlap ("no clear difference" when none)."""
    base, changed = ({m.name: m for m in r} for r in reports)
    games = plain_value(changed.get("Games"))
    clear = [
        f"{name} {plain_value(base[name])} -> {plain_value(metric)}"
        for name, metric in changed.items()
        if name in base and differs(base[name], metric)
    ]
    found = "; ".join(clear) if clear else "no clear difference"
    return f"Rule Lab | {title} | {label} | {', '.join(bots)} | {games} games | {found}"


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
    """The leaderboard: rank, bot, games, win rate and rating with their intervals; where a
    seat is favoured, a note saying so and the standings by side."""
    html_text = _standings_html(tournament.leaderboard)
    if tournament.favoured is not None:
        html_text += (
            f"<p class='sk-arena-note' style='font-family:sans-serif;max-width:760px'>"
            f"{html.escape(tournament.note)}</p>"
        )
        for side, board in tournament.sides.items():
            html_text += (
                f"<h4 style='font-family:sans-serif;margin:8px 0 0'>As {html.escape(side)}</h4>"
                + _standings_html(board)
            )
    return html_text


def _standings_html(board: Sequence[Standing]) -> str:
    lines = [
        f"<table class='sk-lab-table' style='{TABLE_STYLE}'><thead><tr>"
        + "".join(
            f"<th style='{CELL}'>{h}</th>"
            for h in ("Rank", "Bot", "Games", "Win rate [95%]", "Rating [95%]")
        )
        + "</tr></thead><tbody>"
    ]
    for rank, s in enumerate(board, start=1):
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
        # For a screen reader: the end of a run is said (the page script makes .sk-live a
        # polite live region; the progress text would chatter), and focus goes back to Run
        # when Run or Stop started or ended it (a disabled button drops focus to the page).
        self.live = w.HTML()
        self.live.add_class("sk-live")
        self.live.add_class(SR_ONLY)
        self.focus = FocusKeeper(scope=".sk-run-panel", targets={"run": ".sk-run"})
        for button in (self.run_button, self.stop_button):
            button.on_click(lambda _: self.focus.use("run"))
        self.widget = w.VBox(
            [
                w.HBox([self.run_button, self.stop_button, self.bar, self.text]),
                self.note,
                self.live,
                self.focus.widget,
            ]
        )
        self.widget.add_class("sk-run-panel")
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
        self.live.value = html.escape(f"Run {self.text.value}. The results follow.")
        self.focus.ask()
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
    """The input for the new value of the rule being tried (the one rule input builder)."""
    tick_box = isinstance(info.default, bool) and not info.choice_labels
    return rule_input(info, value, description="On (ticked) or off" if tick_box else "New value:")


# -- the rule lab -----------------------------------------------------------------------------
class RuleLab(ShowsWidget):
    """Pick a game, change one rule, run, and compare the metrics with the base rules.

    Every registered game appears, and its rules come from ``Rules.infos()``, so a game
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
        self.copy = w.HTML()  # "copy my result", after a run
        self.copy.add_class("sk-copy")
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
                self.copy,
                self.table,
            ]
        )
        self.widget.add_class("sk-rule-lab")

    @property
    def game(self) -> Game:
        return load(self.game_picker.value)

    @property
    def info(self) -> RuleInfo:
        return next(i for i in self.game.rules.infos() if i.name == self.rule_picker.value)

    def _game_changed(self) -> None:
        # Another game's results (its players, its win rates) would read as this one's.
        self.table.value = ""
        self.chart_box.children = []
        self.labels, self.reports = [], []
        self.message.value = ""
        game = self.game
        self._updating = True
        try:
            rules = game.rules.infos()
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
        default = value_words(info, info.default)
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
        return {self.info.name: read_input(self.info, self.value)}

    def bots_for(self, game: Game) -> tuple[str, ...]:
        chosen = [p.value for p in self.bot_pickers]
        return tuple(chosen[s % len(chosen)] for s in range(game.num_players))

    def bots_refused(self, changed: Game) -> str:
        """Why the chosen bots cannot play the changed rules (a Perfect bot only knows the
        boards it has solved), or "" when they all can."""
        can_play = list(for_game(changed))
        missing = sorted({name for name in self.bots_for(changed) if name not in can_play})
        if not missing:
            return ""
        return (
            f"{' and '.join(missing)} cannot play {changed.title} with {self.info.label} = "
            f"{self.info_value_text()}. Pick a bot that can: {', '.join(can_play)}."
        )

    def info_value_text(self) -> str:
        return value_words(self.info, read_input(self.info, self.value))

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
        refusal = self.bots_refused(changed)
        if refusal:
            self.message.value = f"<b style='color:#b00020'>{html.escape(refusal)}</b>"
            return
        n, seed = self.games.value, self.seed.value
        label = ", ".join(
            f"{self.info.label} = {value_words(self.info, v)}" for v in self.changes().values()
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
        bots = self.bots_for(self.game)
        line = comparison_copy_text(self.game.title, self.labels[1], bots, self.reports)
        self.copy.value = copy_line_html(line)
        self.chart_box.children = [image(charts.comparison_chart(self.labels, self.reports))]
        self._to_class(line)

    def _to_class(self, line: str) -> None:
        """The run goes to the class (when the page is in one): every pupil who changes the
        same rule of the same game adds a row to one experiment on the teacher's page."""
        room = classroom.current()
        if room is None or room.joined is None:
            return
        changed = [m for m in self.reports[1] if m.value is not None and m.name != "Games"]
        room.run(
            experiment=f"{self.game.title}: {self.info.label}",
            change=self.labels[1],
            guess="",
            result=line.rsplit(" | ", 1)[-1],
            value=changed[0].value if changed else None,
            game=self.game.name,
            rules=json.loads(json.dumps(self.changes(), default=list)),
            seed=self.seed.value,
        )


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
        room = classroom.current()
        if room is not None and room.joined is not None and self.tournament.leaderboard:
            leader = self.tournament.leaderboard[0]
            room.run(
                experiment=f"Bot Arena: {self.game.title}",
                change=", ".join(names),
                guess="",
                result=f"{leader.name} leads",
                game=self.game.name,
                rules={},
                seed=self.seed.value,
            )


def rule_lab(game: str | None = None, **options: Any) -> RuleLab:
    """The rule lab app (display it in a notebook)."""
    return RuleLab(game, **options)


def bot_arena(
    game: Game | str, extra: Mapping[str, BotSpec] | None = None, **options: Any
) -> BotArena:
    """The bot arena app for ``game``, with your own bots in ``extra`` (name -> bot)."""
    return BotArena(game, extra, **options)
