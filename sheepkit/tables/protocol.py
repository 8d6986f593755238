"""Every message of a table, typed in one place: a frozen dataclass per message, both ways,
each read and checked before anything acts on it.

A device sends the service the messages of :data:`OPS` (``Open``, ``Move``, ``Claim``...), read
by :func:`read_op`: one JSON object per message, at most MAX_MESSAGE bytes, nested at most
MAX_DEPTH deep, an ``op`` the service knows, and each field of that op of the right type.
``ProtocolError`` says what is wrong in plain words; the service then answers with ``Error``
and changes nothing. The service answers with the messages of :data:`REPLIES` (``State``, a
seat's snapshot; ``Lobby``; ``Seated``; ``Record``; ``Error``; ``Closed``; ``Left``;
``Pong``), read by :func:`read_reply` on the device. Each field names its kind in its
metadata (``kind``: "text", "int", "list", "rules"...); an optional one has a default.

On the wire a message is its ``OP`` and its fields (``core.messages.on_wire``): ``to_json``
writes it. Stdlib only: it runs on Pyodide too.
"""

from __future__ import annotations

import json
from dataclasses import MISSING, dataclass, field, fields
from typing import Any, ClassVar, TypeVar

from ..core.messages import MessageError, on_wire, read_frame
from ..core.messages import build as core_build
from ..core.messages import from_dict as core_from_dict
from ..session import HUMAN  # a seat a person plays, as a seat's ``who`` (else a bot's name)

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

#: A table's stage (``State.stage``, ``Lobby.stage``): the seats fill and the host chooses the
#: rules; the game is on; it has ended. (Not a game's phase: a game's own ``state.phase``.)
LOBBY, PLAYING, OVER = "lobby", "playing", "over"
STAGES = (LOBBY, PLAYING, OVER)


class ProtocolError(MessageError):
    """A table's message refused, with the reason in words; ``op`` is the op it tried (""
    if none could be read)."""


def kind(name: str, default: Any = MISSING, *, factory: Any = MISSING, omit: bool = False) -> Any:
    """A field of kind ``name`` ("text", "int", "list"...), needed unless it has a default
    (``factory``: a default made afresh). ``omit``: left off the wire while it is its
    default."""
    meta = {"kind": name, "omit": omit}
    if factory is not MISSING:
        return field(default_factory=factory, metadata=meta)
    return field(default=default, metadata=meta)


@dataclass(frozen=True)
class Message:
    """One message; ``OP`` is its name on the wire."""

    OP: ClassVar[str] = ""

    def as_dict(self) -> dict[str, Any]:
        """The message as its JSON object (``op`` first)."""
        values: dict[str, Any] = {}
        for spec in fields(self):
            value = getattr(self, spec.name)
            if spec.metadata.get("omit") and value == _default(spec):
                continue
            values[spec.name] = value
        return on_wire(self.OP, values)

    def to_json(self) -> str:
        return json.dumps(self.as_dict())


def _default(spec: Any) -> Any:
    if spec.default_factory is not MISSING:
        return spec.default_factory()
    return spec.default


# -- a device -> the service ------------------------------------------------------------------
@dataclass(frozen=True)
class Open(Message):
    """Open a table of ``game`` with these rules, these seats (``HUMAN`` or a bot's name
    each), the host sitting at ``seat``."""

    OP: ClassVar[str] = "open"
    game: str = kind("text")
    seats: list[str] = kind("list")
    rules: dict[str, Any] = kind("rules", factory=dict)
    seat: int = kind("int", 0)


@dataclass(frozen=True)
class Look(Message):
    """Ask table ``code`` for its lobby (its game, rules and seats)."""

    OP: ClassVar[str] = "look"
    code: str = kind("text")


@dataclass(frozen=True)
class Sit(Message):
    OP: ClassVar[str] = "sit"
    code: str = kind("text")
    seat: int = kind("int")


@dataclass(frozen=True)
class Rejoin(Message):
    """Take a seat up again with the token the device was given (a reload, a restart)."""

    OP: ClassVar[str] = "rejoin"
    code: str = kind("text")
    token: str = kind("text")


@dataclass(frozen=True)
class Move(Message):
    """Play ``move`` (its notation) on the position at ``ply`` (refused if it is old)."""

    OP: ClassVar[str] = "move"
    move: str = kind("text")
    ply: int = kind("int")


