"""Wolf and Sheep: every rule of the text, by a constructed position and a checked outcome."""

from __future__ import annotations

import json
import random

import pytest

import sheepkit
from sheepkit import BadRecord, IllegalMove, InvalidRules
from sheepkit.bots import for_game
from sheepkit.games.wolf_and_sheep import (
    SHEEP,
    WOLVES,
    Step,
    WolfAndSheep,
    WolfAndSheepState,
    parse_square,
    square_name,
)

GAME = sheepkit.load("wolf_and_sheep")
START_WOLVES = ("B8", "D8", "F8", "H8")


def sq(name: str, size: int = 8) -> int:
    return parse_square(name, size)


def step(text: str) -> Step:
    return GAME.parse_move(text)


def names(moves) -> set[str]:
    return {str(m) for m in moves}


def at(sheep: str, wolves=START_WOLVES, to_move: int = SHEEP, **rules) -> WolfAndSheepState:
    game = sheepkit.load("wolf_and_sheep", **rules) if rules else GAME
    return game.position(sheep, wolves, to_move)  # type: ignore[attr-defined]


# -- the game and its setup ----------------------------------------------------------------
def test_registered_with_two_named_players() -> None:
    assert "wolf_and_sheep" in sheepkit.games()
    assert isinstance(GAME, WolfAndSheep)
    assert GAME.title == "Wolf and Sheep"
    assert GAME.num_players == 2
    assert (GAME.player_name(0), GAME.player_name(1)) == ("Sheep", "Wolves")
    assert set(for_game(GAME)) - {"Random", "MCTS"} == {"Sensible", "Perfect"}


def test_8x8_setup_sheep_first() -> None:
    state = GAME.new_game()
    assert square_name(state.sheep) == "E1"
    assert [square_name(w) for w in state.wolves] == list(START_WOLVES)
    assert state.to_move == SHEEP
    assert names(state.legal_moves()) == {"E1-D2", "E1-F2"}
    assert str(state).splitlines() == [
        "8 . W . W . W . W",
        "7 . . . . . . . .",
        "6 . . . . . . . .",
        "5 . . . . . . . .",
        "4 . . . . . . . .",
        "3 . . . . . . . .",
        "2 . . . . . . . .",
        "1 . . . . S . . .",
        "  A B C D E F G H",
        "Sheep to move.",
    ]


def test_10x10_setup_has_five_wolves_and_far_row_10() -> None:
    game = sheepkit.load("wolf_and_sheep", board=10)
    state = game.new_game()
    assert [square_name(w) for w in state.wolves] == ["B10", "D10", "F10", "H10", "J10"]
    assert square_name(state.sheep) == "E1"
    assert str(state).splitlines()[0] == "10 . W . W . W . W . W"
    # Row 10 is the far row: a sheep that steps onto it wins.
    # (Auto-victory off: with it on, the sheep wins a row earlier, see the auto-victory tests.)
    near = sheepkit.load("wolf_and_sheep", board=10, auto_victory=False).position(
        "C9", ["B10", "F10", "H10", "J10", "A3"]
    )
    assert not near.is_over
    won = near.play("C9-D10")
    assert won.winners() == (SHEEP,)
    assert "far row" in str(won.outcome())
    # ...and row 8 is not.
    assert not game.position("C7", ["B10", "F10", "H10", "J10", "D10"], WOLVES).is_over


@pytest.mark.parametrize(
    ("size", "sheep", "wolves"),
    [(6, "C1", ["B6", "D6", "F6"]), (12, "G1", ["B12", "D12", "F12", "H12", "J12", "L12"])],
)
def test_other_sizes_setup(size: int, sheep: str, wolves: list[str]) -> None:
    state = sheepkit.load("wolf_and_sheep", board=size).new_game()
    assert square_name(state.sheep) == sheep
    assert [square_name(w) for w in state.wolves] == wolves


def test_pieces_stay_on_the_dark_squares() -> None:
    # Every square any piece ever stands on has row + column even (A1 is dark).
    state = GAME.new_game()
    for move in ["E1-D2", "B8-C7", "D2-C3", "C7-D6", "C3-D4", "D8-E7", "D4-C5"]:
        state = state.play(move)
        for piece in (state.sheep, *state.wolves):
            row, col = divmod(piece, 16)
            assert (row + col) % 2 == 0


