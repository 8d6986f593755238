"""Bots for Battle Sheep: a one-look-ahead greedy bot and an alpha-beta searcher.

Both judge a position by its *territory*: every empty pasture goes to the stack that can
reach it first (walking hex by hex), and a stack can only claim as many pastures as it has
spare sheep (a stack of 3 can make at most 2 new stacks). A pasture that stacks of two players
reach at the same time belongs to nobody. Blocked stacks claim nothing: their sheep are lost.
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence

from ...core.contract import BotFactory
from ...platform import browser_cap, browser_weaker
from .engine import OVER, START, TILES, BattleSheep, BattleSheepState, Move, Tile
from .fields import shared_edges
from .geometry import all_tiles

WIN = 10_000.0


class _OutOfBudget(Exception):
    """The search ran out of nodes or time."""


Reach = tuple[list[int], list[int], list[int], list[int], list[int]]


def _reach(state: BattleSheepState) -> Reach:
    """A walk from every movable stack at once, hex by hex over empty pastures: for each
    pasture, which stack gets there first (-1: none, -2: stacks of two players together);
    then each stack's owner and spare sheep, and per player the movable stacks and the
    spare sheep locked in blocked stacks."""
    players = state.game.rules.players
    board = state.board
    adjacent = state.info.adjacent
    label = [-1] * len(board)  # which stack reaches an empty pasture first (-2: contested)
    owner_of: list[int] = []
    spare: list[int] = []
    frontier: list[int] = []
    blocked = [0] * players
    mobile = [0] * players
    for i, v in enumerate(board):
        if v >= 8:
            if any(not board[j] for j in adjacent[i]):
                label[i] = len(owner_of)
                owner_of.append(v & 3)
                spare.append((v >> 2) - 1)
                frontier.append(i)
                mobile[v & 3] += 1
            else:
                blocked[v & 3] += (v >> 2) - 1
    while frontier:
        reached: dict[int, int] = {}
        for i in frontier:
            stack = label[i]
            for j in adjacent[i]:
                if board[j] or label[j] != -1:
                    continue
                had = reached.get(j)
                if had is None:
                    reached[j] = stack
                elif had >= 0 and stack >= 0 and owner_of[had] != owner_of[stack]:
                    reached[j] = -2  # two players get there together: nobody's
        for j, stack in reached.items():
            label[j] = stack
        frontier = [j for j, stack in reached.items() if stack >= 0]
    return label, owner_of, spare, mobile, blocked


def territory(state: BattleSheepState) -> tuple[list[int], list[int], list[int]]:
    """Per player: pastures that their stacks can still claim (capped by spare sheep),
    movable stacks, and blocked spare sheep (sheep on stacks that can never split)."""
    label, owner_of, spare, mobile, blocked = _reach(state)
    board = state.board
    counts = [0] * len(owner_of)
    for i, stack in enumerate(label):
        if stack >= 0 and not board[i]:
            counts[stack] += 1
    claim = [0] * state.game.rules.players
    for stack, owner in enumerate(owner_of):
        claim[owner] += min(counts[stack], spare[stack])
    return claim, mobile, blocked


def first_reached(state: BattleSheepState) -> dict[int, int]:
    """Each empty pasture (a table cell) that some player reaches first: that player, or -2
    when two players get there together. For pictures of territory."""
    label, owner_of, *_ = _reach(state)
    cells = state.info.cells
    return {
        cells[i]: (owner_of[stack] if stack >= 0 else -2)
        for i, stack in enumerate(label)
        if stack != -1 and not state.board[i]
    }


def evaluate(state: BattleSheepState, me: int, weights: tuple[float, float, float]) -> float:
    """How good ``state`` is for ``me``: my pastures and claims against the best rival's."""
    scores = state.scores()
    if state.phase == OVER:
        winners = state.winners()
        if me in winners:
            return WIN / len(winners) + scores[me]
        return -WIN + scores[me]
    claim, mobile, blocked = territory(state)
    w_claim, w_mobile, w_blocked = weights
    values = [
        scores[p] + w_claim * claim[p] + w_mobile * mobile[p] - w_blocked * blocked[p]
        for p in range(len(scores))
    ]
    mine = values.pop(me)
    return mine - max(values)


def lay_tile(state: BattleSheepState, legal: Sequence[Move], rng: random.Random) -> Move:
    """Tiles: keep the field compact (most shared edges), which leaves long lines to slide
    along; ties are broken at random."""
    field = state.field
    if not field:
        return rng.choice(list(legal))
    tiles = {(t[0], t[1]): t for t in all_tiles()}
    edges = {m: shared_edges(field, tiles[m]) for m in legal if isinstance(m, Tile)}
    best = max(edges.values())
    return rng.choice([m for m, e in edges.items() if e == best])


