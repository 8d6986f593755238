"""The Shave a Sheep lesson's analysis: game length, first-player advantage and how much
choice matters, for any rules, with 95% confidence intervals; plus its pictures and charts.

Everything is seeded, so the numbers the lesson's text quotes come out the same every run.
matplotlib is imported only by the plotting function.
"""

from __future__ import annotations

import dataclasses
import statistics
from dataclasses import dataclass
from typing import Any

from ...lab import simulate, wilson
from ...lab.stats import mean_interval
from .rules import VARIANTS, ShaveASheepRules

Interval = tuple[float, float]
#: Okabe-Ito colours (colour-blind safe); every bar also carries its variant's name.
BAR_COLOURS = ("#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00")
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
        out.append(analyse(rules, n, seed, VARIANT_TITLES.get(key, key)))  # type: ignore[arg-type]
    return out


def plot(analyses: list[Analysis], title: str = "") -> Any:
    """Three bar charts with 95% intervals: length, first player's share, choice's effect.

    Each bar is labelled with its rule set and its value, so colour is never the only cue.
    """
    import matplotlib.pyplot as plt

    names = [a.name for a in analyses]
    colours = [BAR_COLOURS[i % len(BAR_COLOURS)] for i in range(len(analyses))]
    fig, axes = plt.subplots(1, 3, figsize=(12, 3.6), constrained_layout=True)
    panels = [
        ("Game length (turns)", [a.length for a in analyses], [a.length_ci for a in analyses]),
        (
            "First player wins (random play)",
            [a.first for a in analyses],
            [a.first_ci for a in analyses],
        ),
        (
            "Better player wins (vs Random)",
            [a.skill for a in analyses],
            [a.skill_ci for a in analyses],
        ),
    ]
    for ax, (label, values, cis) in zip(axes, panels, strict=True):
        errors = [
            [v - lo for v, (lo, _) in zip(values, cis, strict=True)],
            [hi - v for v, (_, hi) in zip(values, cis, strict=True)],
        ]
        ys = list(range(len(values)))
        ax.barh(ys, values, xerr=errors, color=colours, edgecolor="#222222", capsize=4)
        ax.set_yticks(ys, names)
        ax.invert_yaxis()
        ax.set_title(label, fontsize=11)
        share = "wins" in label
        for y, v in zip(ys, values, strict=True):
            ax.text(
                v / 2,
                y,
                f"{v:.0%}" if share else f"{v:.1f}",
                va="center",
                ha="center",
                fontsize=9,
                color="#FFFFFF" if share else "#000000",
                fontweight="bold",
            )
        if share:
            ax.set_xlim(0, 1)
            ax.axvline(0.5, color="#222222", linestyle="--", linewidth=1)
            ax.xaxis.set_major_formatter(lambda x, _: f"{x:.0%}")
    for ax in axes[1:]:
        ax.set_yticks(range(len(values)), [""] * len(values))
    if title:
        fig.suptitle(title)
    plt.close(fig)  # shown once, by the notebook's display of the returned figure
    return fig


# -- pictures of rules, for the lesson's live demonstrations ---------------------------------
def face_pictures(scale: float = 0.42) -> Any:
    """One picture per face of the base die, each with what a player may do on it."""
    from ...ui.picture import picture, pictures
    from .engine import ShaveASheep
    from .view import ShaveASheepView

    game = ShaveASheep(ShaveASheepRules())
    view = ShaveASheepView()
    items = []
    for roll in game.faces:
        state = game.position(phase="act", face=roll, middle=8, sheep=(2, 2), piles=(0, 0))
        options = "; ".join(view.move_label(state, m) for m in state.legal_moves())
        items.append(picture(state, caption=f"<b>{roll}</b>: {options}", scale=scale))
    return pictures(*items)


def before_after(state: Any, move: str, before: str, after: str, scale: float = 0.5) -> Any:
    """A position and the position after ``move``, side by side with captions."""
    from ...ui.picture import picture, pictures

    return pictures(
        picture(state, caption=before, scale=scale),
        picture(state.play(move), caption=after, scale=scale),
    )
