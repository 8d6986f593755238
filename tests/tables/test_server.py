"""The table service over real websockets on the loopback (tornado, in this process), a
pupil's bot joining from Python, and the service started with the Voila server."""

from __future__ import annotations

import asyncio
import functools
import json
import logging
import os
import random
import signal
import socket
import subprocess
import sys
import threading
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from tornado import web
from tornado.httpclient import AsyncHTTPClient

import sheepkit.serving
import sheepkit.tables.bot_seat
from sheepkit.classes.server import FOLDER_VARIABLE, server_store
from sheepkit.classes.store import ClassStore
from sheepkit.tables import MAX_MESSAGE, TableClient, TableService, join, local_client
from sheepkit.tables.bot_seat import GAP, BotSeat
from sheepkit.tables.client import URL_VARIABLE, TornadoTransport
from sheepkit.tables.keeper import StoredTables
from sheepkit.tables.protocol import Message, State
from sheepkit.tables.server import add_table_handlers, make_service, start_with_voila


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


async def until(condition: Callable[[], Any], what: str, timeout: float = 30) -> None:
    for _ in range(int(timeout * 100)):
        if condition():
            return
        await asyncio.sleep(0.01)
    raise AssertionError(f"{what} not within {timeout} s")


class Served:
    def __init__(self, port: int, service: Any) -> None:
        self.port, self.service = port, service
        self.url = f"ws://127.0.0.1:{port}/sheepkit/tables"

    async def client(self) -> TableClient:
        client = TableClient()
        await TornadoTransport.connect(self.url, client)
        return client


def serve(**limits: Any) -> tuple[Served, Any]:
    app = web.Application()
    service = make_service(**limits)
    add_table_handlers(app, "/", service)
    port = free_port()
    return Served(port, service), app.listen(port, "127.0.0.1")


def run(scenario: Callable[[Served], Awaitable[None]], **limits: Any) -> None:
    async def main() -> None:
        served, server = serve(**limits)
        try:
            await scenario(served)
        finally:
            server.stop()

    asyncio.run(main())


async def seated_pair(
    served: Served, game: str = "wolf_and_sheep"
) -> tuple[TableClient, TableClient]:
    host, guest = await served.client(), await served.client()
    host.open(game, ["Human", "Human"])
    await until(lambda: host.code, "the table's code")
    guest.sit(host.code or "", 1)
    await until(lambda: guest.snapshot, "the guest's seat")
    return host, guest


def test_two_devices_play_over_websockets_and_a_dropped_one_rejoins() -> None:
    async def scenario(served: Served) -> None:
        host, guest = await seated_pair(served)
        host.start()
        await until(lambda: guest.snapshot.stage == "playing", "the start")  # type: ignore[index]
        rng, moves = random.Random(1), 0
        await until(lambda: host.snapshot.stage == "playing", "the start, on the host")  # type: ignore[index]
        for _ in range(3000):  # (each turn awaits: the event loop runs the connections)
            if moves >= 4:
                break
            await asyncio.sleep(0.01)
            for device in (host, guest):
                snap = device.snapshot
                if snap is not None and snap.legal:
                    ply = snap.ply
                    device.move(rng.choice(snap.legal))
                    await until(lambda ply=ply: host.snapshot.ply > ply, "the move")  # type: ignore[index]
                    moves += 1
        token, code = guest.token or "", guest.code or ""
        guest.disconnect()
        await until(lambda: host.snapshot.seats[1]["away"], "the seat away")  # type: ignore[index]
        back = await served.client()
        back.rejoin(code, token)
        await until(lambda: back.snapshot, "the rejoin")
        assert back.snapshot.ply == host.snapshot.ply == 4  # type: ignore[index]
        assert not host.snapshot.seats[1]["away"]  # type: ignore[index]

    run(scenario)


