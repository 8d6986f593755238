"""Each game's app, played to the end through its buttons (no browser)."""

from __future__ import annotations

import pytest

import sheepkit
from sheepkit.ui import GameApp, board_view_for, play
from sheepkit.ui.text_view import TextBoardView

GAMES = [
    ("wolf_and_sheep", {}),
    ("wolf_and_sheep", {"board": 10}),
    ("wolf_and_sheep", {"rounds": 2}),
    ("shave_a_sheep", {}),
    ("shave_a_sheep", {"players": 4}),
    ("shave_a_sheep", {"players": 3, "wolf": "howling_wolf"}),
    ("shave_a_sheep", {"wolf": "mr_wolf", "shear_cost": 1}),
]


def click_through(app: GameApp, limit: int = 2000) -> int:
    clicks = 0
    while not app.state.is_over:
        assert clicks < limit, "the game did not end"
        if app.chance_box.layout.display != "none":
            app.roll_button.click()
        else:
            buttons = [b for b in app._move_buttons if b.layout.display != "none"]
            assert buttons, f"no move buttons at ply {app.state.ply}"
            assert not buttons[-1].disabled
            buttons[-1].click()
        clicks += 1
    return clicks


@pytest.mark.parametrize(("name", "rules"), GAMES)
def test_hot_seat_game_to_the_end_by_buttons(name: str, rules: dict) -> None:
    app = play(name, seats=["Human"] * rules.get("players", 2), **rules)
    assert not isinstance(app.view, TextBoardView)
    app._on_client_ready()  # as a browser would: from now on every change redraws the board
    clicks = click_through(app)
    assert clicks == len(app.state.history)
    assert "sk-over" in app.status._dom_classes
    assert str(app.state.outcome()) in app.status.value


@pytest.mark.parametrize("name", ["wolf_and_sheep", "shave_a_sheep"])
def test_human_against_the_sensible_bot(name: str) -> None:
    app = GameApp(name, seed=5, autoplay=False)
    assert app.seats[0] == "Human" and app.seats[1] == "Sensible"
    for _ in range(2000):
        if app.state.is_over:
            break
        if not app._human_decides(app.state):
            assert app.step()
        elif app.chance_box.layout.display != "none":
            app.roll_button.click()
        else:
            next(b for b in app._move_buttons if b.layout.display != "none").click()
    assert app.state.is_over
    # Everything the human saw can be undone back to the start and redone.
    end = len(app.timeline) - 1
    while app.cursor:
        app.undo()
    app.slider.value = end
    assert app.at_end


@pytest.mark.parametrize("name", ["wolf_and_sheep", "shave_a_sheep"])
def test_each_game_has_its_own_board_view(name: str) -> None:
    app = GameApp(name)
    view = board_view_for(app.game)
    assert not isinstance(view, TextBoardView)
    assert app.canvas.layout.width == f"{view.width}px"


def test_new_rules_give_a_board_of_the_new_size() -> None:
    app = GameApp("wolf_and_sheep", seats=["Human", "Human"])
    app._on_client_ready()
    small = app.canvas.width
    app.view_controls.squares.value = "light"  # a preference survives new rules
    app.rules_panel.inputs["board"].value = 10
    app.rules_panel.button.click()
    assert app.view.size == 10 and app.view.squares == "light"
    assert app.canvas.layout.width == f"{app.view.width}px"
    assert app.canvas.width == app.view.width and small > 0
    assert len(app.state.wolves) == 5


def test_wolf_and_sheep_preferences_change_the_look_only() -> None:
    from fake_canvas import FakeCanvas

    from sheepkit.ui.board import Frame

    app = GameApp("wolf_and_sheep", seats=["Human", "Human"])
    squares, theme = app.view_controls.squares, app.view_controls.theme

    def fills() -> list:
        canvas = FakeCanvas()
        app.view.draw(canvas, Frame(app.state, None))
        return [c for c in canvas.calls if c[0] == "fill_style"]

    standard = fills()
    squares.value = "light"
    theme.value = "dark"
    assert (app.view.squares, app.view.theme) == ("light", "dark")
    assert fills() != standard
    assert app.state == app.game.new_game()


def test_wolf_and_sheep_hint_button_tells_who_wins(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("SHEEPKIT_CACHE", str(tmp_path))
    app = GameApp("wolf_and_sheep", seats=["Human", "Human"])
    panel = app.view_controls
    panel.hint_button.click()
    assert "The Wolves win in 44 moves" in panel.hint_text.value
    app.play(app.state.legal_moves()[0])
    assert panel.hint_text.value == ""  # a hint is about one position only
    app.new_game({"board": 10})
    app.view_controls.hint_button.click()
    assert "10x10 the wolves win" in app.view_controls.hint_text.value


def test_wolf_and_sheep_offers_the_perfect_bot_only_where_it_is_perfect() -> None:
    app = GameApp("wolf_and_sheep", seats=["Human", "Perfect"], autoplay=False)
    assert "Perfect" in app.seat_pickers[1].options
    app.new_game({"board": 12})  # unsolved: before the fix a Perfect bot that played Sensible
    assert "Perfect" not in app.bot_factories and "Perfect" not in app.seat_pickers[1].options
    assert app.seats == ["Human", "Sensible"] and app.seat_pickers[1].value == "Sensible"
    app.new_game({"board": 10, "first": "wolves"})  # not the start of the shipped strategy
    assert "Perfect" not in app.seat_pickers[1].options
    app.new_game({"board": 10, "first": "sheep", "auto_victory": False})
    assert "Perfect" in app.seat_pickers[1].options and app.seats[1] == "Sensible"


def test_match_score_is_shown_between_rounds() -> None:
    app = GameApp("wolf_and_sheep", seats=["Human", "Human"], autoplay=False)
    app.new_game({"rounds": 2})
    panel = app.view_controls
    assert "Match</b>: Player 1 0 – 0 Player 2" in panel.match.value
    assert "round 1 of 2, Player 1 plays the sheep" in panel.match.value
    while app.state.round == 1:
        app.play(app.state.legal_moves()[-1])
    assert "round 2 of 2, Player 2 plays the sheep" in panel.match.value
    assert " 1 – 0 " in panel.match.value or " 0 – 1 " in panel.match.value


def test_a_deal_shows_no_roll_button_but_the_race_dice_do() -> None:
    """The app deals cards by itself: no dead Roll button. The Sheep Race's public dice get
    the app's own Roll button, for the human whose turn it is."""
    app = GameApp(sheepkit.load("lamb_mimes", players=2), seats=["Human", "Human"])
    app._on_client_ready()
    assert app.state.to_move == sheepkit.CHANCE
    assert app.chance_box.layout.display == "none" and "dealt" in app.status.value
    race = GameApp(sheepkit.load("sheep_race", players=2), seats=["Human", "Human"], seed=2)
    race._on_client_ready()
    for _ in range(100):
        if race.state.to_move == sheepkit.CHANCE and race.state.rolled_in_the_open:
            break
        if race.curtain_for is not None:
            race.curtain_button.click()
        elif race.state.to_move == sheepkit.CHANCE:
            assert race.chance_box.layout.display == "none"  # the cards are turned up
            assert race.step()
        else:
            next(b for b in race._move_buttons if b.layout.display != "none").click()
    if race.curtain_for is not None:
        race.curtain_button.click()
    assert race.chance_box.layout.display != "none" and not race.roll_button.disabled
    assert "roll!" in race.status.value
