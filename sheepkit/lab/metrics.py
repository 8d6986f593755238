"""Game-design metrics with confidence intervals, each explained in one plain sentence.

The choice of metrics follows the Ludii general game system's evaluation metrics
(Ludeme/Ludii, ``Evaluation/src/metrics``), simplified for a classroom:

* Balance (``outcome/Balance``: 1 minus the largest gap between two players' win rates) -
  here reported as the largest gap between a seat's win rate and the fair share, with each
  seat's win rate alongside (``AdvantageP1`` is the first seat's win rate).
* Completion and Drawishness (``outcome/Completion``, ``outcome/Drawishness``): the share of
  games that end before a cap, and the share that end with no winner.
* Duration (``duration/DurationTurns``, ``DurationTurnsStdDev``): mean length and spread.
* Decision moves (``complexity/DecisionMoves``: share of moves with more than one option)
  and the mean branching factor, both averaged per game first.
* Lead change (``stateEvaluation/LeadChange``: how often the expected winner changes) and
  Drama (``multiple/metrics/Drama``: moves where the eventual winner was behind). Ludii judges
  "ahead" with a search's evaluation of every position; we use the score after each turn, so
  these metrics exist only for games that keep score during play. Unlike Ludii we count a
  change only between two different sole leaders (a tie is nobody's lead), so an opening full
  of ties does not count as drama.

Games are the independent units: every mean is taken over per-game values (t interval), every
proportion over games (Wilson interval), and anything else is bootstrapped over games.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Sequence
from typing import Literal, NamedTuple

from .results import GameRow, Results
from .stats import Interval, bootstrap, mean_interval, wilson

#: What a metric's value is, so that tables and charts show it without reading its name:
#: "rate" a share between 0 and 1 (shown as a percentage), "count" a whole number of things,
#: "number" any other quantity (a mean length, a spread).
MetricKind = Literal["rate", "count", "number"]


class Metric(NamedTuple):
    """One line of a report: (name, value, interval, explanation), with what kind of value it
    is and, for a seat's own figure (its win rate), the name of that seat."""

    name: str
    value: float | None
    interval: Interval | None
    explanation: str
    kind: MetricKind = "number"
    seat: str | None = None

    def __str__(self) -> str:
        if self.value is None:
            return f"{self.name}: -  ({self.explanation})"
        shown = f"{self.value:.3g}"
        if self.interval is not None:
            shown += f" [{self.interval[0]:.3g}, {self.interval[1]:.3g}]"
        return f"{self.name}: {shown}  ({self.explanation})"


def _proportion(
    name: str, hits: float, total: int, explanation: str, seat: str | None = None
) -> Metric:
    if total == 0:
        return Metric(name, None, None, explanation, "rate", seat)
    return Metric(name, hits / total, wilson(hits, total), explanation, "rate", seat)


def _mean(
    name: str, values: Sequence[float], explanation: str, kind: MetricKind = "number"
) -> Metric:
    """The mean of per-game values (a "rate" when each is a share)."""
    if not values:
        return Metric(name, None, None, explanation, kind)
    return Metric(name, statistics.fmean(values), mean_interval(values), explanation, kind)


# -- seats and balance ----------------------------------------------------------------------
def seat_win_rates(results: Results) -> list[Metric]:
    """Each seat's share of wins (a shared win counts as a part), whoever sat there."""
    n = len(results)
    return [
        _proportion(
            f"Win rate: {name}",
            sum(row.credit(seat) for row in results.rows),
            n,
            f"How often {name} won. With {results.players} seats a fair game gives each "
            f"about {1 / results.players:.0%} (less if there are draws).",
            seat=name,
        )
        for seat, name in enumerate(results.seat_names)
    ]


def _imbalance(rows: Sequence[GameRow], players: int) -> float:
    rates = [sum(row.credit(seat) for row in rows) / len(rows) for seat in range(players)]
    fair = statistics.fmean(rates)  # the same for every seat; draws lower it for all
    return max(abs(rate - fair) for rate in rates)


