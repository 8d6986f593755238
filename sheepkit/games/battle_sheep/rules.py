"""The rule parameters of Battle Sheep."""

from __future__ import annotations

from dataclasses import dataclass

from ...core import InvalidRules, Rules, rule

#: How the field comes about: built by the players tile by tile ("placement"), drawn at random
#: from the rule ``seed`` ("random"), or one of the ready-made shapes (see fields.py).
FIELDS = ("placement", "random", "tight", "open", "holes")
READY_FIELDS = ("tight", "open", "holes")
#: How a tie on pastures is broken: the largest connected group of one's pastures (the
#: published game and the notes), the most sheep on one connected group (the rule text's
#: wording), or not at all.
TIE_BREAKS = ("group", "group_sheep", "shared")


@dataclass(frozen=True)
class BattleSheepRules(Rules):
    players: int = rule(2, "Number of players, each with one colour of sheep.", min=2, max=4)
    field: str = rule(
        "placement",
        "How the field is made: 'placement' (the players lay their tiles in turn, as in the "
        "printed rules), 'random' (a field drawn from the seed), or a ready-made field: "
        "'tight' (compact), 'open' (long arms) or 'holes' (with holes in the middle).",
        choices=FIELDS,
        choice_labels={
            "placement": "Lay the tiles",
            "random": "Random field",
            "tight": "Ready field: tight",
            "open": "Ready field: open",
            "holes": "Ready field: holes",
        },
        setup=True,
    )
    seed: int = rule(
        0,
        "With field='random': the seed the field is drawn from (same seed, same field).",
        min=0,
        max=10**9,
    )
    sheep: int = rule(16, "Sheep in each player's starting stack.", min=2, max=32)
    tiles: int = rule(4, "Pasture tiles per player (each tile is four hexes).", min=1, max=6)
    tie_break: str = rule(
        "group",
        "Who wins a tie on pastures: 'group' (largest connected group of your pastures), "
        "'group_sheep' (most sheep on one connected group, as the rule text words it), or "
        "'shared' (no tie-break).",
        choices=TIE_BREAKS,
    )

    def check(self) -> None:
        if self.players * self.tiles > 20:
            raise InvalidRules(
                f"rule 'tiles': {self.players} players x {self.tiles} tiles do not fit on "
                "the table (at most 20 tiles in all)",
                "tiles",
            )
