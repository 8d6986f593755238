"""The Battle Sheep lesson's pictures: the rules shown on small boards, the ready-made
fields, and territory as the bots count it. The positions and numbers are in :mod:`.lesson`;
the pictures are drawn by the app's own board drawing (sheepkit.ui.picture).
"""

from __future__ import annotations

from typing import Any

from ...ui.picture import picture, pictures
from .bots import first_reached
from .drawing import GRASS, BattleSheepDrawing
from .engine import BattleSheep, BattleSheepState, Split
from .lesson import READY, position, strong_move

#: Pictures use a smaller canvas than the app, shrunk less, so that their text stays readable.
PICTURE_SIZE = (400, 330)


def _picture(state: BattleSheepState, caption: str, move: str | None = None, **kw: Any) -> Any:
    kw.setdefault(
        "drawing", BattleSheepDrawing(width=PICTURE_SIZE[0], height=PICTURE_SIZE[1], hints=False)
    )
    if move is None:
        return picture(state, caption=caption, **kw)
    split = state.parse(move)
    if not isinstance(split, Split):
        raise ValueError(f"{move!r} is not a split: a before-and-after picture shows one")
    selection = (split.source, split.count)
    marks = kw["drawing"].selected_moves(state, selection)
    return picture(state, caption=caption, selection=selection, highlights=marks, **kw)


def before_after(text: str, move: str, before: str, after: str, scale: float = 0.75) -> Any:
    """Two pictures: the position with the chosen stack and its end hexes marked, then the
    position after ``move``."""
    state = position(text)
    return pictures(
        _picture(state, before, move, scale=scale),
        _picture(state.play(move), after, scale=scale),
    )


def rule_picture(text: str, caption: str, scale: float = 0.75, **rules: Any) -> Any:
    """One position, with its caption."""
    return _picture(position(text, **rules), caption, scale=scale)


def field_pictures(scale: float = 0.7) -> Any:
    """The three ready-made fields for two players (8 tiles each)."""
    words = {
        "tight": "<b>tight</b>: packed close",
        "open": "<b>open</b>: long arms",
        "holes": "<b>holes</b>: gaps inside",
    }
    return pictures(
        *(_picture(BattleSheep(field=f).new_game(), words[f], scale=scale) for f in READY)
    )


#: Light tints of the players' colours for territory, and grey for a contested pasture.
TINTS = ("#A9CCE8", "#F2C2A0", "#9FD9C6", "#EBC6DA")
CONTESTED = "#CFCFCF"


def territory_picture(state: BattleSheepState, caption: str, scale: float = 0.75) -> Any:
    """``state`` with every empty pasture tinted in the colour of the player who reaches it
    first (grey: two players at once), as the bots count territory."""
    owners = first_reached(state)

    class TerritoryDrawing(BattleSheepDrawing):
        def pasture_colour(self, state: BattleSheepState, cell: int) -> str:
            owner = owners.get(cell)
            if owner is None:
                return GRASS
            return CONTESTED if owner == -2 else TINTS[owner]

    return picture(
        state,
        caption=caption,
        scale=scale,
        drawing=TerritoryDrawing(width=PICTURE_SIZE[0], height=PICTURE_SIZE[1], hints=False),
    )


def territory_pictures(text: str) -> Any:
    """Territory before and after the Strong bot's move in the position ``text``."""

    def reached(state: BattleSheepState) -> str:
        owners = list(first_reached(state).values())
        return f"Player 1 reaches {owners.count(0)} empty hexes first, Player 2 {owners.count(1)}"

    state = position(text)
    move, _ = strong_move(state)
    after = state.play(move)
    return pictures(
        territory_picture(state, f"Before: {reached(state)}."),
        territory_picture(after, f"After the Strong bot's {move}: {reached(after)}."),
    )
