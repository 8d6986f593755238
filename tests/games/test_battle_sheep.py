"""Battle Sheep: every rule by a made-up position in the text board format, records, errors."""

from __future__ import annotations

import json

import pytest

import sheepkit
from sheepkit import BadRecord, IllegalMove, InvalidRules
from sheepkit.core.check import check_game
from sheepkit.games.battle_sheep import MOVE, OVER, START, TILES, Split, Start, Tile
from sheepkit.games.battle_sheep import geometry as geo

GAME = sheepkit.load("battle_sheep")
READY = sheepkit.load("battle_sheep", field="tight")


def names(state) -> list[str]:
    return sorted(str(m) for m in state.legal_moves())


def at(text: str, game=GAME, **kw):
    return game.from_text(text, **kw)


def same(a, b) -> bool:
    """The same position (a text board has no history)."""
    return (a.phase, a.turn, a.field, a.board) == (b.phase, b.turn, b.field, b.board)


# -- the text board format ----------------------------------------------------------------
def test_text_round_trip_and_origin():
    text = "@c3\n.   A15 -\n  B16 .   A1"
    state = at(text)
    assert state.phase == MOVE and state.to_move == 0
    assert {(geo.name(c), o, s) for c, o, s in state.stacks()} == {
        ("d3", 0, 15),
        ("c4", 1, 16),
        ("e4", 0, 1),
    }
    board = sheepkit.games.battle_sheep.textboard.board_text(state)
    assert board.splitlines() == text.splitlines()
    # str(state) adds the phase and the player to move to the '@' line
    assert str(state).splitlines()[-3:] == ["@c3 move A", *text.splitlines()[1:]]
    assert at(str(state)) == state  # comments ('#') are ignored, so str(state) reads back


def test_text_keeps_the_phase_and_the_player_to_move():
    # Before the fix, the text of a half-placed start phase read back as the move phase, and
    # Player 2 to move read back as Player 1.
    start = READY.new_game().play(READY.new_game().legal_moves()[0])
    assert start.phase == START and start.to_move == 1
    assert same(at(str(start), game=READY), start)
    moving = at("A5  .   .   .   B5", to_move=1)
    assert moving.to_move == 1 and at(str(moving)) == moving
    assert at("@a1 move B\nA5  .   .   .   B5").to_move == 1
    with pytest.raises(ValueError, match="the player to move is one of A, B"):
        at("@a1 move C\nA5  .")
    with pytest.raises(ValueError, match="the text says 'move'"):
        at("@a1 move A\nA5  .", phase="tiles")
    with pytest.raises(ValueError, match="a player can still move"):
        at("@a1 over A\nA5  .")


def test_text_refuses_what_the_rules_cannot_have():
    with pytest.raises(ValueError, match="A has 48 sheep on the board; each player has 16"):
        at(". . . .\n. A16 A16 A16")
    with pytest.raises(ValueError, match="1 to 16 sheep"):
        at("A" + "9" * 5000 + " .")  # not Python's int digit-limit error
    with pytest.raises(ValueError, match="not a cell"):
        at("@a" + "1" * 5000 + "\n.")
    for seat in (True, 1.0, "1", -1, 2):
        with pytest.raises(ValueError, match="to_move must be a seat from 0 to 1"):
            at("A5  .   .", to_move=seat)


def test_a_start_phase_needs_a_pasture_for_every_flock():
    # Before the fix: Player 2 was to move with no legal move and the game not over.
    with pytest.raises(ValueError, match="needs a pasture for each of the 2 players"):
        at("@a1\n.", phase="start")
    three = sheepkit.load("battle_sheep", players=3)
    with pytest.raises(ValueError, match="this one has 2"):
        at(". .", game=three, phase="start")
    state = at(". .", phase="start").play("start a1")
    assert state.to_move == 1 and names(state) == ["start b1"]


def test_text_made_up_fields_may_be_fragments():
    # Ruled: a diagram may show a corner of a field, in pieces and not of whole tiles.
    state = at("A2  .   -   B2  .")
    assert state.phase == MOVE and len(state.info.cells) == 4


def test_text_format_errors_name_the_token():
    with pytest.raises(ValueError, match="token 2"):
        at(". Z3")
    with pytest.raises(ValueError, match="1 to 16 sheep"):
        at("A17 .")
    with pytest.raises(ValueError, match="off the 16x14 table"):
        at("@p1\n. .")
    with pytest.raises(ValueError, match="not a cell"):
        at("@z9\n.")
    with pytest.raises(ValueError, match="phase must be"):
        at("A2 .", phase="later")


