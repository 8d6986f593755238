"""A pupil's bot at a table: ``join(code, bot)`` takes a free seat with it from a notebook and
plays that seat until the game ends, so a class tournament runs with each pupil's bot on its
own machine.

The bot is what the Bot Arena takes: a function ``bot(view, legal_moves, rng) -> move``, a bot
object or class, or the name of one of the game's bots. It gets what the seat may know (the
state of a game without hidden information, else the seat's view, rebuilt from the table's
snapshot) and the legal moves the table sent.
"""

from __future__ import annotations

import asyncio
import inspect
import random
from collections.abc import Callable
from typing import Any

from ..bots.specs import BotSpec, make_bot
from ..core import SheepkitError
from ..session import RACE_BOT_DELAY
from . import protocol as p
from .authority import RATE, TableService
from .client import LocalTransport, TableClient, connect, table_service_url
from .protocol import HUMAN

#: The least time between two of a bot's messages: under the service's flood limit (RATE a
#: second), which a bot answering every snapshot at once broke against the table's own bots.
GAP = 1.25 / RATE


class TableJoinError(SheepkitError, ConnectionError):
    """The bot could not take or keep its seat (the reason is the table's words)."""


class BotSeat:
    """A bot playing one seat of a table through a ``TableClient``. ``done`` once the game is
    over or the table closed; ``error`` says why it stopped early."""

    def __init__(self, client: TableClient, code: str, bot: BotSpec, seat: int | None) -> None:
        self.client = client
        self.code = code.strip().upper()
        self.spec = bot
        self.wanted = seat
        self.bot: Any = None
        self.rng = random.Random()
        self.error: str | None = None
        self.done = False
        self.moves = 0
        self._acted_at: int | None = None  # the ply of its last move or roll: one per ply
        self._own_loop: asyncio.AbstractEventLoop | None = None  # a script's (``wait``)
        self._finished: asyncio.Future[None] | None = None
        self._connecting: asyncio.Future[None] | None = None
        self._next_send = 0.0  # the loop's time from which the next message may go
        #: Each message of the table it acts on.
        self._handlers: dict[type[p.Message], Callable[[Any], None]] = {
            p.Lobby: self._sit,
            p.State: self._play,
            p.Error: self._refused,
            p.Closed: self._closed,
        }
        client.on(self._hear)

    @property
    def seat(self) -> int | None:
        """The seat it plays (or played)."""
        snap = self.client.snapshot
        return self.client.seat if snap is None else snap.seat

    @property
    def outcome(self) -> str | None:
        snap = self.client.snapshot
        return snap.outcome if snap is not None else None

    def start(self) -> None:
        self.client.look(self.code)

    def _hear(self, message: p.Message) -> None:
        handler = self._handlers.get(type(message))
        if handler is not None and not self.done:
            handler(message)

    def _refused(self, message: p.Error) -> None:
        if message.refused != p.Claim.OP:  # else a race won by someone quicker: it goes on
            self._stop(message.reason)

    def _closed(self, message: p.Closed) -> None:
        self._stop(None if self.client.snapshot else message.reason)

    def _sit(self, lobby: p.Lobby) -> None:
        if self.client.seated is not None:
            return
        free = [
            i
            for i, s in enumerate(lobby.seats)
            if s["who"] == HUMAN and not s["taken"] and self.wanted in (None, i)
        ]
        if not free:
            wanted = "a free seat" if self.wanted is None else f"seat {self.wanted} free"
            self._stop(f"table {self.code} has no {wanted} for a player")
            return
        self.client.sit(self.code, free[0])

    def _play(self, snap: p.State) -> None:
        if snap.stage == p.OVER:
            self._stop(None)
            return
        seat = snap.seat
        if snap.ply == self._acted_at:
            return  # a snapshot of the same position (someone came back): answered already
        if snap.legal:
            stand_in = self.client.state()
            if stand_in is None:
                return
            game = stand_in.game
            if self.bot is None:
                self.bot = make_bot(game, self.spec)
            sees = stand_in.view(seat) if game.hidden_information else stand_in
            legal = [stand_in.parse(text) for text in snap.legal]
            try:
                move = self.bot.choose(sees, legal, self.rng)
            except Exception as error:  # the pupil's bot: say what went wrong, stop playing
                self._stop(f"the bot raised {type(error).__name__}: {error}")
                return
            self._acted_at = snap.ply
            self._paced(lambda: self.client.move(str(move)))
            self.moves += 1
        elif snap.may_roll and snap.acting == seat:
            self._acted_at = snap.ply
            self._paced(self.client.roll)
        elif snap.claim:
            # A race (Shave a Sheep's howl): claim it after a delay like the table's own bots',
            # so that a pupil's bot is quick but a child can beat it.
            self._acted_at = snap.ply
            self._paced(self.client.claim, self.rng.uniform(*RACE_BOT_DELAY))

    def _paced(self, send: Callable[[], None], wait: float = 0.0) -> None:
        """``send()`` after ``wait`` seconds and at least GAP after the bot's last message,
        unless the game is over by then; at once in process (no loop: tests)."""
        try:
            loop = asyncio.get_running_loop()
        except RuntimeError:
            send()
            return
        now = loop.time()
        at = max(now + wait, self._next_send)
        self._next_send = at + GAP
        if at <= now:
            send()
        else:
            loop.call_later(at - now, lambda: None if self.done else send())

    def _stop(self, error: str | None) -> None:
        self.done = True
        self.error = error
        self.client.disconnect()
        if self._finished is not None and not self._finished.done():
            self._finished.set_result(None)

    async def finished(self) -> None:
        """Wait (in a running event loop: a notebook) until the game is over."""
        if self.done:
            return
        if self._finished is None:
            self._finished = asyncio.get_running_loop().create_future()
        await self._finished

    def wait(self, timeout: float | None = None) -> BotSeat:
        """Block until the game is over (a script; in a notebook, ``await seat.finished()``)."""
        loop = self._own_loop
        if loop is None:
            if self.done:
                return self
            raise RuntimeError(
                "in a notebook the bot plays in the background: `await seat.finished()` waits"
            )
        loop.run_until_complete(asyncio.wait_for(self.finished(), timeout))
        return self

    def __repr__(self) -> str:
        where = f"seat {self.seat} of table {self.code}" if self.seat is not None else self.code
        state = "done" if self.done else "playing"
        why = f": {self.error}" if self.error else ""
        return f"<BotSeat {where}, {state}, {self.moves} moves{why}>"


