"""A canvas that writes SVG: the part of ipycanvas's drawing API that board drawings use,
recorded as SVG elements instead of sent to a browser.

A lesson's still pictures are drawn by the app's own board drawing (``Drawing.draw``), so they
always look like the game. On this canvas they become SVG text, part of the cell's output: the
page shows them at once, with no widget to make, no kernel round trip to draw them and nothing
for the server to relay, and they need no kernel at all once shown. Only what the drawings call
is here; anything else is an AttributeError naming the call, not a picture silently missing
a part.
"""

from __future__ import annotations

import math
import re
from collections.abc import Sequence
from dataclasses import dataclass, replace
from typing import Any

from .svg import esc, num, points, text_width

Point = tuple[float, float]
#: ipycanvas's text_align and text_baseline, as SVG's text-anchor and dominant-baseline.
ANCHORS = {"left": "start", "start": "start", "center": "middle", "right": "end", "end": "end"}
BASELINES = {
    "alphabetic": "auto",
    "middle": "central",
    "top": "text-before-edge",
    "hanging": "hanging",
    "bottom": "text-after-edge",
    "ideographic": "ideographic",
}
FONT_SIZE = re.compile(r"(\d+(?:\.\d+)?)px")


@dataclass(frozen=True)
class _Settings:
    """What save() keeps and restore() brings back, as on an HTML canvas."""

    fill_style: str = "#000000"
    stroke_style: str = "#000000"
    line_width: float = 1.0
    font: str = "10px sans-serif"
    text_align: str = "start"
    text_baseline: str = "alphabetic"
    global_alpha: float = 1.0
    dash: tuple[float, ...] = ()
    matrix: tuple[float, float, float, float, float, float] = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)


_SETTABLE = ("fill_style", "stroke_style", "line_width", "font", "text_align", "text_baseline")


