"""What issue 34 ("One direction") asked of the code, checked where a test can tell: the
messages' op spelled in one place, and each game's words describing its board without a
drawing (a game's words module imports none, nor does core: ``test_layers.py``, which also
finds no import circle)."""

from __future__ import annotations

import json
import random
from pathlib import Path

import sheepkit
from sheepkit.core import load
from sheepkit.core.contract import Frame
from sheepkit.core.words import words_for

PACKAGE = Path(sheepkit.__file__).parent


def test_the_op_key_is_spelled_in_at_most_two_files_of_sheepkit() -> None:
    spelled = sorted(
        str(path.relative_to(PACKAGE))
        for path in PACKAGE.rglob("*")
        if path.is_file()
        and path.suffix in (".py", ".js", ".html")
        and '"op"' in path.read_text(encoding="utf-8")
    )
    assert "core/messages.py" in spelled, spelled  # the shared reader and writer (on_wire)
    assert len(spelled) <= 2, spelled


def test_a_class_message_and_a_table_message_are_written_by_the_shared_writer() -> None:
    from sheepkit.classes.messages import Join
    from sheepkit.core.messages import on_wire
    from sheepkit.tables.protocol import Look

    assert json.loads(Join(code="ABC", name="Ann").to_json()) == on_wire(
        "join", {"code": "ABC", "name": "Ann"}
    )
    assert Look(code="XYZ").as_dict() == on_wire("look", {"code": "XYZ"})
    assert next(iter(Look(code="XYZ").as_dict())) == "op"  # the op first


# A game's words (sheepkit.core.words): no drawing has any of its own, nor does the protocol.
WORDED = ("move_label", "log_label", "describe")


def test_no_games_drawing_words_the_game_itself() -> None:
    from sheepkit.core.contract import BoardDrawing
    from sheepkit.core.registry import entry_for
    from sheepkit.drawing import Drawing, drawing_for
    from sheepkit.examples.hounds_and_hare import HoundsAndHareDrawing
    from sheepkit.kit.drawing import KitDrawing

    drawings = [type(drawing_for(load(name))) for name in sheepkit.games()]
    drawings += [KitDrawing, HoundsAndHareDrawing]  # the board kit's games', the lesson's
    for drawing in [*drawings, Drawing, BoardDrawing]:
        for name in WORDED:
            assert not hasattr(drawing, name), (drawing, name)
    assert all(entry_for(load(name)).words is not None for name in sheepkit.games())


def test_battle_sheeps_words_describe_its_board_and_name_the_players_shapes() -> None:
    from sheepkit.games.battle_sheep import BattleSheep
    from sheepkit.games.battle_sheep.words import BattleSheepWords

    rng = random.Random(4)
    state = BattleSheep().new_game()
    while state.ply < 12:  # the field laid, the flocks put down, a few splits
        state = state.play(rng.choice(state.legal_moves()))
    words = BattleSheepWords(state.game).describe(Frame(state, 0))
    lines = words.splitlines()
    assert lines[1].startswith("The field has ") and lines[1].endswith(" pastures (hexes).")
    assert "(circles): " in lines[2] and "(squares): " in lines[3]
    assert words_for(state.game).describe(Frame(state, 0)) == words  # as registered


def test_the_lessons_reference_words_describe_the_hunt_without_its_drawing() -> None:
    from sheepkit.examples.hounds_and_hare import HoundsAndHare, HoundsAndHareWords, Step

    game = HoundsAndHare()
    state = game.new_game()
    words = HoundsAndHareWords(game)
    said = words.describe(Frame(state, None, selection=1))
    assert "The hounds are on points 0, 1, 7." in said
    assert "Picked: the piece on point 1; it may go to 2, 4, 5." in said
    assert words.move_label(state, Step(1, 5)) == "Hound 1 → 5"


def test_only_sheepkit_platform_asks_whether_it_runs_in_a_browser() -> None:
    asking = sorted(
        str(path.relative_to(PACKAGE))
        for path in PACKAGE.rglob("*.py")
        if any(word in path.read_text(encoding="utf-8") for word in ("sys.platform", "emscripten"))
    )
    assert asking == ["platform.py"]
