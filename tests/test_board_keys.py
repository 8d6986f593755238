"""The board from the keyboard (``targets`` in the drawing contract, the app's BoardKeys) and
focus kept in the app after a move (FocusKeeper): the kernel's side; tests/browser/
test_board_keys_in_a_page.py presses the keys in a real page."""

from __future__ import annotations

from typing import Any

import pytest
from fake_canvas import FakeCanvas
from hypothesis import given
from hypothesis import strategies as st
from test_board_speech import played
from test_page_style import contrast

import sheepkit
from sheepkit.board_keys import (
    ARROWS,
    CURSOR_DARK,
    CURSOR_LIGHT,
    CURSOR_WIDTH,
    box,
    step,
)
from sheepkit.core.contract import Target
from sheepkit.drawing import Drawing, Frame, TextDrawing, drawing_for
from sheepkit.games.wolf_and_sheep.engine import square
from sheepkit.ui import GameApp
from sheepkit.ui.focus_keeper import BOARD, MOVES, FocusKeeper

pytestmark = pytest.mark.usefixtures("dice_race_and_high_card")
GAMES = ["wolf_and_sheep", "shave_a_sheep", "battle_sheep", "lamb_mimes", "sheep_race"]
GRID = tuple(Target(x * 50.0, y * 50.0, f"{x},{y}") for y in range(3) for x in range(3))


def test_the_arrows_go_straight_across_a_grid_and_stop_at_its_edge() -> None:
    at = GRID.index(next(t for t in GRID if t.label == "1,1"))
    assert GRID[step(GRID, at, "ArrowRight")].label == "2,1"
    assert GRID[step(GRID, at, "ArrowLeft")].label == "0,1"
    assert GRID[step(GRID, at, "ArrowUp")].label == "1,0"
    assert GRID[step(GRID, at, "ArrowDown")].label == "1,2"
    corner = GRID.index(next(t for t in GRID if t.label == "2,2"))
    assert step(GRID, corner, "ArrowRight") == corner
    assert step(GRID, corner, "ArrowDown") == corner


@given(
    st.lists(
        st.tuples(st.integers(0, 800), st.integers(0, 600)), min_size=1, max_size=30, unique=True
    ),
    st.sampled_from(sorted(ARROWS)),
    st.integers(0, 29),
)
def test_an_arrow_always_moves_its_way_or_stays(
    points: list[tuple[int, int]], key: str, start: int
) -> None:
    targets = tuple(Target(x, y, str(i)) for i, (x, y) in enumerate(points))
    index = start % len(targets)
    moved = step(targets, index, key)
    dx, dy = ARROWS[key]
    along = (targets[moved].x - targets[index].x) * dx + (targets[moved].y - targets[index].y) * dy
    assert moved == index or along > 0
    x, y, width, height = box(targets, index)
    assert width > 0 and height > 0
    assert x < targets[index].x < x + width and y < targets[index].y < y + height


@pytest.mark.parametrize("name", GAMES)
def test_every_game_lists_its_board_s_targets_in_words(name: str) -> None:
    for plies in (0, 9, 40, 400):
        state = played(name, plies)
        drawing = drawing_for(state.game)
        viewer = 0 if state.game.hidden_information else None
        targets = drawing.targets(Frame(state, viewer))
        assert targets, f"{name} after {plies} plies: no cursor stops"
        for target in targets:
            assert 0 <= target.x <= drawing.width and 0 <= target.y <= drawing.height, target
            assert target.label.strip(), target


@pytest.mark.parametrize("name", GAMES)
def test_enter_on_a_target_is_a_click_there(name: str) -> None:
    """What Enter does at each target is what a click at its centre does."""
    state = played(name, 9)
    drawing = drawing_for(state.game)
    frame = Frame(state, 0 if state.game.hidden_information else None)
    for target in drawing.targets(frame):
        if "Enter" in target.label:
            selection, move = drawing.click(frame, target.x, target.y)
            assert selection is not None or move is not None, target.label


def keys(app: GameApp, *pressed: str) -> str:
    for key in pressed:
        app.keys.key(key)
    return app.speech.said.rstrip("\u00a0")


