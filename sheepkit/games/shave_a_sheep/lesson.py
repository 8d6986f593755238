"""The Shave a Sheep lesson's analysis: game length, first-player advantage and how much
choice matters, for any rules, with 95% confidence intervals; plus its pictures and charts.

Everything is seeded, so the numbers the lesson's text quotes come out the same every run.
The charts are SVG (``sheepkit.ui.svg``), imported only by the plotting function.
"""

from __future__ import annotations

import dataclasses
import statistics
from dataclasses import dataclass
from typing import Any

from ...lab import simulate, wilson
from ...lab.stats import mean_interval
from .rules import VARIANTS, ShaveASheepRules

Interval = tuple[float, float]
#: Okabe-Ito colours (colour-blind safe); every bar also carries its variant's name.
BAR_COLOURS = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00")
VARIANT_TITLES = {
    "base": "Base game",
    "cutting_costs": "Cutting costs",
    "howling_wolf": "Howling Wolf",
    "mr_wolf": "My friend Mr. Wolf",
}


@dataclass(frozen=True)
class Analysis:
    """What a designer asks of a rule set, each answer with its 95% interval."""

    name: str
    games: int
    length: float  # mean turns per game (random players)
    length_ci: Interval
    first: float  # the first player's share of wins between random players
    first_ci: Interval
    perfect_first: float | None  # the first player's exact share under perfect play (2p)
    skill: float  # the stronger bot's share of wins against random players
    skill_ci: Interval
    skilled: str  # which bot played against the random ones

    def lines(self) -> list[str]:
        lo, hi = self.length_ci
        out = [f"{self.name}: {self.games} games per question"]
        out.append(f"  length: {self.length:.1f} turns [{lo:.1f}, {hi:.1f}]")
        lo, hi = self.first_ci
        out.append(f"  first player wins (random play): {self.first:.1%} [{lo:.1%}, {hi:.1%}]")
        if self.perfect_first is not None:
            out.append(f"  first player wins (perfect play, exact): {self.perfect_first:.4f}")
        lo, hi = self.skill_ci
        out.append(
            f"  {self.skilled} beats Random: {self.skill:.1%} [{lo:.1%}, {hi:.1%}] of the wins"
        )
        return out

    def __str__(self) -> str:
        return "\n".join(self.lines())


def analyse(
    rules: ShaveASheepRules | None = None, n: int = 300, seed: int = 0, name: str = ""
) -> Analysis:
    """Play ``n`` seeded games twice: random against random (length, first-player share),
    then the best bot against random players, seats rotated (how much choice matters).

    With two players the best bot plays perfectly (the game is solved first: a second or
    three); with more it is the Sensible bot, so the answer comes quickly.
    """
    from .engine import ShaveASheep

    rules = rules or ShaveASheepRules()
    known = _ANALYSES.get((rules, n, seed))
    if known is not None:  # the lesson asks about the base game twice: answer it once
        return dataclasses.replace(known, name=name or known.name)
    game = ShaveASheep(rules)
    players = rules.players
    # Serial: a process pool would solve the game again in every worker.
    random_games = simulate(game, ["Random"] * players, n, seed, executor="serial", progress=None)
    turns = [row.turns for row in random_games.rows]
    first = sum(row.credit(0) for row in random_games.rows)
    perfect = None
    skilled = "Sensible"
    if players == 2:
        from .solver import solve

        skilled = "Optimal"
        perfect = solve(rules).win_chances(game.new_game())[0]
    lineup = [skilled] + ["Random"] * (players - 1)
    duel = simulate(game, lineup, n, seed, rotate=True, executor="serial", progress=None)
    # Entrant 0 is the skilled bot; the rotation moves it round the seats.
    wins = sum(row.credit(row.lineup.index(0)) for row in duel.rows)
    analysis = _ANALYSES[(rules, n, seed)] = Analysis(
        name=name or "these rules",
        games=n,
        length=statistics.fmean(turns),
        length_ci=mean_interval(turns),
        first=first / n,
        first_ci=wilson(first, n),
        perfect_first=perfect,
        skill=wins / n,
        skill_ci=wilson(wins, n),
        skilled=skilled,
    )
    return analysis


_ANALYSES: dict[tuple[ShaveASheepRules, int, int], Analysis] = {}


def analyse_variants(n: int = 300, seed: int = 0, players: int = 2) -> list[Analysis]:
    """:func:`analyse` for the base game and every variant of the printed rules."""
    out = []
    for key, changes in VARIANTS.items():
        rules = ShaveASheepRules(players=players).replace(**changes)
        out.append(analyse(rules, n, seed, VARIANT_TITLES.get(key, key)))  # type: ignore[arg-type]
    return out


