"""The Sheep Race board view (on a fake canvas) and its app: roll, pace buttons, curtains."""

from __future__ import annotations

from fake_canvas import FakeCanvas

import sheepkit
from sheepkit.drawing import Frame, drawing_for
from sheepkit.games.sheep_race.drawing import HEIGHT, WIDTH, SheepRaceDrawing
from sheepkit.games.sheep_race.engine import PACE, ROLL
from sheepkit.ui import GameApp, play

SIX = ("Requeijao", "Feta", "Brie", "Gouda", "Ricotta", "Pecorino")
VIEW = SheepRaceDrawing()


def drawn(state, viewer=None) -> FakeCanvas:
    canvas = FakeCanvas()
    VIEW.draw(canvas, Frame(state, viewer))
    return canvas


def betted():
    s = sheepkit.load("sheep_race", players=2).new_game().play("first 1")
    for card in SIX:
        s = s.play(f"deal {card}")
    return s.play("bet visible 1").play("bet visible 2").play("bet hidden 3+4")


def test_the_board_shows_lanes_cards_cubes_and_the_finish():
    assert isinstance(drawing_for(sheepkit.load("sheep_race")), SheepRaceDrawing)
    assert (VIEW.width, VIEW.height) == (WIDTH, HEIGHT)
    texts = drawn(betted().play("bet hidden 5+6")).texts()
    for word in ("Requeijao", "Pecorino", "End Zone", "Finish", "Start", "B", "R", "W"):
        assert word in texts
    assert any("sheepkit's own" in t for t in texts)


def test_only_the_viewers_own_hidden_bets_are_drawn():
    s = betted().play("bet hidden 5+6")
    # Player 2's hidden tokens (hollow, numbered 2) appear for player 2 only.
    mine = drawn(s, viewer=1).texts().count("2")
    theirs = drawn(s, viewer=0).texts().count("2")
    assert mine == theirs + 2


def test_the_selected_sheep_is_marked_and_pace_labels_give_distance_and_cost():
    s = betted().play("bet hidden 5+6").play("roll 7")
    assert s.phase == PACE and s.selected == 5
    texts = drawn(s).texts()
    assert "▶" in texts and any("rolled 7" in t for t in texts)
    labels = [VIEW.move_label(s, m) for m in s.legal_moves()]
    assert "Trot (1 blue cube): 3 squares" in labels  # Pecorino trots 3
    assert "Gallop (2 blue cubes): 6 squares" in labels


def test_log_lines_keep_others_hidden_bets_secret():
    before = betted()
    move = before.legal_moves()[0]
    assert "two hidden bets" in VIEW.log_label(before, move, viewer=0)
    assert "Hidden bets: lanes" in VIEW.log_label(before, move, viewer=1)


def test_a_human_race_turn_in_the_app_roll_then_pace_with_illegal_paces_explained():
    game = sheepkit.load("sheep_race", players=2)
    app = GameApp(game, seats=["Human", "Sensible"], seed=3, autoplay=False)
    app._on_client_ready()
    panel = app.panel
    for _ in range(200):  # bets and turns until the human must roll
        state = app.state
        if state.phase == ROLL and state.acting_player == 0:
            break
        if app._human_decides(state):
            next(b for b in app._move_buttons if b.layout.display != "none").click()
        else:
            assert app.step()
    assert app.state.rolled_in_the_open and not app.step()  # the app waits for the human
    assert app.roll_button.layout.display != "none" and not app.roll_button.disabled
    app.roll_button.click()
    state = app.state
    assert state.phase == PACE and state.to_move == 0
    shown = [b.description for b in app._move_buttons if b.layout.display != "none"]
    assert shown == [VIEW.move_label(state, m) for m in state.legal_moves()]
    illegal = [b for b in panel.illegal_box.children]
    assert illegal and all(b.disabled and "not allowed" in b.description for b in illegal)
    assert len(illegal) + len(shown) == 8


def test_hot_seat_tournament_to_the_end_with_curtains():
    app = play("sheep_race", seats=["Human", "Human"], players=2)
    app._on_client_ready()
    panel = app.panel
    curtains = 0
    for _ in range(3000):
        if app.state.is_over:
            break
        if app.curtain_for is not None:
            curtains += 1
            app.curtain_button.click()
        elif app._human_decides(app.state) and app.state.rolled_in_the_open:
            app.roll_button.click()
        elif app._human_decides(app.state):
            next(b for b in app._move_buttons if b.layout.display != "none").click()
        else:
            assert app.step()
    assert app.state.is_over and curtains > 3
    assert "Final" in panel.results.value and "Standings" in panel.results.value


def test_the_app_says_what_is_ours_even_after_the_track_changes():
    app = GameApp("sheep_race", autoplay=False)
    note = app.panel.note
    assert "eleven cards and the 16-square track are sheepkit's own" in note.value
    app.new_game({"track": 10})
    assert "10-square track" in note.value


def test_while_betting_the_panel_shows_what_each_lane_pays():
    from sheepkit.games.sheep_race.panel import payoffs_html

    text = payoffs_html(betted())
    assert "<td>1 Requeijao</td><td>1/12</td><td>12</td><td>9</td><td>7</td>" in text
    final = sheepkit.load("sheep_race", players=2).position(race=2, cards=SIX)
    assert "<td>6 Pecorino</td><td>7/36</td><td>13</td>" in payoffs_html(final)
