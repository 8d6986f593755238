"""The text board format of Battle Sheep: a position in a few lines that people can read.

    # lines starting with '#' are comments
    @c3
    .   .   A15 -
      B16 .   A1  .

* An optional ``@cell`` line says which table cell the first token of the first row is
  (default ``@a1``); the text then describes a rectangle of the table from there.
* Every other line is one row of the table, top to bottom; its tokens, separated by spaces,
  are the cells from left to right: ``.`` an empty pasture, ``-`` no pasture (outside the
  field or a hole), ``A16`` a stack of 16 sheep of player A (``A``-``D`` are Players 1-4).
  A row may stop early: the cells after its last token have no pasture.
* The table is laid out in offset rows: even-numbered table rows (2, 4, ...) sit half a hex
  to the right of the rows above and below. The printer indents those rows by two spaces;
  the reader ignores indentation, so a row is placed by its table row number alone.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import geometry as geo

if TYPE_CHECKING:
    from .engine import BattleSheep, BattleSheepState

EMPTY, NONE = ".", "-"


def board_text(state: BattleSheepState) -> str:
    """The field and stacks of ``state``, cropped to the field, in the text board format."""
    field = state.field
    if not field:
        return "@a1\n-"
    from .engine import PLAYER_LETTERS

    cells = geo.cells_of(field)
    rows = [c // geo.WIDTH for c in cells]
    cols = [c % geo.WIDTH for c in cells]
    top, bottom, left, right = min(rows), max(rows), min(cols), max(cols)
    stacks = {cell: (owner, size) for cell, owner, size in state.stacks()}
    lines = [f"@{geo.name(top * geo.WIDTH + left)}"]
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
    return "\n".join(lines)


def parse_board(text: str, players: int, sheep: int) -> tuple[int, dict[int, tuple[int, int]]]:
    """The field mask and the stacks {cell: (owner, size)} written in ``text``."""
    from .engine import PLAYER_LETTERS

    letters = PLAYER_LETTERS[:players]
    lines = [line.strip() for line in text.splitlines()]
    lines = [line for line in lines if line and not line.startswith("#")]
    origin = 0
    if lines and lines[0].startswith("@"):
        origin = geo.parse_cell(lines[0][1:])
        lines = lines[1:]
    top, left = divmod(origin, geo.WIDTH)
    field = 0
    stacks: dict[int, tuple[int, int]] = {}
    for r, line in enumerate(lines):
        row = top + r
        for c, token in enumerate(line.split()):
            col = left + c
            where = f"row {r + 1}, token {c + 1} ({token!r})"
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
            size = int(count)
            if not 1 <= size <= sheep:
                raise ValueError(f"{where}: a stack holds 1 to {sheep} sheep under these rules")
            stacks[cell] = (letters.index(letter), size)
    return field, stacks


def position_from_text(
    game: BattleSheep, text: str, *, to_move: int | None = None, phase: str | None = None
) -> BattleSheepState:
    """The position ``text`` describes (see the module docstring).

    The phase, unless given ('tiles', 'start' or 'move'), follows from the text: with stacks
    it is the move phase (``to_move``, default Player 1, moves, or the next player clockwise
    who can); without, the tile phase if the field is smaller than all the tiles, else the
    start phase. In the start phase the next player without a stack places.
    """
    from .engine import MOVE, OVER, PHASE_NAMES, START, TILES, BattleSheepState, field_info

    rules = game.rules
    field, stacks = parse_board(text, rules.players, rules.sheep)
    size = field.bit_count()
    full = 4 * game.total_tiles
    if phase is None:
        phase = "move" if stacks else "tiles" if size < full else "start"
    if phase not in PHASE_NAMES:
        raise ValueError(f"phase must be one of {', '.join(PHASE_NAMES)}, not {phase!r}")
    code = PHASE_NAMES[phase]
    if to_move is not None and not 0 <= to_move < rules.players:
        raise ValueError(f"to_move must be a seat from 0 to {rules.players - 1}")
    if code == TILES:
        if stacks or size % 4 or size >= full:
            raise ValueError(
                f"a tile-phase field has no stacks and fewer than {full} pastures, in tiles of 4"
            )
        turn = (size // 4) % rules.players if to_move is None else to_move
        return BattleSheepState._make(game, (), TILES, turn, field, ())
    if not field:
        raise ValueError("the text has no pasture")
    info = field_info(field, rules.sheep)
    board = [0] * len(info.cells)
    for cell, (owner, count) in stacks.items():
        board[info.local[cell]] = count << 2 | owner
    after = tuple(board)
    if code == START:
        owners = sorted({owner for owner, _ in stacks.values()})
        if owners != list(range(len(owners))) or len(owners) >= rules.players:
            raise ValueError("in the start phase, Players 1, 2, ... place in order: one missing")
        return BattleSheepState._make(game, (), START, len(owners), field, after)
    first = game.first_mover(info, after, to_move or 0)
    if first is None:
        return BattleSheepState._make(game, (), OVER, to_move or 0, field, after)
    return BattleSheepState._make(game, (), MOVE, first, field, after)
