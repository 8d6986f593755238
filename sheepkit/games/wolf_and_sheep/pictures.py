"""The Wolf and Sheep lesson's pictures: a finished game to replay in the app, where the wolves
can still reach (auto-victory explained), and who wins from where (a perfect-play heatmap).

The numbers behind them are in :mod:`.lesson` and :mod:`.perfect`; this module draws them
with the game's own board drawing plus an overlay, and imports the widgets.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from ...drawing import Frame
from ...session import HUMAN
from ...ui import GameApp
from ...ui.picture import picture
from .drawing import WolfAndSheepDrawing
from .engine import SHEEP, WolfAndSheep, WolfAndSheepState, parse_square
from .perfect import explain_auto_victory, heatmap

#: Colour-blind-safe marks: blue for the sheep, vermillion for the wolves, always with a letter.
SHEEP_MARK = "rgba(0, 114, 178, 0.6)"
WOLF_MARK = "rgba(213, 94, 0, 0.45)"


def replay_app(final: WolfAndSheepState) -> GameApp:
    """An app holding a finished game, shown from its first move: step with Redo or the slider."""
    app = GameApp(final.game, seats=[HUMAN, HUMAN], autoplay=False)
    app.load_record(final.record())
    app.goto(0)
    return app


class MarkedDrawing(WolfAndSheepDrawing):
    """The board with some squares tinted and labelled (colour AND a short text on each)."""

    def __init__(
        self, game: WolfAndSheep, marks: dict[int, tuple[str, str]], show_sheep: bool = True
    ) -> None:
        super().__init__(game)
        self.marks = marks
        self.show_sheep = show_sheep  # a heatmap has no one sheep: its marks say everything

    def _sheep(self, canvas: Any, sq: int) -> None:
        if self.show_sheep:
            super()._sheep(canvas, sq)

    def draw(self, canvas: Any, frame: Frame) -> None:
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
    reason = explain_auto_victory(state).reason or "Auto-victory does not fire."
    drawing = MarkedDrawing(state.game, reach_marks(state))
    return picture(state, caption=caption or reason, drawing=drawing)


def heatmap_picture(
    wolves: Iterable[str], to_move: int = SHEEP, board: int = 8, caption: str = ""
) -> Any:
    """For one wolf formation: who wins with perfect play if the sheep stood on each square
    (S or W and the number of moves), the sheep or the wolves to move."""
    game = WolfAndSheep(board=board)
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
    state = game.position(free, placed, to_move)
    drawing = MarkedDrawing(game, marks, show_sheep=False)
    who = "the sheep" if to_move == SHEEP else "the wolves"
    legend = f"S = the sheep wins, W = the wolves win, with the number of moves; {who} to move."
    text = f"{caption} {legend}" if caption else legend
    return picture(state, caption=text, drawing=drawing)
