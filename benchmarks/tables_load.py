"""Tables under a class's load: N devices at N/2 two-seat tables on one table server.

    .venv/bin/python benchmarks/tables_load.py [--devices 30] [--seconds 40] [--think 0.5]
        [--game wolf_and_sheep] [--store]

Loopback only and bounded: it starts the table server (sheepkit.tables.server, as `make app`
and `make classroom` serve it) in a subprocess on a free port of 127.0.0.1, then plays from
this process: each pair of devices opens a table, sits, plays random legal moves from its own
snapshots (each device waits ``--think`` seconds before its move, as a pupil would; 0: at
once), rolls its own dice, and at the end of a game the host closes its table and opens
another, until ``--seconds`` have passed. It reports the time from a move's send on one device
to the snapshot with that move on the other device (median, p90, max) and the server's memory
(RSS from /proc). With ``--store`` the server keeps its tables in a store (the classes'
SQLite file, in a new temporary folder on disk), as Voila and ``make classroom`` do, and it
reports the time each table's save took in the server too.
"""

from __future__ import annotations

import argparse
import asyncio
import random
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from sheepkit.tables.client import TableClient, TornadoTransport


class TimedKeeper:
    """A keeper that times each save (in the server's process)."""

    def __init__(self, keeper: Any) -> None:
        self.keeper = keeper
        self.saves: list[float] = []
        self.sizes: list[int] = []

    def save(self, code: str, text: str) -> None:
        started = time.perf_counter()
        self.keeper.save(code, text)
        self.saves.append(time.perf_counter() - started)
        self.sizes.append(len(text))

    def delete(self, code: str) -> None:
        self.keeper.delete(code)

    def load_all(self) -> list[tuple[str, str]]:
        return list(self.keeper.load_all())


def serve(port: int, store: str | None) -> None:
    """The server side (run in the subprocess); SIGTERM ends it (with the saves' times)."""
    from tornado import web

    from sheepkit.classes.store import FILE_NAME, ClassStore
    from sheepkit.tables.keeper import StoredTables
    from sheepkit.tables.server import add_table_handlers, make_service

    async def main() -> None:
        keeper = TimedKeeper(StoredTables(ClassStore(Path(store) / FILE_NAME))) if store else None
        app = web.Application()
        add_table_handlers(app, "/", make_service(keeper))
        app.listen(port, "127.0.0.1")
        stop = asyncio.Event()
        asyncio.get_running_loop().add_signal_handler(signal.SIGTERM, stop.set)
        print("ready", flush=True)
        await stop.wait()
        if keeper is not None and keeper.saves:
            ms = sorted(1000 * x for x in keeper.saves)
            print(
                f"  store: {len(ms)} saves, median {statistics.median(ms):.2f} ms, "
                f"p90 {ms[int(0.9 * (len(ms) - 1))]:.2f} ms, max {ms[-1]:.1f} ms; "
                f"a table's JSON median {statistics.median(keeper.sizes) / 1024:.1f} KB",
                flush=True,
            )

    asyncio.run(main())


def rss_mb(pid: int) -> tuple[float, float]:
    """(RSS now, peak RSS) of a process, in MB."""
    fields = {}
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        key, _, value = line.partition(":")
        fields[key] = value.strip()
    return int(fields["VmRSS"].split()[0]) / 1024, int(fields["VmHWM"].split()[0]) / 1024


