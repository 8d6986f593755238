"""The board from the keyboard (WCAG 2.1.1): a cursor over the drawing's ``targets(frame)``.

The arrow keys move the cursor to the nearest target in their direction, the live region says
the target's words, and Enter or Space click at its centre, exactly as the mouse would (the
screen's ``click``: the drawing's, and its ``explain_click`` when nothing happens). The cursor
is a box drawn over the board, shown from the first key on. A drawing whose ``targets`` are
``()`` has no cursor: its keys do nothing, and its moves have their buttons.

Keys reach the kernel through ipycanvas's own ``key_down`` events (the canvas has focus); Tab,
Shift+Tab and Escape never do (``keyboard.py`` stops them first, so the board is no trap).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any

from .core.contract import Target
from .screen import Screen

#: Arrow keys and their directions on the canvas (y grows downwards).
ARROWS = {
    "ArrowLeft": (-1.0, 0.0),
    "ArrowRight": (1.0, 0.0),
    "ArrowUp": (0.0, -1.0),
    "ArrowDown": (0.0, 1.0),
}
SELECT_KEYS = ("Enter", " ")
#: A step sideways costs this much more than a step along the arrow: a target straight ahead
#: wins over a nearer one off to the side.
SIDEWAYS = 2.0
#: The cursor box's size when the drawing leaves it to the app: the distance to the nearest
#: other target, within these bounds (pixels).
SMALLEST, LARGEST = 24.0, 96.0
#: The cursor: a thick ring of black and yellow dashes (hazard tape) between black rims.
#: No board uses these for a mark (last moves, picks and targets are solid or thin rings in
#: the Okabe-Ito hues), and it is told from them by its dashes too, not by colour alone. On
#: any square it contrasts 3:1 or more (WCAG 1.4.11): black against light squares, yellow
#: against dark ones.
CURSOR_DARK, CURSOR_LIGHT = "#000000", "#FFE14D"
CURSOR_WIDTH, CURSOR_RIM = 10, 2
CURSOR_DASH = (9, 7)


def nearest(targets: Sequence[Target], x: float, y: float) -> int:
    """The index of the target nearest to (x, y)."""
    return min(range(len(targets)), key=lambda i: math.dist((x, y), targets[i][:2]))


def step(targets: Sequence[Target], index: int, key: str) -> int:
    """The target the arrow ``key`` leads to from ``targets[index]`` (the same one when
    nothing lies that way)."""
    dx, dy = ARROWS[key]
    x0, y0 = targets[index][:2]
    best, best_cost = index, math.inf
    for i, target in enumerate(targets):
        vx, vy = target.x - x0, target.y - y0
        along = vx * dx + vy * dy
        if along <= 0.5:
            continue
        cost = along + SIDEWAYS * abs(vx * dy - vy * dx)
        if cost < best_cost:
            best, best_cost = i, cost
    return best


def box(targets: Sequence[Target], index: int) -> tuple[float, float, float, float]:
    """x, y, width, height of the cursor's box around ``targets[index]``."""
    x, y, _, width, height = targets[index]
    if not (width and height):
        gaps = [math.dist((x, y), t[:2]) for i, t in enumerate(targets) if i != index]
        side = min(max(min(gaps, default=LARGEST) * 0.9, SMALLEST), LARGEST)
        width, height = width or side, height or side
    return x - width / 2, y - height / 2, width, height


class BoardKeys:
    """One board's keyboard cursor: where it is (a point on the canvas, so that it stays near
    its place when the targets change) and what the keys do. It reads the screen's targets,
    clicks through ``click`` (the app's, which keeps the focus on the board), and has
    ``redraw`` show it and ``say`` word it."""

    def __init__(
        self,
        screen: Screen,
        click: Callable[[float, float], None],
        redraw: Callable[[], None],
        say: Callable[[str], None],
    ) -> None:
        self.screen = screen
        self.click, self.redraw, self.say = click, redraw, say
        self.at: tuple[float, float] | None = None  # None: no key pressed yet, nothing drawn
        self._steerable = False

    def steerable(self) -> bool:
        """Whether the board has a cursor (its drawing gave targets once): asked on every
        render, it words the board's targets only until they are found."""
        if not self._steerable:
            self._steerable = bool(self.screen.targets())
        return self._steerable

    def current(self) -> tuple[tuple[Target, ...], int | None]:
        """The targets and the cursor's among them (no targets asked for before the first
        key: every redraw asks, and most boards are never steered by keys)."""
        if self.at is None:
            return (), None
        targets = self.screen.targets()
        if not targets:
            return targets, None
        return targets, nearest(targets, *self.at)

    def key(self, key: str, shift: bool = False, ctrl: bool = False, meta: bool = False) -> None:
        """ipycanvas's key_down callback: an arrow moves the cursor, Enter or Space clicks."""
        if ctrl or meta or (key not in ARROWS and key not in SELECT_KEYS):
            return
        targets, index = self.current()
        if index is None:  # the first key shows the cursor on the first target
            targets, index = self.screen.targets(), 0
            if not targets:
                return
        elif key in ARROWS:
            index = step(targets, index, key)
        self.at = targets[index][:2]
        if key in SELECT_KEYS:
            self._select(targets[index])
            return
        self.screen.point(*self.at)  # what follows the pointer follows the cursor too
        self.redraw()
        self.say(targets[index].label)

    def _select(self, target: Target) -> None:
        before = self.screen.state
        self.click(target.x, target.y)
        if self.screen.state is not before:
            return  # a move: the live region says it as the log does
        if self.screen.message:
            self.say(self.screen.message)
            return
        targets, index = self.current()  # the words may now say what was picked
        if index is not None:
            self.say(targets[index].label)

    def draw(self, canvas: Any) -> None:
        """The cursor's box over the board: black rims, and yellow striped with black."""
        targets, index = self.current()
        if index is None:
            return
        x, y, width, height = box(targets, index)
        inner = CURSOR_WIDTH - 2 * CURSOR_RIM
        for colour, line_width, dash in (
            (CURSOR_DARK, CURSOR_WIDTH, []),
            (CURSOR_LIGHT, inner, []),
            (CURSOR_DARK, inner, list(CURSOR_DASH)),
        ):
            canvas.set_line_dash(dash)
            canvas.line_width = line_width
            canvas.stroke_style = colour
            canvas.stroke_rect(x, y, width, height)
        canvas.set_line_dash([])