@dataclass(frozen=True)
class Roll(Message):
    """Roll (None), or the host sets the die to ``outcome``."""

    OP: ClassVar[str] = "roll"
    outcome: str | None = kind("text|null", None)


@dataclass(frozen=True)
class Claim(Message):
    """Claim the race under way for this device's seat."""

    OP: ClassVar[str] = "claim"


@dataclass(frozen=True)
class Start(Message):
    OP: ClassVar[str] = "start"


@dataclass(frozen=True)
class SetRules(Message):
    """The host's rules, in the lobby."""

    OP: ClassVar[str] = "rules"
    rules: dict[str, Any] = kind("rules")


@dataclass(frozen=True)
class SetSeat(Message):
    """The host has ``seat`` played by ``who`` (``HUMAN`` or a bot's name)."""

    OP: ClassVar[str] = "seat"
    seat: int = kind("int")
    who: str = kind("text")


@dataclass(frozen=True)
class Close(Message):
    OP: ClassVar[str] = "close"


@dataclass(frozen=True)
class Leave(Message):
    OP: ClassVar[str] = "leave"


@dataclass(frozen=True)
class AskRecord(Message):
    OP: ClassVar[str] = "record"


@dataclass(frozen=True)
class Ping(Message):
    OP: ClassVar[str] = "ping"


# -- the service -> a device ------------------------------------------------------------------
@dataclass(frozen=True)
class State(Message):
    """A seat's snapshot: everything it may know of the game now (``wire.encode_view``'s
    ``knowledge``, the log as it may read it) and what it may do."""

    OP: ClassVar[str] = "state"
    code: str = kind("str")
    stage: str = kind("str")  # one of STAGES
    ply: int = kind("whole")
    to_move: int | None = kind("whole|null")  # None once the game is over
    acting: int | None = kind("whole|null")
    outcome: str | None = kind("str|null")
    rules: dict[str, Any] = kind("object")
    game: str = kind("str")
    race: bool = kind("bool")
    knowledge: Any = kind("json")
    log: list[str] = kind("texts")
    log_plies: list[Any] = kind("array")
    seat: int = kind("whole")
    host: bool = kind("bool")
    legal: list[str] = kind("texts")
    may_roll: bool = kind("bool")
    claim: str | None = kind("str|null")
    seats: list[dict[str, Any]] = kind("seats")


@dataclass(frozen=True)
class Lobby(Message):
    """What anyone with the code may see: the game, its rules, the stage and the seats."""

    OP: ClassVar[str] = "lobby"
    code: str = kind("str")
    game: str = kind("str")
    rules: dict[str, Any] = kind("object")
    stage: str = kind("str")
    seats: list[dict[str, Any]] = kind("seats")


@dataclass(frozen=True)
class Seated(Message):
    """This device sits at ``seat`` of table ``code``; ``token`` takes the seat up again."""

    OP: ClassVar[str] = "seated"
    code: str = kind("str")
    seat: int = kind("whole")
    token: str = kind("str")
    host: bool = kind("bool")


@dataclass(frozen=True)
class Record(Message):
    OP: ClassVar[str] = "record"
    record: dict[str, Any] = kind("object")


@dataclass(frozen=True)
class Error(Message):
    """A message refused (``refused``: its op, "" if none could be read); nothing changed."""

    OP: ClassVar[str] = "error"
    reason: str = kind("str")
    refused: str = kind("str", "")


@dataclass(frozen=True)
class Closed(Message):
    """This device sits at the table no more: it closed, or (``elsewhere``) its seat was
    taken up on another connection; ``lost``: the connection itself was lost (the client's
    own word, never the service's)."""

    OP: ClassVar[str] = "closed"
    reason: str = kind("str")
    code: str = kind("str", "", omit=True)
    elsewhere: bool = kind("bool", False, omit=True)
    lost: bool = kind("bool", False, omit=True)


@dataclass(frozen=True)
class Left(Message):
    """This device gave up its seat (its connection stays open)."""

    OP: ClassVar[str] = "left"
    code: str = kind("str")
    reason: str = kind("str")


@dataclass(frozen=True)
class Pong(Message):
    OP: ClassVar[str] = "pong"


