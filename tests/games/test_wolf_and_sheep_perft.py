"""Perft: the number of move sequences of each length from the start, pinned as literals.

The numbers were computed twice: by the engine through the public API, and by the slow,
independent generator below, written straight from the rule notes (letters and numbers,
no tables). Any change to the rules or to the move generator changes them.
"""

from __future__ import annotations

import pytest

import sheepkit

FILES = "ABCDEFGHIJKL"

# perft(1), perft(2), ... from the start position
PERFT = {
    (8, True): [2, 14, 56, 344, 1032, 6264, 23363, 141109],
    (8, False): [2, 14, 56, 344, 1032, 6264, 23387],  # 141427 at depth 8
    (10, True): [2, 18, 72, 584, 1752, 13752],
    (6, True): [2, 10, 40, 168, 418, 1613, 5212],  # 20626 at depth 8
}
SLOW_DEPTH = 8  # the slow generator checks this deep (it is the one that takes time)


def engine_perft(state, depth: int, counts: list[int], ply: int = 0) -> list[int]:
    """Adds the number of sequences of each length 1..depth to ``counts`` in one walk."""
    if ply == depth:
        return counts
    for move in state.legal_moves():
        counts[ply] += 1
        engine_perft(state.play(move), depth, counts, ply + 1)
    return counts


# -- the independent generator: (file, rank) pairs, 1-based ranks, a set of wolves ----------
def slow_moves(size: int, sheep, wolves, sheep_turn: bool, auto: bool):
    """The list of (sheep, wolves) positions after each legal move, or None at the end."""
    file, rank = sheep
    if rank == size:  # 1. the sheep reached the far row
        return None

    def free(f: int, r: int) -> bool:
        return 0 <= f < size and 1 <= r <= size and (f, r) != sheep and (f, r) not in wolves

    children = []
    if sheep_turn:
        for df in (-1, 1):
            for dr in (1, -1):
                if free(file + df, rank + dr):
                    children.append(((file + df, rank + dr), wolves))
    else:
        for wf, wr in sorted(wolves):
            for df in (-1, 1):
                if free(wf + df, wr - 1):  # wolves go down the ranks only
                    children.append((sheep, (wolves - {(wf, wr)}) | {(wf + df, wr - 1)}))
    if not children:  # 2. no legal move: the mover loses
        return None
    if auto:  # 3. auto-victory, as RULES_NOTES.md words it
        ahead = [(file + df, rank + 1) for df in (-1, 1) if free(file + df, rank + 1)]
        reach = [
            {(wf, wr) for wf, wr in wolves if r < wr and abs(f - wf) <= wr - r} for f, r in ahead
        ]
        if any(not who for who in reach):
            return None
        if len(reach) == 2 and len(reach[0]) == 1 and reach[0] == reach[1]:
            return None
    return children


def slow_perft(size, sheep, wolves, sheep_turn, auto, depth) -> int:
    if depth == 0:
        return 1
    children = slow_moves(size, sheep, wolves, sheep_turn, auto)
    if children is None:
        return 0
    return sum(slow_perft(size, s, w, not sheep_turn, auto, depth - 1) for s, w in children)


def slow_start(size: int):
    wolves = frozenset((f, size) for f in range(1, size, 2))  # B8 D8 F8 H8 on 8x8
    sheep = (FILES.index("E" if size in (8, 10) else "C" if size == 6 else "G"), 1)
    return sheep, wolves


@pytest.mark.parametrize(("size", "auto"), list(PERFT))
def test_engine_perft(size: int, auto: bool) -> None:
    state = sheepkit.load("wolf_and_sheep", board=size, auto_victory=auto).new_game()
    depth = len(PERFT[size, auto])
    counts = engine_perft(state, depth, [0] * depth)
    assert counts == PERFT[size, auto]


@pytest.mark.parametrize(("size", "auto"), list(PERFT))
def test_independent_generator_agrees(size: int, auto: bool) -> None:
    sheep, wolves = slow_start(size)
    depths = range(1, min(SLOW_DEPTH, len(PERFT[size, auto])) + 1)
    counts = [slow_perft(size, sheep, wolves, True, auto, d) for d in depths]
    assert counts == PERFT[size, auto][: len(counts)]


def test_auto_victory_first_matters_at_depth_7() -> None:
    # Up to 6 plies nothing can trigger it; at 7 some sequences already end early.
    on, off = PERFT[8, True], PERFT[8, False]
    assert on[:6] == off[:6] and on[6] < off[6]
