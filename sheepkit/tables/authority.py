"""The table service: every table of one server, each one game held by one authority.

A ``Table`` holds the true state in a headless ``sheepkit.session.Session`` (it deals, rolls,
checks every move against the legal moves and plays the bots) and sends each seat only what
that seat may know (``wire.encode_view``), as a whole snapshot after every change: a device
that drops and comes back needs nothing but the next snapshot.

Transport-free: ``service.connect(send)`` gives a ``Device`` whose outgoing messages go to
``send(text)``; ``service.receive(device, text)`` reads one message from it;
``service.disconnect(device)`` when its connection drops. The websocket server
(``server.py``) and the tests' in-process devices both drive it so.

Nobody plays for another: a seat is claimed with a secret token that only its device gets
(the service keeps its SHA-256 digest, never the token); a device is bound to one seat of one
table by its connection. Every refusal (a move out of turn, an illegal or stale move, a
malformed, oversized or unknown message, a flood, a taken seat, a wrong token, a host's op
from a guest, a leave from a device that sits nowhere, a claim when no race is on, too many
tables or devices) is answered with an ``Error`` (``protocol``: the reason in words, the op
refused) and changes nothing. ``TableService.handlers`` maps each message a device may send
(``protocol.OPS``) to the method that acts on it.

A service may keep its tables (``keeper``: a ``TableKeeper``, such as the server's SQLite
store, ``sheepkit.tables.keeper``): after every change a table's whole state (its game and
rules, its record with the seed and the dice's stream, its seats, their token digests, its
notes, its stage and times) is saved as one JSON text, and a table that closes is deleted. A
new service with that keeper resumes every table it holds, and each device takes its seat up
again with its token (``rejoin``). What is kept stays on the server: nothing new goes to a
device.
"""

from __future__ import annotations

import base64
import functools
import hashlib
import json
import logging
import random
import secrets
import struct
import time
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import Any, Protocol

from ..bots import for_game
from ..core import CHANCE, SheepkitError, load
from ..core.registry import games
from ..core.views import encode_view
from ..core.words import words_for
from ..game_log import LogMemo, log_entries
from ..session import RACE_BOT_DELAY, RACE_WAIT, Race, Session, own_bot, race_claims
from . import protocol as p
from .protocol import HUMAN, ProtocolError, read_op

#: At most this many tables open at once on one server, and devices connected to it.
MAX_TABLES = 40
MAX_DEVICES = 200
#: A table nobody has sent anything to for this many seconds closes.
IDLE_CLOSE = 30 * 60
#: A lobby whose host has gone (its connection dropped) closes after this many seconds: time
#: for a reload to take the seat up again, not for throwaway tables to fill the server.
HOST_GRACE = 60
#: A table whose game is over closes this many seconds after the end (time to save its
#: record), freeing its place for another game.
OVER_CLOSE = 5 * 60
#: The flood limit, per connection: this many messages a second, in bursts of at most BURST.
RATE = 20.0
BURST = 40
#: Table codes: 4 letters none of which reads as another (no I, no O; no digits at all).
CODE_LETTERS = "ABCDEFGHJKLMNPQRSTUVWXYZ"
CODE_LENGTH = 4

log = logging.getLogger(__name__)

#: How the server runs a bot's think: ``think(work, done)`` runs ``work()`` off the event
#: loop and then calls ``done(move_or_exception)`` back on it. None: think at once, inline.
Thinker = Callable[[Callable[[], Hashable], Callable[[object], None]], None]
#: How the server waits: ``later(seconds, callback)`` calls ``callback()`` on the event loop
#: after ``seconds``. None: nothing waits (a race is then settled at random at once).
Later = Callable[[float, Callable[[], None]], object]

#: The form of a kept table's JSON (``Table.kept``); a row of another form is not resumed.
KEPT_FORM = "sheepkit-table"
#: 2: the table's stage is kept as "stage" and a person's seat as "Human" (version 1 named them
#: "phase" and "human", and is still resumed).
KEPT_VERSION = 2


class TableKeeper(Protocol):
    """Where a service keeps its tables across a restart: one JSON text per table code.
    ``save`` replaces the table's text (on disk when it returns), ``delete`` forgets it, and
    ``load_all`` gives every (code, text) kept. Called on the service's event loop only."""

    def save(self, code: str, text: str) -> None: ...

    def delete(self, code: str) -> None: ...

    def load_all(self) -> list[tuple[str, str]]: ...


class MemoryKeeper:
    """A keeper in this process's memory (a test's restart, a Pyodide page)."""

    def __init__(self) -> None:
        self.texts: dict[str, str] = {}

    def save(self, code: str, text: str) -> None:
        self.texts[code] = text

    def delete(self, code: str) -> None:
        self.texts.pop(code, None)

    def load_all(self) -> list[tuple[str, str]]:
        return sorted(self.texts.items())


def token_digest(token: str) -> str:
    """What the service keeps of a seat's token: its SHA-256, in hex (any text has one)."""
    return hashlib.sha256(token.encode("utf-8", "surrogatepass")).hexdigest()


