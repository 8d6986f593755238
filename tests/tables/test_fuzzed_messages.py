"""Whatever a device sends, the service answers in JSON and never fails: arbitrary text and
arbitrary JSON built around the real ops (hypothesis)."""

from __future__ import annotations

import json
from dataclasses import fields
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from table_devices import open_table, room

from sheepkit.tables import ProtocolError
from sheepkit.tables.protocol import OPS, read_op

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=20,
)
FIELDS = sorted({spec.name for kind in OPS.values() for spec in fields(kind)})
MESSAGES = st.builds(
    lambda op, fields: {"op": op, **fields},
    st.sampled_from([*OPS, "dance", ""]),
    st.dictionaries(st.sampled_from(FIELDS), JSON, max_size=4),
)


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=200) | st.binary(max_size=50) | JSON.map(json.dumps))
def test_read_op_reads_or_refuses_anything(text: Any) -> None:
    try:
        message = read_op(text)
    except ProtocolError as error:
        assert error.reason
    else:
        assert OPS[message.OP] is type(message)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(MESSAGES | JSON, min_size=1, max_size=8))
def test_the_service_answers_any_messages_in_json_and_keeps_its_limits(messages: list[Any]) -> None:
    service, clock = room(max_tables=2)
    host, guest = open_table(service, "lamb_mimes", ["Human", "Human"], {"players": 2})
    stranger = open_table(service, "wolf_and_sheep", ["Human", "Human"])[0]
    heard: list[str] = []
    for device in (host, guest, stranger):
        transport: Any = device.transport
        send = transport.device.send
        transport.device.send = lambda text, send=send: (heard.append(text), send(text))
    for i, message in enumerate(messages):
        clock.now += 0.1
        device: Any = (host, guest, stranger)[i % 3].transport.device
        service.receive(device, json.dumps(message))
    for text in heard:
        assert isinstance(json.loads(text), dict)
    assert len(service.tables) <= 2
    for table in service.tables.values():  # each seat still held by at most its own device
        devices = [s.device for s in table.seats if s.device is not None]
        assert len(devices) == len(set(map(id, devices)))
