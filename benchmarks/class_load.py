"""A class of N pupils answering one question at once, on the Voila server, and a server killed
in the middle of a second burst.

    .venv/bin/python benchmarks/class_load.py [--pupils 30] [--spread 2.0]

Loopback only and bounded. It starts `voila notebooks/` as `make app` does (tests' harness:
voila.json, a temp Jupyter home) with a teacher key and a classes folder of its own, opens a
class as the teacher (HTTP, with the key), keeps a teacher's page open the way the page's own
script does (the live websocket; on each class it names, the board fetched again), and
connects N pupils' pages to the class service (websockets, as a lesson's kernel does). Then:

1. Burst 1: each pupil sends an answer at a random moment within ``--spread`` seconds. It
   reports, per answer, the time from its send to the service's "saved" and to the teacher's
   board holding it (median, p90, max), and checks every answer is on the board and in the
   store.
2. Burst 2: the same to a second question; when half of the answers are sent the server is
   killed (SIGKILL, the whole process group), then started again on the same folder. Every
   answer acknowledged before the kill must be in the store.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import signal
import statistics
import sys
import tempfile
import time
import urllib.request
from pathlib import Path
from urllib.parse import urlencode

from tornado.httpclient import AsyncHTTPClient, HTTPClientError, HTTPRequest
from tornado.websocket import websocket_connect

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests"))

from voila_harness import ARTIFACTS, serve_voila  # the harness lives with the tests

from sheepkit.classes import messages as m
from sheepkit.classes.client import ClassClient
from sheepkit.classes.server import COOKIE
from sheepkit.classes.store import FILE_NAME, ClassStore
from sheepkit.tables.client import TornadoTransport

KEY = "benchmark-key"
LESSON = "class_load"


def spread(values: list[float]) -> str:
    if not values:
        return "-"
    ordered = sorted(values)
    p90 = ordered[min(len(ordered) - 1, int(0.9 * len(ordered)))]
    return (
        f"median {statistics.median(ordered) * 1000:.0f} ms, p90 {p90 * 1000:.0f} ms, "
        f"max {ordered[-1] * 1000:.0f} ms"
    )


class Teacher:
    """A teacher's page: the live socket, and the board fetched again on each change."""

    def __init__(self, url: str, code: str) -> None:
        self.url, self.code = url, code
        self.http = AsyncHTTPClient()
        self.seen: dict[str, float] = {}  # reason marker -> when the board first held it
        self.fetches = 0
        self._busy = self._again = False
        self._refreshing: set[asyncio.Future[None]] = set()  # kept: a task may be collected

    async def listen(self) -> None:
        ws_url = self.url.replace("http", "ws", 1) + "/sheepkit/teacher/live"
        socket = await websocket_connect(HTTPRequest(ws_url, headers=self.cookie()))
        while (said := await socket.read_message()) is not None:
            if said == self.code:
                task = asyncio.ensure_future(self.refresh())
                self._refreshing.add(task)
                task.add_done_callback(self._refreshing.discard)

    def cookie(self) -> dict[str, str]:
        return {"Cookie": f"{COOKIE}={KEY}"}

    async def refresh(self) -> None:
        if self._busy:
            self._again = True
            return
        self._busy = True
        try:
            while True:
                self._again = False
                try:
                    board = await self.http.fetch(
                        f"{self.url}/sheepkit/teacher/class/{self.code}/board?lesson={LESSON}",
                        headers=self.cookie(),
                    )
                except (OSError, HTTPClientError):  # the server was killed (burst 2)
                    return
                self.fetches += 1
                now = time.monotonic()
                text = board.body.decode()
                for marker in text.split("reason-")[1:]:
                    self.seen.setdefault("reason-" + marker.split(" ", 1)[0].split("<")[0], now)
                if not self._again:
                    return
        finally:
            self._busy = False


async def open_class(url: str) -> str:
    http = AsyncHTTPClient()
    request = HTTPRequest(
        f"{url}/sheepkit/teacher/open",
        method="POST",
        body=urlencode({"name": "Benchmark class"}),
        headers={"Cookie": f"{COOKIE}={KEY}"},
        follow_redirects=False,
    )
    answer = await http.fetch(request, raise_error=False)
    return str(answer.headers["Location"]).rsplit("/", 1)[-1]


async def pupils_join(url: str, code: str, count: int) -> list[ClassClient]:
    clients = []
    for i in range(count):
        client = ClassClient()
        await TornadoTransport.connect(  # type: ignore[arg-type]
            url.replace("http", "ws", 1) + "/sheepkit/class", client
        )
        client.send(m.Join(code=code, name=f"Pupil {i:02d}"))
        clients.append(client)
    for _ in range(1000):
        if all(c.joined for c in clients):
            return clients
        await asyncio.sleep(0.01)
    raise RuntimeError("not every pupil joined")


