"""The boards: points, lines and directions; the text board; a hex game checked whole."""

from __future__ import annotations

import random

import pytest

import sheepkit
from sheepkit import kit
from sheepkit.core.registry import unregister


def neighbours(board: kit.Board, name: str) -> list[str]:
    return sorted(board.names[q] for q in board.joined[board.point(name)].values())


def test_the_cross_has_33_points_and_diagonals_through_the_centre() -> None:
    board = kit.cross()
    assert len(board) == 33 and "a1" not in board.index and "d4" in board.index
    assert neighbours(board, "d4") == ["c3", "c4", "c5", "d3", "d5", "e3", "e4", "e5"]
    assert neighbours(board, "d3") == ["c3", "d2", "d4", "e3"]  # no diagonals here
    assert len(kit.cross(diagonals=False).lines) == len(board.lines) - 20  # one per square


def test_squares_touch_eight_and_lines_only_where_drawn() -> None:
    assert neighbours(kit.squares(8), "b2") == ["a1", "a2", "a3", "b1", "b3", "c1", "c2", "c3"]
    assert neighbours(kit.lines(3), "b2") == ["a2", "b1", "b3", "c2"]
    assert len(neighbours(kit.lines(3, diagonals=True), "b2")) == 8
    holed = kit.squares(3, holes=["b2"])
    assert len(holed) == 8 and not holed.resizable


def test_hexes_touch_six() -> None:
    board = kit.hexes(5)
    assert len(neighbours(board, "c3")) == 6
    assert neighbours(board, "b2") == ["a2", "a3", "b1", "b3", "c2", "c3"]


def test_bad_boards_are_said_in_words() -> None:
    with pytest.raises(kit.DesignError, match="the hole 'z1' is not a point"):
        kit.squares(3, holes=["z1"])
    with pytest.raises(kit.DesignError, match="1 to 26 columns"):
        kit.squares(30)


def test_the_text_boards() -> None:
    from sheepkit.examples.kit.hounds_and_hare import game

    assert str(game().new_game()).splitlines()[:5] == [
        " 3     D - . - .",
        "     / | \\ | / | \\",
        " 2 D - . - . - . - H",
        "     \\ | / | \\ | /",
        " 1     D - . - .",
    ]


def test_a_hex_game_passes_check_game_with_its_rows_and_far_row() -> None:
    forward = [kit.step([*kit.FORWARD, *kit.FORWARD_DIAGONALS]), kit.jump(kit.ALL, capture=True)]
    game = kit.Game(
        "Hex Race",
        board=kit.hexes(5),
        sides=[kit.Side("Red", kit.rows(1), forward), kit.Side("Blue", kit.rows(2), forward)],
        goals=[kit.reach(), kit.capture("Red", 1), kit.move_limit(60)],
    )
    start = game().new_game()
    assert start.board.count(0) == 5 and start.board.count(1) == 10
    kit.register(game)
    try:
        assert sheepkit.check_game("hex_race", [{}, {"columns": 6}], games=10).games == 20
        final = sheepkit.load("hex_race").random_playout(random.Random(1))
        assert final.is_over
    finally:
        unregister("hex_race")
