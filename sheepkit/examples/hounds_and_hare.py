"""Hounds and Hare: three hounds that never turn back try to pen in one hare on 11 points.

The reference solution of the lesson ``notebooks/make_a_game.ipynb`` (the rules in our words:
``seeds/hounds_and_hare.md``). Importing this module registers nothing: call
:func:`register_reference` (or ``sheepkit.core.register(HoundsAndHare,
drawing=HoundsAndHareDrawing, words=HoundsAndHareWords)``, the same one call) to play it in
the app and the lab.

The board, with its points numbered as they are written in moves (``1-5``)::

        1 - 2 - 3
      / | \\ | / | \\
    0 - 4 - 5 - 6 - 10
      \\ | / | \\ | /
        7 - 8 - 9

Player 0 is the Hounds, player 1 the Hare. Standard library only.
"""

from __future__ import annotations

import re
from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any, NamedTuple, Protocol, runtime_checkable

from ..core import Game, Outcome, Rules, State, cached, register, rule
from ..core.words import Words
from ..drawing import INK, OKABE_ITO, PAPER, Drawing, Frame, Target, draw_shape, draw_text

HOUNDS, HARE = 0, 1
#: (column, row) of each point: column 0 is the hounds' end, row 0 the top.
POINTS = ((0, 1), (1, 0), (2, 0), (3, 0), (1, 1), (2, 1), (3, 1), (1, 2), (2, 2), (3, 2), (4, 1))
HOUNDS_START = (0, 1, 7)
HARE_STARTS = {"end": 10, "centre": 5}
#: The board as text: ``BOARD.format(*marks)`` with one mark per point (``str(state)``).
BOARD = r"""    {1} - {2} - {3}
  / | \ | / | \
{0} - {4} - {5} - {6} - {10}
  \ | / | \ | /
    {7} - {8} - {9}"""


def _joined(a: tuple[int, int], b: tuple[int, int]) -> bool:
    """Lines join points one step apart across or down, and diagonally through the points
    whose column + row is odd (0, 5 and 10, and 1, 3, 7, 9 at the other end of those lines)."""
    dc, dr = abs(a[0] - b[0]), abs(a[1] - b[1])
    return dc + dr == 1 or (dc == dr == 1 and sum(a) % 2 == 1)


#: The points joined to each point by a line.
NEIGHBOURS = tuple(
    tuple(q for q, b in enumerate(POINTS) if _joined(a, b) and q != p) for p, a in enumerate(POINTS)
)
COLUMN = tuple(c for c, _ in POINTS)


class Step(NamedTuple):
    """A piece goes from ``source`` to ``target`` along a line: ``str(Step(1, 5)) == "1-5"``."""

    source: int
    target: int

    def __str__(self) -> str:
        return f"{self.source}-{self.target}"


@dataclass(frozen=True)
class HareRules(Rules):
    stall_limit: int = rule(
        10,
        "The hare wins when the hounds make this many moves in a row without going forward.",
        min=2,
        max=30,
        label="Stall limit",
    )
    first: str = rule("hounds", "Who moves first.", choices=("hounds", "hare"), label="First")
    hare_start: str = rule(
        "end",
        "Where the hare starts: the far end (point 10) or the centre (point 5).",
        choices=tuple(HARE_STARTS),
        label="Hare starts on",
    )


