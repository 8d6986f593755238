"""The design-a-game lesson's one measurement (notebooks/design_a_game.ipynb): who wins a game
between random players, each side's share with its 95% interval, and whether the two sides
can be told apart (their intervals do not overlap).

It plays the game registered under the name it is given: in the lesson, the noughts and
crosses the class declared, then each pupil's own game, whatever they made of it.
"""

from __future__ import annotations

from dataclasses import dataclass

import sheepkit

from .. import lab

LESSON = "Design a Game"

# The lesson's explanations, shown after each prediction's result. They live here, not in the
# notebook's code, which pupils read in JupyterLab before they guess.
NOUGHTS_EXPLAINED = (
    "X wins about six games in ten, O fewer than three. The two intervals do not overlap, so "
    "this is no luck: moving first is a real advantage. After each of its moves, X has one "
    "piece more than O.\n\n"
    "Good players see something else. With perfect play, every game of noughts and crosses is "
    "a draw."
)
FAIRNESS_EXPLAINED = (
    "Look at the two intervals. If they do not overlap, one side really wins more often: your "
    "game favours it. If they overlap, these games cannot tell the sides apart. Your game may "
    "be fair.\n\n"
    "Not fair? Change one choice, such as the size of the board or a goal's number. Run the "
    "cells again, and measure again. The Rule Lab in the Extension also changes who moves "
    "first."
)


@dataclass(frozen=True)
class Share:
    """How many of ``games`` went to ``who`` (a side's name, or "draws")."""

    who: str
    wins: int
    games: int

    @property
    def rate(self) -> float:
        return self.wins / self.games

    @property
    def interval(self) -> tuple[float, float]:
        return lab.wilson(self.wins, self.games)

    def __str__(self) -> str:
        """The share with its 95% interval: "60.6% [57.5%, 63.6%]"."""
        low, high = self.interval
        return f"{self.rate:.1%} [{low:.1%}, {high:.1%}]"


@dataclass(frozen=True)
class WhoWins:
    """``games`` seeded games between random players: each side's wins, and the draws."""

    title: str
    games: int
    seed: int
    first: str  # the side that moves first
    sides: tuple[Share, ...]  # in the order the game declares its sides
    draws: Share

    @property
    def leader(self) -> Share:
        return max(self.sides, key=lambda s: s.wins)

    @property
    def runner_up(self) -> Share:
        return sorted(self.sides, key=lambda s: -s.wins)[1]

    @property
    def clear(self) -> bool:
        """True when the two best sides' intervals do not overlap: a clear difference."""
        return self.leader.interval[0] > self.runner_up.interval[1]

    @property
    def verdict(self) -> str:
        a, b = self.leader.who, self.runner_up.who
        if self.clear:
            return f"The intervals of {a} and {b} do not overlap: {a} wins clearly more often."
        return f"The intervals of {a} and {b} overlap: no clear difference between them."

    def lines(self) -> list[str]:
        """What the lesson prints: each side's wins, the draws, and the verdict."""
        rows = [f"{self.games} games between random players; {self.first} moves first."]
        rows += [f"{s.who} wins {s.wins} of {s.games}: {s}" for s in self.sides]
        rows.append(f"Draws: {self.draws.wins} of {self.draws.games}: {self.draws}")
        return [*rows, self.verdict]

    @property
    def says(self) -> str:
        """The result in a few words, beside the pupil's guess."""
        return ", ".join(f"{s.who} wins {s}" for s in self.sides)

    @property
    def copy(self) -> str:
        """The "copy my result" line for the class sheet."""
        shares = ", ".join(f"{s.who} wins {s}" for s in self.sides)
        edge = "clear difference" if self.clear else "no clear difference"
        return (
            f"{LESSON} | {self.title} | {self.games} random games, {self.first} first | "
            f"{shares}, draws {self.draws.rate:.1%} | {edge}"
        )


def who_wins(name: str, games: int = 200, seed: int = 1, **rules: object) -> WhoWins:
    """``games`` seeded games of the game registered as ``name`` (with ``rules`` changed)
    between random players, each side in its own seat."""
    game = sheepkit.load(name, **rules)
    seats = game.num_players
    results = lab.simulate(
        game, ["Random"] * seats, games, seed=seed, executor="serial", progress=None
    )
    rows = results.rows
    sides = tuple(
        Share(game.player_name(p), sum(row.winners == (p,) for row in rows), games)
        for p in range(seats)
    )
    draws = Share("draws", sum(not row.winners for row in rows), games)
    to_move = game.new_game().to_move
    first = game.player_name(to_move) if to_move is not None else "nobody"
    return WhoWins(game.title, games, seed, first, sides, draws)
