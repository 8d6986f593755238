"""The messages a device sends a table service, read and checked before anything acts on
them: one JSON object per message, at most MAX_MESSAGE bytes, nested at most MAX_DEPTH deep,
an ``op`` the service knows, and each field of that op of the right type. ``ProtocolError``
says what is wrong in plain words; the service then answers with it and changes nothing."""

from __future__ import annotations

import json
from typing import Any

from ..core import SheepkitError

#: The longest message a device may send, in bytes of its UTF-8 text (a move is a few dozen
#: characters; the longest, "open" with every rule of a game, well under 2 KB).
MAX_MESSAGE = 16_384
#: How deep a message's objects and lists may nest: the message, its "rules", and a rule's
#: value, whose deepest (a designed die, the Sheep Race's dice, payoffs and cards) is a list of
#: lists (``tests/tables/test_probe_findings.py`` computes it from every game's rules).
MAX_DEPTH = 4
#: The most rules a message may name (a game has a dozen or so).
MAX_RULES = 40
#: The longest a text field may be (a table code, a token, a move's notation, a rule's value).
MAX_TEXT = 200
MAX_SEATS = 8  # more seats than any game has players

#: Each op a device may send -> its fields and their types ("?" after the name: optional).
OPS: dict[str, dict[str, str]] = {
    "open": {"game": "text", "rules?": "rules", "seats": "list", "seat?": "int"},
    "look": {"code": "text"},
    "sit": {"code": "text", "seat": "int"},
    "rejoin": {"code": "text", "token": "text"},
    "move": {"move": "text", "ply": "int"},
    "roll": {"outcome?": "text|null"},
    "claim": {},
    "start": {},
    "rules": {"rules": "rules"},
    "seat": {"seat": "int", "who": "text"},
    "close": {},
    "leave": {},
    "record": {},
    "ping": {},
}


class ProtocolError(SheepkitError, ValueError):
    """A message refused, with the reason in words; ``op`` is the op it tried ("" if none
    could be read)."""

    def __init__(self, reason: str, op: str = "") -> None:
        super().__init__(reason)
        self.reason = reason
        self.op = op


def parse_message(text: object) -> dict[str, Any]:
    """The message in ``text`` as a dict with a known ``op`` and checked fields, or a
    ProtocolError naming what is wrong."""
    if isinstance(text, bytes | bytearray):
        raise ProtocolError("messages are text (JSON), not binary")
    if not isinstance(text, str):
        raise ProtocolError("a message is a JSON object in a text frame")
    if len(text) > MAX_MESSAGE or len(text.encode("utf-8", "replace")) > MAX_MESSAGE:
        raise ProtocolError(f"the message is longer than {MAX_MESSAGE:,} bytes")
    if _too_deep(text):
        raise ProtocolError(f"the message nests deeper than {MAX_DEPTH} levels")
    try:
        message = json.loads(text)
    except (ValueError, RecursionError) as error:
        raise ProtocolError(f"the message is not JSON ({error})") from error
    if not isinstance(message, dict):
        raise ProtocolError('a message is a JSON object, {"op": ...}')
    op = message.get("op")
    if not isinstance(op, str):
        raise ProtocolError('the message has no "op" (what it asks for)')
    fields = OPS.get(op)
    if fields is None:
        known = ", ".join(OPS)
        raise ProtocolError(f"no op {_short(op)!r}; the ops are: {known}", _short(op))
    allowed = {name.rstrip("?") for name in fields} | {"op"}
    extra = sorted(set(message) - allowed)
    if extra:
        raise ProtocolError(f"{op} takes no {_short(extra[0])!r}", op)
    for name, kind in fields.items():
        key = name.rstrip("?")
        if key not in message:
            if name.endswith("?"):
                continue
            raise ProtocolError(f"{op} needs {key!r}", op)
        problem = _type_problem(message[key], kind)
        if problem:
            raise ProtocolError(f"{op}: {key!r} should be {problem}", op)
    return message


def _too_deep(text: str) -> bool:
    """True when the JSON text opens more than MAX_DEPTH objects or lists at once (counted
    on the text, outside strings, before it is parsed: a deep message costs nothing)."""
    depth = 0
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
            if depth > MAX_DEPTH:
                return True
        elif char in "]}":
            depth -= 1
    return False


def _type_problem(value: Any, kind: str) -> str:
    """What ``value`` should have been ("" when it is of ``kind``)."""
    if kind == "int":
        ok = isinstance(value, int) and not isinstance(value, bool) and -1 <= value < 10**6
        return "" if ok else "a whole number"
    if kind == "text":
        return "" if isinstance(value, str) and len(value) <= MAX_TEXT else "short text"
    if kind == "text|null":
        ok = value is None or (isinstance(value, str) and len(value) <= MAX_TEXT)
        return "" if ok else "short text or null"
    if kind == "list":
        ok = isinstance(value, list) and 0 < len(value) <= MAX_SEATS
        ok = ok and all(isinstance(v, str) and len(v) <= MAX_TEXT for v in value)
        return "" if ok else f"a list of at most {MAX_SEATS} names"
    if kind == "rules":
        # Only the shape of a message: each value is checked by the game's own ``Rules`` (its
        # declared types, bounds and tables), as the app's Rules panel is; the message's size
        # and depth limits bound what it may hold.
        ok = isinstance(value, dict) and len(value) <= MAX_RULES
        return "" if ok else f"an object of at most {MAX_RULES} rules (a name and its value)"
    raise AssertionError(kind)


def _short(value: object) -> str:
    text = str(value)
    return text if len(text) <= 40 else text[:37] + "..."