class HoundsAndHare(Game[HareRules, Step, "HareState"]):
    name = "hounds_and_hare"
    title = "Hounds and Hare"
    rules_type = HareRules
    min_players = max_players = 2

    @property
    def max_length(self) -> int:
        # The hounds go forward at most 4 + 3 + 3 = 10 columns in all, and make at most
        # stall_limit - 1 moves in a row without going forward (the next one ends the game):
        # at most stall_limit * 11 hound moves. The hare moves at most once more than them.
        forward = sum(4 - COLUMN[p] for p in HOUNDS_START)
        return 2 * self.rules.stall_limit * (forward + 1) + 1

    def new_game(self) -> HareState:
        first = HOUNDS if self.rules.first == "hounds" else HARE
        return HareState.make(self, HARE_STARTS[self.rules.hare_start], HOUNDS_START, first, 0)

    def parse_move(self, text: str) -> Step:
        match = re.fullmatch(r"\s*(\d{1,2})\s*-\s*(\d{1,2})\s*", text)
        if not match or not all(int(n) < len(POINTS) for n in match.groups()):
            raise ValueError("write a move as two points 0-10 with a dash, like 1-5")
        return Step(int(match[1]), int(match[2]))

    def player_name(self, player: int) -> str:
        return ("Hounds", "Hare")[player]

    def position(
        self, hare: int, hounds: tuple[int, ...], to_move: int, stall: int = 0
    ) -> HareState:
        """A made-up position (empty history) for tests and lessons."""
        pieces = (hare, *hounds)
        if len(hounds) != 3 or len(set(pieces)) != 4 or not all(p in range(11) for p in pieces):
            raise ValueError("a position has one hare and three hounds on different points 0-10")
        if to_move not in (HOUNDS, HARE) or not 0 <= stall < self.rules.stall_limit:
            raise ValueError("to_move is 0 (Hounds) or 1 (Hare); stall is below the stall limit")
        return HareState.make(self, hare, tuple(sorted(hounds)), to_move, stall)


@dataclass(frozen=True)
class HareState(State[HoundsAndHare, Step]):
    hare: int
    hounds: tuple[int, ...]  # sorted, so that equal positions are equal states
    turn: int  # HOUNDS or HARE
    stall: int  # hound moves since the hounds last went forward

    @cached
    def _judged(self) -> tuple[tuple[Step, ...], tuple[int, str] | None]:
        """The mover's moves, or (no moves, (winner, reason)) once the game is over."""
        if COLUMN[self.hare] < min(COLUMN[h] for h in self.hounds):
            return (), (HARE, "The hare got past every hound: they can never come back for it.")
        if self.stall >= self.game.rules.stall_limit:
            return (), (HARE, f"The hounds made {self.stall} moves without going forward.")
        taken = (self.hare, *self.hounds)
        if self.turn == HARE:
            moves = tuple(Step(self.hare, t) for t in NEIGHBOURS[self.hare] if t not in taken)
        else:
            moves = tuple(
                Step(h, t)
                for h in self.hounds
                for t in NEIGHBOURS[h]
                if t not in taken and COLUMN[t] >= COLUMN[h]  # never back towards point 0
            )
        if not moves:
            side = "hare is trapped" if self.turn == HARE else "hounds cannot move"
            return (), (1 - self.turn, f"The {side}.")
        return moves, None

    @property
    def to_move(self) -> int | None:
        ending: tuple[int, str] | None = self._judged[1]
        return None if ending else self.turn

    def _legal_moves(self) -> tuple[Step, ...]:
        moves: tuple[Step, ...] = self._judged[0]
        return moves

    def _apply(self, move: Step) -> HareState:
        if self.turn == HARE:
            return self.replace(hare=move.target, turn=HOUNDS)
        hounds = tuple(sorted(move.target if h == move.source else h for h in self.hounds))
        forward = COLUMN[move.target] > COLUMN[move.source]
        stall = 0 if forward else self.stall + 1
        return self.replace(hounds=hounds, turn=HARE, stall=stall)

    def scores(self) -> tuple[float, ...]:
        winners = self.winners()
        return tuple(1.0 if p in winners else 0.0 for p in (HOUNDS, HARE))

    def _outcome(self) -> Outcome | None:
        ending: tuple[int, str] | None = self._judged[1]
        if ending is None:
            return None
        winner, reason = ending
        return Outcome((winner,), reason, (float(winner == HOUNDS), float(winner == HARE)))

    def __str__(self) -> str:
        marks = ["D" if p in self.hounds else "H" if p == self.hare else "." for p in range(11)]
        outcome = self.outcome()
        if outcome is not None:
            return BOARD.format(*marks) + f"\nGame over: {outcome.reason}"
        who, limit = self.game.player_name(self.turn), self.game.rules.stall_limit
        tally = f"hound moves without going right: {self.stall} of {limit}"
        return BOARD.format(*marks) + f"\n{who} to move; {tally}"

    def why_illegal(self, move: Step) -> str:
        source, target = move
        if not (isinstance(source, int) and isinstance(target, int) and 0 <= source < 11):
            return f"{move} is not a Hounds and Hare move: write moves like 1-5."
        mine = (self.hare,) if self.turn == HARE else self.hounds
        if source not in mine:
            return f"There is no piece of the {self.game.player_name(self.turn)} on point {source}."
        if target not in NEIGHBOURS[source]:
            return f"No line joins {source} to {target}: a piece moves one step along a line."
        if target == self.hare or target in self.hounds:
            return f"Point {target} is taken: pieces never share a point or capture."
        return f"Hounds never go back: {source}-{target} goes towards point 0."


