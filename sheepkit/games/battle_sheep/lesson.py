"""The Battle Sheep lesson in numbers: the rules' example positions, and seeded measurements
of the game.

Every number the lesson's text quotes comes from a seeded run here, so it comes out the same
every time. The pictures of these positions are in :mod:`.pictures` (this module imports no
widgets).
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import sheepkit

from ...bots import RandomBot
from ...lab import mean_interval, wilson
from ...play import play_game
from . import geometry as geo
from .bots import GreedyBot, StrongBot, evaluate, territory
from .engine import BattleSheep, BattleSheepState, Move

Interval = tuple[float, float]

# -- the rules' example positions ------------------------------------------------------------
SPLIT = """
@c3
.   .   .   .   .
  .   A16 .   .   .
.   .   .   .   B16
"""
EDGE = """
@c3
.   .   .   .   -   -
  A10 .   .   .   -   -
B6  .   .   -   -   -
"""
BEFORE_STACK = """
@c3
.   .   .   .   .
  A10 .   .   B3  .
.   .   .   .   .
"""
BLOCKED = """
@c3
.   B1  B2  .
  A1  A9  B1  .
.   A1  B3  .
"""
TIE = """
@c3
A1  A1  -   B1  B1
  -   -   -   B1  -
A1  -   -   -   -
"""
#: The ready-made fields, for pictures.
READY = ("tight", "open", "holes")


def position(text: str, players: int = 2, **rules: Any) -> BattleSheepState:
    """A made-up position in the text board format, Player 1 to move."""
    return BattleSheep(players=players, **rules).from_text(text)


# -- measurements ------------------------------------------------------------------------------
@dataclass(frozen=True)
class Measure:
    """Seeded games of one kind: how long they last, and how often seat 1 wins."""

    name: str
    games: int
    length: float  # mean number of splits per game
    length_ci: Interval
    first: float  # share of the wins that went to Player 1 (a shared win is split)
    first_ci: Interval
    fair: float  # what the share would be if seats did not matter: 1 / players

    @property
    def result(self) -> str:
        """Player 1's share with its interval, in words: a pupil's copy line."""
        lo, hi = self.first_ci
        return (
            f"Player 1 wins {self.first:.1%} [{lo:.0%}, {hi:.0%}] of {self.games} games "
            f"(fair: {self.fair:.0%})"
        )

    def line(self) -> str:
        lo, hi = self.first_ci
        return (
            f"{self.name:<24} {self.length:5.1f} splits   Player 1 wins "
            f"{self.first:6.1%} [{lo:.0%}, {hi:.0%}] (fair: {self.fair:.0%})"
        )


@lru_cache(maxsize=64)
def measure(
    name: str, n: int, players: int = 2, field: str = "random", bot: str = "Random", seed: int = 0
) -> Measure:
    """``n`` games between copies of ``bot``; with field='random' every game has its own field
    (seeds seed, seed+1, ...), otherwise all games share the ready-made field."""
    lengths, first = [], 0.0
    for i in range(n):
        rules = {"players": players, "field": field, "seed": seed + i}
        game = sheepkit.load("battle_sheep", **rules)
        bots = [GreedyBot() if bot == "Greedy" else RandomBot() for _ in range(players)]
        final = play_game(game, bots, seed=seed + i)
        lengths.append(sum(1 for m in final.history if type(m).__name__ == "Split"))
        winners = final.winners()
        first += 1 / len(winners) if 0 in winners else 0.0
    return Measure(
        name,
        n,
        statistics.fmean(lengths),
        mean_interval(lengths),
        first / n,
        wilson(first, n),
        1 / players,
    )


def first_player(n_random: int = 300, n_greedy: int = 30, seed: int = 0) -> list[Measure]:
    """Player 1's share of wins with 2, 3 and 4 players: random players on many random
    fields, and two Greedy bots (slower, so fewer games)."""
    rows = [measure(f"{p} players, Random", n_random, players=p, seed=seed) for p in (2, 3, 4)]
    rows.append(measure("2 players, Greedy", n_greedy, bot="Greedy", seed=seed))
    return rows


def field_shapes(n: int = 300, seed: int = 0) -> list[Measure]:
    """Random players on the three ready-made fields, and on random fields."""
    return [
        measure(
            f"field '{field}'" if field in READY else "2 players, Random", n, field=field, seed=seed
        )
        for field in (*READY, "random")
    ]


def holes_table(fields: int = 300) -> list[tuple[int, int, float]]:
    """Random fields sorted by how many holes they have: (holes, fields, mean pastures that
    touch the outside). A field with holes has edges inside it too."""
    from .fields import random_field

    by_holes: dict[int, list[int]] = {}
    for seed in range(fields):
        field = random_field(seed, 8)
        by_holes.setdefault(min(geo.holes(field), 3), []).append(len(geo.outer_edge(field)))
    return [(h, len(v), statistics.fmean(v)) for h, v in sorted(by_holes.items())]


def strong_move(state: BattleSheepState, nodes: int = 3000) -> tuple[Move, int]:
    """The Strong bot's move in ``state`` with a fixed budget (the same every run)."""
    import random

    bot = StrongBot(nodes=nodes, time_limit=None)
    return bot.choose(state, state.legal_moves(), random.Random(0)), bot.depth_reached


def what_strong_sees(state: BattleSheepState, nodes: int = 3000) -> str:
    """What the Strong bot counts in ``state``, and the move it picks with a node budget."""

    claim, mobile, _ = territory(state)
    scores = state.scores()
    name = state.game.player_name
    lines = [f"{'':<16}{'pastures':>9}{'can claim':>10}{'stacks that move':>18}"]
    for p in range(state.game.rules.players):
        lines.append(f"{name(p):<16}{scores[p]:>9}{claim[p]:>10}{mobile[p]:>18}")
    me = state.to_move
    assert me is not None
    lines.append(f"Value for {name(me)}: {evaluate(state, me, (1.0, 0.0, 0.0)):+.0f}")
    move, depth = strong_move(state, nodes)
    after = state.play(move)
    lines.append(
        f"Strong plays {move} (searched {depth} moves deep); value after: "
        f"{evaluate(after, me, (1.0, 0.0, 0.0)):+.0f}"
    )
    return "\n".join(lines)
