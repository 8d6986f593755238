"""The design-a-game lesson (notebooks/design_a_game.ipynb, issue 37): the pupils' cells are a
few short lines of kit choices, the game they declare passes check_game under the rules the
Rule Lab offers it, and the lesson's measurement says what its numbers show."""

from __future__ import annotations

import contextlib
import io
import json
from collections.abc import Iterator
from pathlib import Path

import pytest

import sheepkit
from sheepkit import kit
from sheepkit.examples.design_a_game_lesson import Share, WhoWins, who_wins

NOTEBOOK = Path(__file__).resolve().parents[1] / "notebooks" / "design_a_game.ipynb"
#: The cells a pupil changes: the board, the sides, the goals, and the game that joins them.
PUPILS_CELLS = ("design-a-game-6", "design-a-game-8", "design-a-game-10", "design-a-game-12")


def cells() -> dict[str, str]:
    return {c["id"]: "".join(c["source"]) for c in json.loads(NOTEBOOK.read_text())["cells"]}


@pytest.fixture(scope="module")
def pupils_game() -> Iterator[type[kit.KitGame]]:
    namespace: dict[str, object] = {"kit": kit}
    with contextlib.redirect_stdout(io.StringIO()):
        for cell in PUPILS_CELLS:
            exec(cells()[cell], namespace)
    game = namespace["my_game"]
    assert isinstance(game, type) and issubclass(game, kit.KitGame)
    yield game
    sheepkit.core.registry.unregister(game.name)


def test_the_pupils_cells_are_a_few_short_lines_of_kit_choices() -> None:
    lines = [
        line
        for cell in PUPILS_CELLS[:3]
        for line in cells()[cell].splitlines()
        if line.strip() and not line.lstrip().startswith("#")
    ]
    assert len(lines) <= 5, lines
    assert all(len(line) <= 90 for line in lines), lines
    declaration = cells()["design-a-game-12"]
    assert "kit.Game(" in declaration and "kit.register(my_game)" in declaration
    assert "class " not in "".join(cells()[c] for c in PUPILS_CELLS)  # no Python classes


def test_the_starting_game_passes_check_game_under_the_rule_lab_s_rules(
    pupils_game: type[kit.KitGame],
) -> None:
    rules = {r.name for r in pupils_game.rules_type.infos()}
    assert {"columns", "rows", "first", "white_rows", "black_rows"} <= rules
    variants = [{}, {"first": "black"}, {"columns": 7, "rows": 7, "white_rows": 2}]
    report = sheepkit.check_game(pupils_game.name, variants, games=10)
    assert "30 games" in str(report)


def test_the_measurement_calls_a_difference_clear_only_when_the_intervals_part() -> None:
    def measured(a: int, b: int, games: int = 200) -> WhoWins:
        sides = (Share("White", a, games), Share("Black", b, games))
        return WhoWins("T", games, 1, "White", sides, Share("draws", games - a - b, games))

    close, apart = measured(107, 93), measured(130, 70)
    assert not close.clear and "overlap: no clear difference" in close.verdict
    assert apart.clear and apart.verdict.endswith("White wins clearly more often.")
    assert measured(70, 130).leader.who == "Black" and measured(70, 130).clear
    assert "no clear difference" in close.copy and "| clear difference" in apart.copy


def test_the_measurement_plays_each_side_in_its_own_seat_and_counts_draws(
    pupils_game: type[kit.KitGame],
) -> None:
    played = who_wins(pupils_game.name, games=40, seed=3)
    assert played.first == "White" and [s.who for s in played.sides] == ["White", "Black"]
    assert sum(s.wins for s in played.sides) + played.draws.wins == 40
    black_first = who_wins(pupils_game.name, games=40, seed=3, first="black")
    assert black_first.first == "Black"
