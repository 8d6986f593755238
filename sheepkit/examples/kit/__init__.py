"""Games made with the board kit (``sheepkit.kit``), one module each with a ``game``
attribute. Importing them registers nothing: :func:`register_reference` does, as the
lesson's Hounds and Hare (``sheepkit.examples.hounds_and_hare``) does."""

from __future__ import annotations

import importlib

from ... import kit

#: The kit's example games, by module name.
MODULES = (
    "noughts_and_crosses",
    "fox_and_geese",
    "hounds_and_hare",
    "breakthrough",
    "four_in_a_row",
)


def games() -> tuple[type[kit.KitGame], ...]:
    """The example games' classes (imported, not registered)."""
    return tuple(importlib.import_module(f"{__name__}.{m}").game for m in MODULES)


def register_reference() -> tuple[str, ...]:
    """Make every example loadable by name (``sheepkit.load("fox_and_geese")``) with the kit's
    drawing; their names, in order."""
    return tuple(kit.register(game).name for game in games())
