"""Battle Sheep under random input: text boards round trip, refusals are named errors."""

from __future__ import annotations

import contextlib
import random

from hypothesis import given, settings
from hypothesis import strategies as st

import sheepkit
from sheepkit import BadRecord, IllegalMove
from sheepkit.games.battle_sheep import OVER

GAME = sheepkit.load("battle_sheep")
READY = sheepkit.load("battle_sheep", field="tight")
THREE = sheepkit.load("battle_sheep", players=3, field="open")


def same(a, b) -> bool:
    return (a.phase, a.turn, a.field, a.board) == (b.phase, b.turn, b.field, b.board)


@st.composite
def boards(draw: st.DrawFn) -> str:
    """Texts of made-up positions: a rectangle of '.', '-' and stacks within the rules."""
    left = [16, 16]
    lines = []
    for row in range(draw(st.integers(1, 6))):
        tokens = []
        for _ in range(draw(st.integers(1, 7))):
            kind = draw(st.sampled_from(".-.s"))
            owner = draw(st.integers(0, 1))
            if kind == "s" and left[owner] > 0:
                size = draw(st.integers(1, left[owner]))
                left[owner] -= size
                tokens.append(f"{'AB'[owner]}{size}")
            else:
                tokens.append("-" if kind == "-" else ".")
        lines.append(("  " if row % 2 else "") + " ".join(tokens))
    origin = draw(st.sampled_from(["", "@a1\n", "@c3\n", "@b2\n"]))
    return origin + "\n".join(lines)


def positions(text: str, to_move: int):
    try:
        return GAME.from_text(text, to_move=to_move)
    except ValueError:
        return None  # no pasture at all, or a tile-phase field that is not whole tiles


@settings(max_examples=200, deadline=None)
@given(boards(), st.integers(0, 1))
def test_text_boards_read_back_as_the_same_position(text: str, to_move: int) -> None:
    state = positions(text, to_move)
    if state is None:
        return
    again = GAME.from_text(str(state))
    assert same(again, state), f"{text!r}\n{state}\n{again}"
    assert str(again) == str(state)


def test_states_met_in_games_read_back_from_their_text() -> None:
    rng = random.Random(5)
    for game in (GAME, READY, THREE):
        for _ in range(3):
            state = game.new_game()
            while True:
                assert same(game.from_text(str(state)), state), str(state)
                if state.is_over:
                    break
                state = state.play(rng.choice(state.legal_moves()))


WORDS = [
    "tile",
    "start",
    "a1",
    "c3",
    "h7",
    "p14",
    "q1",
    "a0",
    "r0",
    "r2",
    "r3",
    "x1",
    "x5",
    "x15",
    "x0",
    "x99999",
    "d4-g4",
    "h7-h8",
    "a1-b1",
    "-",
    "",
    "x",
    "9" * 40,
]


@settings(max_examples=150, deadline=None)
@given(
    st.sampled_from([GAME, READY, THREE]),
    st.integers(0, 10_000),
    st.integers(0, 60),
    st.lists(st.lists(st.sampled_from(WORDS), max_size=3).map(" ".join), max_size=4),
)
def test_every_refusal_is_a_named_error(game, seed: int, plies: int, extra: list[str]) -> None:
    """Random games, cut anywhere, with random texts appended: playing, parsing and replaying
    refuse only with IllegalMove / BadRecord (before the fix: KeyError after the end)."""
    rng = random.Random(seed)
    state = game.new_game()
    for _ in range(plies):
        if state.is_over:
            break
        state = state.play(rng.choice(state.legal_moves()))
    record = state.record()
    if state.is_over:
        extra = [*extra, "start a1"]
    for text in extra:
        with contextlib.suppress(IllegalMove):
            state.parse(text)
        try:
            state.play(text)
        except IllegalMove as e:
            if state.is_over:
                assert "over" in str(e)
        with contextlib.suppress(BadRecord):
            sheepkit.replay(dict(record, history=[*record["history"], text]))


def test_a_move_after_the_end_says_the_game_is_over() -> None:
    final = GAME.from_text("A1  -   B1")
    assert final.phase == OVER
    for text in ("start a1", "a1-b1 x1", "tile c3 r1"):
        try:
            final.parse(text)
        except IllegalMove as e:
            assert "The game is over" in str(e)
        else:
            raise AssertionError("parsed a move after the end")
    rng = random.Random(1)
    state = READY.new_game()
    while not state.is_over:
        state = state.play(rng.choice(state.legal_moves()))
    record = state.record()
    record["history"].append(record["history"][-1])
    try:
        sheepkit.replay(record)
    except BadRecord as e:
        assert "over" in str(e)
    else:
        raise AssertionError("replayed a move after the end")
