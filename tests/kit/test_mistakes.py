"""A pupil's mistakes get an answer in their words, naming the kit choice at fault."""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import sheepkit
from sheepkit import kit
from sheepkit.core import GameCheckFailed, check_game
from sheepkit.core.registry import unregister
from sheepkit.examples.kit.fox_and_geese import GEESE

FOX = kit.Side("Fox", pieces=["d5"], moves=[kit.step(kit.ALL), kit.jump(kit.ALL, capture=True)])
GOOSE_MOVES = [kit.step(kit.FORWARD_AND_SIDEWAYS)]


def fox_and_geese(**changes: object) -> type[kit.KitGame]:
    parts: dict[str, object] = {
        "board": kit.cross(),
        "sides": [kit.Side("Geese", pieces=GEESE, moves=GOOSE_MOVES), FOX],
        "goals": [kit.capture("Fox", 5), kit.block("Geese"), kit.move_limit(100)],
    }
    parts.update(changes)
    return kit.Game("Fox and Geese", name="my_fox_and_geese", **parts)  # type: ignore[arg-type]


def test_the_fox_and_geese_declaration_works() -> None:
    assert fox_and_geese()().max_length == 100


def test_a_side_with_no_pieces() -> None:
    with pytest.raises(kit.DesignError, match="the Geese have no pieces and no move that puts one"):
        fox_and_geese(sides=[kit.Side("Geese", moves=GOOSE_MOVES), FOX])


def test_a_side_with_no_moves() -> None:
    with pytest.raises(kit.DesignError, match=r"the Geese have no moves: give them some"):
        fox_and_geese(sides=[kit.Side("Geese", pieces=GEESE), FOX])


def test_a_move_rule_that_would_take_pieces_off_the_board() -> None:
    stuck = kit.Side("Geese", pieces=["c1", "d1", "e1"], moves=[kit.step(kit.BACKWARD)])
    with pytest.raises(kit.DesignError) as refused:
        fox_and_geese(sides=[stuck, FOX])
    assert str(refused.value) == (
        "the Geese's move kit.step(kit.BACKWARD) would take a piece off the board from every "
        "point it can stand on: kit.cross() has no line that way. Choose other directions"
    )
    sideways = kit.Side("Red", pieces=["a1"], moves=[kit.step(kit.SIDEWAYS)])
    blue = kit.Side("Blue", pieces=["e5"], moves=[kit.step(kit.ALL)])
    with pytest.raises(kit.DesignError, match=r"kit.hexes\(5, 5\) has no line that way"):
        kit.Game("Hex walk", board=kit.hexes(5), sides=[sideways, blue], goals=[kit.reach()])


def test_a_game_that_might_never_end() -> None:
    with pytest.raises(kit.DesignError) as refused:
        fox_and_geese(goals=[kit.capture("Fox", 5), kit.block("Geese")])
    assert str(refused.value) == (
        "Fox and Geese might never end: with kit.step(kit.FORWARD_AND_SIDEWAYS) the Geese can "
        "go back and forth for ever. Add a move limit to the goals, like kit.move_limit(200)"
    )


def test_a_goal_never_reached_in_a_test_run_fails_check_game_naming_it() -> None:
    game = fox_and_geese(goals=[kit.capture("Fox", 12), kit.block("Geese"), kit.move_limit(60)])
    kit.register(game)
    try:
        with pytest.raises(GameCheckFailed) as failed:
            check_game("my_fox_and_geese", games=3)
    finally:
        unregister("my_fox_and_geese")
    assert "nobody ever won by kit.capture('Fox', 12)" in str(failed.value)
    assert "is the number too big" in str(failed.value)


def test_games_that_always_stop_at_the_move_limit_fail_check_game() -> None:
    walk = [kit.step(kit.FORWARD)]
    game = kit.Game(
        "Slow race",
        board=kit.squares(5),
        sides=[kit.Side("Red", kit.rows(1), walk), kit.Side("Blue", kit.rows(1), walk)],
        goals=[kit.reach(), kit.move_limit(4)],
    )
    kit.register(game)
    try:
        with pytest.raises(GameCheckFailed, match="so in practice this game never ends"):
            check_game("slow_race", games=3)
    finally:
        unregister("slow_race")


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"goals": [kit.capture("Fux", 5), kit.move_limit(9)]}, "there is no side called 'Fux'"),
        ({"goals": [kit.capture("Fox", 14), kit.move_limit(9)]}, "can never take 14 pieces"),
        ({"goals": [kit.in_a_row(8), kit.move_limit(9)]}, "no line of this board holds 8"),
        ({"goals": [kit.move_limit(9)]}, "has no goal, so nobody can ever win"),
        ({"goals": [kit.reach("Geese", ["d7"])]}, "might never end"),  # d7 is reachable
        ({"goals": [kit.capture("Geese"), kit.move_limit(9)]}, "the Geese can never take a"),
        (
            {"sides": [kit.Side("Geese", pieces=["h9"], moves=GOOSE_MOVES), FOX]},
            "the Geese start on 'h9': 'h9' is not a point of this board",
        ),
        (
            {"sides": [kit.Side("Geese", pieces=["d5"], moves=GOOSE_MOVES), FOX]},
            "the Geese and the Fox both start on d5",
        ),
    ],
)
def test_mistakes_in_words(changes: dict[str, object], words: str) -> None:
    with pytest.raises(kit.DesignError, match=words):
        fox_and_geese(**changes)