def test_long_messages_are_refused_with_a_reason_and_very_long_ones_cut_off() -> None:
    async def scenario(served: Served) -> None:
        device = await served.client()
        device.send_text(json.dumps({"op": "ping", "pad": "x" * MAX_MESSAGE}))
        await until(lambda: device.errors, "the refusal")
        assert "longer than" in device.errors[0]
        device.send_text(json.dumps({"op": "ping", "pad": "x" * (10 * MAX_MESSAGE)}))
        await until(lambda: device.closed, "the connection closed")
        assert served.service.connected == set()

    run(scenario)


def test_a_full_server_says_so() -> None:
    async def scenario(served: Served) -> None:
        first = await served.client()
        second = await served.client()
        await until(lambda: second.closed, "the refusal")
        assert "full" in second.errors[0]
        assert len(served.service.connected) == 1 and first.closed is None

    run(scenario, max_devices=1)


def test_a_bots_think_runs_in_a_thread_and_the_game_goes_on() -> None:
    async def scenario(served: Served) -> None:
        host = await served.client()
        host.open("wolf_and_sheep", ["Human", "Sensible"])
        await until(lambda: host.snapshot, "the table")
        threads: set[str] = set()
        table = next(iter(served.service.tables.values()))
        bot = table.session.bot_thinks  # each think the table asks for, seen from its thread

        def watched() -> Any:
            work = bot()
            if work is None:
                return None

            def thinking() -> Any:
                threads.add(threading.current_thread().name)
                return work()

            return thinking

        table.session.bot_thinks = watched  # type: ignore[method-assign]
        host.start()
        rng = random.Random(2)
        await until(lambda: host.snapshot.stage == "playing", "the start")  # type: ignore[index]
        while host.snapshot.stage != "over":  # type: ignore[index]
            snap, heard = host.snapshot, host.messages
            if snap is not None and snap.legal:
                await asyncio.sleep(GAP)  # a pupil's pace: under the flood limit
                host.move(rng.choice(snap.legal))
            await until(lambda heard=heard: host.messages > heard, "the next snapshot")
        assert threads and threading.current_thread().name not in threads

    run(scenario)


def test_a_pupils_bot_function_joins_from_python_and_plays_its_seat() -> None:
    def forward(view: Any, legal_moves: Any, rng: random.Random) -> Any:
        """Whatever move comes first."""
        return legal_moves[0]

    async def scenario(served: Served) -> None:
        host = await served.client()
        host.open("lamb_mimes", ["Human", "Human", "Random"], rules={"players": 3})
        await until(lambda: host.code, "the table")
        seat = join(host.code or "", forward, url=served.url)
        await until(lambda: host.snapshot and host.snapshot.seats[1]["taken"], "the bot seated")
        host.start()
        rng = random.Random(3)
        deadline = asyncio.get_running_loop().time() + 120
        while not seat.done:
            assert asyncio.get_running_loop().time() < deadline, "the game did not end"
            snap = host.snapshot
            if snap is not None and snap.legal:
                await asyncio.sleep(GAP)  # a pupil's pace: under the flood limit
                host.move(rng.choice(snap.legal))
                ply = snap.ply
                await until(lambda ply=ply: host.snapshot.ply > ply, "a move")  # type: ignore[index]
            else:
                await asyncio.sleep(0.01)
        await seat.finished()
        assert seat.error is None and seat.moves > 0 and seat.seat == 1
        await until(lambda: host.snapshot.stage == "over", "the end, on the host")  # type: ignore[index]
        assert host.errors == []

    run(scenario)


