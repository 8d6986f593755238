"""The class service and the teacher's pages over HTTP and real websockets on the loopback
(tornado, in this process), and a server killed with SIGKILL that loses no saved answer."""

from __future__ import annotations

import asyncio
import csv
import io
import os
import signal
import socket
import subprocess
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any
from urllib.parse import urlencode

import pytest
from tornado import web
from tornado.httpclient import AsyncHTTPClient, HTTPRequest
from tornado.websocket import websocket_connect

from sheepkit.classes import messages as m
from sheepkit.classes.client import ClassClient
from sheepkit.classes.server import COOKIE, class_handlers, open_store, teacher_key
from sheepkit.classes.service import ClassService
from sheepkit.classes.store import ClassStore
from sheepkit.tables.client import TornadoTransport

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
KEY = "correct-horse"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


async def until(condition: Callable[[], Any], what: str, timeout: float = 20) -> None:
    for _ in range(int(timeout * 100)):
        if condition():
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"{what} not within {timeout} s")


class Site:
    def __init__(self, port: int, service: ClassService) -> None:
        self.port, self.service = port, service
        self.base = f"http://127.0.0.1:{port}/sheepkit/teacher"
        self.http = AsyncHTTPClient()

    async def get(self, path: str, *, signed: bool = True, **kw: Any) -> Any:
        headers = {"Cookie": f"{COOKIE}={KEY}"} if signed else {}
        return await self.http.fetch(
            self.base + path, headers=headers, follow_redirects=False, raise_error=False, **kw
        )

    async def post(
        self, path: str, fields: dict[str, str], *, signed: bool = True, origin: str | None = None
    ) -> Any:
        headers = {"Cookie": f"{COOKIE}={KEY}"} if signed else {}
        if origin:
            headers["Origin"] = origin
        request = HTTPRequest(
            self.base + path,
            method="POST",
            body=urlencode(fields),
            headers=headers,
            follow_redirects=False,
        )
        return await self.http.fetch(request, raise_error=False)

    async def pupil(self) -> ClassClient:
        client = ClassClient()
        await TornadoTransport.connect(  # type: ignore[arg-type]
            f"ws://127.0.0.1:{self.port}/sheepkit/class", client
        )
        return client


def run(scenario: Callable[[Site], Awaitable[None]], store: Path | str = ":memory:") -> None:
    async def main() -> None:
        service = ClassService(ClassStore(store))
        app = web.Application(class_handlers("/", service, KEY, NOTEBOOKS))
        port = free_port()
        server = app.listen(port, "127.0.0.1")
        try:
            await scenario(Site(port, service))
        finally:
            server.stop()
            service.store.close()

    asyncio.run(main())


def test_only_the_teacher_key_opens_the_teachers_pages() -> None:
    async def scenario(site: Site) -> None:
        home = await site.get("/", signed=False)
        assert home.code == 200 and b"Teacher key" in home.body and b"Open a class" not in home.body
        wrong = await site.get("/?key=guess", signed=False)
        assert wrong.code == 403 and b"not the teacher key" in wrong.body
        right = await site.get("/?key=" + KEY, signed=False)
        assert right.code == 302 and "key=" not in right.headers["Location"]
        cookie = right.headers["Set-Cookie"]
        assert "HttpOnly" in cookie and "SameSite=Strict" in cookie
        login = await site.post("/login", {"key": "\u00e9t\u00e9"}, signed=False)
        assert login.code == 403  # any text is compared without a crash
        klass = site.service.open_class("9B")
        for path in (f"/class/{klass.code}/board", f"/class/{klass.code}/export.csv"):
            assert (await site.get(path, signed=False)).code == 403
        opened = await site.post("/open", {"name": "9C"}, signed=False)
        assert opened.code == 403 and len(site.service.store.classes()) == 1
        foreign = await site.post(
            f"/class/{klass.code}/act", {"action": "pause"}, origin="http://elsewhere.example"
        )
        assert foreign.code == 403 and not site.service.store.class_by_id(klass.id).paused  # type: ignore[union-attr]

    run(scenario)


