"""The teacher's guides of the lessons helper's notebooks quote only numbers the lessons show.

Every number in a guide's "What each run shows" and "Questions" sections must appear in its
notebook: in the output nbval checks (``# NBVAL_CHECK_OUTPUT`` cells, recorded by ``make
checked-outputs`` and compared with a real run by ``make notebooks``), or in the notebook's
own text. So a guide cannot drift from the lesson: a changed run changes the recorded output,
and this test then fails until the guide says the same. The cheap results are also computed
again here, from the same seeded functions; the Battle Sheep figures too slow to run here
(300 games between Greedy bots per player count) are checked against a replay of their runs'
first games, which the guide quotes.
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[2]
GUIDES = ROOT / "docs" / "guides"
NOTEBOOKS = ROOT / "notebooks"
CHECKED = ["wolf_and_sheep", "shave_a_sheep", "battle_sheep", "rule_lab", "design_a_game"]
NUMBER = re.compile(r"(?<![\w.])\d+(?:\.\d+)?%?")
LIST_NUMBER = re.compile(r"^\s*\d+\.\s", re.M)


def guide(name: str) -> str:
    return (GUIDES / f"{name}.md").read_text()


def section(text: str, heading: str) -> str:
    match = re.search(rf"^## {heading}\s*$(.*?)(?=^## |\Z)", text, re.M | re.S)
    assert match, f"no '## {heading}' section"
    return match.group(1)


def quoted_numbers(name: str) -> set[str]:
    text = guide(name)
    quoted = section(text, "What each run shows") + section(text, "Questions")
    return set(NUMBER.findall(LIST_NUMBER.sub(" ", quoted)))


def lesson_numbers(name: str) -> set[str]:
    """Every number the notebook shows: checked outputs and its own text (code included)."""
    found: set[str] = set()
    for cell in json.loads((NOTEBOOKS / f"{name}.ipynb").read_text())["cells"]:
        found |= set(NUMBER.findall("".join(cell["source"])))
        expected = cell.get("metadata", {}).get("sheepkit", {}).get("expected_output", "")
        found |= set(NUMBER.findall(expected))
    return found


@pytest.mark.parametrize("name", CHECKED)
def test_every_number_in_the_guide_is_one_the_lesson_shows(
    name: str, request: pytest.FixtureRequest
) -> None:
    quoted = quoted_numbers(name)
    assert quoted, f"the {name} guide quotes no result"
    shown = lesson_numbers(name)
    if name == "battle_sheep":  # and the replayed Greedy games, which the lesson does not show
        replays = request.getfixturevalue("greedy_replays")
        shown |= {n for players, m in replays.items() for n in NUMBER.findall(said(m, players))}
    unknown = quoted - shown
    assert not unknown, f"the {name} guide quotes numbers its lesson does not show: {unknown}"


@pytest.mark.parametrize("name", CHECKED)
def test_the_guide_quotes_the_checked_output_lines(name: str) -> None:
    """The code blocks of "What each run shows" are lines of the recorded outputs."""
    outputs = "".join(
        cell.get("metadata", {}).get("sheepkit", {}).get("expected_output", "")
        for cell in json.loads((NOTEBOOKS / f"{name}.ipynb").read_text())["cells"]
    )
    shown = section(guide(name), "What each run shows")
    for block in re.findall(r"```\n(.*?)```", shown, re.S):
        for line in block.strip().splitlines():
            assert line.strip() in outputs, f"{name}: not in the lesson's output: {line!r}"


def test_wolf_and_sheep_guide_tells_the_perfect_game() -> None:
    from sheepkit.games.wolf_and_sheep import lesson

    final = lesson.perfect_game()
    moves = [str(m) for m in final.history]
    text = section(guide("wolf_and_sheep"), "What each run shows")
    quoted = re.findall(r"\b[A-H][1-8]-[A-H][1-8]\b", text)
    sheep_first, wolves = moves[0], moves[1::2]  # the sheep opens; then the wolves' replies
    assert quoted == [sheep_first, *wolves[: len(quoted) - 1]]
    assert f"replays {len(moves)} moves" in text
    assert "walled in on A1" in text and final.sheep == lesson.parse_square("A1", 8)
    assert "Solve the game" in text
    assert {str(r.plies) for r in lesson.solved_results()} <= set(NUMBER.findall(text))


def test_shave_a_sheep_guide_gives_the_exact_first_player_chance() -> None:
    import sheepkit
    from sheepkit.games.shave_a_sheep import win_chances

    first = win_chances(sheepkit.load("shave_a_sheep").new_game())[0]
    text = guide("shave_a_sheep")
    assert f"{first:.4f}" in text and f"{first:.2%}" in text


def test_shave_a_sheep_guide_answers_question_3_with_the_variants_range() -> None:
    """Question 3: no variant makes choices matter clearly more (the intervals overlap)."""
    recorded = json.loads((NOTEBOOKS / "shave_a_sheep.ipynb").read_text())["cells"]
    lines = next(
        c["metadata"]["sheepkit"]["expected_output"]
        for c in recorded
        if "analyse_variants" in "".join(c["source"]) and "sheepkit" in c["metadata"]
    )
    shares = [float(s) for s in re.findall(r"Optimal wins (\d+\.\d)%", lines)]
    lows = [float(s) for s in re.findall(r"Optimal wins [\d.]+% \[(\d+\.\d)%", lines)]
    highs = [float(s) for s in re.findall(r"Optimal wins [\d.]+% \[[\d.]+%, (\d+\.\d)%\]", lines)]
    assert len(shares) == 4 and max(lows) < min(highs)  # every pair of intervals overlaps
    answer = section(guide("shave_a_sheep"), "Questions").split("\n3. ")[1].split("\n4. ")[0]
    assert f"between {min(shares):.1f}% and {max(shares):.1f}%" in answer
    assert "overlap" in answer and "no clear difference" in answer


def test_rule_lab_guide_names_the_bots_the_lab_offers_instead() -> None:
    from sheepkit.ui import lab_widgets as lw

    lab = lw.rule_lab("wolf_and_sheep")
    lab.rule_picker.value = "board"
    lab.value.value = 10
    lab.bot_pickers[0].value = "Perfect"
    lab.run(now=True)
    can_play = re.search(r"Pick a bot that can: ([^.]+)\.", lab.message.value)
    assert can_play
    names = can_play.group(1).split(", ")
    listed = ", ".join(names[:-1]) + " and " + names[-1]
    assert f"On 10x10 these are {listed}." in " ".join(guide("rule_lab").split())


# -- battle_sheep: the 300-game Greedy figures --------------------------------------------------
#: The lesson's explanation quotes 300 games per player count between Greedy bots, from
#: benchmarks/battle_sheep.py --first-player 300 (minutes). The test replays the first games of
#: those seeded runs (game i has field and bot seed i), as many as it affords: players -> games.
GREEDY_REPLAYS = {2: 120, 3: 100, 4: 60}
PLAYERS_IN_WORDS = {2: "two", 3: "three", 4: "four"}
# The benchmark's call: the same measure, so the replay's games are the runs' first games.
BENCHMARK_RUN = 'measure(f"{players} players, Greedy", games, players=players, bot="Greedy")'


@pytest.fixture(scope="module")
def greedy_replays() -> dict[int, Any]:
    from sheepkit.games.battle_sheep import lesson

    return {
        players: lesson.measure(f"{players} players, Greedy", games, players=players, bot="Greedy")
        for players, games in GREEDY_REPLAYS.items()
    }


def said(replay: Any, players: int) -> str:
    """How the guide words a replay's result."""
    low, high = replay.first_ci
    words = PLAYERS_IN_WORDS[players]
    return f"{replay.first:.1%} [{low:.0%}, {high:.0%}] of {replay.games} {words}-player games"


