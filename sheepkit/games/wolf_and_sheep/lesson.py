"""What the Wolf and Sheep lesson shows: the solved results, the wolves' winning plan, the
"what if" questions, and two pictures (where the wolves can still reach; who wins from where).

The numbers come from the solver (6x6 and 8x8 solved on the spot, cached on disk) and from
the shipped 10x10 strategy; the pictures draw with the game's own board view plus an overlay.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from ...bots import play_game
from ...core import load
from .drawing import WolfAndSheepDrawing
from .engine import SHEEP, WOLVES, WolfAndSheepState, parse_square, square_name
from .perfect import SOLVED_SIZES, PerfectBot, explain_auto_victory, heatmap
from .solver import SHIPPED_TABLES, solve
from .strategy import shipped

SIDES = ("Sheep", "Wolves")
#: Colour-blind-safe marks: blue for the sheep, vermillion for the wolves, always with a letter.
SHEEP_MARK = "rgba(0, 114, 178, 0.6)"
WOLF_MARK = "rgba(213, 94, 0, 0.45)"


@dataclass(frozen=True)
class Solved:
    board: int
    wolves: int
    winner: str
    plies: int
    how: str

    def __str__(self) -> str:
        return (
            f"{self.board}x{self.board}, {self.wolves} wolves: {_wins(self.winner)} in "
            f"{self.plies} moves ({self.how})"
        )


def solved_results(sizes: Iterable[int] = (6, 8, 10)) -> list[Solved]:
    """Who wins each board from the usual start with perfect play, and in how many moves."""
    rows = []
    for size in sizes:
        start: WolfAndSheepState = load("wolf_and_sheep", board=size).new_game()  # type: ignore[assignment]
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
    game = load("wolf_and_sheep", board=board)
    return play_game(game, [PerfectBot(), PerfectBot()], seed=seed)  # type: ignore[return-value]


def replay_app(final: WolfAndSheepState) -> Any:
    """An app holding a finished game, shown from its first move: step with Redo or the slider."""
    from ...ui import GameApp

    app = GameApp(final.game, seats=["Human", "Human"], autoplay=False)
    app.load_record(final.record())
    app.goto(0)
    return app


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
    game = load("wolf_and_sheep", board=board)
    start: WolfAndSheepState = game.new_game()  # type: ignore[assignment]
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


class MarkedView(WolfAndSheepDrawing):
    """The board with some squares tinted and labelled (colour AND a short text on each)."""

    def __init__(
        self, game: Any, marks: dict[int, tuple[str, str]], show_sheep: bool = True
    ) -> None:
        super().__init__(game)
        self.marks = marks
        self.show_sheep = show_sheep  # a heatmap has no one sheep: its marks say everything

    def _sheep(self, canvas: Any, sq: int) -> None:
        if self.show_sheep:
            super()._sheep(canvas, sq)

    def draw(self, canvas: Any, frame: Any) -> None:
        super().draw(canvas, frame)
        half = self.cell / 2
        canvas.font = f"bold {max(11, self.cell // 4)}px sans-serif"
        canvas.text_align = "center"
        canvas.text_baseline = "middle"
        for sq, (colour, text) in self.marks.items():
            x, y = self.centre(sq)
            canvas.fill_style = colour
            canvas.fill_rect(x - half, y - half, self.cell, self.cell)
            canvas.fill_style = "#FFFFFF"
            canvas.fill_text(text, x, y)


def reach_marks(state: WolfAndSheepState) -> dict[int, tuple[str, str]]:
    """Every square some wolf can still reach, labelled with how many wolves reach it
    ("2W"); a square in front of the sheep that no wolf reaches is marked "FREE"."""
    why = explain_auto_victory(state)
    counts: dict[int, int] = {}
    for squares in why.reach.values():
        for sq in squares:
            if sq != state.sheep and sq not in state.wolves:
                counts[sq] = counts.get(sq, 0) + 1
    marks = {sq: (WOLF_MARK, f"{n}W") for sq, n in counts.items()}
    marks.update({sq: (SHEEP_MARK, "FREE") for sq in why.unreachable})
    return marks


def reach_picture(state: WolfAndSheepState, caption: str = "") -> Any:
    """Auto-victory explained in a picture (see reach_marks), captioned with the verdict."""
    from ...ui import picture

    reason = explain_auto_victory(state).reason or "Auto-victory does not fire."
    view = MarkedView(state.game, reach_marks(state))
    return picture(state, caption=caption or reason, drawing=view)


def heatmap_picture(
    wolves: Iterable[str], to_move: int = SHEEP, board: int = 8, caption: str = ""
) -> Any:
    """For one wolf formation: who wins with perfect play if the sheep stood on each square
    (S or W and the number of moves), the sheep or the wolves to move."""
    from ...ui import picture

    game = load("wolf_and_sheep", board=board)
    result = heatmap(game, wolves, to_move)
    marks = {
        parse_square(name, board): (
            SHEEP_MARK if side == SHEEP else WOLF_MARK,
            f"{'SW'[side]}{plies}",
        )
        for name, (side, plies) in result.items()
    }
    placed = [parse_square(w, board) for w in wolves]
    free = next(sq for sq in marks if sq not in placed)
    state = game.position(free, placed, to_move)  # type: ignore[attr-defined]
    view = MarkedView(game, marks, show_sheep=False)
    who = "the sheep" if to_move == SHEEP else "the wolves"
    legend = f"S = the sheep wins, W = the wolves win, with the number of moves; {who} to move."
    text = f"{caption} {legend}" if caption else legend
    return picture(state, caption=text, drawing=view)
