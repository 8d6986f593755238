"""Charts for the rule lab and the bot arena (matplotlib, no pyplot).

Every chart takes the lab's plain data (reports, a Sweep, a Tournament) and returns a
``matplotlib.figure.Figure``; ``png(figure)`` turns it into bytes for an image widget. We build
figures without pyplot so that no global backend or "current figure" state leaks between
charts, notebooks and tests. Colours are Okabe-Ito (readable with colour blindness), and every
series also has its own marker and a label, so colour is never the only cue.
"""

from __future__ import annotations

import io
import math
from collections.abc import Sequence

from matplotlib.axes import Axes
from matplotlib.figure import Figure
from matplotlib.ticker import PercentFormatter

from ..lab import Metric, Sweep, Tournament
from .board import OKABE_ITO

#: Series colours in order: strong Okabe-Ito hues first, yellow (weak on white) left out.
SERIES_COLOURS = (
    OKABE_ITO["blue"],
    OKABE_ITO["vermillion"],
    OKABE_ITO["green"],
    OKABE_ITO["purple"],
    OKABE_ITO["orange"],
    OKABE_ITO["sky"],
    OKABE_ITO["black"],
)
SERIES_MARKERS = ("o", "s", "^", "D", "v", "P", "X")
#: Metrics shown as small panels beside the win rates in a comparison, when measured.
PANEL_METRICS = ("Length (turns)", "Draws", "Real choices", "Lead changes")
PROPORTIONS = ("Draws", "Real choices", "Completion", "Comebacks")


def png(figure: Figure, dpi: int = 96) -> bytes:
    """The figure as PNG bytes (for ``ipywidgets.Image`` or a file)."""
    buffer = io.BytesIO()
    figure.savefig(buffer, format="png", dpi=dpi)  # constrained layout already fits it
    return buffer.getvalue()


def _style(ax: Axes) -> None:
    ax.grid(axis="y", alpha=0.3)
    ax.spines[["top", "right"]].set_visible(False)


def _errorbar(
    ax: Axes, xs: Sequence[float], metrics: Sequence[Metric | None], series: int, label: str
) -> None:
    """Points with their confidence intervals as error bars; missing values are skipped."""
    points = [
        (x, m)
        for x, m in zip(xs, metrics)
        if m is not None and m.value is not None and math.isfinite(m.value)
    ]
    if not points:
        return
    values = [m.value or 0.0 for _, m in points]
    below, above = [], []
    for (_, m), value in zip(points, values):
        low, high = m.interval if m.interval is not None else (value, value)
        # An interval can be infinite (one game): draw no bar rather than an endless one. It
        # can also miss its value by a rounding error (a Wilson interval at 0%): clamp at 0.
        below.append(max(value - low, 0.0) if math.isfinite(low) else 0.0)
        above.append(max(high - value, 0.0) if math.isfinite(high) else 0.0)
    ax.errorbar(
        [x for x, _ in points],
        values,
        yerr=[below, above],
        fmt=SERIES_MARKERS[series % len(SERIES_MARKERS)],
        color=SERIES_COLOURS[series % len(SERIES_COLOURS)],
        capsize=4,
        markersize=7,
        label=label,
    )


def _find(report: Sequence[Metric], name: str) -> Metric | None:
    return next((m for m in report if m.name == name), None)


