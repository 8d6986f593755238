"""Bots for Shave a Sheep: a one-look-ahead sensible bot and a perfect two-player bot."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import TYPE_CHECKING

from ...core.contract import BotFactory
from ...platform import BROWSER_MOVE_SECONDS, in_browser
from .engine import Act, ShaveASheep, ShaveASheepState

if TYPE_CHECKING:
    from ...bots.mcts import MCTSBot


class SensibleBot:
    name = "Sensible"
    description = (
        "Looks one move ahead and picks the move that leaves it furthest ahead of its strongest "
        "rival, counting wool in its own safe pile extra: so it shears a woolly sheep, sends the "
        "wolf to the leader, swaps for a woollier sheep, and otherwise grows wool."
    )

    def __init__(self, safe_bonus: float = 1.5) -> None:
        # Measured against random bots: 0.5 and 1.0 are weaker, 2.0 and 3.0 no stronger.
        self.safe_bonus = safe_bonus

    def choose(self, view: ShaveASheepState, legal_moves: Sequence[Act], rng: random.Random) -> Act:
        state = view  # perfect information: the view is the whole state
        return max(legal_moves, key=lambda move: self.value(state, move))

    def value(self, state: ShaveASheepState, move: Act) -> float:
        """My wool minus the best rival's wool after ``move``, plus a bonus for my safe wool."""
        me = state.to_move  # the roller, or the winner of a Howling Wolf race
        assert me is not None
        _, sheep, piles, _ = state.after(move)
        totals = [pile + wool for pile, wool in zip(piles, sheep, strict=True)]
        best_rival = max(total for p, total in enumerate(totals) if p != me)
        return totals[me] - best_rival + self.safe_bonus * piles[me]


class OptimalBot:
    """Perfect play with two players (solved exactly); with more, a tree search. In the
    browser, two-player rules without a shipped table are played by the tree search too:
    solving them would freeze the page for 5-10 s."""

    name = "Optimal"
    description = (
        "With two players it plays perfectly: before the first move it works out, for every "
        "position the game can reach, the chance of winning (a shared win counts as half), and "
        "always picks the move with the best chance. With three or four players that is too "
        "much to work out, so it plays like the MCTS bot (it tries each move in many imagined "
        "games) and is strong but not perfect."
    )
    BROWSER_NOTE = (
        " In the browser the answers ship worked out for the base game and the printed "
        "variants; for other rules it plays like the MCTS bot there, thinking at most "
        f"{BROWSER_MOVE_SECONDS:g} s a move, and is weaker than on a server."
    )

    def __init__(self, iterations: int = 300) -> None:
        self.iterations = iterations
        self._search: MCTSBot[ShaveASheepState, Act] | None = None
        if in_browser():
            self.description = OptimalBot.description + OptimalBot.BROWSER_NOTE

    def choose(self, view: ShaveASheepState, legal_moves: Sequence[Act], rng: random.Random) -> Act:
        state = view  # perfect information: the view is the whole state
        if state.game.rules.players == 2:
            from . import solver

            rules = state.game.rules
            # In the browser only a table that needs no solving: the page would freeze.
            table = solver.solved(rules) if in_browser() else solver.solve(rules)
            if table is not None:
                move = table.best_move(state)
                if isinstance(move, Act) and move in legal_moves:
                    return move
        if self._search is None:
            from ...bots.mcts import MCTSBot

            self._search = MCTSBot(iterations=self.iterations)  # capped in the browser
        return self._search.choose(view, legal_moves, rng)


def bots_for(game: ShaveASheep) -> dict[str, BotFactory]:
    """This game's own bots, weakest first (Random and MCTS are added by sheepkit.bots)."""
    return {"Sensible": SensibleBot, "Optimal": OptimalBot}