class SvgCanvas:
    """Takes ipycanvas calls (``fill_rect``, ``fill_text``, ``fill_style = ...``) and keeps
    them as SVG elements; ``svg()`` gives the picture."""

    def __init__(self, width: int, height: int) -> None:
        object.__setattr__(self, "width", width)
        object.__setattr__(self, "height", height)
        object.__setattr__(self, "_now", _Settings())
        object.__setattr__(self, "_saved", [])
        object.__setattr__(self, "_parts", [])

    # -- settings ----------------------------------------------------------------------------
    def __setattr__(self, name: str, value: Any) -> None:
        if name in _SETTABLE:
            kind = float if name == "line_width" else str
            object.__setattr__(self, "_now", replace(self._now, **{name: kind(value)}))
        elif name == "global_alpha":
            alpha = min(max(float(value), 0.0), 1.0)
            object.__setattr__(self, "_now", replace(self._now, global_alpha=alpha))
        else:
            raise AttributeError(f"SvgCanvas has no setting {name!r}")

    def __getattr__(self, name: str) -> Any:
        # Only reached for names that are not defined: a canvas call pictures do not support.
        raise AttributeError(f"SvgCanvas does not draw {name!r} (ipycanvas call not supported)")

    def set_line_dash(self, segments: Sequence[float]) -> None:
        object.__setattr__(self, "_now", replace(self._now, dash=tuple(segments)))

    def save(self) -> None:
        self._saved.append(self._now)

    def restore(self) -> None:
        if self._saved:
            object.__setattr__(self, "_now", self._saved.pop())

    def translate(self, x: float, y: float) -> None:
        a, b, c, d, e, f = self._now.matrix
        self._transform((a, b, c, d, a * x + c * y + e, b * x + d * y + f))

    def rotate(self, angle: float) -> None:
        a, b, c, d, e, f = self._now.matrix
        cos, sin = math.cos(angle), math.sin(angle)
        self._transform(
            (a * cos + c * sin, b * cos + d * sin, c * cos - a * sin, d * cos - b * sin, e, f)
        )

    def _transform(self, matrix: tuple[float, float, float, float, float, float]) -> None:
        object.__setattr__(self, "_now", replace(self._now, matrix=matrix))

    def clear(self) -> None:
        self._parts.clear()

    # -- shapes ------------------------------------------------------------------------------
    def fill_rect(self, x: float, y: float, width: float, height: float | None = None) -> None:
        self._rect(x, y, width, width if height is None else height, self._fill())

    def stroke_rect(self, x: float, y: float, width: float, height: float | None = None) -> None:
        self._rect(x, y, width, width if height is None else height, self._stroke())

    def fill_circle(self, x: float, y: float, radius: float) -> None:
        self._add(f'<circle cx="{num(x)}" cy="{num(y)}" r="{num(radius)}"{self._fill()}/>')

    def stroke_circle(self, x: float, y: float, radius: float) -> None:
        self._add(f'<circle cx="{num(x)}" cy="{num(y)}" r="{num(radius)}"{self._stroke()}/>')

    def fill_polygon(self, corners: Sequence[Point]) -> None:
        self._add(f'<polygon points="{points(corners)}"{self._fill()}/>')

    def stroke_polygon(self, corners: Sequence[Point]) -> None:
        self._add(f'<polygon points="{points(corners)}"{self._stroke()}/>')

    def stroke_line(self, x1: float, y1: float, x2: float, y2: float) -> None:
        self._add(
            f'<line x1="{num(x1)}" y1="{num(y1)}" x2="{num(x2)}" y2="{num(y2)}"{self._stroke()}/>'
        )

    def fill_text(self, text: str, x: float, y: float, max_width: float | None = None) -> None:
        now = self._now
        # A canvas squeezes text wider than max_width; SVG cannot measure it, so text that is
        # probably too wide (by the charts' estimate) is fitted to max_width.
        sized = FONT_SIZE.search(now.font)
        size = float(sized.group(1)) if sized else 10.0
        fitted = ""
        if max_width is not None and text_width(text, size) > max_width:
            fitted = f' textLength="{num(max_width)}" lengthAdjust="spacingAndGlyphs"'
        self._add(
            f'<text x="{num(x)}" y="{num(y)}" style="font:{esc(now.font)}"'
            f' fill="{esc(now.fill_style)}"'
            f' text-anchor="{ANCHORS.get(now.text_align, "start")}"'
            f' dominant-baseline="{BASELINES.get(now.text_baseline, "auto")}"{fitted}'
            f"{self._alpha()}>{esc(text)}</text>"
        )

    # -- the picture -------------------------------------------------------------------------
    def svg(self, *, shown_width: float | None = None, label: str = "") -> str:
        """The SVG element: drawn at the canvas's size, shown ``shown_width`` pixels wide."""
        width = self.width if shown_width is None else shown_width
        height = self.height * width / self.width
        named = f' role="img" aria-label="{esc(label)}"' if label else ' aria-hidden="true"'
        return (
            f'<svg xmlns="http://www.w3.org/2000/svg" width="{num(width)}" height="{num(height)}"'
            f' viewBox="0 0 {self.width} {self.height}"{named}>' + "".join(self._parts) + "</svg>"
        )

    def _rect(self, x: float, y: float, width: float, height: float, paint: str) -> None:
        if width < 0:
            x, width = x + width, -width
        if height < 0:
            y, height = y + height, -height
        self._add(
            f'<rect x="{num(x)}" y="{num(y)}" width="{num(width)}" height="{num(height)}"{paint}/>'
        )

    def _add(self, element: str) -> None:
        matrix = self._now.matrix
        if matrix != _Settings.matrix:
            values = " ".join(f"{v:.4g}" for v in matrix)
            element = f'<g transform="matrix({values})">{element}</g>'
        self._parts.append(element)

    def _fill(self) -> str:
        return f' fill="{esc(self._now.fill_style)}"{self._alpha()}'

    def _stroke(self) -> str:
        now = self._now
        dash = f' stroke-dasharray="{" ".join(num(s) for s in now.dash)}"' if now.dash else ""
        return (
            f' fill="none" stroke="{esc(now.stroke_style)}"'
            f' stroke-width="{num(now.line_width)}"{dash}{self._alpha()}'
        )

    def _alpha(self) -> str:
        alpha = self._now.global_alpha
        return "" if alpha == 1.0 else f' opacity="{num(alpha)}"'
