"""A general Monte Carlo tree search bot (UCT) for any sheepkit game.

Chance nodes are sampled: each simulation draws the dice like the real game would, so moves
are valued by their average over luck. For hidden information the search is determinized:
every simulation starts from a full state drawn from the bot's view with ``view.determinize``
(a hook each hidden-information game implements), so the bot never peeks.
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Hashable, Sequence
from typing import Any, Generic, TypeVar

from ..core import CHANCE, Move, State
from ..platform import browser_cap, browser_weaker


class _Node:
    __slots__ = ("children", "total", "visits")

    def __init__(self) -> None:
        self.children: dict[Move, _Node] = {}
        self.visits = 0
        self.total: list[float] | None = None  # summed rewards, one per player


def _rewards(state: State, players: int) -> list[float]:
    winners = state.winners()
    if not winners:
        return [1.0 / players] * players if state.is_over else [0.0] * players
    share = 1.0 / len(winners)
    return [share if p in winners else 0.0 for p in range(players)]


#: The state and move types a game's own search works on (``StrongBot(MCTSBot[RaceState,
#: RaceMove])``); the plain ``MCTSBot`` plays any game.
S = TypeVar("S", bound="State[Any, Any]")
M = TypeVar("M", bound=Hashable)


class MCTSBot(Generic[S, M]):
    name = "MCTS"

    def __init__(
        self,
        iterations: int = 400,
        time_limit: float | None = None,
        exploration: float = 1.4,
        rollout_limit: int | None = None,
    ) -> None:
        self.iterations = iterations
        self.time_limit = time_limit
        self.exploration = exploration
        self.rollout_limit = rollout_limit
        self.description = browser_weaker(
            f"Monte Carlo tree search: tries each move in {iterations} imagined games that "
            "finish with random moves and random dice, and favours the moves that won most "
            "often, balancing promising moves against ones it has tried too little."
        )

    def choose(self, view: Any, legal_moves: Sequence[M], rng: random.Random) -> M:
        legal = list(legal_moves)
        if len(legal) == 1:
            return legal[0]
        root = _Node()
        # In the browser the page cannot answer while the bot thinks: every search is capped.
        limit = browser_cap(self.time_limit)
        deadline = time.perf_counter() + limit if limit else None
        for i in range(self.iterations):
            if deadline is not None and i > 0 and time.perf_counter() > deadline:
                break
            self._simulate(root, view.determinize(rng), rng)
        me = view.to_move
        stats: dict[M, tuple[int, float]] = {}
        for move in legal:
            child = root.children.get(move)
            if child is None or not child.visits or child.total is None:
                stats[move] = (0, 0.0)
            else:
                stats[move] = (child.visits, child.total[me] / child.visits)
        return self.final_choice(stats, legal)

    def final_choice(self, stats: dict[M, tuple[int, float]], legal: list[M]) -> M:
        """The move to make, from each root move's (visits, mean reward for the mover):
        by default the most visited one (the most robust choice), the better mean on a tie."""
        return max(legal, key=stats.__getitem__)

    def _simulate(self, root: _Node, state: S, rng: random.Random) -> None:
        players = state.game.num_players
        path: list[tuple[_Node, int]] = []
        node = root
        # Selection and expansion: descend while every option here has been tried.
        while not state.is_over:
            mover = state.to_move
            if mover == CHANCE:
                move = state.sample_chance(rng)
            else:
                move = self._select(node, state, mover, rng)
            child = node.children.get(move)
            expanded = child is None
            if expanded:
                child = node.children[move] = _Node()
            path.append((child, mover))
            state = state.play(move)
            node = child
            if expanded:
                break
        rewards = self._rollout(state, rng, players)
        root.visits += 1
        for child, _mover in path:
            child.visits += 1
            if child.total is None:
                child.total = [0.0] * players
            for p in range(players):
                child.total[p] += rewards[p]

    def _select(self, node: _Node, state: S, mover: int, rng: random.Random) -> Move:
        legal = state.legal_moves()
        untried = [m for m in legal if m not in node.children]
        if untried:
            return rng.choice(untried)
        log_n = math.log(max(node.visits, 1))
        best, best_value = legal[0], -math.inf
        for move in legal:
            child = node.children[move]
            mean = child.total[mover] / child.visits if child.total and child.visits else 0.0
            value = mean + self.exploration * math.sqrt(log_n / (child.visits or 1))
            if value > best_value:
                best, best_value = move, value
        return best

    def _rollout(self, state: S, rng: random.Random, players: int) -> list[float]:
        steps = 0
        limit = self.rollout_limit
        while not (state.is_over or self.rollout_ends(state)) and (limit is None or steps < limit):
            if state.to_move == CHANCE:
                state = state.play(state.sample_chance(rng))
            else:
                state = state.play(self.rollout_move(state, state.legal_moves(), rng))
            steps += 1
        return self.rollout_rewards(state, players)

    # -- hooks for a game's own search: a wiser playout, a shorter horizon, its own reward --
    def rollout_move(self, state: S, legal: Sequence[M], rng: random.Random) -> M:
        """The move an imagined player makes in a playout (default: any, at random)."""
        return rng.choice(legal)

    def rollout_ends(self, state: S) -> bool:
        """Whether an imagined game may stop before its end (default: never)."""
        return False

    def rollout_rewards(self, state: S, players: int) -> list[float]:
        """Each player's reward where a playout stopped (default: the game's winners)."""
        return _rewards(state, players)
