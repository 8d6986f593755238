"""The static site's stand-ins (site/standins/) and its outside-URL check (site/build.py).

Run here in CPython: the numpy stand-in must give ipycanvas the same bytes, shapes and dtype
names as the real numpy for the calls sheepkit's boards make; the others must refuse clearly.
The browser tests (test_site.py) then prove that the boards paint with them in Pyodide.
"""

from __future__ import annotations

import importlib.util
import json
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as real_numpy
import pytest

REPO = Path(__file__).resolve().parents[2]
STANDINS = REPO / "site" / "standins"


def _load(name: str, path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(name, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


fake_numpy = _load("standin_numpy", STANDINS / "numpy" / "numpy" / "__init__.py")


def _array_to_binary(np: Any, ar: Any) -> tuple[dict[str, Any], bytes]:
    """ipycanvas.utils.array_to_binary, run against either numpy."""
    if ar.dtype == np.int64:
        ar = ar.astype(np.int32)
    if ar.dtype == np.float16:
        ar = ar.astype(np.float32)
    if not ar.flags["C_CONTIGUOUS"]:
        ar = np.ascontiguousarray(ar)
    return {"shape": ar.shape, "dtype": str(ar.dtype)}, bytes(memoryview(ar))


@pytest.mark.parametrize(
    "points",
    [
        [(10, 20), (30, 40), (50, 5)],  # a polygon on whole pixels
        [(10.5, 20.25), (30, 40), (50.75, 5)],  # ... and on fractions
        [[1, 2], [3, 4]],
        [7, 8, 9],
        [0.5],
        [(2**40, -3)],  # int64 narrowed to int32 wraps, as numpy's astype does
    ],
)
def test_numpy_standin_packs_points_as_numpy_does(points: list[Any]) -> None:
    expected = _array_to_binary(real_numpy, real_numpy.asarray(points))
    assert _array_to_binary(fake_numpy, fake_numpy.asarray(points)) == expected


def test_numpy_standin_packs_a_command_buffer_as_numpy_does() -> None:
    commands = json.dumps([[12, [1, 2, 3, 4]], [3, ["#ffcc00"]], "x ü"]).encode()
    real = real_numpy.frombuffer(commands, dtype=real_numpy.uint8)
    fake = fake_numpy.frombuffer(commands, dtype=fake_numpy.uint8)
    assert _array_to_binary(fake_numpy, fake) == _array_to_binary(real_numpy, real)
    assert isinstance(fake, fake_numpy.ndarray)
    assert not isinstance([1, 2], fake_numpy.ndarray)  # lists go through asarray


def test_numpy_standin_refuses_what_it_does_not_do() -> None:
    with pytest.raises(ValueError, match="rectangular"):
        fake_numpy.asarray([[1, 2], [3]])
    with pytest.raises(TypeError, match="no dtype"):
        fake_numpy.asarray([1], dtype="complex128")
    assert fake_numpy.STANDIN is True


def test_pillow_and_sqlite3_standins_refuse_clearly() -> None:
    image = _load("standin_pil_image", STANDINS / "pillow" / "PIL" / "Image.py")
    with pytest.raises(NotImplementedError, match="Pillow is not available"):
        image.open("board.png")
    sqlite3 = _load("standin_sqlite3", STANDINS / "sqlite3" / "sqlite3" / "__init__.py")
    with pytest.raises(sqlite3.OperationalError, match="sqlite3 is not available"):
        sqlite3.connect(":memory:")
    assert issubclass(sqlite3.OperationalError, sqlite3.DatabaseError)


def test_ssl_standin_is_a_missing_module() -> None:
    with pytest.raises(ModuleNotFoundError, match="ssl is not available"):
        _load("standin_ssl", STANDINS / "ssl" / "ssl" / "__init__.py")


build = _load("sheepkit_site_build", REPO / "site" / "build.py")


def test_the_build_check_finds_outside_urls(tmp_path: Path) -> None:
    (tmp_path / "voici").mkdir()
    (tmp_path / "voici" / "page.html").write_text(
        '<link rel="stylesheet" href="https://cdn.example.org/x.css">'
        '<script src="//unpkg.com/lib.js"></script><a href="https://github.com/x">repo</a>'
    )
    (tmp_path / "app.js").write_text('import("https://esm.example.net/mod.mjs")')
    (tmp_path / "style.css").write_text(
        "@font-face { src: url(https://fonts.gstatic.com/a.woff2) }"
    )
    (tmp_path / "jupyter-lite.json").write_text('{"x": {"pyodideUrl": "https://h.example/p.js"}}')
    found = build.outside_urls(tmp_path)
    assert any("cdn.example.org/x.css" in f for f in found), found
    assert any("unpkg.com/lib.js" in f for f in found), found
    assert any("esm.example.net/mod.mjs" in f for f in found), found
    assert any("fonts.gstatic.com" in f for f in found), found
    assert any("h.example/p.js" in f for f in found), found
    assert not any("github.com/x" in f for f in found), "a plain link is not loaded by a page"


def test_the_build_check_lets_a_clean_site_pass(tmp_path: Path) -> None:
    (tmp_path / "page.html").write_text('<script src="../build/voici.js"></script>')
    (tmp_path / "p.js").write_text(
        'c=a.pyodideUrl||"https://cdn.jsdelivr.net/pyodide/v0.27.6/full/pyodide.js"'
    )
    assert build.outside_urls(tmp_path) == []


def test_the_stand_in_note_is_one_line_for_the_lab_only(tmp_path: Path, monkeypatch: Any) -> None:
    """Every lesson's lab copy says it once, in one line; the app pages hide it by its tag."""
    notebooks = tmp_path / "notebooks"
    notebooks.mkdir()
    cell = {"cell_type": "markdown", "id": "a", "metadata": {}, "source": ["# A lesson"]}
    for name in ("00_welcome", "a_lesson"):
        notebook = {"cells": [cell], "metadata": {}, "nbformat": 4, "nbformat_minor": 5}
        (notebooks / f"{name}.ipynb").write_text(json.dumps(notebook))
    monkeypatch.setattr(build, "NOTEBOOKS", notebooks)
    build.stage_notebooks(tmp_path / "staged")
    staged = json.loads((tmp_path / "staged" / "a_lesson.ipynb").read_text())
    note = staged["cells"][1]
    assert "not the real packages" in note["source"][0] and "\n" not in note["source"][0]
    assert len(build.STANDIN_NOTE.split(". ")) == 1, "more than one sentence"
    assert note["metadata"]["tags"] == [build.STANDIN_TAG]
    assert f".celltag_{build.STANDIN_TAG}" in build.SHOW_CELLS_AS_THEY_RUN
    welcome = json.loads((tmp_path / "staged" / "00_welcome.ipynb").read_text())
    assert len(welcome["cells"]) == 1
