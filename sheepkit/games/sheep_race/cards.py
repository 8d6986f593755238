"""The twelve sheep cards as plain data.

The rule text prints one card only, Requeijao. The other eleven are OURS (sheepkit's
invention, named after cheeses to match): each trades breath (how many cubes, which colours)
against pace (how far a trot and a gallop go). ``sheepkit.games.sheep_race.lesson`` checks by
simulation that every card can win a race and that none dominates.

A card is ``(name, blue, red, white, walk, trot, gallop)``: starting cubes, then the spaces
moved at each pace. Walk is always 1 in the text.
"""

from __future__ import annotations

Card = tuple[str, int, int, int, int, int, int]

#: The card printed in the rule text.
PRINTED = ("Requeijao",)

CARDS: tuple[Card, ...] = (
    ("Requeijao", 1, 1, 1, 1, 2, 6),  # from the rule text
    # -- ours from here on --
    ("Feta", 2, 1, 0, 1, 3, 5),
    ("Brie", 3, 0, 0, 1, 3, 6),
    ("Gouda", 1, 2, 0, 1, 1, 6),
    ("Ricotta", 0, 1, 2, 1, 3, 5),
    ("Pecorino", 2, 0, 1, 1, 3, 6),
    ("Roquefort", 0, 2, 0, 1, 2, 5),
    ("Manchego", 1, 0, 2, 1, 3, 5),
    ("Halloumi", 1, 1, 0, 1, 3, 6),
    ("Camembert", 1, 1, 0, 1, 4, 5),
    ("Mozzarella", 2, 0, 0, 1, 2, 7),
    ("Cheddar", 0, 3, 0, 1, 2, 4),
)
