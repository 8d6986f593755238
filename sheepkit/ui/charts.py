"""Charts for the rule lab and the bot arena, as SVG (see ``sheepkit.ui.svg``).

Every chart takes the lab's plain data (reports, a Sweep, a Tournament) and returns a
:class:`~sheepkit.ui.svg.Chart`; ``lab_widgets.image(chart)`` shows it in a widget, and a
notebook cell ending with one shows it by itself. SVG built with the standard library draws the
same on a server and in the browser (Pyodide), where matplotlib cannot be had. Colours are
Okabe-Ito, and every series also has its own marker and a label, so colour is never the only
cue; each point's tooltip gives its value and 95% interval.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from ..lab import Metric, Sweep, Tournament
from .svg import (
    INK,
    LABEL_SIZE,
    LINE,
    MUTED,
    SERIES_COLOURS,
    SERIES_MARKERS,
    TITLE_SIZE,
    Chart,
    Drawing,
    Format,
    Scale,
    error_point,
    fit,
    general,
    interval_ends,
    interval_text,
    legend,
    nice_range,
    percent,
    text_width,
    value_axis,
)

__all__ = [
    "PANEL_METRICS",
    "SERIES_COLOURS",
    "SERIES_MARKERS",
    "Chart",
    "comparison_chart",
    "leaderboard_chart",
    "sweep_chart",
]

#: Metrics shown as small panels beside the win rates in a comparison, when measured.
PANEL_METRICS = ("Length (turns)", "Draws", "Real choices", "Lead changes")
WIDTH = 720


def _find(report: Sequence[Metric], name: str) -> Metric | None:
    return next((m for m in report if m.name == name), None)


def _is_rate(metrics: Sequence[Metric | None]) -> bool:
    """True when the metrics are shares (drawn on a 0 to 100% axis), as they declare."""
    return any(m is not None and m.kind == "rate" for m in metrics)


def _measured(metric: Metric | None) -> bool:
    return metric is not None and metric.value is not None and math.isfinite(metric.value)


def _extent(metrics: Sequence[Metric | None]) -> list[float]:
    """Every value and finite interval end, for choosing an axis range."""
    out: list[float] = []
    for m in metrics:
        if m is None or not _measured(m):
            continue
        value = m.value or 0.0
        out.append(value)
        ends = interval_ends(value, m.interval)
        if ends is not None:
            out.extend(ends)
    return out


def _point(
    d: Drawing,
    x: float,
    scale: Scale,
    metric: Metric,
    series: int,
    fmt: Format,
    what: str,
) -> None:
    """One measured value at x, with its error bar and a tooltip."""
    value = metric.value or 0.0
    ends = interval_ends(value, metric.interval)
    d.begin(f"{what}: {interval_text(value, metric.interval, fmt)}")
    low, high = (None, None) if ends is None else (scale.clamp(ends[0]), scale.clamp(ends[1]))
    error_point(d, x, scale(value), low, high, series)
    d.end()


def comparison_chart(
    labels: Sequence[str],
    reports: Sequence[Sequence[Metric]],
    panels: Sequence[str] = PANEL_METRICS,
) -> Chart:
    """Win rate of each seat, then one small panel per metric in ``panels``, for each column.

    ``labels[i]`` names the rules of ``reports[i]`` (e.g. "base rules", "board=10"). Error bars
    are the 95% confidence intervals: where two columns' bars do not overlap, the rule change
    made a real difference rather than a lucky one.
    """
    shown = [name for name in panels if any(_measured(_find(r, name)) for r in reports)]
    # Seats may differ between columns (a rule sets how many play): the union, in order of
    # appearance; each seat's win rate is the rate metric that names the seat.
    seats: list[str] = []
    for report in reports:
        for m in report:
            if m.seat is not None and m.kind == "rate" and m.seat not in seats:
                seats.append(m.seat)
    d = Drawing(WIDTH, 0, "Win rate by seat" + "".join(f", {name}" for name in shown))
    # The legend names each column's rules once, for every panel.
    top = legend(d, 12, 16, list(labels), WIDTH - 12) + 8

    # Win rate by seat: seats along x, one point per column at each seat.
    left, right = 70.0, WIDTH - 16.0
    d.text(left, top + 8, "Win rate by seat", size=TITLE_SIZE, bold=True)
    plot_top, plot_bottom = top + 30, top + 210
    scale = Scale(0.0, 1.0, plot_bottom, plot_top)
    value_axis(d, scale, (left, right), percent)
    d.text(
        18,
        (plot_top + plot_bottom) / 2,
        "share of games won",
        size=LABEL_SIZE,
        anchor="middle",
        rotate=-90,
    )
    slot = (right - left) / max(len(seats), 1)
    spread = min(slot * 0.6, 40.0 * len(reports))
    for s, seat in enumerate(seats):
        centre = left + slot * (s + 0.5)
        d.text(centre, plot_bottom + 14, fit(seat, slot), anchor="middle")
        for i, (label, report) in enumerate(zip(labels, reports)):
            metric = next((m for m in report if m.seat == seat and m.kind == "rate"), None)
            if not _measured(metric) or metric is None:
                continue
            offset = (i - (len(reports) - 1) / 2) * (spread / max(len(reports), 1))
            _point(d, centre + offset, scale, metric, i, percent, f"{label}, {seat} won")
    height = plot_bottom + 34

    # One small panel per further metric, side by side, the columns along x.
    if shown:
        top = height + 6
        width = WIDTH / len(shown)
        for k, name in enumerate(shown):
            metrics = [_find(r, name) for r in reports]
            share = _is_rate(metrics)
            fmt = percent if share else general
            low, high = nice_range(
                _extent(metrics),
                floor=0.0 if share else None,
                ceiling=1.0 if share else None,
                count=4,
            )
            x0 = k * width
            p_left, p_right = x0 + 52, x0 + width - 10
            d.text(
                x0 + width / 2,
                top + 8,
                fit(name, width - 8, LABEL_SIZE),
                size=LABEL_SIZE,
                anchor="middle",
                bold=True,
            )
            p_top, p_bottom = top + 30, top + 170
            scale = Scale(low, high, p_bottom, p_top)
            value_axis(d, scale, (p_left, p_right), fmt, count=4)
            column = (p_right - p_left) / max(len(labels), 1)
            for i, (label, metric) in enumerate(zip(labels, metrics)):
                x = p_left + column * (i + 0.5)
                d.text(x, p_bottom + 14, fit(_short(label), column), anchor="middle")
                if metric is not None and _measured(metric):
                    _point(d, x, scale, metric, i, fmt, f"{label}, {name}")
        height = top + 196
    d.height = math.ceil(height)
    return d.chart()


def _short(label: str, width: int = 14) -> str:
    """A tick label: "Board size = 10" becomes "10", "Base rules" "Base" (the legend has the
    whole label)."""
    if "=" in label:
        label = label.split("=", 1)[1].strip()
    elif len(label) > 8:
        label = label.split()[0]  # "Base rules" -> "Base"
    return label if len(label) <= width else label[: width - 1] + "…"


def sweep_chart(sweep: Sweep, metric: str = "Length (turns)") -> Chart:
    """One metric against the value of the swept rule, with 95% error bars."""
    rule = sweep.labels[0].split("=", 1)[0] if sweep.labels and "=" in sweep.labels[0] else ""
    title = f"{metric} as {rule or 'the variant'} changes"
    width, height = 640, 380
    d = Drawing(width, height, title)
    cells = sweep.metric(metric)
    share = _is_rate(cells)
    fmt = percent if share else general
    low, high = nice_range(
        _extent(cells), floor=0.0 if share else None, ceiling=1.0 if share else None
    )
    left, right, top, bottom = 76.0, width - 20.0, 48.0, height - 64.0
    d.text(left, 20, title, size=TITLE_SIZE, bold=True)
    scale = Scale(low, high, bottom, top)
    value_axis(d, scale, (left, right), fmt)
    d.text(20, (top + bottom) / 2, metric, size=LABEL_SIZE, anchor="middle", rotate=-90)
    slot = (right - left) / max(len(sweep.labels), 1)
    xs = [left + slot * (i + 0.5) for i in range(len(sweep.labels))]
    d.polyline(
        [(x, scale(m.value or 0.0)) for x, m in zip(xs, cells) if m is not None and _measured(m)],
        stroke=LINE,
    )
    for x, label, m in zip(xs, sweep.labels, cells):
        d.text(x, bottom + 14, fit(label.split("=", 1)[-1], slot), anchor="middle")
        if m is not None and _measured(m):
            _point(d, x, scale, m, 0, fmt, f"{label}, {metric}")
    d.text((left + right) / 2, bottom + 40, rule or "variant", size=LABEL_SIZE, anchor="middle")
    return d.chart()


def leaderboard_chart(tournament: Tournament) -> Chart:
    """Each bot's rating (Elo scale) with its 95% interval, strongest at the top."""
    board = tournament.leaderboard
    names = [s.name for s in board]
    left = 20 + max([text_width(n, LABEL_SIZE) for n in names] or [40])
    width = WIDTH
    right = width - 90.0  # room for "100% won" after the last interval
    top = 48.0
    row = 40.0
    bottom = top + row * max(len(board), 1)
    d = Drawing(width, int(bottom + 56), "Leaderboard")
    d.text(12, 20, "Leaderboard", size=TITLE_SIZE, bold=True)
    values = [1500.0]
    for s in board:
        values += [s.rating, *s.rating_interval]
    low, high = nice_range(values)
    scale = Scale(low, high, left, right)
    value_axis(d, scale, (top, bottom), lambda x: f"{x:.0f}", vertical=False)
    d.line(scale(1500), top, scale(1500), bottom, stroke=MUTED, dash="6 4")
    for rank, s in enumerate(board):
        y = top + row * (rank + 0.5)
        lo, hi = s.rating_interval
        d.text(left - 10, y, s.name, size=LABEL_SIZE, anchor="end")
        d.begin(
            f"{s.name}: rating {s.rating:.0f} [{lo:.0f}, {hi:.0f}], "
            f"won {s.win_rate:.0%} of {s.games} games"
        )
        error_point(d, scale(s.rating), y, scale(lo), scale(hi), rank, vertical=False)
        d.end()
        d.text(scale(hi) + 10, y, f"{s.win_rate:.0%} won", fill=INK)
    d.text(
        (left + right) / 2,
        bottom + 38,
        "rating (Elo scale; the dashed line is the average, 1500)",
        size=LABEL_SIZE,
        anchor="middle",
    )
    return d.chart()