def test_wolf_and_sheep_is_played_from_the_keyboard() -> None:
    app = GameApp("wolf_and_sheep", ["Human", "Human"])
    assert "sk-board-keys" in app.board._dom_classes
    assert keys(app, "ArrowRight") == "A8: not played on"  # the first key shows the cursor
    assert keys(app, *["ArrowDown"] * 7, *["ArrowRight"] * 4) == "E1: the sheep"
    assert keys(app, "Enter") == "E1: the sheep, picked"
    assert app.selection == app.state.sheep
    assert keys(app, "ArrowUp", "ArrowLeft") == "D2: empty, the picked piece may go here"
    keys(app, " ")  # Space, as Enter
    assert [str(m) for m in app.state.history] == ["E1-D2"]
    assert app.focus.used == BOARD


def test_a_click_that_does_nothing_is_explained_aloud() -> None:
    app = GameApp("wolf_and_sheep", ["Human", "Human"])
    keys(app, "ArrowRight", "ArrowRight")  # B8: a wolf, on the sheep's turn
    said = keys(app, "Enter")
    assert said == app.message and said, said
    assert not app.state.history


def test_the_cursor_is_drawn_over_the_board() -> None:
    app = GameApp("wolf_and_sheep", ["Human", "Human"])
    canvas = FakeCanvas()
    app.keys.draw(canvas)
    assert canvas.count("stroke_rect") == 0, "a cursor before any key"
    keys(app, "ArrowRight", "ArrowDown")
    app.keys.draw(canvas)
    x, y = app.drawing.centre(square(0, 6))  # A7, under A8
    rects = [c for c in canvas.calls if c[0] == "stroke_rect"]
    assert rects, "no cursor drawn"
    _, left, top, width, height = rects[-1]
    assert abs(left + width / 2 - x) < 1 and abs(top + height / 2 - y) < 1
    assert width == height < app.drawing.cell * 1.2


def strokes(calls: list[tuple[Any, ...]]) -> list[tuple[str, Any, float, tuple[float, ...]]]:
    """Each stroke drawn: (method, its colour, line width, dash pattern) as then set."""
    colour, width, dash, found = None, 1.0, (), []
    for call in calls:
        if call[0] == "stroke_style":
            colour = call[1]
        elif call[0] == "line_width":
            width = call[1]
        elif call[0] == "set_line_dash":
            dash = tuple(call[1])
        elif call[0].startswith("stroke"):
            found.append((call[0], colour, width, dash))
    return found


BOARDS = [(name, "standard") for name in GAMES] + [("wolf_and_sheep", "dark")]


@pytest.mark.parametrize(("name", "theme"), BOARDS)
def test_the_cursor_looks_like_nothing_else_on_the_board(name: str, theme: str) -> None:
    """Dashed, in colours no board marks with, 3:1 against every colour the board fills
    with; Wolf and Sheep's last move is a solid box (the cursor's blue was its hue)."""
    seats = ["Human"] * sheepkit.load(name).num_players
    app = GameApp(name, seats, seed=2)
    for _ in range(3):  # a last move to mark
        moves = app.state.legal_moves()
        if moves and not app.state.is_over:
            app.play(moves[-1])
    if theme == "dark":
        app.drawing.theme = "dark"
    keys(app, "ArrowRight", "ArrowDown")
    canvas = FakeCanvas()
    app.drawing.draw(canvas, app.screen.frame())
    board = list(canvas.calls)
    app.keys.draw(canvas)
    cursor = strokes(canvas.calls[len(board) :])
    assert cursor, "no cursor drawn"
    assert any(dash for *_, dash in cursor), "the cursor is not dashed"
    assert {colour for _, colour, *_ in cursor} == {CURSOR_DARK, CURSOR_LIGHT}
    assert max(width for _, _, width, _ in cursor) == CURSOR_WIDTH
    marks = strokes(board)
    assert not {colour for _, colour, *_ in marks} & {CURSOR_DARK, CURSOR_LIGHT}
    fills = {c[1].upper() for c in board if c[0] == "fill_style" and str(c[1]).startswith("#")}
    for fill in fills:
        shown = max(contrast(CURSOR_DARK, fill), contrast(CURSOR_LIGHT, fill))
        assert shown >= 3, f"the cursor on {fill}: {shown:.2f}:1"
    if name == "wolf_and_sheep":
        from sheepkit.games.wolf_and_sheep.drawing import LAST_MOVE

        last = [s for s in marks if s[1] == LAST_MOVE and s[0] == "stroke_rect"]
        assert last and all(not dash for *_, dash in last), "no solid last-move box"


