"""The tables package runs on Pyodide: beyond sheepkit it imports only the standard library
(server.py and classroom.py, CPython's, add tornado); and the classroom server serves the
built site and the table service from one address."""

from __future__ import annotations

import ast
import asyncio
import json
import socket
import sys
from pathlib import Path

import pytest
from tornado.httpclient import AsyncHTTPClient

import sheepkit.tables
from sheepkit.tables.classroom import classroom_app
from sheepkit.tables.client import site_base

PACKAGE = Path(sheepkit.tables.__file__).parent
SERVER_SIDE = {"server.py": {"tornado"}, "classroom.py": {"tornado"}}
PYODIDE = {"js", "pyodide"}  # imported inside the browser transport's functions only


@pytest.mark.parametrize("path", sorted(PACKAGE.glob("*.py")), ids=lambda p: p.name)
def test_each_module_imports_the_standard_library_and_sheepkit_only(path: Path) -> None:
    allowed = set(sys.stdlib_module_names) | {"sheepkit"} | SERVER_SIDE.get(path.name, set())
    tree = ast.parse(path.read_text())
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom) and not node.level and node.module:
            names = [node.module]
        else:
            continue
        for name in names:
            top = name.split(".")[0]
            if top in PYODIDE:
                assert path.name == "client.py", f"{path.name} imports {name}"
                continue
            if top == "tornado" and path.name == "client.py":
                continue  # TornadoTransport's, inside its function
            assert top in allowed, f"{path.name} imports {name}"


def test_client_module_imports_nothing_outside_the_stdlib_at_import() -> None:
    code = (
        "import sys, sheepkit.tables, sheepkit.tables.client\n"
        "print(sorted(m for m in ('tornado', 'js', 'pyodide', 'ipywidgets') if m in sys.modules))"
    )
    import subprocess

    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "[]"


@pytest.mark.parametrize(
    ("path", "base"),
    [
        ("/voici/render/wolf_and_sheep.html", "/"),
        ("/sheepkit/voici/render/wolf_and_sheep.html", "/sheepkit/"),
        ("/site/extensions/@jupyterlite/pyodide-kernel-extension/static/worker.js", "/site/"),
        ("/index.html", "/"),
    ],
)
def test_a_page_finds_the_service_beside_its_site(path: str, base: str) -> None:
    assert site_base(path) == base


def test_the_classroom_server_serves_the_site_and_the_tables(tmp_path: Path) -> None:
    (tmp_path / "index.html").write_text("<p>the welcome page</p>")
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]

    async def scenario() -> None:
        server = classroom_app(tmp_path, tmp_path / "classes", "key").listen(port, "127.0.0.1")
        try:
            client = AsyncHTTPClient()
            page = await client.fetch(f"http://127.0.0.1:{port}/")
            assert b"the welcome page" in page.body
            hello = await client.fetch(f"http://127.0.0.1:{port}/sheepkit/tables/hello")
            assert json.loads(hello.body)["limits"]["devices"] == sheepkit.tables.MAX_DEVICES
            hello = await client.fetch(f"http://127.0.0.1:{port}/sheepkit/class/hello")
            assert json.loads(hello.body)["classes"] == 1
        finally:
            server.stop()

    asyncio.run(scenario())
    with pytest.raises(SystemExit, match="make site"):
        classroom_app(tmp_path / "nothing", tmp_path / "classes", "key")