# -- moving --------------------------------------------------------------------------------
def test_sheep_moves_one_step_on_its_four_diagonals() -> None:
    state = at("D4", ["B8", "D8", "F8", "H8"])
    assert names(state.legal_moves()) == {"D4-C5", "D4-E5", "D4-C3", "D4-E3"}


def test_wolves_move_one_step_forward_only() -> None:
    state = at("E1", ["B8", "D6", "F8", "H8"], WOLVES)
    assert names(state.legal_moves()) == {
        "B8-A7",
        "B8-C7",
        "D6-C5",
        "D6-E5",
        "F8-E7",
        "F8-G7",
        "H8-G7",
    }
    assert "wolves cannot move backwards" in state.why_illegal(step("D6-E7")).lower()
    with pytest.raises(IllegalMove, match="backwards"):
        state.play("D6-C7")


def test_only_diagonal_single_steps() -> None:
    state = GAME.new_game()
    for text, words in [
        ("E1-E2", "E2 is not a diagonal step from E1"),
        ("E1-C3", "C3 is not a diagonal step from E1"),
        ("E1-F1", "F1 is not a diagonal step from E1"),
    ]:
        with pytest.raises(IllegalMove) as error:
            state.play(text)
        assert words in str(error.value)
    assert "D4 is not a diagonal step from E1" in state.why_illegal(step("E1-D4"))


def test_one_piece_of_your_own_per_move() -> None:
    state = GAME.new_game()
    with pytest.raises(IllegalMove, match="no piece of yours on B8"):
        state.play("B8-A7")  # the sheep may not move a wolf
    after = state.play("E1-D2")
    with pytest.raises(IllegalMove, match="no piece of yours on D2"):
        after.play("D2-C3")  # the wolves may not move the sheep
    with pytest.raises(IllegalMove, match="no piece of yours on C3"):
        after.play("C3-B2")
    assert all(len(move) == 2 for move in after.legal_moves())


def test_no_stacking_no_capture_no_jumping() -> None:
    # The sheep is boxed on three sides; it can neither land on a wolf nor jump one.
    state = at("D4", ["C5", "E5", "C3", "H8"])
    assert names(state.legal_moves()) == {"D4-E3"}
    assert "E5 is occupied" in state.why_illegal(step("D4-E5"))
    with pytest.raises(IllegalMove, match="not a diagonal step"):
        state.play("D4-F6")  # a jump over E5, as in draughts
    # A wolf cannot take the sheep or land on another wolf either.
    wolves = at("D4", ["E5", "F6", "H8", "B8"], WOLVES)
    assert "D4" not in {square_name(m.target) for m in wolves.legal_moves()}
    assert "E5 is occupied by a wolf" in wolves.why_illegal(step("F6-E5"))
    assert "D4 is occupied by the sheep" in wolves.why_illegal(step("E5-D4"))
    with pytest.raises(IllegalMove, match="not a diagonal step"):
        wolves.play("E5-C3")


def test_sheep_may_move_backwards() -> None:
    state = GAME.new_game().play("E1-D2").play("B8-A7")
    assert "D2-E1" in names(state.legal_moves())
    back = state.play("D2-E1")
    assert square_name(back.sheep) == "E1"


def test_turns_alternate_and_state_is_immutable() -> None:
    state = GAME.new_game()
    after = state.play("E1-F2")
    assert (state.to_move, after.to_move) == (SHEEP, WOLVES)
    assert state.history == () and after.history == (step("E1-F2"),)
    assert square_name(state.sheep) == "E1"


# -- the end of the game -------------------------------------------------------------------
def test_sheep_on_the_far_row_wins() -> None:
    state = at("C7", ["H8", "F8", "A3", "G3"], auto_victory=False)
    assert not state.is_over
    won = state.play("C7-D8")
    assert won.is_over and won.to_move is None
    assert won.winners() == (SHEEP,)
    assert won.scores() == (1.0, 0.0)
    assert str(won.outcome()) == "The sheep reached the far row (D8)."
    assert won.legal_moves() == ()


