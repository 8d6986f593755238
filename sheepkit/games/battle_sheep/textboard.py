"""The text board format of Battle Sheep: a position in a few lines that people can read.

    # lines starting with '#' are comments
    @c3
    .   .   A15 -
      B16 .   A1  .

* An optional ``@cell`` line says which table cell the first token of the first row is
  (default ``@a1``); the text then describes a rectangle of the table from there. The line
  may go on with the phase and the player to move, ``@c3 move B`` (phases ``tiles``,
  ``start``, ``move``, ``over``): ``str(state)`` writes them, so that its text reads back as
  the same position.
* Every other line is one row of the table, top to bottom; its tokens, separated by spaces,
  are the cells from left to right: ``.`` an empty pasture, ``-`` no pasture (outside the
  field or a hole), ``A16`` a stack of 16 sheep of player A (``A``-``D`` are Players 1-4).
  A row may stop early: the cells after its last token have no pasture.
* The table is laid out in offset rows: even-numbered table rows (2, 4, ...) sit half a hex
  to the right of the rows above and below. The printer indents those rows by two spaces;
  the reader ignores indentation, so a row is placed by its table row number alone.

A diagram is a made-up position for tests and lessons, so its field may be a fragment: a few
hexes, in several pieces, not made of whole tiles (a real field is one piece of 4-hex tiles,
but the rules of a move never look at tiles, and a lesson shows a corner of a field). What
no position under the rules can have is refused: a stack bigger than the rules' ``sheep``, a
player with more sheep in all than that, a start phase with fewer pastures than players (one
of them would have nowhere to place). A start-phase diagram may show more than whole flocks
(a test fills a field's outer edge with stacks of one to reach the rule for a full edge).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import geometry as geo
from .phases import PHASE_NAMES, PLAYER_LETTERS

if TYPE_CHECKING:
    from .engine import BattleSheepState

EMPTY, NONE = ".", "-"


def board_text(state: BattleSheepState, *, header: bool = False) -> str:
    """The field and stacks of ``state``, cropped to the field, in the text board format.

    With ``header`` the ``@`` line also names the phase and the player to move (as
    ``str(state)`` prints it), so that :func:`from_text` reads back the same state.
    """

    field = state.field
    where = "@a1"
    lines = []
    if field:
        cells = geo.cells_of(field)
        rows = [c // geo.WIDTH for c in cells]
        cols = [c % geo.WIDTH for c in cells]
        top, bottom, left, right = min(rows), max(rows), min(cols), max(cols)
        where = f"@{geo.name(top * geo.WIDTH + left)}"
        stacks = {cell: (owner, size) for cell, owner, size in state.stacks()}
        for row in range(top, bottom + 1):
            tokens = []
            for col in range(left, right + 1):
                cell = row * geo.WIDTH + col
                if cell in stacks:
                    owner, size = stacks[cell]
                    token = f"{PLAYER_LETTERS[owner]}{size}"
                else:
                    token = EMPTY if field >> cell & 1 else NONE
                tokens.append(token.ljust(3))
            indent = "  " if row % 2 else ""
            lines.append((indent + " ".join(tokens)).rstrip())
    else:
        lines.append(NONE)
    if header:
        where += f" {PHASE_NAMES[state.phase]} {PLAYER_LETTERS[state.turn]}"
    return "\n".join([where, *lines])


#: Python refuses to read ints of thousands of digits; no stack needs more than a few.
_MAX_DIGITS = 4


def _header(line: str, players: int) -> tuple[int, str | None, int | None]:
    """The origin cell, phase and player of an ``@c3 move B`` line."""

    words = line[1:].split()
    if not words or len(words) > 3:
        raise ValueError(
            f"the line {line!r} must be '@' and a cell, optionally with the phase and the "
            "player to move, e.g. '@c3' or '@c3 move B'"
        )
    origin = geo.parse_cell(words[0])
    phase = words[1].lower() if len(words) > 1 else None
    if phase is not None and phase not in PHASE_NAMES:
        raise ValueError(
            f"the line {line!r}: the phase is one of {', '.join(PHASE_NAMES)}, not {phase!r}"
        )
    player = None
    if len(words) == 3:
        letter = words[2].upper()
        if len(letter) != 1 or letter not in PLAYER_LETTERS[:players]:
            raise ValueError(
                f"the line {line!r}: the player to move is one of "
                f"{', '.join(PLAYER_LETTERS[:players])}, not {words[2]!r}"
            )
        player = PLAYER_LETTERS.index(letter)
    return origin, phase, player


def parse_board(
    text: str, players: int, sheep: int
) -> tuple[int, dict[int, tuple[int, int]], str | None, int | None]:
    """The field mask, the stacks {cell: (owner, size)} written in ``text``, and the phase and
    player of its ``@`` line (None when not written)."""

    if not isinstance(text, str):
        raise ValueError(f"a text board is a string, not {type(text).__name__}")
    letters = PLAYER_LETTERS[:players]
    lines = [line.strip() for line in text.splitlines()]
    lines = [line for line in lines if line and not line.startswith("#")]
    origin, phase, player = 0, None, None
    if lines and lines[0].startswith("@"):
        origin, phase, player = _header(lines[0], players)
        lines = lines[1:]
    top, left = divmod(origin, geo.WIDTH)
    field = 0
    stacks: dict[int, tuple[int, int]] = {}
    for r, line in enumerate(lines):
        row = top + r
        for c, token in enumerate(line.split()):
            col = left + c
            shown = token if len(token) <= 8 else token[:8] + "..."
            where = f"row {r + 1}, token {c + 1} ({shown!r})"
            if token == NONE:
                continue
            if row >= geo.HEIGHT or col >= geo.WIDTH:
                raise ValueError(f"{where} is off the {geo.WIDTH}x{geo.HEIGHT} table")
            cell = row * geo.WIDTH + col
            field |= 1 << cell
            if token == EMPTY:
                continue
            letter, count = token[0].upper(), token[1:]
            if letter not in letters or not (count.isascii() and count.isdigit()):
                raise ValueError(
                    f"{where}: write '.', '-' or a stack such as A16 (players {', '.join(letters)})"
                )
            digits = count.lstrip("0") or "0"  # (int() counts leading zeros to its limit)
            size = int(digits) if len(digits) <= _MAX_DIGITS else sheep + 1
            if not 1 <= size <= sheep:
                raise ValueError(f"{where}: a stack holds 1 to {sheep} sheep under these rules")
            stacks[cell] = (letters.index(letter), size)
    for owner in range(players):
        total = sum(size for who, size in stacks.values() if who == owner)
        if total > sheep:
            raise ValueError(
                f"{letters[owner]} has {total} sheep on the board; each player has {sheep} "
                "under these rules"
            )
    return field, stacks, phase, player
