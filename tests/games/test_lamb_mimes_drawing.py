"""The Lamb Mimes board view, drawn on a fake canvas that records every call."""

from __future__ import annotations

import random

import pytest
from fake_canvas import FakeCanvas

import sheepkit
from sheepkit.core import CHANCE
from sheepkit.core.words import words_for
from sheepkit.drawing import Frame, drawing_for
from sheepkit.games.lamb_mimes.drawing import (
    HEIGHT,
    WIDTH,
    LambMimesDrawing,
    hand_box,
    spot_box,
)
from sheepkit.games.lamb_mimes.engine import Card, Flip, Pass, Place, Play
from sheepkit.games.lamb_mimes.rules import parse_card

DRAWING = LambMimesDrawing()
GAME = sheepkit.load("lamb_mimes", players=2)


def drawn(state, viewer=None) -> FakeCanvas:
    canvas = FakeCanvas()
    DRAWING.draw(canvas, Frame(state, viewer))
    return canvas


def centre(box: tuple[float, float, float, float]) -> tuple[float, float]:
    x, y, w, h = box
    return x + w / 2, y + h / 2


def clicked(state, x: float, y: float, viewer=0):
    return DRAWING.click(Frame(state, viewer), x, y)


def test_the_view_is_the_agreed_size_and_the_app_finds_it():
    assert (DRAWING.width, DRAWING.height) == (WIDTH, HEIGHT) == (760, 520)
    assert isinstance(drawing_for(GAME), LambMimesDrawing)
    assert isinstance(drawing_for(sheepkit.load("lamb_mimes", players=6)), LambMimesDrawing)


@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_draw_every_phase_of_a_short_match(players):
    game = sheepkit.load("lamb_mimes", players=players, target=8)
    view = drawing_for(game)
    rng = random.Random(players)
    state, phases = game.new_game(), set()
    for _ in range(5000):
        phases.add(state.phase)
        for viewer in (None, 0, players - 1):
            canvas = FakeCanvas()
            view.draw(canvas, Frame(state, viewer))
            moved = 0  # inside save()/restore() the fanned cards use turned coordinates
            for call in canvas.calls:  # everything lands on the canvas
                moved += {"save": 1, "restore": -1}.get(call[0], 0)
                if not moved and call[0] in ("fill_rect", "fill_text", "fill_circle"):
                    x, y = call[2:4] if call[0] == "fill_text" else call[1:3]
                    assert -10 <= x <= WIDTH and -10 <= y <= HEIGHT, call
            texts = canvas.texts()
            for p in range(players):
                assert any(game.player_name(p) in t for t in texts)
        if state.is_over:
            break
        if state.to_move == CHANCE:
            state = state.play(state.sample_chance(rng))
        else:
            state = state.play(rng.choice(state.legal_moves()))
    assert state.is_over
    assert {0, 1, 2, 3, 6} <= phases, phases  # deal, start, play, reveal, over
    assert "The match is over" in drawn(state).texts()


def test_the_hand_cards_and_mimes_read_without_colour():
    state = GAME.position(hands=[["5BG", "mime-orange"], ["1BR"]], discard=["3GO"])
    texts = drawn(state, 0).texts()
    assert {"5", "B", "G", "3", "O"} <= set(texts)  # numbers and colour letters
    assert "draw 3" in texts  # the Mime shows what it makes you draw
    assert "Your hand (Player 1): 2 cards" in texts


def test_playable_cards_stand_up_and_clicking_one_plays_it():
    state = GAME.position(hands=[["2OR", "5OR"], ["1BR"]], discard=["5BG"])
    assert state.legal_moves() == (Play(parse_card("5OR")),)
    # the hand is sorted: 5OR comes second, raised
    assert clicked(state, *centre(hand_box(2, 1, True))) == (None, Play(parse_card("5OR")))
    assert clicked(state, *centre(hand_box(2, 0, False))) == (None, None)
    assert clicked(state, *centre(spot_box(0))) == (None, None)  # you may not flip now
    assert clicked(state, 5, 5) == (None, None)
    # Not your turn: clicks do nothing.
    assert clicked(state, *centre(hand_box(2, 1, True)), viewer=1) == (None, None)


