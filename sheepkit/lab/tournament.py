"""tournament: a round robin in every seat order, Bradley-Terry (Elo-scale) ratings, a leaderboard.

Ratings: every game is turned into head-to-head results between the bots in it (the winner
beats each loser; two winners, or two losers, draw), and the Bradley-Terry model - the
model behind Elo - is fitted to all of them by maximum likelihood with Hunter's (2004) MM
iterations. Each bot also gets one imaginary draw against every other bot, so that a bot
that never loses still gets a finite rating. Ratings are on the Elo scale (400 points = 10
times the odds of winning) with the average at 1500. Their uncertainty comes from a seeded
parametric bootstrap: every pairing's games are replayed as coin flips with the fitted
chances, and the ratings refitted. (Resampling the games themselves fails exactly where it
matters most: a bot that won all 20 games would get the same rating in every resample and
an interval of ±0.)

Seat rotation makes a round robin fair, but in an asymmetric game (one side nearly always
wins, e.g. the wolves of Wolf and Sheep between good bots) it also hides the bots' skill:
each bot wins as that side and loses as the other, and every rating comes out near 1500.
Where one seat wins clearly more often than another (their 95% intervals do not overlap),
the tournament says so (``favoured``) and also rates each bot by side (``sides``): one fit
in which a bot in one seat is a different player from the same bot in another.
"""

from __future__ import annotations

import dataclasses
import itertools
import math
import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NamedTuple

from ..core import Game
from .results import GameRow, Results
from .runner import Batch, BotSpec, ExecutorChoice, Job, Progress, as_game, game_seed, run_batches
from .simulate import seat_names
from .stats import Interval, wilson

ELO_MEAN = 1500.0


def seatings(players: int, entrants: int) -> list[tuple[int, ...]]:
    """Every group of ``players`` bots, each in every cyclic seat order (all ordered pairs for
    two players). With fewer bots than seats, the bots repeat round the table, rotated."""
    if entrants < 2:
        raise ValueError("a tournament needs at least two bots")
    if entrants >= players:
        groups = list(itertools.combinations(range(entrants), players))
    else:
        groups = [tuple(seat % entrants for seat in range(players))]
    return [group[r:] + group[:r] for group in groups for r in range(players)]


Pair = tuple[int, int, float]  # (bot a, bot b, a's score against b: 1, 0.5 or 0)


def pairings(row: GameRow) -> list[Pair]:
    """A game as head-to-head results between the different bots in it."""
    out = []
    for a, b in itertools.combinations(range(len(row.lineup)), 2):
        i, j = row.lineup[a], row.lineup[b]
        if i != j:
            won_a, won_b = a in row.winners, b in row.winners
            out.append((i, j, 0.5 if won_a == won_b else float(won_a)))
    return out


def bradley_terry(pairs: Sequence[Pair], entrants: int, prior: float = 1.0) -> list[float]:
    """Elo-scale ratings fitted by maximum likelihood (Hunter's MM algorithm).

    ``prior`` imaginary games, drawn, between every two bots keep ratings finite.
    """
    wins = [0.0] * entrants
    games = [[0.0] * entrants for _ in range(entrants)]
    for i, j, score in pairs:
        wins[i] += score
        wins[j] += 1 - score
        games[i][j] += 1
        games[j][i] += 1
    for i, j in itertools.combinations(range(entrants), 2):
        wins[i] += prior / 2
        wins[j] += prior / 2
        games[i][j] += prior
        games[j][i] += prior
    strength = [1.0] * entrants
    for _ in range(10_000):
        updated = []
        for i in range(entrants):
            # A plain loop, not sum() over a generator: the by-side fit of an asymmetric
            # tournament refits this hundreds of times. Same terms, same order.
            own, row, denominator = strength[i], games[i], 0.0
            for j in range(entrants):
                if j != i:
                    denominator += row[j] / (own + strength[j])
            updated.append(wins[i] / denominator if denominator else own)
        centre = math.exp(sum(math.log(s) for s in updated) / entrants)
        updated = [s / centre for s in updated]
        change = max(abs(math.log(u / s)) for u, s in zip(updated, strength))
        strength = updated
        if change < 1e-10:
            break
    return [ELO_MEAN + 400 * math.log10(s) for s in strength]


