"""The lesson's numbers and pictures (the notebook shows these; nbval checks them there too)."""

from __future__ import annotations

import pytest

import sheepkit
from sheepkit.games.wolf_and_sheep import SHEEP, lesson, parse_square, pictures


@pytest.fixture(autouse=True)
def private_cache(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("SHEEPKIT_CACHE", str(tmp_path))


def test_solved_results_for_the_three_boards() -> None:
    rows = {r.board: (r.winner, r.plies) for r in lesson.solved_results()}
    assert rows == {6: ("Sheep", 19), 8: ("Wolves", 44), 10: ("Wolves", 72)}


def test_what_ifs_agree_with_the_solver_and_the_perfect_game() -> None:
    answers = {w.question: (w.winner, w.plies) for w in lesson.what_ifs()}
    assert answers["The usual start (sheep on E1, sheep first)"] == ("Wolves", 44)
    assert answers["The wolves move first"] == ("Wolves", 43)
    assert len(answers) == 5
    final = lesson.perfect_game()
    assert final.ply == 44 and final.winners() == (1,)


def test_replay_app_starts_at_the_first_move_and_redo_walks_the_plan() -> None:
    final = lesson.perfect_game()
    app = pictures.replay_app(final)
    assert app.cursor == 0 and len(app.timeline) == 45
    app.redo()
    assert app.state.history == final.history[:1]


def test_reach_marks_show_the_free_square_and_the_guards() -> None:
    game = sheepkit.load("wolf_and_sheep")
    escaped = game.position(sheep="B6", wolves=["B4", "D8", "F8", "H8"], to_move=SHEEP)
    marks = {sq: text for sq, (_, text) in pictures.reach_marks(escaped).items()}
    square = lambda name: parse_square(name, 8)  # noqa: E731
    assert marks[square("A7")] == "FREE"  # in front of the sheep, out of every wolf's reach
    assert marks[square("C7")] == "1W"  # only the wolf on D8 can still get there
    assert square("B8") not in marks  # no wolf ever moves up
    assert "no wolf can reach A7" in pictures.reach_picture(escaped).caption


def test_heatmap_picture_labels_every_empty_square() -> None:
    box = pictures.heatmap_picture(["B8", "D8", "F6", "H6"], caption="Two wolves ran ahead.")
    assert "Two wolves ran ahead. S = the sheep wins" in box.caption
