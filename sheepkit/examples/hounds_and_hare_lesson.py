"""The make-a-game lesson's two measurements of Hounds and Hare, which its cells call
(notebooks/make_a_game.ipynb): matches between Random and a quick MCTS from either side, and
the stall limit, measured with random players and settled with perfect play.

They play the game registered as "hounds_and_hare": in the lesson, the class's own (its Step
8 registers it), so what they measure is the game the pupils wrote.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, cast

import sheepkit

from .. import lab
from ..bots import MCTSBot
from .hounds_and_hare import HoundsAndHare, solve

NAME = "hounds_and_hare"
HARE = 1  # the hare's seat (the hounds are player 0)
TITLE = "Hounds and Hare"

# The lesson's explanations, shown after each prediction's result. They live here, not in the
# notebook's code, which pupils read in JupyterLab before they guess.
MATCHES_EXPLAINED = (
    "Random hounds open gaps, and the hare nearly always slips through. Thinking helps the "
    "hounds a lot: MCTS as the hounds wins only some of its games against a random hare, but "
    "random hounds almost none. The intervals lie far apart: a large, clear difference. As "
    "the hare, MCTS beats random hounds every time.\n\n"
    "Is the game then good for the hare? The lab measures the players as much as the rules."
)
STALL_EXPLAINED = (
    "With random players the stall limit hardly shows: random hounds lose anyway, a little "
    "sooner when they may stall less. With perfect players it decides the game. With 10 (or "
    "even 4) stalled moves allowed the hounds can always trap the hare; with 3 they cannot."
    "\n\nA rule that looks like a detail can be what makes a game fair, or not."
)


def share(wins: float, games: int) -> str:
    """A share of games with its 95% interval: "99% [96%, 100%]"."""
    low, high = lab.wilson(wins, games)
    return f"{wins / games:.0%} [{low:.0%}, {high:.0%}]"


@dataclass(frozen=True)
class Match:
    """``games`` seeded games of one pairing, and how many the hare won."""

    hounds: str
    hare: str
    games: int
    hare_wins: int

    def line(self) -> str:
        return (
            f"{self.hounds} hounds v {self.hare} hare: "
            f"the hare won {self.hare_wins} of {self.games}"
        )

    @property
    def says(self) -> str:
        """The result in words, with its interval."""
        return (
            f"the hare won {self.hare_wins} of {self.games} games "
            f"({share(self.hare_wins, self.games)})"
        )


def matches(seed: int = 1, iterations: int = 100) -> list[Match]:
    """Random against Random (200 games), then a quick MCTS (``iterations`` imagined games a
    move) as the hounds and as the hare against Random (10 games each: MCTS is slower)."""
    quick: MCTSBot[Any, Any] = MCTSBot(iterations=iterations)
    pairings = [("Random", "Random", 200), (quick, "Random", 10), ("Random", quick, 10)]
    played = []
    for hounds, hare, n in pairings:
        results = lab.simulate(NAME, [hounds, hare], n, seed=seed, executor="serial")
        hare_wins = sum(row.winners == (HARE,) for row in results.rows)
        hounds_name, hare_name = results.entrants
        played.append(Match(hounds_name, hare_name, n, hare_wins))
    return played


def matches_copy(played: Sequence[Match]) -> str:
    """The "copy my result" line of the matches."""
    results = "; ".join(
        f"{m.hounds} hounds v {m.hare} hare: {m.hare_wins}/{m.games}" for m in played
    )
    return f"{TITLE} | hare wins | {results}"


@dataclass(frozen=True)
class StallLimit:
    """One stall limit: random players' games, and who wins with perfect play."""

    limit: int
    random_hare: float  # the hare's share of the random games
    interval: tuple[float, float]
    length: float  # moves a random game lasts, on average
    perfect_winner: int  # 0 the hounds, 1 the hare
    plies: int  # moves a perfect game lasts

    @property
    def perfect(self) -> str:
        best = ("the hounds win", "the hare wins")[self.perfect_winner]
        return f"{best} in {self.plies} moves"

    @property
    def says(self) -> str:
        """Who wins with perfect play, in words."""
        return f"with a stall limit of {self.limit}, {self.perfect} (perfect play)"

    def line(self) -> str:
        low, high = self.interval
        return (
            f"stall limit {self.limit}: random hare wins {self.random_hare:.0%} "
            f"[{low:.0%}-{high:.0%}], {self.length:.1f} moves on average; "
            f"perfect play: {self.perfect}"
        )


def stall_limits(limits: Sequence[int] = (3, 10), n: int = 200, seed: int = 1) -> list[StallLimit]:
    """Each stall limit: ``n`` seeded games between random players (the same seeds under each
    limit), and the game solved (solve: every line of play)."""
    stalls = lab.sweep(
        NAME, "stall_limit", limits, ["Random", "Random"], n, seed=seed, executor="serial"
    )
    wins, lengths = stalls.series("Win rate: Hare"), stalls.series("Length (turns)")
    measured = []
    for i, limit in enumerate(limits):
        # The class's own game, whose states have the reference's fields (hare, hounds...).
        game = cast(HoundsAndHare, sheepkit.load(NAME, stall_limit=limit))
        winner, plies = solve(game)
        interval = (wins["low"][i], wins["high"][i])
        measured.append(
            StallLimit(limit, wins["values"][i], interval, lengths["values"][i], winner, plies)
        )
    return measured


def stall_copy(measured: Sequence[StallLimit]) -> str:
    """The "copy my result" line of the stall limits."""
    results = "; ".join(f"limit {s.limit}: perfect play: {s.perfect}" for s in measured)
    return f"{TITLE} | stall limit | {results}"
