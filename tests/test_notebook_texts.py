"""What the lessons print reads well: checked here on cells whose output is not pinned."""

from __future__ import annotations

import contextlib
import io
import json
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