def test_with_nothing_to_play_a_click_flips_and_then_places():
    state = GAME.position(hands=[["2BO", "4BR"], ["1BR"]], discard=["6GR"])
    assert clicked(state, *centre(spot_box(2))) == (None, Flip(2))
    placing = state.play("flip 3").play("reveal 7GO")
    move = Place(parse_card("4BR"))
    assert clicked(placing, *centre(hand_box(2, 1, True))) == (None, move)
    texts = drawn(placing, 0).texts()
    assert "Round 1 \u00b7 Player 1 hides a card in Pasture spot 3" in texts
    hidden = placing.play(move)
    assert "yours" in drawn(hidden, 0).texts()  # Player 1 knows what lies there
    assert "yours" not in drawn(hidden, 1).texts()
    other = placing.play(Place(parse_card("2BO")))  # Player 2 cannot tell which card it was
    assert drawn(hidden, 1).calls == drawn(other, 1).calls


def test_a_card_turned_back_is_known_to_everyone():
    state = GAME.position(hands=[["2BO", "4BR"], ["1BR"]], discard=["6GR"])
    back = state.play("flip 1").play("reveal 3BO")
    for viewer in (0, 1, None):
        assert "seen by all" in drawn(back, viewer).texts()


def test_a_flipped_mime_makes_you_draw():
    state = GAME.position(hands=[["2BO", "4BR"], ["1BR"]], discard=["6GR"])
    drawing = state.play("flip 1").play("reveal mime-green")
    for viewer in (0, 1, None):
        texts = drawn(drawing, viewer).texts()
        assert "Round 1 \u00b7 Player 1 draws a card (2 to go)" in texts
        assert "Out of the round:" in texts and "G" in texts  # the Mime, beside the piles


def test_the_view_never_shows_what_the_viewer_cannot_see():
    """Two states that differ only in what Player 1 cannot see draw exactly alike for them."""
    one = GAME.position(hands=[["2BO", "4BR"], ["1BR", "5GO"]], discard=["6GR"])
    two = GAME.position(hands=[["2BO", "4BR"], ["3BG", "7OR"]], discard=["6GR"])
    assert drawn(one, 0).calls == drawn(two, 0).calls
    assert drawn(one, 1).calls != drawn(two, 1).calls
    # Mid-game, at every kind of node: redraw everything hidden from each player.
    game = sheepkit.load("lamb_mimes", players=3)
    rng = random.Random(7)
    state = game.new_game()
    for step in range(400):
        if state.is_over:
            break
        if step % 7 == 0:
            for viewer in range(3):
                other = state.view(viewer).determinize(random.Random(step))
                assert drawn(other, viewer).calls == drawn(state, viewer).calls
        if state.to_move == CHANCE:
            state = state.play(state.sample_chance(rng))
        else:
            state = state.play(rng.choice(state.legal_moves()))


def test_without_a_viewer_every_hand_is_shown():
    state = GAME.position(hands=[["2BO"], ["1BR", "5GO"]], discard=["6GR"], to_move=1)
    assert {"BR", "GO"} <= set(drawn(state, None).texts())
    assert not {"BR", "GO"} & set(drawn(state, 0).texts())
    assert "Player 2's hand: 1 card" not in drawn(state, None).texts()
    assert "Player 1's hand: 1 card" in drawn(state, None).texts()


def test_move_labels_are_short_phrases():
    label = words_for(GAME).move_label
    state = GAME.position(hands=[["2BO", "4BR"], ["1BR"]], discard=["6GR"])
    assert label(state, Play(parse_card("5BG"))) == "Play 5 blue/green"
    assert label(state, Play(parse_card("mime-red"))) == "Play red Lamb Mime"
    assert label(state, Flip(1)) == "Flip Pasture spot 2"
    placing = state.play("flip 2").play("reveal 7GO")
    assert label(placing, Place(parse_card("3OR"))) == "Put 3 orange/red in the Pasture spot 2"
    assert label(state, Pass()) == "Pass (nothing to play or flip)"
    assert label(state, Card("reveal", parse_card("7GO"))) == "It is 7 green/orange"
    assert label(state, Card("draw", parse_card("mime-blue"))) == "Draw blue Lamb Mime"


def test_the_app_log_keeps_cards_secret() -> None:
    from sheepkit.ui import GameApp

    app = GameApp("lamb_mimes", seats=["Human", "Human", "Random", "Random"], autoplay=False)
    app.run_bots(limit=60)  # the deal and the first discard happen by themselves
    log = app.log.value
    assert "is dealt a card" in log and "The discard pile starts with" in log
    # The deal was one moment, so it is one line of the log, numbered by its first ply.
    dealt = [line for line in log.split("<li") if "is dealt a card" in line]
    assert len(dealt) == 1 and "Player 1 is dealt a card ×5" in dealt[0], dealt
    assert dealt[0].startswith(" value='1'")
    assert "deal " not in log  # no card names of the deal
    # No peeking at what is left in the deck: no rig, and its options never reach the page.
    assert app.chance_box.layout.display == "none" and not app.rig_choice.options