class GreedyBot:
    name = "Greedy"
    description = (
        "Looks one move ahead. For each possible move it counts the pastures each player holds "
        "and could still claim (empty pastures their stacks reach first, at most one per spare "
        "sheep) plus how many stacks can still move, and picks the move that leaves it furthest "
        "ahead of its strongest rival."
    )

    def __init__(self, weights: tuple[float, float, float] = (1.0, 0.3, 0.0)) -> None:
        self.weights = weights

    def choose(
        self, view: BattleSheepState, legal_moves: Sequence[Move], rng: random.Random
    ) -> Move:
        state = view  # perfect information: the view is the whole state
        if state.phase == TILES:
            return lay_tile(state, legal_moves, rng)
        me = state.turn
        scored = [(evaluate(state.play(m), me, self.weights), m) for m in legal_moves]
        best = max(value for value, _ in scored)
        return rng.choice([m for value, m in scored if value >= best - 1e-9])


class StrongBot:
    name = "Strong"
    description = (
        "Searches several moves ahead, one move deeper each time while it has time, and skips "
        "the moves that cannot change its choice (alpha-beta search). It assumes every rival "
        "plays against it, and judges the positions it reaches by territory: the "
        "pastures each stack can reach first, at most one per spare sheep. It stops "
        "thinking after a time limit (1.5 s in the app) or a fixed number of positions "
        "(in tests, so that games repeat exactly)."
    )

    def __init__(
        self,
        nodes: int | None = None,
        time_limit: float | None = 1.5,
        max_depth: int = 12,
        weights: tuple[float, float, float] = (1.0, 0.0, 0.0),
    ) -> None:
        # Weights of claimed pastures, movable stacks and blocked sheep (pastures count 1).
        # Measured against Greedy at 2000 nodes, 16 seeded games each: (1, 0, 0) won 81%;
        # adding mobility or a blocked-sheep penalty (0.1-0.3) won 75%.
        self.weights = weights
        self.nodes = nodes
        self.time_limit = time_limit
        self.description = browser_weaker(StrongBot.description)
        self.max_depth = max_depth
        self.depth_reached = 0  # the last move's deepest completed search, for the lesson

    def choose(
        self, view: BattleSheepState, legal_moves: Sequence[Move], rng: random.Random
    ) -> Move:
        state = view  # perfect information: the view is the whole state
        legal = list(legal_moves)
        if state.phase == TILES:
            return lay_tile(state, legal, rng)
        if len(legal) == 1:
            return legal[0]
        rng.shuffle(legal)  # ties between equal moves go to the seeded random stream
        self._me = state.turn
        self._count = 0
        limit = browser_cap(self.time_limit)  # the browser's page waits while it thinks
        self._deadline = time.perf_counter() + limit if limit else None
        self._history: dict[Move, int] = {}
        order = legal
        best = legal[0]
        self.depth_reached = 0
        # A start is judged after the next player's answer (_search looks no deeper there):
        # more iterations would only repeat that search until the time runs out.
        deepest = min(self.max_depth, 2) if state.phase == START else self.max_depth
        for depth in range(1, deepest + 1):
            try:
                best, order = self._root(state, order, depth)
            except _OutOfBudget:
                break
            self.depth_reached = depth
        return best

    def _tick(self) -> None:
        self._count += 1
        if self.nodes is not None and self._count > self.nodes:
            raise _OutOfBudget
        deadline = self._deadline
        if deadline is not None and not self._count & 63 and time.perf_counter() > deadline:
            raise _OutOfBudget

    def _root(
        self, state: BattleSheepState, order: list[Move], depth: int
    ) -> tuple[Move, list[Move]]:
        scored = []
        alpha = -float("inf")
        for move in order:
            value = self._search(state.play(move), depth - 1, alpha, float("inf"))
            scored.append((value, move))
            alpha = max(alpha, value)
        # Stable sort: among equal values the earlier (shuffled) order stays.
        scored.sort(key=lambda vm: -vm[0])
        return scored[0][1], [m for _, m in scored]

    def _search(self, state: BattleSheepState, depth: int, alpha: float, beta: float) -> float:
        self._tick()
        if depth <= 0 or state.phase == OVER:
            return evaluate(state, self._me, self.weights)
        history = self._history
        moves = sorted(state.legal_moves(), key=lambda m: -history.get(m, 0))
        maximise = state.turn == self._me
        if state.phase == START:
            depth = min(depth, 1)  # starts are judged by the evaluation, not searched deep
        for move in moves:
            value = self._search(state.play(move), depth - 1, alpha, beta)
            if maximise:
                alpha = max(alpha, value)
            else:
                beta = min(beta, value)
            if alpha >= beta:
                history[move] = history.get(move, 0) + depth * depth
                break
        return alpha if maximise else beta


def bots_for(game: BattleSheep) -> dict[str, BotFactory]:
    """This game's own bots, weakest first (Random and MCTS are added by sheepkit.bots)."""
    return {"Greedy": GreedyBot, "Strong": StrongBot}
