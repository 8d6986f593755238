"""The kit's engine: a declaration (board, sides, goals) becomes a sheepkit Game.

``Game(title, board=..., sides=[...], goals=[...])`` makes a new Game class with a Rules
dataclass of its own (board size, pieces per side, who starts, each goal's number), so the
app, the bots, ``check_game``, records and the Rule Lab take it like any other game. For each
rules a :class:`Plan` turns the declaration into tables of points (where each piece may step,
slide or jump from each point), read by one State class for every kit game. Every mistake a
declaration can hold is a :class:`DesignError` that names the kit choice at fault.
Standard library only.
"""

from __future__ import annotations

import random
import re
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass, make_dataclass
from types import SimpleNamespace
from typing import Any, ClassVar

from ..core import Game as CoreGame
from ..core import InvalidRules, Outcome, Rules, State, cached, rule
from .boards import Board, DesignError, Vector
from .moves import FORWARD_DIAGONALS, HEADINGS, NOT_BACKWARD, turned
from .sides import Goal, Rows, Side, side_id
from .text import board_text

EMPTY = -1
#: Goals that make a side win as soon as the position shows it.
WINNING = ("reach", "capture", "in_a_row", "get_past", "stall")
#: How many random games the kit's check plays, at most, looking for a goal not yet reached.
TEST_GAMES = 300
AHEAD = {"forward", *FORWARD_DIAGONALS}


class KitMove:
    """A move of a kit game: its notation (``c3-c4``, ``d4xd6xf6``, ``b2``), the points it
    passes (``path``), the points whose pieces it takes (``taken``) and whether it puts a new
    piece on the board (``placed``). Moves are equal when their notation is."""

    __slots__ = ("path", "placed", "taken", "text")

    def __init__(
        self,
        text: str,
        path: tuple[int, ...] = (),
        taken: tuple[int, ...] = (),
        placed: bool = False,
    ) -> None:
        self.text = text
        self.path = path
        self.taken = taken
        self.placed = placed

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, KitMove):
            return NotImplemented
        return self.text == other.text

    def __hash__(self) -> int:
        return hash(self.text)

    def __str__(self) -> str:
        return self.text

    def __repr__(self) -> str:
        return f"KitMove({self.text!r})"


@dataclass(frozen=True)
class Declaration:
    """A game as declared: what ``kit.Game`` was given."""

    title: str
    board: Board
    sides: tuple[Side, ...]
    goals: tuple[Goal, ...]


def _rule_names(declaration: Declaration) -> dict[str, tuple[str, Any]]:
    """Each rule the declaration offers: name -> (what it sets, its default)."""
    found: dict[str, tuple[str, Any]] = {}
    if declaration.board.resizable:
        found["columns"] = ("columns", declaration.board.columns)
        found["rows"] = ("rows", declaration.board.rows)
    for side in declaration.sides:
        if isinstance(side.pieces, Rows):
            found[f"{side.id}_rows"] = (f"rows:{side.name}", side.pieces.count)
        elif len(side.pieces) > 1:
            found[f"{side.id}_pieces"] = (f"pieces:{side.name}", len(side.pieces))
    if len(declaration.sides) > 1:
        found["first"] = ("first", declaration.sides[0].id)
    for i, goal in enumerate(declaration.goals):
        if goal.n is None:
            continue
        base = {"capture": "captures", "stall": "stall_limit"}.get(goal.kind, goal.kind)
        name = f"{goal.side.lower()}_{base}" if goal.kind == "capture" and goal.side else base
        name = side_id(name)
        if name in found:
            name = f"{name}_{i + 1}"
        found[name] = (f"goal:{i}", goal.n)
    return found


