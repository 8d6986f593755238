"""A question's spread of guesses as an SVG chart, beside the measured answer.

Numbers are dots on a line (one dot per guess, stacked where they fall together) with the
measured value marked; choices and sentences are bars, one per different guess, with the
measured answer's bar labelled. Colours are Okabe-Ito and every mark also has a label, so
nothing is told by colour alone; the chart carries a text description for screen readers.
Stdlib only.
"""

from __future__ import annotations

import html
import math
import re
from collections import Counter
from collections.abc import Sequence

BLUE = "#0072B2"
VERMILLION = "#D55E00"
INK = "#222222"
GRID = "#767676"
FONT = "DejaVu Sans, Verdana, Arial, sans-serif"
WIDTH = 520


def as_number(text: str) -> float | None:
    """A guess or result as a number ("60%", "3,5", "2.4 times [2.1, 2.7]": its first
    number), or None."""
    found = re.search(r"-?\d+(?:[.,]\d+)?", text)
    if found is None:
        return None
    value = float(found.group().replace(",", "."))
    return value if math.isfinite(value) else None


def esc(text: object) -> str:
    return html.escape(str(text), quote=True)


def spread_chart(title: str, guesses: Sequence[str], measured: str, kind: str) -> str:
    """The chart's SVG (an empty string when nobody has guessed)."""
    if not guesses:
        return ""
    numbers = [as_number(g) for g in guesses]
    if kind == "number" and all(n is not None for n in numbers):
        return _dots(title, [n for n in numbers if n is not None], measured)
    return _bars(title, guesses, measured)


def _svg(title: str, height: float, description: str, body: str) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" role="img" width="{WIDTH}" height="{height:.0f}"'
        f' viewBox="0 0 {WIDTH} {height:.0f}" aria-label="{esc(description)}"'
        f' font-family="{FONT}" font-size="14"><title>{esc(title)}</title>{body}</svg>'
    )


def _dots(title: str, values: list[float], measured: str) -> str:
    truth = as_number(measured) if measured else None
    low = min([*values, *([truth] if truth is not None else [])])
    high = max([*values, *([truth] if truth is not None else [])])
    if high - low < 1e-9:
        low, high = low - 1, high + 1
    left, right = 30.0, WIDTH - 30.0

    def x(v: float) -> float:
        return left + (v - low) / (high - low) * (right - left)

    stacks: Counter[int] = Counter()
    dots = []
    for value in sorted(values):
        column = round(x(value) / 10)
        stacks[column] += 1
        dots.append((x(value), stacks[column]))
    tallest = max(stacks.values())
    base = 40 + 14 * tallest
    parts = [
        f'<line x1="{left}" y1="{base}" x2="{right}" y2="{base}" stroke="{GRID}"/>',
        f'<text x="{left}" y="{base + 20}" text-anchor="middle" fill="{INK}">{low:g}</text>',
        f'<text x="{right}" y="{base + 20}" text-anchor="middle" fill="{INK}">{high:g}</text>',
    ]
    for cx, level in dots:
        parts.append(
            f'<circle cx="{cx:.1f}" cy="{base - 14 * level + 6}" r="6" fill="{BLUE}"'
            f' stroke="white"/>'
        )
    if truth is not None:
        tx = x(truth)
        parts.append(
            f'<line x1="{tx:.1f}" y1="22" x2="{tx:.1f}" y2="{base + 4}" stroke="{VERMILLION}"'
            ' stroke-width="3" stroke-dasharray="6 3"/>'
            f'<text x="{tx:.1f}" y="16" text-anchor="{_anchor(tx)}" fill="{INK}">'
            f"measured: {esc(measured)}</text>"
        )
    spread = ", ".join(f"{v:g}" for v in sorted(values))
    described = f"{len(values)} guesses: {spread}." + (
        f" Measured: {measured}." if truth is not None else ""
    )
    return _svg(title, base + 30, described, "".join(parts))


def _anchor(x: float) -> str:
    """Where a label over the point ``x`` is anchored, so that it stays inside the chart."""
    if x > WIDTH * 0.6:
        return "end"
    return "start" if x < WIDTH * 0.4 else "middle"


def _bars(title: str, guesses: Sequence[str], measured: str) -> str:
    counts = Counter(" ".join(g.split()) for g in guesses)
    rows = counts.most_common(12)
    most = max(n for _, n in rows)
    label_width = 200
    bar_room = WIDTH - label_width - 120
    parts = []
    for i, (guess, n) in enumerate(rows):
        y = 10 + i * 28
        right = measured and guess.strip('"').lower() == measured.strip('"').lower()
        width = max(4.0, n / most * bar_room)
        short = guess if len(guess) <= 28 else guess[:27] + "…"
        parts.append(
            f'<text x="{label_width - 8}" y="{y + 16}" text-anchor="end" fill="{INK}">'
            f"{esc(short)}</text>"
            f'<rect x="{label_width}" y="{y}" width="{width:.1f}" height="22"'
            f' fill="{VERMILLION if right else BLUE}"/>'
            f'<text x="{label_width + width + 6:.1f}" y="{y + 16}" fill="{INK}">{n}'
            f"{' ★ measured' if right else ''}</text>"
        )
    others = len(counts) - len(rows)
    height = 20 + len(rows) * 28 + (20 if others else 0)
    if others:
        parts.append(
            f'<text x="{label_width}" y="{height - 8}" fill="{INK}">and {others} more</text>'
        )
    described = "; ".join(f"{g}: {n}" for g, n in rows) + (
        f". Measured: {measured}." if measured else "."
    )
    return _svg(title, height, described, "".join(parts))