M = TypeVar("M", bound=Message)

#: Each op a device may send -> its message.
OPS: dict[str, type[Message]] = {
    m.OP: m
    for m in (
        Open,
        Look,
        Sit,
        Rejoin,
        Move,
        Roll,
        Claim,
        Start,
        SetRules,
        SetSeat,
        Close,
        Leave,
        AskRecord,
        Ping,
    )
}
#: Each message the service sends a device.
REPLIES: dict[str, type[Message]] = {
    m.OP: m for m in (State, Lobby, Seated, Record, Error, Closed, Left, Pong)
}


def read_op(text: object) -> Message:
    """The device's message in ``text`` as its dataclass, every field checked, or a
    ProtocolError naming what is wrong."""
    return read_frame(
        text, OPS, field_problem, error=ProtocolError, max_bytes=MAX_MESSAGE, max_depth=MAX_DEPTH
    )


def read_reply(text: object) -> Message:
    """The service's message in ``text`` as its dataclass, every field checked (no size
    limit: a snapshot carries a whole position and log), or a ProtocolError."""
    if isinstance(text, bytes | bytearray):
        raise ProtocolError("a message is a JSON object in a text frame")
    return read_frame(text, REPLIES, field_problem, error=ProtocolError)


def from_dict(message: object, ops: dict[str, type[Message]] = OPS) -> Message:
    """The message of a decoded JSON object, checked."""
    return core_from_dict(message, ops, field_problem, error=ProtocolError)


def build(cls: type[M], values: dict[str, Any]) -> M:
    """``cls(**values)``, each value checked against its field's kind."""
    return core_build(cls, values, field_problem, error=ProtocolError)


def field_problem(cls: type[Any], spec: Any, value: Any) -> str:
    """What a field's value should have been, by the kind its metadata names."""
    return type_problem(value, spec.metadata["kind"])


def _whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def type_problem(value: Any, kind: str) -> str:
    """What ``value`` should have been ("" when it is of ``kind``)."""
    if kind == "int":
        return "" if _whole(value) and -1 <= value < 10**6 else "a whole number"
    if kind == "int|null":
        ok = value is None or (_whole(value) and -1 <= value < 10**6)
        return "" if ok else "a whole number or null"
    if kind == "text":
        return "" if isinstance(value, str) and len(value) <= MAX_TEXT else "short text"
    if kind == "text|null":
        ok = value is None or (isinstance(value, str) and len(value) <= MAX_TEXT)
        return "" if ok else "short text or null"
    if kind == "bool":
        return "" if isinstance(value, bool) else "true or false"
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
    # The service's own messages (``read_reply``): their types only (the service's sizes).
    if kind == "whole":
        return "" if _whole(value) else "a whole number"
    if kind == "whole|null":
        return "" if value is None or _whole(value) else "a whole number or null"
    if kind == "str":
        return "" if isinstance(value, str) else "text"
    if kind == "str|null":
        return "" if value is None or isinstance(value, str) else "text or null"
    if kind == "object":
        return "" if isinstance(value, dict) else "an object"
    if kind == "texts":
        ok = isinstance(value, list) and all(isinstance(v, str) for v in value)
        return "" if ok else "a list of texts"
    if kind == "array":
        return "" if isinstance(value, list) else "a list"
    if kind == "seats":
        ok = isinstance(value, list) and all(
            isinstance(s, dict) and isinstance(s.get("who", HUMAN), str) for s in value
        )
        return "" if ok else "a list of seats (objects with a 'who')"
    if kind == "json":
        return ""
    raise AssertionError(kind)


__all__ = [
    "HUMAN",
    "LOBBY",
    "MAX_DEPTH",
    "MAX_MESSAGE",
    "OPS",
    "OVER",
    "PLAYING",
    "REPLIES",
    "STAGES",
    "AskRecord",
    "Claim",
    "Close",
    "Closed",
    "Error",
    "Leave",
    "Left",
    "Lobby",
    "Look",
    "Message",
    "Move",
    "Open",
    "Ping",
    "Pong",
    "ProtocolError",
    "Record",
    "Rejoin",
    "Roll",
    "Seated",
    "SetRules",
    "SetSeat",
    "Sit",
    "Start",
    "State",
    "read_op",
    "read_reply",
]
