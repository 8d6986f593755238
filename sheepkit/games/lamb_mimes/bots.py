"""Bots for Lamb Mimes. They see views only: their hand, the table and the Pasture they saw."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ...bots import MCTSBot
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


def _round_rewards(state: Any, before: tuple[int, ...]) -> list[float]:
    """How good the end of a round is for each player, in [0, 1]. A match is won by taking
    fewer points than the others, so each player scores by how far their points this round
    lie below the others' average: 0.5 when level, 1 for going out while the others took the
    most anyone took, 0 for the reverse."""
    gained = [s - b for s, b in zip(state.totals, before, strict=True)]
    worst, total, n = max(gained), sum(gained), len(gained)
    if worst <= 0:
        return [0.5] * n
    return [0.5 + ((total - g) / (n - 1) - g) / (2 * worst) for g in gained]


class StrongBot(MCTSBot):
    """Determinized Monte Carlo tree search (the generic MCTSBot) that looks ahead to the end
    of the round only: a whole match is too long to imagine, and the points of this round are
    what a move can change."""

    name = "Strong"

    def __init__(
        self, iterations: int = 1000, time_limit: float | None = 1.5, exploration: float = 0.7
    ) -> None:
        super().__init__(iterations, time_limit, exploration)
        self._before: tuple[int, ...] = ()
        self._round = 0
        self.description = (
            f"Thinks ahead: before each decision it imagines up to {iterations} ways the cards "
            "it cannot see might lie (consistent with everything it has seen), plays each "
            "imagined round to its end, and picks the move that did best. It never peeks."
        )

    def choose(self, view: Any, legal_moves: Sequence[Any], rng: random.Random) -> Any:
        self._before, self._round = view.scores, view.round_no
        return super().choose(view, legal_moves, rng)

    # Imagined rounds: shed a Lamb Mime whenever one fits, else move at random (cheap, and a
    # little less foolish than random); stop when the round ends and score the round.
    def rollout_move(self, state: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        mime = next((m for m in legal if m.__class__ is Play and m.card >= NUMBER_CARDS), None)
        return mime or rng.choice(legal)

    def rollout_ends(self, state: Any) -> bool:
        return state.round_no != self._round

    def rollout_rewards(self, state: Any, players: int) -> list[float]:
        if state.is_over or not state.game.rules.match:
            return super().rollout_rewards(state, players)  # the winners of the game
        return _round_rewards(state, self._before)
