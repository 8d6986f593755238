"""The Shave a Sheep lesson's analysis: game length, first-player advantage and how much
choice matters, for any rules, with 95% confidence intervals.

Everything is seeded, so the numbers the lesson's text quotes come out the same every run.
The pictures and the chart of these numbers are in :mod:`.pictures` (this module imports no
widgets).
"""

from __future__ import annotations

import dataclasses
import statistics
from dataclasses import dataclass

from ...lab import simulate, wilson
from ...lab.stats import mean_interval
from .rules import VARIANTS, ShaveASheepRules

Interval = tuple[float, float]
VARIANT_TITLES = {
    "base": "Base game",
    "cutting_costs": "Cutting costs",
    "howling_wolf": "Howling Wolf",
    "mr_wolf": "My friend Mr. Wolf",
}


@dataclass(frozen=True)
class Analysis:
    """What a designer asks of a rule set, each answer with its 95% interval."""

    name: str
    games: int
    length: float  # mean turns per game (random players)
    length_ci: Interval
    first: float  # the first player's share of wins between random players
    first_ci: Interval
    perfect_first: float | None  # the first player's exact share under perfect play (2p)
    skill: float  # the stronger bot's share of wins against random players
    skill_ci: Interval
    skilled: str  # which bot played against the random ones

    def lines(self) -> list[str]:
        lo, hi = self.length_ci
        out = [f"{self.name}: {self.games} games per question"]
        out.append(f"  length: {self.length:.1f} turns [{lo:.1f}, {hi:.1f}]")
        lo, hi = self.first_ci
        out.append(f"  first player wins (random play): {self.first:.1%} [{lo:.1%}, {hi:.1%}]")
        if self.perfect_first is not None:
            out.append(f"  first player wins (perfect play, exact): {self.perfect_first:.4f}")
        lo, hi = self.skill_ci
        out.append(
            f"  {self.skilled} beats Random: {self.skill:.1%} [{lo:.1%}, {hi:.1%}] of the wins"
        )
        return out

    def summary(self) -> str:
        """One line for a table of variants: length and skill, each with its interval."""
        (lo, hi), (slo, shi) = self.length_ci, self.skill_ci
        return (
            f"{self.name:<19} length {self.length:4.1f} [{lo:4.1f}, {hi:4.1f}] turns; "
            f"{self.skilled} wins {self.skill:.1%} [{slo:.1%}, {shi:.1%}]"
        )

    def __str__(self) -> str:
        return "\n".join(self.lines())


def analyse(
    rules: ShaveASheepRules | None = None, n: int = 300, seed: int = 0, name: str = ""
) -> Analysis:
    """Play ``n`` seeded games twice: random against random (length, first-player share),
    then the best bot against random players, seats rotated (how much choice matters).

    With two players the best bot plays perfectly (the game is solved first: a second or
    three); with more it is the Sensible bot, so the answer comes quickly.
    """
    from .engine import ShaveASheep

    rules = rules or ShaveASheepRules()
    known = _ANALYSES.get((rules, n, seed))
    if known is not None:  # the lesson asks about the base game twice: answer it once
        return dataclasses.replace(known, name=name or known.name)
    game = ShaveASheep(rules)
    players = rules.players
    # Serial: a process pool would solve the game again in every worker.
    random_games = simulate(game, ["Random"] * players, n, seed, executor="serial", progress=None)
    turns = [row.turns for row in random_games.rows]
    first = sum(row.credit(0) for row in random_games.rows)
    perfect = None
    skilled = "Sensible"
    if players == 2:
        from .solver import solve

        skilled = "Optimal"
        perfect = solve(rules).win_chances(game.new_game())[0]
    lineup = [skilled] + ["Random"] * (players - 1)
    duel = simulate(game, lineup, n, seed, rotate=True, executor="serial", progress=None)
    # Entrant 0 is the skilled bot; the rotation moves it round the seats.
    wins = sum(row.credit(row.lineup.index(0)) for row in duel.rows)
    analysis = _ANALYSES[(rules, n, seed)] = Analysis(
        name=name or "these rules",
        games=n,
        length=statistics.fmean(turns),
        length_ci=mean_interval(turns),
        first=first / n,
        first_ci=wilson(first, n),
        perfect_first=perfect,
        skill=wins / n,
        skill_ci=wilson(wins, n),
        skilled=skilled,
    )
    return analysis


_ANALYSES: dict[tuple[ShaveASheepRules, int, int], Analysis] = {}


def analyse_variants(n: int = 300, seed: int = 0, players: int = 2) -> list[Analysis]:
    """:func:`analyse` for the base game and every variant of the printed rules."""
    out = []
    for key, changes in VARIANTS.items():
        rules = ShaveASheepRules(players=players).replace(**changes)
        out.append(analyse(rules, n, seed, VARIANT_TITLES.get(key, key)))
    return out