def comparison_chart(
    labels: Sequence[str],
    reports: Sequence[Sequence[Metric]],
    panels: Sequence[str] = PANEL_METRICS,
) -> Figure:
    """Win rate of each seat, then one small panel per metric in ``panels``, for each column.

    ``labels[i]`` names the rules of ``reports[i]`` (e.g. "base rules", "board=10"). Error bars
    are the 95% confidence intervals: where two columns' bars do not overlap, the rule change
    made a real difference rather than a lucky one.
    """
    shown = [
        name
        for name in panels
        if any((m := _find(r, name)) is not None and m.value is not None for r in reports)
    ]
    figure = Figure(figsize=(3.4 + 2.0 * len(shown), 3.4), layout="constrained")
    axes = figure.subplots(1, 1 + len(shown), squeeze=False)[0]
    # Seats may differ between columns (a "players" rule): the union, in order of appearance.
    seats: list[str] = []
    for report in reports:
        for m in report:
            if m.name.startswith("Win rate: ") and "(bot " not in m.name:
                seat = m.name.removeprefix("Win rate: ")
                if seat not in seats:
                    seats.append(seat)
    ax = axes[0]
    width = 0.7 / max(len(reports), 1)
    for i, (label, report) in enumerate(zip(labels, reports)):
        offset = (i - (len(reports) - 1) / 2) * width
        xs = [s + offset for s in range(len(seats))]
        _errorbar(ax, xs, [_find(report, f"Win rate: {s}") for s in seats], i, label)
    ax.set_xticks(range(len(seats)), seats, rotation=20 if len(seats) > 3 else 0)
    ax.set_ylim(0, 1)
    ax.set_ylabel("share of games won")
    ax.set_title("Win rate by seat")
    _style(ax)
    ax.legend(fontsize="small", loc="best")
    for ax, name in zip(axes[1:], shown):
        for i, (label, report) in enumerate(zip(labels, reports)):
            _errorbar(ax, [i], [_find(report, name)], i, label)
        ax.set_xticks(range(len(labels)), [_short(label) for label in labels], fontsize="small")
        ax.set_xlim(-0.6, len(labels) - 0.4)
        ax.margins(y=0.15)  # room above the highest bar's cap
        if name in PROPORTIONS:
            ax.yaxis.set_major_formatter(PercentFormatter(1.0))
            ax.set_ylim(0, min(1.05, ax.get_ylim()[1]))
        ax.set_title(name)
        _style(ax)
    return figure


def _short(label: str, width: int = 14) -> str:
    """A tick label: "Board size = 10" becomes "10" (the legend of the first panel has it)."""
    if "=" in label:
        label = label.split("=", 1)[1].strip()
    return label if len(label) <= width else label[: width - 1] + "…"


def sweep_chart(sweep: Sweep, metric: str = "Length (turns)") -> Figure:
    """One metric against the value of the swept rule, with 95% error bars."""
    figure = Figure(figsize=(5.5, 3.4), layout="constrained")
    ax = figure.subplots()
    xs = list(range(len(sweep.labels)))
    ax.plot(xs, [m.value if m else math.nan for m in sweep.metric(metric)], color="#999999")
    _errorbar(ax, xs, sweep.metric(metric), 0, metric)
    ax.set_xticks(xs, [label.split("=", 1)[-1] for label in sweep.labels])
    rule = sweep.labels[0].split("=", 1)[0] if sweep.labels and "=" in sweep.labels[0] else ""
    ax.set_xlabel(rule or "variant")
    ax.set_ylabel(metric)
    ax.set_title(f"{metric} as {rule or 'the variant'} changes")
    _style(ax)
    return figure


def leaderboard_chart(tournament: Tournament) -> Figure:
    """Each bot's rating (Elo scale) with its 95% interval, strongest at the top."""
    board = tournament.leaderboard
    figure = Figure(figsize=(6, 0.6 + 0.55 * max(len(board), 1)), layout="constrained")
    ax = figure.subplots()
    for rank, standing in enumerate(board):
        y = len(board) - 1 - rank  # strongest at the top
        low, high = standing.rating_interval
        ax.errorbar(
            [standing.rating],
            [y],
            xerr=[[standing.rating - low], [high - standing.rating]],
            fmt=SERIES_MARKERS[rank % len(SERIES_MARKERS)],
            color=SERIES_COLOURS[rank % len(SERIES_COLOURS)],
            capsize=4,
            markersize=8,
        )
        ax.annotate(
            f"{standing.win_rate:.0%} won",
            (high, y),
            xytext=(6, 0),
            textcoords="offset points",
            va="center",
            fontsize="small",
        )
    ax.set_yticks(range(len(board)), [s.name for s in reversed(board)])
    ax.axvline(1500, color="#999999", linestyle="--", linewidth=1)
    ax.set_xlabel("rating (Elo scale; the dashed line is the average, 1500)")
    ax.set_title("Leaderboard")
    ax.margins(x=0.2)
    ax.grid(axis="x", alpha=0.3)
    ax.spines[["top", "right"]].set_visible(False)
    return figure
