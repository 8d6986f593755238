"""A kit board as text: marks on a grid of characters, with the lines of a lines board drawn
in ``-``, ``|``, ``/`` and ``\\``; row numbers on the left, column letters below. Standard
library only."""

from __future__ import annotations

from typing import Any

from .boards import LETTERS

EMPTY_MARK = "."


def board_text(plan: Any, board: tuple[int, ...]) -> str:
    """The position ``board`` (a side or -1 per point) on ``plan``'s board, as text."""
    b = plan.board
    marks = plan.marks
    wide = max(len(m) for m in marks)
    step = wide + (3 if b.kind == "lines" else 1)
    top = max(y for _, y in b.xy)
    rows_per = 2 if b.kind in ("lines", "hexes") else 1
    if b.kind == "hexes":
        rows_per = 1  # hexes already have doubled rows
    height = top * rows_per + 1
    width = step * (b.columns - 1) + wide
    grid = [[" "] * width for _ in range(height)]

    def at(x: int, y: int) -> tuple[int, int]:
        return (top - y) * rows_per, x * step

    for p, (x, y) in enumerate(b.xy):
        r, c = at(x, y)
        mark = marks[board[p]] if board[p] >= 0 else EMPTY_MARK
        for k, ch in enumerate(mark.ljust(wide)):
            grid[r][c + k] = ch
    if b.kind == "lines":
        for a, q in b.lines:
            (xa, ya), (xq, yq) = b.xy[a], b.xy[q]
            if (xq, yq) < (xa, ya):
                (xa, ya), (xq, yq) = (xq, yq), (xa, ya)
            r, c = at(xa, ya)
            if ya == yq:  # across
                for k in range(c + wide + 1, c + step - 1):
                    grid[r][k] = "-"
            elif xa == xq:  # down
                grid[r - 1 if yq > ya else r + 1][c] = "|"
            else:
                row = r - 1 if yq > ya else r + 1
                col = c + step // 2
                ch = "/" if yq > ya else "\\"
                grid[row][col] = "X" if grid[row][col] in "/\\" and grid[row][col] != ch else ch
    lines = []
    for i, chars in enumerate(grid):
        label = ""
        if b.kind != "hexes" and i % rows_per == 0:
            label = str(top - i // rows_per + 1)
        lines.append(f"{label:>2} {''.join(chars).rstrip()}")
    letters = [" "] * width
    for c in range(b.columns):
        letters[c * step] = LETTERS[c]
    lines.append(f"   {''.join(letters).rstrip()}")
    return "\n".join(lines)