def _make_rules(declaration: Declaration, class_name: str, plans: dict[Rules, Plan]) -> type[Rules]:
    """The Rules dataclass of a declaration: one rule per number the Rule Lab may change."""
    sides = {s.name: s for s in declaration.sides}
    board = declaration.board
    fields: list[tuple[str, type, Any]] = []
    for name, (sets, default) in _rule_names(declaration).items():
        if sets == "columns":
            made = rule(default, "How many columns the board has.", min=2, max=26, label="Columns")
        elif sets == "rows":
            made = rule(default, "How many rows the board has.", min=2, max=26, label="Rows")
        elif sets.startswith("rows:"):
            side = sides[sets[5:]]
            made = rule(
                default,
                f"How many rows of {side.name} pieces start on the board.",
                min=1,
                max=board.rows,
                label=f"{side.name} rows",
            )
        elif sets.startswith("pieces:"):
            side = sides[sets[7:]]
            least = 0 if any(not m.moves_pieces for m in side.moves) else 1
            made = rule(
                default,
                f"How many {side.name} pieces start on the board (the first of the listed points).",
                min=least,
                max=default,
                label=f"{side.name} pieces",
            )
        elif sets == "first":
            ids = tuple(s.id for s in declaration.sides)
            made = rule(
                default,
                "Which side moves first.",
                choices=ids,
                choice_labels={s.id: s.name for s in declaration.sides},
                label="Who starts",
                setup=True,
            )
        else:
            goal = declaration.goals[int(sets[5:])]
            made = rule(default, _goal_doc(goal), min=1, max=1000, label=_goal_label(goal))
        fields.append((name, type(default), made))

    def check(self: Rules) -> None:
        if self in plans:
            return
        try:
            plans[self] = Plan(declaration, self)
        except DesignError as e:
            raise InvalidRules(str(e)) from None

    return make_dataclass(
        f"{class_name}Rules", fields, bases=(Rules,), frozen=True, namespace={"check": check}
    )


def _goal_doc(goal: Goal) -> str:
    who = goal.side or "A side"
    return {
        "capture": f"{who} wins after taking this many pieces.",
        "in_a_row": f"{who} wins with this many pieces in a row.",
        "stall": (
            f"{who} wins when the other side makes this many moves in a row without going forward."
        ),
        "move_limit": "After this many moves the game is a draw.",
    }[goal.kind]


def _goal_label(goal: Goal) -> str:
    return {
        "capture": f"{goal.side or 'Pieces'} to take",
        "in_a_row": "In a row",
        "stall": "Stall limit",
        "move_limit": "Move limit",
    }[goal.kind]


# -- the plan: a declaration made concrete for some rules ------------------------------------
STEP, SLIDE, JUMP, PLACE, DROP = range(5)


