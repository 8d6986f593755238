"""One package per game; importing this module registers them all.

``sheepkit.games`` is both this package and, as the contract asks, a function: calling it
lists the registered games. Making the module callable keeps ``sheepkit.games()`` and
``import sheepkit.games.wolf_and_sheep`` working side by side.
"""

from __future__ import annotations

import sys
import types

from ..core import registry
from . import (  # noqa: F401  (each registers its game)
    battle_sheep,
    lamb_mimes,
    shave_a_sheep,
    sheep_race,
    wolf_and_sheep,
)


class _GamesModule(types.ModuleType):
    def __call__(self) -> tuple[str, ...]:
        """The names of all games, in the order they were registered."""
        return registry.games()


sys.modules[__name__].__class__ = _GamesModule
