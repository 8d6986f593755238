"""What every typed JSON message protocol of sheepkit shares: a frozen dataclass per message,
``{"op": OP, **fields}`` on the wire, and one reader that checks a frame before anything acts
on it (text, size, depth, JSON, a known op, no field too many or too few), leaving each
field's own check to the protocol (a table's ``sheepkit.tables.protocol``, a class's
``sheepkit.classes.messages``). A refusal is a ``MessageError`` (or the protocol's subclass)
whose reason is a sentence. Stdlib only.
"""

from __future__ import annotations

import asyncio
import inspect
import json
from collections.abc import Callable, Mapping
from dataclasses import MISSING, Field, fields
from typing import Any, TypeVar

from .errors import SheepkitError


class MessageError(SheepkitError, ValueError):
    """A message refused, with the reason in words; ``op`` is the op it tried ("" if none
    could be read)."""

    def __init__(self, reason: str, op: str = "") -> None:
        super().__init__(reason)
        self.reason = reason
        self.op = op


M = TypeVar("M")
#: What a field's value should have been, in words ("" when it is right).
FieldCheck = Callable[[type[Any], "Field[Any]", Any], str]


def on_wire(op: str, values: Mapping[str, Any]) -> dict[str, Any]:
    """A message's JSON object: ``{"op": op, **values}`` (the op first), as every reader here
    reads it back; the one place a protocol spells the op's key."""
    return {"op": op, **values}


def needed(spec: Field[Any]) -> bool:
    """A field a message must carry: one without a default, or marked ``needed``."""
    if spec.metadata.get("needed"):
        return True
    return spec.default is MISSING and spec.default_factory is MISSING


def read_frame(
    text: object,
    ops: Mapping[str, type[M]],
    check: FieldCheck,
    *,
    error: type[MessageError] = MessageError,
    max_bytes: int | None = None,
    max_depth: int | None = None,
) -> M:
    """The message in the frame ``text`` (JSON) as its dataclass of ``ops``, every field
    checked by ``check``; ``error`` naming what is wrong. ``max_bytes`` and ``max_depth``
    bound the text before it is parsed (none for a trusted sender's large snapshot)."""
    if isinstance(text, bytes | bytearray):
        raise error("messages are text (JSON), not binary")
    if not isinstance(text, str):
        raise error("a message is a JSON object in a text frame")
    if max_bytes is not None and (
        len(text) > max_bytes or len(text.encode("utf-8", "replace")) > max_bytes
    ):
        raise error(f"the message is longer than {max_bytes:,} bytes")
    if max_depth is not None and nesting(text) > max_depth:
        raise error(f"the message nests deeper than {max_depth} levels")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError) as problem:
        raise error(f"the message is not JSON ({problem})") from problem
    return from_dict(data, ops, check, error=error)


def from_dict(
    data: object,
    ops: Mapping[str, type[M]],
    check: FieldCheck,
    *,
    error: type[MessageError] = MessageError,
) -> M:
    """The message of a decoded JSON object, checked."""
    if not isinstance(data, dict):
        raise error('a message is a JSON object, {"op": ...}')
    op = data.get("op")
    if not isinstance(op, str):
        raise error('the message has no "op" (what it asks for)')
    kind = ops.get(op)
    if kind is None:
        raise error(f"no op {short(op)!r}; the ops are: {', '.join(ops)}", short(op))
    return build(kind, {k: v for k, v in data.items() if k != "op"}, check, error=error)


def build(
    kind: type[M],
    values: Mapping[str, Any],
    check: FieldCheck,
    *,
    error: type[MessageError] = MessageError,
) -> M:
    """``kind(**values)``, each value checked by ``check``; a field left out takes its
    default, unless it is ``needed``."""
    op = str(getattr(kind, "OP", kind.__name__))
    known = {spec.name: spec for spec in fields(kind)}  # type: ignore[arg-type]
    extra = sorted(set(values) - set(known))
    if extra:
        raise error(f"{op} takes no {short(extra[0])!r}", op)
    checked: dict[str, Any] = {}
    for name, spec in known.items():
        if name not in values:
            if needed(spec):
                raise error(f"{op} needs {name!r}", op)
            continue
        problem = check(kind, spec, values[name])
        if problem:
            raise error(f"{op}: {name!r} should be {problem}", op)
        checked[name] = values[name]
    return kind(**checked)


def nesting(text: str) -> int:
    """How deep the JSON text's objects and lists nest, counted on the text outside strings
    before it is parsed (a deep message costs nothing)."""
    depth = deepest = 0
    in_string = escaped = False
    for char in text:
        if in_string:
            if escaped:
                escaped = False
            elif char == "\\":
                escaped = True
            elif char == '"':
                in_string = False
        elif char == '"':
            in_string = True
        elif char in "[{":
            depth += 1
            deepest = max(deepest, depth)
        elif char in "]}":
            depth -= 1
    return deepest


def short(value: object) -> str:
    text = str(value)
    return text if len(text) <= 40 else text[:37] + "..."


class Outbox:
    """Messages for a connection made when the first one is sent: they wait for it, and go
    in order once it is made. ``connect()`` makes it, at once or as an awaitable (a
    websocket's handshake); ``deliver(text)`` sends over it; ``unreachable(error)`` hears why
    it could not be made, and the waiting messages are dropped."""

    def __init__(
        self,
        connect: Callable[[], Any],
        deliver: Callable[[str], None],
        unreachable: Callable[[BaseException | None], None],
    ) -> None:
        self.connect, self.deliver, self.unreachable = connect, deliver, unreachable
        self.waiting: list[str] = []
        self.connecting = False

    def put(self, text: str) -> None:
        self.waiting.append(text)
        if self.connecting:
            return
        self.connecting = True
        try:
            made = self.connect()
        except Exception as error:  # the service cannot be reached: say so, change nothing
            self._failed(error)
            return
        if inspect.isawaitable(made):
            asyncio.ensure_future(made).add_done_callback(
                lambda done: (
                    self._failed(done.exception()) if done.exception() is not None else self._made()
                )
            )
        else:
            self._made()

    def _made(self) -> None:
        self.connecting = False
        waiting, self.waiting = self.waiting, []
        for text in waiting:
            self.deliver(text)

    def _failed(self, error: BaseException | None) -> None:
        self.connecting = False
        self.waiting = []
        self.unreachable(error)