async def burst(
    clients: list[ClassClient],
    question: str,
    within: float,
    rng: random.Random,
    kill_after: int | None = None,
    kill: object = None,
) -> tuple[dict[str, float], dict[str, float]]:
    """Each pupil answers at a random moment; (marker -> send time, marker -> saved time)."""
    sent: dict[str, float] = {}
    saved: dict[str, float] = {}
    order = sorted(range(len(clients)), key=lambda _: rng.random())
    moments = sorted(rng.uniform(0, within) for _ in clients)
    start = time.monotonic()
    for n, (i, moment) in enumerate(zip(order, moments)):
        await asyncio.sleep(max(0.0, start + moment - time.monotonic()))
        client = clients[i]
        marker = f"reason-{question}-{i:02d}"

        def heard(message: m.Message, marker: str = marker) -> None:
            if isinstance(message, m.Saved) and message.question == question:
                saved.setdefault(marker, time.monotonic())

        client.on(heard)
        sent[marker] = time.monotonic()
        client.send(m.Answer(lesson=LESSON, question=question, guess=str(i), reason=marker))
        if kill_after is not None and n + 1 == kill_after and callable(kill):
            kill()
            await asyncio.sleep(0.3)  # what was on its way is lost with the server
            return sent, saved
    deadline = time.monotonic() + 10
    while len(saved) < len(sent) and time.monotonic() < deadline:
        await asyncio.sleep(0.01)
    return sent, saved


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--pupils", type=int, default=30)
    parser.add_argument("--spread", type=float, default=2.0, help="seconds a burst lasts")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    folder = Path(tempfile.mkdtemp(prefix="sheepkit-class-load-"))
    env = {"TEACHER_KEY": KEY, "CLASSES": str(folder)}

    with serve_voila(log_path=ARTIFACTS / "voila-class-load.log", env_extra=env) as server:
        print(f"Voila answered after {server.startup_seconds:.1f} s")

        async def first() -> tuple[str, list[str], list[str]]:
            code = await open_class(server.url)
            teacher = Teacher(server.url, code)
            listening = asyncio.ensure_future(teacher.listen())
            clients = await pupils_join(server.url, code, args.pupils)
            await asyncio.sleep(0.5)
            sent, saved = await burst(clients, "one", args.spread, rng)
            deadline = time.monotonic() + 10
            while len(teacher.seen) < len(sent) and time.monotonic() < deadline:
                await asyncio.sleep(0.01)
            acked = [saved[k] - sent[k] for k in sent if k in saved]
            shown = [teacher.seen[k] - sent[k] for k in sent if k in teacher.seen]
            print(f"Burst 1: {len(sent)} answers sent within {args.spread:.1f} s")
            print(f"  saved (acknowledged): {len(acked)}/{len(sent)}, {spread(acked)}")
            print(f"  on the teacher's board: {len(shown)}/{len(sent)}, {spread(shown)}")
            print(f"  board fetches: {teacher.fetches}")

            def kill() -> None:
                os.killpg(server.process.pid, signal.SIGKILL)

            sent2, saved2 = await burst(
                clients, "two", args.spread, rng, kill_after=args.pupils // 2, kill=kill
            )
            listening.cancel()
            print(
                f"Burst 2: killed (SIGKILL) after {len(sent2)} of {args.pupils} answers were "
                f"sent, {len(saved2)} acknowledged"
            )
            return code, list(sent), list(saved2)

        code, burst_one, acknowledged = asyncio.run(first())
        server.process.wait(timeout=20)

    with serve_voila(log_path=ARTIFACTS / "voila-class-load-2.log", env_extra=env) as server:
        with urllib.request.urlopen(f"{server.url}/sheepkit/class/hello", timeout=10) as hello:
            assert hello.status == 200
        store = ClassStore(folder / FILE_NAME)
        klass = store.class_by_code(code)
        assert klass is not None, "the class is gone after the restart"
        kept = {a.reason for a in store.answers(klass.id)}
        lost_one = [k for k in burst_one if k not in kept]
        lost_two = [k for k in acknowledged if k not in kept]
        print(
            f"After the restart: burst 1 {len(burst_one) - len(lost_one)}/{len(burst_one)} in the"
            f" store; burst 2 {len(acknowledged) - len(lost_two)}/{len(acknowledged)} of the"
            " acknowledged answers in the store"
        )
        if lost_one or lost_two:
            raise SystemExit(f"LOST: {lost_one + lost_two}")


if __name__ == "__main__":
    main()
