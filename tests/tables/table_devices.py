"""In-process devices at tables for the tests: a service with a clock the test moves, clients
connected to it, and a fingerprint of everything the service holds (a refusal must leave it
unchanged)."""

from __future__ import annotations

import json
import random
from typing import Any

from sheepkit.tables import TableClient, TableService, local_client


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def room(**limits: Any) -> tuple[TableService, Clock]:
    clock = Clock()
    return TableService(clock=clock, seed=lambda: 7, **limits), clock


def fingerprint(service: TableService) -> str:
    """Everything the service holds that a message could change (not the clocks)."""
    tables = []
    for code, table in sorted(service.tables.items()):
        session = table.session
        tables.append(
            {
                "code": code,
                "stage": table.stage,
                "host": table.host_seat,
                "seats": [(s.who, s.digest, id(s.device)) for s in table.seats],
                "timeline": [repr(state) for state in session.timeline],
                "session seats": session.seats,
                "notes": table.notes,
                "game": repr(session.game),
            }
        )
    devices = sorted((id(d), d.table.code if d.table else None, d.seat) for d in service.connected)
    return json.dumps({"tables": tables, "devices": devices}, default=str)


def open_table(
    service: TableService, game: str, seats: list[str], rules: dict[str, Any] | None = None
) -> list[TableClient]:
    """A table with a device in every human seat (the host in the first), not started."""
    host = local_client(service)
    host.open(game, seats, rules=rules or {})
    assert host.seated is not None, host.errors
    devices = [host]
    for seat, who in enumerate(seats):
        if who == "Human" and seat != 0:
            guest = local_client(service)
            guest.sit(host.code or "", seat)
            assert guest.seated is not None, guest.errors
            devices.append(guest)
    return devices


def act_randomly(devices: list[TableClient], rng: random.Random) -> bool:
    """One device that may act does (a random legal move, or its roll); False if none may."""
    for device in devices:
        snap = device.snapshot
        if snap is None or snap.stage != "playing":
            continue
        if snap.legal:
            device.move(rng.choice(snap.legal))
            return True
        if snap.may_roll and snap.acting == snap.seat:
            device.roll()
            return True
    return False


def play_out(devices: list[TableClient], rng: random.Random, limit: int = 5000) -> int:
    """Random legal moves from every device's own snapshot until none may act; the count.
    A tenth of a second passes on a test's clock between two actions (no flood)."""
    clock = getattr(devices[0].transport, "service", None)
    clock = getattr(clock, "clock", None)
    for count in range(limit):
        if isinstance(clock, Clock):
            clock.now += 0.1
        if not act_randomly(devices, rng):
            return count
    raise AssertionError(f"the game did not end in {limit} actions")
