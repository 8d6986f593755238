"""The rule parameters of Lamb Mimes and the deck as plain data.

Cards are small integers (kinds): the 42 number cards are ``pair * 7 + number - 1`` and the
four Lamb Mime kinds are 42 (blue) to 45 (red). The rule text leaves several points open;
each reading we chose is a field here, documented in ``seeds/lamb_mimes.md``.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...core import InvalidRules, Rules, rule

COLOURS = ("blue", "green", "orange", "red")
LETTERS = "BGOR"
#: The six two-colour combinations of the number cards: every pair of the four Mime colours.
PAIRS = ((0, 1), (0, 2), (0, 3), (1, 2), (1, 3), (2, 3))
NUMBER_CARDS = 42
KINDS = 46
MIMES = tuple(range(NUMBER_CARDS, KINDS))
#: How many cards of each kind the deck holds: one of each number card; 6/3/2/1 Mimes.
DECK = (1,) * NUMBER_CARDS + (6, 3, 2, 1)
DECK_SIZE = sum(DECK)  # 54
#: Cards drawn when a Mime of each colour is flipped in the Pasture (printed on the card).
MIME_DRAW = (1, 2, 3, 4)
PASTURE = 4


def colours_of(card: int) -> tuple[int, ...]:
    """The colour indices on a card: two for a number card, one for a Mime."""
    return (card - NUMBER_CARDS,) if card >= NUMBER_CARDS else PAIRS[card // 7]


def number_card(number: int, pair: int) -> int:
    return pair * 7 + number - 1


def card_name(card: int) -> str:
    """``5BG`` for a number card (number, then its two colour letters), ``mime-blue``."""
    if card >= NUMBER_CARDS:
        return "mime-" + COLOURS[card - NUMBER_CARDS]
    a, b = PAIRS[card // 7]
    return f"{card % 7 + 1}{LETTERS[a]}{LETTERS[b]}"


NAMES = tuple(card_name(c) for c in range(KINDS))
CARD_OF_NAME = {name.lower(): card for card, name in enumerate(NAMES)}
CARD_OF_NAME.update(
    {
        f"{n}{LETTERS[b]}{LETTERS[a]}".lower(): number_card(n, p)
        for p, (a, b) in enumerate(PAIRS)
        for n in range(1, 8)
    }
)


def parse_card(text: str) -> int:
    try:
        return CARD_OF_NAME[text.strip().lower()]
    except KeyError:
        raise ValueError(
            f"{text!r} is not a card: write a number card as number and two colour letters "
            "(B blue, G green, O orange, R red), e.g. 5BG, or a Mime as mime-blue"
        ) from None


def points(card: int) -> int:
    """What a card left in the hand costs at the end of a round."""
    return 5 if card >= NUMBER_CARDS else 2


@dataclass(frozen=True)
class LambMimesRules(Rules):
    players: int = rule(4, "Number of players.", min=2, max=6)
    hand_size: int = rule(5, "Cards dealt to each player at the start of a round.", min=3, max=10)
    target: int = rule(
        50, "The match ends after the round in which a score reaches this.", min=4, max=200
    )
    match: bool = rule(
        True,
        "Play the whole match (rounds until the target); off: a single round.",
        choice_labels={True: "A whole match", False: "One round"},
        setup=True,
    )
    mime_numbers: tuple[int, ...] = rule(
        MIME_DRAW,
        "The number printed on the blue, green, orange and red Lamb Mimes (the text gives "
        "none; we read the draw value as the card's number).",
    )
    seven_to_one: bool = rule(
        True, "After a 7 a 1 counts as one up. (It never makes a 1 equal to a 7.)"
    )
    mime_played: str = rule(
        "plain",
        "What playing a Lamb Mime from the hand does: 'plain' nothing more (the text gives its "
        "draw only for a Mime flipped in the Pasture); 'next_draws' the next player draws the "
        "Mime's draw value before their turn.",
        choices=("plain", "next_draws"),
    )
    mime_refill: str = rule(
        "pile",
        "A Mime flipped in the Pasture: 'pile' the flipper draws its value into the hand, then "
        "one more card goes face down from the draw pile to the empty spot; 'hand' the "
        "flipper draws value plus one and puts a hand card of their choice in the spot.",
        choices=("pile", "hand"),
    )
    flip_when_playable: bool = rule(
        False, "Allow flipping a Pasture card even when a hand card could be played."
    )
    empty_piles: str = rule(
        "short",
        "When a card must be drawn and the draw and discard piles are both used up: 'short' "
        "draw what there is (a Pasture spot may stay empty until the Pasture is renewed); "
        "'end_round' the round ends at once with no winner.",
        choices=("short", "end_round"),
    )
    match_end: str = rule(
        "reach",
        "'reach': the match ends when a score reaches the target; 'exceed': when it goes past.",
        choices=("reach", "exceed"),
    )
    tie: str = rule(
        "extra_round",
        "A tie for the lowest score at the end: 'extra_round' the tied players play one more "
        "round and its winner is champion; 'shared' they share the win.",
        choices=("extra_round", "shared"),
    )
    turn_limit: int = rule(
        300,
        "A safety valve: a round ends after this many turns with no winner, every hand scored.",
        min=20,
        max=5000,
    )

    def check(self) -> None:
        numbers = self.mime_numbers
        # type(n) is int: a bool is not a number (True would pass isinstance(n, int)).
        if len(numbers) != 4 or not all(type(n) is int and 1 <= n <= 7 for n in numbers):
            raise InvalidRules(
                f"rule 'mime_numbers' must give four numbers 1-7 (blue, green, orange, red); "
                f"got {numbers!r}",
                "mime_numbers",
            )
        # The starting discard must find a number card among the cards left after the deal
        # and the Pasture: at least 13 cards (all 12 Mimes and one more) must remain.
        if self.players * self.hand_size > DECK_SIZE - PASTURE - 13:
            raise InvalidRules(
                f"rule 'hand_size': {self.players} hands of {self.hand_size} leave too few "
                f"cards (at most {DECK_SIZE - PASTURE - 13} cards may be dealt)",
                "hand_size",
            )