def test_pupils_bots_keep_under_the_flood_limit_however_fast_the_table_answers(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """Two pupils' bots at one table answer each other at once (in process, as fast as it
    gets): each sends at most one message a GAP, so the flood limit refuses none and the
    game ends. (Without the pacing, the guest's bot was refused as a flood at ply 7.)"""
    monkeypatch.setattr(sheepkit.tables.bot_seat, "GAP", 1.25 / 200)

    async def scenario() -> None:
        loop = asyncio.get_running_loop()
        service = TableService(rate=200, burst=5, clock=loop.time, seed=lambda: 7)
        host = local_client(service)
        host.open("wolf_and_sheep", ["Human", "Human"])
        assert host.code is not None, host.errors
        own = BotSeat(host, host.code, "Random", 0)  # the host's device plays by a bot too
        guest = join(host.code, "Random", service=service)
        own.rng, guest.rng = random.Random(1), random.Random(2)  # the same game every run
        await until(lambda: host.snapshot and host.snapshot.seats[1]["taken"], "the guest")
        host.start()
        await asyncio.wait_for(asyncio.gather(own.finished(), guest.finished()), 20)
        assert own.error is None and guest.error is None, (own.error, guest.error)
        assert host.snapshot is not None and host.snapshot.stage == "over"
        assert own.moves + guest.moves > 4 * 5  # well past the burst

    asyncio.run(scenario())


def test_join_blocks_in_a_script_until_the_game_is_over() -> None:
    """No event loop running (a script): join connects, and wait() plays to the end."""
    loop = asyncio.new_event_loop()
    holder: dict[str, Any] = {}

    def server() -> None:
        asyncio.set_event_loop(loop)
        served, _ = serve()
        holder["served"] = served
        loop.run_forever()

    thread = threading.Thread(target=server, daemon=True)
    thread.start()
    for _ in range(3000):
        if "served" in holder:
            break
        threading.Event().wait(0.01)
    served: Served = holder["served"]
    try:
        host = TableClient()
        asyncio.run_coroutine_threadsafe(TornadoTransport.connect(served.url, host), loop).result(
            10
        )
        loop.call_soon_threadsafe(host.open, "wolf_and_sheep", ["Human", "Human"])
        for _ in range(3000):
            if host.code is not None:
                break
            threading.Event().wait(0.01)

        def hosts_moves(message: Message) -> None:  # the host plays as soon as it may
            if isinstance(message, State) and message.legal:
                host.move(message.legal[-1])
            if (
                isinstance(message, State)
                and message.stage == "lobby"
                and message.seats[1]["taken"]
            ):
                host.start()

        host.on(hosts_moves)
        seat = join(host.code, "Sensible", url=served.url)
        assert seat.wait(timeout=60) is seat
        assert seat.done and seat.error is None and seat.outcome
    finally:
        loop.call_soon_threadsafe(loop.stop)
        thread.join(10)


def test_join_says_when_there_is_no_table_service(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv(URL_VARIABLE, raising=False)
    with pytest.raises(ConnectionError, match="no table service here"):
        join("ABCD", "Random")


# -- started with the Voila server ---------------------------------------------------------


class Everything(web.RequestHandler):
    def get(self, path: str) -> None:
        self.write("a Voila page")


def test_the_service_starts_with_voila_before_its_catch_all_and_tells_the_kernels(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.delenv(URL_VARIABLE, raising=False)
    monkeypatch.delenv(FOLDER_VARIABLE, raising=False)

    async def scenario() -> None:
        app = web.Application()
        app.add_handlers(".*$", [(r"/base/(.*)", Everything)])  # as Voila's last handler
        port = free_port()
        server = app.listen(port, "127.0.0.1")
        voila = type(
            "VoilaApp",
            (),
            {
                "app": app,
                "base_url": "/base/",
                "ip": "0.0.0.0",
                "port": port,
                "root_dir": str(tmp_path / "notebooks"),
            },
        )
        try:
            start_with_voila(voila)
            assert os.environ[URL_VARIABLE] == f"ws://127.0.0.1:{port}/base/sheepkit/tables"
            reply = await AsyncHTTPClient().fetch(
                f"http://127.0.0.1:{port}/base/sheepkit/tables/hello"
            )
            hello = json.loads(reply.body)
            assert hello["tables"] == 1 and hello["limits"]["tables"] == 40
            page = await AsyncHTTPClient().fetch(f"http://127.0.0.1:{port}/base/voila/render/x")
            assert page.body == b"a Voila page"
            device = TableClient()
            await TornadoTransport.connect(os.environ[URL_VARIABLE], device)
            device.send_text(json.dumps({"op": "ping"}))
            await until(lambda: device.messages, "a pong")
            # Its tables are kept in the classes' store, beside the notebooks.
            device.open("wolf_and_sheep", ["Human", "Human"])
            await until(lambda: device.code, "the table's code")
            store = server_store(tmp_path / "classes")
            assert [code for code, _ in store.kept_tables()] == [device.code]
        finally:
            server.stop()

    asyncio.run(scenario())


def test_the_warm_kernel_manager_starts_the_tables_with_voila(
    monkeypatch: pytest.MonkeyPatch, loop: asyncio.AbstractEventLoop
) -> None:
    from voila.app import Voila

    started: list[Any] = []
    monkeypatch.setattr(sheepkit.serving, "start_tables", started.append)
    monkeypatch.setattr(sheepkit.serving, "rehearse_a_page", lambda app: asyncio.sleep(0))
    voila = Voila()
    sheepkit.serving.WarmKernelManager(parent=voila, warm_kernels=0)
    loop.run_until_complete(asyncio.sleep(0.05))
    assert started == [voila]


def test_a_table_service_that_cannot_start_leaves_voila_running(
    capfd: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from voila.app import Voila

    monkeypatch.delenv(URL_VARIABLE, raising=False)
    voila = Voila()  # never started: it has no web app yet
    sheepkit.serving.start_tables(voila)
    assert "Could not start the table service: AttributeError" in capfd.readouterr().err
    assert URL_VARIABLE not in os.environ


async def start_and_howl(host: TableClient) -> None:
    """The host starts a Howling Wolf table, rolls gray, and the race runs to its first claim."""
    host.start()
    await until(lambda: host.snapshot.may_roll, "the host's roll")  # type: ignore[index]
    state = host.state()
    assert state is not None
    host.roll(next(str(o) for o, _ in state.chance_outcomes() if "gray" in str(o)))
    await until(lambda: host.snapshot.race, "the race")  # type: ignore[index]
    await until(lambda: not host.snapshot.race, "the bot's claim")  # type: ignore[index]


def test_a_bot_claims_a_race_after_its_delay_on_the_event_loop() -> None:
    async def scenario(served: Served) -> None:
        host = await served.client()
        host.open("shave_a_sheep", ["Human", "Sensible"], rules={"wolf": "howling_wolf"})
        await until(lambda: host.snapshot, "the table")
        await start_and_howl(host)
        assert "Player 2 howls first" in " ".join(host.snapshot.log)  # type: ignore[index]

    run(scenario, race_wait=60)


def test_a_pupils_bot_joined_from_python_claims_a_race_and_plays_on() -> None:
    async def scenario(served: Served) -> None:
        host = await served.client()
        host.open("shave_a_sheep", ["Human", "Human"], rules={"wolf": "howling_wolf"})
        await until(lambda: host.code, "the table")
        seat = join(host.code or "", "Sensible", url=served.url)
        await until(lambda: host.snapshot and host.snapshot.seats[1]["taken"], "the bot seated")
        await start_and_howl(host)
        assert "Player 2 howls first" in " ".join(host.snapshot.log)  # type: ignore[index]
        assert not seat.done and seat.error is None
        seat.client.disconnect()

    run(scenario, race_wait=60)


def test_a_seat_taken_up_again_300_times_over_websockets_leaves_room_for_200_devices() -> None:
    """Each takeover closes the old connection and frees its place (issue 39: the old one
    stayed counted, and the server filled up with nobody connected)."""

    async def scenario(served: Served) -> None:
        host, guest = await seated_pair(served)
        code, token = guest.code or "", guest.token or ""
        last = guest
        for _ in range(300):
            taker = await served.client()
            taker.rejoin(code, token)
            await until(lambda taker=taker: taker.snapshot, "the takeover")
            await until(lambda last=last: last.closed, "the old connection closed")
            last = taker
        await until(lambda: len(served.service.connected) == 2, "the old connections gone")
        host.disconnect()
        last.disconnect()
        await until(lambda: not served.service.connected, "every connection gone")
        fresh = [await served.client() for _ in range(200)]
        for device in fresh:
            device.send_text(json.dumps({"op": "ping"}))
        await until(lambda: all(d.messages for d in fresh), "every new device answered")
        assert len(served.service.connected) == 200
        assert all(d.closed is None and not d.errors for d in fresh)

    run(scenario)


def test_the_probes_of_issue_39_are_answered_in_words_with_no_traceback_logged(
    caplog: pytest.LogCaptureFixture,
) -> None:
    """A token that is not ASCII (it crashed the handler), nested rules, a record mid-game."""

    async def scenario(served: Served) -> None:
        host, guest = await seated_pair(served, "shave_a_sheep")
        prober = await served.client()
        for token in ("é" * 22, "\udcff", "🐑", "\x00"):
            prober.rejoin(host.code or "", token)
        await until(lambda: len(prober.errors) == 4, "the refusals")
        assert all("holds no seat" in e for e in prober.errors) and prober.closed is None
        die = [["wolf", "grow"], ["grow", "swap"], ["swap"], ["shear"], ["grow"], ["double"]]
        opener = await served.client()
        opener.open("shave_a_sheep", ["Human", "Random"], rules={"die": die})
        await until(lambda: opener.snapshot, "the table with a designed die")
        assert opener.snapshot.rules == {"die": die}  # type: ignore[index]
        host.start()
        await until(lambda: host.snapshot.stage == "playing", "the start")  # type: ignore[index]
        guest.ask_record()
        await until(lambda: guest.record, "the record")
        assert "seed" not in (guest.record or {})

    with caplog.at_level(logging.INFO):
        run(scenario)
    assert not [r for r in caplog.records if r.exc_info or r.levelno >= logging.ERROR]


# -- a restart (issue 39, finding 8) -------------------------------------------------------


async def act(devices: list[TableClient], rng: random.Random) -> bool:
    """One device that may act does (a random legal move, its roll, its claim in a race),
    and the table's answer arrives; False if none may act."""
    for device in devices:
        snap = device.snapshot
        if snap is None or snap.stage != "playing":
            continue
        heard = device.messages
        if snap.legal:
            device.move(rng.choice(snap.legal))
        elif snap.may_roll and snap.acting == snap.seat:
            device.roll()
        elif snap.claim:
            device.claim()
        else:
            continue
        answered = functools.partial(lambda d, h: d.messages > h, device, heard)
        await until(answered, "the table's answer")
        return True
    return False


def test_a_restarted_server_resumes_its_tables_and_the_devices_rejoin_over_websockets(
    tmp_path: Path,
) -> None:
    """Two devices play Shave a Sheep over websockets on a server that keeps its tables in
    its store; the server stops (its connections close) and a new one starts on the same
    file; each device connects to it again, rejoins its seat with its token, sees the same
    position and plays on to the end."""
    path = tmp_path / "classes" / "classes.sqlite3"
    quick = {"rate": 10_000.0, "burst": 10_000}  # (this test acts faster than a pupil)

    async def main() -> None:
        rng = random.Random(5)
        store = ClassStore(path)
        app = web.Application()
        first = Served(free_port(), make_service(StoredTables(store), **quick))
        add_table_handlers(app, "/", first.service)
        server = app.listen(first.port, "127.0.0.1")
        host, guest = await seated_pair(first, "shave_a_sheep")
        host.start()
        await until(lambda: getattr(host.snapshot, "stage", None) == "playing", "the start")
        for _ in range(8):
            assert await act([host, guest], rng)
        assert host.snapshot is not None
        ply = host.snapshot.ply
        await until(
            lambda: getattr(guest.snapshot, "ply", None) == ply, "the guest's last snapshot"
        )
        seen = [host.snapshot, guest.snapshot]
        held = [(d.code or "", d.token or "") for d in (host, guest)]
        # The server stops: it listens no more, and its connections close.
        server.stop()
        for device in list(first.service.connected):
            assert device.drop is not None
            device.drop("the server is stopping")
        await until(lambda: host.closed and guest.closed, "the connections closed")
        await until(lambda: not first.service.connected, "the devices let go")
        store.close()

        again = ClassStore(path)
        app = web.Application()
        second = Served(free_port(), make_service(StoredTables(again), **quick))
        add_table_handlers(app, "/", second.service)
        server = app.listen(second.port, "127.0.0.1")
        try:
            assert list(second.service.tables) == [held[0][0]]
            for device, (code, token) in zip((host, guest), held, strict=True):
                await TornadoTransport.connect(second.url, device)
                device.rejoin(code, token)
            await until(
                lambda: (
                    host.snapshot is not None and all(not s["away"] for s in host.snapshot.seats)
                ),
                "both seats taken up again",
            )
            await until(lambda: guest.snapshot == seen[1], "the guest's snapshot")
            assert host.snapshot == seen[0] and host.token == held[0][1]
            while await act([host, guest], rng):
                pass
            assert host.snapshot.stage == "over" and host.snapshot.outcome  # type: ignore[index]
        finally:
            host.disconnect()
            guest.disconnect()
            await until(lambda: not second.service.connected, "the devices gone")
            server.stop()
            again.close()

    asyncio.run(main())


SERVER = """
import asyncio, sys
from pathlib import Path
from tornado import web
from sheepkit.tables.server import add_table_handlers, kept_tables, make_service
async def main():
    app = web.Application()
    service = make_service(kept_tables(Path(sys.argv[1])), rate=10_000.0, burst=10_000)
    add_table_handlers(app, "/", service)
    app.listen(int(sys.argv[2]), "127.0.0.1")
    print("ready", len(service.tables), flush=True)
    await asyncio.Event().wait()
asyncio.run(main())
"""


def test_a_server_killed_with_sigkill_resumes_its_game_in_a_new_process(tmp_path: Path) -> None:
    """What the devices saw before the server's process was killed (SIGKILL, mid-game) is
    what a new process on the same folder resumes: Lamb Mimes' hands and all."""

    def start(port: int) -> subprocess.Popen[str]:
        server = subprocess.Popen(
            [sys.executable, "-c", SERVER, str(tmp_path), str(port)],
            stdout=subprocess.PIPE,
            text=True,
        )
        assert server.stdout is not None
        return server

    async def main() -> None:
        rng = random.Random(8)
        port = free_port()
        server = start(port)
        try:
            assert server.stdout is not None and server.stdout.readline().split() == ["ready", "0"]
            first = Served(port, None)
            host, guest = await first.client(), await first.client()
            host.open("lamb_mimes", ["Human", "Human"], rules={"players": 2})
            await until(lambda: host.code or host.errors, "the table's code")
            guest.sit(host.code or "", 1)
            await until(lambda: guest.snapshot, "the guest's seat")
            host.start()
            await until(lambda: getattr(host.snapshot, "stage", None) == "playing", "the start")
            for _ in range(12):
                assert await act([host, guest], rng)
            assert host.snapshot is not None
            ply = host.snapshot.ply
            await until(lambda: getattr(guest.snapshot, "ply", None) == ply, "the guest's snapshot")
            seen = [host.snapshot, guest.snapshot]
            held = [(d.code or "", d.token or "") for d in (host, guest)]
            server.send_signal(signal.SIGKILL)
            server.wait()
            await until(lambda: host.closed and guest.closed, "the connections lost")
        finally:
            server.kill()
            server.wait()
        port = free_port()
        server = start(port)
        try:
            assert server.stdout is not None and server.stdout.readline().split() == ["ready", "1"]
            second = Served(port, None)
            for device, (code, token) in zip((host, guest), held, strict=True):
                await TornadoTransport.connect(second.url, device)
                device.rejoin(code, token)
            await until(lambda: guest.snapshot == seen[1], "the guest's seat, as it was")
            await until(lambda: host.snapshot == seen[0], "the host's seat, as it was")
            for _ in range(6):
                assert await act([host, guest], rng)
            assert getattr(host.snapshot, "ply", -1) > ply
        finally:
            server.kill()
            server.wait()

    asyncio.run(main())
