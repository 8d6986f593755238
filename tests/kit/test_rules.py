"""Rule tests per example: build a position, play, check what happens."""

from __future__ import annotations

import pytest

import sheepkit
from sheepkit.core import IllegalMove
from sheepkit.examples.kit.breakthrough import game as Breakthrough
from sheepkit.examples.kit.four_in_a_row import game as FourInARow
from sheepkit.examples.kit.fox_and_geese import game as FoxAndGeese
from sheepkit.examples.kit.hounds_and_hare import game as KitHounds
from sheepkit.examples.kit.noughts_and_crosses import game as Noughts


def moves(state: sheepkit.core.State) -> list[str]:  # type: ignore[type-arg]
    return sorted(str(m) for m in state.legal_moves())


# -- Fox and Geese ---------------------------------------------------------------------------
def test_the_fox_takes_a_chain_of_geese_in_one_move_and_may_stop_after_any_jump() -> None:
    game = FoxAndGeese()
    state = game.position({"Fox": ["d3"], "Geese": ["d4", "d6", "e5", "a3"]}, to_move="Fox")
    assert "d3xd5" in moves(state) and "d3xd5xd7" in moves(state)
    assert "d3xd5xf5" in moves(state)  # round the corner: d5 over e5 to f5
    assert moves(state) == ["d3-c3", "d3-d2", "d3-e3", "d3xd5", "d3xd5xd7", "d3xd5xf5"]
    after = state.play("d3xd5xd7")
    assert after.board[game.plan.board.point("d4")] == -1
    assert after.board[game.plan.board.point("d6")] == -1
    assert after.board[game.plan.board.point("d7")] == 1
    assert after.took == (0, 2)
    assert str(after.history[-1]) == "d3xd5xd7"


def test_the_fox_chains_round_a_corner_and_wins_by_taking_its_number_of_geese() -> None:
    game = FoxAndGeese(fox_captures=2)
    state = game.position({"Fox": ["c3"], "Geese": ["c4", "d5", "a3"]}, to_move="Fox")
    assert "c3xc5xe5" in moves(state)
    over = state.play("c3xc5xe5")
    assert over.is_over and over.winners() == (1,)
    assert over.outcome().reason == "Fox took 2 pieces."


def test_geese_never_step_back_and_win_by_penning_the_fox() -> None:
    game = FoxAndGeese()
    state = game.position({"Geese": ["d4"], "Fox": ["a5"]}, to_move="Geese")
    assert moves(state) == ["d4-c4", "d4-d5", "d4-e4"]
    penned = game.position(
        {"Fox": ["c7"], "Geese": ["c6", "d7", "d6", "c5", "e5", "e7"]}, to_move="Fox"
    )
    assert penned.is_over and penned.winners() == (0,)
    assert penned.outcome().reason == "Fox cannot move."


def test_a_draw_by_move_limit() -> None:
    game = FoxAndGeese(move_limit=2)
    state = game.new_game().play("c3-c4").play("d5-d6")
    assert state.is_over and state.winners() == ()
    assert state.outcome().reason == "2 moves were played: a draw."
    assert state.scores() == (0.5, 0.5)


# -- Hounds and Hare -------------------------------------------------------------------------
def test_hounds_never_go_back_and_the_hare_wins_by_getting_past() -> None:
    game = KitHounds()
    state = game.position({"Hounds": ["c2", "b3", "b1"], "Hare": ["e2"]}, to_move="Hounds")
    assert "c2-b2" not in moves(state) and "c2-d2" in moves(state)
    past = game.position({"Hounds": ["b3", "c2", "b1"], "Hare": ["a2"]}, to_move="Hounds")
    assert past.winners() == (1,)
    assert past.outcome().reason == "Hare got past every piece of the Hounds."


def test_the_hare_wins_when_the_hounds_stall() -> None:
    game = KitHounds(stall_limit=2)
    state = game.new_game().play("b3-b2").play("e2-d2").play("b2-b3")
    assert state.is_over and state.winners() == (1,)
    assert "2 moves in a row without going forward" in state.outcome().reason