def test_ctrl_and_other_keys_leave_the_board_alone() -> None:
    app = GameApp("wolf_and_sheep", ["Human", "Human"])
    said = app.speech.said
    app.keys.key("ArrowRight", ctrl=True)
    app.keys.key("a")
    assert app.speech.said == said and app.keys.at is None


def test_a_new_game_s_text_board_is_read_line_by_line() -> None:
    game = sheepkit.load("lamb_mimes")  # its text board: many lines; no panel of its own
    app = GameApp(game, ["Human"] * game.num_players, drawing=TextDrawing(game))
    lines = [t.label for t in app.screen.targets()]
    assert lines and keys(app, "ArrowDown") == lines[0]
    assert keys(app, "ArrowDown") == lines[1]
    plies = len(app.state.history)
    assert keys(app, "Enter") == lines[1]  # the text takes no clicks: said again, nothing played
    assert len(app.state.history) == plies


class Plain(Drawing[Any]):
    def draw(self, canvas: Any, frame: Frame[Any]) -> None:
        pass


def test_a_drawing_without_targets_has_no_cursor() -> None:
    app = GameApp("toy_high_card", ["Human", "Human"], drawing=Plain())
    assert app.screen.targets() == ()
    said = app.speech.said
    app.keys.key("ArrowRight")
    app.keys.key("Enter")
    assert app.speech.said == said
    assert "sk-board-keys" not in app.board._dom_classes
    assert "arrow keys" not in app.speech.words


def test_focus_goes_back_to_the_move_buttons_after_the_bot_replies() -> None:
    app = GameApp("wolf_and_sheep", ["Human", "Random"], seed=1)
    assert app.focus.widget.value == "", "asked for focus before the pupil played"
    app.move_buttons[0].click()
    assert app.focus.widget.value == "", "asked while the bot is to move"
    app.step()  # the bot's reply
    asked = app.focus.widget.value
    assert ".sk-move" in asked and "onerror" in asked
    app.move_buttons[0].click()
    app.step()
    assert app.focus.widget.value != asked, "the same ask twice runs nothing in the page"
    app.keys.key("ArrowRight")
    target = next(t for t in app.screen.targets() if "the sheep" in t.label)
    app.click_board(target.x, target.y)
    assert app.focus.used == BOARD


def test_a_roll_by_its_button_brings_focus_back_to_the_move_controls() -> None:
    app = GameApp("shave_a_sheep", ["Human", "Human"], seed=1, autoplay=False)
    assert app.focus.used is None and not app.roll_button.disabled
    before = app.state
    app.roll_button.click()
    assert app.state is not before and app.focus.used == MOVES
    assert ".sk-move" in app.focus.widget.value  # the pupil now picks what to do with the roll


def test_focus_keeper_refuses_a_place_it_does_not_know() -> None:
    keeper = FocusKeeper()
    with pytest.raises(ValueError, match="moves or board, not 'menu'"):
        keeper.use("menu")
    assert keeper.used is None
    keeper.use(MOVES)
    keeper.ask()
    assert "sk-roll" in keeper.widget.value


def test_a_panel_s_move_asks_for_the_move_buttons_a_board_click_for_the_board() -> None:
    app = GameApp("wolf_and_sheep", ["Human", "Random"], seed=2)
    app.play(app.state.legal_moves()[0])  # as a game's panel plays
    assert app.focus.used == MOVES
    app.step()
    assert ".sk-move" in app.focus.widget.value
    sheep = next(t for t in app.screen.targets() if "the sheep" in t.label)
    app.click_board(sheep.x, sheep.y)
    goes = next(t for t in app.screen.targets() if "may go here" in t.label)
    app.click_board(goes.x, goes.y)
    app.step()
    assert app.focus.used == BOARD and "canvas" in app.focus.widget.value
