"""Charts as SVG text, drawn with the standard library alone.

The lessons' charts must look the same on a server and in the static site, where Python runs
in the page (Pyodide) and matplotlib cannot be had. A chart here is a :class:`Chart`: the SVG
text, which a notebook shows by itself (``_repr_svg_``) and a widget shows inline
(``sheepkit.ui.lab_widgets.image``). Only what the lessons draw is here: panels with a value
axis, points or bars with 95% error bars, category labels, legends. Colours are Okabe-Ito
(readable with colour blindness) and every series also has its own marker shape and a label;
every point carries a tooltip (an SVG ``<title>``) with its value and interval.
"""

from __future__ import annotations

import html
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from ..drawing import OKABE_ITO

FONT = "DejaVu Sans, Verdana, Arial, Helvetica, sans-serif"
TICK_SIZE = 12  # px at 1:1: tick labels
LABEL_SIZE = 13  # axis labels and legends
TITLE_SIZE = 15
INK = "#222222"
MUTED = "#555555"
GRID = "#DDDDDD"
LINE = "#999999"

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
#: A different shape for each series, so that colour is never the only cue.
SERIES_MARKERS = ("circle", "square", "triangle", "diamond", "triangle-down", "plus", "cross")

Format = Callable[[float], str]


def esc(text: object) -> str:
    return html.escape(str(text), quote=True)


def num(x: float) -> str:
    """A coordinate, short: 12.5 not 12.500000001."""
    text = f"{x:.1f}"
    return text[:-2] if text.endswith(".0") else text


def points(pairs: Sequence[tuple[float, float]]) -> str:
    """An SVG ``points`` attribute: ``x,y x,y ...``, each coordinate short (``num``)."""
    return " ".join(f"{num(x)},{num(y)}" for x, y in pairs)


def text_width(text: str, size: float = TICK_SIZE) -> float:
    """About how wide ``text`` is in a sans-serif font (for laying out margins)."""
    return 0.6 * size * len(text)


def percent(x: float) -> str:
    return f"{x:.0%}"


def general(x: float) -> str:
    return f"{x:.3g}"


def colour(series: int) -> str:
    return SERIES_COLOURS[series % len(SERIES_COLOURS)]


def shape(series: int) -> str:
    return SERIES_MARKERS[series % len(SERIES_MARKERS)]


def fit(text: str, width: float, size: float = TICK_SIZE) -> str:
    """``text`` cut with an ellipsis to about ``width`` pixels."""
    most = max(3, int(width / (0.6 * size)))
    return text if len(text) <= most else text[: most - 1] + "…"


# -- scales and ticks -------------------------------------------------------------------------
def nice_step(span: float, count: int = 5) -> float:
    """A step of 1, 2 or 5 times a power of ten giving about ``count`` ticks over ``span``."""
    if span <= 0 or not math.isfinite(span):
        return 1.0
    raw = span / max(count, 1)
    power = 10 ** math.floor(math.log10(raw))
    for factor in (1, 2, 2.5, 5, 10):
        if raw <= factor * power * 1.0001:
            return factor * power
    return 10 * power


def ticks(low: float, high: float, count: int = 5) -> list[float]:
    """Round values from ``low`` to ``high`` (both already on the step's grid, or inside)."""
    step = nice_step(high - low, count)
    first = math.ceil(low / step - 1e-9) * step
    out = []
    value = first
    while value <= high + step * 1e-9:
        out.append(round(value, 12))
        value += step
    return out


def nice_range(
    values: Sequence[float],
    *,
    floor: float | None = None,
    ceiling: float | None = None,
    count: int = 5,
) -> tuple[float, float]:
    """An axis range holding every finite value with a little room, ends on round numbers
    (ticks of the axis, when drawn with the same ``count``).

    ``floor`` / ``ceiling``: limits the range may not pass (0 and 1 for a share)."""
    finite = [v for v in values if math.isfinite(v)]
    if not finite:
        return (0.0 if floor is None else floor, 1.0 if ceiling is None else ceiling)
    low, high = min(finite), max(finite)
    if floor is None and low >= 0:
        floor = 0.0  # counts, lengths and ratings: never a negative axis for them
    if high - low < 1e-12:
        pad = abs(high) * 0.1 or 1.0
    else:
        pad = (high - low) * 0.1
    low, high = low - pad, high + pad
    if floor is not None:
        low = max(low, floor)
    if ceiling is not None:
        high = min(high, ceiling)
    if low > 0 and low < (high - low) * 0.5:
        low = 0.0  # close to zero: start the axis at zero, as a reader expects
    for _ in range(3):  # rounding widens the range, which can change the step: settle it
        step = nice_step(high - low, count)
        low, high = math.floor(low / step + 1e-9) * step, math.ceil(high / step - 1e-9) * step
    if floor is not None:
        low = max(low, floor)
    if ceiling is not None:
        high = min(high, ceiling)
    return (low, high)


