"""The board kit's games in words: a move's label ("White a3 → b4", "Black on c3")."""

from __future__ import annotations

from collections.abc import Hashable

from ..core.words import Words
from .engine import KitMove, KitState, split_points


class KitWords(Words[KitState]):
    """A kit game's words (``sheepkit.core.words``): its moves named by side and points."""

    def move_label(self, state: KitState, move: Hashable) -> str:
        if not isinstance(move, KitMove):
            return str(move)
        side = state.game.plan.sides[state.turn].name
        if move.placed:
            return f"{side} on {move.text}"
        joiner = " × " if move.taken else " → "
        return f"{side} {joiner.join(split_points(move.text))}"