def plot(analyses: list[Analysis], title: str = "") -> Any:
    """Three bar charts with 95% intervals: length, first player's share, choice's effect.

    Returns a ``sheepkit.ui.svg.Chart`` (SVG: the same on a server and in the browser); a
    notebook cell ending with it shows it. Each bar's row is named and each bar carries its
    value, so colour is never the only cue.
    """
    from ...ui import svg

    names = [a.name for a in analyses]
    panels = [
        ("Game length (turns)", [a.length for a in analyses], [a.length_ci for a in analyses]),
        (
            "First player wins (random play)",
            [a.first for a in analyses],
            [a.first_ci for a in analyses],
        ),
        (
            "Better player wins (vs Random)",
            [a.skill for a in analyses],
            [a.skill_ci for a in analyses],
        ),
    ]
    width = 800
    names_width = 16 + max([svg.text_width(n, svg.LABEL_SIZE) for n in names] or [40])
    top = 66.0 if title else 40.0
    row = 36.0
    bottom = top + 16 + row * max(len(analyses), 1)
    d = svg.Drawing(width, int(bottom + 30), title or ", ".join(p[0] for p in panels))
    if title:
        d.text(12, 18, title, size=svg.TITLE_SIZE, bold=True)
    panel = (width - names_width) / len(panels)
    for y_index, name in enumerate(names):
        y = top + 16 + row * (y_index + 0.5)
        d.text(names_width - 8, y, name, size=svg.LABEL_SIZE, anchor="end")
    for k, (label, values, cis) in enumerate(panels):
        share = "wins" in label
        fmt = svg.percent if share else (lambda x: f"{x:.1f}")
        x0 = names_width + k * panel
        left, right = x0 + 8, x0 + panel - 44  # room for the value after the longest bar
        heading, _, aside = label.partition(" (")
        d.text(x0 + panel / 2, top - 16, heading, size=svg.LABEL_SIZE, anchor="middle", bold=True)
        if aside:
            d.text(x0 + panel / 2, top, f"({aside}", size=svg.TICK_SIZE, anchor="middle")
        if share:
            low, high = 0.0, 1.0
        else:
            low, high = svg.nice_range([hi for _, hi in cis] + list(values), floor=0.0)
            low = 0.0
        scale = svg.Scale(low, high, left, right)
        axis_format = svg.percent if share else svg.general
        svg.value_axis(d, scale, (top + 16, bottom), axis_format, vertical=False, count=3)
        for i, (value, (lo, hi)) in enumerate(zip(values, cis, strict=True)):
            y = top + 16 + row * (i + 0.5)
            d.begin(f"{names[i]}, {label}: {svg.interval_text(value, (lo, hi), fmt)}")
            d.rect(left, y - 11, scale.clamp(value) - left, 22, BAR_COLOURS[i % 6], "#222222")
            ends = svg.interval_ends(value, (lo, hi))
            end = value
            if ends is not None:
                a, b = scale.clamp(ends[0]), scale.clamp(ends[1])
                d.line(a, y, b, y, width=1.5)
                for at in (a, b):
                    d.line(at, y - 5, at, y + 5, width=1.5)
                end = ends[1]
            d.text(scale.clamp(end) + 5, y, fmt(value), bold=True)
            d.end()
        if share:
            d.line(scale(0.5), top + 16, scale(0.5), bottom, dash="6 4")
    return d.chart()


# -- pictures of rules, for the lesson's live demonstrations ---------------------------------
def face_pictures(scale: float = 0.6) -> Any:
    """One picture per face of the base die, each with what a player may do on it."""
    from ...ui.picture import picture, pictures
    from .drawing import ShaveASheepDrawing
    from .engine import ShaveASheep

    game = ShaveASheep(ShaveASheepRules())
    view = ShaveASheepDrawing()
    items = []
    for roll in game.faces:
        state = game.position(phase="act", face=roll, middle=8, sheep=(2, 2), piles=(0, 0))
        options = "; ".join(view.move_label(state, m) for m in state.legal_moves())
        items.append(picture(state, caption=f"<b>{roll}</b>: {options}", scale=scale))
    return pictures(*items)


def before_after(state: Any, move: str, before: str, after: str, scale: float = 0.75) -> Any:
    """A position and the position after ``move``, side by side with captions."""
    from ...ui.picture import picture, pictures

    return pictures(
        picture(state, caption=before, scale=scale),
        picture(state.play(move), caption=after, scale=scale),
    )
