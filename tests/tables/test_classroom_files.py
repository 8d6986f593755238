"""The classroom server's site files (sheepkit.tables.classroom.SiteFiles) on a tiny fake
site: the precompressed copy the browser accepts, with its Content-Encoding and the file's
own type (wasm included); the hashed files cached for a year, the pages revalidated."""

from __future__ import annotations

import asyncio
import gzip
import socket
from collections.abc import Awaitable, Callable
from pathlib import Path

import pytest
from tornado.httpclient import AsyncHTTPClient, HTTPClientError, HTTPResponse

from sheepkit.tables.classroom import IMMUTABLE, accepted_encodings, cache_control, classroom_app

PAGE = b"<!doctype html><title>Wolf and Sheep</title>" + b"<p>the board</p>" * 200
WASM = b"\0asm\1\0\0\0" + bytes(4000)
HASHED_JS = "extensions/widgets/static/remoteEntry.9fbb1b6d1b0d3d9a4e8f.js"
PYODIDE = "static/pyodide-0123456789abcdef"


def fake_site(root: Path) -> Path:
    """A page, a hashed script and a versioned Pyodide folder, each with the copies the
    build would write (the script has a gzip copy only; the lock none)."""
    files = {
        "index.html": b"<p>the welcome page</p>",
        "voici/render/wolf_and_sheep.html": PAGE,
        HASHED_JS: b"console.log('widgets');" * 100,
        f"{PYODIDE}/pyodide.asm.wasm": WASM,
        f"{PYODIDE}/pyodide-lock.json": b'{"packages": {}}',
    }
    for name, data in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_bytes(data)
    for name in ("voici/render/wolf_and_sheep.html", f"{PYODIDE}/pyodide.asm.wasm"):
        (root / (name + ".gz")).write_bytes(gzip.compress(files[name]))
        (root / (name + ".br")).write_bytes(b"brotli:" + files[name][:10])  # told apart
    (root / (HASHED_JS + ".gz")).write_bytes(gzip.compress(files[HASHED_JS]))
    return root


