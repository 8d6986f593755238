"""The board kit: a game as a short declaration of a board, sides and goals.

    from sheepkit import kit

    game = kit.Game(
        "Noughts and Crosses",
        board=kit.squares(3),
        sides=[kit.Side("X", moves=[kit.place()]), kit.Side("O", moves=[kit.place()])],
        goals=[kit.in_a_row(3)],
    )
    kit.register(game)  # now sheepkit.load("noughts_and_crosses"), the app, the bots...

Everything else is derived: legal moves, notation, the text board, a drawing, check_game,
the bots, records and the Rule Lab's rules (board size, pieces, who starts, each goal's
number). docs/kit.md builds a game step by step and lists every board, move and goal.
Standard library only: it runs in the browser too.
"""

from __future__ import annotations

from typing import Any

from ..core import register as _register
from .boards import Board, DesignError, cross, hexes, lines, squares
from .drawing import KitDrawing
from .engine import Game, KitGame, KitMove, KitState
from .moves import (
    ALL,
    BACKWARD,
    DIAGONALS,
    FORWARD,
    FORWARD_AND_SIDEWAYS,
    FORWARD_DIAGONALS,
    NOT_BACKWARD,
    SIDEWAYS,
    STRAIGHT,
    MoveRule,
    drop,
    jump,
    place,
    slide,
    step,
)
from .sides import (
    Goal,
    Rows,
    Side,
    block,
    capture,
    get_past,
    in_a_row,
    most_pieces,
    move_limit,
    reach,
    rows,
    stall,
)
from .words import KitWords


def register(game: type[KitGame], **more: Any) -> type[KitGame]:
    """Make a kit game playable in the app and the lab, drawn by the kit's drawing."""
    return _register(game, drawing=KitDrawing, words=KitWords, **more)


__all__ = [
    "ALL",
    "BACKWARD",
    "DIAGONALS",
    "FORWARD",
    "FORWARD_AND_SIDEWAYS",
    "FORWARD_DIAGONALS",
    "NOT_BACKWARD",
    "SIDEWAYS",
    "STRAIGHT",
    "Board",
    "DesignError",
    "Game",
    "Goal",
    "KitDrawing",
    "KitGame",
    "KitMove",
    "KitState",
    "MoveRule",
    "Rows",
    "Side",
    "block",
    "capture",
    "cross",
    "drop",
    "get_past",
    "hexes",
    "in_a_row",
    "jump",
    "lines",
    "most_pieces",
    "move_limit",
    "place",
    "reach",
    "register",
    "rows",
    "slide",
    "squares",
    "stall",
    "step",
]