@pytest.mark.slow
def test_battle_sheep_300_game_figures_agree_with_a_replay_of_their_first_games(
    greedy_replays: dict[int, Any],
) -> None:
    """The guide quotes the replay as it comes out; its intervals lie below the fair share, as
    the 300 games' do, and overlap theirs: the code does not contradict the quoted figures."""
    assert BENCHMARK_RUN in (ROOT / "benchmarks" / "battle_sheep.py").read_text()
    text = " ".join(section(guide("battle_sheep"), "What each run shows").split())
    explanation = " ".join(
        cell["source"] if isinstance(cell["source"], str) else "".join(cell["source"])
        for cell in json.loads((NOTEBOOKS / "battle_sheep.ipynb").read_text())["cells"]
        if cell["id"] == "battle-sheep-16"
    )
    quoted = re.findall(r"(\d+\.\d)% \[(\d+)%, (\d+)%\] with (two|three|four)", text)
    assert [words for *_, words in quoted] == ["two", "three", "four"], quoted
    for (rate, low, high, _), (players, replay) in zip(quoted, greedy_replays.items(), strict=True):
        assert f"{rate}% [{low}%, {high}%]" in explanation  # the figures the pupils see
        fair = 1 / players
        replay_low, replay_high = replay.first_ci
        assert said(replay, players) in text, f"the guide should say {said(replay, players)!r}"
        assert replay_high < fair and int(high) / 100 < fair  # "below the fair share"
        assert int(low) / 100 <= replay_high and replay_low <= int(high) / 100  # they overlap
    assert "Each interval lies below the fair share and overlaps the interval of the" in text