def balance(results: Results, seed: int = 0) -> Metric:
    """The largest gap between a seat's win rate and the fair share (bootstrap interval)."""
    explanation = (
        "How far the luckiest or unluckiest seat is from a fair share of wins: 0 is perfectly "
        "fair; 0.1 means one seat wins 10 points more (or less) often than it should."
    )
    rows = results.rows
    if not rows:
        return Metric("Seat imbalance", None, None, explanation, "rate")
    players = results.players
    value = _imbalance(rows, players)
    interval = bootstrap(rows, lambda sample: _imbalance(sample, players), seed=seed)
    return Metric("Seat imbalance", value, interval, explanation, "rate")


# -- outcomes ---------------------------------------------------------------------------------
def completion(results: Results) -> Metric:
    return _proportion(
        "Completion",
        sum(not row.capped for row in results.rows),
        len(results),
        "The share of games that reached a proper end before the ply cap.",
    )


def draws(results: Results) -> Metric:
    finished = [row for row in results.rows if not row.capped]
    return _proportion(
        "Draws",
        sum(len(row.winners) != 1 for row in finished),
        len(finished),
        "The share of finished games with no single winner (a draw or a shared win).",
    )


def _sd(values: Sequence[float]) -> float:
    """Sample standard deviation in plain floats (statistics.stdev is exact but slow, and the
    bootstrap calls this hundreds of times)."""
    mean = sum(values) / len(values)
    return math.sqrt(sum((v - mean) ** 2 for v in values) / (len(values) - 1))


# -- duration ---------------------------------------------------------------------------------
def duration(
    results: Results, target: tuple[int, int] | None = None, seed: int = 0
) -> list[Metric]:
    """Mean length and spread in turns, and the share inside a designer's target range."""
    turns = [row.turns for row in results.rows]
    out = [
        _mean(
            "Length (turns)",
            turns,
            "How many decisions players make in a game, on average (dice rolls not counted).",
        ),
        _mean(
            "Length (plies)",
            [row.plies for row in results.rows],
            "Moves plus dice rolls and card draws per game, on average.",
        ),
    ]
    explanation = (
        "The standard deviation of game length in turns: small means every game takes about "
        "as long; large means some games are short and others drag on."
    )
    if len(turns) >= 2:
        spread = statistics.stdev(turns)
        interval = bootstrap(turns, _sd, seed=seed)
        out.append(Metric("Length spread (turns)", spread, interval, explanation))
    else:
        out.append(Metric("Length spread (turns)", None, None, explanation))
    if target is not None:
        low, high = target
        out.append(
            _proportion(
                f"Length in {low}-{high} turns",
                sum(low <= t <= high for t in turns),
                len(turns),
                f"The share of games whose length falls in the designer's target of {low} to "
                f"{high} turns.",
            )
        )
    return out


# -- decisions --------------------------------------------------------------------------------
def decisions(results: Results) -> list[Metric]:
    """Share of turns with a real choice, and the mean number of options (per game first)."""
    played = [row for row in results.rows if row.choices]
    return [
        _mean(
            "Real choices",
            [sum(c > 1 for c in row.choices) / len(row.choices) for row in played],
            "The share of turns where the player had more than one legal move: 1 means every "
            "turn is a decision, 0 means the game plays itself.",
            "rate",
        ),
        _mean(
            "Branching factor",
            [statistics.fmean(row.choices) for row in played],
            "How many legal moves a player has to choose from on a turn, on average.",
        ),
    ]


# -- drama ------------------------------------------------------------------------------------
def sole_leader(scores: Sequence[float]) -> int | None:
    """The one player with the highest score, or None when the top is shared."""
    best = max(scores)
    top = [p for p, s in enumerate(scores) if s == best]
    return top[0] if len(top) == 1 else None


