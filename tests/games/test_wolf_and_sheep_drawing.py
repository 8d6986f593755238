"""The Wolf and Sheep board view, drawn on a fake canvas that records every call."""

from __future__ import annotations

import pytest
from fake_canvas import FakeCanvas

import sheepkit
from sheepkit.core.words import words_for
from sheepkit.drawing import Frame, drawing_for
from sheepkit.games.wolf_and_sheep import WOLVES, Step, parse_square
from sheepkit.games.wolf_and_sheep.drawing import (
    DESTINATION,
    SELECTED,
    WolfAndSheepDrawing,
)

GAME = sheepkit.load("wolf_and_sheep")
DRAWING = drawing_for(GAME)


def drawn(state, selection=None, highlights=(), view=DRAWING) -> FakeCanvas:
    canvas = FakeCanvas()
    view.draw(canvas, Frame(state, None, selection, tuple(highlights)))
    return canvas


def centre(name: str, view=DRAWING) -> tuple[float, float]:
    return view.centre(parse_square(name, view.size))


def test_sizes_stay_about_480_pixels() -> None:
    assert (DRAWING.width, DRAWING.height, DRAWING.cell) == (480, 480, 52)
    for size in (6, 10, 12):
        view = drawing_for(sheepkit.load("wolf_and_sheep", board=size))
        assert 460 <= view.width == view.height <= 490
    assert WolfAndSheepDrawing().size == 8  # usable without a game


@pytest.mark.parametrize("size", [8, 10])
def test_draw_runs_and_labels_the_board(size: int) -> None:
    game = sheepkit.load("wolf_and_sheep", board=size)
    view = drawing_for(game)
    state = game.new_game()
    canvas = drawn(state, view=view)
    texts = canvas.texts()
    letters = "ABCDEFGHIJ"[:size]
    assert set(letters) <= set(texts)
    assert {str(n) for n in range(1, size + 1)} <= set(texts)
    # Shapes and letters, not just colours: one S and one W per wolf.
    assert texts.count("S") == 1 and texts.count("W") == size // 2
    assert canvas.count("fill_polygon") == 2 * (size // 2)  # two ears per wolf
    # Everything painted stays on the canvas.
    for call in canvas.calls:
        if call[0] in ("fill_rect", "fill_circle", "fill_text"):
            x, y = call[1:3] if call[0] != "fill_text" else call[2:4]
            assert 0 <= x <= view.width and 0 <= y <= view.height


def test_draw_works_at_the_end_and_after_every_move() -> None:
    final = sheepkit.play_game(GAME, [sheepkit.RandomBot(), sheepkit.RandomBot()], seed=4)
    state = GAME.new_game()
    for move in final.history:
        state = state.play(move)
        assert drawn(state).count("fill_text") > 10


def test_selection_ring_and_destination_dots() -> None:
    state = GAME.new_game().play("E1-D2")
    wolf = parse_square("B8", 8)
    canvas = drawn(state, wolf, DRAWING.selected_moves(state, wolf))
    assert canvas.circles_after(("stroke_style", SELECTED), "stroke_circle") == 1
    assert canvas.circles_after(("fill_style", DESTINATION), "fill_circle") == 2  # A7, C7
    dots = [c[1:3] for c in canvas.calls if c[0] == "fill_circle"]
    assert centre("A7") in dots and centre("C7") in dots
    # Highlights from the shell are marked even without a selection.
    canvas = drawn(state, None, [GAME.parse_move("H8-G7")])
    assert canvas.circles_after(("fill_style", DESTINATION), "fill_circle") == 1


def test_last_move_is_outlined_and_arrowed() -> None:
    state = GAME.new_game().play("E1-F2")
    canvas = drawn(state)
    assert canvas.count("stroke_line") == 1
    assert canvas.count("stroke_rect") == 3  # the board's frame + from and to squares
    assert drawn(GAME.new_game()).count("stroke_line") == 0


def test_click_maps_pixels_to_squares() -> None:
    for name in ("A1", "H8", "E1", "B8", "D4"):
        x, y = centre(name)
        assert DRAWING.square_at(x, y) == parse_square(name, 8)
        assert DRAWING.square_at(x - 25, y + 25) == parse_square(name, 8)  # near the corner
    assert DRAWING.square_at(10, 10) is None  # margin
    assert DRAWING.square_at(479, 240) is None
    big = drawing_for(sheepkit.load("wolf_and_sheep", board=10))
    assert big.square_at(*centre("J10", big)) == parse_square("J10", 10)
    assert big.square_at(*centre("A1", big)) == parse_square("A1", 10)


def test_click_selects_then_moves() -> None:
    state = GAME.new_game()
    frame = Frame(state, None)
    selection, move = DRAWING.click(frame, *centre("E1"))
    assert (selection, move) == (parse_square("E1", 8), None)
    frame = Frame(state, None, selection, DRAWING.selected_moves(state, selection))
    assert DRAWING.click(frame, *centre("D2")) == (None, GAME.parse_move("E1-D2"))
    # A square the piece cannot reach clears the selection; so does a wolf on the sheep's turn.
    assert DRAWING.click(frame, *centre("D4")) == (None, None)
    assert DRAWING.click(Frame(state, None), *centre("B8")) == (None, None)
    # The wolves pick any of their own pieces.
    wolves = state.play("E1-D2")
    assert DRAWING.click(Frame(wolves, None), *centre("F8")) == (parse_square("F8", 8), None)
    assert DRAWING.click(Frame(wolves, None), *centre("D2")) == (None, None)


def test_clicks_do_nothing_when_over() -> None:
    over = GAME.position("D4", ["C5", "E5", "C3", "E3"])  # type: ignore[attr-defined]
    assert over.is_over
    assert DRAWING.click(Frame(over, None), *centre("D4")) == (None, None)
    drawn(over)  # and it still draws


def test_move_labels_read_as_words() -> None:
    state = GAME.new_game()
    assert words_for(state.game).move_label(state, GAME.parse_move("E1-D2")) == "Sheep E1 → D2"
    wolves = state.play("E1-D2")
    assert words_for(wolves.game).move_label(wolves, GAME.parse_move("B8-A7")) == "Wolf B8 → A7"
    assert all(
        words_for(wolves.game).move_label(wolves, m).startswith("Wolf ")
        for m in wolves.legal_moves()
    )
    assert wolves.to_move == WOLVES


def test_the_app_finds_this_view() -> None:
    pytest.importorskip("ipycanvas")

    assert isinstance(drawing_for(GAME), WolfAndSheepDrawing)
    assert drawing_for(sheepkit.load("wolf_and_sheep", board=10)).size == 10


def test_selected_moves_only_for_the_piece() -> None:
    state = GAME.new_game().play("E1-D2")
    moves = DRAWING.selected_moves(state, parse_square("H8", 8))
    assert moves == (Step(parse_square("H8", 8), parse_square("G7", 8)),)
    assert DRAWING.selected_moves(state, None) == ()
