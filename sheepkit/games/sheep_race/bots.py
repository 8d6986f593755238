"""Bots for The Sheep Race. Each sees only its own view: other players' hidden bets are
unknown to it (``(-1, -1)``), and it never asks for them."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ...bots.mcts import MCTSBot
from .engine import HIDDEN_BETS, Bet, Hidden, Pace, SheepRaceView
from .rules import LANE_OF_TOTAL, LANES, LAZY


def selection_chances(dice: tuple) -> list[float]:
    """How often each lane is named by the dice (the Lazy Sheep's share left out)."""
    a, b = dice
    counts = [0] * LANES
    for x in a:
        for y in b:
            lane = LANE_OF_TOTAL[x + y]
            if lane != LAZY:
                counts[lane - 1] += 1
    return [c / (len(a) * len(b)) for c in counts]


def strengths(view: SheepRaceView) -> list[float]:
    """A rough chance of doing well for each lane's sheep: how often it is picked, times
    how far its card runs, plus the ground already covered."""
    game = view.game
    rules = game.rules
    chances = selection_chances(rules.final_dice if view.race == 2 else rules.semifinal_dice)
    out = []
    for lane in range(LANES):
        _, b, r, w, walk, trot, gallop = rules.cards[view.lanes[lane]]
        speed = (walk + trot + gallop) / 3 + (b + r + w) / 2
        ahead = 1 + view.pos[lane] / (rules.track + 1)
        out.append((chances[lane] + 0.05) * speed * ahead * ahead)
    total = sum(out)
    return [s / total for s in out]


def bet_values(view: SheepRaceView) -> list[float]:
    """The rough expected points of a bet on each lane."""
    rules = view.game.rules
    share = strengths(view)
    if view.race == 2:
        return [share[lane] * rules.final_payoffs[lane] for lane in range(LANES)]
    table = rules.semifinal_payoffs
    # A strong sheep places in the top three roughly three times as often as it wins.
    return [
        min(1.0, 3 * share[lane]) * sum(row[lane] for row in table) / 3 for lane in range(LANES)
    ]


class SensibleBot:
    name = "Sensible"
    description = (
        "Bets on the sheep with the best expected points (how often the dice pick its lane, "
        "how fast its card is, what its lane pays). In the race it runs its own sheep as fast "
        "as their breath allows and holds the other sheep back."
    )

    def choose(self, view: Any, legal_moves: Sequence[Any], rng: random.Random) -> Any:
        first = legal_moves[0]
        if isinstance(first, Pace):
            return self._pace(view, legal_moves)
        values = bet_values(view)
        if isinstance(first, Bet):
            return max(legal_moves, key=lambda m: values[m.lane])
        if isinstance(first, Hidden):
            return max(legal_moves, key=lambda m: sum(values[lane] for lane in m.lanes))
        return rng.choice(list(legal_moves))

    def _pace(self, view: SheepRaceView, legal: Sequence[Pace]) -> Pace:
        lane = view.selected
        mine = view.hidden[view.player]
        backed = lane == view.visible[view.player] or (mine != HIDDEN_BETS and lane in mine)
        game = view.game
        card = view.lanes[lane]
        track = game.rules.track

        def reach(move: Pace) -> int:
            return view.pos[lane] + game.distance(card, move.pace)

        def exhausts(move: Pace) -> bool:
            b, r, w = view.cubes[lane]
            left = b + r + w - (2 if move == Pace("gallop", "blue") else 1)
            return bool(move.cube) and left == 0 and game.end_zone <= reach(move) <= track

        # Keep white cubes (they work at any pace) and avoid exhaustion for our own sheep.
        cost = {"red": 0, "blue": 1, "white": 2, "": 0}
        if backed:
            return max(
                legal, key=lambda m: (reach(m) > track, not exhausts(m), reach(m), -cost[m.cube])
            )
        return min(legal, key=lambda m: (not exhausts(m), reach(m), cost[m.cube]))


class StrongBot(MCTSBot):
    """MCTS over determinized views with a time budget fit for the app."""

    name = "Strong"

    def __init__(self, iterations: int = 600, time_limit: float | None = 1.5) -> None:
        super().__init__(iterations=iterations, time_limit=time_limit)
        self.description = (
            "Monte Carlo tree search: guesses the hidden bets it cannot see, plays each "
            f"choice out in up to {iterations} imagined tournaments (about {time_limit} s), "
            "and picks the choice that won most often."
        )
