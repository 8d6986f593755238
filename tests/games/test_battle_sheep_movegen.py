"""Battle Sheep's fast move generation against a plain, slow one written here from the rules.

The slow version works on cell names and axial coordinates with a dict of stacks, walking
each line hex by hex; it shares no table with the engine. Thousands of random positions
(random pastures, random stacks) are written in the text board format and read back.
"""

from __future__ import annotations

import random

import sheepkit

COLUMNS = "abcdefghijklmnop"
# Axial steps in the six directions; odd-numbered table rows (2, 4, ...) sit half a hex right.
STEPS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


def to_axial(col: int, row: int) -> tuple[int, int]:
    return col - (row - (row & 1)) // 2, row


def from_axial(q: int, r: int) -> tuple[int, int]:
    return q + (r - (r & 1)) // 2, r


def slow_moves(pastures: set[tuple[int, int]], stacks: dict, player: int) -> set[str]:
    moves = set()
    for (col, row), (owner, size) in stacks.items():
        if owner != player or size < 2:
            continue
        q, r = to_axial(col, row)
        for dq, dr in STEPS:
            steps = 0
            while True:
                nxt = from_axial(q + dq * (steps + 1), r + dr * (steps + 1))
                if nxt not in pastures or nxt in stacks:
                    break
                steps += 1
            if steps == 0:
                continue
            end = from_axial(q + dq * steps, r + dr * steps)
            for n in range(1, size):
                src = f"{COLUMNS[col]}{row + 1}"
                dst = f"{COLUMNS[end[0]]}{end[1] + 1}"
                moves.add(f"{src}-{dst} x{n}")
    return moves


def random_position(rng: random.Random, players: int) -> tuple[str, set, dict]:
    width, height = rng.randint(2, 9), rng.randint(1, 8)
    density = rng.uniform(0.4, 1.0)
    pastures: set[tuple[int, int]] = set()
    stacks: dict[tuple[int, int], tuple[int, int]] = {}
    left = [16] * players
    lines = []
    for row in range(height):
        tokens = []
        for col in range(width):
            if rng.random() > density:
                tokens.append("-")
                continue
            pastures.add((col, row))
            if rng.random() < 0.3:
                owner, size = rng.randrange(players), rng.randint(1, 16)
                # No player has more than the rules' 16 sheep in all (the reader refuses that).
                size = min(size, left[owner])
                if not size:
                    tokens.append(".")
                    continue
                left[owner] -= size
                stacks[(col, row)] = (owner, size)
                tokens.append(f"{'ABCD'[owner]}{size}")
            else:
                tokens.append(".")
        lines.append(" ".join(tokens))
    return "\n".join(lines), pastures, stacks


def test_fast_move_generation_matches_the_slow_one_on_random_positions():
    rng = random.Random(2024)
    checked = moved = 0
    for players in (2, 3, 4):
        game = sheepkit.load("battle_sheep", players=players)
        for _ in range(1500):
            text, pastures, stacks = random_position(rng, players)
            if not stacks:
                continue
            seat = rng.randrange(players)
            state = game.from_text(text, to_move=seat)
            checked += 1
            mover = state.to_move
            # The mover is the first player from the seat on, clockwise, who can move.
            can = [p for p in range(players) if slow_moves(pastures, stacks, p)]
            if not can:
                assert state.is_over
                continue
            first = min(can, key=lambda p: (p - seat) % players)
            assert mover == first, text
            fast = [str(m) for m in state.legal_moves()]
            assert len(fast) == len(set(fast))
            assert set(fast) == slow_moves(pastures, stacks, mover), text
            move = rng.choice(state.legal_moves())
            after = state.play(move)  # the fast path agrees with the move list
            assert after.scores()[mover] == state.scores()[mover] + 1
            moved += 1
    assert checked > 4000 and moved > 2000
