"""A server restart loses no game (issue 39, finding 8): a service that keeps its tables in the
server's SQLite store resumes every one of them, and each device takes its seat up again with
its token and plays on from the same position, to the end."""

from __future__ import annotations

import json
import logging
import random
import sqlite3
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from table_devices import Clock, act_randomly, open_table
from test_probe_findings import extreme_rules

from sheepkit.classes.store import ClassStore
from sheepkit.core import load
from sheepkit.tables import TableClient, TableService, local_client
from sheepkit.tables.authority import OVER_CLOSE, MemoryKeeper, token_digest
from sheepkit.tables.client import LocalTransport
from sheepkit.tables.keeper import StoredTables
from sheepkit.tables.protocol import State


class Timers:
    """The service's ``later``: waits kept and never run (a race stays under way)."""

    def __init__(self) -> None:
        self.waiting: list[tuple[float, Callable[[], None]]] = []

    def __call__(self, seconds: float, callback: Callable[[], None]) -> None:
        self.waiting.append((seconds, callback))


class Server:
    """One run of a server: its store on the file, its service keeping its tables there."""

    def __init__(self, path: Path, clock: Clock, **options: Any) -> None:
        self.store = ClassStore(path)
        self.service = TableService(
            clock=clock, wall=clock, seed=lambda: 7, keeper=StoredTables(self.store), **options
        )

    def stop(self) -> None:
        """The process ends: nothing more is written (its tables stay in the store)."""
        self.store.close()


def comparable(snapshot: State | None) -> dict[str, Any]:
    """A device's snapshot, but for the table's code (a twin table has another)."""
    assert snapshot is not None
    return {key: value for key, value in snapshot.as_dict().items() if key != "code"}


def clock_of(device: TableClient) -> Clock:
    """The test's clock of the service a device is connected to in this process."""
    transport = device.transport
    assert isinstance(transport, LocalTransport)
    clock = transport.service.clock
    assert isinstance(clock, Clock)
    return clock


def lockstep(
    twins: list[tuple[TableClient, TableClient]], rng: random.Random, limit: int = 5000
) -> int:
    """Random legal moves (and rolls) chosen from the first device of each pair, made on both:
    each pair's snapshots must stay the same, to the end of the game; the actions made."""
    clock = clock_of(twins[0][0])
    for count in range(limit):
        clock.now += 0.1  # (no flood)
        for one, other in twins:
            assert comparable(one.snapshot) == comparable(other.snapshot), count
        for one, other in twins:
            snap = comparable(one.snapshot)
            if snap["stage"] != "playing":
                continue
            if snap["legal"]:
                move = rng.choice(snap["legal"])
                one.move(move)
                other.move(move)
                break
            if snap["may_roll"] and snap["acting"] == snap["seat"]:
                one.roll()
                other.roll()
                break
        else:
            return count
    raise AssertionError(f"the game did not end in {limit} actions")


def play(devices: list[TableClient], rng: random.Random, actions: int) -> None:
    clock = clock_of(devices[0])
    for _ in range(actions):
        clock.now += 0.1  # (no flood)
        for device in devices:
            snap = comparable(device.snapshot)
            if snap["legal"]:
                device.move(rng.choice(snap["legal"]))
                break
            if snap["may_roll"] and snap["acting"] == snap["seat"]:
                device.roll()
                break
        else:
            raise AssertionError("nobody could act")


@pytest.mark.parametrize(
    ("game", "rules"),
    [
        ("wolf_and_sheep", {}),
        ("shave_a_sheep", {}),  # dice
        ("lamb_mimes", {"players": 2}),  # hidden hands, deals
    ],
)
def test_a_restarted_service_resumes_the_table_and_its_devices_play_on_to_the_end(
    tmp_path: Path, game: str, rules: dict[str, Any]
) -> None:
    """Two humans play a few moves; the server restarts (a new service on the same file);
    each device rejoins with its token and sees the position it saw; they play on to the
    end, move for move and roll for roll as at a twin table that was never restarted (the
    dice go on where they were, they do not start again from the seed)."""
    clock = Clock()
    first = Server(tmp_path / "classes.sqlite3", clock)
    twin = TableService(clock=clock, seed=lambda: 7)
    devices = open_table(first.service, game, ["Human", "Human"], rules)
    twins = open_table(twin, game, ["Human", "Human"], rules)
    for pair in (devices, twins):
        pair[0].start()
    rng, twin_rng = random.Random(3), random.Random(3)
    play(devices, rng, 6)
    play(twins, twin_rng, 6)
    seen = [comparable(d.snapshot) for d in devices]
    assert seen == [comparable(d.snapshot) for d in twins]
    assert seen[0]["ply"] >= 6 and seen[0]["stage"] == "playing"
    held = [(d.code or "", d.token or "") for d in devices]
    first.stop()

    second = Server(tmp_path / "classes.sqlite3", clock)
    assert list(second.service.tables) == [held[0][0]]
    back = [local_client(second.service) for _ in devices]
    for device, (code, token) in zip(back, held, strict=True):
        device.rejoin(code, token)
        assert device.seated is not None and device.token == token, device.errors
    assert [comparable(d.snapshot) for d in back] == seen  # the same position, seen alike
    actions = lockstep(list(zip(back, twins, strict=True)), rng)
    assert actions > 0
    final = comparable(back[0].snapshot)
    assert final["stage"] == "over" and final["outcome"]
    # Over: kept until it closes, then gone from the store too.
    assert [code for code, _ in StoredTables(second.store).load_all()] == [held[0][0]]
    clock.now += OVER_CLOSE
    assert second.service.close_idle() == [held[0][0]]
    assert StoredTables(second.store).load_all() == []
    second.stop()