class Plan:
    """Everything a state reads, computed once per game and rules: the board, the start, each
    side's move tables and forward measure, the goals with their numbers, the longest game."""

    def __init__(self, declaration: Declaration, rules: Any) -> None:
        self.declaration = d = declaration
        values = {f: getattr(rules, f) for f in _rule_names(d)}
        sets = {sets: name for name, (sets, _) in _rule_names(d).items()}
        board = d.board
        if "columns" in values:
            board = board.resized(values["columns"], values["rows"])
        self.board = board
        self.names = board.names
        self.sides = d.sides
        self.count = len(d.sides)
        if not 2 <= self.count <= 6:
            raise DesignError(f"{d.title}: a game needs 2 to 6 sides, not {self.count}")
        ids = [s.id for s in d.sides]
        if len(set(ids)) != len(ids):
            raise DesignError(f"{d.title}: two sides have the same name; give each its own")
        defaults = ("up", "down", "right", "left", "up", "down")
        self.forward: tuple[Vector, ...] = tuple(
            HEADINGS[s.forward or defaults[i]] for i, s in enumerate(d.sides)
        )
        #: How far forward each point is, for each side (the forward measure).
        self.ahead = tuple(tuple(x * fx + y * fy for x, y in board.xy) for fx, fy in self.forward)
        #: Which row each point is in, counted forward for each side (the rows of
        #: ``kit.rows`` and the far row of ``kit.reach``): the forward measure, but on hexes
        #: facing up or down the hex rows (their lattice rows are doubled and staggered).
        self.levels = tuple(
            tuple(
                (y - x % 2) // 2 * fy if board.kind == "hexes" and fy else x * fx + y * fy
                for x, y in board.xy
            )
            for fx, fy in self.forward
        )
        self.marks = _marks(d.sides)
        self.first = ids.index(values["first"]) if "first" in values else 0
        # Where the pieces start.
        start = [EMPTY] * len(board)
        for i, side in enumerate(d.sides):
            if not side.moves:
                raise DesignError(
                    f"the {side.name} have no moves: give them some, like moves=[kit.step(kit.ALL)]"
                )
            points = self._start(i, side, values, sets)
            if not points and all(m.moves_pieces for m in side.moves):
                raise DesignError(
                    f"the {side.name} have no pieces and no move that puts one on the board: "
                    "give them pieces=[...] or a kit.place() move"
                )
            for p in points:
                if start[p] == i:
                    raise DesignError(f"the {side.name} start on {self.names[p]} twice")
                if start[p] != EMPTY:
                    other = d.sides[start[p]].name
                    raise DesignError(
                        f"the {other} and the {side.name} both start on {self.names[p]}; "
                        "a point holds one piece"
                    )
                start[p] = i
        self.start = tuple(start)
        self.tables = tuple(self._tables(i) for i in range(self.count))
        self.columns = tuple(
            tuple(
                sorted(
                    (p for p, (x, _) in enumerate(board.xy) if x == c), key=lambda p: board.xy[p][1]
                )
            )
            for c in range(board.columns)
        )
        self._check_moves()
        self.goals = tuple(self._goal(i, g, values, sets) for i, g in enumerate(d.goals))
        if not any(g[0] in (*WINNING, "block", "most_pieces") for g in self.goals):
            raise DesignError(
                f"{d.title} has no goal, so nobody can ever win: add one, like kit.in_a_row(3) "
                "or kit.capture()"
            )
        self.limit = next((g[2] for g in self.goals if g[0] == "move_limit"), None)
        self.stalled = next((g[3] for g in self.goals if g[0] == "stall"), None)
        self.most = any(g[0] == "most_pieces" for g in self.goals)
        self.windows = self._windows()
        self.max_length = self._longest()
        #: The lines of the text board (``str(state)`` adds the status lines below them).
        self.board_rows = tuple(board_text(self, self.start).splitlines())

    # -- the start -------------------------------------------------------------------------
    def _start(self, i: int, side: Side, values: dict[str, Any], sets: dict[str, str]) -> list[int]:
        board = self.board
        if isinstance(side.pieces, Rows):
            n = values.get(sets.get(f"rows:{side.name}", ""), side.pieces.count)
            levels = sorted(set(self.levels[i]))
            if n > len(levels):
                raise DesignError(
                    f"the {side.name} start on {n} rows (kit.rows({n})), but the board has only "
                    f"{len(levels)} rows that way"
                )
            return [p for p, a in enumerate(self.levels[i]) if a in levels[:n]]
        n = values.get(sets.get(f"pieces:{side.name}", ""), len(side.pieces))
        points = []
        for name in side.pieces[:n]:
            try:
                points.append(board.point(name))
            except DesignError as e:
                raise DesignError(f"the {side.name} start on {name!r}: {e}") from None
        return points

    # -- move tables -----------------------------------------------------------------------
    def _tables(self, i: int) -> tuple[tuple[Any, ...], ...]:
        board, names = self.board, self.names
        compiled: list[tuple[Any, ...]] = []
        for move in self.sides[i].moves:
            vectors = tuple(dict.fromkeys(turned(self.forward[i], d) for d in move.directions))
            if move.kind == "step":
                table = tuple(
                    tuple(
                        (
                            t,
                            KitMove(f"{names[p]}-{names[t]}", (p, t)),
                            KitMove(f"{names[p]}x{names[t]}", (p, t), (t,)),
                        )
                        for v in vectors
                        if (t := board.joined[p].get(v)) is not None
                    )
                    for p in range(len(board))
                )
                compiled.append((STEP, table, move.capture, move))
            elif move.kind == "slide":
                rays = []
                for p in range(len(board)):
                    mine = []
                    for v in vectors:
                        ray, q = [], board.joined[p].get(v)
                        while q is not None:
                            ray.append(q)
                            q = board.joined[q].get(v)
                        if ray:
                            mine.append(tuple(ray))
                    rays.append(tuple(mine))
                compiled.append((SLIDE, tuple(rays), move.capture, move))
            elif move.kind == "jump":
                pairs = []
                for p in range(len(board)):
                    over: list[tuple[int, int]] = []
                    for v in vectors:
                        mid = board.joined[p].get(v)
                        land = None if mid is None else board.joined[mid].get(v)
                        if mid is not None and land is not None:
                            over.append((mid, land))
                    pairs.append(tuple(over))
                compiled.append((JUMP, tuple(pairs), move.capture, move, move.chain))
            else:
                compiled.append((PLACE if move.kind == "place" else DROP, None, False, move))
        return tuple(compiled)

    def _landings(self, entry: tuple[Any, ...], p: int) -> list[int]:
        kind, table = entry[0], entry[1]
        if kind == STEP:
            return [t for t, _, _ in table[p]]
        if kind == SLIDE:
            return [q for ray in table[p] for q in ray]
        if kind == JUMP:
            return [land for _, land in table[p]]
        return list(range(len(self.board)))

    def reachable(self, i: int) -> set[int]:
        """Every point a piece of side ``i`` could ever stand on, other pieces aside."""
        seen = {p for p, o in enumerate(self.start) if o == i}
        if any(e[0] in (PLACE, DROP) for e in self.tables[i]):
            return set(range(len(self.board)))
        todo = list(seen)
        while todo:
            p = todo.pop()
            for entry in self.tables[i]:
                for q in self._landings(entry, p):
                    if q not in seen:
                        seen.add(q)
                        todo.append(q)
        return seen

    def _check_moves(self) -> None:
        """A move rule that would take a piece off the board wherever it stands."""
        for i, side in enumerate(self.sides):
            places = self.reachable(i)
            for entry in self.tables[i]:
                if entry[0] in (PLACE, DROP):
                    continue
                if not any(self._landings(entry, p) for p in places):
                    raise DesignError(
                        f"the {side.name}'s move {entry[3]} would take a piece off the board "
                        f"from every point it can stand on: {self.board.called} has no line "
                        "that way. Choose other directions"
                    )

    # -- goals -----------------------------------------------------------------------------
    def side_index(self, name: str | None, called: object) -> int | None:
        """The side called ``name`` (None: none named); DesignError naming ``called``."""
        if name is None:
            return None
        for i, side in enumerate(self.sides):
            if side.name.lower() == str(name).strip().lower() or side.id == name:
                return i
        sides = " and ".join(s.name for s in self.sides)
        raise DesignError(f"{called}: there is no side called {name!r}; the sides are {sides}")

    def _goal(
        self, index: int, goal: Goal, values: dict[str, Any], sets: dict[str, str]
    ) -> tuple[Any, ...]:
        """(kind, side, n, other side, places per side) with the rules' numbers."""
        s = self.side_index(goal.side, goal)
        n = values.get(sets.get(f"goal:{index}", ""), goal.n)
        kind = goal.kind
        other = None
        if kind in ("get_past", "stall"):
            if self.count != 2:
                raise DesignError(f"{goal} needs a game of two sides")
            other = 1 - (s or 0)
        places: tuple[frozenset[int], ...] = ()
        if kind == "reach":
            chosen = []
            for i, side in enumerate(self.sides):
                if goal.places:
                    try:
                        wanted = frozenset(self.board.point(p) for p in goal.places)
                    except DesignError as e:
                        raise DesignError(f"{goal}: {e}") from None
                else:
                    far = max(self.levels[i])
                    wanted = frozenset(p for p, a in enumerate(self.levels[i]) if a == far)
                chosen.append(wanted)
                if (s is None or s == i) and not wanted & self.reachable(i):
                    where = ", ".join(sorted(self.names[p] for p in wanted))
                    raise DesignError(
                        f"{goal}: the {side.name} can never reach {where}; from where they "
                        "start, their moves never lead there"
                    )
            places = tuple(chosen)
        if kind == "capture":
            for i, side in enumerate(self.sides):
                if s is not None and s != i:
                    continue
                if not any(e[2] for e in self.tables[i]):
                    raise DesignError(
                        f"{goal}: the {side.name} can never take a piece: none of their moves "
                        "has capture=True"
                    )
                others = sum(1 for o in self.start if o not in (EMPTY, i))
                refill = any(
                    e[0] in (PLACE, DROP)
                    for j in range(self.count)
                    if j != i
                    for e in self.tables[j]
                )
                if n is not None and n > others and not refill:
                    raise DesignError(
                        f"{goal}: the {side.name} can never take {n} pieces: the other side "
                        f"has only {others}"
                    )
        if kind == "in_a_row" and n is not None:
            longest = max((len(w) for w in self._lines()), default=1)
            if n > longest:
                raise DesignError(
                    f"{goal}: no line of this board holds {n} points in a row; the longest "
                    f"holds {longest}"
                )
        return (kind, s, n, other, places)

    def _lines(self) -> list[tuple[int, ...]]:
        """Every straight run of joined points, as long as it goes."""
        joined = self.board.joined
        found: list[tuple[int, ...]] = []
        for v in ((1, 0), (0, 1), (1, 1), (1, -1)):
            back = (-v[0], -v[1])
            for p in range(len(self.board)):
                if v in joined[p] and back not in joined[p]:
                    line, q = [p], joined[p].get(v)
                    while q is not None:
                        line.append(q)
                        q = joined[q].get(v)
                    found.append(tuple(line))
        return list(dict.fromkeys(found))

    def _windows(self) -> tuple[tuple[tuple[int, ...], ...], ...]:
        """For an in-a-row goal: the runs of n points through each point."""
        n = next((g[2] for g in self.goals if g[0] == "in_a_row"), None)
        if n is None:
            return ()
        through: list[list[tuple[int, ...]]] = [[] for _ in range(len(self.board))]
        for line in self._lines():
            for k in range(len(line) - n + 1):
                window = line[k : k + n]
                for p in window:
                    through[p].append(window)
        return tuple(tuple(w) for w in through)

    # -- how long a game can last ----------------------------------------------------------
    def _longest(self) -> int:
        """A proven bound on the number of moves, or DesignError: the game might never end."""
        if self.limit is not None:
            return int(self.limit)
        entries = [(i, e) for i in range(self.count) for e in self.tables[i]]
        capturing = any(e[2] for _, e in entries)
        if all(e[0] in (PLACE, DROP) for _, e in entries) and not capturing:
            return self.start.count(EMPTY)  # every move fills an empty point
        placing = any(e[0] in (PLACE, DROP) for _, e in entries)
        if not placing and all(set(e[3].directions) <= AHEAD for _, e in entries):
            return self._distance(range(self.count))  # every move goes forward
        if self.stalled is not None and not placing:
            stall = next(g for g in self.goals if g[0] == "stall")
            t, n = stall[3], stall[2]
            if all(set(e[3].directions) <= set(NOT_BACKWARD) for e in self.tables[t]):
                # t never goes back and goes forward at least once every n moves; the other
                # side moves once between two of t's moves.
                return int(2 * n * (self._distance((t,)) + 1) + 1)
        for i, e in entries:
            if not set(e[3].directions) <= AHEAD:
                raise DesignError(
                    f"{self.declaration.title} might never end: with {e[3]} the "
                    f"{self.sides[i].name} can go back and forth for ever. Add a move limit "
                    "to the goals, like kit.move_limit(200)"
                )
        raise DesignError(
            f"{self.declaration.title} might never end: pieces are put on the board and taken "
            "off again. Add a move limit to the goals, like kit.move_limit(200)"
        )

    def _distance(self, sides: Iterable[int]) -> int:
        """How far forward the pieces of ``sides`` can still go, all together."""
        total = 0
        for i in sides:
            far = max(self.ahead[i])
            total += sum(far - self.ahead[i][p] for p, o in enumerate(self.start) if o == i)
        return total


