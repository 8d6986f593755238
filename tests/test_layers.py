"""The layers of DESIGN.md ("Layers"), checked against the code, and no import circles.

Every module of sheepkit is in one layer, and imports only from the layers ALLOWED names for
it (imports inside functions too; those under ``if TYPE_CHECKING`` never run and are left
out). Bottom up: core <- bots <- the games' engines and words (and the board kit's) <- drawing
<- the games' drawings; the log's words on core; the session on core and bots; play_game on
the session; the lab on play_game; the classes and the tables on these; each game's package
(its ``__init__``, which registers it) ties its layers together; its lessons' numbers on the
lab; the app (sheepkit.ui, the games' panels and pictures) on top, the only layer that imports
widgets; the serving and command-line modules over everything.
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

# What each layer may import ("engine": a game's modules other than its drawing, its package,
# its lessons and its widgets; "own" stands for the same game's engine modules, "own drawing"
# for its drawing; a layer always imports from itself).
BELOW_APP = {"core", "platform", "bots", "engine", "drawing", "game drawing", "game_log", "live"}
ALLOWED: dict[str, set[str]] = {
    "core": set(),
    "platform": set(),
    "bots": {"core", "platform"},
    "engine": {"core", "platform", "bots", "own"},
    "drawing": {"core"},
    "game drawing": {"core", "drawing", "own"},
    "game_log": {"core"},
    # A game in play, as a screen reads it (``LiveGame``): what a session and a table's seat
    # both provide.
    "live": {"core", "bots"},
    "session": {"core", "platform", "bots", "live", "game_log"},
    "play": {"core", "platform", "bots", "session"},
    "lab": {"core", "platform", "bots", "session", "play"},
    # A class (sheepkit.classes): its messages, store and pages know nothing of the games.
    "classes": {"core", "platform"},
    # The tables run on Pyodide too: no widgets, no drawings (server.py and classroom.py add
    # tornado).
    "tables": {"core", "platform", "bots", "live", "session", "play", "game_log", "classes"},
    # What a screen shows of a game in play: the one view the app and the play page render.
    "screen": {"core", "platform", "bots", "live", "session", "game_log"},
    # The bots' pace on a screen (an event loop's timer over a session).
    "autoplay": {"core", "live", "session"},
    # The board from the keyboard and in words, as the app and the play page both use them.
    "board_keys": {"core", "screen"},
    "board_speech": {"core", "screen"},
    # The play page's Python: a session and its screen, no widgets; the games' package
    # registers the games it plays.
    "play_page": {
        "core",
        "platform",
        "bots",
        "live",
        "session",
        "game_log",
        "screen",
        "board_keys",
        "board_speech",
        "drawing",
        "package",
        "autoplay",
        "tables",
        "play_tables",
    },
    # The play page's Play together: a table's client and seat, shown on the page's screen.
    "play_tables": {"core", "platform", "bots", "live", "session", "tables"},
    # A game's package registers its engine, words and drawing; its panel is made lazily.
    "game": {"core", "platform", "bots", "own", "own drawing", "drawing", "session", "play"},
    # A lesson's numbers: no widgets, not even inside a function.
    "lesson": {"core", "platform", "bots", "own", "own drawing", "drawing", "session", "play"},
    "lessons": set(),
    "package": set(),
    "app": set(),
    "serving": set(),
}
ALLOWED["lesson"] |= {"lab", "game", "package", "lesson"}
ALLOWED["game"] |= {"app"}  # the panel maker's lazy import, made when an app asks for it
ALLOWED["package"] = BELOW_APP | {
    "session",
    "play",
    "lab",
    "game",
    "classes",
    "tables",
    "screen",
    "autoplay",
    "board_keys",
    "board_speech",
    "play_tables",
}
ALLOWED["app"] = ALLOWED["package"] | {"package", "lesson", "lessons", "widgets"}
ALLOWED["serving"] = ALLOWED["app"] | {"app"}
for _layer in ("package", "app", "serving"):
    ALLOWED[_layer] |= {"own", "own drawing"}

SERVING = ("cli", "__main__", "docs_pages", "docs_server", "page_runs", "serving")
APP_STEMS = ("panel", "designer", "pictures")


def layer_of(path: Path) -> tuple[str, str | None]:
    """(layer, game) of a module file of the package."""
    parts = path.relative_to(PACKAGE).with_suffix("").parts
    # The board kit (sheepkit/kit) sits where a game does: its engine modules on core, its
    # drawing on the drawing layer, its __init__ (which registers) as a game's package.
    if parts[0] == "kit" and len(parts) == 2:
        parts = ("games", "kit", parts[1])
    if parts[0] == "games" and len(parts) == 3:
        stem = parts[2]
        if stem == "drawing":
            return "game drawing", parts[1]
        if stem == "__init__":
            return "game", parts[1]
        if stem in APP_STEMS or stem.startswith("picture"):
            return "app", parts[1]
        if stem.startswith("lesson"):
            return "lesson", parts[1]
        return "engine", parts[1]
    if parts[0] == "ui":
        return "app", None
    if parts[0] in ("games", "examples") or parts == ("__init__",):
        return "package", None
    if parts[0] in SERVING:
        return "serving", None
    if parts[0] in ALLOWED:
        return parts[0], None
    raise AssertionError(f"{path.relative_to(PACKAGE)} is in no layer: give it one")


def imports_of(path: Path) -> set[tuple[str, ...]]:
    """Every module (as dotted parts) that ``path`` imports, anywhere in the file (lazy
    imports too) except under ``if TYPE_CHECKING``; ``from x import name`` gives x.name."""
    tree = ast.parse(path.read_text())
    skip = {
        id(node)
        for branch in ast.walk(tree)
        if isinstance(branch, ast.If) and "TYPE_CHECKING" in ast.unparse(branch.test)
        for statement in branch.body
        for node in ast.walk(statement)
    }
    here = list(path.relative_to(PACKAGE.parent).with_suffix("").parts)
    package = here[:-1]  # the package a relative import starts from (__init__: its own)
    found: set[tuple[str, ...]] = set()
    for node in ast.walk(tree):
        if id(node) in skip:
            continue
        if isinstance(node, ast.Import):
            found |= {tuple(a.name.split(".")) for a in node.names}
        elif isinstance(node, ast.ImportFrom):
            base = package[: len(package) - (node.level - 1)] if node.level else []
            module = [*base, *(node.module.split(".") if node.module else [])]
            found |= {(*module, a.name) for a in node.names}
    return found


def module_file(parts: tuple[str, ...]) -> Path | None:
    """The file of sheepkit's module ``parts`` or of the nearest package or module holding it
    (``sheepkit.core.load`` is in sheepkit/core/__init__.py), None: not sheepkit."""
    if parts[0] != "sheepkit":
        return None
    for end in range(len(parts), 0, -1):
        inner = PACKAGE.joinpath(*parts[1:end])
        for path in (inner.with_suffix(".py"), inner / "__init__.py"):
            if end > 1 and path.exists():
                return path
    return PACKAGE / "__init__.py"


def target_layer(parts: tuple[str, ...], game: str | None) -> str | None:
    """The layer an imported module belongs to, as ALLOWED names it (None: not sheepkit)."""
    if parts[0] in WIDGETS:
        return "widgets"
    path = module_file(parts)
    if path is None:
        return None
    kind, other = layer_of(path)
    if kind in ("engine", "game drawing") and other == game:
        return "own" if kind == "engine" else "own drawing"
    return kind


MODULES = sorted(PACKAGE.rglob("*.py"))


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_each_module_imports_only_from_the_layers_below(path: Path) -> None:
    kind, game = layer_of(path)
    # A layer imports from itself, but a game's engine or drawing from no other game's.
    allowed = ALLOWED[kind] | ({kind} if kind not in ("engine", "game drawing") else set())
    for parts in imports_of(path):
        target = target_layer(parts, game)
        if target is None:
            continue
        assert target in allowed, f"{kind} module imports {'.'.join(parts)} ({target})"


# -- no import circles ------------------------------------------------------------------------
def module_name(path: Path) -> str:
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def import_graph() -> dict[str, set[str]]:
    """Each module of sheepkit and the modules of sheepkit it imports (lazy imports too, not
    those under TYPE_CHECKING). A package's modules importing its own ``__init__`` is left
    out: a package re-exporting its modules is no circle by itself."""
    graph: dict[str, set[str]] = {}
    for path in MODULES:
        name = module_name(path)
        graph[name] = set()
        for parts in imports_of(path):
            found = module_file(parts)
            if found is None:
                continue
            target = module_name(found)
            if target == name or (found.name == "__init__.py" and name.startswith(target + ".")):
                continue
            graph[name].add(target)
    return graph


def room(module: str) -> str:
    """A module's folder, as a room: sheepkit's top-level modules and packages, and each
    game's package under games/ (``sheepkit`` itself for its ``__init__``)."""
    parts = module.split(".")[1:]
    if not parts:
        return "sheepkit"
    return ".".join(parts[:2]) if parts[0] == "games" and len(parts) > 1 else parts[0]


