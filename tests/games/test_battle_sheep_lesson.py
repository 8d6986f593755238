"""The Battle Sheep lesson: its positions and numbers (lesson.py) and its pictures
(pictures.py), which the notebook shows."""

from __future__ import annotations

import pytest

from sheepkit.games.battle_sheep import BattleSheep, Split, lesson, pictures


def test_lesson_positions_read_from_their_text() -> None:
    state = lesson.position(lesson.SPLIT)
    assert state.to_move == 0
    assert state.parse("d4-e5 x6") == Split(51, 68, 6)  # d4 and e5 as table cells
    assert lesson.position(lesson.TIE).is_over


def test_strong_move_is_a_legal_move_with_its_depth() -> None:
    state = lesson.position(lesson.SPLIT)
    move, depth = lesson.strong_move(state, nodes=300)
    assert move in state.legal_moves() and depth >= 1


def test_before_after_shows_the_split_then_the_position_after_it() -> None:
    box = pictures.before_after(lesson.SPLIT, "d4-e5 x6", "Before.", "After.")
    assert [item.caption for item in box.items] == ["Before.", "After."]
    assert box.items[0].svg != box.items[1].svg


def test_before_after_refuses_a_move_that_is_not_a_split() -> None:
    start = BattleSheep().from_text("@c3\n.   .   .\n  .   .   .\n", phase="start")
    with pytest.raises(ValueError, match="not a split"):
        pictures._picture(start, "x", move="start c3")
