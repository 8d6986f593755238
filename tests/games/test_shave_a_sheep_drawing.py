"""The Shave a Sheep board view, drawn on a fake canvas that records every call."""

from __future__ import annotations

import pytest
from fake_canvas import FakeCanvas

import sheepkit
from sheepkit.core.words import words_for
from sheepkit.drawing import PLAYER_COLOURS, Frame, drawing_for
from sheepkit.games.shave_a_sheep.drawing import (
    HEIGHT,
    WIDTH,
    ShaveASheepDrawing,
    sheep_box,
)
from sheepkit.games.shave_a_sheep.engine import Act, Roll

DRAWING = ShaveASheepDrawing()


def drawn(state, selection=None) -> FakeCanvas:
    canvas = FakeCanvas()
    DRAWING.draw(canvas, Frame(state, None, selection))
    return canvas


def centre(players: int, seat: int) -> tuple[float, float]:
    x, y, w, h = sheep_box(players, seat)
    return x + w / 2, y + h / 2


def test_the_view_is_the_agreed_size_and_the_app_finds_it():
    assert (DRAWING.width, DRAWING.height) == (WIDTH, HEIGHT) == (640, 400)
    assert isinstance(drawing_for(sheepkit.load("shave_a_sheep", players=3)), ShaveASheepDrawing)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_draw_every_phase(players):
    game = sheepkit.load("shave_a_sheep", players=players)
    start = game.new_game()
    rolled = start.play("roll white/pink")
    grown = rolled.play("grow")
    over = game.position(phase="act", face="white", middle=1).play("grow")
    for state in (start, rolled, grown, over):
        canvas = drawn(state)
        texts = canvas.texts()
        assert f"Middle: {state.middle} wool" in texts
        for seat in range(players):
            assert any(t.endswith(f"Player {seat + 1}") for t in texts)
            assert f"Safe pile: {state.piles[seat]}" in texts
        # every seat's colour is used, and the shapes are drawn too
        used = {v for name, v, *_ in canvas.calls if name == "fill_style"}
        assert set(PLAYER_COLOURS[:players]) <= used
        for call in canvas.calls:  # everything lands on the canvas
            if call[0] in ("fill_rect", "fill_text", "fill_circle"):
                x, y = call[2:4] if call[0] == "fill_text" else call[1:3]
                assert 0 <= x <= WIDTH and 0 <= y <= HEIGHT, call
    assert "\u25b6 Player 1" in drawn(rolled).texts()
    assert "Player 1: roll the die" in drawn(start).texts()
    assert "Player 1 rolled" in drawn(rolled).texts()
    assert {"grow", "shear"} <= set(drawn(rolled).texts())
    assert "Game over" in drawn(over).texts()
    assert str(over.outcome()) in drawn(over).texts()
    assert "WINNER" in drawn(over).texts()


def test_the_die_shows_each_action_word_and_x2():
    game = sheepkit.load("shave_a_sheep")
    texts = drawn(game.new_game().play("roll x2")).texts()
    assert "x2" in texts and "double" in texts
    texts = drawn(game.new_game().play("roll gray/green")).texts()
    assert "wolf" in texts and "swap" in texts


def test_wool_is_drawn_as_bricks_with_counts():
    game = sheepkit.load("shave_a_sheep")
    empty = drawn(game.position(middle=3, sheep=(0, 0), piles=(0, 0)))
    full = drawn(game.position(phase="act", face="white", middle=3, sheep=(4, 2), piles=(5, 1)))
    # each brick is one filled rectangle: 4 + 2 on sheep, 5 + 1 in piles, 3 in the middle
    assert full.count("fill_rect") - empty.count("fill_rect") == 4 + 2 + 5 + 1
    assert "Sheep: 4 of 5" in full.texts() and "Safe pile: 5" in full.texts()


def test_auto_shear_and_the_last_action_are_told():
    game = sheepkit.load("shave_a_sheep")
    state = game.position(phase="act", face="gray/pink", to_move=1, middle=4, sheep=(5, 1))
    texts = drawn(state.play("shear")).texts()
    assert "Player 2: shear your sheep. Player 1's sheep was full: 5 wool sheared." in texts


