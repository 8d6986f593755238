"""What the Wolf and Sheep lesson shows, in numbers: the solved results, the wolves' winning
plan (a whole perfect game), and the "what if" questions.

The numbers come from the solver (6x6 and 8x8 solved on the spot, cached on disk) and from
the shipped 10x10 strategy. The pictures are in :mod:`.pictures`; nothing here imports a
widget library, so the numbers are read without a browser.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from ...play import play_game
from .engine import SHEEP, WOLVES, WolfAndSheep, WolfAndSheepState, parse_square, square_name
from .perfect import SOLVED_SIZES, PerfectBot
from .solver import SHIPPED_TABLES, solve
from .strategy import shipped

SIDES = ("Sheep", "Wolves")


@dataclass(frozen=True)
class Solved:
    board: int
    wolves: int
    winner: str
    plies: int
    how: str

    @property
    def result(self) -> str:
        """Who wins, and in how many moves: "the wolves win in 44 moves"."""
        return f"{_wins(self.winner)} in {self.plies} moves"

    @property
    def short(self) -> str:
        """The board and its result, without how it was found (a pupil's copy line)."""
        return f"{self.board}x{self.board}, {self.wolves} wolves: {self.result}"

    def __str__(self) -> str:
        return f"{self.short} ({self.how})"


def solved_results(sizes: Iterable[int] = (6, 8, 10)) -> list[Solved]:
    """Who wins each board from the usual start with perfect play, and in how many moves."""
    rows = []
    for size in sizes:
        start = WolfAndSheep(board=size).new_game()
        if size in SOLVED_SIZES:
            side, plies = solve(size, True).outcome(start.sheep, start.wolves, start.turn)
            how = "its table ships with sheepkit" if size in SHIPPED_TABLES else "solved just now"
        else:
            data = shipped(size)
            if data is None:
                continue
            side, plies = data["start"]
            how = "solved once in about 100 s; the wolves' strategy ships with sheepkit"
        rows.append(Solved(size, size // 2, SIDES[side], plies, how))
    return rows


def perfect_game(board: int = 8, seed: int = 0) -> WolfAndSheepState:
    """A whole game between two perfect players (the end state: its history is the plan)."""
    final = play_game(WolfAndSheep(board=board), [PerfectBot(), PerfectBot()], seed=seed)
    if not isinstance(final, WolfAndSheepState):  # play_game gives any game's State
        raise TypeError(f"not a Wolf and Sheep state: {final!r}")
    return final


@dataclass(frozen=True)
class WhatIf:
    question: str
    winner: str
    plies: int

    def __str__(self) -> str:
        return f"{self.question}: {_wins(self.winner)} in {self.plies} moves"


def what_ifs(board: int = 8) -> list[WhatIf]:
    """How the perfect-play result changes when the wolves move first or the sheep starts
    elsewhere on its row (the solver covers every position, so each answer is a look-up)."""
    start = WolfAndSheep(board=board).new_game()
    solution = solve(board, True)
    rows = [
        WhatIf(
            "The usual start (sheep on E1, sheep first)",
            *_named(solution.outcome(start.sheep, start.wolves, SHEEP)),
        )
    ]
    rows.append(
        WhatIf(
            "The wolves move first", *_named(solution.outcome(start.sheep, start.wolves, WOLVES))
        )
    )
    for col in range(0, board, 2):
        sq = parse_square(f"{'ABCDEFGHIJKL'[col]}1", board)
        if sq != start.sheep:
            outcome = solution.outcome(sq, start.wolves, SHEEP)
            rows.append(WhatIf(f"The sheep starts on {square_name(sq)}", *_named(outcome)))
    return rows


def _wins(side: str) -> str:
    return "the sheep wins" if side == "Sheep" else "the wolves win"


def _named(outcome: tuple[int, int]) -> tuple[str, int]:
    return SIDES[outcome[0]], outcome[1]
