"""The rule lab in the lesson: it refuses bots that cannot play the changed rules, and gives
a "copy my result" line after each run."""

from __future__ import annotations

import html
import re

import pytest

from sheepkit.lab.metrics import Metric
from sheepkit.ui import lab_widgets as lw


@pytest.mark.parametrize(
    "board, can_play", [(12, "Random, Sensible, MCTS"), (10, "Perfect wolves")]
)
def test_perfect_on_a_board_it_has_not_solved_is_refused_clearly(board: int, can_play: str) -> None:
    lab = lw.rule_lab("wolf_and_sheep")
    lab.rule_picker.value = "board"
    lab.value.value = board
    lab.bot_pickers[0].value = "Perfect"
    lab.games.value = 2
    lab.run(now=True)
    message = lab.message.value
    assert f"Perfect cannot play Wolf and Sheep with Board size = {board}" in message
    assert can_play in message
    assert lab.table.value == "" and lab.reports == []  # nothing was played


def test_bots_that_can_play_the_change_still_run() -> None:
    lab = lw.rule_lab("wolf_and_sheep")
    lab.rule_picker.value = "board"
    lab.value.value = 6
    lab.bot_pickers[0].value = "Perfect"
    lab.games.value = 2
    lab.run(now=True)
    assert lab.message.value == "" and len(lab.reports) == 2


def test_a_run_ends_with_a_line_to_copy_naming_the_clear_differences() -> None:
    lab = lw.rule_lab("shave_a_sheep")
    lab.rule_picker.value = "wool"
    lab.value.value = 20
    lab.games.value = 50
    assert lab.copy.value == ""
    lab.run(now=True)
    assert "readonly" in lab.copy.value
    line = html.unescape(re.search(r'value="([^"]*)"', lab.copy.value).group(1))
    assert line.startswith("Rule Lab | Shave a Sheep | Wool = 20 | Random, Random | 50 games | ")
    base, changed = (dict((m.name, m) for m in r) for r in lab.reports)
    length = f"Length (turns) {lw.plain_value(base['Length (turns)'])} -> "
    assert length + lw.plain_value(changed["Length (turns)"]) in line


def test_no_clear_difference_is_said_so() -> None:
    metrics = [Metric("Games", 10, None, ""), Metric("Draws", 0.5, (0.3, 0.7), "")]
    other = [Metric("Games", 10, None, ""), Metric("Draws", 0.6, (0.4, 0.8), "")]
    line = lw.comparison_copy_text("Wolf and Sheep", "Rounds = 2", ["Random"], [metrics, other])
    assert (
        line == "Rule Lab | Wolf and Sheep | Rounds = 2 | Random | 10 games | no clear difference"
    )