def _marks(sides: Sequence[Side]) -> tuple[str, ...]:
    """The letter each side's pieces carry: the name's first letter, two if they clash."""
    firsts = [s.name[0].upper() for s in sides]
    marks = []
    for side, first in zip(sides, firsts):
        if side.mark:
            marks.append(side.mark[:2])
        elif firsts.count(first) > 1:
            marks.append(side.name[:2].capitalize())
        else:
            marks.append(first)
    return tuple(marks)


# -- the game and its states -----------------------------------------------------------------
class KitGame(CoreGame[Rules, KitMove, "KitState"]):
    """The base class of every kit game; ``kit.Game(...)`` makes a subclass per declaration."""

    declaration: ClassVar[Declaration]
    _plans: ClassVar[dict[Rules, Plan]]

    def __init__(self, rules: Rules | None = None, **changes: Any) -> None:
        super().__init__(rules, **changes)
        plan = self._plans.get(self.rules)
        if plan is None:
            plan = self._plans[self.rules] = Plan(self.declaration, self.rules)
        self.plan = plan

    @property
    def max_length(self) -> int:
        return self.plan.max_length

    def new_game(self) -> KitState:
        plan = self.plan
        return KitState.make(self, plan.start, plan.first, (0,) * plan.count, 0, 0, EMPTY)

    def player_name(self, player: int) -> str:
        return self.plan.sides[player].name

    def parse_move(self, text: str) -> KitMove:
        """Moves in any case and with spaces: ``C3 - C4`` is ``c3-c4``."""
        cleaned = "".join(text.split()).lower()
        parts = split_points(cleaned)
        if not cleaned or not all(p in self.plan.board.index for p in parts):
            raise ValueError(
                "write a move as points like c3, c3-c4 or c3xc5, with points of this board"
            )
        return KitMove(cleaned)

    def position(self, pieces: dict[str, Iterable[str]], to_move: str | None = None) -> KitState:
        """A made-up position for tests and lessons: ``{"Fox": ["d4"], "Geese": [...]}``."""
        plan = self.plan
        board = [EMPTY] * len(plan.board)
        for name, points in pieces.items():
            i = plan.side_index(name, "position(...)")
            if i is None:
                raise DesignError("position(...): name each side whose pieces you place")
            for p in points:
                board[plan.board.point(p)] = i
        turn = plan.first if to_move is None else plan.side_index(to_move, "position(...)")
        return KitState.make(self, tuple(board), turn, (0,) * plan.count, 0, 0, EMPTY)

    def check_played(self, finals: Sequence[State[Any, Any]]) -> str | None:
        """The kit's own check of check_game's games: a goal with a number that no test game
        reached, or games that always stop at the move limit."""
        plan = self.plan
        seen = {s._judged[1][2] for s in finals if isinstance(s, KitState) and s._judged[1]}
        wanted = [
            i
            for i, g in enumerate(plan.goals)
            if g[0] in WINNING and (plan.declaration.goals[i].n is not None or g[0] == "stall")
        ]
        rng = random.Random(0)
        played = len(finals)
        while played < TEST_GAMES and not set(wanted) <= seen:
            final = self.random_playout(rng)
            seen.add(final._judged[1][2] if final._judged[1] else -1)
            played += 1
        for i in wanted:
            if i not in seen:
                goal = plan.declaration.goals[i]
                return (
                    f"in {played} random test games nobody ever won by {goal}: check that it "
                    "can happen (is the number too big for this board and these pieces?)"
                )
        limit = next((i for i, g in enumerate(plan.goals) if g[0] == "move_limit"), None)
        if limit is not None and finals and seen == {limit}:
            return (
                f"every one of {len(finals)} test games stopped at "
                f"{plan.declaration.goals[limit]}, so in practice this game never ends: give "
                "the sides a goal they can reach"
            )
        return None