def test_far_row_is_checked_before_a_stuck_wolf_pack() -> None:
    # Wolves to move and stuck on row 1, but the sheep already stands on row 8: the reason
    # is the far row, the first check.
    state = at("D8", ["A1", "C1", "E1", "G1"], WOLVES)
    assert str(state.outcome()).startswith("The sheep reached the far row")


def test_blocked_sheep_loses() -> None:
    # On row 1 the sheep has only its two forward diagonals; wolves on B2 and D2 block both.
    state = at("C1", ["B2", "D2", "F8", "H8"], WOLVES).play("F8-E7")
    assert state.is_over
    assert state.winners() == (WOLVES,)
    assert state.scores() == (0.0, 1.0)
    assert str(state.outcome()) == "The wolves have blocked the sheep: it cannot move."
    # Boxed in the middle by four wolves.
    assert at("D4", ["C5", "E5", "C3", "E3"]).winners() == (WOLVES,)


def test_stuck_wolves_lose() -> None:
    state = at("E5", ["A1", "C1", "E1", "G1"], WOLVES, auto_victory=False)
    assert state.winners() == (SHEEP,)
    assert str(state.outcome()) == "The wolves cannot move any more."
    # Wolves blocked by each other and by the sheep also count as stuck.
    jam = at("C1", ["A1", "B2", "D2", "E1"], WOLVES, auto_victory=False)
    assert jam.legal_moves() == () and jam.winners() == (SHEEP,)


def test_no_draws_every_game_ends_with_one_winner() -> None:
    rng = random.Random(5)
    for rules in ({}, {"auto_victory": False}):
        game = sheepkit.load("wolf_and_sheep", **rules)
        for _ in range(200):
            state = game.new_game()
            while not state.is_over:
                state = state.play(rng.choice(state.legal_moves()))
            assert len(state.winners()) == 1
            assert sorted(state.scores()) == [0.0, 1.0]
            assert state.ply <= game.max_length


def test_max_length_is_the_wolf_move_bound() -> None:
    # Each wolf moves at most size - 1 times (only forward); the sheep at most once more.
    assert GAME.max_length == 2 * 4 * 7 + 1
    assert sheepkit.load("wolf_and_sheep", board=10).max_length == 2 * 5 * 9 + 1


# -- auto-victory --------------------------------------------------------------------------
def test_auto_victory_fires_when_a_forward_square_is_unreachable() -> None:
    # Sheep C5 looks at B6 and D6. E7 covers D6 only; H8 is too far to the side for either.
    state = at("C5", ["E7", "H8", "G3", "E1"])
    assert state.winners() == (SHEEP,)
    assert str(state.outcome()) == "Auto-victory: no wolf can reach B6 in front of the sheep."


def test_auto_victory_fires_when_one_wolf_covers_both() -> None:
    state = at("C5", ["C7", "H8", "G3", "E1"])
    assert state.winners() == (SHEEP,)
    assert str(state.outcome()) == (
        "Auto-victory: only the wolf on C7 can reach B6 and D6 in front of the sheep, "
        "and one wolf cannot block both."
    )


def test_auto_victory_does_not_fire_when_two_wolves_cover() -> None:
    state = at("C5", ["A7", "E7", "G3", "E1"])
    assert not state.is_over
    assert state.to_move == SHEEP


def test_auto_victory_rows_count_towards_the_wolves() -> None:
    # A wolf reaches only squares on rows below its own, within the widening cone.
    # Sheep F4 looks at E5 and G5; G5 holds a wolf, so only E5 counts.
    covered = at("F4", ["G5", "E7", "A1", "C1"], WOLVES)
    assert not covered.is_over  # E7 reaches E5: 2 rows down, 0 columns across
    # A wolf level with the square (C5), or below it, cannot reach it.
    level = at("F4", ["G5", "C5", "A1", "H2"], WOLVES)
    assert str(level.outcome()) == "Auto-victory: no wolf can reach E5 in front of the sheep."
    # Nor can a wolf too far to the side for its height: H8 -> B4 is 6 columns in 4 rows,
    # G7 -> B4 is 5 columns in 3 rows (both reach D4).
    wide = at("C3", ["H8", "G7", "A1", "E1"])
    assert str(wide.outcome()) == "Auto-victory: no wolf can reach B4 in front of the sheep."
    # Once the sheep stands on the row before the far row, no wolf can be above it: with
    # auto-victory on, that is always a win (so the far-row win is only seen with it off).
    assert at("C7", ["B8", "H8", "A1", "E1"]).winners() == (SHEEP,)


