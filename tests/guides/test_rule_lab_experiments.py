"""The Rule Lab guide's "What the experiments show" quotes today's results of the lesson's
experiments (issue 35): each row is computed here again by the lab the pupils use (the
``rule_lab`` widget at its defaults: 200 games, seed 1, Random bots unless the row names
others), so a changed engine or lab fails this test until the guide says the same."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from sheepkit.ui import lab_widgets as lw

GUIDE = Path(__file__).resolve().parents[2] / "docs" / "guides" / "rule_lab.md"

#: (what the guide calls it, game, rule, value, bots or None, rotate, metrics quoted)
EXPERIMENTS: list[tuple[str, str, str, Any, list[str] | None, bool, list[str]]] = [
    ("Wool 8", "shave_a_sheep", "wool", 8, None, True, ["Length (turns)", "Draws"]),
    ("Wool 20", "shave_a_sheep", "wool", 20, None, True, ["Length (turns)", "Draws"]),
    (
        "Howling Wolf",
        "shave_a_sheep",
        "wolf",
        "howling_wolf",
        None,
        True,
        ["Length (turns)", "Comebacks"],
    ),
    ("Mr. Wolf", "shave_a_sheep", "wolf", "mr_wolf", None, True, ["Length (turns)", "Comebacks"]),
    (
        "Cutting costs",
        "shave_a_sheep",
        "shear_cost",
        1,
        None,
        True,
        ["Length (turns)", "Comebacks"],
    ),
    (
        "6x6, Sensible sheep v Random wolves",
        "wolf_and_sheep",
        "board",
        6,
        ["Sensible", "Random"],
        False,
        ["Win rate: Sheep", "Length (turns)"],
    ),
    (
        "6x6, Random sheep v Sensible wolves",
        "wolf_and_sheep",
        "board",
        6,
        ["Random", "Sensible"],
        False,
        ["Win rate: Wolves", "Length (turns)"],
    ),
    (
        "Auto-victory off",
        "wolf_and_sheep",
        "auto_victory",
        False,
        None,
        True,
        ["Win rate: Sheep", "Length (turns)"],
    ),
    (
        "Wolves first, Perfect v Perfect",
        "wolf_and_sheep",
        "first",
        "wolves",
        ["Perfect", "Perfect"],
        True,
        ["Win rate: Wolves", "Length (turns)"],
    ),
    (
        "A gentler die, Sensible bots",
        "shave_a_sheep",
        "die",
        '[["grow"], ["double"], ["grow", "shear"], ["grow", "swap"], ["double"], ["wolf", "swap"]]',
        ["Sensible", "Sensible"],
        True,
        ["Length (turns)", "Comebacks"],
    ),
    (
        "10x10, Sensible sheep v Random wolves",
        "wolf_and_sheep",
        "board",
        10,
        ["Sensible", "Random"],
        False,
        ["Win rate: Sheep", "Length (turns)"],
    ),
    ("Hand size 3", "lamb_mimes", "hand_size", 3, None, True, ["Length (turns)"]),
    ("Hand size 8", "lamb_mimes", "hand_size", 8, None, True, ["Length (turns)"]),
    ("6 players", "lamb_mimes", "players", 6, None, True, ["Win rate: Player 1"]),
]


def experiment(game: str, rule: str, value: Any, bots: list[str] | None, rotate: bool) -> Any:
    """The lab's two reports (base rules, changed rule), by metric name."""
    lab = lw.rule_lab(game)
    lab.rule_picker.value = rule
    lab.value.value = value
    for picker, bot in zip(lab.bot_pickers, bots or [], strict=False):
        picker.value = bot
    lab.rotate.value = rotate
    lab.run(now=True)
    assert not lab.message.value, lab.message.value
    return [{m.name: m for m in report} for report in lab.reports]


def figure(metric: Any) -> str:
    low, high = metric.interval
    if metric.name.startswith(("Win rate", "Draws", "Comebacks")):
        return f"{metric.value:.0%} [{low:.0%}, {high:.0%}]"
    return f"{metric.value:.1f} [{low:.1f}, {high:.1f}]"


def rows() -> list[str]:
    """The guide's table rows, as the lab's runs give them today."""
    found = []
    for title, game, rule, value, bots, rotate, metrics in EXPERIMENTS:
        base, changed = experiment(game, rule, value, bots, rotate)
        for name in metrics:
            a, b = base[name], changed[name]
            apart = a.interval[1] < b.interval[0] or b.interval[1] < a.interval[0]
            clear = "yes" if apart else "no"
            found.append(f"| {title} | {name} | {figure(a)} | {figure(b)} | {clear} |")
    return found


@pytest.fixture(scope="module")
def computed() -> list[str]:
    return rows()


def test_the_guide_quotes_each_experiment_as_the_lab_runs_it(computed: list[str]) -> None:
    text = GUIDE.read_text()
    missing = [row for row in computed if row not in text]
    assert not missing, "the guide's experiments table should have:\n" + "\n".join(missing)


if __name__ == "__main__":  # print the table for the guide
    print("\n".join(rows()))
