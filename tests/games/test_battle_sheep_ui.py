"""The Battle Sheep view and panel without a browser: drawing, canvas clicks, panel buttons."""

from __future__ import annotations

import pytest
from fake_canvas import FakeCanvas

import sheepkit
from sheepkit.drawing import Frame
from sheepkit.games.battle_sheep import MOVE, START, TILES, Split
from sheepkit.games.battle_sheep import geometry as geo
from sheepkit.games.battle_sheep.drawing import BattleSheepDrawing, layout_for
from sheepkit.ui import play

DRAWING = BattleSheepDrawing()


def drawn(state, selection=None, highlights=()) -> FakeCanvas:
    canvas = FakeCanvas()
    DRAWING.draw(canvas, Frame(state, None, selection, tuple(highlights)))
    return canvas


def pixel(state, cell: str) -> tuple[float, float]:
    return layout_for(state).centre(geo.parse_cell(cell))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_phase_draws_names_scores_and_stack_sizes(players):
    game = sheepkit.load("battle_sheep", players=players)
    state = game.new_game()
    seen = set()
    while not state.is_over:
        seen.add(state.phase)
        texts = drawn(state).texts()
        assert all(any(game.player_name(p) in t for t in texts) for p in range(players))
        state = state.play(state.legal_moves()[len(state.legal_moves()) // 2])
    assert seen == {TILES, START, MOVE}
    texts = drawn(state).texts()
    assert str(state.outcome()) in " ".join(texts)  # perhaps wrapped onto two lines
    for _, _, size in state.stacks():
        assert str(size) in texts  # the sheep on every stack are written on it


def test_clicks_lay_a_tile_place_a_flock_and_split_a_stack():
    view = BattleSheepDrawing()
    game = sheepkit.load("battle_sheep", tiles=1)
    state = game.new_game()
    x, y = pixel(state, "g7")
    view.rotation = 2
    assert view.click(Frame(state, None), x, y) == (None, game.parse_move("tile g7 r2"))
    state = state.play("tile g7 r2").play("tile h7 r0")
    x, y = pixel(state, "g7")
    _, move = view.click(Frame(state, None), x, y)
    assert str(move) == "start g7"
    state = state.play(move).play(state.play(move).legal_moves()[0])
    assert state.phase == MOVE
    selection, move = view.click(Frame(state, None), *pixel(state, "g7"))
    assert selection == (geo.parse_cell("g7"), 8) and move is None
    targets = view.selected_moves(state, selection)
    assert targets and all(m.count == 8 for m in targets)
    frame = Frame(state, None, selection, targets)
    end = geo.name(targets[0].target)
    assert view.click(frame, *pixel(state, end)) == (None, targets[0])
    assert "+8" in drawn(state, selection, targets).texts()


def test_a_hot_seat_game_through_the_panel_only():
    app = play("battle_sheep", seats=["Human", "Human"])
    app.client_ready()
    panel = app.panel
    assert not [b for b in app.move_buttons if b.layout.display != "none"]
    panel.rotate_button.click()
    assert app.drawing.rotation == 1
    panel._pointer(*pixel(app.state, "f6"))
    assert app.drawing.hover == geo.parse_cell("f6")
    clicks = 0
    while not app.state.is_over:
        phase = app.state.phase
        if phase == TILES:
            panel.lay_button.click()
        elif phase == START:
            panel.start_button.click()
        else:
            panel.count.value = panel.count.max
            panel.directions.children[-1].click()
            assert isinstance(app.state.history[-1], Split)
        clicks += 1
        assert clicks < 100
    assert "pastures" in panel.scores.value and app.state.ply == clicks


def test_the_bot_answers_a_human_move_by_itself():
    app = play("battle_sheep", seats=["Human", "Greedy"], field="tight")
    app.client_ready()
    app.panel.start_button.click()
    app.run_bots()
    assert app.state.phase == MOVE and app.state.to_move == 0
    assert [str(m).split()[0] for m in app.state.history] == ["start", "start"]
    assert app.panel.directions.children  # the human's split buttons are ready


def test_pictures_show_no_hints_but_do_show_the_outcome():
    quiet = BattleSheepDrawing(width=400, height=330, hints=False)
    state = sheepkit.load("battle_sheep", field="tight").new_game()
    canvas = FakeCanvas()
    quiet.draw(canvas, Frame(state, None))
    assert not any("outer edge" in t for t in canvas.texts())
    final = sheepkit.load("battle_sheep").from_text("A1  -   B1")
    canvas = FakeCanvas()
    quiet.draw(canvas, Frame(final, None))
    assert str(final.outcome()) in " ".join(canvas.texts())
