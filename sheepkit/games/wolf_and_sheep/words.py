"""Wolf and Sheep in words: a move's label and the board described for a screen reader."""

from __future__ import annotations

from collections.abc import Hashable

from ...core.contract import Frame
from ...core.words import Words
from .engine import Step, WolfAndSheepState, square_name


class WolfAndSheepWords(Words[WolfAndSheepState]):
    """Wolf and Sheep's words: a move's label and the board in words (``sheepkit.core.words``)."""

    def move_label(self, state: WolfAndSheepState, move: Hashable) -> str:
        if not isinstance(move, Step):
            return str(move)
        piece = "Sheep" if move.source == state.sheep else "Wolf"
        return f"{piece} {square_name(move.source)} → {square_name(move.target)}"

    def describe(self, frame: Frame[WolfAndSheepState]) -> str:
        """Where the pieces stand, the last move and whose turn (the text board's last lines)."""
        state = frame.state
        size = state.game.rules.board
        wolves = ", ".join(square_name(sq) for sq in state.wolves)
        lines = [
            f"A {size} by {size} board, row 1 at the sheep's side.",
            f"The sheep is on {square_name(state.sheep)}.",
            f"The wolves are on {wolves}.",
        ]
        if state.history and isinstance(state.history[-1], Step):
            last = state.history[-1]
            lines.append(f"Last move: {square_name(last.source)} to {square_name(last.target)}.")
        if frame.selection is not None:
            targets = ", ".join(
                square_name(m.target) for m in state.legal_moves() if m.source == frame.selection
            )
            lines.append(
                f"Picked: the piece on {square_name(frame.selection)}; it may go to {targets}."
            )
        lines += str(state).splitlines()[size + 1 :]  # rounds, and who moves or the result
        return "\n".join(lines)
