"""Perft for Shave a Sheep: how many histories of each length start at the beginning.

Chance outcomes count as branches (each distinct face once). The counts come from a small
reference implementation written here from the rules, independently of the engine; both must
agree, and both must give the pinned numbers, so any change to the rules shows up.
"""

from __future__ import annotations

from functools import cache

import pytest

import sheepkit

BASE_DIE = (
    ("grow",),
    ("double",),
    ("grow", "shear"),
    ("grow", "swap"),
    ("wolf", "shear"),
    ("wolf", "swap"),
)


def reference_perft(players: int, wool: int, capacity: int, futile: bool, depth: int) -> list[int]:
    """Counts for lengths 1..depth from a from-scratch reading of the rules."""
    faces = []
    for face in BASE_DIE:
        if set(face) not in [set(f) for f in faces]:
            faces.append(face)

    def after_action(middle, sheep, piles, me, turn_no):
        if middle == 0:
            return "over"
        nxt = (me + 1) % players
        if sheep[nxt] >= capacity:  # shorn before rolling
            s, p = list(sheep), list(piles)
            p[nxt] += s[nxt]
            s[nxt] = 0
            sheep, piles = tuple(s), tuple(p)
        return (middle, sheep, piles, nxt, None, turn_no + 1)

    def children(pos):
        middle, sheep, piles, me, face, turn_no = pos
        if face is None:
            return [(middle, sheep, piles, me, f, turn_no) for f in faces]
        out = []  # (wool before and after, the next position)
        for action in face:
            if action in ("grow", "double"):
                n = min(1 if action == "grow" else 2, capacity - sheep[me], middle)
                s = list(sheep)
                s[me] += n
                out.append((n > 0, after_action(middle - n, tuple(s), piles, me, turn_no)))
            elif action == "shear":
                s, p = list(sheep), list(piles)
                p[me] += s[me]
                s[me] = 0
                out.append((sheep[me] > 0, after_action(middle, tuple(s), tuple(p), me, turn_no)))
            else:
                for other in range(players):
                    if other == me:
                        continue
                    s = list(sheep)
                    if action == "swap":
                        s[me], s[other] = s[other], s[me]
                        changed = sheep[me] != sheep[other]
                        out.append((changed, after_action(middle, tuple(s), piles, me, turn_no)))
                    else:
                        back = s[other]
                        s[other] = 0
                        nxt = after_action(middle + back, tuple(s), piles, me, turn_no)
                        out.append((back > 0, nxt))
        if futile:
            return [nxt for _, nxt in out]
        useful = [nxt for changed, nxt in out if changed]
        return useful or [after_action(middle, sheep, piles, me, turn_no)]  # a pass

    @cache
    def count(pos, d):
        if d == 0:
            return 1
        if pos == "over":
            return 0
        return sum(count(child, d - 1) for child in children(pos))

    start = (wool, (0,) * players, (0,) * players, 0, None, 1)
    return [count(start, d) for d in range(1, depth + 1)]


def engine_perft(game, depth: int) -> list[int]:
    @cache
    def count(key, d):
        state = states[key]
        if d == 0:
            return 1
        total = 0
        for option in state.options():
            child = state.play(option)
            child_key = (
                child.middle,
                child.sheep,
                child.piles,
                child.turn,
                child.phase,
                child.face,
                child.turn_number,
            )
            states.setdefault(child_key, child)
            total += count(child_key, d - 1)
        return total

    start = game.new_game()
    states = {"start": start}
    return [count("start", d) for d in range(1, depth + 1)]


CASES = {
    # With futile actions allowed the options depend only on the face: 10 per turn for two.
    "2 players": (
        {"players": 2},
        [6, 10, 60, 100, 600, 1000, 6000, 10000, 60000, 100000, 600000, 1000000],
    ),
    "3 players": ({"players": 3}, [6, 14, 84, 196, 1176, 2744, 16464, 38416, 230496]),
    "2 players, no futile actions": (
        {"players": 2, "futile_actions": False},
        [6, 6, 36, 44, 264, 340, 2040, 2790, 16740, 22996, 137976, 190542],
    ),
    "3 players, no futile actions": (
        {"players": 3, "futile_actions": False},
        [6, 6, 36, 44, 264, 392, 2352, 3784, 22704],
    ),
    # Little wool and small sheep: games end (from ply 7) and full sheep are shorn.
    "small end": (
        {"players": 2, "wool": 6, "sheep_capacity": 2},
        [6, 10, 60, 100, 600, 1000, 5994, 9990, 59640, 99400, 588840, 981400],
    ),
}


@pytest.mark.parametrize("case", list(CASES))
def test_perft(case):
    rules, expected = CASES[case]
    game = sheepkit.load("shave_a_sheep", **rules)
    r = game.rules
    reference = reference_perft(
        r.players, r.wool, r.sheep_capacity, r.futile_actions, len(expected)
    )
    assert engine_perft(game, len(expected)) == reference
    assert reference == expected