def test_the_wolf_is_drawn_beside_a_sheep_when_a_variant_leaves_it_there():
    import dataclasses

    state = sheepkit.load("shave_a_sheep").new_game()
    by_sheep = dataclasses.replace(state, wolf=1)
    assert "Wolf" in drawn(state).texts() and "Wolf" not in drawn(by_sheep).texts()
    assert drawn(by_sheep).count("fill_circle") == drawn(state).count("fill_circle")


def test_click_another_sheep_picks_the_swap_or_the_wolf():
    three = sheepkit.load("shave_a_sheep", players=3)
    state = three.position(phase="act", face="gray/pink", to_move=1, middle=4, sheep=(1, 2, 3))
    frame = Frame(state, None)
    assert DRAWING.click(frame, *centre(3, 2)) == (None, Act("wolf", 2))
    assert DRAWING.click(frame, *centre(3, 0)) == (None, Act("wolf", 0))
    assert DRAWING.click(frame, *centre(3, 1)) == (None, None)  # your own sheep
    assert DRAWING.click(frame, 5, 5) == (None, None)  # the middle
    swap = three.position(phase="act", face="white/green", middle=4, sheep=(1, 2, 3))
    assert DRAWING.click(Frame(swap, None), *centre(3, 2)) == (None, Act("swap", 2))


def test_click_does_nothing_when_no_action_targets_a_sheep():
    game = sheepkit.load("shave_a_sheep")
    grow = game.position(phase="act", face="white/pink", middle=4)
    assert DRAWING.click(Frame(grow, None), *centre(2, 1)) == (None, None)
    assert DRAWING.click(Frame(game.new_game(), None), *centre(2, 1)) == (None, None)


def test_click_with_two_fitting_actions_selects_the_sheep():
    die = [["wolf", "swap"], ["grow"], ["grow"], ["grow"], ["grow"], ["grow"]]
    game = sheepkit.load("shave_a_sheep", die=die)
    state = game.position(phase="act", face=("wolf", "swap"), middle=4, sheep=(1, 2))
    assert DRAWING.click(Frame(state, None), *centre(2, 1)) == (1, None)
    canvas = drawn(state, selection=1)
    assert ("set_line_dash", [6, 4]) in canvas.calls


def test_click_respects_futile_actions_off():
    game = sheepkit.load("shave_a_sheep", futile_actions=False)
    state = game.position(phase="act", face="gray/green", middle=4, sheep=(1, 1))
    assert [str(m) for m in state.legal_moves()] == ["wolf 2"]  # the swap would change nothing
    assert DRAWING.click(Frame(state, None), *centre(2, 1)) == (None, Act("wolf", 1))
    bare = game.position(phase="act", face="gray/green", middle=4, sheep=(0, 0))
    assert [str(m) for m in bare.legal_moves()] == ["pass"]
    assert DRAWING.click(Frame(bare, None), *centre(2, 1)) == (None, None)


def test_move_labels_are_short_words():
    four = sheepkit.load("shave_a_sheep", players=4)
    state = four.position(phase="act", face="x2", middle=5, sheep=(1, 0, 0, 0))
    labels = {
        Act("grow"): "Grow 1 wool",
        Act("double"): "Double wool",
        Act("shear"): "Shear your sheep",
        Act("swap", 1): "Swap sheep with Player 2",
        Act("wolf", 2): "Send the wolf to Player 3",
        Act("pass"): "Pass (nothing would change)",
        Roll(("grow", "shear")): "Roll white/pink",
        Roll(("double",)): "Roll x2",
    }
    for move, label in labels.items():
        assert words_for(state.game).move_label(state, move) == label
    nearly_full = four.position(phase="act", face="x2", middle=5, sheep=(4, 0, 0, 0))
    assert (
        words_for(nearly_full.game).move_label(nearly_full, Act("double"))
        == "Double wool (only 1 fits)"
    )
    last_one = four.position(phase="act", face="x2", middle=1)
    assert (
        words_for(last_one.game).move_label(last_one, Act("double")) == "Double wool (only 1 left)"
    )


