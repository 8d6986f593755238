"""The Lamb Mimes lesson's demonstrations and analyses, so that the notebook's cells stay short.

Everything is seeded: the numbers the lesson quotes come out the same on every run. No
widget is imported here (the pictures are in ``sheepkit.games.lamb_mimes.pictures``), so the
analyses run without Jupyter.
"""

from __future__ import annotations

import statistics
from collections.abc import Iterable
from dataclasses import dataclass

from ...lab import Tournament, game_seed, simulate, tournament
from ...lab.metrics import Metric, seat_win_rates
from ...lab.stats import Interval, mean_interval
from ...play import play_game
from .bots import MemoryBot, SensibleBot, StrongBot
from .engine import Card, LambMimes, LambMimesState
from .rules import NAMES


# -- the reshuffle -----------------------------------------------------------------------------
def reshuffle_demo() -> tuple[LambMimesState, LambMimesState, LambMimesState]:
    """Three moments of a reshuffle: the draw pile is empty and Player 1 must flip; the flip
    shows a red Lamb Mime (draw 4), so the discard pile, all but its top card, is turned
    over as the new draw pile; then the four cards are drawn and the spot refilled."""
    game = LambMimes(players=2, match=False)
    before = game.position(
        hands=[["2BO", "4BR"], ["1BR", "3GO", "5GR"]],
        discard=["3BG", "6BO", "6GR"],
        pasture=[None, ("public", "1BG"), ("public", "3OR"), ("public", "4BG")],
        pile_hidden=0,  # every unseen card but the Pasture's lies in the discard pile
    )
    reshuffled = before.play("flip 1").play("reveal mime-red")
    after = reshuffled
    for card in ("1GO", "5BO", "7BR", "2GR"):
        after = after.play(f"draw {card}")
    return before, reshuffled, after


def piles(state: LambMimesState) -> str:
    """The two piles in words: how many cards, and the discard pile's top card."""
    view = state.view(0)
    pile = view.pile_hidden + len(view.pile_known)
    return (
        f"draw pile {pile:>2} cards, discard pile {len(view.discard):>2} cards "
        f"(top {NAMES[view.discard[-1]]}); Player 1 holds {len(view.hand)}"
    )


# -- how long rounds and matches last ---------------------------------------------------------
@dataclass(frozen=True)
class Length:
    players: int
    games: int
    rounds: float  # per match
    rounds_ci: Interval
    turns: float
    turns_ci: Interval

    def __str__(self) -> str:
        return (
            f"{self.players} players: {self.rounds:4.1f} rounds [{self.rounds_ci[0]:4.1f}, "
            f"{self.rounds_ci[1]:4.1f}], {self.turns:5.1f} turns [{self.turns_ci[0]:5.1f}, "
            f"{self.turns_ci[1]:5.1f}]"
        )


def match_lengths(players: Iterable[int] = range(2, 7), n: int = 30, seed: int = 1) -> list[Length]:
    """How many rounds and turns (decisions) whole matches to 50 take, Memory bots all round."""
    out = []
    for count in players:
        game = LambMimes(players=count)
        rounds, turns = [], []
        for i in range(n):
            final = play_game(game, [MemoryBot() for _ in range(count)], game_seed(seed, i))
            assert isinstance(final, LambMimesState)
            rounds.append(final.round_no)
            turns.append(sum(not isinstance(m, Card) for m in final.history))
        out.append(
            Length(
                count,
                n,
                statistics.fmean(rounds),
                mean_interval(rounds),
                statistics.fmean(turns),
                mean_interval(turns),
            )
        )
    return out


# -- going first, and seven cards -----------------------------------------------------------
@dataclass(frozen=True)
class RoundStats:
    """Single rounds with one rule set: their length and the first player's share of wins."""

    players: int
    hand_size: int
    games: int
    turns: float
    turns_ci: Interval
    first: Metric  # the first player's win rate with its 95% interval (sheepkit.lab.metrics)

    def __str__(self) -> str:
        low, high = self.first.interval or (0.0, 1.0)
        return (
            f"{self.players} players, {self.hand_size} cards: {self.turns:4.1f} turns "
            f"[{self.turns_ci[0]:4.1f}, {self.turns_ci[1]:4.1f}]; first player wins "
            f"{self.first.value:.1%} [{low:.1%}, {high:.1%}] (fair share {1 / self.players:.0%})"
        )


def round_stats(players: int, hand_size: int = 5, n: int = 600, seed: int = 1) -> RoundStats:
    """``n`` seeded single rounds between Memory bots; Player 1 starts every one of them."""
    game = LambMimes(players=players, hand_size=hand_size, match=False)
    results = simulate(game, [MemoryBot] * players, n, seed, executor="serial", progress=None)
    turns = [row.turns for row in results.rows]
    return RoundStats(
        players,
        hand_size,
        n,
        statistics.fmean(turns),
        mean_interval(turns),
        seat_win_rates(results)[0],
    )


# -- bot strength ---------------------------------------------------------------------------
def bot_round_robin(
    games_per_pairing: int = 4, seed: int = 1, iterations: int = 100, players: int = 2
) -> Tournament:
    """Random, Sensible, Memory and Strong in a seeded round robin of single rounds.

    The Strong bot searches ``iterations`` imagined rounds per decision and has no time limit
    here, so the table is the same on a fast and a slow computer.
    """
    game = LambMimes(players=players, match=False)
    bots = {
        "Random": "Random",
        "Sensible": SensibleBot,
        "Memory": MemoryBot,
        "Strong": StrongBot(iterations=iterations, time_limit=None),
    }
    return tournament(game, bots, games_per_pairing, seed, executor="serial", progress=None)