def test_kit_hounds_and_hare_plays_as_the_lesson_game_does() -> None:
    """The same random game on both engines: the positions match point for point."""
    import random

    from sheepkit.examples.hounds_and_hare import POINTS, HoundsAndHare

    names = [f"{'abcde'[c]}{3 - r}" for c, r in POINTS]
    for seed in range(40):
        ref = HoundsAndHare().new_game()
        mine = KitHounds().new_game()
        rng = random.Random(seed)
        while not ref.is_over:
            assert not mine.is_over
            step = rng.choice(ref.legal_moves())
            assert sorted(f"{names[a]}-{names[b]}" for a, b in ref.legal_moves()) == moves(mine)
            ref = ref.play(step)
            mine = mine.play(f"{names[step.source]}-{names[step.target]}")
        assert mine.is_over and mine.winners() == ref.winners()
    assert KitHounds().max_length == HoundsAndHare().max_length


# -- three in a row, four in a row -----------------------------------------------------------
def test_three_in_a_row_wins_and_a_full_board_is_a_draw() -> None:
    won = Noughts().new_game()
    for move in ("a1", "a2", "b2", "b1", "c3"):
        won = won.play(move)
    assert won.winners() == (0,) and won.outcome().reason == "X has 3 in a row."
    drawn = Noughts().new_game()
    for move in ("a1", "b2", "c3", "a2", "c2", "c1", "a3", "b3", "b1"):
        drawn = drawn.play(move)
    assert drawn.is_over and drawn.winners() == ()
    assert drawn.outcome().reason == "O cannot move: a draw."


def test_four_in_a_row_by_dropping_into_one_column() -> None:
    state = FourInARow().new_game()
    assert moves(state) == ["a1", "b1", "c1", "d1", "e1", "f1", "g1"]
    for move in ("d1", "e1", "d2", "e2", "d3", "e3"):
        state = state.play(move)
    assert "d4" in moves(state) and "d5" not in moves(state)
    state = state.play("d4")
    assert state.winners() == (0,) and state.outcome().reason == "Blue has 4 in a row."


def test_a_smaller_board_and_goal_are_rules() -> None:
    game = FourInARow(columns=4, rows=4, in_a_row=3)
    assert len(game.plan.board) == 16 and game.max_length == 16
    with pytest.raises(sheepkit.core.InvalidRules, match="no line of this board holds 5"):
        FourInARow(columns=4, rows=4, in_a_row=5)


# -- Breakthrough ----------------------------------------------------------------------------
def test_breakthrough_takes_diagonally_only_and_wins_on_the_last_row() -> None:
    game = Breakthrough()
    state = game.position({"White": ["d7", "c4"], "Black": ["d5", "e8", "c8"]})
    assert "c4xd5" in moves(state) and "c4-c5" in moves(state) and "d7-d8" in moves(state)
    assert "d7xe8" in moves(state) and "d7-e8" not in moves(state)
    blocked = game.position({"White": ["d4"], "Black": ["d5", "a8"]})
    assert moves(blocked) == ["d4-c5", "d4-e5"]
    won = state.play("d7-d8")
    assert won.winners() == (0,) and won.outcome().reason == "White reached d8."


def test_breakthrough_is_won_by_taking_every_piece() -> None:
    state = Breakthrough().position({"White": ["c4"], "Black": ["d5"]})
    over = state.play("c4xd5")
    assert over.winners() == (0,) and over.outcome().reason == "White took every piece."


def test_breakthrough_rows_of_pieces_and_who_starts_are_rules() -> None:
    game = Breakthrough(columns=6, rows=6, white_rows=1, first="black")
    start = game.new_game()
    assert start.board.count(0) == 6 and start.board.count(1) == 12
    assert start.to_move == 1
    with pytest.raises(sheepkit.core.InvalidRules, match="both start on"):
        Breakthrough(rows=4, white_rows=3)


def test_notation_reads_back_in_other_spellings_and_refusals_are_in_words() -> None:
    state = Breakthrough().new_game()
    assert str(state.play(" B2 - b3 ").history[-1]) == "b2-b3"
    with pytest.raises(IllegalMove, match="There is no White piece on b4"):
        state.play("b4-b5")
    with pytest.raises(IllegalMove, match="not a move of Breakthrough"):
        state.play("z9-z10")
