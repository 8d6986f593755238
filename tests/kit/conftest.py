"""The kit's examples are registered for these tests and forgotten after them (importing
them registers nothing, as with the lesson's Hounds and Hare)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from sheepkit.core.registry import unregister
from sheepkit.examples.kit import register_reference


@pytest.fixture(scope="module")
def kit_games() -> Iterator[tuple[str, ...]]:
    names = register_reference()
    yield names
    for name in names:
        unregister(name)