@dataclass(eq=False)
class Device:
    """One connection. ``send(text)`` delivers a message to it; ``drop(reason)``, if the
    transport sets it, closes the connection (a seat taken up again elsewhere)."""

    send: Callable[[str], None]
    drop: Callable[[str], None] | None = None
    table: Table | None = None
    seat: int | None = None
    tokens: float = float(BURST)
    refilled: float = 0.0


@dataclass(eq=False)
class Seat:
    who: str  # HUMAN ("Human") or a bot's name
    digest: str = ""  # its token's SHA-256 (``token_digest``); "" until a device claims it
    device: Device | None = None

    @property
    def taken(self) -> bool:
        return bool(self.digest)


@dataclass(eq=False)
class Table:
    """One game at one table: the authority of its true state."""

    code: str
    service: TableService
    session: Session
    seats: list[Seat]
    host_seat: int
    touched: float
    stage: str = p.LOBBY  # one of p.STAGES
    thinking: bool = False  # a bot's move is being worked out off the event loop
    closed: bool = False
    #: (ply, words): what the table said to everyone, shown in every seat's log at that ply.
    notes: list[tuple[int, str]] = field(default_factory=list)
    #: Each reader's log words so far (``log_entries``' memo): a move words only itself.
    log_memos: dict[int | None, LogMemo] = field(default_factory=dict)
    race: Race | None = None  # a race waiting for its first claim
    #: When the host's connection dropped while the table is in its lobby (None: it is here).
    host_gone: float | None = None
    ended: float | None = None  # when the game ended (the service's clock)

    # ----------------------------------------------------------------------- snapshots --
    @property
    def game_key(self) -> str:
        return self.session.game.name

    def name(self, seat: int) -> str:
        """The game's name for the seat's player ("Wolf", "Player 2")."""
        return self.session.game.player_name(seat)

    def set_who(self, seat: int, who: str) -> None:
        """Who plays ``seat`` (HUMAN or a bot's name): at the table and in its session."""
        self.seats[seat].who = who
        self.session.set_seat(seat, who)

    def devices(self) -> list[Device]:
        return [s.device for s in self.seats if s.device is not None]

    def seat_list(self, you: int | None) -> list[dict[str, Any]]:
        return [
            {
                "name": self.name(i),
                "who": s.who,
                "taken": s.taken,
                "away": s.taken and s.device is None,
                "you": i == you,
            }
            for i, s in enumerate(self.seats)
        ]

    def lobby(self) -> p.Lobby:
        """What anyone with the code may see: the game, its rules and the seats."""
        return p.Lobby(
            code=self.code,
            game=self.game_key,
            rules=self.session.game.rules.changes(),
            stage=self.stage,
            seats=self.seat_list(None),
        )

    def shared(self) -> dict[str, Any]:
        """What every seat's snapshot of the game as it is now holds alike: built once per
        change (``broadcast``). Without hidden information the knowledge (the record) and the
        log are the same for every seat too."""
        session = self.session
        state = session.state
        outcome = state.outcome()
        shared: dict[str, Any] = {
            "code": self.code,
            "stage": self.stage,
            "ply": state.ply,
            "to_move": state.to_move,
            "acting": state.acting_player,
            "outcome": outcome.reason if outcome is not None else None,
            "rules": session.game.rules.changes(),
            "game": self.game_key,
            "race": self.racing() is not None,
        }
        if not session.game.hidden_information:
            shared["knowledge"] = encode_view(state, 0)
            shared.update(self.log(None))
        return shared

    def snapshot(self, seat: int, shared: dict[str, Any]) -> p.State:
        """Everything ``seat`` may know now, in one message (``shared``: ``self.shared()``)."""
        session = self.session
        state = session.state
        playing = self.stage == p.PLAYING and not self.thinking
        decides = playing and state.to_move == seat and session.is_human(seat)
        race = self.racing()
        claims = race is not None and seat in race.claims and session.is_human(seat)
        snapshot = {
            **shared,
            "seat": seat,
            "host": seat == self.host_seat,
            "legal": [str(m) for m in state.legal_moves()] if decides else [],
            "may_roll": playing and self._may_roll(seat),
            # The outcome this seat claims if it is first (its own "howl N"), while racing.
            "claim": str(race.claims[seat]) if race is not None and claims else None,
            "seats": self.seat_list(seat),
        }
        if "knowledge" not in shared:  # hidden information: each seat knows its own
            snapshot["knowledge"] = encode_view(state, seat)
            snapshot.update(self.log(seat))
        return p.State(**snapshot)

    def log(self, seat: int | None) -> dict[str, list[Any]]:
        """The game's log as ``seat`` may read it (the app's words), with the table's notes
        (None: as anyone reads a game without hidden information): ``log``, its lines, and
        ``log_plies``, each line's first and last ply (a run of deals is one line), so that a
        device numbers them as the app numbers its own."""
        session = self.session
        memo = self.log_memos.setdefault(seat, [])
        entries = log_entries(words_for(session.game), session.timeline, seat, session.deals, memo)
        notes = sorted(self.notes)
        lines: list[tuple[int, int, str]] = []
        for first, last, text in entries:
            while notes and notes[0][0] < first:
                ply, note = notes.pop(0)
                lines.append((ply, ply, note))
            lines.append((first, last, text))
        lines += [(ply, ply, note) for ply, note in notes]
        return {
            "log": [text for _, _, text in lines],
            "log_plies": [[first, last] for first, last, _ in lines],
        }

    def _may_roll(self, seat: int) -> bool:
        """A human's roll waits: its roller may roll, and the host may roll (or set the die)."""
        session = self.session
        state = session.state
        if state.to_move != CHANCE or not session.human_decides(state):
            return False
        return seat in (state.acting_player, self.host_seat)

    def racing(self) -> Race | None:
        """The race waiting for its first claim at the position the table holds, if any."""
        race = self.race
        state = self.session.state
        if race is None or race.ply != state.ply or self.stage != p.PLAYING:
            return None
        return race

    def _settles_itself(self, state: Any) -> bool:
        """The session's ``claims_chance``: a race is the devices' to win, if the server can
        wait for them (else the session rolls it at random, at once)."""
        return self.service.later is not None and bool(race_claims(state))

    def _start_race(self) -> None:
        """A race begins (``session.Race``, its rules): every seated device may claim it;
        each bot claims after a short random delay; nobody's claim within the service's
        ``race_wait`` settles it at random. Its timers run on the server's event loop."""
        later = self.service.later
        assert later is not None  # (_settles_itself)

        def won(outcome: Hashable | None, note: str) -> None:
            if self.racing() is race and not self.closed:
                self.settle_race(race, outcome, note)

        race = self.race = Race(
            self.session, won, later=later, rng=_race_rng, wait=self.service.race_wait
        )

    def settle_race(self, race: Race, outcome: Hashable | None, note: str = "") -> None:
        """The race ends with ``outcome`` (None: at random); the game goes on."""
        self.race = None
        if note:
            self.notes.append((self.session.state.ply, note))
        self.session.roll(outcome)
        self.advance()
        self.broadcast()

    def broadcast(self) -> None:
        """The table has changed: it is kept (if the service keeps its tables), then each
        seated device gets its snapshot; what the seats share is built once."""
        self.service.keep(self)
        seated = [(i, s.device) for i, s in enumerate(self.seats) if s.device is not None]
        shared = self.shared() if seated else {}
        for i, device in seated:
            self.service.send(device, self.snapshot(i, shared))

    def kept(self) -> dict[str, Any]:
        """The table's whole state as the service keeps it (JSON): its record so far (game,
        rules, every move and chance outcome, the seed), where the dice's stream is, the
        seats (who plays each, its token's digest), the host's seat, the stage, the notes,
        and the wall-clock times of its last activity and of its end. Never sent to a
        device: it holds the seed, the dice and every hidden card."""
        service = self.service
        now, wall = service.clock(), service.wall()
        return {
            "form": KEPT_FORM,
            "version": KEPT_VERSION,
            "code": self.code,
            "record": self.session.record(),
            "dice": _pack_rng(self.session.dice_state()),
            "seats": [[s.who, s.digest] for s in self.seats],
            "host": self.host_seat,
            "stage": self.stage,
            "notes": [[ply, words] for ply, words in self.notes],
            "touched": wall - (now - self.touched),
            "ended": None if self.ended is None else wall - (now - self.ended),
        }

    # ------------------------------------------------------------------------- the game --
    def advance(self) -> None:
        """Let bots, deals and rolls nobody human makes go on until a human must act (or a
        bot's think is under way off the event loop); then the game may be over."""
        session = self.session
        think = self.service.think
        while self.stage == p.PLAYING and not self.thinking:
            work = session.bot_thinks()
            if work is None:
                if not session.step():  # a deal or a roll, or nothing left to do by itself
                    if self._settles_itself(session.state) and self.racing() is None:
                        self._start_race()
                    break
                continue
            before = session.state
            if think is None:
                self._bot_moved(before, _think_now(work), broadcast=False)
                continue
            self.thinking = True
            think(work, functools.partial(self._bot_moved, before))
        if session.state.is_over and self.stage == p.PLAYING:
            self.stage = p.OVER
            self.ended = self.service.clock()

    def _bot_moved(self, before: Any, move: object, *, broadcast: bool = True) -> None:
        """A bot's think is over: play its move (the first legal one if the bot failed, or
        answered an illegal move)."""
        self.thinking = False
        if self.closed:
            return
        if isinstance(move, BaseException):
            log.warning("a bot at table %s failed: %s", self.code, move)
            move = before.legal_moves()[0]
        try:
            self.session.play_bot(before, move)
        except SheepkitError as error:  # a bot that answers an illegal move
            log.warning("a bot at table %s played %s: %s", self.code, move, error)
            self.session.play_bot(before, before.legal_moves()[0])
        if broadcast:
            self.advance()
            self.broadcast()