def test_a_class_opened_joined_answered_revealed_and_exported(tmp_path: Path) -> None:
    async def scenario(site: Site) -> None:
        opened = await site.post("/open", {"name": "9B <game> design"})
        assert opened.code == 302
        [klass] = site.service.store.classes()
        page = await site.get(f"/class/{klass.code}?lesson=wolf_and_sheep")
        assert page.code == 200 and klass.code.encode() in page.body
        assert b"9B &lt;game&gt; design" in page.body and b"<game>" not in page.body
        assert b"Both sides play perfectly on the usual 8x8 board" in page.body  # the catalogue
        pupils = []
        for name, choice in (
            ("Sam", "the sheep"),
            ("<b>Ada</b>", "the wolves"),
            ("Zoe", "the wolves"),
        ):
            pupil = await site.pupil()
            pupil.send(m.Join(code=klass.code, name=name))
            await until(lambda p=pupil: p.joined, "joined")
            pupil.send(
                m.Answer(
                    lesson="wolf_and_sheep",
                    question="both-sides-play-perfectly-on-the-usual-8x8-board-who-wins",
                    guess=choice,
                    reason=f"because {name}",
                )
            )
            await until(lambda p=pupil: p.saved, "saved")
            pupils.append(pupil)
        board = (await site.get(f"/class/{klass.code}/board?lesson=wolf_and_sheep")).body.decode()
        assert "Answered: 3 of 3." in board and "because Sam" in board
        assert "&lt;b&gt;Ada&lt;/b&gt;" in board and "<b>Ada</b>" not in board
        assert "<svg" in board and "the wolves: 2" in board  # the spread, described in words
        acted = await site.post(
            f"/class/{klass.code}/act",
            {"action": "hold", "lesson": "wolf_and_sheep", "question": "q"},
        )
        assert acted.code == 200
        await until(lambda: all("wolf_and_sheep/q" in p.pace.held for p in pupils), "held")
        await site.post(
            f"/class/{klass.code}/act",
            {"action": "reveal", "lesson": "wolf_and_sheep", "question": "q"},
        )
        await until(lambda: all("wolf_and_sheep/q" in p.pace.revealed for p in pupils), "revealed")
        bad = await site.post(f"/class/{klass.code}/act", {"action": "explode"})
        assert bad.code == 400 and b"no action 'explode'" in bad.body
        exported = await site.get(f"/class/{klass.code}/export.csv")
        rows = list(csv.DictReader(io.StringIO(exported.body.decode())))
        assert [r["name"] for r in rows] == ["<b>Ada</b>", "Sam", "Zoe"]
        assert rows[1]["guess"] == "the sheep" and rows[1]["reason"] == "because Sam"
        [sam] = [p for p in site.service.store.pupils(klass.id) if p.name == "Sam"]
        printable = await site.get(f"/class/{klass.code}/pupil/{sam.id}")
        assert b"because Sam" in printable.body and b"because Zoe" not in printable.body
        deleted = await site.post(f"/class/{klass.code}/delete", {"sure": "yes"})
        assert deleted.code == 302 and site.service.store.classes() == []
        await until(lambda: all(p.ended for p in pupils), "ended")

    run(scenario, tmp_path / "classes.sqlite3")


def test_the_live_socket_names_each_class_that_changes() -> None:
    async def scenario(site: Site) -> None:
        klass = site.service.open_class("9B")
        refused = await websocket_connect(f"ws://127.0.0.1:{site.port}/sheepkit/teacher/live")
        assert await refused.read_message() is None  # closed: no key
        live = await websocket_connect(
            HTTPRequest(
                f"ws://127.0.0.1:{site.port}/sheepkit/teacher/live",
                headers={"Cookie": f"{COOKIE}={KEY}"},
            )
        )
        pupil = await site.pupil()
        pupil.send(m.Join(code=klass.code, name="Sam"))
        assert await asyncio.wait_for(live.read_message(), 10) == klass.code
        live.close()

    run(scenario)


