"""A class service in this process, pupils' clients connected to it, and a fingerprint of
everything the store holds (a refusal must leave it as it was)."""

from __future__ import annotations

import json
from pathlib import Path

from sheepkit.classes.client import ClassClient, LocalTransport
from sheepkit.classes.messages import Message
from sheepkit.classes.service import ClassService
from sheepkit.classes.store import ClassRow, ClassStore


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def service_at(path: Path | str = ":memory:") -> tuple[ClassService, Clock]:
    clock = Clock()
    return ClassService(ClassStore(path), clock=clock), clock


def pupil(service: ClassService) -> ClassClient:
    client = ClassClient()
    LocalTransport(service, client)
    return client


def joined(service: ClassService, klass: ClassRow, name: str) -> ClassClient:
    client = pupil(service)
    send(client, {"op": "join", "code": klass.code, "name": name})
    assert client.joined is not None, client.refused
    return client


def send(client: ClassClient, message: dict[str, object] | Message | str) -> None:
    """Send a message, a dict as JSON, or a text as it is."""
    assert client.transport is not None
    if isinstance(message, Message):
        text = message.to_json()
    else:
        text = message if isinstance(message, str) else json.dumps(message)
    client.transport.send(text)


def fingerprint(service: ClassService) -> list[tuple[object, ...]]:
    """Every row of every table of the store."""
    db = service.store.db
    rows: list[tuple[object, ...]] = []
    for table in ("classes", "pupils", "answers", "runs", "questions"):
        rows += [(table, *tuple(row)) for row in db.execute(f"SELECT * FROM {table} ORDER BY 1")]
    return rows