def _pack_rng(state: tuple[Any, ...]) -> list[Any]:
    """A ``random.Random`` state (``getstate``) as JSON: its version, its Mersenne Twister
    words packed (base64 of 625 little-endian 32-bit words, 3.3 KB), its pending gauss."""
    version, words, gauss = state
    packed = base64.b64encode(struct.pack(f"<{len(words)}I", *words)).decode("ascii")
    return [version, packed, gauss]


def _unpack_rng(kept: object) -> tuple[Any, ...]:
    """The ``random.Random`` state that ``_pack_rng`` packed (ValueError if it is not one)."""
    if not isinstance(kept, list) or len(kept) != 3 or not isinstance(kept[1], str):
        raise ValueError("the dice's stream is not a kept random state")
    version, packed, gauss = kept
    raw = base64.b64decode(packed.encode("ascii"), validate=True)
    if version != 3 or len(raw) != 625 * 4 or not (gauss is None or isinstance(gauss, float)):
        raise ValueError("the dice's stream is not a kept random state")
    return (version, struct.unpack("<625I", raw), gauss)


def _wall_ago(kept: object, wall: float) -> float:
    """How long ago (seconds, at least 0) a kept wall-clock time was."""
    if not isinstance(kept, int | float) or isinstance(kept, bool):
        raise ValueError(f"{kept!r} is not a time")
    return max(0.0, wall - float(kept))