def test_the_store_keeps_token_digests_and_nothing_goes_to_a_device_that_did_not(
    tmp_path: Path,
) -> None:
    clock = Clock()
    server = Server(tmp_path / "classes.sqlite3", clock)
    host, guest = open_table(server.service, "lamb_mimes", ["Human", "Human"], {"players": 2})
    host.start()
    ((code, text),) = StoredTables(server.store).load_all()
    assert host.token is not None and guest.token is not None
    assert host.token not in text and guest.token not in text
    kept = json.loads(text)
    assert [digest for _, digest in kept["seats"]] == [
        token_digest(host.token),
        token_digest(guest.token),
    ]
    assert kept["record"]["seed"] == 7 and code == host.code
    # A wrong token holds no seat after a restart either; the right one does.
    server.stop()
    again = Server(tmp_path / "classes.sqlite3", clock)
    stranger = local_client(again.service)
    stranger.rejoin(code, guest.token[:-1] + ("A" if guest.token[-1] != "A" else "B"))
    assert stranger.seated is None and "holds no seat" in stranger.errors[-1]
    stranger.rejoin(code, "ü" * 20)
    assert stranger.seated is None and len(stranger.errors) == 2
    again.stop()


def test_closed_tables_leave_the_store(tmp_path: Path) -> None:
    clock = Clock()
    server = Server(tmp_path / "classes.sqlite3", clock)
    kept = StoredTables(server.store)
    host, _ = open_table(server.service, "wolf_and_sheep", ["Human", "Human"])
    other, _ = open_table(server.service, "wolf_and_sheep", ["Human", "Human"])
    assert len(kept.load_all()) == 2
    host.close_table()
    assert [code for code, _ in kept.load_all()] == [other.code]
    clock.now += server.service.idle_close
    server.service.close_idle()
    assert kept.load_all() == []
    server.stop()


def test_a_bot_thinking_at_the_restart_thinks_again_and_a_lobby_waits_for_its_host(
    tmp_path: Path,
) -> None:
    clock = Clock()
    held: list[object] = []
    first = Server(tmp_path / "t.sqlite3", clock, think=lambda work, done: held.append(work))
    (host,) = open_table(first.service, "wolf_and_sheep", ["Human", "Sensible"])
    lobby, _ = open_table(first.service, "wolf_and_sheep", ["Human", "Human"])
    host.start()
    play([host], random.Random(1), 1)
    assert len(held) == 1  # the bot thinks (and never answers, in this run)
    code, token, ply = host.code or "", host.token or "", comparable(host.snapshot)["ply"]
    first.stop()

    second = Server(tmp_path / "t.sqlite3", clock)  # bots think at once
    back = local_client(second.service)
    back.rejoin(code, token)
    snap = comparable(back.snapshot)
    assert snap["ply"] == ply + 1 and snap["legal"]  # the bot has moved: the human's turn
    # The lobby's host is not back: after HOST_GRACE it closes, and leaves the store.
    clock.now += 61
    assert second.service.close_idle() == [lobby.code]
    assert [c for c, _ in StoredTables(second.store).load_all()] == [code]
    second.stop()


def test_a_race_under_way_at_the_restart_is_settled_at_random_and_the_log_says_so(
    tmp_path: Path,
) -> None:
    clock = Clock()
    first = Server(tmp_path / "r.sqlite3", clock, later=Timers())
    rules = {"players": 2, "wolf": "howling_wolf"}
    host, guest = open_table(first.service, "shave_a_sheep", ["Human", "Human"], rules)
    host.start()
    state = host.state()
    assert state is not None
    host.roll(next(str(o) for o, _ in state.chance_outcomes() if "gray" in str(o)))
    assert comparable(host.snapshot)["race"]
    ply = comparable(host.snapshot)["ply"]
    held = [(d.code or "", d.token or "") for d in (host, guest)]
    first.stop()

    second = Server(tmp_path / "r.sqlite3", clock, later=Timers())
    back = [local_client(second.service) for _ in held]
    for device, (code, token) in zip(back, held, strict=True):
        device.rejoin(code, token)
    snap = comparable(back[0].snapshot)
    assert not snap["race"] and snap["ply"] == ply + 1
    assert "The server restarted during the race: chance chose" in snap["log"]
    assert " howls first" in " ".join(snap["log"])
    assert comparable(back[1].snapshot)["log"] == snap["log"]
    play(back, random.Random(2), 1)  # and the game goes on
    second.stop()


