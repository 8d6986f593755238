"""Battle Sheep perft: the number of move sequences of each length from fixed positions.

The start-phase counts are also worked out by hand (n outer-edge hexes: n * (n - 1) * ...);
the others pin move generation so that any change to the rules shows up here.
"""

from __future__ import annotations

import pytest

import sheepkit


def perft(state, depth: int) -> int:
    if depth == 0 or state.is_over:
        return 1
    if depth == 1:
        return len(state.legal_moves())
    return sum(perft(state.play(move), depth - 1) for move in state.legal_moves())


@pytest.mark.parametrize(
    ("rules", "counts"),
    [
        ({"field": "tight"}, [20, 20 * 19, 20430]),
        ({"field": "open", "players": 3}, [48, 48 * 47, 48 * 47 * 46]),
        ({"tiles": 1}, [557, 18554]),
    ],
)
def test_perft(rules, counts):
    state = sheepkit.load("battle_sheep", **rules).new_game()
    assert [perft(state, depth) for depth in range(1, len(counts) + 1)] == counts