#: The bots' delays in a race: not the game's dice (a delay changes nothing in the record).
_race_rng = random.SystemRandom()


def _think_now(work: Callable[[], Hashable]) -> object:
    try:
        return work()
    except Exception as error:  # a bot's crash must not take the table down
        return error


class TableService:
    """All the tables of one server, within its limits; see the module's docstring."""

    def __init__(
        self,
        *,
        max_tables: int = MAX_TABLES,
        max_devices: int = MAX_DEVICES,
        idle_close: float = IDLE_CLOSE,
        rate: float = RATE,
        burst: int = BURST,
        clock: Callable[[], float] = time.monotonic,
        think: Thinker | None = None,
        later: Later | None = None,
        race_wait: float = RACE_WAIT,
        seed: Callable[[], int] | None = None,
        keeper: TableKeeper | None = None,
        wall: Callable[[], float] = time.time,
    ) -> None:
        self.max_tables = max_tables
        self.max_devices = max_devices
        self.idle_close = idle_close
        self.rate = rate
        self.burst = burst
        self.clock = clock
        self.think = think
        self.later = later
        self.race_wait = race_wait
        #: Each new table's seed (its dice, its deals, its bots): random unless a test fixes it;
        #: 53 bits (a whole JSON number anywhere), too many to find by trying each against the
        #: rolls seen so far. No device hears it before the game is over (``_op_record``).
        self.seed = seed or (lambda: secrets.randbits(53))
        self.tables: dict[str, Table] = {}
        self.connected: set[Device] = set()
        #: Where the tables are kept across a restart (None: nowhere, they end with the
        #: process), and the wall clock their times are kept in (``clock`` may be monotonic).
        self.keeper = keeper
        #: Each message a device may send -> the method that acts on it (``receive``).
        self.handlers: dict[type[p.Message], Callable[[Device, Any], None]] = {
            p.Open: self._op_open,
            p.Look: self._op_look,
            p.Sit: self._op_sit,
            p.Rejoin: self._op_rejoin,
            p.Move: self._op_move,
            p.Roll: self._op_roll,
            p.Claim: self._op_claim,
            p.Start: self._op_start,
            p.SetRules: self._op_rules,
            p.SetSeat: self._op_seat,
            p.Close: self._op_close,
            p.Leave: self._op_leave,
            p.AskRecord: self._op_record,
            p.Ping: self._op_ping,
        }
        self.wall = wall
        self._kept: dict[str, str] = {}  # each table's text as last kept
        if keeper is not None:
            self.resume()

    def limits(self) -> dict[str, Any]:
        """The limits, as the hello page states them."""
        return {
            "tables": self.max_tables,
            "devices": self.max_devices,
            "idle_close_seconds": self.idle_close,
            "messages_per_second": self.rate,
            "burst": self.burst,
            "race_wait_seconds": self.race_wait,
            "lobby_without_host_seconds": HOST_GRACE,
            "game_over_close_seconds": OVER_CLOSE,
            "tables_per_connection": 1,
        }

    # ------------------------------------------------------------------------ devices --
    def connect(
        self, send: Callable[[str], None], drop: Callable[[str], None] | None = None
    ) -> Device:
        """A new device (ProtocolError when the server has as many as it takes)."""
        if len(self.connected) >= self.max_devices:
            raise ProtocolError(
                f"the table server is full ({self.max_devices} devices): try again later"
            )
        device = Device(send, drop, refilled=self.clock())
        self.connected.add(device)
        return device

    def disconnect(self, device: Device) -> None:
        """The device's connection dropped: its seat is away (its token still claims it). A
        host gone from a lobby has ``HOST_GRACE`` seconds to come back. Harmless twice."""
        self.connected.discard(device)
        table, seat = device.table, device.seat
        device.table = device.seat = None
        if table is not None and seat is not None and table.seats[seat].device is device:
            table.seats[seat].device = None
            if table.stage == p.LOBBY and seat == table.host_seat:
                table.host_gone = self.clock()
            if not table.closed:
                table.broadcast()

    def send(self, device: Device, message: p.Message) -> None:
        try:
            device.send(message.to_json())
        except Exception as error:  # a connection closing under us: it is dropped after
            log.info("could not send to a device: %s", error)

    def receive(self, device: Device, text: object) -> None:
        """One message from ``device``: acted on, or refused with a reason (nothing changed)."""
        op = ""
        if device not in self.connected:  # dropped (its seat went elsewhere): not read
            return
        try:
            self._take_a_token(device)
            message = read_op(text)
            op = message.OP
            self.handlers[type(message)](device, message)
        except ProtocolError as error:
            self.send(device, p.Error(reason=error.reason, refused=error.op or op))
        except SheepkitError as error:  # the game's or the session's own words (IllegalMove...)
            self.send(device, p.Error(reason=str(error), refused=op))

    def _take_a_token(self, device: Device) -> None:
        now = self.clock()
        device.tokens = min(self.burst, device.tokens + (now - device.refilled) * self.rate)
        device.refilled = now
        if device.tokens < 1:
            raise ProtocolError(
                f"too many messages: at most {self.rate:g} a second; this one was not read"
            )
        device.tokens -= 1

    # ------------------------------------------------------------------ keeping tables --
    def keep(self, table: Table) -> None:
        """Save the table's state with the keeper (if any; not when nothing kept changed).
        A keeper that fails is logged: the game goes on, unkept."""
        if self.keeper is None or table.closed:
            return
        try:
            text = json.dumps(table.kept(), separators=(",", ":"))
            if self._kept.get(table.code) != text:
                self.keeper.save(table.code, text)
                self._kept[table.code] = text
        except Exception as error:
            log.warning(
                "table %s could not be kept: %s: %s", table.code, type(error).__name__, error
            )

    def _forget(self, table: Table) -> None:
        self._kept.pop(table.code, None)
        if self.keeper is None:
            return
        try:
            self.keeper.delete(table.code)
        except Exception as error:
            log.warning("table %s could not be deleted from the store: %s", table.code, error)

    def resume(self) -> list[str]:
        """Resume every table the keeper holds (as a restarted server does); their codes. A
        text that is not a table this service can resume (corrupt, foreign, of a game or bot
        this sheepkit has not) is logged and skipped. Each table resumes as it was: its seats
        wait for their devices' ``rejoin``; its bots think again; a race under way is settled
        at random (the log says so); a lobby's host has ``HOST_GRACE`` seconds to come back;
        the time since its last activity (or its end) counts toward its closing."""
        assert self.keeper is not None
        try:
            stored = self.keeper.load_all()
        except Exception as error:
            log.warning("the kept tables could not be read: %s: %s", type(error).__name__, error)
            return []
        resumed: list[str] = []
        for code, text in stored:
            if code in self.tables:
                continue
            try:
                table = self._resumed(code, text)
            except Exception as error:
                log.warning(
                    "kept table %r was not resumed (skipped): %s: %s",
                    code[:20],
                    type(error).__name__,
                    error,
                )
                continue
            self.tables[code] = table
            self._kept[code] = text
            state = table.session.state
            if table.stage == p.PLAYING and race_claims(state):
                log.info("table %s resumed during a race: chance settles it", code)
                note = "The server restarted during the race: chance chose"
                table.notes.append((state.ply, note))
                table.session.roll(None)
            table.advance()
            table.broadcast()  # (nobody sits yet: it is kept as it is now)
            log.info(
                "table %s resumed (%s, %s, ply %d)",
                code,
                table.game_key,
                table.stage,
                table.session.state.ply,
            )
            resumed.append(code)
        return resumed

    def _resumed(self, code: str, text: str) -> Table:
        """The table a kept text describes (ValueError, KeyError, TypeError, BadRecord...
        when it describes none)."""
        kept = json.loads(text)
        if not isinstance(kept, dict) or kept.get("form") != KEPT_FORM:
            raise ValueError("not a kept sheepkit table")
        if kept.get("version") not in (1, KEPT_VERSION) or kept.get("code") != code:
            raise ValueError(f"a kept table of version {kept.get('version')!r}, or another code")
        record = kept["record"]
        if not isinstance(record, dict) or not isinstance(record.get("rules"), dict):
            raise ValueError("its record is not a record")
        key = record.get("game")
        if not isinstance(key, str) or key not in games():
            raise ValueError(f"no game {key!r} here")
        game = load(key, **record["rules"])
        # Version 1 spelled a person's seat "human" (the session's is "Human").
        legacy = {"human": HUMAN} if kept["version"] == 1 else {}
        seats = [Seat(legacy.get(str(who), str(who)), str(digest)) for who, digest in kept["seats"]]
        if len(seats) != game.num_players:
            raise ValueError(f"{len(seats)} seats for {game.num_players} players")
        for seat in seats:
            self._check_who(game, seat.who, "resume")
            if seat.digest and (len(seat.digest) != 64 or not seat.digest.isascii()):
                raise ValueError("a seat's token digest is not a SHA-256")
        host, seed = kept["host"], record.get("seed")
        stage = kept["stage" if kept["version"] == KEPT_VERSION else "phase"]
        if not isinstance(host, int) or not 0 <= host < len(seats):
            raise ValueError(f"no host seat {host!r}")
        if stage not in p.STAGES:
            raise ValueError(f"no stage {stage!r}")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ValueError("its record has no seed")
        session = Session(game, [s.who for s in seats], seed=seed)
        session.curtains = False
        session.load_record(record)
        session.set_dice_state(_unpack_rng(kept["dice"]))
        if (stage == p.OVER) != session.state.is_over:
            raise ValueError(f"a game {stage} whose record says otherwise")
        now, wall = self.clock(), self.wall()
        table = Table(
            code=code,
            service=self,
            session=session,
            seats=seats,
            host_seat=host,
            touched=now - _wall_ago(kept["touched"], wall),
            stage=stage,
            notes=[(int(ply), str(words)) for ply, words in kept["notes"]],
            host_gone=now if stage == p.LOBBY else None,  # HOST_GRACE to come back
            ended=None if kept["ended"] is None else now - _wall_ago(kept["ended"], wall),
        )
        if stage == p.OVER and table.ended is None:
            table.ended = now
        session.claims_chance = table._settles_itself
        return table

    # ------------------------------------------------------------------------- tables --
    def close_idle(self) -> list[str]:
        """Close every table whose time is up; their codes. A table nobody has touched for
        ``idle_close`` seconds, a lobby whose host has been gone ``HOST_GRACE`` seconds, and
        a game over for ``OVER_CLOSE`` seconds (the server looks every ``IDLE_CHECK``)."""
        now = self.clock()
        closing: list[tuple[Table, str]] = []
        for table in self.tables.values():
            if table.host_gone is not None and now - table.host_gone >= HOST_GRACE:
                why = f"the host left before the game started, and was not back in {HOST_GRACE} s"
            elif table.ended is not None and now - table.ended >= OVER_CLOSE:
                why = f"the game has been over for {OVER_CLOSE / 60:g} minutes"
            elif now - table.touched >= self.idle_close:
                why = f"nobody played at this table for {self.idle_close / 60:g} minutes"
            else:
                continue
            closing.append((table, why))
        for table, why in closing:
            self.close(table, why)
        return [t.code for t, _ in closing]

    def close(self, table: Table, reason: str) -> None:
        """The table closes: every device is told, and it is no longer kept."""
        table.closed = True
        self.tables.pop(table.code, None)
        self._forget(table)
        for seat in table.seats:
            if seat.device is not None:
                self._send_away(seat.device, table, reason)
            seat.device = None

    def _new_code(self) -> str:
        while True:
            code = "".join(secrets.choice(CODE_LETTERS) for _ in range(CODE_LENGTH))
            if code not in self.tables:
                return code

    def _table(self, code: str) -> Table:
        table = self.tables.get(code.strip().upper())
        if table is None:
            raise ProtocolError(f"there is no table {code!r} (it closed, or the code has a typo)")
        return table

    def _seated(self, device: Device) -> tuple[Table, int]:
        table, seat = device.table, device.seat
        if table is None or seat is None:
            raise ProtocolError("this device sits at no table: open one, or sit at one first")
        table.touched = self.clock()
        return table, seat

    def _hosting(self, device: Device, op: str) -> Table:
        table, seat = self._seated(device)
        if seat != table.host_seat:
            raise ProtocolError(f"only the host may {op}", op)
        return table

    def _free(self, device: Device, op: str) -> None:
        if device.table is not None:
            raise ProtocolError(
                f"this device already sits at table {device.table.code}: one seat per device", op
            )

    def _sit(self, device: Device, table: Table, seat: int, token: str) -> None:
        """Bind ``device`` to ``seat`` (whose token's digest is set), tell it so (with the
        token, its own), and everyone."""
        table.seats[seat].device = device
        device.table, device.seat = table, seat
        if seat == table.host_seat:
            table.host_gone = None
        table.touched = self.clock()
        host = seat == table.host_seat
        self.send(
            device,
            p.Seated(code=table.code, seat=seat, token=token, host=host),
        )
        table.broadcast()

    def _send_away(
        self, device: Device, table: Table, reason: str, *, elsewhere: bool = False
    ) -> None:
        """Tell ``device`` it sits at ``table`` no more: the table closed, or (``elsewhere``)
        its seat was taken up on another connection, whose token it still is."""
        device.table = device.seat = None
        self.send(device, p.Closed(code=table.code, reason=reason, elsewhere=elsewhere))

    # ----------------------------------------------------------------------------- ops --
    def _op_ping(self, device: Device, message: p.Ping) -> None:
        self.send(device, p.Pong())

    def _op_open(self, device: Device, message: p.Open) -> None:
        self._free(device, "open")
        if len(self.tables) >= self.max_tables:
            raise ProtocolError(
                f"this server has {self.max_tables} tables open, its most: "
                "join one, or wait for one to close",
                "open",
            )
        key = message.game
        if key not in games():
            raise ProtocolError(f"no game {key!r}; the games are: {', '.join(games())}", "open")
        try:
            game = load(key, **message.rules)
        except (SheepkitError, TypeError, ValueError) as error:
            raise ProtocolError(f"those rules cannot be played: {error}", "open") from error
        seat = message.seat
        seats = message.seats
        if len(seats) != game.num_players:
            raise ProtocolError(
                f"{game.title} has {game.num_players} seats; {len(seats)} were given", "open"
            )
        for who in seats:
            self._check_who(game, who, "open")
        if not 0 <= seat < len(seats) or seats[seat] != HUMAN:
            raise ProtocolError(f"the host sits in a human seat; seat {seat} is not one", "open")
        session = Session(game, list(seats), seed=self.seed())
        session.curtains = False  # every human has a device of their own
        table = Table(
            code=self._new_code(),
            service=self,
            session=session,
            seats=[Seat(w) for w in seats],
            host_seat=seat,
            touched=self.clock(),
        )
        session.claims_chance = table._settles_itself  # a race waits for the devices
        self.tables[table.code] = table
        token = secrets.token_urlsafe(16)
        table.seats[seat].digest = token_digest(token)
        self._sit(device, table, seat, token)

    def _check_who(self, game: Any, who: str, op: str) -> None:
        bots = for_game(game)
        if who != HUMAN and who not in bots:
            raise ProtocolError(
                f"no bot named {who!r} for {game.title}; a seat is {', '.join([HUMAN, *bots])}",
                op,
            )

    def _op_look(self, device: Device, message: p.Look) -> None:
        self.send(device, self._table(message.code).lobby())

    def _op_sit(self, device: Device, message: p.Sit) -> None:
        self._free(device, "sit")
        table = self._table(message.code)
        seat = message.seat
        if not 0 <= seat < len(table.seats):
            raise ProtocolError(f"there is no seat {seat} at this table", "sit")
        chosen, name = table.seats[seat], table.name(seat)
        if chosen.who != HUMAN:
            raise ProtocolError(f"seat {seat} ({name}) is played by a bot", "sit")
        if chosen.taken:
            raise ProtocolError(
                f"seat {seat} ({name}) is taken; only its own device may come back to it",
                "sit",
            )
        token = secrets.token_urlsafe(16)
        chosen.digest = token_digest(token)
        self._sit(device, table, seat, token)

    def _op_rejoin(self, device: Device, message: p.Rejoin) -> None:
        self._free(device, "rejoin")
        table = self._table(message.code)
        # The service holds each token's digest only: any text has one (hex, which
        # compare_digest takes), and only the seat's own token has its seat's.
        given = token_digest(message.token)
        found = [
            i
            for i, s in enumerate(table.seats)
            if s.taken and secrets.compare_digest(s.digest, given)
        ]
        if not found:
            raise ProtocolError("that token holds no seat at this table", "rejoin")
        seat = found[0]
        chosen = table.seats[seat]
        old = chosen.device
        if old is not None:  # the same seat from another connection (a reload): it wins
            reason = "the seat was taken up again on another connection"
            self._send_away(old, table, reason, elsewhere=True)
            if old.drop is not None:  # its connection closes: its place on the server is free
                self.connected.discard(old)
                old.drop(reason)
        if chosen.who != HUMAN:  # handed to a bot while away: the player is back
            table.set_who(seat, HUMAN)
        self._sit(device, table, seat, message.token)

    def _op_move(self, device: Device, message: p.Move) -> None:
        table, seat = self._seated(device)
        state = table.session.state
        self._playing(table, "move")
        if state.to_move != seat:
            mover = state.acting_player
            if mover is not None and mover >= 0:
                whose = f"{table.name(mover)}'s"
            elif table.racing() is not None:
                whose = "a race (be the first to claim it)"
            else:
                whose = "chance's (the dice decide now)"
            raise ProtocolError(f"it is not your turn: it is {whose}", "move")
        if message.ply != state.ply:
            raise ProtocolError(
                f"that move was made on an older position (ply {message.ply}, the table is "
                f"at ply {state.ply}): look again and choose",
                "move",
            )
        move = state.parse(message.move)  # IllegalMove (a SheepkitError) names the reason
        table.session.play(move)
        table.advance()
        table.broadcast()

    def _op_roll(self, device: Device, message: p.Roll) -> None:
        table, seat = self._seated(device)
        self._playing(table, "roll")
        session = table.session
        if not table._may_roll(seat):
            raise ProtocolError("there is no roll of yours to make now", "roll")
        text = message.outcome
        if text is not None and seat != table.host_seat:
            raise ProtocolError("only the host may set the die", "roll")
        outcome = session.state.parse(text) if text is not None else None
        if outcome is not None:
            table.notes.append((session.state.ply, f"The host set the die to {outcome}"))
        session.roll(outcome)
        table.advance()
        table.broadcast()

    def _playing(self, table: Table, op: str) -> None:
        if table.stage != p.PLAYING:
            raise ProtocolError(
                "the game has not started yet" if table.stage == p.LOBBY else "the game is over",
                op,
            )
        if table.thinking:
            raise ProtocolError("a bot is thinking: wait for its move", op)

    def _op_claim(self, device: Device, message: p.Claim) -> None:
        """The device claims the race for its own seat: the first claim that arrives wins."""
        table, seat = self._seated(device)
        self._playing(table, "claim")
        race = table.racing()
        if race is None:
            raise ProtocolError(
                "there is no race to win now (it was won already, or none has begun)", "claim"
            )
        if seat not in race.claims:
            raise ProtocolError(f"{table.name(seat)} is not in this race", "claim")
        race.claim(seat)

    def _op_start(self, device: Device, message: p.Start) -> None:
        table = self._hosting(device, "start the game")
        if table.stage != p.LOBBY:
            raise ProtocolError("the game has started already", "start")
        empty = [table.name(i) for i, s in enumerate(table.seats) if s.who == HUMAN and not s.taken]
        if empty:
            raise ProtocolError(
                f"{', '.join(empty)}: nobody sits there yet; wait for them, or make the seat a bot",
                "start",
            )
        table.stage = p.PLAYING
        table.advance()
        table.broadcast()

    def _op_rules(self, device: Device, message: p.SetRules) -> None:
        table = self._hosting(device, "change the rules")
        if table.stage != p.LOBBY:
            raise ProtocolError("the rules are chosen before the game starts", "rules")
        session = table.session
        try:
            game = load(session.game.name, **message.rules)
        except (SheepkitError, TypeError, ValueError) as error:
            raise ProtocolError(f"those rules cannot be played: {error}", "rules") from error
        count = game.num_players
        if any(s.taken for s in table.seats[count:]):
            raise ProtocolError(
                f"those rules have {count} seats, and someone sits in a seat beyond them", "rules"
            )
        bots, fallback = for_game(game), own_bot(game)
        session.new_game(game)
        added = range(len(table.seats), count)  # seats the new rules add: for players
        table.seats = table.seats[:count] + [Seat(HUMAN) for _ in added]
        for i, s in enumerate(table.seats):
            kept = s.who == HUMAN or s.who in bots  # else those rules do not offer that bot
            table.set_who(i, s.who if kept else fallback)
        table.broadcast()

    def _op_seat(self, device: Device, message: p.SetSeat) -> None:
        table = self._hosting(device, "choose who plays a seat")
        seat, who = message.seat, message.who
        if not 0 <= seat < len(table.seats):
            raise ProtocolError(f"there is no seat {seat} at this table", "seat")
        chosen = table.seats[seat]
        self._check_who(table.session.game, who, "seat")
        if table.stage == p.LOBBY:
            if chosen.taken and who != HUMAN:
                raise ProtocolError(f"{table.name(seat)} is taken by a player", "seat")
        elif table.stage == p.OVER:
            raise ProtocolError("the game is over", "seat")
        elif who == HUMAN or not chosen.taken or chosen.device is not None:
            raise ProtocolError(
                "once the game has started, only a seat whose player is away may be handed "
                "to a bot",
                "seat",
            )
        if table.thinking:
            raise ProtocolError("a bot is thinking: wait for its move", "seat")
        table.set_who(seat, who)
        table.advance()
        table.broadcast()

    def _op_close(self, device: Device, message: p.Close) -> None:
        table = self._hosting(device, "close the table")
        self.close(table, "the host closed the table")

    def _op_leave(self, device: Device, message: p.Leave) -> None:
        """A guest gives up its seat for good (its token is void). In the lobby the seat is
        free for another pupil; once the game has started the game's own bot plays on for
        the player who left (a game waiting for someone gone would stall the table)."""
        table, seat = self._seated(device)
        if seat == table.host_seat:
            raise ProtocolError(
                "the host does not leave the table: close it instead (every device is told)",
                "leave",
            )
        name = table.name(seat)
        words = f"{name} left the table"
        if table.stage == p.PLAYING:
            bot = own_bot(table.session.game)
            words += f": the {bot} bot plays on for them"
            table.notes.append((table.session.state.ply, words))
            table.set_who(seat, bot)
        left = table.seats[seat]
        left.digest, left.device = "", None
        device.table = device.seat = None
        self.send(device, p.Left(code=table.code, reason=words))
        table.advance()
        table.broadcast()

    def _op_record(self, device: Device, message: p.AskRecord) -> None:
        table, _ = self._seated(device)
        session = table.session
        over = session.state.is_over
        if session.game.hidden_information and not over:
            raise ProtocolError(
                "a record shows every hand: it can be saved when the game ends", "record"
            )
        record = session.record()
        if not over:  # the seed foretells every roll and deal to come (``chance_rng``)
            del record["seed"]
        self.send(device, p.Record(record=record))


__all__ = [
    "BURST",
    "HOST_GRACE",
    "IDLE_CLOSE",
    "MAX_DEVICES",
    "MAX_TABLES",
    "OVER_CLOSE",
    "RACE_BOT_DELAY",
    "RACE_WAIT",
    "RATE",
    "Device",
    "MemoryKeeper",
    "Race",
    "Seat",
    "Table",
    "TableKeeper",
    "TableService",
    "token_digest",
]
