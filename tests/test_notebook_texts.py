"""What the lessons print reads well: checked here on cells whose output is not pinned."""

from __future__ import annotations

import contextlib
import io
import json
import re
from pathlib import Path

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"


def run_cells(notebook: str, *ids: str) -> tuple[str, dict]:
    """Run the code cells ``ids`` of a notebook in one namespace: what they printed, and it."""
    cells = {c.get("id"): c for c in json.loads((NOTEBOOKS / notebook).read_text())["cells"]}
    namespace: dict = {}
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        for cell_id in ids:
            exec("".join(cells[cell_id]["source"]), namespace)
    return out.getvalue(), namespace


def test_bot_arena_quick_match_says_how_it_ended_once() -> None:
    printed, namespace = run_cells("bot_arena.ipynb", "bot-arena-4", "bot-arena-6")
    reason = namespace["final"].outcome().reason
    assert printed.count(reason) == 1, f"the reason is printed more than once:\n{printed}"


def markdown_of(notebook: str) -> dict[str, str]:
    """The markdown cells of a notebook, by id."""
    cells = json.loads((NOTEBOOKS / notebook).read_text())["cells"]
    return {c["id"]: "".join(c["source"]) for c in cells if c["cell_type"] == "markdown"}


def test_wolf_and_sheep_plan_tells_the_perfect_game_s_wolf_moves() -> None:
    from sheepkit.games.wolf_and_sheep import lesson

    text = markdown_of("wolf_and_sheep.ipynb")["wolf-and-sheep-12"]
    quoted = re.findall(r"\b([A-H][1-8]-[A-H][1-8])\b", text)
    wolf_moves = [str(m) for m in lesson.perfect_game().history[1::2]]  # the sheep moves first
    assert quoted, "the plan names no moves of the perfect game"
    assert quoted == wolf_moves[: len(quoted)], f"the perfect wolves play {wolf_moves[:6]}"
    followers = re.search(r"wolves on ([A-H][1-8]) and ([A-H][1-8]) follow", text)
    assert followers, "the plan does not say which wolves follow"
    after = wolf_moves[len(quoted) : len(quoted) + 2]
    assert [move.split("-")[0] for move in after] == list(followers.groups())
    every_text = " ".join(markdown_of("wolf_and_sheep.ipynb").values())
    assert "at the back first" not in every_text  # the perfect wolves move the front wolf again


def test_rule_lab_names_the_boards_the_perfect_bot_can_play() -> None:
    import sheepkit
    from sheepkit.bots import for_game

    text = " ".join(markdown_of("rule_lab.ipynb")["rule-lab-3"].split())
    bots = {b: list(for_game(sheepkit.load("wolf_and_sheep", board=b))) for b in (6, 8, 10, 12)}
    said = re.search(
        r"\*Perfect\* bot knows only the boards it has solved: (\d+)x\d+ and (\d+)x", text
    )
    assert said, "the lab's text does not say which boards the Perfect bot can play"
    assert {int(b) for b in said.groups()} == {b for b, names in bots.items() if "Perfect" in names}
    wolves = re.search(r"On (\d+)x\d+ only the wolves have a perfect bot \(\*([^*]+)\*\)", text)
    assert wolves and wolves.group(2) in bots[int(wolves.group(1))]
    assert "*Sensible* or *Perfect*" not in text  # the old suggestion, Perfect on any board


def test_the_welcome_page_links_every_lesson_by_its_name_not_its_file() -> None:
    text = markdown_of("00_welcome.ipynb")["00-welcome-0"]
    links = dict(
        (target, label) for label, target in re.findall(r"\[([^\]]+)\]\(([^)]+\.ipynb)\)", text)
    )
    lessons = {p.name for p in NOTEBOOKS.glob("*.ipynb")} - {"00_welcome.ipynb"}
    assert set(links) == lessons
    assert all(".ipynb" not in label and "_" not in label for label in links.values()), links
    assert links["wolf_and_sheep.ipynb"] == "Wolf and Sheep"
