"""The design-a-game lesson in the page (issue 37): the pupils' starting game, declared with
the board kit by the lesson's own cells, is played to its end by clicks on its board against
the MCTS bot; the noughts and crosses prediction waits for a guess, then shows the run beside
it."""

from __future__ import annotations

import contextlib
import io
import json
import re
from collections.abc import Callable, Iterator

import pytest
from voila_harness import NOTEBOOKS, AppPage

import sheepkit
from sheepkit import kit
from sheepkit.kit import KitDrawing

pytestmark = pytest.mark.browser

OpenApp = Callable[[str], AppPage]
#: The lesson's cells that declare the pupils' game: the board, the sides, the goals, the game.
DECLARATION = ("design-a-game-6", "design-a-game-8", "design-a-game-10", "design-a-game-12")
POINT = re.compile(r"\b[a-z]\d{1,2}\b")


@pytest.fixture(scope="module")
def pupils_game() -> Iterator[type[kit.KitGame]]:
    """The game the lesson's cells declare, as they declare it (registered here only while the
    module runs: the cell registers it)."""
    cells = {
        c["id"]: "".join(c["source"])
        for c in json.loads((NOTEBOOKS / "design_a_game.ipynb").read_text())["cells"]
    }
    namespace: dict[str, object] = {"kit": kit}
    with contextlib.redirect_stdout(io.StringIO()):
        for cell in DECLARATION:
            exec(cells[cell], namespace)
    game = namespace["my_game"]
    assert isinstance(game, type) and issubclass(game, kit.KitGame)
    yield game
    sheepkit.core.registry.unregister(game.name)


def click(app: AppPage, x: float, y: float) -> None:
    idles = app.kernel_idles
    app.app.locator(".sk-board canvas").first.click(position={"x": x, "y": y})
    app.wait_kernel_idle(idles)


def test_the_pupils_game_is_played_to_its_end_by_clicks_against_the_bot(
    open_app: OpenApp, pupils_game: type[kit.KitGame]
) -> None:
    drawing = KitDrawing(pupils_game())
    app = open_app("design_a_game")
    app.wait_for_board()  # the human moves first: a move button shows
    assert app.board()["painted"] > 0
    clicks = 0
    state = app.state()
    for _ in range(100):
        if state["over"]:
            break
        if not state["moves"]:  # the bot's turn: wait for its move
            state = app.wait_changed(state, 60)
            continue
        label = state["moves"][0]  # "White a1 → a2": the piece's point, then where it goes
        points = POINT.findall(label)
        assert len(points) >= 2, f"not a move of a piece: {label!r}"
        entries = app.log_lines()
        for point in points:
            click(app, *drawing.centre(drawing.plan.board.point(point)))
            clicks += 1
        app.wait_log(entries + 1, failing=f"clicks on {points} did not play {label!r}")
        state = app.wait_changed(state, 60)
    assert state["over"], f"the game did not end: {state}"
    assert clicks >= 2 and re.search(r"\b(White|Black)\b", state["status"]), state
    app.assert_healthy()
    app.screenshot("design_a_game-played")


def test_the_prediction_waits_for_a_guess_then_shows_the_run_beside_it(
    open_app: OpenApp,
) -> None:
    app = open_app("design_a_game")
    box = app.page.locator(".sk-predict", has_text="Noughts and crosses between two random")
    box.wait_for(timeout=120_000)
    assert box.locator(".sk-explanation").count() == 0  # hidden until the run
    button = box.locator(".sk-run-request", has_text="Play 1000 games")
    button.click()  # no guess yet: nothing runs
    box.locator(".sk-predict-problem", has_text="Pick one answer first.").wait_for()
    box.get_by_text("both about as often", exact=True).click()
    button.click()
    result = box.locator(".sk-predict-result")
    result.get_by_text("You guessed both about as often.", exact=False).wait_for(timeout=120_000)
    says = "The run says X wins 60.6% [57.5%, 63.6%], O wins 27.2% [24.5%, 30.0%]."
    assert says in result.inner_text()
    assert "moving first is a real advantage" in box.locator(".sk-explanation").first.inner_text()
    copied = box.locator(".sk-copy-line input").input_value()
    assert copied.startswith("Design a Game | Noughts and Crosses | 1000 random games, X first")
    app.assert_healthy()