class Standing(NamedTuple):
    """One line of the leaderboard."""

    name: str
    games: int
    wins: float  # a shared win counts as a part
    win_rate: float
    win_interval: Interval
    rating: float
    rating_interval: Interval


@dataclass
class Tournament:
    """The games (``results``), and the leaderboard, strongest first.

    ``favoured`` names the seat that won clearly more often than another (None when none
    did); ``sides`` then holds, for each seat, the bots' standings when they sat there, rated
    by side (see the module's docstring)."""

    game: str
    entrants: tuple[str, ...]
    results: Results
    leaderboard: list[Standing]
    favoured: str | None = None
    sides: dict[str, list[Standing]] = field(default_factory=dict)

    @property
    def note(self) -> str:
        """What the reader of the leaderboard must know about seats, in words ("" if nothing)."""
        if self.favoured is None:
            return ""
        rates = seat_rates(self.results)
        seat = self.results.seat_names.index(self.favoured)
        return (
            f"{self.favoured} won {rates[seat]:.0%} of the games: the seat weighs on the result "
            "as well as the bot, and with the seats rotated every bot's overall rating is "
            "pulled towards 1500. The bots are also rated by side."
        )

    def table(self) -> list[dict[str, Any]]:
        """The leaderboard as plain dicts (rank from 1)."""
        return [
            {"rank": rank, **standing._asdict()}
            for rank, standing in enumerate(self.leaderboard, start=1)
        ]

    def __str__(self) -> str:
        lines = _table(self.leaderboard)
        if self.favoured is not None:
            lines.append(self.note)
            for side, board in self.sides.items():
                lines += [f"As {side}:", *_table(board)]
        return "\n".join(lines)


def _table(board: Sequence[Standing]) -> list[str]:
    lines = [f"{'':>3} {'bot':<16}{'games':>6}{'win rate':>22}{'rating':>18}"]
    for rank, s in enumerate(board, start=1):
        low, high = s.win_interval
        rating = f"{s.rating:.0f} ± {(s.rating_interval[1] - s.rating_interval[0]) / 2:.0f}"
        lines.append(
            f"{rank:>3} {s.name:<16}{s.games:>6}{s.win_rate:>8.0%} [{low:.0%}, {high:.0%}]"
            f"{rating:>18}"
        )
    return lines


def seat_rates(results: Results) -> list[float]:
    """Each seat's share of the wins (a shared win counts as a part)."""
    n = len(results.rows)
    return [
        sum(row.credit(seat) for row in results.rows) / n if n else 0.0
        for seat in range(results.players)
    ]


def favoured_seat(results: Results, confidence: float = 0.95) -> str | None:
    """The seat that won clearly more often than some other seat (their intervals do not
    overlap), or None: the game is asymmetric, as far as these games show."""
    n = len(results.rows)
    if n == 0 or results.players < 2:
        return None
    rates = seat_rates(results)
    best = max(range(results.players), key=lambda seat: rates[seat])
    worst = min(range(results.players), key=lambda seat: rates[seat])
    low = wilson(rates[best] * n, n, confidence)[0]
    high = wilson(rates[worst] * n, n, confidence)[1]
    return results.seat_names[best] if low > high else None


def by_side(results: Results, *, reps: int = 200, seed: int = 0) -> dict[str, list[Standing]]:
    """Each seat's standings: every bot rated as a player of that side only (one fit in which
    a bot in another seat is another player), strongest first."""
    seats = results.seat_names
    k = len(results.entrants)
    # Player (entrant, seat) is number seat * k + entrant.
    rows = [
        dataclasses.replace(row, lineup=tuple(s * k + e for s, e in enumerate(row.lineup)))
        for row in results.rows
    ]
    players = [(seat, name) for seat in seats for name in results.entrants]
    split = dataclasses.replace(results, entrants=tuple(map(str, range(len(players)))), rows=rows)
    sides: dict[str, list[Standing]] = {seat: [] for seat in seats}
    for s in leaderboard(split, reps=reps, seed=seed):  # strongest first
        seat, name = players[int(s.name)]
        if s.games:
            sides[seat].append(s._replace(name=name))
    return sides


