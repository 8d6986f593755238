"""Battle Sheep in words: a move's label and the board described for a screen reader."""

from __future__ import annotations

from collections.abc import Hashable

from ...core.contract import Frame
from ...core.words import PLAYER_SHAPES, Words
from . import geometry as geo
from .engine import BattleSheepState, Split, Start, Tile


class BattleSheepWords(Words[BattleSheepState]):
    """Battle Sheep's words: a move's label, the log's lines and the board in words
    (``sheepkit.core.words``)."""

    def move_label(self, state: BattleSheepState, move: Hashable) -> str:
        if isinstance(move, Tile):
            return f"Lay a tile at {geo.name(move.cell)}, turned {move.rotation}"
        if isinstance(move, Start):
            return f"Put your flock on {geo.name(move.cell)}"
        if isinstance(move, Split):
            return f"{move.count} sheep from {geo.name(move.source)} to {geo.name(move.target)}"
        return str(move)

    def describe(self, frame: Frame[BattleSheepState]) -> str:
        """The phase, the field's size and every stack by hex, owner and size; each player
        named with the shape the drawing gives their stacks."""
        state = frame.state
        game = state.game
        status = str(state).splitlines()[0].lstrip("# ")
        pastures = len(geo.cells_of(state.field)) if state.field else 0
        lines = [status, f"The field has {pastures} pastures (hexes)."]
        stacks = state.stacks()
        scores = state.scores()
        for player in range(game.rules.players):
            mine = [
                f"{size} on {geo.name(cell)}" for cell, owner, size in stacks if owner == player
            ]
            held = ", ".join(mine) if mine else "no sheep on the field yet"
            shape = PLAYER_SHAPES[player]
            lines.append(
                f"{game.player_name(player)} ({shape}s): {held}; {scores[player]} pastures."
            )
        if frame.selection:  # (cell, count): the stack picked and how many sheep go
            cell, count = frame.selection
            lines.append(f"Picked: {count} sheep of the stack on {geo.name(cell)}.")
        return "\n".join(lines)
