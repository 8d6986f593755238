"""A game in play, as a screen shows it: ``LiveGame``, which a local ``Session`` and a seat
at a remote table (``TableGame``) both provide.

A screen (``sheepkit.screen.Screen``, and through it the notebook app and the play page)
draws ``state`` for ``viewer()``, words it with ``status`` and ``log_entries``, offers
``moves()`` as buttons, and sends what the person in front of it does (``play``, ``roll``,
``lift_curtain``, and the set-up: ``new_game``, ``set_seat``). It hears of every change
through ``on``. ``offers`` says which of the screen's own controls apply: a table's history is
the server's to keep (no undo), its host alone rigs a roll or changes the set-up, and its bots
play on the server.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass
from typing import Any, Literal, Protocol

from .bots import BotFactory
from .core import Game, State
from .core.contract import GameWords
from .core.rules import Rules

EventKind = Literal["moved", "browsed", "started", "seat", "curtain", "over"]
#: What a game in play tells its listeners. "moved": the timeline grew (a move, a roll, or a run of
#: bot moves or deals) and the cursor is at its end; "browsed": the cursor moved (undo, redo,
#: goto); "started": a new game or a loaded record (the game and its rules may be new);
#: "seat": a seat changed (``Event.seat``); "curtain": the device must be covered for
#: ``curtain_for``, or the curtain was lifted (then ``curtain_for`` is None); "over": the game
#: ended. "moved" and "browsed" come first, "curtain" and "over" after them.
EVENTS: tuple[EventKind, ...] = ("moved", "browsed", "started", "seat", "curtain", "over")


@dataclass(frozen=True)
class Event:
    kind: EventKind
    source: LiveGame  # the game in play that changed
    seat: int | None = None


Listener = Callable[[Event], None]


@dataclass(frozen=True)
class Offers:
    """Which of a screen's controls act on the game shown.

    ``browse``: undo, redo and the history slider; ``bots``: auto-play, its delay and "Bot:
    play one move" (the bots play here); ``records``: save and load; ``new_game``: start
    again; ``setup``: the rules and who sits in each seat may be changed; ``rig``: a roll's
    outcome may be chosen (to demonstrate a rule)."""

    browse: bool = True
    bots: bool = True
    records: bool = True
    new_game: bool = True
    setup: bool = True
    rig: bool = True


#: A game on this device: every control applies.
LOCAL = Offers()


class LiveGame(Protocol):
    """What a screen reads of a game in play and sends to it."""

    @property
    def game(self) -> Game[Any, Any, Any]: ...

    @property
    def state(self) -> State[Any, Any]:
        """The position shown."""

    @property
    def ply(self) -> int:
        """How many plies the game has had (a table's stand-in position holds no history)."""

    @property
    def at_end(self) -> bool:
        """The position shown is the latest (not one browsed back to)."""

    @property
    def seats(self) -> list[str]:
        """Who sits in each seat: "Human" or a bot's name."""

    @property
    def bot_factories(self) -> dict[str, BotFactory]:
        """The bots offered for the game, by name."""

    @property
    def curtain_for(self) -> int | None:
        """A seat the device must be passed to before the board is shown (None: no curtain)."""

    @property
    def offers(self) -> Offers: ...

    def viewer(self) -> int | None:
        """Whose eyes the board is shown for (None: everything may be seen)."""

    def is_human(self, player: int | None) -> bool:
        """The person in front of this screen acts for ``player``."""

    def human_decides(self, state: State[Any, Any] | None = None) -> bool:
        """The person in front of this screen must act now."""

    def may_roll(self, state: State[Any, Any] | None = None) -> bool:
        """A Roll control works now."""

    def claimed(self, state: State[Any, Any] | None = None) -> bool:
        """A game's own controls settle this chance node (a race pupils win by a button)."""

    def moves(self) -> tuple[Hashable, ...]:
        """The moves the person in front of this screen may play now (none: not their turn)."""

    def status(self, takes_clicks: bool) -> str:
        """Whose turn it is and what to do, in words (``takes_clicks``: the board reads
        clicks)."""

    def log_entries(self, words: GameWords, viewer: int | None) -> list[tuple[int, int, str]]:
        """(first ply, last ply, words) of each line of the game log, as ``viewer`` may read it."""

    def play(self, move: Hashable | str) -> State[Any, Any]: ...

    def roll(self, outcome: Hashable | None = None) -> State[Any, Any]: ...

    def lift_curtain(self) -> None: ...

    def new_game(self, game: Game[Any, Any, Any] | Rules | dict[str, Any] | None = None) -> None:
        """Start again with these rules (at a table: the host, in the lobby)."""

    def set_seat(self, seat: int, who: Any) -> None:
        """Seat a bot or a human (at a table: the host, in the lobby)."""

    def on(self, kind: EventKind, listener: Listener) -> Callable[[], None]:
        """Hear of ``kind`` of change (``EVENTS``); returns the unsubscriber."""