@dataclass(frozen=True)
class Scale:
    """Maps values in [low, high] to pixels in [start, end] (end < start for a y axis)."""

    low: float
    high: float
    start: float
    end: float

    def __call__(self, value: float) -> float:
        span = self.high - self.low or 1.0
        return self.start + (value - self.low) / span * (self.end - self.start)

    def clamp(self, value: float) -> float:
        return self(min(max(value, self.low), self.high))


# -- the drawing ------------------------------------------------------------------------------
@dataclass(frozen=True)
class Chart:
    """A finished chart: the SVG text, with its title and size.

    A notebook cell that ends with a Chart shows it; ``str(chart)`` is the SVG text and
    ``chart.save("x.svg")`` writes it to a file."""

    svg: str
    title: str
    width: int
    height: int

    def _repr_svg_(self) -> str:
        return self.svg

    def __str__(self) -> str:
        return self.svg

    def save(self, path: str | Path) -> None:
        Path(path).write_text(self.svg, encoding="utf-8")


@dataclass
class Drawing:
    """SVG elements added one by one; ``chart()`` wraps them in the ``<svg>`` element."""

    width: int
    height: int
    title: str
    parts: list[str] = field(default_factory=list)

    def add(self, element: str) -> None:
        self.parts.append(element)

    def line(
        self,
        x1: float,
        y1: float,
        x2: float,
        y2: float,
        stroke: str = INK,
        width: float = 1.0,
        dash: str | None = None,
    ) -> None:
        extra = f' stroke-dasharray="{dash}"' if dash else ""
        self.add(
            f'<line x1="{num(x1)}" y1="{num(y1)}" x2="{num(x2)}" y2="{num(y2)}" '
            f'stroke="{stroke}" stroke-width="{width}"{extra}/>'
        )

    def polyline(self, corners: Sequence[tuple[float, float]], stroke: str = LINE) -> None:
        if len(corners) < 2:
            return
        line = f'fill="none" stroke="{stroke}" stroke-width="1.5"'
        self.add(f'<polyline points="{points(corners)}" {line}/>')

    def rect(
        self, x: float, y: float, w: float, h: float, fill: str, stroke: str | None = None
    ) -> None:
        edge = f' stroke="{stroke}" stroke-width="1"' if stroke else ""
        self.add(
            f'<rect x="{num(x)}" y="{num(y)}" width="{num(max(w, 0))}" height="{num(max(h, 0))}" '
            f'fill="{fill}"{edge}/>'
        )

    def text(
        self,
        x: float,
        y: float,
        text: str,
        *,
        size: float = TICK_SIZE,
        anchor: str = "start",
        bold: bool = False,
        fill: str = INK,
        rotate: float | None = None,
    ) -> None:
        """Text whose middle sits at height ``y`` (``anchor``: start, middle or end at x)."""
        weight = ' font-weight="bold"' if bold else ""
        turn = f' transform="rotate({num(rotate)} {num(x)} {num(y)})"' if rotate else ""
        self.add(
            f'<text x="{num(x)}" y="{num(y)}" dy="0.35em" font-size="{size}" '
            f'text-anchor="{anchor}" fill="{fill}"{weight}{turn}>{esc(text)}</text>'
        )

    def marker(self, x: float, y: float, kind: str, fill: str, size: float = 7.0) -> None:
        """A filled point of the given shape, centred on (x, y), with a white rim."""
        r = size / 2 + 0.5
        rim = 'stroke="#FFFFFF" stroke-width="1"'
        if kind == "circle":
            self.add(f'<circle cx="{num(x)}" cy="{num(y)}" r="{num(r)}" fill="{fill}" {rim}/>')
            return
        if kind == "square":
            s = r * 0.9
            corners = [(x - s, y - s), (x + s, y - s), (x + s, y + s), (x - s, y + s)]
        elif kind == "triangle":
            corners = [(x, y - r * 1.2), (x + r * 1.1, y + r * 0.8), (x - r * 1.1, y + r * 0.8)]
        elif kind == "triangle-down":
            corners = [(x, y + r * 1.2), (x + r * 1.1, y - r * 0.8), (x - r * 1.1, y - r * 0.8)]
        elif kind == "diamond":
            corners = [(x, y - r * 1.2), (x + r, y), (x, y + r * 1.2), (x - r, y)]
        else:  # plus and cross: thick strokes
            d = r * 1.1
            if kind == "cross":
                d *= 0.8
                segments = [(x - d, y - d, x + d, y + d), (x - d, y + d, x + d, y - d)]
            else:
                segments = [(x - d, y, x + d, y), (x, y - d, x, y + d)]
            for x1, y1, x2, y2 in segments:
                self.line(x1, y1, x2, y2, stroke=fill, width=3)
            return
        self.add(f'<polygon points="{points(corners)}" fill="{fill}" {rim}/>')

    def begin(self, tooltip: str | None = None) -> None:
        """Start a group of elements, with a tooltip (what a screen reader reads too)."""
        self.add("<g>" + (f"<title>{esc(tooltip)}</title>" if tooltip else ""))

    def end(self) -> None:
        self.add("</g>")

    def chart(self) -> Chart:
        head = (
            f'<svg xmlns="http://www.w3.org/2000/svg" class="sk-chart" role="img" '
            f'width="{self.width}" height="{self.height}" '
            f'viewBox="0 0 {self.width} {self.height}" '
            f'style="max-width:100%;height:auto;background:#FFFFFF" '
            f'font-family="{FONT}" aria-label="{esc(self.title)}">'
            f"<title>{esc(self.title)}</title>"
            f'<rect width="{self.width}" height="{self.height}" fill="#FFFFFF"/>'
        )
        return Chart(head + "".join(self.parts) + "</svg>", self.title, self.width, self.height)