def test_unreachable_places_and_bad_names_are_said_at_once() -> None:
    walk = [kit.step(kit.FORWARD)]
    sides = [kit.Side("Red", ["a1"], walk), kit.Side("Blue", ["e5"], walk)]
    with pytest.raises(kit.DesignError, match="the Red can never reach e1"):
        kit.Game("Race", board=kit.squares(5), sides=sides, goals=[kit.reach("Red", ["e1"])])
    with pytest.raises(kit.DesignError, match="'sideways' is not a direction"):
        kit.step("sideways")
    with pytest.raises(kit.DesignError, match="say 'up', 'down', 'left' or 'right'"):
        kit.Side("Red", ["a1"], walk, forward="north")
    with pytest.raises(kit.DesignError, match="is not a board"):
        kit.Game("Race", board="8x8", sides=sides, goals=[kit.reach()])  # type: ignore[arg-type]


def test_rule_lab_values_that_cannot_work_are_invalid_rules_in_words() -> None:
    game = fox_and_geese()
    with pytest.raises(sheepkit.core.InvalidRules, match="can never take 20 pieces"):
        game(fox_captures=20)
    assert game(geese_pieces=7).new_game().board.count(0) == 7


# -- hypothesis: any declaration either plays or is refused in words -------------------------
DIRECTION_SETS = [kit.ALL, kit.STRAIGHT, kit.DIAGONALS, kit.FORWARD, kit.BACKWARD, kit.SIDEWAYS,
                  kit.FORWARD_DIAGONALS, kit.NOT_BACKWARD]  # fmt: skip
BOARDS = [kit.squares(3), kit.squares(4, 5), kit.lines(3, diagonals=True), kit.cross(),
          kit.hexes(4), kit.lines(5, 3, holes=["a1"])]  # fmt: skip


@st.composite
def move_rules(draw: st.DrawFn) -> kit.MoveRule:
    kind = draw(st.sampled_from(["step", "slide", "jump", "place", "drop"]))
    if kind in ("place", "drop"):
        return kit.place() if kind == "place" else kit.drop()
    directions = draw(st.sampled_from(DIRECTION_SETS))
    capture = draw(st.booleans())
    if kind == "jump":
        return kit.jump(directions, capture=capture, chain=draw(st.booleans()))
    return kit.step(directions, capture=capture) if kind == "step" else kit.slide(directions)


@st.composite
def declarations(draw: st.DrawFn) -> dict[str, object]:
    board = draw(st.sampled_from(BOARDS))
    names = draw(st.sampled_from([("Red", "Blue"), ("Red", "Blue"), ("Fox", "Red"), ("A", "A")]))
    sides = []
    for name in names:
        pieces = draw(st.one_of(
            st.lists(st.sampled_from([*board.names, "z9"]), max_size=4, unique=True),
            st.builds(kit.rows, st.integers(1, 2)),
        ))  # fmt: skip
        sides.append(kit.Side(name, pieces, draw(st.lists(move_rules(), min_size=1, max_size=2))))
    goals = draw(st.lists(st.sampled_from([
        kit.reach(), kit.capture(), kit.capture("Red", 2), kit.block(), kit.in_a_row(3),
        kit.get_past("Red"), kit.stall("Blue", 3), kit.most_pieces(), kit.move_limit(30),
    ]), min_size=1, max_size=3))  # fmt: skip
    if draw(st.booleans()):
        goals.append(kit.move_limit(30))
    return {"board": board, "sides": sides, "goals": goals}


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(declarations(), st.integers(0, 1000))
def test_any_declaration_plays_to_an_end_or_is_refused_in_words(
    declaration: dict[str, object], seed: int
) -> None:
    try:
        game = kit.Game("Made up", **declaration)()  # type: ignore[arg-type]
    except kit.DesignError as refused:
        words = str(refused)
        assert words and "Traceback" not in words and len(words) < 400
        return
    final = game.random_playout(random.Random(seed))
    assert final.is_over and final.ply <= game.max_length
    assert str(final) and final.outcome() is not None
