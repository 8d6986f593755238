"""The rule parameters of The Sheep Race: dice, payoff tables, track and cards as plain data.

The rule text leaves the track length and eleven of the twelve cards open; our choices are
fields here, documented in ``seeds/sheep_race.md``.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction

from ...core import InvalidRules, Rules, rule
from .cards import CARDS, Card

LANES = 6
END_ZONE = 5  # the last five squares of each lane
#: Breath cubes in the box (the supply): red, white, blue.
SUPPLY = {"blue": 19, "red": 14, "white": 7}
COLOURS = ("blue", "red", "white")
PACES = ("walk", "trot", "gallop")

#: Two dice, each a tuple of its faces.
Dice = tuple[tuple[int, ...], tuple[int, ...]]

SEMIFINAL_DICE: Dice = ((1, 2, 3, 4, 5, 6), (1, 2, 3, 0, 0, 0))
FINAL_DICE: Dice = ((1, 2, 3, 4, 5, 6), (2, 0, 0, 0, 0, 0))
#: Table 1: points for a sheep placed 1st, 2nd, 3rd, by its lane 1-6.
SEMIFINAL_PAYOFFS = ((12, 11, 9, 8, 7, 6), (9, 8, 6, 5, 4, 3), (7, 6, 4, 3, 2, 1))
#: Table 2: points for the winner of the final, by its lane 1-6.
FINAL_PAYOFFS = (18, 17, 16, 15, 14, 13)
#: A dice total of 1-6 selects that lane, 7 lane 6, 8 lane 5, 9 the Lazy Sheep (0 here).
LAZY = 0
LANE_OF_TOTAL = {1: 1, 2: 2, 3: 3, 4: 4, 5: 5, 6: 6, 7: 6, 8: 5, 9: LAZY}
#: The track length we chose (the text gives none): see the rulings in seeds/sheep_race.md.
DEFAULT_TRACK = 16


#: Bounds on the structured rules, so that every value is one a race can use: a die of at
#: most 20 faces, table entries and bonuses of at most 100 points.
MAX_FACES = 20
MAX_POINTS = 100
MAX_PACE = 40  # spaces: the longest track


def _is_int(value: object) -> bool:
    return type(value) is int  # a bool is not a number of a rule table


def _check_dice(name: str, dice: object) -> None:
    ok = (
        isinstance(dice, tuple)
        and len(dice) == 2
        and all(isinstance(d, tuple) and d and all(_is_int(f) for f in d) for d in dice)
    )
    if not ok:
        raise InvalidRules(
            f"rule {name!r} must be two dice, each a list of whole-number faces; got "
            f"{_short(dice)}",
            name,
        )
    assert isinstance(dice, tuple)
    if any(len(d) > MAX_FACES for d in dice):
        raise InvalidRules(
            f"rule {name!r}: a die has at most {MAX_FACES} faces; got "
            f"{' and '.join(str(len(d)) for d in dice)}",
            name,
        )
    bad = {a + b for a in set(dice[0]) for b in set(dice[1])} - set(LANE_OF_TOTAL)
    if bad:
        raise InvalidRules(
            f"rule {name!r}: every total must be 1-9 (1-6 a lane, 7 lane 6, 8 lane 5, 9 the "
            f"Lazy Sheep); these dice can total {sorted(bad)}",
            name,
        )


def _points(row: object, length: int) -> bool:
    """True when ``row`` is ``length`` whole numbers of points (0 to MAX_POINTS)."""
    return (
        isinstance(row, tuple)
        and len(row) == length
        and all(_is_int(v) and 0 <= v <= MAX_POINTS for v in row)
    )


def _short(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 80 else text[:77] + "..."


@dataclass(frozen=True)
class SheepRaceRules(Rules):
    players: int = rule(4, "Number of players.", min=2, max=6)
    races: str = rule(
        "tournament",
        "The two semifinals and the final, or one race: the first semifinal alone, scored as "
        "usual (a game that fits a lesson).",
        choices=("tournament", "one race"),
        choice_labels={"tournament": "Two semifinals and a final", "one race": "One race"},
        setup=True,
    )
    track: int = rule(
        DEFAULT_TRACK,
        "Squares in each lane from the Starting Line to the Finish Line; the last five are "
        "the End Zone (the text gives no length: ours).",
        min=6,
        max=40,
    )
    semifinal_dice: tuple[tuple[int, ...], tuple[int, ...]] = rule(
        SEMIFINAL_DICE, "The two dice of the semifinals (1 to 20 whole-number faces each)."
    )
    final_dice: tuple[tuple[int, ...], tuple[int, ...]] = rule(
        FINAL_DICE, "The two dice of the final (1 to 20 faces each)."
    )
    semifinal_payoffs: tuple[tuple[int, ...], ...] = rule(
        SEMIFINAL_PAYOFFS, "Table 1: points for 1st, 2nd and 3rd place by lane 1-6."
    )
    final_payoffs: tuple[int, ...] = rule(
        FINAL_PAYOFFS, "Table 2: points for the final's winner by lane."
    )
    bonus: tuple[int, ...] = rule(
        (1, 3), "Semifinal bonus for betting on 2 and on 3 of the placed sheep."
    )
    cards: tuple[Card, ...] = rule(
        CARDS,
        "The 12 sheep cards: name, blue, red, white cubes, walk, trot, gallop spaces "
        "(the walk is always 1; only Requeijao is printed, the other eleven are ours).",
    )

    def check(self) -> None:
        _check_dice("semifinal_dice", self.semifinal_dice)
        _check_dice("final_dice", self.final_dice)
        table = self.semifinal_payoffs
        if not (len(table) == 3 and all(_points(row, LANES) for row in table)):
            raise InvalidRules(
                "rule 'semifinal_payoffs' must be 3 rows (1st, 2nd, 3rd) of 6 whole numbers "
                f"0-{MAX_POINTS}; got {_short(table)}",
                "semifinal_payoffs",
            )
        if not _points(self.final_payoffs, LANES):
            raise InvalidRules(
                f"rule 'final_payoffs' must be 6 whole numbers 0-{MAX_POINTS}; got "
                f"{_short(self.final_payoffs)}",
                "final_payoffs",
            )
        if not _points(self.bonus, 2):
            raise InvalidRules(
                f"rule 'bonus' must be two whole numbers 0-{MAX_POINTS}; got {_short(self.bonus)}",
                "bonus",
            )
        self._check_cards()

    def _check_cards(self) -> None:
        cards = self.cards
        if len(cards) != 2 * LANES:
            raise InvalidRules(f"rule 'cards' needs 12 cards, got {len(cards)}", "cards")
        for card in cards:
            ok = (
                isinstance(card, tuple)
                and len(card) == 7
                and isinstance(card[0], str)
                and card[0].isidentifier()
                and len(card[0]) <= 20
                and all(_is_int(v) and v >= 0 for v in card[1:])
            )
            if not ok:
                raise InvalidRules(
                    "each card is (name, blue, red, white, walk, trot, gallop) with a one-word "
                    f"name of at most 20 letters and whole numbers; got {_short(card)}",
                    "cards",
                )
            if not 1 <= sum(card[1:4]) <= 3 or min(card[5:]) < 1:
                raise InvalidRules(
                    f"rule 'cards': card {card[0]} needs 1 to 3 starting cubes (a card never "
                    "holds more than 3) and a trot and a gallop of at least 1",
                    "cards",
                )
            if card[4] != 1:
                raise InvalidRules(
                    f"rule 'cards': card {card[0]} walks {card[4]}; a walk is always 1 space",
                    "cards",
                )
            if max(card[5:]) > MAX_PACE:
                raise InvalidRules(
                    f"rule 'cards': card {card[0]} moves {max(card[5:])} spaces; a pace covers "
                    f"at most {MAX_PACE} (the longest track)",
                    "cards",
                )
        names = [c[0].lower() for c in cards]
        if len(set(names)) != len(names):
            raise InvalidRules("rule 'cards': two cards share a name", "cards")
        for i, colour in enumerate(COLOURS):
            most = sum(sorted((c[1:4][i] for c in cards), reverse=True)[:LANES])
            if most > SUPPLY[colour]:
                raise InvalidRules(
                    f"rule 'cards': six cards could need {most} {colour} cubes; the box holds "
                    f"{SUPPLY[colour]}",
                    "cards",
                )


def lane_odds(dice: Dice) -> dict[str, Fraction]:
    """The exact chance that one roll of ``dice`` names each lane (before any redirect to the
    Lazy Sheep because the named sheep is exhausted or across the line) or the Lazy Sheep."""
    a, b = dice
    counts = dict.fromkeys([*(f"lane {n}" for n in range(1, LANES + 1)), "Lazy Sheep"], 0)
    for x in a:
        for y in b:
            lane = LANE_OF_TOTAL[x + y]
            counts["Lazy Sheep" if lane == LAZY else f"lane {lane}"] += 1
    return {name: Fraction(c, len(a) * len(b)) for name, c in counts.items()}