# -- the move: split and slide ------------------------------------------------------------
def test_split_offers_every_division_with_both_parts_at_least_one():
    state = at("A5  .   .\n  .   .   .")
    # From a1 the stack can slide east to c1 or south-east to a2; 1 to 4 sheep may go.
    assert names(state) == sorted(f"a1-{end} x{n}" for end in ("c1", "a2") for n in range(1, 5))
    after = state.play("a1-c1 x3")
    assert {(geo.name(c), s) for c, _, s in after.stacks()} == {("a1", 2), ("c1", 3)}
    assert after.history == (Split(geo.parse_cell("a1"), geo.parse_cell("c1"), 3),)


def test_a_slide_stops_at_the_edge_of_the_field_and_at_holes():
    state = at("A16 .   .   .   -   .")
    assert {str(m).split()[0] for m in state.legal_moves()} == {"a1-d1"}  # not past the hole
    with pytest.raises(IllegalMove, match="stops on d1, not on c1"):
        state.play("a1-c1 x1")


def test_a_slide_stops_before_any_stack_own_or_other():
    assert {str(m).split()[0] for m in at("A16 .   .   B1  .").legal_moves()} == {"a1-c1"}
    assert {str(m).split()[0] for m in at("A15 .   A1  .   .").legal_moves()} == {"a1-b1"}
    # Next to a stack there is no room: that direction cannot be used at all.
    assert at("A16 B1  .").is_over


BLOCKED = """
@a1
B1  B1  B4  .   .
  A5  A1
B1  B1
"""


def test_a_blocked_stack_cannot_move_and_its_player_is_skipped():
    state = at(BLOCKED, to_move=0)
    assert state.to_move == 1  # Player A's stacks are blocked in (or of one sheep): skipped
    assert names(state) == ["c1-e1 x1", "c1-e1 x2", "c1-e1 x3"]
    after = state.play("c1-e1 x1")
    assert after.to_move == 1  # A still cannot move, so B moves again
    with pytest.raises(IllegalMove, match="belongs to Player 1"):
        after.play("a2-c2 x1")


def test_the_blocked_message():
    state = at("@a1\nA1  A1  A3  .\n  A5  A1\nA1  A1")
    assert state.to_move == 0 and names(state) == ["c1-d1 x1", "c1-d1 x2"]
    with pytest.raises(IllegalMove, match="blocked on all sides"):
        state.play("a2-c2 x1")
    with pytest.raises(IllegalMove, match="has one sheep"):
        state.play("b2-c2 x1")
    with pytest.raises(IllegalMove, match="move 1 to 2 of them"):
        state.play("c1-d1 x3")
    with pytest.raises(IllegalMove, match="no stack on d1"):
        state.play("d1-c1 x1")


def test_the_game_ends_when_nobody_can_move():
    state = at("A2  .   B1")
    assert state.to_move == 0 and names(state) == ["a1-b1 x1"]
    final = state.play("a1-b1 x1")
    assert final.is_over and final.phase == OVER and final.legal_moves() == ()
    assert final.scores() == (2, 1) and final.winners() == (0,)
    assert str(final.outcome()) == "Nobody can move: Player 1 (A) wins with 2 pastures."
    with pytest.raises(IllegalMove, match="game is over"):
        final.play("a1-b1 x1")


def test_play_goes_clockwise_and_skips_only_who_cannot_move():
    three = sheepkit.load("battle_sheep", players=3)
    state = at("A2  .   -   B2  .   -   C2  .", game=three)
    movers = []
    while not state.is_over:
        movers.append(state.to_move)
        state = state.play(state.legal_moves()[0])
    assert movers == [0, 1, 2]


# -- scoring and the tie-break ------------------------------------------------------------
TIE = """
@a1
A8  A7  -   -   B1
  -   -   -   B1  B1
A1
"""


@pytest.mark.parametrize(
    ("rule", "winners", "words"),
    [
        ("group", (1,), "Player 2 (B) wins with the largest connected group (pastures: 2, 3)"),
        (
            "group_sheep",
            (0,),
            "Player 1 (A) wins with the most sheep on one connected group (sheep: 15, 3)",
        ),
        ("shared", (0, 1), "share the win with 3 pastures each"),
    ],
)
def test_scores_count_pastures_and_ties_go_to_the_largest_connected_group(rule, winners, words):
    game = sheepkit.load("battle_sheep", tie_break=rule)
    final = at(TIE, game=game)
    assert final.is_over and final.scores() == (3, 3)
    assert final.largest_groups() == ((2, 15), (3, 3))
    assert final.winners() == winners
    assert words in str(final.outcome())


