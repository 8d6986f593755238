"""Battle Sheep (Blue Orange, 2014): split your stacks of sheep and claim the most pastures.

A game has up to three phases: the players lay their pasture tiles in turn (``tile c3 r1``;
skipped when the rules give a ready-made or random field), then each puts their whole stack on
an empty hex of the field's outer edge (``start c3``), then they take turns splitting a stack
and sliding the new part in a straight line as far as it goes (``c3-f3 x5``: five sheep go
from c3 to f3). A player who cannot move is skipped; the game ends when nobody can move.

Speed: everything about a field that moves depend on (its cells, neighbours, the six rays
from every cell, the outer edge, the move objects themselves) is computed once per field and
shared by every state on it (``field_info``). A state's board is a tuple with one small int per
pasture: 0 when empty, else ``size * 4 + owner``. Standard library only.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any, NamedTuple

from ...core import Game, Outcome, State, cached
from . import geometry as geo
from .fields import candidates, random_field, ready_field
from .rules import READY_FIELDS, BattleSheepRules

if TYPE_CHECKING:
    from typing_extensions import Self

from .phases import MOVE, OVER, PHASE_NAMES, PLAYER_LETTERS, START, TILES
from .textboard import board_text, parse_board


# The three kinds of move are tuples of different lengths, so no two kinds compare equal.
class Tile(NamedTuple):
    """Lay a tile: its anchor cell and rotation (0-2); see geometry.tile_cells."""

    cell: int
    rotation: int

    def __str__(self) -> str:
        return f"tile {geo.name(self.cell)} r{self.rotation}"


class Start(NamedTuple):
    """Put your whole starting stack on ``cell``."""

    cell: int

    def __str__(self) -> str:
        return f"start {geo.name(self.cell)}"


class Split(NamedTuple):
    """Split the stack on ``source``: ``count`` sheep slide to ``target``; the rest stay."""

    source: int
    target: int
    # The field shadows tuple.count() on purpose: ``move.count`` is the move's public name
    # (records, lessons, drawings and tests read it), and no code calls count() on a move.
    count: int  # type: ignore[assignment]

    def __str__(self) -> str:
        return f"{geo.name(self.source)}-{geo.name(self.target)} x{self.count}"


Move = Tile | Start | Split


class FieldInfo:
    """Everything about one field that move generation needs, in local cell numbers."""

    def __init__(self, field: int, sheep: int) -> None:
        self.field = field
        self.cells = geo.cells_of(field)
        self.local = {cell: i for i, cell in enumerate(self.cells)}
        near = geo.neighbours()
        rays = []
        for cell in self.cells:
            from_here = []
            for d in range(6):
                ray = []
                nxt = near[cell][d]
                while nxt >= 0 and field >> nxt & 1:
                    ray.append(self.local[nxt])
                    nxt = near[nxt][d]
                if ray:
                    from_here.append(tuple(ray))
            rays.append(tuple(from_here))
        #: rays[i]: the non-empty straight lines of pasture from local cell i, one per direction.
        self.rays: tuple[tuple[tuple[int, ...], ...], ...] = tuple(rays)
        self.adjacent = tuple(tuple(ray[0] for ray in r) for r in self.rays)
        edge = set(geo.outer_edge(field))
        self.outer = tuple(i for i, cell in enumerate(self.cells) if cell in edge)
        self.sheep = sheep
        self._splits: dict[tuple[int, int], tuple[Split, ...]] = {}
        self.starts = tuple(Start(cell) for cell in self.cells)

    def splits(self, i: int, j: int) -> tuple[Split, ...]:
        """The split moves from local cell i to local cell j, moving 1, 2, ... sheep."""
        key = (i, j)
        moves = self._splits.get(key)
        if moves is None:
            moves = self._splits[key] = _splits(self.cells[i], self.cells[j], self.sheep)
        return moves

    def slide_end(self, board: tuple[int, ...], ray: tuple[int, ...]) -> int:
        """Where a stack sliding along ``ray`` stops (-1: it cannot leave its cell)."""
        end = -1
        for j in ray:
            if board[j]:
                break
            end = j
        return end

    def can_move(self, board: tuple[int, ...], player: int) -> bool:
        adjacent = self.adjacent
        for i, v in enumerate(board):
            if v >= 8 and v & 3 == player:
                for j in adjacent[i]:
                    if not board[j]:
                        return True
        return False


@lru_cache(maxsize=20_000)
def _splits(source: int, target: int, sheep: int) -> tuple[Split, ...]:
    # Shared by every field: a game on a new field reuses the move objects of earlier ones.
    return tuple(Split(source, target, n) for n in range(1, sheep))


@lru_cache(maxsize=512)
def field_info(field: int, sheep: int) -> FieldInfo:
    return FieldInfo(field, sheep)


class BattleSheep(Game[BattleSheepRules, Move, "BattleSheepState"]):
    name = "battle_sheep"
    title = "Battle Sheep"
    rules_type = BattleSheepRules
    min_players, max_players, players_rule = 2, 4, "players"

    def __init__(self, rules: BattleSheepRules | None = None, **changes: Any) -> None:
        super().__init__(rules, **changes)
        r = self.rules
        self.total_tiles = r.players * r.tiles
        self.ready: int | None = None  # the field when there is no placement phase
        if r.field == "random":
            self.ready = random_field(r.seed, self.total_tiles)
        elif r.field in READY_FIELDS:
            self.ready = ready_field(r.field, self.total_tiles)

    @property
    def max_length(self) -> int:
        # Tiles, one start each, then every move makes a new stack: at most sheep - 1 each.
        r = self.rules
        tiles = self.total_tiles if self.ready is None else 0
        return tiles + r.players + r.players * (r.sheep - 1)

    def new_game(self) -> BattleSheepState:
        if self.ready is None:
            return BattleSheepState.make(self, TILES, 0, 0, ())
        info = field_info(self.ready, self.rules.sheep)
        return BattleSheepState.make(self, START, 0, self.ready, (0,) * len(info.cells))

    def player_name(self, player: int) -> str:
        return f"Player {player + 1} ({PLAYER_LETTERS[player]})"

    def parse_move(self, text: str) -> Move:
        words = text.strip().lower().split()
        if len(words) == 3 and words[0] == "tile" and words[2] in ("r0", "r1", "r2"):
            return Tile(geo.parse_cell(words[1]), int(words[2][1]))
        if len(words) == 2 and words[0] == "start":
            return Start(geo.parse_cell(words[1]))
        if len(words) == 2 and "-" in words[0] and words[1][:1] == "x":
            source, _, target = words[0].partition("-")
            count = words[1][1:]
            # A count of more digits than any stack could hold is refused before int() reads
            # it (Python refuses ints of thousands of digits with an unclear message).
            if count.isascii() and count.isdigit() and len(count) <= 4 and int(count) >= 1:
                return Split(geo.parse_cell(source), geo.parse_cell(target), int(count))
        shown = text if len(text) <= 40 else text[:40] + "..."
        raise ValueError(
            f"cannot read {shown!r} as a Battle Sheep move: write 'tile c3 r1' (a tile at c3, "
            "rotation 0-2), 'start c3', or 'c3-f3 x5' (5 sheep slide from c3 to f3)"
        )

    def from_text(
        self, text: str, *, to_move: int | None = None, phase: str | None = None
    ) -> BattleSheepState:
        """A made-up position in the text board format (see textboard.py), for tests and
        lessons; its history is empty, so it is not a record of a game."""
        return from_text(self, text, to_move=to_move, phase=phase)

    def first_mover(self, info: FieldInfo, board: tuple[int, ...], start: int) -> int | None:
        """The first player from ``start`` on, clockwise, who can move (None: nobody can)."""
        players = self.rules.players
        for k in range(players):
            player = (start + k) % players
            if info.can_move(board, player):
                return player
        return None


@dataclass(frozen=True)
class BattleSheepState(State[BattleSheep, Move]):
    """A position: the phase, whose turn, the field (a mask of table cells) and the stacks."""

    phase: int
    turn: int
    field: int
    #: One entry per pasture of ``field`` in cell order: 0 when empty, else size * 4 + owner.
    board: tuple[int, ...]

    # -- the contract ---------------------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        return None if self.phase == OVER else self.turn

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    @cached
    def info(self) -> FieldInfo:
        """What move generation needs about this state's field (shared by all its states)."""
        return field_info(self.field, self.game.rules.sheep)

    def _legal_moves(self) -> tuple[Move, ...]:
        phase = self.phase
        if phase == MOVE:
            return self._splits()
        if phase == START:
            info = self.info
            board = self.board
            free = [i for i in info.outer if not board[i]]
            if not free:  # an edge full of stacks (only on tiny fields): any empty pasture
                free = [i for i, v in enumerate(board) if not v]
            return tuple(info.starts[i] for i in free)
        return tuple(Tile(t[0], t[1]) for t in candidates(self.field))

    def _splits(self) -> tuple[Split, ...]:
        info = self.info
        board = self.board
        me = self.turn
        rays = info.rays
        moves: list[Split] = []
        for i, v in enumerate(board):
            if v >= 8 and v & 3 == me:
                last = (v >> 2) - 1
                for ray in rays[i]:
                    end = -1
                    for j in ray:
                        if board[j]:
                            break
                        end = j
                    if end >= 0:
                        moves.extend(info.splits(i, end)[:last])
        return tuple(moves)

    def _apply(self, move: Move) -> Self:
        game = self.game
        me = self.turn
        players = game.rules.players
        # The phase and the move's kind agree (a split in the move phase...): only legal moves
        # come here. Dispatching on the kind tells the type checker which fields there are.
        if type(move) is Split:
            info = self.info
            source, target, count = move
            board = list(self.board)
            board[info.local[source]] -= count << 2
            board[info.local[target]] = count << 2 | me
            after = tuple(board)
            nxt = game.first_mover(info, after, me + 1)
            if nxt is None:
                return self.make(game, OVER, me, self.field, after)
            return self.make(game, MOVE, nxt, self.field, after)
        if type(move) is Start:
            info = self.info
            board = list(self.board)
            board[info.local[move.cell]] = game.rules.sheep << 2 | me
            after = tuple(board)
            if me + 1 < players:
                return self.make(game, START, me + 1, self.field, after)
            first = game.first_mover(info, after, 0)
            phase = OVER if first is None else MOVE
            return self.make(game, phase, first or 0, self.field, after)
        if type(move) is not Tile:
            raise TypeError(f"not a Battle Sheep move: {move!r}")  # only legal moves come here
        cells = geo.tile_cells(move.cell, move.rotation)
        assert cells is not None
        field = self.field | sum(1 << c for c in cells)
        placed = self.placed_tiles + 1
        if placed < game.total_tiles:
            return self.make(game, TILES, placed % players, field, ())
        empty = (0,) * len(geo.cells_of(field))
        return self.make(game, START, 0, field, empty)

    @property
    def placed_tiles(self) -> int:
        return self.field.bit_count() // 4

    # -- scores ---------------------------------------------------------------------------
    def stacks(self) -> list[tuple[int, int, int]]:
        """Every stack as (cell, owner, size), in cell order."""
        cells = self.info.cells if self.board else ()
        return [(cells[i], v & 3, v >> 2) for i, v in enumerate(self.board) if v]

    def scores(self) -> tuple[int, ...]:
        """Pastures each player occupies (one stack per pasture)."""
        counts = [0] * self.game.rules.players
        for v in self.board:
            if v:
                counts[v & 3] += 1
        return tuple(counts)

    def groups(self) -> list[tuple[int, int, int]]:
        """Every connected group of one player's pastures (stacks touching along a side), as
        (owner, pastures, sheep)."""
        board = self.board
        if not board:
            return []
        adjacent = self.info.adjacent
        seen: set[int] = set()
        out = []
        for i, v in enumerate(board):
            if not v or i in seen:
                continue
            owner = v & 3
            group, todo = [i], [i]
            seen.add(i)
            while todo:
                k = todo.pop()
                for j in adjacent[k]:
                    w = board[j]
                    if w and w & 3 == owner and j not in seen:
                        seen.add(j)
                        group.append(j)
                        todo.append(j)
            out.append((owner, len(group), sum(board[k] >> 2 for k in group)))
        return out

    def largest_groups(self) -> tuple[tuple[int, int], ...]:
        """For each player: (pastures, sheep) of their largest connected group of pastures
        (the group with the most pastures; among equal ones, the most sheep)."""
        best = [(0, 0)] * self.game.rules.players
        for owner, pastures, sheep in self.groups():
            best[owner] = max(best[owner], (pastures, sheep))
        return tuple(best)

    def most_sheep_on_a_group(self) -> tuple[int, ...]:
        """For each player: the most sheep on one connected group of their pastures (the
        ``group_sheep`` tie-break; that group need not be the one with the most pastures)."""
        best = [0] * self.game.rules.players
        for owner, _, sheep in self.groups():
            best[owner] = max(best[owner], sheep)
        return tuple(best)

    def tie_break_values(self) -> tuple[int, ...]:
        """What breaks a tie on pastures under these rules (0s with 'shared'): the pastures of
        each player's largest group ('group'), or the most sheep on one of their groups
        ('group_sheep')."""
        rule = self.game.rules.tie_break
        if rule == "shared":
            return (0,) * self.game.rules.players
        if rule == "group_sheep":
            return self.most_sheep_on_a_group()
        return tuple(pastures for pastures, _ in self.largest_groups())

    def _outcome(self) -> Outcome | None:
        if self.phase != OVER:
            return None
        game = self.game
        scores = self.scores()
        best = max(scores)
        tied = [p for p, s in enumerate(scores) if s == best]
        name = game.player_name
        cause = "Nobody can move"
        if len(tied) == 1:
            reason = f"{cause}: {name(tied[0])} wins with {best} pastures."
            return Outcome((tied[0],), reason, scores)
        values = self.tie_break_values()
        top = max(values[p] for p in tied)
        winners = tuple(p for p in tied if values[p] == top)
        both = _and([name(p) for p in tied])
        what = "pastures" if game.rules.tie_break == "group" else "sheep"
        equal = "largest groups" if what == "pastures" else "most sheep on one connected group"
        if game.rules.tie_break == "shared":
            reason = f"{cause}: {both} share the win with {best} pastures each."
        elif len(winners) == 1:
            groups = ", ".join(f"{values[p]}" for p in tied)
            group = (
                "largest connected group"
                if game.rules.tie_break == "group"
                else "most sheep on one connected group"
            )
            reason = (
                f"{cause}: {both} tie with {best} pastures; {name(winners[0])} wins with the "
                f"{group} ({what}: {groups})."
            )
        else:
            reason = (
                f"{cause}: {both} tie with {best} pastures and equal {equal} "
                f"({top} {what}): {_and([name(p) for p in winners])} share the win."
            )
        return Outcome(winners, reason, scores)

    # -- messages -------------------------------------------------------------------------
    def why_illegal(self, move: Move) -> str:
        name = self.game.player_name(self.turn)
        phase = self.phase
        if phase == OVER:
            return f"The game is over ({self.outcome()}); {move} cannot be played."
        doing = {
            TILES: "lay a tile ('tile c3 r1')",
            START: "put your starting stack on the outer edge ('start c3')",
            MOVE: "split a stack ('c3-f3 x5')",
        }[phase]
        wrong = f"{move} is not legal: {name} must {doing} now"
        if phase == TILES and isinstance(move, Tile):
            fits = 0 <= move.rotation < 3 and 0 <= move.cell < geo.CELLS
            cells = geo.tile_cells(move.cell, move.rotation) if fits else None
            if cells is None:
                return f"{move} does not fit on the table."
            mask = sum(1 << c for c in cells)
            if mask & self.field:
                return f"{move} would cover pasture that is already laid."
            return f"{move} must share at least one full edge with the field."
        if phase == START and isinstance(move, Start):
            if move.cell not in self.info.local:
                return f"{geo.name(move.cell)} is not a pasture."
            if self.board[self.info.local[move.cell]]:
                return f"{geo.name(move.cell)} is already taken."
            return f"{geo.name(move.cell)} is not on the outer edge of the field."
        if phase == MOVE and isinstance(move, Split):
            return self._why_split(move, name)
        return wrong + "."

    def _why_split(self, move: Split, name: str) -> str:
        info = self.info
        i = info.local.get(move.source)
        where = geo.name(move.source)
        if i is None or not self.board[i]:
            return f"There is no stack on {where}."
        v = self.board[i]
        if v & 3 != self.turn:
            return f"The stack on {where} belongs to {self.game.player_name(v & 3)}, not {name}."
        size = v >> 2
        if size < 2:
            return f"The stack on {where} has one sheep: it cannot be split."
        if not 1 <= move.count < size:
            return f"The stack on {where} has {size} sheep: move 1 to {size - 1} of them."
        stops = [info.slide_end(self.board, ray) for ray in info.rays[i]]
        ends = [geo.name(info.cells[j]) for j in stops if j >= 0]
        if not ends:
            return f"The stack on {where} is blocked on all sides."
        return (
            f"A stack slides in a straight line as far as it can: from {where} it stops on "
            f"{_or(ends)}, not on {geo.name(move.target)}."
        )

    def __str__(self) -> str:
        game = self.game
        name = game.player_name
        if self.phase == OVER:
            status = f"Game over. {self.outcome()}"
        elif self.phase == TILES:
            left = game.total_tiles - self.placed_tiles
            status = f"{name(self.turn)} lays a tile ({left} tiles to lay)."
        elif self.phase == START:
            status = f"{name(self.turn)} puts their starting stack on the outer edge."
        else:
            status = f"{name(self.turn)} splits a stack."
        scores = ", ".join(f"{PLAYER_LETTERS[p]} {s}" for p, s in enumerate(self.scores()))
        return f"# {status}\n# Pastures: {scores}\n{board_text(self, header=True)}"