def make_tournament(
    results: Results, names: Sequence[str], *, reps: int = 200, seed: int = 0
) -> Tournament:
    """The Tournament of a round robin's results: the leaderboard, and where a seat is
    favoured, the standings by side."""
    board = leaderboard(results, reps=reps, seed=seed)
    favoured = favoured_seat(results)
    sides = by_side(results, reps=reps, seed=seed) if favoured is not None else {}
    return Tournament(results.game, tuple(names), results, board, favoured, sides)


def leaderboard(
    results: Results, *, reps: int = 200, seed: int = 0, confidence: float = 0.95
) -> list[Standing]:
    """Standings from any results table: games, wins, win rate and rating with intervals."""
    k = len(results.entrants)
    games = [0] * k
    wins = [0.0] * k
    for row in results.rows:
        for seat, entrant in enumerate(row.lineup):
            games[entrant] += 1
            wins[entrant] += row.credit(seat)
    pairs = [p for row in results.rows for p in pairings(row)]
    ratings = bradley_terry(pairs, k)
    met: dict[tuple[int, int], int] = {}
    for i, j, _ in pairs:
        met[(i, j)] = met.get((i, j), 0) + 1
    rng = random.Random(f"sheepkit-tournament-{seed}")
    samples: list[list[float]] = [[] for _ in range(k)]
    for _ in range(reps if pairs else 0):
        drawn: list[Pair] = []
        for (i, j), count in met.items():
            chance = 1 / (1 + 10 ** ((ratings[j] - ratings[i]) / 400))
            drawn += [(i, j, float(rng.random() < chance)) for _ in range(count)]
        for i, rating in enumerate(bradley_terry(drawn, k)):
            samples[i].append(rating)
    tail = (1 - confidence) / 2

    def interval(values: list[float], centre: float) -> Interval:
        if not values:
            return (centre, centre)
        values.sort()
        return (values[int(tail * len(values))], values[math.ceil((1 - tail) * len(values)) - 1])

    board = [
        Standing(
            name,
            games[i],
            wins[i],
            wins[i] / games[i] if games[i] else 0.0,
            wilson(wins[i], games[i], confidence),
            ratings[i],
            interval(samples[i], ratings[i]),
        )
        for i, name in enumerate(results.entrants)
    ]
    return sorted(board, key=lambda s: -s.rating)


def tournament(
    game: Game | str,
    bots: Mapping[str, BotSpec],
    games_per_pairing: int = 20,
    seed: int = 0,
    *,
    reps: int = 200,
    max_plies: int | None = None,
    executor: ExecutorChoice = None,
    chunk: int | None = None,
    progress: Progress = "auto",
    stop: Callable[[], bool] | None = None,
) -> Tournament:
    """A round robin between ``bots`` (name -> bot, as ``simulate`` accepts them).

    Every group of bots plays ``games_per_pairing`` games in each seat order (with two
    players: every ordered pair), so no bot gains from a lucky seat. Game ``j`` overall is
    seeded from ``(seed, j)``. ``reps`` bootstrap refits give the rating intervals.
    Runs like ``simulate`` (``executor``, ``chunk``, ``progress``, ``stop``).
    """
    game = as_game(game)
    names = tuple(bots)
    specs = tuple(bots.values())
    jobs: list[Job] = []
    for seating in seatings(game.num_players, len(specs)):
        for _ in range(games_per_pairing):
            index = len(jobs)
            jobs.append((index, seating, game_seed(seed, index)))
    outcome = run_batches(
        [Batch(game, specs, jobs, max_plies)],
        executor=executor,
        chunk=chunk,
        progress=progress,
        stop=stop,
        label="tournament",
    )
    results = Results(
        game=game.name,
        rules=game.rules.changes(),
        players=game.num_players,
        seat_names=seat_names(game),
        entrants=names,
        seed=seed,
        requested=len(jobs),
        rotate=True,
        rows=outcome.rows[0],
        stopped=outcome.stopped,
        how=outcome.how,
        note=outcome.note,
        seconds=outcome.seconds,
    )
    return make_tournament(results, names, reps=reps, seed=seed)
