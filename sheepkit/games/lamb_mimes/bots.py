"""Bots for Lamb Mimes. They see views only: their hand, the table and the Pasture they saw."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ...bots import MCTSBot
from ...core.contract import BotFactory
from ...platform import browser_weaker
from .engine import (
    OWN,
    SRC,
    Flip,
    LambMimes,
    LambMimesMove,
    LambMimesState,
    LambMimesView,
    Pass,
    Place,
    Play,
)
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

    def choose(
        self, view: LambMimesView, legal_moves: Sequence[LambMimesMove], rng: random.Random
    ) -> LambMimesMove:
        v = view
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


def _round_rewards(state: LambMimesState, before: tuple[int, ...]) -> list[float]:
    """How good the end of a round is for each player, in [0, 1]. A match is won by taking
    fewer points than the others, so each player scores by how far their points this round
    lie below the others' average: 0.5 when level, 1 for going out while the others took the
    most anyone took, 0 for the reverse."""
    gained = [s - b for s, b in zip(state.points, before, strict=True)]
    worst, total, n = max(gained), sum(gained), len(gained)
    if worst <= 0:
        return [0.5] * n
    return [0.5 + ((total - g) / (n - 1) - g) / (2 * worst) for g in gained]


def best_moves(state: LambMimesState, legal: Sequence[LambMimesMove]) -> list[LambMimesMove]:
    """The moves the Memory bot would rate best, found fast on a full state (no view is
    built): a fitting Lamb Mime; else the fitting cards that leave the most hand cards
    playable on them; else a flip of a Pasture card the mover knows fits, then of an unknown
    one; and in the Pasture the costliest card, one that would not fit. Only what the mover
    may know is used: a card another player hid in the Pasture counts as unknown."""
    first = legal[0]
    kind = first.__class__
    if kind is Pass:
        return [first]
    turn = state.turn
    hand = state.hands[turn]
    plays_on = state.game.plays_on
    if kind is Place:
        if hand[-1] >= NUMBER_CARDS:  # hands are sorted: a Mime is last
            return [Place(hand[-1])]
        ok = plays_on[state.discard[-1]]
        return [m for m in legal if isinstance(m, Place) and m.card not in ok] or list(legal)
    best: list[LambMimesMove] = []
    best_value = -1
    if kind is Play:
        for move in legal:
            if not isinstance(move, Play):
                break  # flips follow the plays when flipping is allowed anyway
            card = move.card
            if card >= NUMBER_CARDS:
                return [move]
            follow = plays_on[card]
            value = sum(1 for c in hand if c in follow)
            if value > best_value:
                best, best_value = [move], value
            elif value == best_value:
                best.append(move)
        return best
    ok = plays_on[state.discard[-1]]
    spots = state.spots
    for move in legal:
        assert isinstance(move, Flip)  # a turn without plays offers flips only
        spot = spots[move.spot]
        assert spot is not None  # only a spot holding a card is flipped
        if spot[0] == SRC or (spot[0] == OWN and spot[2] != turn):
            value = 1  # unknown to the mover: might help
        else:
            value = 2 if spot[1] < NUMBER_CARDS and spot[1] in ok else 0
        if value > best_value:
            best, best_value = [move], value
        elif value == best_value:
            best.append(move)
    return best


def playout_move(
    state: LambMimesState, legal: Sequence[LambMimesMove], rng: random.Random
) -> LambMimesMove:
    """One of ``best_moves``, at random."""
    best = best_moves(state, legal)
    return best[0] if len(best) == 1 else rng.choice(best)


class StrongBot(MCTSBot[LambMimesState, LambMimesMove]):
    """Determinized Monte Carlo tree search (the generic MCTSBot) that looks ahead to the end
    of the round only: a whole match is too long to imagine, and the points of this round are
    what a move can change. Imagined players follow ``best_moves`` (with ``epsilon`` of
    random moves). Luck decides so many rounds that the search's value estimates are noisy:
    it takes the Memory bot's choice unless another move did better by more than ``margin``."""

    name = "Strong"

    def __init__(
        self,
        iterations: int = 3000,
        time_limit: float | None = 1.5,
        exploration: float = 0.7,
        epsilon: float = 0.1,
        margin: float = 0.03,
    ) -> None:
        super().__init__(iterations, time_limit, exploration)
        self.epsilon = epsilon
        self.margin = margin
        self._preferred: list[Any] = []
        self._before: tuple[int, ...] = ()
        self._round = 0
        self.description = browser_weaker(
            f"Thinks ahead: before each decision it imagines up to {iterations} ways the cards "
            "it cannot see might lie (consistent with everything it has seen) and plays each "
            "imagined round to its end, every imagined player playing much like the Memory "
            "bot. It makes the Memory bot's move unless another move did clearly better in "
            "its imagined rounds. It never peeks."
        )

    def choose(
        self, view: LambMimesView, legal_moves: Sequence[LambMimesMove], rng: random.Random
    ) -> LambMimesMove:
        self._before, self._round = view.points, view.round_no
        if len(legal_moves) > 1:
            self._preferred = best_moves(view.determinize(rng), legal_moves)
        return super().choose(view, legal_moves, rng)

    def final_choice(self, stats: dict[Any, tuple[int, float]], legal: list[Any]) -> Any:
        # The search is noisy: it leaves the Memory bot's choice only for a move whose
        # imagined rounds went clearly better (by more than ``margin``).
        searched = super().final_choice(stats, legal)
        preferred = [m for m in self._preferred if m in stats]
        if not preferred or searched in preferred:
            return searched
        safe = max(preferred, key=stats.__getitem__)
        return searched if stats[searched][1] - stats[safe][1] > self.margin else safe

    # Imagined rounds: every imagined player plays roughly like the Memory bot (see
    # ``playout_move``), with a little randomness so that the imagined rounds vary.
    def rollout_move(
        self, state: LambMimesState, legal: Sequence[LambMimesMove], rng: random.Random
    ) -> LambMimesMove:
        if self.epsilon and rng.random() < self.epsilon:
            return rng.choice(legal)
        return playout_move(state, legal, rng)

    def rollout_ends(self, state: LambMimesState) -> bool:
        return state.round_no != self._round

    def rollout_rewards(self, state: LambMimesState, players: int) -> list[float]:
        if state.is_over or not state.game.rules.match:
            return super().rollout_rewards(state, players)  # the winners of the game
        return _round_rewards(state, self._before)


def bots_for(game: LambMimes) -> dict[str, BotFactory]:
    """This game's own bots, weakest first (Random and MCTS are added by sheepkit.bots)."""
    return {"Sensible": SensibleBot, "Memory": MemoryBot, "Strong": StrongBot}
