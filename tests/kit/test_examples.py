"""Each kit example: at most 30 lines of code, check_game, and the contract test's own checks
(the app played through its buttons, the drawing on every position, records)."""

from __future__ import annotations

import ast
import random
from pathlib import Path

import pytest
import test_contract as contract
from fake_canvas import FakeCanvas

import sheepkit
import sheepkit.bots
import sheepkit.drawing
from sheepkit import kit
from sheepkit.core import check_game
from sheepkit.core.contract import Frame
from sheepkit.core.words import words_for
from sheepkit.examples import kit as examples

NAMES = (
    "noughts_and_crosses",
    "fox_and_geese",
    "kit_hounds_and_hare",
    "breakthrough",
    "four_in_a_row",
)
pytestmark = pytest.mark.usefixtures("kit_games")


def lines_of_code(path: Path) -> int:
    """Lines that are neither blank, comments nor the module's docstring."""
    tree = ast.parse(path.read_text())
    doc = tree.body[0]
    skip = set(range(doc.lineno, doc.end_lineno + 1)) if isinstance(doc, ast.Expr) else set()
    return sum(
        1
        for n, line in enumerate(path.read_text().splitlines(), 1)
        if n not in skip and line.strip() and not line.strip().startswith("#")
    )


@pytest.mark.parametrize("module", examples.MODULES)
def test_each_example_is_at_most_30_lines_of_code_with_a_game(module: str) -> None:
    path = Path(examples.__file__).parent / f"{module}.py"
    assert lines_of_code(path) <= 30
    game = __import__(f"sheepkit.examples.kit.{module}", fromlist=["game"]).game
    assert issubclass(game, kit.KitGame)


def test_register_reference_registers_the_five_and_importing_registers_nothing(
    kit_games: tuple[str, ...],
) -> None:
    assert kit_games == NAMES
    assert all(name in sheepkit.games() for name in NAMES)
    import subprocess
    import sys

    probe = "import sheepkit, sheepkit.examples.kit as k; k.games(); print(len(sheepkit.games()))"
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == str(len(sheepkit.games()) - len(NAMES))


@pytest.mark.parametrize("name", NAMES)
def test_check_game_passes_with_rule_variants(name: str) -> None:
    game = sheepkit.load(name)
    variants: list[dict[str, object]] = [{}]
    if "first" in game.rules.to_dict():
        second = game.rules_type.infos()
        first = next(i for i in second if i.name == "first")
        variants.append({"first": first.choices[1]})
    report = check_game(name, variants, games=10)
    assert report.games == 10 * len(variants)


@pytest.mark.parametrize("name", NAMES)
def test_the_app_plays_it_to_the_end_through_its_buttons(name: str) -> None:
    contract.test_app_plays_a_seeded_game_to_the_end_through_its_buttons(name)


@pytest.mark.parametrize("name", NAMES)
def test_the_drawing_draws_every_position_and_reads_clicks(name: str) -> None:
    contract.test_drawing_draws_every_position_and_reads_clicks_as_legal_moves(name)


@pytest.mark.parametrize("name", NAMES)
def test_records_replay(name: str) -> None:
    contract.test_the_record_of_a_seeded_game_replays_to_an_equal_state(name)


@pytest.mark.parametrize("name", NAMES)
def test_keyboard_targets_and_words_cover_every_point(name: str) -> None:
    game = sheepkit.load(name)
    state = game.random_playout(random.Random(3))
    drawing = sheepkit.drawing.drawing_for(game)
    assert isinstance(drawing, kit.KitDrawing)
    targets = drawing.targets(Frame(state, None))
    assert len(targets) == len(game.plan.board)
    assert all(t.label.split(":")[0] in game.plan.names for t in targets)
    words = words_for(state.game).describe(Frame(state, None)).splitlines()
    assert words[0].startswith("A board of")
    assert any(line.startswith("Game over") for line in words)
    start = game.new_game()
    first = drawing.targets(Frame(start, None))
    assert any("Enter" in t.label for t in first)


@pytest.mark.parametrize("name", NAMES)
def test_bots_are_offered_and_mcts_plays_a_move(name: str) -> None:
    game = sheepkit.load(name)
    bots = sheepkit.bots.for_game(game)
    assert {"Random", "MCTS"} <= set(bots)
    state = game.new_game()
    bot = sheepkit.bots.MCTSBot(iterations=30)
    move = bot.choose(state, state.legal_moves(), random.Random(1))
    assert move in state.legal_moves()


def test_pieces_are_labelled_shapes_in_the_palette() -> None:
    game = sheepkit.load("fox_and_geese")
    canvas = FakeCanvas()
    kit.KitDrawing(game).draw(canvas, Frame(game.new_game(), None))
    texts = canvas.texts()
    assert texts.count("G") == 13 and texts.count("F") == 1