def served(
    site: Path, scenario: Callable[[Callable[..., Awaitable[HTTPResponse]]], Awaitable[None]]
) -> None:
    """Runs `scenario(get)` against a classroom server of `site`; get(path, **headers)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]

    async def run() -> None:
        server = classroom_app(site, site / "classes", "key").listen(port, "127.0.0.1")
        client = AsyncHTTPClient()

        async def get(path: str, **headers: str) -> HTTPResponse:
            try:
                return await client.fetch(
                    f"http://127.0.0.1:{port}/{path}",
                    headers={k.replace("_", "-"): v for k, v in headers.items()},
                    decompress_response=False,
                )
            except HTTPClientError as error:  # a 304 comes as an error
                assert error.response is not None
                return error.response

        try:
            await scenario(get)
        finally:
            server.stop()

    asyncio.run(run())


def test_a_page_comes_gzipped_to_a_browser_that_takes_gzip(tmp_path: Path) -> None:
    site = fake_site(tmp_path)

    async def scenario(get: Callable[..., Awaitable[HTTPResponse]]) -> None:
        page = await get("voici/render/wolf_and_sheep.html", Accept_Encoding="gzip, deflate")
        assert page.headers["Content-Encoding"] == "gzip"
        assert page.headers["Content-Type"].startswith("text/html")
        assert page.headers["Vary"] == "Accept-Encoding"
        assert gzip.decompress(page.body) == PAGE
        assert page.headers["Cache-Control"] == "no-cache"
        assert page.headers["Etag"]
        # unchanged: answered 304, nothing sent again
        again = await get(
            "voici/render/wolf_and_sheep.html",
            Accept_Encoding="gzip",
            If_None_Match=page.headers["Etag"],
        )
        assert again.code == 304

    served(site, scenario)


def test_brotli_when_accepted_and_the_file_itself_when_nothing_is(tmp_path: Path) -> None:
    site = fake_site(tmp_path)

    async def scenario(get: Callable[..., Awaitable[HTTPResponse]]) -> None:
        page = await get("voici/render/wolf_and_sheep.html", Accept_Encoding="gzip, br")
        assert page.headers["Content-Encoding"] == "br"
        assert page.body.startswith(b"brotli:")
        plain = await get("voici/render/wolf_and_sheep.html", Accept_Encoding="identity")
        assert "Content-Encoding" not in plain.headers
        assert plain.body == PAGE
        assert plain.headers["Vary"] == "Accept-Encoding"  # a cache keeps both apart
        refused = await get("voici/render/wolf_and_sheep.html", Accept_Encoding="br;q=0, gzip")
        assert refused.headers["Content-Encoding"] == "gzip"
        # the copies' ETags differ: a cache never takes one for the other
        assert len({page.headers["Etag"], plain.headers["Etag"], refused.headers["Etag"]}) == 3

    served(site, scenario)


def test_wasm_comes_compressed_as_wasm_and_hashed_files_are_immutable(tmp_path: Path) -> None:
    site = fake_site(tmp_path)

    async def scenario(get: Callable[..., Awaitable[HTTPResponse]]) -> None:
        wasm = await get(f"{PYODIDE}/pyodide.asm.wasm", Accept_Encoding="gzip")
        assert wasm.headers["Content-Type"] == "application/wasm"
        assert wasm.headers["Content-Encoding"] == "gzip"
        assert gzip.decompress(wasm.body) == WASM
        assert wasm.headers["Cache-Control"] == IMMUTABLE
        script = await get(HASHED_JS, Accept_Encoding="gzip, br")  # no .br: the gzip copy
        assert script.headers["Content-Encoding"] == "gzip"
        assert script.headers["Cache-Control"] == IMMUTABLE
        assert "javascript" in script.headers["Content-Type"]
        lock = await get(f"{PYODIDE}/pyodide-lock.json", Accept_Encoding="gzip")
        assert "Content-Encoding" not in lock.headers  # no copy: the file as it is
        assert "Vary" not in lock.headers
        assert lock.headers["Cache-Control"] == IMMUTABLE  # in the versioned folder
        home = await get("", Accept_Encoding="gzip")
        assert home.body == b"<p>the welcome page</p>"
        assert home.headers["Cache-Control"] == "no-cache"

    served(site, scenario)


def test_a_rebuilt_file_gets_a_new_etag_under_a_running_server(tmp_path: Path) -> None:
    site = fake_site(tmp_path)

    async def scenario(get: Callable[..., Awaitable[HTTPResponse]]) -> None:
        first = await get("index.html")
        (site / "index.html").write_bytes(b"<p>the welcome page, rebuilt</p>")
        second = await get("index.html", If_None_Match=first.headers["Etag"])
        assert second.code == 200
        assert second.body == b"<p>the welcome page, rebuilt</p>"

    served(site, scenario)


@pytest.mark.parametrize(
    ("header", "expected"),
    [
        ("gzip, deflate, br", {"gzip", "deflate", "br"}),
        ("gzip;q=1.0, br;q=0", {"gzip"}),
        ("BR; q=0.5", {"br"}),
        ("", set()),
        ("gzip;q=nonsense", set()),
    ],
)
def test_accepted_encodings(header: str, expected: set[str]) -> None:
    assert accepted_encodings(header) == expected


@pytest.mark.parametrize(
    ("path", "immutable"),
    [
        ("voici/build/main.0c5a1e2f3b4d5e6f7a8b.js", True),
        ("extensions/@jupyter-widgets/jupyterlab-manager/static/327.8f2a1b3c4d5e6f708192.js", True),
        ("static/pyodide-0123456789abcdef/pyodide.asm.wasm", True),
        ("static/tables/table_8x8_auto1.0123456789abcdef.json", True),
        ("voici/render/wolf_and_sheep.html", False),
        ("index.html", False),
        ("jupyter-lite.json", False),
        ("voici/build/bootstrap.js", False),
        ("extensions/x/package.json", False),
        ("files/01_wolf_and_sheep.ipynb", False),
    ],
)
def test_what_is_cached_for_a_year(path: str, immutable: bool) -> None:
    assert (cache_control(path) == IMMUTABLE) is immutable
