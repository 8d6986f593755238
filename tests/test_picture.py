"""Still pictures for lessons: the game's own view, drawn once a browser connects."""

from __future__ import annotations

import sheepkit
from sheepkit.drawing import TextDrawing
from sheepkit.ui import picture, pictures


def test_a_picture_uses_the_games_view_and_scales() -> None:
    state = sheepkit.load("wolf_and_sheep").new_game()
    box = picture(state, caption="The start", scale=0.5)
    canvas, label = box.children
    assert canvas.width > 300 and canvas.layout.width == f"{canvas.width * 0.5:.0f}px"
    assert "The start" in label.value
    assert "sk-picture" in box._dom_classes


def test_pictures_sit_side_by_side() -> None:
    state = sheepkit.load("shave_a_sheep").new_game()
    row = pictures(picture(state), picture(state, drawing=TextDrawing()))
    assert len(row.children) == 2


def test_a_picture_is_drawn_when_a_browser_connects() -> None:
    drawn = []

    class Recording(TextDrawing):
        def draw(self, canvas, frame) -> None:
            drawn.append(frame)
            super().draw(canvas, frame)

    state = sheepkit.load("wolf_and_sheep").new_game()
    move = state.legal_moves()[0]
    canvas = picture(state, drawing=Recording(), highlights=(move,)).children[0]
    assert drawn == []  # nothing is sent before a page shows the canvas
    canvas._handle_frontend_event(None, {"event": "client_ready"}, [])
    assert len(drawn) == 1 and drawn[0].highlights == (move,)
