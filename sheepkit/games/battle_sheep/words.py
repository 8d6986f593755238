"""Battle Sheep in words: a move's label."""

from __future__ import annotations

from collections.abc import Hashable

from ...core.words import Words
from . import geometry as geo
from .engine import BattleSheepState, Split, Start, Tile


class BattleSheepWords(Words[BattleSheepState]):
    """Battle Sheep's words: a move's label and the log's lines (``sheepkit.core.words``)."""

    def move_label(self, state: BattleSheepState, move: Hashable) -> str:
        if isinstance(move, Tile):
            return f"Lay a tile at {geo.name(move.cell)}, turned {move.rotation}"
        if isinstance(move, Start):
            return f"Put your flock on {geo.name(move.cell)}"
        if isinstance(move, Split):
            return f"{move.count} sheep from {geo.name(move.source)} to {geo.name(move.target)}"
        return str(move)
