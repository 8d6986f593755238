"""The table protocol's messages, both ways: each reads back as itself, each refuses a field
of the wrong kind (or one too many, or one missing) in words; the service has a handler for
every op a device may send and TableClient a method that sends it; ``connect`` picks the
transport of the interpreter it runs in."""

from __future__ import annotations

import ast
import json
import sys
from dataclasses import MISSING, fields
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from table_devices import room

import sheepkit
from sheepkit.core.messages import nesting
from sheepkit.session import HUMAN as SESSION_HUMAN
from sheepkit.tables import client as client_module
from sheepkit.tables import protocol as p
from sheepkit.tables.client import TableClient, connect, service_connector
from sheepkit.ui.app import GameApp

JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(max_size=20),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
SHORT = st.text(max_size=30)
WHOLE = st.integers(min_value=-1, max_value=10**6 - 1)
#: A value of each field kind that the kind's check takes.
OF_KIND: dict[str, st.SearchStrategy[Any]] = {
    "int": WHOLE,
    "whole": st.integers(),
    "whole|null": st.none() | st.integers(),
    "text": SHORT,
    "str": st.text(max_size=300),
    "text|null": st.none() | SHORT,
    "str|null": st.none() | st.text(max_size=300),
    "bool": st.booleans(),
    "list": st.lists(SHORT, min_size=1, max_size=p.MAX_SEATS),
    "rules": st.dictionaries(SHORT, st.integers() | SHORT, max_size=5),
    "object": st.dictionaries(SHORT, JSON, max_size=4),
    "texts": st.lists(SHORT, max_size=5),
    "array": st.lists(JSON, max_size=4),
    "seats": st.lists(st.fixed_dictionaries({"who": SHORT, "taken": st.booleans()}), max_size=4),
    "json": JSON,
}
MESSAGES = [*p.OPS.values(), *p.REPLIES.values()]


def message_of(cls: type[p.Message]) -> st.SearchStrategy[p.Message]:
    """Any message of ``cls`` whose fields are each of their kind."""
    return st.builds(
        lambda values: cls(**values),
        st.fixed_dictionaries({f.name: OF_KIND[f.metadata["kind"]] for f in fields(cls)}),
    )


def reader(cls: type[p.Message]) -> Any:
    return p.read_op if cls in p.OPS.values() else p.read_reply


def test_every_field_has_a_kind_the_checks_know() -> None:
    for cls in MESSAGES:
        for spec in fields(cls):
            kind = spec.metadata["kind"]
            assert kind in OF_KIND, (cls, spec.name)
            p.type_problem(None, kind)  # (an unknown kind raises AssertionError)
    assert len({m.OP for m in p.OPS.values()}) == len(p.OPS)


@pytest.mark.parametrize("cls", MESSAGES, ids=lambda c: c.__name__)
@settings(max_examples=40, deadline=None)
@given(data=st.data())
def test_each_message_reads_back_as_itself(cls: type[p.Message], data: st.DataObject) -> None:
    message = data.draw(message_of(cls))
    text = message.to_json()
    assert json.loads(text)["op"] == cls.OP
    assert reader(cls)(text) == message


@pytest.mark.parametrize("cls", MESSAGES, ids=lambda c: c.__name__)
@settings(max_examples=60, deadline=None)
@given(data=st.data(), value=JSON)
def test_a_field_of_the_wrong_kind_is_refused_in_words(
    cls: type[p.Message], data: st.DataObject, value: Any
) -> None:
    specs = fields(cls)
    if specs:
        spec = data.draw(st.sampled_from(specs))
        name, problem = spec.name, p.type_problem(value, spec.metadata["kind"])
    else:
        name, problem = "x", "absent"
    text = json.dumps({**data.draw(message_of(cls)).as_dict(), name: value})
    small = len(text) <= p.MAX_MESSAGE and nesting(text) <= p.MAX_DEPTH
    if cls in p.OPS.values() and not small:  # a device's message: refused for its size
        with pytest.raises(p.ProtocolError, match=r"longer than|nests deeper"):
            reader(cls)(text)
    elif not specs:
        with pytest.raises(p.ProtocolError, match=f"{cls.OP} takes no 'x'"):
            reader(cls)(text)
    elif problem:
        with pytest.raises(p.ProtocolError) as refused:
            reader(cls)(text)
        assert refused.value.reason == f"{cls.OP}: {name!r} should be {problem}"
        assert refused.value.op == cls.OP
    else:
        assert getattr(reader(cls)(text), name) == value


@pytest.mark.parametrize("cls", MESSAGES, ids=lambda c: c.__name__)
def test_a_missing_field_or_one_too_many_is_refused(cls: type[p.Message]) -> None:
    for spec in fields(cls):
        if spec.default is MISSING and spec.default_factory is MISSING:
            with pytest.raises(p.ProtocolError, match=f"{cls.OP} needs '{spec.name}'"):
                reader(cls)(json.dumps({"op": cls.OP}))
            break
    with pytest.raises(p.ProtocolError, match=f"{cls.OP} takes no 'dance'"):
        reader(cls)(json.dumps({"op": cls.OP, "dance": 1}))