def rooms_graph(graph: dict[str, set[str]]) -> dict[str, set[str]]:
    rooms: dict[str, set[str]] = {}
    for module, targets in graph.items():
        here = rooms.setdefault(room(module), set())
        here |= {room(t) for t in targets if room(t) not in (room(module), "sheepkit")}
    return rooms


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one node (Tarjan's algorithm, with an
    explicit stack): each is a set of nodes that import each other round a loop."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph.get(start, ()))))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, targets = work[-1]
            for target in targets:
                if target not in index:
                    index[target] = low[target] = len(index)
                    stack.append(target)
                    on_stack.add(target)
                    work.append((target, iter(sorted(graph.get(target, ())))))
                    break
                if target in on_stack:
                    low[node] = min(low[node], index[target])
            else:
                work.pop()
                if work:
                    parent = work[-1][0]
                    low[parent] = min(low[parent], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))
    return found


def test_the_circle_finder_finds_a_circle() -> None:
    graph = {"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}, "e": {"e"}}
    assert circles(graph) == [["a", "b", "c"]]


def test_no_import_circle_among_modules_nor_between_folders() -> None:
    graph = import_graph()
    assert len(graph) == len(MODULES)
    assert circles(graph) == []
    assert circles(rooms_graph(graph)) == []


# -- widgets ---------------------------------------------------------------------------------
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
