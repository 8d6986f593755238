"""The Shave a Sheep lesson's pictures: the die's faces and rules on the board, and the
chart of the analysis (:mod:`.lesson` computes it). The chart is SVG (``sheepkit.ui.svg``:
the same on a server and in the browser); the pictures are the app's own board drawing.
"""

from __future__ import annotations

from typing import Any

from ...core.words import words_for
from ...ui import svg
from ...ui.picture import picture, pictures
from .engine import ShaveASheep, ShaveASheepState
from .lesson import Analysis
from .rules import ShaveASheepRules

#: Okabe-Ito colours (colour-blind safe); every bar also carries its variant's name.
BAR_COLOURS = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00")


def plot(analyses: list[Analysis], title: str = "") -> svg.Chart:
    """Three bar charts with 95% intervals: length, first player's share, choice's effect.

    Returns a ``sheepkit.ui.svg.Chart`` (SVG: the same on a server and in the browser); a
    notebook cell ending with it shows it. Each bar's row is named and each bar carries its
    value, so colour is never the only cue.
    """
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
    game = ShaveASheep(ShaveASheepRules())
    items = []
    for roll in game.faces:
        state = game.position(phase="act", face=roll, middle=8, sheep=(2, 2), piles=(0, 0))
        options = "; ".join(words_for(state.game).move_label(state, m) for m in state.legal_moves())
        items.append(picture(state, caption=f"<b>{roll}</b>: {options}", scale=scale))
    return pictures(*items)


def before_after(
    state: ShaveASheepState, move: str, before: str, after: str, scale: float = 0.75
) -> Any:
    """A position and the position after ``move``, side by side with captions."""
    return pictures(
        picture(state, caption=before, scale=scale),
        picture(state.play(move), caption=after, scale=scale),
    )