def test_auto_victory_checks_both_sides_turns() -> None:
    # Right after the sheep's move, before the wolves' turn.
    state = at("D4", ["A7", "E7", "F6", "H8"]).play("D4-C5")
    assert not state.is_over
    state = at("D4", ["C7", "F6", "H6", "H8"])
    after = state.play("D4-C5")
    assert after.to_move is None and after.winners() == (SHEEP,)


def test_auto_victory_needs_an_empty_forward_square() -> None:
    # Both forward squares are taken by wolves: the test does not apply (the sheep steps back).
    state = at("D4", ["C5", "E5", "A1", "G1"])
    assert not state.is_over
    assert names(state.legal_moves()) == {"D4-C3", "D4-E3"}
    # On the edge only one forward square exists: one lone guard is enough then.
    edge = at("A3", ["C5", "H8", "E1", "G1"])
    assert not edge.is_over
    # ...but nobody able to reach it fires the rule.
    unguarded = at("A3", ["H8", "F6", "E1", "G1"])
    assert str(unguarded.outcome()) == "Auto-victory: no wolf can reach B4 in front of the sheep."


def test_auto_victory_can_be_switched_off() -> None:
    state = at("C5", ["E7", "H8", "G3", "E1"], auto_victory=False)
    assert not state.is_over
    state = at("C5", ["C7", "H8", "G3", "E1"], auto_victory=False)
    assert not state.is_over


# -- errors ---------------------------------------------------------------------------------
def test_illegal_move_names_the_reason_and_the_legal_moves() -> None:
    state = GAME.new_game().play("E1-F2")
    before = repr(state)
    with pytest.raises(IllegalMove) as error:
        state.play(step("B8-B6"))
    text = str(error.value)
    assert "B6 is not a diagonal step from B8" in text
    assert "Legal here:" in text and "H8-G7" in text
    assert set(error.value.legal) == set(state.legal_moves())
    assert repr(state) == before


def test_moves_after_the_end_are_refused() -> None:
    won = at("C7", ["H8", "F8", "A3", "G3"], auto_victory=False).play("C7-B8")
    with pytest.raises(IllegalMove, match="game is over"):
        won.play("B8-A7")


def test_parse_move_round_trips_and_rejects_garbage() -> None:
    for move in GAME.new_game().legal_moves():
        assert GAME.parse_move(str(move)) == move
    assert GAME.parse_move(" e1 - d2 ") == Step(sq("E1"), sq("D2"))
    big = sheepkit.load("wolf_and_sheep", board=10)
    assert str(big.parse_move("J10-I9")) == "J10-I9"
    for text in ["", "E1", "E1D2", "E1-", "hello", "E1-D2-C3", "11-22"]:
        with pytest.raises(ValueError, match="E1-D2"):
            GAME.parse_move(text)
    with pytest.raises(ValueError, match="I1 is not on the 8x8 board"):
        GAME.parse_move("I1-H2")
    with pytest.raises(ValueError, match="not on the 8x8 board"):
        GAME.parse_move("A9-B8")
    with pytest.raises(ValueError):
        GAME.new_game().play("garbage")


def test_foreign_objects_are_illegal_not_crashes() -> None:
    state = GAME.new_game()
    for thing in [None, 3, "", (1, 2, 3), ("E1", "D2"), [4, 19], Step(4, 400)]:
        with pytest.raises((IllegalMove, ValueError)):
            state.play(thing)


def test_plain_tuples_are_stored_as_steps() -> None:
    state = GAME.new_game().play((sq("E1"), sq("D2")))
    assert type(state.history[0]) is Step
    assert state.record()["history"] == ["E1-D2"]