def test_group_sheep_counts_the_group_with_the_most_sheep():
    # Player 1 has 3 pastures with 3 sheep on a1-c1 and 13 sheep on e1-f1 (2 pastures);
    # Player 2 has 3 pastures (a3-c3, 8 sheep) and 2 (e3-f3, 8 sheep). Before the fix the
    # engine took the sheep on the group with the most pastures (3 against 8): Player 2 won.
    text = "@a1\nA1  A1  A1  -   A7  A6\n-   -   -   -   -   -\nB3  B3  B2  -   B4  B4\n"
    final = at(text, game=sheepkit.load("battle_sheep", tie_break="group_sheep"))
    assert final.is_over and final.scores() == (5, 5)
    assert final.most_sheep_on_a_group() == (13, 8)
    assert final.largest_groups() == ((3, 3), (3, 8))
    assert final.winners() == (0,)
    assert "most sheep on one connected group (sheep: 13, 8)" in str(final.outcome())
    # The default tie-break compares pastures: 3 each, a shared win.
    assert at(text).winners() == (0, 1)


def test_equal_largest_groups_share_the_win():
    final = at("A1  -   B1")
    assert final.winners() == (0, 1) and "share the win" in str(final.outcome())


# -- building the field -------------------------------------------------------------------
def test_the_first_tile_goes_anywhere_and_tiles_have_three_rotations():
    state = GAME.new_game()
    assert state.phase == TILES and state.to_move == 0
    assert len(state.legal_moves()) == len(geo.all_tiles())
    assert {m.rotation for m in state.legal_moves()} == {0, 1, 2}
    shapes = {frozenset(geo.tile_cells(m.cell, m.rotation)) for m in state.legal_moves()}
    assert len(shapes) == len(state.legal_moves())  # no two moves lay the same hexes
    after = state.play("tile c3 r0")
    assert {geo.name(c) for c in geo.cells_of(after.field)} == {"c3", "d3", "c2", "d2"}
    assert after.to_move == 1


def test_a_new_tile_must_share_a_full_edge_and_may_leave_holes():
    state = at("@c2\n  .   .\n.   .", phase="tiles")  # one tile: c2 d2 c3 d3
    assert state.phase == TILES and state.to_move == 1
    legal = set(state.legal_moves())
    for move in legal:  # every legal tile touches the field along a side and covers no pasture
        cells = geo.tile_cells(move.cell, move.rotation)
        assert not set(cells) & set(geo.cells_of(state.field))
        assert any(n in geo.cells_of(state.field) for c in cells for n in geo.neighbours()[c])
    with pytest.raises(IllegalMove, match="cover pasture"):
        state.play("tile c3 r0")
    with pytest.raises(IllegalMove, match="full edge"):
        state.play("tile h6 r0")  # (on a hex grid, touching at a corner means sharing a side)
    with pytest.raises(IllegalMove, match="does not fit"):
        state.play("tile a1 r1")
    for outside in (Tile(-5, 0), Tile(geo.CELLS, 0), Tile(40, 3)):
        with pytest.raises(IllegalMove, match="does not fit"):
            state.play(outside)
    # A ring of tiles around an empty hex is allowed: holes are fine.
    ring = at("@b2\n  .   .   .   .\n.   .   -   .   .\n  .   .   .   .", phase="tiles")
    assert geo.holes(ring.field) == 1 and ring.to_move == 1
    assert ring.legal_moves()


def test_tiles_are_laid_in_turn_order_then_stacks_then_the_youngest_moves():
    game = sheepkit.load("battle_sheep", players=3, tiles=1)
    state = game.new_game()
    movers = []
    for move in ("tile f6 r0", "tile h6 r0", "tile f8 r0"):
        movers.append(state.to_move)
        state = state.play(move)
    assert state.phase == START
    for _ in range(3):
        movers.append(state.to_move)
        state = state.play(state.legal_moves()[0])
    assert movers == [0, 1, 2, 0, 1, 2]
    assert state.phase == MOVE and state.to_move == 0
    assert all(size == 16 for _, _, size in state.stacks())


