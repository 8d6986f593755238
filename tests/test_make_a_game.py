"""The make-a-game lesson: the game its cells build is the reference solution, move for move.

The cells that define the game are run here, outside Jupyter, in one namespace (as a class
would run them), and the game they make is compared with sheepkit.examples.hounds_and_hare
over seeded random games of every rule variant.
"""

from __future__ import annotations

import contextlib
import io
import json
import random
import sys
import types
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import sheepkit
from sheepkit.core import registry
from sheepkit.core.words import words_for
from sheepkit.drawing import drawing_for
from sheepkit.examples.hounds_and_hare import HoundsAndHare, HoundsAndHareDrawing

NOTEBOOK = Path(__file__).resolve().parents[1] / "notebooks" / "make_a_game.ipynb"
CELLS = {c["id"]: "".join(c["source"]) for c in json.loads(NOTEBOOK.read_text())["cells"]}
#: The cells that build the game, in order (the first, wrong, max_length included).
BUILD = ["1", "3", "5", "8", "10", "12", "14", "16", "18", "19"]
REGISTER, BROKEN_CHECK, FIX = "23", "25", "27"
VARIANTS = [{}, {"first": "hare"}, {"hare_start": "centre"}, {"stall_limit": 2}]


def run(namespace: dict[str, Any], *numbers: str) -> str:
    """Run cells make-a-game-N in ``namespace``; what they printed."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        for number in numbers:
            exec(CELLS[f"make-a-game-{number}"], namespace)
    return out.getvalue()


@pytest.fixture
def lesson(monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, Any]]:
    """The lesson's namespace once its game is built and registered (with the wrong length),
    as a module of its own, as a notebook's ``__main__`` is."""
    module = types.ModuleType("make_a_game_lesson")
    monkeypatch.setitem(sys.modules, module.__name__, module)  # dataclasses look it up
    namespace = module.__dict__
    run(namespace, *BUILD, REGISTER)
    yield namespace
    registry.unregister("hounds_and_hare")


def test_the_lessons_cells_are_short() -> None:
    longest = max(len(source.splitlines()) for source in CELLS.values())
    assert longest <= 30, f"a cell of {longest} lines: split it"


def test_check_game_catches_the_wrong_length_and_passes_after_the_fix(
    lesson: dict[str, Any],
) -> None:
    printed = run(lesson, BROKEN_CHECK)
    assert printed.startswith("check_game found a mistake:")
    assert "longer than the declared 21" in printed
    printed = run(lesson, FIX)
    assert "max_length: 221" in printed and "60 games" in printed
    assert lesson["HoundsAndHare"]().max_length == HoundsAndHare().max_length


@pytest.mark.parametrize("changes", VARIANTS, ids=lambda c: str(c) or "defaults")
def test_the_lessons_game_plays_exactly_as_the_reference(
    lesson: dict[str, Any], changes: dict[str, Any]
) -> None:
    run(lesson, FIX)
    theirs = sheepkit.load("hounds_and_hare", **changes)  # the lesson's, registered by name
    ours = HoundsAndHare(**changes)
    assert type(theirs).__module__ == "make_a_game_lesson"
    assert theirs.max_length == ours.max_length
    for seed in range(150):
        rng = random.Random(seed)
        a, b = theirs.new_game(), ours.new_game()
        while True:
            assert str(a) == str(b)
            assert a.to_move == b.to_move
            assert [str(m) for m in a.legal_moves()] == [str(m) for m in b.legal_moves()]
            assert a.scores() == b.scores()
            if b.is_over:
                break
            move = rng.choice(b.legal_moves())
            a, b = a.play(str(move)), b.play(move)
        assert a.outcome() is not None and b.outcome() is not None
        assert (a.winners(), a.outcome().reason) == (b.winners(), b.outcome().reason)
        assert sheepkit.replay(a.record()) == a


def test_the_lesson_reads_and_refuses_text_as_the_reference_does(lesson: dict[str, Any]) -> None:
    theirs, ours = lesson["HoundsAndHare"](), HoundsAndHare()
    assert theirs.parse_move(" 10 - 6 ") == tuple(ours.parse_move("10-6"))
    for text in ("1-11", "a-b", ""):
        messages = []
        for game in (theirs, ours):
            with pytest.raises(ValueError) as caught:
                game.parse_move(text)
            messages.append(str(caught.value))
        assert messages[0] == messages[1], text


def test_the_registration_cell_may_run_twice(lesson: dict[str, Any]) -> None:
    first = sheepkit.load("hounds_and_hare")
    run(lesson, "19", REGISTER)  # the class cell and the registration, run again in Jupyter
    again = sheepkit.load("hounds_and_hare")
    assert type(again) is not type(first) and type(again).__name__ == "HoundsAndHare"
    assert isinstance(drawing_for(again), HoundsAndHareDrawing)


def test_the_reference_drawing_draws_the_lessons_states(lesson: dict[str, Any]) -> None:
    from fake_canvas import FakeCanvas

    from sheepkit.drawing import Frame

    game = sheepkit.load("hounds_and_hare")
    drawing = drawing_for(game)
    state = game.new_game()
    selection, move = drawing.click(Frame(state, None), *drawing.centre(1))
    assert selection == 1 and move is None
    _, move = drawing.click(Frame(state, None, 1), *drawing.centre(5))
    assert str(move) == "1-5" and move in state.legal_moves()
    canvas = FakeCanvas()
    drawing.draw(canvas, Frame(state.play(move), None))
    assert canvas.texts().count("D") == 3 and canvas.texts().count("H") == 1


def test_the_lessons_board_is_told_in_words_and_played_from_the_keyboard(
    lesson: dict[str, Any],
) -> None:
    """Its description was the text board (dots, dashes and slashes, read aloud as such); its
    points are the keyboard cursor's stops, where Enter picks and moves as clicks do."""
    from sheepkit.drawing import Frame
    from sheepkit.ui import GameApp

    game = sheepkit.load("hounds_and_hare")  # the lesson's own game and states
    drawing = drawing_for(game)
    state = game.new_game()
    words = words_for(state.game).describe(Frame(state, None))
    assert "The hounds are on points 0, 1, 7." in words
    assert "The hare is on point 10." in words
    assert words.splitlines()[-1] == str(state).splitlines()[-1] + "."
    assert not set("/\\|") & set(words), words
    assert "it may go to 2, 4, 5." in words_for(state.game).describe(Frame(state, None, 1))
    targets = drawing.targets(Frame(state, None))
    assert sorted(int(t.label.split(":")[0].split()[1]) for t in targets) == list(range(11))
    app = GameApp("hounds_and_hare", ["Human", "Human"])
    app.keys.key("ArrowDown")  # the cursor shows on point 1 (the top row first)...
    app.keys.key("Enter")  # ...picks the hound there
    assert "Point 1: a hound, picked" in app.speech.said
    app.keys.key("ArrowDown")  # point 4, below it: the picked hound may go there
    assert "Point 4: empty; Enter moves the picked piece here" in app.speech.said
    app.keys.key("Enter")
    assert [str(m) for m in app.state.history] == ["1-4"]