# -- how it reads: its words ------------------------------------------------------------------
@runtime_checkable
class HuntPosition(Protocol):
    """What the words and the drawing read of a state: this module's HareState, or a
    lesson's own copy."""

    hare: int
    hounds: tuple[int, ...]
    turn: int
    stall: int
    is_over: bool

    def legal_moves(self) -> tuple[tuple[int, int], ...]: ...


def picked_moves(state: HuntPosition, selection: Any) -> tuple[tuple[int, int], ...]:
    """The moves of the piece picked on point ``selection`` (none when nothing is picked)."""
    return tuple(m for m in state.legal_moves() if selection is not None and m[0] == selection)


class HoundsAndHareWords(Words[HuntPosition]):
    """A move's button ("Hound 1 → 5") and the board in words, for a screen reader."""

    def move_label(self, state: HuntPosition, move: Any) -> str:
        piece = "Hare" if move[0] == getattr(state, "hare", None) else "Hound"
        return f"{piece} {move[0]} → {move[1]}"

    def describe(self, frame: Frame[HuntPosition]) -> str:
        """The pieces by point, in words (the text board's lines and slashes read badly
        aloud), and the text board's last line: whose turn and the tally, or the result."""
        state = frame.state
        hounds = ", ".join(str(p) for p in sorted(state.hounds))
        lines = [
            "Eleven points: 0 at the hounds' end, 10 at the far end.",
            f"The hounds are on points {hounds}.",
            f"The hare is on point {state.hare}.",
        ]
        if frame.selection is not None:
            goes = ", ".join(str(m[1]) for m in picked_moves(state, frame.selection))
            lines.append(f"Picked: the piece on point {frame.selection}; it may go to {goes}.")
        last = str(state).splitlines()[-1]  # a sentence (read on, into the keys' hint)
        lines.append(last if last.endswith(".") else f"{last}.")
        return "\n".join(lines)


# -- how it looks in the app -----------------------------------------------------------------
SPACING, LEFT, TOP = 110, 60, 80
HOUND_COLOUR, HARE_COLOUR = OKABE_ITO["blue"], OKABE_ITO["orange"]


