"""The Sheep Race lesson: exact dice odds, simulated places, and the value of each bet."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from ...lab import Tournament, mean_interval, tournament
from ...play import play_game
from .bots import SensibleBot, StrongBot
from .cards import Card
from .engine import RaceMove, SheepRace, SheepRaceState, SheepRaceView
from .rules import LANES, lane_odds

#: What makes every choice in a simulated tournament: ``chooser(view, legal, rng) -> move``.
Chooser = Callable[[SheepRaceView, Sequence[RaceMove], random.Random], RaceMove]


def odds_table(game: SheepRace | None = None) -> list[dict[str, Any]]:
    """One row per lane: the chance the dice name it in a semifinal and in the final, beside
    Table 1 and Table 2 (what a bet on that lane pays)."""
    rules = (game or SheepRace()).rules
    semi, final = lane_odds(rules.semifinal_dice), lane_odds(rules.final_dice)
    rows = []
    for name in semi:
        lane = int(name.split()[1]) - 1 if name.startswith("lane") else None
        rows.append(
            {
                "named": name,
                "semifinal": semi[name],
                "final": final[name],
                "1st": rules.semifinal_payoffs[0][lane] if lane is not None else "",
                "2nd": rules.semifinal_payoffs[1][lane] if lane is not None else "",
                "3rd": rules.semifinal_payoffs[2][lane] if lane is not None else "",
                "final pays": rules.final_payoffs[lane] if lane is not None else "",
            }
        )
    return rows


def _random_pace(view: SheepRaceView, legal: Sequence[RaceMove], rng: random.Random) -> RaceMove:
    return legal[rng.randrange(len(legal))]


def play_races(
    game: SheepRace, tournaments: int, seed: int = 0, chooser: Chooser = _random_pace
) -> list[SheepRaceState]:
    """Whole tournaments, each seeded (``seed`` and its number); ``chooser(view, legal, rng)``
    makes every choice at every seat (random by default). Returns the final states."""
    seats = [chooser] * game.num_players
    finals = []
    for n in range(tournaments):
        final = play_game(game, seats, seed=seed * 100_003 + n)
        assert isinstance(final, SheepRaceState)
        finals.append(final)
    return finals


@dataclass
class Places:
    """How often each lane and each card finished 1st, 2nd, 3rd (semifinals) and won the
    final, over ``races`` semifinals and ``finals`` finals."""

    races: int
    finals: int
    lanes: list[list[int]]  # [lane][place]: semifinal placings by lane
    cards: dict[str, list[int]]  # card -> [1st, 2nd, 3rd] in semifinals
    runs: dict[str, int]  # card -> semifinals run
    final_lanes: list[int]  # final wins by lane

    def card_win_rates(self) -> dict[str, float]:
        """The share of its semifinals each card won (1 in 6 would be an even share)."""
        return {c: self.cards[c][0] / self.runs[c] for c in self.cards if self.runs[c]}

    def bet_values(self) -> list[dict[str, float]]:
        """The average points of one semifinal bet and one final bet on each lane."""
        return [
            {
                "lane": lane + 1,
                "semifinal bet": sum(
                    self.lanes[lane][k] / self.races * self.table[k][lane] for k in range(3)
                ),
                "final bet": self.final_lanes[lane] / self.finals * self.final_pay[lane],
            }
            for lane in range(LANES)
        ]

    def bet_intervals(self) -> list[dict[str, tuple[float, float]]]:
        """The 95% interval of each value of :meth:`bet_values`: a bet's points in each race
        are independent values (the table's pay for its place, or 0), so the t interval of
        their mean. Two lanes whose intervals overlap cannot be told apart by these races."""
        found = []
        for lane in range(LANES):
            semifinal = [0.0] * (self.races - sum(self.lanes[lane]))
            for k in range(3):
                semifinal += [float(self.table[k][lane])] * self.lanes[lane][k]
            won = self.final_lanes[lane]
            final = [float(self.final_pay[lane])] * won + [0.0] * (self.finals - won)
            found.append(
                {"semifinal bet": mean_interval(semifinal), "final bet": mean_interval(final)}
            )
        return found

    table: tuple[tuple[int, ...], ...] = ()
    final_pay: tuple[int, ...] = ()


def places(
    game: SheepRace, tournaments: int, seed: int = 0, chooser: Chooser = _random_pace
) -> Places:
    """Count the places of every lane and card over ``tournaments`` simulated tournaments."""
    lanes = [[0, 0, 0] for _ in range(LANES)]
    names = game.card_names
    cards = {n: [0, 0, 0] for n in names}
    runs = dict.fromkeys(names, 0)
    final_lanes = [0] * LANES
    races = 0
    for state in play_races(game, tournaments, seed, chooser):
        for result in state.results:
            if result.race == 2:
                final_lanes[result.placings[0]] += 1
                continue
            races += 1
            for place, (lane, card) in enumerate(zip(result.placings, result.cards, strict=True)):
                lanes[lane][place] += 1
                cards[names[card]][place] += 1
        for card in range(len(names)):
            runs[names[card]] += 1  # every card runs in exactly one semifinal
    rules = game.rules
    return Places(
        races,
        tournaments,
        lanes,
        cards,
        runs,
        final_lanes,
        rules.semifinal_payoffs,
        rules.final_payoffs,
    )


def dominated(cards: Sequence[Card]) -> list[tuple[str, str]]:
    """Pairs (better, worse) where one card is at least as good in every number (each cube
    colour and each pace): a card like that would make the other pointless."""
    pairs = []
    for a in cards:
        for b in cards:
            if a is not b and all(x >= y for x, y in zip(a[1:], b[1:], strict=True)):
                pairs.append((a[0], b[0]))
    return pairs


def card_balance(
    game: SheepRace, tournaments: int, seed: int = 0, chooser: Chooser = _random_pace
) -> dict[str, float]:
    """Each card's share of semifinal wins in the races it ran (1/6 is an even share)."""
    return places(game, tournaments, seed, chooser).card_win_rates()


def bot_round_robin(
    games_per_pairing: int = 5, seed: int = 1, players: int = 2, strong_iterations: int = 0
) -> Tournament:
    """Random and Sensible (and Strong, given ``strong_iterations``) in a seeded round robin
    of whole tournaments, every bot in every seat order. The Strong bot searches that many
    imagined races per decision with no time limit, so the table is the same on any
    computer."""
    bots: dict[str, Any] = {"Random": "Random", "Sensible": SensibleBot}
    if strong_iterations:
        bots["Strong"] = StrongBot(iterations=strong_iterations, time_limit=None)
    game = SheepRace(players=players)
    return tournament(game, bots, games_per_pairing, seed, executor="serial", progress=None)