def _and(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _or(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


def from_text(
    game: BattleSheep, text: str, *, to_move: int | None = None, phase: str | None = None
) -> BattleSheepState:
    """The position ``text`` describes (see the module docstring).

    The phase, unless given ('tiles', 'start', 'move' or 'over', here or on the ``@`` line),
    follows from the text: with stacks it is the move phase (``to_move``, default Player 1,
    moves, or the next player clockwise who can); without, the tile phase if the field is
    smaller than all the tiles, else the start phase. In the start phase the next player
    without a stack places.
    """
    rules = game.rules
    field, stacks, written_phase, written_player = parse_board(text, rules.players, rules.sheep)
    if to_move is not None and (
        isinstance(to_move, bool)
        or not isinstance(to_move, int)
        or not 0 <= to_move < rules.players
    ):
        raise ValueError(f"to_move must be a seat from 0 to {rules.players - 1}, not {to_move!r}")
    if phase is not None and written_phase is not None and phase != written_phase:
        raise ValueError(f"phase={phase!r} but the text says {written_phase!r}")
    if to_move is not None and written_player is not None and to_move != written_player:
        raise ValueError(f"to_move={to_move} but the text says seat {written_player}")
    phase = phase if phase is not None else written_phase
    to_move = to_move if to_move is not None else written_player
    size = field.bit_count()
    full = 4 * game.total_tiles
    if phase is None:
        phase = "move" if stacks else "tiles" if size < full else "start"
    if phase not in PHASE_NAMES:
        raise ValueError(f"phase must be one of {', '.join(PHASE_NAMES)}, not {phase!r}")
    code = PHASE_NAMES.index(phase)
    if code == TILES:
        if stacks or size % 4 or size >= full:
            raise ValueError(
                f"a tile-phase field has no stacks and fewer than {full} pastures, in tiles of 4"
            )
        turn = (size // 4) % rules.players if to_move is None else to_move
        return BattleSheepState.make(game, TILES, turn, field, ())
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
        if size < rules.players:
            raise ValueError(
                f"a start-phase field needs a pasture for each of the {rules.players} players' "
                f"flocks; this one has {size}"
            )
        if to_move is not None and to_move != len(owners):
            raise ValueError(
                f"in the start phase the next to place is seat {len(owners)}, not {to_move}"
            )
        return BattleSheepState.make(game, START, len(owners), field, after)
    first = game.first_mover(info, after, to_move or 0)
    if code == OVER:
        if first is not None:
            raise ValueError("phase 'over': a player can still move in this position")
        return BattleSheepState.make(game, OVER, to_move or 0, field, after)
    if first is None:
        return BattleSheepState.make(game, OVER, to_move or 0, field, after)
    return BattleSheepState.make(game, MOVE, first, field, after)
