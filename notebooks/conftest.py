"""Make nbval check the lessons' teaching claims although notebooks are committed clean.

A cell whose output is a claim the text makes carries ``# NBVAL_CHECK_OUTPUT`` (or, in the
JupyterLab lessons, whose pupils read the code, the cell tag ``nbval-check-output``) and, in its
metadata, ``sheepkit.expected_output``: the exact text it must print. nbval only compares
cells that have outputs and an execution count, which a stripped notebook never has, so here
the expected text becomes the cell's reference output before nbval runs it. Record or refresh
the expected text with ``make checked-outputs`` (tests/record_checked_outputs.py).
"""

from __future__ import annotations

from typing import Any

import nbformat
import pytest

MARK = "NBVAL_CHECK_OUTPUT"
#: The same mark as a cell tag (nbval reads both): the JupyterLab lessons, whose pupils read
#: the code, carry it in the cell's metadata rather than as a comment in their cells.
TAG = "nbval-check-output"


def checked(cell: Any) -> bool:
    """Whether a cell's output is a checked claim: the comment in its source, or the tag."""
    return MARK in cell.get("source", "") or TAG in cell.get("metadata", {}).get("tags", [])


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        cell: Any = getattr(item, "cell", None)
        if cell is None or not checked(cell):
            continue
        expected = cell.get("metadata", {}).get("sheepkit", {}).get("expected_output")
        if expected is None:
            raise pytest.UsageError(
                f"{item.nodeid}: a {MARK} cell has no metadata sheepkit.expected_output; "
                "run `make checked-outputs` to record it"
            )
        cell.outputs = [nbformat.v4.new_output("stream", name="stdout", text=expected)]
        cell.execution_count = 1