def test_bad_rules_name_the_field() -> None:
    with pytest.raises(InvalidRules) as error:
        sheepkit.load("wolf_and_sheep", board=7)
    assert error.value.field == "board"
    assert "board" in str(error.value)
    with pytest.raises(InvalidRules) as error:
        sheepkit.load("wolf_and_sheep", wolves=5)
    assert error.value.field == "wolves"
    with pytest.raises(InvalidRules) as error:
        sheepkit.load("wolf_and_sheep", auto_victory="yes")
    assert error.value.field == "auto_victory"


def test_positions_validate_their_squares() -> None:
    with pytest.raises(ValueError, match="dark square"):
        GAME.position("E2", START_WOLVES)  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="share a square"):
        GAME.position("B8", START_WOLVES)  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="not on the 8x8 board"):
        GAME.position("E1", ["B10"])  # type: ignore[attr-defined]


def test_diagram_positions_read_back_their_own_picture() -> None:
    state = GAME.new_game().play("E1-F2").play("D8-C7")
    drawn = GAME.from_text(str(state), to_move=SHEEP)
    assert drawn.key() == state.key()
    assert drawn.history == ()


def test_key_is_the_position_without_history() -> None:
    a = GAME.new_game().play("E1-D2").play("B8-A7").play("D2-E1").play("A7-B6")
    b = GAME.new_game().play("E1-F2").play("B8-A7").play("F2-E1").play("A7-B6")
    assert a != b and a.key() == b.key()
    assert hash(a.key()) == hash(b.key())


# -- records and the contract -------------------------------------------------------------
def test_record_replays_to_the_same_state() -> None:
    final = sheepkit.play_game(GAME, [sheepkit.RandomBot(), sheepkit.RandomBot()], seed=11)
    record = final.record()
    assert record["game"] == "wolf_and_sheep"
    assert record["rules"] == {
        "board": 8,
        "auto_victory": True,
        "rounds": 1,
        "first": "sheep",
        "sheep_start": "middle",
    }
    again = sheepkit.replay(json.loads(json.dumps(record)))
    assert again == final and again.outcome() == final.outcome()
    middle = GAME.new_game().play("E1-D2").play("F8-G7")
    assert sheepkit.replay(middle.record()) == middle


def test_record_with_an_illegal_move_names_the_move_number() -> None:
    record = GAME.new_game().play("E1-D2").play("B8-C7").record()
    record["history"].append("D2-D4")
    with pytest.raises(BadRecord, match="move 3") as error:
        sheepkit.replay(record)
    assert error.value.move_number == 3
    record["history"][1] = "B8-C9"
    with pytest.raises(BadRecord) as error:
        sheepkit.replay(record)
    assert error.value.move_number == 2


def test_check_game_passes_for_every_variant() -> None:
    report = sheepkit.check_game(
        "wolf_and_sheep",
        variants=[{}, {"auto_victory": False}, {"board": 10}, {"board": 6}, {"board": 12}],
        games=12,
    )
    assert report.games == 60
    assert report.longest <= sheepkit.load("wolf_and_sheep", board=12).max_length


def test_replaced_states_judge_their_own_position() -> None:
    """The moves and the end are cached per state, never carried over by replace (they used to
    be set in __post_init__, which replace does not call)."""
    state = GAME.new_game()
    assert state.legal_moves()  # judged, and cached on this state
    trapped = state.replace(sheep=sq("A1"), wolves=(sq("B2"), sq("D8"), sq("F8"), sq("H8")))
    assert trapped.is_over and trapped.winners() == (1,)
    assert trapped.legal_moves() == ()
    assert state.legal_moves() and not state.is_over  # the original is untouched


def test_a_listed_move_and_its_twin_play_alike() -> None:
    """play's fast path (the listed object) and core's path (an equal Step, text) agree."""
    state = GAME.new_game()
    listed = state.legal_moves()[0]
    twin = Step(listed.source, listed.target)  # equal, not the listed object
    assert state.play(listed) == state.play(twin)
    assert state.play(str(listed)) == state.play(listed)