# -- the starting stacks ------------------------------------------------------------------
RING = """
@b1
-   .   .   .   -
  .   .   .   .   -
.   .   -   .   .
  .   .   .   .   -
-   .   .   .   -
"""


def test_flocks_start_on_empty_hexes_of_the_outer_edge_not_beside_a_hole():
    small = sheepkit.load("battle_sheep", tiles=2)
    state = at(RING, game=small, phase="start")
    outer = ["b2", "b3", "b4", "c1", "c5", "d1", "d5", "e1", "e2", "e4", "e5", "f3"]
    assert names(state) == [f"start {c}" for c in outer]
    with pytest.raises(IllegalMove, match="not on the outer edge"):
        state.play("start d2")  # d2 touches only the hole and pasture
    after = state.play("start b2")
    assert after.to_move == 1 and "start b2" not in names(after)
    with pytest.raises(IllegalMove, match="already taken"):
        after.play("start b2")
    assert after.play(Start(geo.parse_cell("c1"))).phase == MOVE


# -- the contract -------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4])
def test_check_game_with_the_placement_phase(players):
    check_game(GAME, [{"players": players}], games=2)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_check_game_on_ready_and_random_fields(players):
    variants = [
        {"players": players, "field": field} for field in ("tight", "open", "holes", "random")
    ]
    check_game(GAME, variants, games=2, seed=players)


def test_random_fields_come_from_the_seed():
    one = sheepkit.load("battle_sheep", field="random", seed=7).new_game()
    assert one == sheepkit.load("battle_sheep", field="random", seed=7).new_game()
    assert one.field != sheepkit.load("battle_sheep", field="random", seed=8).new_game().field
    assert one.field.bit_count() == 32 and one.phase == START


def test_max_length_is_tiles_starts_and_fifteen_splits_each():
    assert GAME.max_length == 8 + 2 + 30 and READY.max_length == 2 + 30


def test_record_replays_and_rejects_corruption():
    state = READY.new_game()
    for _ in range(6):
        state = state.play(state.legal_moves()[-1])
    record = state.record()
    assert sheepkit.replay(json.loads(json.dumps(record))) == state
    bad = dict(record, history=[*record["history"][:-1], "a1-a2 x20"])
    with pytest.raises(BadRecord, match="move 6"):
        sheepkit.replay(bad)
    with pytest.raises(BadRecord, match="rules are invalid"):
        sheepkit.replay(dict(record, rules={"players": 9}))


def test_bad_rules_and_unreadable_moves():
    with pytest.raises(InvalidRules, match="players"):
        sheepkit.load("battle_sheep", players=5)
    with pytest.raises(InvalidRules, match="field"):
        sheepkit.load("battle_sheep", field="square")
    with pytest.raises(InvalidRules, match="tiles"):
        sheepkit.load("battle_sheep", players=4, tiles=6)
    state = READY.new_game()
    with pytest.raises(IllegalMove, match="cannot read"):
        state.play("jump")
    with pytest.raises(IllegalMove, match="put your starting stack"):
        state.play(Tile(0, 0))
    assert READY.parse_move("tile a1 r2") == Tile(0, 2)
    assert READY.parse_move("c3-f3 x5") == Split(geo.parse_cell("c3"), geo.parse_cell("f3"), 5)
    with pytest.raises(ValueError, match="cannot read"):
        READY.parse_move("c3-f3 x0")


def test_with_the_whole_outer_edge_taken_a_flock_may_start_on_any_empty_pasture():
    full_edge = """
@b1
-   A1  A1  A1  -
  A1  .   .   A1  -
A1  .   -   .   A1
  A1  .   .   A1  -
-   A1  A1  A1  -
"""
    state = at(full_edge, game=sheepkit.load("battle_sheep", tiles=2), phase="start")
    assert state.to_move == 1
    assert names(state) == ["start c2", "start c3", "start c4", "start d2", "start d4", "start e3"]


def test_phase_names_are_indexed_by_phase_code() -> None:
    from sheepkit.games.battle_sheep.engine import PHASE_NAMES

    assert [PHASE_NAMES.index(w) for w in ("tiles", "start", "move", "over")] == [
        TILES,
        START,
        MOVE,
        OVER,
    ]
    game = sheepkit.load("battle_sheep")
    state = game.from_text("@c3 move B\nA5  .   .\n  .   B5  .\n")
    assert state.phase == MOVE and state.to_move == 1
    assert game.from_text(str(state)) == state
