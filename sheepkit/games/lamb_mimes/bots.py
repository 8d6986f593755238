"""Bots for Lamb Mimes. They see views only: their hand, the table and the Pasture they saw."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from .engine import Flip, LambMimesView, Pass, Place, Play
from .rules import NUMBER_CARDS, points


class SensibleBot:
    """Sheds Lamb Mimes first, then keeps options open; ``memory`` switches Pasture recall."""

    name = "Sensible"
    description = (
        "Plays a Lamb Mime whenever it can (they cost 5 points), otherwise the card that leaves "
        "the most of its other cards playable next. Out of plays, it flips a Pasture card at "
        "random: it does not remember what it has seen there."
    )
    memory = False

    def choose(self, view: Any, legal_moves: Sequence[Any], rng: random.Random) -> Any:
        v: LambMimesView = view
        plays_on = v.game.plays_on
        moves = list(legal_moves)
        plays = [m for m in moves if isinstance(m, Play)]
        if plays:

            def value(move: Play) -> tuple[int, int, float]:
                rest = list(v.hand)
                rest.remove(move.card)
                follow = sum(1 for c in rest if c in plays_on[move.card])
                return (points(move.card), follow, rng.random())

            return max(plays, key=value)
        places = [m for m in moves if isinstance(m, Place)]
        if places:
            # Hide the costliest card; among equals the one least playable on the top card.
            top = v.discard[-1]
            return max(
                places, key=lambda m: (points(m.card), m.card not in plays_on[top], rng.random())
            )
        flips = [m for m in moves if isinstance(m, Flip)]
        if not flips:
            return next((m for m in moves if isinstance(m, Pass)), moves[0])
        if not self.memory:
            return rng.choice(flips)
        top = v.discard[-1]

        def promise(move: Flip) -> tuple[int, float]:
            spot = v.pasture[move.spot]
            if isinstance(spot, tuple):  # a card it saw there, or put there itself
                card = spot[1]
                return (2 if card < NUMBER_CARDS and card in plays_on[top] else 0, rng.random())
            return (1, rng.random())  # unknown: might help

        return max(flips, key=promise)


class MemoryBot(SensibleBot):
    name = "Memory"
    description = (
        "Plays like the Sensible bot, but remembers the Pasture: it flips a card it knows is "
        "playable first, then one it has not seen, and a card it knows is useless only when "
        "nothing else is left."
    )
    memory = True
