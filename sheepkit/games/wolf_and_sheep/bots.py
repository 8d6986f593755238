"""A sensible bot for Wolf and Sheep: a short lookahead judged by a picture of the pen.

The picture: the squares the sheep could walk to if the wolves stood still (its "pen"). If
the pen reaches a square level with the highest wolf, the sheep has a way out, since wolves
never move back; otherwise the wolves' line is closed. The bot tries each of its moves and
the best answers to it (the sheep looks 2 moves ahead, the wolves 3, because the wolves lose
by running out of safe moves a move later than a 2-move look can see), and picks a move
whose worst case looks best. It works on raw positions, not State objects, to stay fast.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from .engine import STRIDE, WOLVES, Layout, Step, WolfAndSheepState

WIN = 10_000


def pen(lay: Layout, sheep: int, wolves: tuple[int, ...]) -> tuple[int | None, int]:
    """(steps to the nearest way out or None if the line is closed, squares in the pen)."""
    # A square is level with the highest wolf or above it exactly when sq >= row * STRIDE.
    level = max(wolves) // STRIDE * STRIDE if wolves else 0
    if sheep >= level:
        return 0, 1
    seen = {sheep, *wolves}  # wolves count as seen: never entered
    frontier = [sheep]
    distance = 0
    steps = lay.sheep_steps
    while frontier:
        distance += 1
        following = []
        for sq in frontier:
            for target, _ in steps[sq]:
                if target not in seen:
                    if target >= level:
                        return distance, len(seen) - len(wolves)
                    seen.add(target)
                    following.append(target)
        frontier = following
    return None, len(seen) - len(wolves)


def wolves_score(lay: Layout, sheep: int, wolves: tuple[int, ...]) -> float:
    """How good an unfinished position looks for the wolves (the sheep wants it low)."""
    way_out, room = pen(lay, sheep, wolves)
    mobility = sum(1 for target, _ in lay.sheep_steps[sheep] if target not in wolves)
    if way_out is not None:  # a gap: the sheep wants it near, the wolves far
        return -1000 + 20 * way_out - 2 * mobility
    rows = [w // STRIDE for w in wolves]
    spread = max(rows) - min(rows)  # a ragged line has holes waiting to open
    # A closed line: keep it level, leave the sheep few moves, then shrink the pen. (Rushing
    # forward to shrink the pen fast cost the wolves their spare moves in trials.)
    return 500 - 3 * spread - 2 * mobility - room


def search(
    lay: Layout,
    sheep: int,
    wolves: tuple[int, ...],
    turn: int,
    auto: bool,
    depth: int,
    alpha: float = -float("inf"),
    beta: float = float("inf"),
) -> float:
    """Negamax with alpha-beta: the value of the position for the side ``turn``."""
    moves, ending = lay.status(sheep, wolves, turn, auto)
    if ending is not None:  # quicker wins and slower losses are better
        return WIN + depth if ending[0] == turn else -WIN - depth
    if depth == 0:
        score = wolves_score(lay, sheep, wolves)
        return score if turn == WOLVES else -score
    best = -float("inf")
    for move in moves:
        value = -search(lay, *_after(sheep, wolves, move), 1 - turn, auto, depth - 1, -beta, -alpha)
        if value > best:
            best = value
            if value > alpha:
                alpha = value
                if alpha >= beta:
                    break
    return best


def _after(sheep: int, wolves: tuple[int, ...], move: Step) -> tuple[int, tuple[int, ...]]:
    source, target = move
    if source == sheep:
        return target, wolves
    return sheep, tuple(sorted([target if w == source else w for w in wolves]))


class SensibleBot:
    name = "Sensible"
    description = (
        "The sheep heads for the nearest gap in the wolves' line and backs away rather than "
        "walk into a trap; the wolves keep their line closed and bring up the stragglers."
    )

    def __init__(self, sheep_depth: int = 2, wolves_depth: int = 3) -> None:
        # Deeper is stronger and much slower: wolves_depth=5 costs about 20x the time.
        self.depths = (sheep_depth, wolves_depth)

    def choose(
        self, view: WolfAndSheepState, legal_moves: Sequence[Step], rng: random.Random
    ) -> Step:
        state = view  # perfect information: the view is the whole state
        lay = state.game.layout
        auto = state.game.auto_victory
        me = state.turn  # the side (in round 2 of a match, player 0 plays the wolves)
        depth = self.depths[me]
        best: list[Step] = []
        best_value = -float("inf")
        for move in legal_moves:
            sheep, wolves = _after(state.sheep, state.wolves, move)
            # The window stops just below the best so far: ties are still valued exactly (a
            # random pick among them gives variety) and clearly worse moves are cut short.
            value = -search(
                lay, sheep, wolves, 1 - me, auto, depth - 1, -float("inf"), 1 - best_value
            )
            if value > best_value:
                best, best_value = [move], value
            elif value == best_value:
                best.append(move)
        return rng.choice(best)