def test_the_teacher_key_stays_out_of_the_kernels_environment(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setenv("TEACHER_KEY", " given ")
    assert teacher_key() == "given" and "TEACHER_KEY" not in os.environ
    assert teacher_key() != teacher_key()  # made anew when none is given


SERVER = """
import asyncio, sys
from pathlib import Path
from tornado import web
from sheepkit.classes.server import class_handlers, open_store
from sheepkit.classes.service import ClassService
async def main():
    web.Application(class_handlers("/", ClassService(open_store(Path(sys.argv[1]))), "k", None)
                    ).listen(int(sys.argv[2]), "127.0.0.1")
    print("ready", flush=True)
    await asyncio.Event().wait()
asyncio.run(main())
"""


def test_every_answer_acknowledged_before_a_sigkill_is_in_the_store(tmp_path: Path) -> None:
    store = open_store(tmp_path)
    klass = store.open_class("9B")
    store.close()
    port = free_port()
    server = subprocess.Popen(
        [sys.executable, "-c", SERVER, str(tmp_path), str(port)], stdout=subprocess.PIPE, text=True
    )
    try:
        assert server.stdout is not None and server.stdout.readline().strip() == "ready"

        async def answer() -> list[str]:
            client = ClassClient()
            await TornadoTransport.connect(  # type: ignore[arg-type]
                f"ws://127.0.0.1:{port}/sheepkit/class", client
            )
            client.send(m.Join(code=klass.code, name="Sam"))
            await until(lambda: client.joined, "joined")
            for i in range(40):
                client.send(m.Answer(lesson="l", question=f"q{i}", guess=str(i)))
            await until(lambda: len(client.saved) >= 20, "twenty saved")
            server.send_signal(signal.SIGKILL)  # in the middle of the burst
            await asyncio.sleep(0.2)
            return [s.question for s in client.saved]

        acknowledged = asyncio.run(answer())
    finally:
        server.kill()
        server.wait()
    kept = {a.question for a in open_store(tmp_path).answers(klass.id)}
    assert set(acknowledged) <= kept and len(acknowledged) >= 20


def test_handed_in_files_are_read_into_the_class_and_bad_ones_refused_in_words() -> None:
    from sheepkit.classes.handin import hand_in_text

    good = hand_in_text("Sam", [{"lesson": "l", "question": "q", "guess": "4", "reason": "r"}])
    boundary = "sheepkit-boundary"
    parts = [
        ("sam.json", good.encode()),
        ("notes.txt", b"my homework"),
    ]
    body = (
        b"".join(
            f'--{boundary}\r\nContent-Disposition: form-data; name="files"; filename="{name}"\r\n'
            f"Content-Type: application/json\r\n\r\n".encode()
            + data
            + b"\r\n"
            for name, data in parts
        )
        + f"--{boundary}--\r\n".encode()
    )

    async def scenario(site: Site) -> None:
        klass = site.service.open_class("9B")
        request = HTTPRequest(
            f"{site.base}/class/{klass.code}/import",
            method="POST",
            body=body,
            headers={
                "Cookie": f"{COOKIE}={KEY}",
                "Content-Type": f"multipart/form-data; boundary={boundary}",
            },
        )
        answer = await site.http.fetch(request, raise_error=False)
        text = answer.body.decode()
        assert answer.code == 200 and "Sam: 1 answer" in text
        assert "notes.txt: the file is not JSON" in text
        [row] = site.service.store.answers(klass.id)
        assert (row.pupil, row.guess, row.reason) == ("Sam", "4", "r")
        unsigned = HTTPRequest(
            request.url,
            method="POST",
            body=body,
            headers={"Content-Type": request.headers["Content-Type"]},
        )
        assert (await site.http.fetch(unsigned, raise_error=False)).code == 403

    run(scenario)