class HoundsAndHareDrawing(Drawing[HuntPosition]):
    """The board as points and lines; hounds are blue squares marked D, the hare an orange
    circle marked H. Click a piece, then the point it goes to (every move also has a button)."""

    width, height = 2 * LEFT + 4 * SPACING, TOP + 2 * SPACING + 50

    def centre(self, point: int) -> tuple[float, float]:
        column, row = POINTS[point]
        return LEFT + column * SPACING, TOP + row * SPACING

    def point_at(self, x: float, y: float) -> int | None:
        for point in range(len(POINTS)):
            px, py = self.centre(point)
            if (x - px) ** 2 + (y - py) ** 2 <= 30**2:
                return point
        return None

    def draw(self, canvas: Any, frame: Frame[HuntPosition]) -> None:
        state = frame.state
        canvas.fill_style = PAPER
        canvas.fill_rect(0, 0, self.width, self.height)
        canvas.stroke_style, canvas.line_width = INK, 3
        for p, near in enumerate(NEIGHBOURS):
            for q in near:
                if p < q:
                    canvas.stroke_line(*self.centre(p), *self.centre(q))
        marked = (*frame.highlights, *self.selected_moves(state, frame.selection))
        targets = {m[1] for m in marked if isinstance(m, tuple)}  # a lesson's own Step too
        for p in range(len(POINTS)):
            x, y = self.centre(p)
            canvas.fill_style = OKABE_ITO["sky"] if p in targets else "#FFFFFF"
            canvas.fill_circle(x, y, 12)
            canvas.stroke_circle(x, y, 12)
            # The number beside a piece, between the line to the right and the diagonal.
            draw_text(canvas, str(p), x + 26, y - 9, size=13, colour=INK)
        for p in (*state.hounds, state.hare):
            x, y = self.centre(p)
            if p == frame.selection:
                canvas.stroke_style, canvas.line_width = OKABE_ITO["vermillion"], 5
                canvas.stroke_circle(x, y, 30)
            hound = p != state.hare
            draw_shape(
                canvas,
                "square" if hound else "circle",
                x,
                y,
                22,
                HOUND_COLOUR if hound else HARE_COLOUR,
            )
            draw_text(
                canvas,
                "D" if hound else "H",
                x,
                y,
                size=20,
                bold=True,
                align="center",
                baseline="middle",
                colour="#FFFFFF" if hound else INK,
            )
        words = str(state).splitlines()[-1]
        draw_text(canvas, words, LEFT - 40, 30, size=15, colour=INK, max_width=self.width - 40)

    def click(self, frame: Frame[HuntPosition], x: float, y: float) -> tuple[Any, Hashable | None]:
        state = frame.state
        point = self.point_at(x, y)
        if state.is_over or point is None:
            return None, None
        for move in self.selected_moves(state, frame.selection):
            if move[1] == point:
                return None, move
        mine = (state.hare,) if state.turn == HARE else state.hounds
        return (point if point in mine else None), None

    def selected_moves(self, state: HuntPosition, selection: Any) -> tuple[tuple[int, int], ...]:
        return picked_moves(state, selection)

    def targets(self, frame: Frame[HuntPosition]) -> tuple[Target, ...]:
        """Every point, as drawn (row by row), with what stands on it and what Enter does."""
        state = frame.state
        goes = {m[1] for m in self.selected_moves(state, frame.selection)}
        mine = (state.hare,) if state.turn == HARE else state.hounds
        found = []
        for p in sorted(range(len(POINTS)), key=lambda p: POINTS[p][::-1]):
            what = "a hound" if p in state.hounds else "the hare" if p == state.hare else "empty"
            if p == frame.selection:
                what += ", picked"
            elif p in goes:
                what += "; Enter moves the picked piece here"
            elif p in mine and not state.is_over:
                what += "; Enter picks it"
            found.append(Target(*self.centre(p), f"Point {p}: {what}", 64, 64))
        return tuple(found)


def register_reference() -> None:
    """Make the reference game loadable as "hounds_and_hare", with its drawing and words."""
    register(HoundsAndHare, drawing=HoundsAndHareDrawing, words=HoundsAndHareWords)


def solve(game: HoundsAndHare) -> tuple[int, int]:
    """Who wins from the start with perfect play, and in how many moves (plies): the winner
    wins as fast as it can, the loser holds out as long as it can. Every line of play ends
    (the hounds never come back, and stall at most ``stall_limit`` times in a row), so one
    search of every reachable position settles it (about 23,000 positions with the defaults)."""
    known: dict[tuple[int, tuple[int, ...], int, int], tuple[int, int]] = {}

    def key(s: HareState) -> tuple[int, tuple[int, ...], int, int]:
        return s.hare, s.hounds, s.turn, s.stall

    stack = [game.new_game()]
    while stack:  # depth-first, without recursion (a game may last hundreds of moves)
        state = stack[-1]
        if key(state) in known:
            stack.pop()
            continue
        if state.is_over:
            known[key(state)] = (state.winners()[0], 0)
            continue
        after = [state.play(m) for m in state.legal_moves()]
        unknown = [s for s in after if key(s) not in known]
        if unknown:
            stack.extend(unknown)
            continue
        results = [known[key(s)] for s in after]
        wins = [plies for winner, plies in results if winner == state.turn]
        if wins:
            known[key(state)] = (state.turn, min(wins) + 1)
        else:
            known[key(state)] = (1 - state.turn, max(plies for _, plies in results) + 1)
    return known[key(game.new_game())]
