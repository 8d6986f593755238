"""The board kit's games in words: a move's label ("White a3 → b4", "Black on c3") and the
board described for a screen reader."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any

from ..core.contract import Frame
from ..core.words import Words
from .engine import KitMove, KitState, split_points


def picked_moves(state: KitState, selection: Any) -> tuple[KitMove, ...]:
    """The legal moves that go on from the points picked so far (``selection``, a tuple)."""
    if not isinstance(selection, tuple) or not selection:
        return ()
    n = len(selection)
    return tuple(m for m in state.legal_moves() if len(m.path) > n and m.path[:n] == selection)


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

    def describe(self, frame: Frame[KitState]) -> str:
        state = frame.state
        plan = state.game.plan
        names = plan.names
        lines = [plan.board.describe()]
        for i, side in enumerate(plan.sides):
            where = [names[p] for p, o in enumerate(state.board) if o == i]
            lines.append(
                f"{side.name} ({plan.marks[i]}): "
                + (", ".join(where) if where else "no pieces on the board")
                + "."
            )
        if state.history:
            lines.append(f"Last move: {state.history[-1]}.")
        selected = picked_moves(state, frame.selection)
        if selected:
            picked = frame.selection
            goes = ", ".join(dict.fromkeys(names[m.path[len(picked)]] for m in selected))
            lines.append(f"Picked: the piece on {names[picked[-1]]}; it may go to {goes}.")
        for line in str(state).splitlines()[len(plan.board_rows) :]:
            lines.append(line if line.endswith(".") else f"{line}.")
        return "\n".join(lines)
