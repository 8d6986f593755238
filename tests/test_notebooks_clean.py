"""Notebooks are committed clean: valid, no outputs, no execution counts, no widget state.

Outputs belong to a run, not to the source: they bloat diffs, go stale, and saved widget
state makes Voila and JupyterLab show dead widgets before the kernel starts.
"""

from __future__ import annotations

import json
from pathlib import Path

import nbformat
import pytest

NOTEBOOK_DIR = Path(__file__).resolve().parents[1] / "notebooks"
NOTEBOOKS = sorted(p for p in NOTEBOOK_DIR.rglob("*.ipynb") if ".ipynb_checkpoints" not in p.parts)


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda p: str(p.relative_to(NOTEBOOK_DIR)))
def test_notebook_is_clean(path: Path) -> None:
    raw = json.loads(path.read_text(encoding="utf-8"))  # plain JSON first: clearer errors
    nbformat.validate(nbformat.from_dict(raw))
    assert "widgets" not in raw.get("metadata", {}), "saved widget state: run `make strip`"
    # Voila and nbval start the kernel the notebook names; only python3 exists everywhere.
    kernel = raw.get("metadata", {}).get("kernelspec", {}).get("name", "python3")
    assert kernel == "python3", f"kernelspec {kernel!r}: use the default python3 kernel"
    for index, cell in enumerate(raw["cells"]):
        where = f"cell {index} ({cell.get('id', 'no id')})"
        assert "widgets" not in cell.get("metadata", {}), f"{where}: saved widget state"
        if cell["cell_type"] == "code":
            assert cell["outputs"] == [], f"{where} has outputs: run `make strip`"
            assert cell["execution_count"] is None, f"{where} has an execution count"
            tags = cell.get("metadata", {}).get("tags", [])
            if "NBVAL_CHECK_OUTPUT" in "".join(cell["source"]) or "nbval-check-output" in tags:
                # notebooks/conftest.py turns this into nbval's reference output.
                expected = cell.get("metadata", {}).get("sheepkit", {}).get("expected_output")
                assert expected, f"{where}: checked cell without expected output: run " + (
                    "`make checked-outputs`"
                )
