"""Still pictures for lessons: the game's own drawing, made as SVG when the picture is."""

from __future__ import annotations

import math
import re
import xml.etree.ElementTree as ET

import pytest
from fake_canvas import FakeCanvas

import sheepkit
from sheepkit.drawing import Frame, TextDrawing, drawing_for
from sheepkit.games.lamb_mimes.drawing import LambMimesDrawing
from sheepkit.ui import picture, pictures
from sheepkit.ui.svg_canvas import SvgCanvas

SVG = "{http://www.w3.org/2000/svg}"
GAMES = ("wolf_and_sheep", "shave_a_sheep", "battle_sheep", "lamb_mimes", "sheep_race")


def svg_of(html: str) -> ET.Element:
    found = re.search(r"<svg.*?</svg>", html, re.DOTALL)
    assert found, html[:200]
    return ET.fromstring(found.group(0))


def test_a_picture_is_the_games_drawing_at_its_scale() -> None:
    state = sheepkit.load("wolf_and_sheep").new_game()
    shown = picture(state, caption="The <b>start</b>", scale=0.5)
    html = shown._repr_html_()
    root = svg_of(html)
    board = drawing_for(state.game)
    assert root.get("viewBox") == f"0 0 {board.width} {board.height}"
    assert float(root.get("width", "0")) == round(board.width * 0.5) == shown.width
    assert root.get("aria-label") == "The start"  # a screen reader reads the caption's words
    assert "The <b>start</b>" in html and 'class="sk-picture"' in html
    # The same calls as on the app's canvas: every square, piece and label of the board.
    calls = FakeCanvas()
    board.draw(calls, Frame(state, None))
    drawn = root.iter()
    counts = {tag: 0 for tag in ("rect", "circle", "polygon", "line", "text")}
    for element in drawn:
        tag = element.tag.removeprefix(SVG)
        if tag in counts:
            counts[tag] += 1
    assert counts["rect"] == calls.count("fill_rect") + calls.count("stroke_rect")
    assert counts["text"] == calls.count("fill_text")


@pytest.mark.parametrize("name", GAMES)
def test_every_games_drawing_makes_a_picture(name: str) -> None:
    # A new game and one a few moves in (chance resolved by its first outcome).
    state = sheepkit.load(name).new_game()
    for _ in range(6):
        if state.is_over:
            break
        if state.is_chance:
            state = state.play(state.chance_outcomes()[0][0])
        else:
            state = state.play(state.legal_moves()[0])
    root = svg_of(picture(state)._repr_html_())
    assert len(list(root)) > 10 and root.get("role") == "img"


def test_pictures_sit_side_by_side_and_take_only_pictures() -> None:
    state = sheepkit.load("shave_a_sheep").new_game()
    row = pictures(picture(state), picture(state, drawing=TextDrawing()))
    html = row._repr_html_()
    assert len(row.items) == 2 and html.count('class="sk-picture"') == 2
    assert "flex-flow:row wrap" in html
    with pytest.raises(TypeError, match="takes pictures"):
        pictures(picture(state), "a caption")  # type: ignore[arg-type]


def test_a_picture_is_drawn_once_when_made_with_its_highlights() -> None:
    drawn = []

    class Recording(TextDrawing):
        def draw(self, canvas, frame) -> None:
            drawn.append(frame)
            super().draw(canvas, frame)

    state = sheepkit.load("wolf_and_sheep").new_game()
    move = state.legal_moves()[0]
    picture(state, drawing=Recording(), highlights=(move,))
    assert len(drawn) == 1 and drawn[0].highlights == (move,)


def test_the_svg_canvas_keeps_settings_as_a_canvas_does() -> None:
    canvas = SvgCanvas(100, 50)
    canvas.fill_style = "#0072B2"
    canvas.global_alpha = 0.5
    canvas.fill_rect(10, 10, -5, 4)  # a negative width grows leftwards, as on a canvas
    canvas.save()
    canvas.translate(20, 0)
    canvas.rotate(math.pi / 2)
    canvas.fill_style = "#D55E00"
    canvas.fill_circle(0, 0, 3)
    canvas.restore()
    canvas.line_width = 2
    canvas.set_line_dash([4, 2])
    canvas.stroke_line(0, 0, 10, 10)
    canvas.font = "bold 12px sans-serif"
    canvas.text_align = "center"
    canvas.text_baseline = "middle"
    canvas.fill_text("a long label", 50, 25, max_width=20)
    root = ET.fromstring(canvas.svg())
    rect, group, line, text = list(root)
    assert (rect.get("x"), rect.get("width"), rect.get("fill")) == ("5", "5", "#0072B2")
    assert rect.get("opacity") == "0.5"
    assert group.get("transform") == "matrix(6.123e-17 1 -1 6.123e-17 20 0)"
    assert group[0].get("fill") == "#D55E00"
    assert line.get("fill") is None or line.get("fill") == "none"
    assert (line.get("stroke-width"), line.get("stroke-dasharray")) == ("2", "4 2")
    assert line.get("stroke") == "#000000"  # restore() brought back the stroke colour
    assert (text.get("text-anchor"), text.get("dominant-baseline")) == ("middle", "central")
    assert text.get("textLength") == "20" and text.text == "a long label"
    canvas.clear()
    assert list(ET.fromstring(canvas.svg())) == []


def test_the_svg_canvas_names_a_call_it_cannot_draw() -> None:
    canvas = SvgCanvas(10, 10)
    with pytest.raises(AttributeError, match="does not draw 'draw_image'"):
        canvas.draw_image(None, 0, 0)
    with pytest.raises(AttributeError, match="no setting 'shadow_blur'"):
        canvas.shadow_blur = 3


def test_lamb_mimes_fans_of_cards_turn_in_the_picture() -> None:
    state = sheepkit.load("lamb_mimes").new_game()
    while state.is_chance:
        state = state.play(state.chance_outcomes()[0][0])
    html = picture(state, viewer=0, drawing=LambMimesDrawing(state.game))._repr_html_()
    assert "matrix(" in html  # each card of a fan is turned a little (translate + rotate)