@dataclass(frozen=True)
class KitState(State[KitGame, KitMove]):
    board: tuple[int, ...]  # the side on each point, or EMPTY
    turn: int  # the side to move
    took: tuple[int, ...]  # how many pieces each side has taken
    quiet: int  # the stalled side's moves in a row that did not go forward
    moved: int  # moves made so far
    last: int  # the point the last move ended on (EMPTY at the start)

    @cached
    def _judged(self) -> tuple[tuple[KitMove, ...], tuple[tuple[int, ...], str, int] | None]:
        """The mover's moves, or (no moves, (winners, reason, goal index)) at the end."""
        plan = self.game.plan
        board = self.board
        names = plan.sides
        for index, (kind, s, n, other, places) in enumerate(plan.goals):
            if kind == "reach":
                for i in range(plan.count) if s is None else (s,):
                    for p in places[i]:
                        if board[p] == i:
                            return (), ((i,), f"{names[i].name} reached {plan.names[p]}.", index)
            elif kind == "capture":
                for i in range(plan.count) if s is None else (s,):
                    if n is not None:
                        if self.took[i] >= n:
                            return (), ((i,), f"{names[i].name} took {n} pieces.", index)
                    elif self.took[i] and len(board) == board.count(EMPTY) + board.count(i):
                        return (), ((i,), f"{names[i].name} took every piece.", index)
            elif kind == "in_a_row":
                found = self._row(n)
                if found is not None and (s is None or found == s):
                    return (), ((found,), f"{names[found].name} has {n} in a row.", index)
            elif kind == "get_past":
                ahead = plan.ahead[other]
                theirs = [ahead[p] for p, o in enumerate(board) if o == other]
                if theirs:
                    lowest = min(theirs)
                    if any(o == s and ahead[p] < lowest for p, o in enumerate(board)):
                        reason = f"{names[s].name} got past every piece of the {names[other].name}."
                        return (), ((s,), reason, index)
            elif kind == "stall":
                if self.quiet >= n:
                    reason = f"{names[other].name} made {n} moves in a row without going forward."
                    return (), ((s,), reason, index)
            elif kind == "move_limit" and self.moved >= n:
                return (), self._at_end(f"{n} moves were played", index)
        moves = self._moves()
        if moves:
            return moves, None
        mover = self.turn
        for index, (kind, s, *_) in enumerate(plan.goals):
            if kind == "block" and s != mover:
                winners = tuple(i for i in range(plan.count) if i != mover) if s is None else (s,)
                return (), (winners, f"{names[mover].name} cannot move.", index)
        return (), self._at_end(f"{names[mover].name} cannot move", -1)

    def _at_end(self, why: str, index: int) -> tuple[tuple[int, ...], str, int]:
        plan = self.game.plan
        if plan.most:
            counts = [self.board.count(i) for i in range(plan.count)]
            best = max(counts)
            if counts.count(best) == 1:
                winner = counts.index(best)
                return (winner,), f"{why}; {plan.sides[winner].name} has the most pieces.", index
        return (), f"{why}: a draw.", index

    def _row(self, n: int) -> int | None:
        """The side with ``n`` in a row (through the last move's point when there is one)."""
        windows = self.game.plan.windows
        board = self.board
        points = (self.last,) if self.last != EMPTY else range(len(board))
        for p in points:
            side = board[p]
            if side == EMPTY:
                continue
            for window in windows[p]:
                if all(board[q] == side for q in window):
                    return side
        return None

    def _moves(self) -> tuple[KitMove, ...]:
        plan = self.game.plan
        board = self.board
        s = self.turn
        names = plan.names
        own = [p for p, o in enumerate(board) if o == s]
        found: dict[str, KitMove] = {}
        for entry in plan.tables[s]:
            kind, table, capture = entry[0], entry[1], entry[2]
            if kind == STEP:
                for p in own:
                    for t, plain, taking in table[p]:
                        o = board[t]
                        if o == EMPTY:
                            found[plain.text] = plain
                        elif capture and o != s:
                            found[taking.text] = taking
            elif kind == SLIDE:
                for p in own:
                    for ray in table[p]:
                        for t in ray:
                            o = board[t]
                            if o == EMPTY:
                                text = f"{names[p]}-{names[t]}"
                                found[text] = KitMove(text, (p, t))
                                continue
                            if capture and o != s:
                                text = f"{names[p]}x{names[t]}"
                                found[text] = KitMove(text, (p, t), (t,))
                            break
            elif kind == JUMP:
                for p in own:
                    self._jumps(table, capture, entry[4], (p,), (), found)
            elif kind == PLACE:
                for p, o in enumerate(board):
                    if o == EMPTY:
                        found[names[p]] = KitMove(names[p], (p,), (), True)
            else:
                for column in plan.columns:
                    for p in column:
                        if board[p] == EMPTY:
                            found[names[p]] = KitMove(names[p], (p,), (), True)
                            break
        return tuple(found.values())

    def _jumps(
        self,
        table: tuple[tuple[tuple[int, int], ...], ...],
        capture: bool,
        chain: bool,
        path: tuple[int, ...],
        taken: tuple[int, ...],
        found: dict[str, KitMove],
    ) -> None:
        board, s = self.board, self.turn
        names = self.game.plan.names
        start = path[0]
        for mid, land in table[path[-1]]:
            o = board[mid]
            if o == EMPTY or mid == start or mid in taken or (capture and o == s):
                continue
            if land in path or board[land] != EMPTY:
                continue
            route = (*path, land)
            took = (*taken, mid) if capture else taken
            text = ("x" if capture else "-").join(names[q] for q in route)
            found[text] = KitMove(text, route, took)
            if chain:
                self._jumps(table, capture, chain, route, took, found)

    @property
    def to_move(self) -> int | None:
        return None if self._judged[1] else self.turn

    def _legal_moves(self) -> tuple[KitMove, ...]:
        return self._judged[0]

    def _apply(self, move: KitMove) -> KitState:
        plan = self.game.plan
        s = self.turn
        board = list(self.board)
        path = move.path
        if not move.placed:
            board[path[0]] = EMPTY
        took = self.took
        if move.taken:
            for t in move.taken:
                board[t] = EMPTY
            took = (*took[:s], took[s] + len(move.taken), *took[s + 1 :])
        board[path[-1]] = s
        quiet = self.quiet
        if plan.stalled == s:
            ahead = plan.ahead[s]
            quiet = 0 if ahead[path[-1]] > ahead[path[0]] else quiet + 1
        turn = s + 1 if s + 1 < plan.count else 0
        return KitState.make(self.game, tuple(board), turn, took, quiet, self.moved + 1, path[-1])

    def scores(self) -> tuple[float, ...]:
        ending = self._judged[1]
        count = self.game.plan.count
        if ending is None:
            return (0.0,) * count
        winners = ending[0]
        if not winners:
            return (1.0 / count,) * count
        return tuple(1.0 / len(winners) if i in winners else 0.0 for i in range(count))

    def _outcome(self) -> Outcome | None:
        ending = self._judged[1]
        if ending is None:
            return None
        return Outcome(ending[0], ending[1], self.scores())

    def __str__(self) -> str:
        plan = self.game.plan
        lines = [board_text(plan, self.board)]
        outcome = self.outcome()
        if outcome is not None:
            lines.append(f"Game over: {outcome.reason}")
        else:
            lines.append(f"{plan.sides[self.turn].name} to move.")
        if any(self.took):
            lines.append(
                "Taken: " + ", ".join(f"{s.name} {n}" for s, n in zip(plan.sides, self.took) if n)
            )
        if plan.stalled is not None:
            stall = next(g for g in plan.goals if g[0] == "stall")
            lines.append(
                f"{plan.sides[plan.stalled].name} moves without going forward: "
                f"{self.quiet} of {stall[2]}"
            )
        if plan.limit is not None:
            lines.append(f"Moves: {self.moved} of {plan.limit}")
        return "\n".join(lines)

    def why_illegal(self, move: KitMove) -> str:
        plan = self.game.plan
        text = str(move)
        parts = split_points(text)
        if not all(p in plan.board.index for p in parts):
            return (
                f"{text} is not a move of {self.game.title}: write moves like c3, c3-c4 or c3xc5."
            )
        mover = plan.sides[self.turn].name
        start = plan.board.index[parts[0]]
        if len(parts) > 1 and self.board[start] != self.turn:
            return f"There is no {mover} piece on {parts[0]}."
        if len(parts) == 1 and self.board[start] != EMPTY:
            return f"{parts[0]} is taken: a new piece goes on an empty point."
        rules = ", ".join(str(m) for m in plan.sides[self.turn].moves)
        return f"{text} is not a move the {mover} may make here: they move by {rules}."