# -- pieces of a chart ------------------------------------------------------------------------
def interval_text(value: float, interval: tuple[float, float] | None, fmt: Format) -> str:
    """``52% [45%, 59%]``: a value and its 95% interval, for tooltips."""
    if interval is None or not all(math.isfinite(x) for x in interval):
        return fmt(value)
    return f"{fmt(value)} [{fmt(interval[0])}, {fmt(interval[1])}]"


def error_point(
    d: Drawing,
    x: float,
    y: float,
    low: float | None,
    high: float | None,
    series: int,
    *,
    vertical: bool = True,
) -> None:
    """A marker at (x, y) with its interval as an error bar from ``low`` to ``high`` (pixels
    along the bar's direction; None: no bar, e.g. an endless interval from one game)."""
    ink = colour(series)
    if low is not None and high is not None:
        if vertical:
            d.line(x, low, x, high, stroke=ink, width=1.5)
            for end in (low, high):
                d.line(x - 5, end, x + 5, end, stroke=ink, width=1.5)
        else:
            d.line(low, y, high, y, stroke=ink, width=1.5)
            for end in (low, high):
                d.line(end, y - 5, end, y + 5, stroke=ink, width=1.5)
    d.marker(x, y, shape(series), ink, size=8)


def value_axis(
    d: Drawing,
    scale: Scale,
    across: tuple[float, float],
    fmt: Format,
    *,
    vertical: bool = True,
    count: int = 5,
) -> None:
    """Grid lines and tick labels of a value axis. ``across``: the plot's extent the other
    way (left and right for a vertical axis, top and bottom for a horizontal one)."""
    for value in ticks(scale.low, scale.high, count):
        at = scale(value)
        if vertical:
            d.line(across[0], at, across[1], at, stroke=GRID)
            d.text(across[0] - 6, at, fmt(value), anchor="end")
        else:
            d.line(at, across[0], at, across[1], stroke=GRID)
            d.text(at, across[1] + 12, fmt(value), anchor="middle")
    if vertical:
        d.line(across[0], scale.start, across[0], scale.end, stroke=INK)
    else:
        d.line(scale.start, across[1], scale.end, across[1], stroke=INK)


def legend(d: Drawing, x: float, y: float, labels: Sequence[str], right: float) -> float:
    """Marker and label of each series in rows from (x, y); returns the y below the legend."""
    left = x
    for i, label in enumerate(labels):
        width = 22 + text_width(label, LABEL_SIZE) + 18
        if x > left and x + width > right:
            x, y = left, y + 22
        d.marker(x + 7, y, shape(i), colour(i), size=9)
        d.text(x + 18, y, label, size=LABEL_SIZE)
        x += width
    return y + 16


def interval_ends(value: float, interval: tuple[float, float] | None) -> tuple[float, float] | None:
    """The ends of an error bar: the interval, clamped to hold its value (a Wilson interval at
    0% can miss it by a rounding error); None for a missing or endless interval."""
    if interval is None:
        return None
    low, high = interval
    if not (math.isfinite(low) and math.isfinite(high)):
        return None
    return (min(low, value), max(high, value))
