"""The layers of DESIGN.md ("Layers"), checked against the code.

core <- bots <- the games' engines (and the board kit's) <- drawing <- the games' drawings (and
the kit's); lab on core and bots;
the session (sheepkit.session) on core and bots; the app (sheepkit.ui and the games' panels)
on top. Widget libraries are imported by the top
layer only, so ``import sheepkit``, the lab and every game's drawing work without Jupyter.
"""

from __future__ import annotations

import ast
import json
import subprocess
import sys
from pathlib import Path

import pytest

import sheepkit
from sheepkit.core.registry import entry

PACKAGE = Path(sheepkit.__file__).parent
WIDGETS = ("ipywidgets", "ipycanvas", "IPython", "traitlets", "comm")

# What each layer may import from sheepkit ("engine": a game's modules other than its
# drawing, its widgets and its lessons; "own" stands for the same game's engine modules).
ALLOWED = {
    "core": {"core"},
    "platform": set(),
    "bots": {"core", "platform", "bots"},
    "engine": {"core", "platform", "bots", "own"},
    "drawing": {"core"},
    "game drawing": {"core", "drawing", "own"},
    "lab": {"core", "platform", "bots", "lab"},
    "session": {"core", "platform", "bots"},
    "game_log": {"core"},
    # The tables run on Pyodide too: no widgets (server.py and classroom.py add tornado).
    "tables": {"core", "platform", "bots", "session", "drawing", "game_log", "tables", "classes"},
    # A class (sheepkit.classes): its messages, store and pages know nothing of the games.
    "classes": {"core", "classes"},
}
# The one import upward: play_game (and so the lab) runs on the session, which seats bots; it
# is made when play_game is called, so importing the bots never loads the session.
UPWARD = {("bots/match.py", "session")}
# check_game's wire check (``wire_leak``) reaches the log's words and the tables' wire, imported
# when it runs: the contract's harness checks what the layers above send of a game.
UPWARD |= {("core/check.py", layer) for layer in ("drawing", "game_log", "tables")}
TOP = ("ui", "panel", "designer", "lesson", "picture", "pictures", "__init__", "serving")


def layer_of(path: Path) -> tuple[str, str | None]:
    """(layer, game) of a module file of the package."""
    parts = path.relative_to(PACKAGE).with_suffix("").parts
    # The board kit (sheepkit/kit) sits where a game does: its engine modules on core, its
    # drawing on the drawing layer, its __init__ (which registers) on top.
    if parts[0] == "kit" and len(parts) == 2:
        parts = ("games", "kit", parts[1])
    if parts[0] == "games" and len(parts) == 3:
        stem = parts[2]
        if stem == "drawing":
            return "game drawing", parts[1]
        if stem in TOP or stem.startswith(("lesson", "picture")):
            return "top", parts[1]
        return "engine", parts[1]
    if parts[0] == "drawing":
        return "drawing", None
    if parts[0] in ALLOWED:
        return parts[0], None
    return "top", None


def imports_of(path: Path) -> set[tuple[str, ...]]:
    """Every module of sheepkit (as path parts) or widget library that ``path`` imports,
    anywhere in the file (lazy imports too) except under ``if TYPE_CHECKING``."""
    tree = ast.parse(path.read_text())
    skip = {
        id(node)
        for branch in tree.body
        if isinstance(branch, ast.If) and "TYPE_CHECKING" in ast.unparse(branch.test)
        for node in ast.walk(branch)
    }
    here = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    package = here if here[-1] == "__init__" else here[:-1]
    package = [p for p in package if p != "__init__"]
    found: set[tuple[str, ...]] = set()
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.Import):
            found |= {tuple(a.name.split(".")) for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package[: len(package) - (node.level - 1)]
                if node.module:
                    found.add((*base, *node.module.split(".")))
                else:
                    found |= {(*base, a.name) for a in node.names}
            elif node.module:
                found.add(tuple(node.module.split(".")))
    return found


def target_layer(parts: tuple[str, ...], game: str | None) -> str | None:
    """The layer an imported module belongs to, as ALLOWED names it (None: not sheepkit)."""
    if parts[0] in WIDGETS:
        return "widgets"
    if parts[0] != "sheepkit" or len(parts) == 1:
        return None if parts[0] != "sheepkit" else "top"
    inner = PACKAGE.joinpath(*parts[1:])
    path = inner.with_suffix(".py") if inner.with_suffix(".py").exists() else inner / "__init__.py"
    if not path.exists():  # ``from . import name`` of a function, not a module
        path = inner.parent.with_suffix(".py")
        if not path.exists():
            path = inner.parent / "__init__.py"
    kind, other = layer_of(path)
    if kind in ("engine", "game drawing") and other == game:
        return "own" if kind == "engine" else "own drawing"
    return kind


MODULES = sorted(p for p in PACKAGE.rglob("*.py"))


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_each_module_imports_only_from_the_layers_below(path: Path) -> None:
    kind, game = layer_of(path)
    if kind == "top":
        return  # the app may import anything
    allowed = ALLOWED[kind]
    for parts in imports_of(path):
        target = target_layer(parts, game)
        if target is None or (str(path.relative_to(PACKAGE)), target) in UPWARD:
            continue
        assert target in allowed, f"{kind} module imports {'.'.join(parts)} ({target})"


def loaded_after(code: str) -> list[str]:
    """The widget libraries loaded by a fresh Python after running ``code``."""
    probe = f"{code}\nimport sys, json\n"
    probe += f"print(json.dumps(sorted({{m.split('.')[0] for m in sys.modules}} & {set(WIDGETS)})))"
    result = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, check=True, timeout=120
    )
    loaded: list[str] = json.loads(result.stdout.splitlines()[-1])
    return loaded


def test_import_sheepkit_and_every_games_drawing_loads_no_widgets() -> None:
    drawings = sorted(
        {entry(name).drawing.__module__ for name in sheepkit.games() if entry(name).drawing}
    )
    assert len(drawings) == len(sheepkit.games())
    assert loaded_after("import sheepkit") == []
    imports = "\n".join(f"import {module}" for module in drawings)
    assert loaded_after(f"import sheepkit\n{imports}\nimport sheepkit.lab") == []
    # The probe can fail: the app does load them.
    assert {"ipywidgets", "ipycanvas"} <= set(loaded_after("import sheepkit.ui"))


def test_what_a_page_imports_needs_no_server_module() -> None:
    """The static site's Pyodide has no tornado, and a page never opens a store: sheepkit, its
    UI and its lab import without either (site/snapshot_prepare.py imports these three)."""
    probe = (
        "import sys\n"
        "sys.modules['tornado'] = None\n"
        "sys.modules['sqlite3'] = None\n"
        "import sheepkit, sheepkit.ui, sheepkit.lab, sheepkit.ui.classroom\n"
        "print('ok')\n"
    )
    result = subprocess.run(
        [sys.executable, "-c", probe], capture_output=True, text=True, timeout=120
    )
    assert result.stdout.strip().endswith("ok"), result.stderr[-2000:]
