"""Record what each ``# NBVAL_CHECK_OUTPUT`` cell prints, into the cell's metadata (a cell
tagged ``nbval-check-output`` is checked alike: the JupyterLab lessons keep the mark out of
their pupils' code).

    .venv/bin/python tests/record_checked_outputs.py notebooks/*.ipynb

Runs each notebook top to bottom in a fresh kernel and stores the printed text of its checked
cells under ``metadata.sheepkit.expected_output``; outputs themselves are not kept, so the
notebook stays clean. Read the diff before committing: it changes what the lessons claim.
"""

from __future__ import annotations

import sys
from pathlib import Path

import nbformat
from nbclient import NotebookClient

MARK = "NBVAL_CHECK_OUTPUT"
TAG = "nbval-check-output"  # the same mark as a cell tag (notebooks/conftest.py)


def record(path: Path) -> int:
    original = nbformat.read(path, as_version=4)
    run = nbformat.read(path, as_version=4)
    NotebookClient(
        run, timeout=600, kernel_name="python3", resources={"metadata": {"path": str(path.parent)}}
    ).execute()
    changed = 0
    for source_cell, run_cell in zip(original.cells, run.cells, strict=True):
        tagged = TAG in source_cell.metadata.get("tags", [])
        if source_cell.cell_type != "code" or not (MARK in source_cell.source or tagged):
            continue
        text = "".join(
            out.get("text", "") for out in run_cell.outputs if out.get("output_type") == "stream"
        )
        meta = source_cell.metadata.setdefault("sheepkit", {})
        if meta.get("expected_output") != text:
            meta["expected_output"] = text
            changed += 1
    nbformat.write(original, path)
    return changed


if __name__ == "__main__":
    for name in sys.argv[1:]:
        print(f"{name}: {record(Path(name))} checked cell(s) updated")
