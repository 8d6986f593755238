"""What the play pages' Pyodide runs before its memory is saved (site/play_snapshot.mjs,
site/play_pages.py): sheepkit and its play page imported, and every game's page made and
drawn once, so that the modules a game imports lazily (its bots, its words) are in the memory
too. No IPython, no widgets. A restored page calls `sys._sheepkit_snapshot["after_restore"]()`
once it has written the package's files back, as the apps' pages do (site/start_python.js).
"""

from __future__ import annotations

import importlib.machinery
import random
import sys


def prepare() -> None:
    import sheepkit
    from sheepkit.play_page import PlayPage

    for name in sheepkit.games():
        page = PlayPage(name, seed=0)
        page.act("tick")
        page.act("key", "ArrowRight")


def after_restore() -> None:
    """The page has written the package's folders again: the import system's finders must
    read them afresh; and every page would otherwise roll the snapshot's dice."""
    for finder in sys.path_importer_cache.values():
        if isinstance(finder, importlib.machinery.FileFinder):
            finder.invalidate_caches()
    random.seed()


prepare()
setattr(sys, "_sheepkit_snapshot", {"after_restore": after_restore})  # noqa: B010 (not typed)
