"""docs/kit.md's Python blocks run in order; a kit game in the Rule Lab and the Bot Arena."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

import sheepkit
from sheepkit.examples.kit.fox_and_geese import game as FoxAndGeese

KIT_MD = Path(__file__).parent.parent.parent / "docs" / "kit.md"


def test_the_kit_guide_runs_step_by_step(capsys: pytest.CaptureFixture[str]) -> None:
    blocks = re.findall(r"^```python\n(.*?)^```$", KIT_MD.read_text(), re.S | re.M)
    assert len(blocks) >= 7
    namespace: dict[str, object] = {}
    for block in blocks:
        exec(compile(block, str(KIT_MD), "exec"), namespace)
    out = capsys.readouterr().out
    assert "33 ('c1', 'd1', 'e1')" in out and "0 Geese" in out
    assert "Fox and Geese might never end" in out
    assert "fox_and_geese" not in sheepkit.games()


def test_the_guide_lists_every_board_move_and_goal() -> None:
    from sheepkit import kit

    text = KIT_MD.read_text()
    for name in ("squares", "lines", "cross", "hexes", "step", "slide", "jump", "place",
                 "drop", "reach", "capture", "block", "in_a_row", "get_past", "stall",
                 "most_pieces", "move_limit", "rows"):  # fmt: skip
        assert f"`kit.{name}(" in text, name
        assert hasattr(kit, name)


@pytest.mark.usefixtures("kit_games")
def test_the_rule_lab_and_bot_arena_take_a_kit_game() -> None:
    from sheepkit.ui import lab_widgets as lw

    lab = lw.RuleLab("noughts_and_crosses", n=6)
    lab.rule_picker.value = "first"
    lab.value.value = "o"
    lab.run()
    assert "Base rules" in lab.table.value and lab.reports[1] != lab.reports[0]
    arena = lw.BotArena("four_in_a_row", games_per_pairing=2, skip=())
    arena.run()
    assert arena.tournament is not None
    assert {s.name for s in arena.tournament.leaderboard} == {"Random", "MCTS"}


def test_the_rules_are_the_declarations_numbers() -> None:
    names = [info.name for info in FoxAndGeese.rules_type.infos()]
    assert names == ["geese_pieces", "first", "fox_captures", "move_limit"]
    first = next(i for i in FoxAndGeese.rules_type.infos() if i.name == "first")
    assert first.choices == ("geese", "fox") and first.choice_label("fox") == "Fox"
