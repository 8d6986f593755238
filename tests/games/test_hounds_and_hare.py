"""Hounds and Hare, the reference solution of the make-a-game lesson: every rule of
seeds/hounds_and_hare.md, built as a position and checked."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Iterator

import pytest
from fake_canvas import FakeCanvas

import sheepkit
from sheepkit.core import IllegalMove, InvalidRules, check_game, registry
from sheepkit.core.words import words_for
from sheepkit.drawing import Frame, drawing_for
from sheepkit.examples.hounds_and_hare import (
    HARE,
    HOUNDS,
    NEIGHBOURS,
    HareRules,
    HoundsAndHare,
    HoundsAndHareDrawing,
    Step,
    register_reference,
    solve,
)

GAME = HoundsAndHare()


@pytest.fixture(autouse=True)
def reference_registered() -> Iterator[None]:
    register_reference()
    yield
    registry.unregister("hounds_and_hare")


def moves(state) -> set[str]:
    return {str(m) for m in state.legal_moves()}


# -- the board and the start ---------------------------------------------------------------
def test_lines_join_neighbours_and_the_odd_points_diagonally() -> None:
    assert NEIGHBOURS[0] == (1, 4, 7)
    assert NEIGHBOURS[10] == (3, 6, 9)
    assert NEIGHBOURS[5] == (1, 2, 3, 4, 6, 7, 8, 9)  # the centre: every way
    assert NEIGHBOURS[2] == (1, 3, 5)  # no diagonals through 2, 4, 6, 8
    assert NEIGHBOURS[4] == (0, 1, 5, 7)
    assert NEIGHBOURS[1] == (0, 2, 4, 5)
    assert all(p in NEIGHBOURS[q] for p, near in enumerate(NEIGHBOURS) for q in near)


def test_start_hounds_on_0_1_7_hare_on_10_hounds_first() -> None:
    state = GAME.new_game()
    assert (state.hounds, state.hare, state.to_move, state.stall) == ((0, 1, 7), 10, HOUNDS, 0)
    assert moves(state) == {"0-4", "1-2", "1-4", "1-5", "7-4", "7-5", "7-8"}
    assert str(state).splitlines()[:5] == [
        "    D - . - .",
        "  / | \\ | / | \\",
        "D - . - . - . - H",
        "  \\ | / | \\ | /",
        "    D - . - .",
    ]


def test_registered_by_one_call_and_loads_by_name() -> None:
    game = sheepkit.load("hounds_and_hare", stall_limit=5)
    assert isinstance(game, HoundsAndHare) and game.rules.stall_limit == 5
    assert isinstance(drawing_for(game), HoundsAndHareDrawing)
    register_reference()  # a second call (a notebook cell run twice) is allowed


def test_importing_the_reference_registers_nothing() -> None:
    code = (
        "import sheepkit, sheepkit.examples.hounds_and_hare\n"
        "assert 'hounds_and_hare' not in sheepkit.games(), sheepkit.games()\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


# -- moves ---------------------------------------------------------------------------------
def test_the_hare_steps_along_any_line_also_backwards() -> None:
    state = GAME.position(hare=5, hounds=(0, 1, 7), to_move=HARE)
    assert moves(state) == {"5-2", "5-3", "5-4", "5-6", "5-8", "5-9"}  # 1 and 7: hounds


def test_hounds_go_right_or_up_and_down_never_left() -> None:
    state = GAME.position(hare=10, hounds=(0, 5, 8), to_move=HOUNDS)
    assert moves(state) == {"0-1", "0-4", "0-7", "5-2", "5-3", "5-6", "5-9", "8-9"}
    assert "5-4" not in moves(state) and "8-7" not in moves(state)
    with pytest.raises(IllegalMove, match="Hounds never go back: 5-4 goes towards point 0"):
        state.play("5-4")


def test_pieces_never_share_a_point_and_move_along_lines_only() -> None:
    state = GAME.position(hare=6, hounds=(2, 5, 8), to_move=HARE)
    with pytest.raises(IllegalMove, match="Point 5 is taken"):
        state.play("6-5")
    with pytest.raises(IllegalMove, match="No line joins 6 to 2"):
        state.play("6-2")
    with pytest.raises(IllegalMove, match="no piece of the Hare on point 5"):
        state.play("5-4")
    assert state.hare == 6 and state.ply == 0  # nothing changed


def test_a_move_changes_the_turn_and_keeps_the_hounds_sorted() -> None:
    state = GAME.new_game().play("7-4").play("10-6")
    assert (state.hounds, state.hare, state.to_move) == ((0, 1, 4), 6, HOUNDS)
    assert state.history == (Step(7, 4), Step(10, 6))


# -- the end -------------------------------------------------------------------------------
def test_a_trapped_hare_loses() -> None:
    state = GAME.position(hare=10, hounds=(3, 6, 9), to_move=HARE)
    assert state.is_over and state.winners() == (HOUNDS,)
    assert state.outcome().reason == "The hare is trapped."
    assert state.scores() == (1.0, 0.0)


def test_the_hounds_trap_the_hare_with_a_move() -> None:
    state = GAME.position(hare=10, hounds=(3, 6, 8), to_move=HOUNDS)
    assert not state.is_over
    after = state.play("8-9")
    assert after.winners() == (HOUNDS,) and "trapped" in str(after)


def test_the_hare_past_every_hound_wins() -> None:
    state = GAME.position(hare=5, hounds=(2, 6, 9), to_move=HARE)
    assert not state.is_over  # level with the hound on 2: not past it yet
    after = state.play("5-4")
    assert after.winners() == (HARE,)
    assert after.outcome().reason.startswith("The hare got past every hound")


def test_a_hare_on_0_behind_the_hounds_has_escaped_not_been_trapped() -> None:
    state = GAME.position(hare=0, hounds=(1, 4, 7), to_move=HARE)
    assert state.legal_moves() == ()  # it could not move, but it is past them: it won
    assert state.winners() == (HARE,) and "got past" in state.outcome().reason


def test_hounds_that_cannot_move_lose() -> None:
    state = GAME.position(hare=6, hounds=(3, 9, 10), to_move=HOUNDS)
    assert state.winners() == (HARE,) and state.outcome().reason == "The hounds cannot move."


def test_stalling_the_tenth_move_without_going_right_gives_the_hare_the_win() -> None:
    state = GAME.position(hare=10, hounds=(1, 4, 8), to_move=HOUNDS, stall=9)
    assert str(state).endswith("Hounds to move; hound moves without going right: 9 of 10")
    stalled = state.play("4-7")  # down: not to the right
    assert stalled.stall == 10 and stalled.winners() == (HARE,)
    assert stalled.outcome().reason == "The hounds made 10 moves without going forward."
    forward = state.play("4-5")  # to the right: the count starts again
    assert forward.stall == 0 and not forward.is_over


def test_stalling_is_checked_before_a_trapped_hare() -> None:
    state = GAME.position(hare=2, hounds=(3, 4, 5), to_move=HOUNDS, stall=9)
    after = state.play("4-1")  # up, the tenth such move, and the hare on 2 is boxed in
    assert after.legal_moves() == () and after.winners() == (HARE,)
    assert after.outcome().reason == "The hounds made 10 moves without going forward."
    trapped = GAME.position(hare=2, hounds=(3, 4, 5), to_move=HOUNDS, stall=0).play("4-1")
    assert trapped.winners() == (HOUNDS,)  # the same move without the stall count: trapped


def test_only_hound_moves_count_towards_stalling() -> None:
    state = GAME.position(hare=10, hounds=(1, 4, 7), to_move=HOUNDS, stall=3)
    state = state.play("7-8")
    assert state.stall == 0  # 7-8 goes right
    state = state.play("10-6")
    assert state.stall == 0  # the hare's move changes nothing
    state = state.play("8-9").play("6-3").play("9-6")
    assert state.stall == 1  # 8-9 went right, 9-6 went up


# -- the rule parameters -------------------------------------------------------------------
def test_rule_stall_limit() -> None:
    game = HoundsAndHare(stall_limit=3)
    state = game.position(hare=10, hounds=(1, 4, 8), to_move=HOUNDS, stall=2)
    assert state.play("4-7").winners() == (HARE,)
    assert HoundsAndHare().position(10, (1, 4, 8), HOUNDS, stall=2).play("4-7").stall == 3


def test_rule_first_lets_the_hare_start() -> None:
    state = HoundsAndHare(first="hare").new_game()
    assert state.to_move == HARE and moves(state) == {"10-3", "10-6", "10-9"}


def test_rule_hare_start_centre() -> None:
    state = HoundsAndHare(hare_start="centre").new_game()
    assert state.hare == 5 and state.to_move == HOUNDS
    assert moves(state) == {"0-4", "1-2", "1-4", "7-4", "7-8"}  # 1-5 and 7-5: the hare


@pytest.mark.parametrize(("limit", "bound"), [(10, 221), (2, 45), (30, 661)])
def test_max_length_follows_the_stall_limit(limit: int, bound: int) -> None:
    assert HoundsAndHare(stall_limit=limit).max_length == bound


# -- the whole contract --------------------------------------------------------------------
def test_check_game_passes_every_variant() -> None:
    variants = [{}, {"first": "hare"}, {"hare_start": "centre"}, {"stall_limit": 2}]
    report = check_game("hounds_and_hare", variants, games=25)
    assert report.games == 100 and report.longest <= 221


def test_a_record_replays_to_the_same_state() -> None:
    state = GAME.new_game()
    for text in ("1-2", "10-6", "7-8", "6-10"):
        state = state.play(text)
    record = json.loads(json.dumps(state.record()))
    assert record["history"] == ["1-2", "10-6", "7-8", "6-10"]
    assert sheepkit.replay(record) == state


@pytest.mark.parametrize(
    ("rules", "expected"),
    [
        ({}, (HOUNDS, 23)),
        ({"first": "hare"}, (HOUNDS, 24)),
        ({"stall_limit": 4}, (HOUNDS, 23)),
        ({"hare_start": "centre"}, (HOUNDS, 23)),
        ({"stall_limit": 3}, (HARE, 34)),
        ({"stall_limit": 2}, (HARE, 25)),
    ],
)
def test_solved_results_of_the_seeds_file(rules: dict, expected: tuple[int, int]) -> None:
    assert solve(HoundsAndHare(**rules)) == expected


# -- bad input -----------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("changes", "field", "words"),
    [
        ({"stall_limit": 1}, "stall_limit", "between 2 and 30"),
        ({"stall_limit": 31}, "stall_limit", "between 2 and 30"),
        ({"stall_limit": "10"}, "stall_limit", "of type int"),
        ({"first": "fox"}, "first", "one of 'hounds', 'hare'"),
        ({"hare_start": "corner"}, "hare_start", "one of 'end', 'centre'"),
        ({"hounds": 4}, "hounds", "has no rule 'hounds'"),
    ],
)
def test_bad_rule_values_are_named(changes: dict, field: str, words: str) -> None:
    with pytest.raises(InvalidRules, match=words) as caught:
        sheepkit.load("hounds_and_hare", **changes)
    assert caught.value.field == field


@pytest.mark.parametrize("text", ["1-11", "15", "a-b", "1--5", ""])
def test_unreadable_text_is_refused_clearly(text: str) -> None:
    state = GAME.new_game()
    with pytest.raises(IllegalMove, match="is not a move of Hounds and Hare: write a move"):
        state.play(text)
    with pytest.raises(ValueError, match="two points 0-10 with a dash"):
        GAME.parse_move(text)


def test_text_in_any_spacing_names_the_move() -> None:
    assert GAME.new_game().play(" 1 - 5 ").hounds == (0, 5, 7)
    assert GAME.parse_move("10-6") == Step(10, 6)


def test_a_lookalike_tuple_is_not_a_move() -> None:
    with pytest.raises(IllegalMove, match="built of other types"):
        GAME.new_game().play((1.0, 5.0))


def test_a_made_up_position_is_checked() -> None:
    with pytest.raises(ValueError, match="different points"):
        GAME.position(hare=1, hounds=(0, 1, 7), to_move=HARE)
    with pytest.raises(ValueError, match="different points"):
        GAME.position(hare=11, hounds=(0, 1, 7), to_move=HARE)
    with pytest.raises(ValueError, match="different points"):
        GAME.position(hare="10", hounds=(0, 1, 7), to_move=HARE)
    with pytest.raises(ValueError, match="stall is below"):
        GAME.position(hare=10, hounds=(0, 1, 7), to_move=HOUNDS, stall=10)
    with pytest.raises(ValueError, match="to_move is 0"):
        GAME.position(hare=10, hounds=(0, 1, 7), to_move=2)


def test_rules_are_the_rules_type() -> None:
    assert HoundsAndHare().rules == HareRules()
    with pytest.raises(TypeError, match="needs HareRules"):
        HoundsAndHare(rules=sheepkit.load("wolf_and_sheep").rules)


# -- the drawing ---------------------------------------------------------------------------
def drawn(state, selection=None) -> FakeCanvas:
    canvas = FakeCanvas()
    HoundsAndHareDrawing(GAME).draw(canvas, Frame(state, None, selection))
    return canvas


def test_the_drawing_shows_points_lines_labels_and_pieces_by_shape_and_letter() -> None:
    canvas = drawn(GAME.new_game())
    texts = canvas.texts()
    assert {str(p) for p in range(11)} <= set(texts)  # every point labelled
    assert texts.count("D") == 3 and texts.count("H") == 1
    assert canvas.count("stroke_line") == sum(len(n) for n in NEIGHBOURS) // 2  # 20 lines
    assert canvas.count("fill_rect") >= 1 + 3  # the paper, and a square per hound
    assert any("Hounds to move" in t for t in texts)


def test_a_click_on_a_piece_then_on_a_point_plays_the_move() -> None:
    drawing = HoundsAndHareDrawing(GAME)
    state = GAME.new_game()
    frame = Frame(state, None)
    selection, move = drawing.click(frame, *drawing.centre(1))
    assert (selection, move) == (1, None)
    assert {str(m) for m in drawing.selected_moves(state, selection)} == {"1-2", "1-4", "1-5"}
    marked = drawn(state, selection)
    assert ("stroke_style", "#D55E00") in marked.calls  # the ring round the picked hound
    selection, move = drawing.click(Frame(state, None, 1), *drawing.centre(5))
    assert (selection, move) == (None, Step(1, 5))
    assert drawing.click(frame, *drawing.centre(10)) == (None, None)  # not the hounds' piece
    assert drawing.click(frame, 5, 5) == (None, None)  # no point there


def test_every_move_has_a_button_label() -> None:
    drawing = HoundsAndHareDrawing(GAME)
    state = GAME.new_game()
    assert drawing.move_buttons
    assert words_for(state.game).move_label(state, Step(1, 5)) == "Hound 1 → 5"
    assert (
        words_for(state.play("1-5").game).move_label(state.play("1-5"), Step(10, 6))
        == "Hare 10 → 6"
    )
