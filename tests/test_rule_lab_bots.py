"""The rule lab refuses bots that cannot play the changed rules, and says which can."""

from __future__ import annotations

import pytest

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