class Pair:
    """Two devices at one table, playing games one after another."""

    def __init__(self, url: str, game: str, think: float, rng: random.Random) -> None:
        self.url, self.game, self.think, self.rng = url, game, think, rng
        self.sent: dict[tuple[str, int], float] = {}  # (table, ply after the move) -> time
        self.latencies: list[float] = []
        self.games = 0

    def heard(self, device: int, message: dict[str, object]) -> None:
        if message.get("op") == "state":
            key = (str(message["code"]), int(message["ply"]))  # type: ignore[call-overload]
            sent = self.sent.get(key)
            if sent is not None and device != self.mover.get(key):
                self.latencies.append(time.perf_counter() - sent)

    async def play(self, until: float) -> None:
        while time.perf_counter() < until:
            await self.one_game(until)

    async def one_game(self, until: float) -> None:
        self.mover: dict[tuple[str, int], int] = {}
        devices = [TableClient(), TableClient()]
        for i, device in enumerate(devices):
            await TornadoTransport.connect(self.url, device)
            device.on(lambda message, i=i: self.heard(i, message.as_dict()))
        host, guest = devices
        host.open(self.game, ["human", "human"])
        await wait_for(lambda: host.code is not None or bool(host.errors))
        if host.errors:
            raise RuntimeError(f"the server refused a table: {host.errors[-1]}")
        guest.sit(host.code or "", 1)
        await wait_for(lambda: guest.snapshot is not None)
        host.start()
        await wait_for(lambda: host.snapshot is not None and host.snapshot.stage == "playing")
        while time.perf_counter() < until:
            snaps = [d.snapshot.as_dict() if d.snapshot else {} for d in devices]
            if snaps[0].get("stage") == "over" or snaps[1].get("stage") == "over":
                self.games += 1
                break
            turn = next((i for i, s in enumerate(snaps) if acts(s)), None)
            if turn is None:
                await asyncio.sleep(0.005)
                continue
            snap = snaps[turn]
            await asyncio.sleep(self.think)
            key = (str(snap["code"]), int(snap["ply"]) + 1)
            self.mover[key] = turn
            self.sent[key] = time.perf_counter()
            if snap["legal"]:
                devices[turn].move(self.rng.choice(snap["legal"]))
            else:
                devices[turn].roll()  # a roll is a move too (Shave a Sheep's die)
            other, ply = devices[1 - turn], key[1]
            await wait_for(lambda o=other, p=ply: getattr(o.snapshot, "ply", -1) >= p)
        host.close_table()  # a class's finished table: 40 open ones are the server's most
        await wait_for(lambda: host.closed is not None)
        for device in devices:
            device.disconnect()


def acts(snap: dict[str, object]) -> bool:
    """The device decides now: a move to choose, or its own roll to make."""
    return bool(snap.get("legal")) or (
        bool(snap.get("may_roll")) and snap["acting"] == snap["seat"]
    )


async def wait_for(condition: object, timeout: float = 30) -> None:
    end = time.perf_counter() + timeout
    while not condition():  # type: ignore[operator]
        if time.perf_counter() > end:
            raise TimeoutError("the table server did not answer in time")
        await asyncio.sleep(0.002)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--devices", type=int, default=30)
    parser.add_argument("--seconds", type=float, default=40)
    parser.add_argument("--think", type=float, default=0.5)
    parser.add_argument("--game", default="wolf_and_sheep")
    parser.add_argument(
        "--store", action="store_true", help="keep the tables in a store (a new folder on disk)"
    )
    parser.add_argument("--serve", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--store-folder", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        serve(args.serve, args.store_folder)
        return
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    folder = tempfile.TemporaryDirectory(prefix="tables_load-") if args.store else None
    keep = ["--store-folder", folder.name] if folder is not None else []
    server = subprocess.Popen(
        [sys.executable, __file__, "--serve", str(port), *keep], stdout=subprocess.PIPE, text=True
    )
    said = ""
    try:
        assert server.stdout is not None and server.stdout.readline().strip() == "ready"
        idle_rss, _ = rss_mb(server.pid)
        url = f"ws://127.0.0.1:{port}/sheepkit/tables"
        pairs = [
            Pair(url, args.game, args.think, random.Random(i)) for i in range(args.devices // 2)
        ]
        until = time.perf_counter() + args.seconds

        async def run() -> None:
            await asyncio.gather(*(pair.play(until) for pair in pairs))

        started = time.perf_counter()
        asyncio.run(run())
        elapsed = time.perf_counter() - started
        rss, peak = rss_mb(server.pid)
    finally:
        server.terminate()
        said = server.stdout.read() if server.stdout is not None else ""
        server.wait(10)
        if folder is not None:
            folder.cleanup()
    latencies = sorted(ms for pair in pairs for ms in pair.latencies)
    ms = [1000 * x for x in latencies]
    games = sum(pair.games for pair in pairs)
    with open("/proc/loadavg") as f:
        load = f.read().split()[0]
    kept = f", tables kept in a store on disk ({folder.name})" if folder is not None else ""
    print(
        f"{args.devices} devices at {len(pairs)} tables of {args.game}, think {args.think} s, "
        f"{elapsed:.0f} s (load average {load}){kept}"
    )
    print(f"  moves: {len(ms)} ({len(ms) / elapsed:.1f}/s), games finished: {games}")
    print(
        f"  move -> other device: median {statistics.median(ms):.1f} ms, "
        f"p90 {ms[int(0.9 * (len(ms) - 1))]:.1f} ms, max {ms[-1]:.1f} ms"
    )
    print(f"  server RSS: {idle_rss:.0f} MB idle, {rss:.0f} MB at the end, peak {peak:.0f} MB")
    if said.strip():
        print(said.rstrip())


if __name__ == "__main__":
    main()
