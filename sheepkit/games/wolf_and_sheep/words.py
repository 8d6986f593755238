"""Wolf and Sheep in words: a move's label (the board's words stay with its drawing)."""

from __future__ import annotations

from collections.abc import Hashable

from ...core.words import Words
from .engine import Step, WolfAndSheepState, square_name


class WolfAndSheepWords(Words[WolfAndSheepState]):
    """Wolf and Sheep's words: a move's label and the log's lines (``sheepkit.core.words``)."""

    def move_label(self, state: WolfAndSheepState, move: Hashable) -> str:
        if not isinstance(move, Step):
            return str(move)
        piece = "Sheep" if move.source == state.sheep else "Wolf"
        return f"{piece} {square_name(move.source)} → {square_name(move.target)}"