def test_a_corrupt_or_foreign_row_is_skipped_with_a_log_line(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    clock = Clock()
    path = tmp_path / "classes.sqlite3"
    first = Server(path, clock)
    host, _ = open_table(first.service, "wolf_and_sheep", ["Human", "Human"])
    host.start()
    good = host.code or ""
    ((_, text),) = StoredTables(first.store).load_all()
    kept = json.loads(text)
    rows = {
        "AAAA": "{not json",
        "BBBB": json.dumps({"form": "something else"}),
        "CCCC": json.dumps({**kept, "code": "CCCC", "version": 99}),
        "DDDD": json.dumps({**kept, "code": "DDDD", "seats": [["Human", "x"]]}),
        "EEEE": json.dumps({**kept, "code": "EEEE", "record": {**kept["record"], "game": "chess"}}),
        "FFFF": json.dumps({**kept, "code": "FFFF", "dice": [3, "AAAA", None]}),
        "GGGG": json.dumps({**kept, "code": "GGGG", "seats": [["Human", ""], ["Nobody", ""]]}),
        "HHHH": json.dumps(
            {**kept, "code": "HHHH", "record": {**kept["record"], "history": ["z9"]}}
        ),
    }
    for code, row in rows.items():
        first.store.save_table(code, row)
    first.store.db.execute("INSERT INTO tables VALUES ('JJJJ', x'00ff', 0)")
    first.stop()

    with caplog.at_level(logging.WARNING):
        second = Server(path, clock)
    assert list(second.service.tables) == [good]
    skipped = [r.getMessage() for r in caplog.records if "not resumed" in r.getMessage()]
    assert sorted(m.split("'")[1] for m in skipped) == sorted(rows)
    assert any("not text" in r.getMessage() for r in caplog.records)
    back = local_client(second.service)
    back.rejoin(good, host.token or "")
    assert comparable(back.snapshot)["stage"] == "playing"
    second.stop()


def test_a_table_kept_by_version_1_which_named_its_stage_phase_and_its_human_human_resumes(
    tmp_path: Path,
) -> None:
    clock = Clock()
    path = tmp_path / "classes.sqlite3"
    first = Server(path, clock)
    host, _ = open_table(first.service, "wolf_and_sheep", ["Human", "Human"])
    host.start()
    code = host.code or ""
    ((_, text),) = StoredTables(first.store).load_all()
    kept = json.loads(text)
    assert kept["version"] == 2 and kept["stage"] == "playing"
    assert [who for who, _ in kept["seats"]] == ["Human", "Human"]
    old = {k: v for k, v in kept.items() if k != "stage"}
    old["seats"] = [["human", digest] for _, digest in kept["seats"]]  # as version 1 spelled it
    first.store.save_table(code, json.dumps({**old, "version": 1, "phase": "playing"}))
    first.stop()

    second = Server(path, clock)
    assert list(second.service.tables) == [code]
    assert second.service.tables[code].stage == "playing"
    assert [seat.who for seat in second.service.tables[code].seats] == ["Human", "Human"]
    second.stop()


def test_a_store_made_before_tables_were_kept_gains_their_table(tmp_path: Path) -> None:
    path = tmp_path / "classes.sqlite3"
    old = ClassStore(path)
    old.open_class("4B")
    old.db.execute("DROP TABLE tables")  # as a store of the class feature's first version
    old.close()
    server = Server(path, Clock())
    open_table(server.service, "wolf_and_sheep", ["Human", "Human"])
    assert len(StoredTables(server.store).load_all()) == 1
    assert [c.name for c in server.store.classes()] == ["4B"]
    server.stop()
    with sqlite3.connect(path) as db:
        assert db.execute("SELECT value FROM meta WHERE key='schema'").fetchone() == ("1",)


@pytest.mark.parametrize(
    ("game", "rules"), extreme_rules(), ids=lambda v: v if isinstance(v, str) else None
)
def test_every_rule_at_its_extremes_resumes(game: str, rules: dict[str, Any]) -> None:
    """Whatever rules a table plays (a designed die, the Sheep Race's cards...), a restart
    resumes it at the same position."""
    clock, keeper = Clock(), MemoryKeeper()
    service = TableService(clock=clock, wall=clock, seed=lambda: 7, keeper=keeper)
    count = load(game, **rules).num_players
    devices = open_table(service, game, ["Human"] + ["Random"] * (count - 1), rules)
    host = devices[0]
    host.start()
    rng = random.Random(0)
    for _ in range(4):
        clock.now += 0.1
        act_randomly(devices, rng)
    seen = comparable(host.snapshot)
    again = TableService(clock=clock, wall=clock, seed=lambda: 7, keeper=keeper)
    back = local_client(again)
    back.rejoin(host.code or "", host.token or "")
    assert comparable(back.snapshot) == seen, back.errors