def join(
    code: str,
    bot: BotSpec,
    *,
    seat: int | None = None,
    url: str | None = None,
    service: TableService | None = None,
) -> BotSeat:
    """Seat ``bot`` at table ``code`` (the first free seat, or ``seat``) and let it play.

    In a notebook (a running event loop) it plays in the background: ``await
    seat.finished()``. In a script, ``join(...).wait()``. ``service``: a table service in
    this process (tests); ``url``: the service's websocket (default: ``table_service_url()``).
    """
    client = TableClient()
    seat_player = BotSeat(client, code, bot, seat)
    if service is not None:
        LocalTransport(service, client)
        seat_player.start()
        return seat_player
    address = url or table_service_url()
    if address is None:
        raise TableJoinError(
            "no table service here: run the apps with `make app` (or a classroom server), "
            "or give url='ws://<server>:<port>/sheepkit/tables'"
        )

    made = connect(address, client)  # the browser's WebSocket at once, or tornado's to await
    if not inspect.isawaitable(made):
        seat_player.start()
        return seat_player

    async def connecting() -> None:
        try:
            await made
        except OSError as error:
            seat_player._stop(f"could not reach the table service at {address}: {error}")
            return
        seat_player.start()

    try:
        asyncio.get_running_loop()
    except RuntimeError:  # a script: a loop of its own, run by wait()
        loop = asyncio.new_event_loop()
        loop.run_until_complete(connecting())
        seat_player._own_loop = loop
        return seat_player
    seat_player._connecting = asyncio.ensure_future(connecting())  # kept: a task may be collected
    return seat_player