def test_the_two_directions_are_read_apart() -> None:
    with pytest.raises(p.ProtocolError, match="no op 'state'; the ops are: open, look"):
        p.read_op(json.dumps({"op": "state"}))
    with pytest.raises(p.ProtocolError, match="no op 'move'"):
        p.read_reply(p.Move(move="a1", ply=0).to_json())
    assert p.read_reply(p.Pong().to_json()) == p.Pong()


def test_closed_leaves_its_defaults_off_the_wire() -> None:
    assert json.loads(p.Closed(reason="bye").to_json()) == {"op": "closed", "reason": "bye"}
    sent = json.loads(p.Closed(reason="bye", code="K7QX", elsewhere=True).to_json())
    assert sent == {"op": "closed", "reason": "bye", "code": "K7QX", "elsewhere": True}


def test_the_service_has_a_handler_for_every_op_and_no_other() -> None:
    service, _ = room()
    assert set(service.handlers) == set(p.OPS.values())
    for cls, handler in service.handlers.items():
        assert handler.__self__ is service, cls


class Recorder:
    def __init__(self) -> None:
        self.sent: list[p.Message] = []

    def send(self, text: str) -> None:
        self.sent.append(p.read_op(text))

    def close(self) -> None:
        pass


def test_table_client_has_a_method_that_sends_every_op() -> None:
    client, transport = TableClient(), Recorder()
    client.transport = transport
    client.open("wolf_and_sheep", [p.HUMAN, "Random"])
    client.look("K7QX")
    client.sit("K7QX", 1)
    client.rejoin("K7QX", "token")
    client.move("a1-b2")
    client.roll()
    client.claim()
    client.start()
    client.set_rules({})
    client.set_seat(1, p.HUMAN)
    client.close_table()
    client.leave()
    client.ask_record()
    client.ping()
    assert {type(m) for m in transport.sent} == set(p.OPS.values())


def test_the_client_and_the_panel_handle_only_the_services_messages() -> None:
    assert set(TableClient()._handlers) <= set(p.REPLIES.values())
    panel = GameApp("wolf_and_sheep", seed=1).tables
    assert set(panel._handlers) <= set(p.REPLIES.values())


def test_the_human_seat_is_spelled_once_at_tables_and_in_sessions() -> None:
    assert p.HUMAN is SESSION_HUMAN == "Human"
    package = Path(sheepkit.__file__).parent
    spelled = sorted(
        str(path.relative_to(package))
        for path in package.rglob("*.py")
        for node in ast.walk(ast.parse(path.read_text()))
        if isinstance(node, ast.Constant) and node.value in ("Human", "human")
    )
    # (A docstring saying "Human" is no such constant; the authority reads a table kept by
    # version 1, which spelled it "human".)
    assert spelled == ["session.py", "tables/authority.py"]


def test_connect_uses_the_browsers_websocket_in_pyodide(monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[tuple[str, Any]] = []
    monkeypatch.setattr(sys, "platform", "emscripten")
    monkeypatch.setattr(client_module, "BrowserTransport", lambda url, c: made.append((url, c)))
    client = TableClient()
    connect("ws://here/sheepkit/tables", client)
    assert made == [("ws://here/sheepkit/tables", client)]


def test_connect_uses_tornado_in_cpython(monkeypatch: pytest.MonkeyPatch) -> None:
    made: list[tuple[str, Any]] = []

    class Tornado:
        @staticmethod
        def connect(url: str, c: Any) -> str:
            made.append((url, c))
            return "a coroutine"

    monkeypatch.setattr(sys, "platform", "linux")
    monkeypatch.setattr(client_module, "TornadoTransport", Tornado)
    client = TableClient()
    assert connect("ws://here/sheepkit/tables", client) == "a coroutine"
    assert made == [("ws://here/sheepkit/tables", client)]


def test_a_static_site_has_no_service_to_connect_to(monkeypatch: pytest.MonkeyPatch) -> None:
    assert service_connector(None, "", "tables") is None
    monkeypatch.setattr(sys, "platform", "emscripten")
    monkeypatch.setattr(client_module, "_answers", lambda url, key: False)
    assert service_connector("ws://here/t", "http://here/t/hello", "tables") is None
    monkeypatch.setattr(client_module, "_answers", lambda url, key: True)
    assert service_connector("ws://here/t", "http://here/t/hello", "tables") is not None


def test_a_client_connects_when_it_first_sends_and_then_sends_what_waited() -> None:
    transport = Recorder()

    def connector(client: TableClient) -> None:
        client.transport = transport

    client = TableClient(connector)
    client.look("K7QX")
    client.ping()
    assert transport.sent == [p.Look(code="K7QX"), p.Ping()]


def test_a_client_that_cannot_connect_says_why_and_drops_what_waited() -> None:
    heard: list[BaseException | None] = []

    def connector(client: TableClient) -> None:
        raise OSError("no route")

    client = TableClient(connector)
    client.on_unreachable = heard.append
    client.ping()
    assert [str(e) for e in heard] == ["no route"] and client._outbox.waiting == []