def test_draw_on_a_real_ipycanvas_canvas():
    ipycanvas = pytest.importorskip("ipycanvas")
    game = sheepkit.load("shave_a_sheep", players=3)
    canvas = ipycanvas.Canvas(width=WIDTH, height=HEIGHT)
    state = game.position(phase="act", face="gray/green", middle=4, sheep=(1, 2, 5))
    with ipycanvas.hold_canvas():
        DRAWING.draw(canvas, Frame(state, None, selection=2))
        DRAWING.draw(canvas, Frame(state.play("wolf 3"), None))


# -- the variants ------------------------------------------------------------------------------
def test_the_howling_race_and_its_winner_are_told():
    from sheepkit.games.shave_a_sheep import VARIANTS, Howl

    game = sheepkit.load("shave_a_sheep", players=3, **VARIANTS["howling_wolf"])
    race = game.position(phase="race", face="gray/white", sheep=(1, 2, 3))
    assert "Gray! First to howl grabs the wolf." in drawn(race).texts()
    assert "rolled gray: race!" in drawn(race).texts()
    assert words_for(race.game).move_label(race, Howl(1)) == "Player 2 howls first"
    won = race.play(Howl(1))
    texts = drawn(won).texts()
    assert "Player 2 grabbed the wolf: click whose sheep loses one wool." in texts
    assert "\u25b6 Player 2" in texts
    assert words_for(won.game).move_label(won, Act("wolf", 2)) == "Wolf takes 1 wool from Player 3"
    # the winner clicks a sheep, never their own
    assert DRAWING.click(Frame(won, None), *centre(3, 2)) == (None, Act("wolf", 2))
    assert DRAWING.click(Frame(won, None), *centre(3, 1)) == (None, None)
    choosing = won.play("wolf 3")
    assert DRAWING.last_event(choosing) == "Player 2 howled first and sent the wolf to Player 3."
    texts = drawn(choosing).texts()
    assert (
        "Player 2 howled first and sent the wolf to Player 3. Player 1 may add 1 wool, or not."
        in texts
    )
    assert "may add 1 wool" in texts and "\u25b6 Player 1" in texts
    assert words_for(choosing.game).move_label(choosing, Act("grow")) == "Add 1 wool to your sheep"
    assert words_for(choosing.game).move_label(choosing, Act("decline")) == "Add no wool"
    assert DRAWING.click(Frame(choosing, None), *centre(3, 2)) == (None, None)
    assert DRAWING.last_event(choosing.play("grow")) == (
        "Player 2 howled first and sent the wolf to Player 3; Player 1 added 1 wool."
    )
    assert DRAWING.last_event(choosing.play("decline")) == (
        "Player 2 howled first and sent the wolf to Player 3; Player 1 added no wool."
    )


def test_mr_wolf_stands_by_a_sheep_and_fetch_has_a_label():
    from sheepkit.games.shave_a_sheep import FETCH

    game = sheepkit.load("shave_a_sheep", wolf="mr_wolf")
    state = game.position(phase="act", face="gray/pink", sheep=(1, 3), wolf=1)
    texts = drawn(state).texts()
    assert "wolf" in texts and "Wolf" not in texts
    assert (
        words_for(state.game).move_label(state, FETCH)
        == "Fetch the wolf home (up to 2 wool to your pile)"
    )
    assert (
        words_for(state.game).move_label(state, Act("wolf", 1))
        == "Send the wolf to Player 2 (1 wool to your pile)"
    )
    waiting = game.position(sheep=(1, 3), wolf=1)
    assert "The wolf stands by Player 2." in drawn(waiting).texts()


def test_cutting_costs_shows_the_payment():
    game = sheepkit.load("shave_a_sheep", shear_cost=1)
    state = game.new_game()
    for move in ("roll white/pink", "grow", "roll white", "grow", "roll white/pink"):
        state = state.play(move)
    assert (
        words_for(state.game).move_label(state, Act("shear"))
        == "Shear your sheep (pay 1 of 1 wool)"
    )
    sheared = state.play("shear")
    assert DRAWING.last_event(sheared) == "Player 1: shear your sheep (paid 1 wool)."
    full = game.position(phase="act", face="white", to_move=1, sheep=(5, 0))
    told = DRAWING.last_event(full.play("grow"))
    assert told.endswith("Player 1's sheep was full: 5 wool sheared, paid 1.")