def split_points(text: str) -> list[str]:
    """The point names of a move's notation: ``"c3xc5xe5"`` -> ``["c3", "c5", "e5"]``."""
    return re.split(r"(?<=[0-9])[-x]", text)


def _class_name(title: str) -> str:
    words = "".join(c if c.isalnum() else " " for c in title).split()
    name = "".join(w[:1].upper() + w[1:] for w in words) or "KitGame"
    return name if name.isidentifier() else f"Kit{name}"


def Game(
    title: str,
    *,
    board: Board,
    sides: Iterable[Side],
    goals: Iterable[Goal],
    name: str | None = None,
) -> type[KitGame]:
    """A new game, declared: its ``title``, the ``board``, its ``sides`` (each with pieces and
    moves) and its ``goals``. Gives a Game class that ``kit.register`` makes playable in the
    app; ``name`` is the registry's key (by default the title in lower case with underscores).
    A declaration that cannot work raises DesignError, saying which choice is at fault."""
    if not isinstance(title, str) or not title.strip():
        raise DesignError("kit.Game(...): give the game a title, like 'Fox and Geese'")
    if not isinstance(board, Board):
        raise DesignError(
            f"kit.Game({title!r}): board={board!r} is not a board; use kit.squares(8), "
            "kit.lines(3), kit.cross() or kit.hexes(5)"
        )
    declaration = Declaration(title.strip(), board, tuple(sides), tuple(goals))
    for side in declaration.sides:
        if not isinstance(side, Side):
            raise DesignError(f"{title}: {side!r} is not a side; use kit.Side('Fox', ...)")
    for goal in declaration.goals:
        if not isinstance(goal, Goal):
            raise DesignError(f"{title}: {goal!r} is not a goal; use kit.capture(), kit.reach()...")
    class_name = _class_name(title)
    key = name or side_id(title)
    if not key.isidentifier():
        key = f"kit_{key}"
    caller = sys._getframe(1).f_globals.get("__name__", __name__)
    defaults = {name: default for name, (_, default) in _rule_names(declaration).items()}
    Plan(declaration, SimpleNamespace(**defaults))  # DesignError: the declaration cannot work
    plans: dict[Rules, Plan] = {}
    rules_type = _make_rules(declaration, class_name, plans)
    rules_type.__module__ = caller
    count = len(declaration.sides)
    made = type(
        class_name,
        (KitGame,),
        {
            "name": key,
            "title": declaration.title,
            "rules_type": rules_type,
            "declaration": declaration,
            "min_players": count,
            "max_players": count,
            "_plans": plans,
            "__module__": caller,
            "__doc__": f"{declaration.title}, declared with the board kit.",
        },
    )
    return made