def lead_changes(trace: Sequence[Sequence[float]]) -> int:
    """How many times the sole leader changed to a different sole leader (ties skipped)."""
    changes = 0
    last = None
    for scores in trace:
        leader = sole_leader(scores)
        if leader is not None:
            if last is not None and leader != last:
                changes += 1
            last = leader
    return changes


def winner_was_behind(row: GameRow) -> bool:
    """True when the game's single winner trailed someone after some turn (a comeback)."""
    (winner,) = row.winners
    return any(scores[winner] < max(scores) for scores in row.score_trace)


def drama(results: Results) -> list[Metric]:
    traced = [row for row in results.rows if row.score_trace]
    if not traced:
        why = "not measured: this game keeps no score during play"
        return [
            Metric("Lead changes", None, None, why),
            Metric("Comebacks", None, None, why, "rate"),
        ]
    decided = [row for row in traced if len(row.winners) == 1]
    return [
        _mean(
            "Lead changes",
            [lead_changes(row.score_trace) for row in traced],
            "How many times per game the player in the lead changes (by score after each "
            "turn): 0 means whoever gets ahead first stays ahead.",
        ),
        _proportion(
            "Comebacks",
            sum(winner_was_behind(row) for row in decided),
            len(decided),
            "The share of won games in which the winner was behind at some point.",
        ),
    ]


# -- skill ------------------------------------------------------------------------------------
def entrant_wins(results: Results) -> list[float]:
    """Each entrant's total win credit, over whichever seats it sat in."""
    wins = [0.0] * len(results.entrants)
    for row in results.rows:
        for seat, entrant in enumerate(row.lineup):
            wins[entrant] += row.credit(seat)
    return wins


def entrant_win_rates(results: Results) -> list[Metric]:
    """Each bot's share of wins (only when the bots differ)."""
    if len(set(results.entrants)) < 2:
        return []
    wins = entrant_wins(results)
    n = len(results)
    return [
        _proportion(
            f"Win rate: {name} (bot {i + 1})",
            wins[i],
            n,
            f"How often the bot {name} won, in whichever seat it sat.",
        )
        for i, name in enumerate(results.entrants)
    ]


def skill(results: Results, stronger: int | None = None) -> Metric:
    """How often the stronger of two bots wins: 0.5 is pure luck, 1.0 pure skill.

    ``stronger`` is the index of the bot known to be stronger; by default, the one that won
    more often here (which leans a little towards "skill" when there are few games).
    """
    name = "Stronger bot wins"
    explanation = (
        "Of two different bots, how often the one that won more often wins a game: near 50% "
        "the game is mostly luck, near 100% skill decides. Rotate seats for a fair test."
    )
    if len(results.entrants) != 2 or len(set(results.entrants)) != 2 or not results.rows:
        return Metric(name, None, None, "not measured: needs exactly two different bots", "rate")
    wins = entrant_wins(results)
    strong = stronger if stronger is not None else (0 if wins[0] >= wins[1] else 1)
    return _proportion(name, wins[strong], len(results), explanation)


# -- everything -------------------------------------------------------------------------------
def report(
    results: Results, *, target: tuple[int, int] | None = None, seed: int = 0
) -> list[Metric]:
    """Every metric for a results table, as (name, value, interval, explanation) rows.

    ``target`` is a designer's wished-for length range in turns, e.g. ``(20, 40)``; ``seed``
    seeds the bootstrap intervals. Values are None where a metric does not apply.
    """
    rows: list[Metric] = [
        Metric("Games", float(len(results)), None, "How many games were played.", "count"),
    ]
    rows += seat_win_rates(results)
    rows.append(balance(results, seed))
    rows += entrant_win_rates(results)
    rows.append(skill(results))
    rows += [completion(results), draws(results)]
    rows += duration(results, target, seed)
    rows += decisions(results)
    rows += drama(results)
    return rows


def format_report(metrics: Sequence[Metric]) -> str:
    """The report as text, one metric a line."""
    return "\n".join(str(m) for m in metrics)
