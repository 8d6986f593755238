"""The contract beyond Game and State, as typed protocols: a player's view, a bot, a game's
words, and what a game's board drawing and panel give the app. CONTRACT.md explains it for students.

Nothing here imports a widget library: the protocols only name what the app will call, so a
game's drawing can be written, imported and tested without a browser (see
``sheepkit.drawing`` for the base class with every optional hook filled in).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, NamedTuple, Protocol, TypeVar, runtime_checkable

if TYPE_CHECKING:
    from .game import Game, State


@runtime_checkable
class PlayerView(Protocol):
    """What ``state.view(player)`` gives: all that ``player`` may know, and nothing more.

    A game without hidden information returns the state itself (a State is a PlayerView). A
    game with hidden cards returns its own view object, whose ``determinize`` deals the unseen
    cards at random (consistently with what the player saw) so that a bot can search."""

    @property
    def game(self) -> Game[Any, Any, Any]: ...

    @property
    def to_move(self) -> int | None: ...

    def determinize(self, rng: random.Random) -> State[Any, Any]:
        """A full state that could be the real one, as far as this player knows."""
        ...


@runtime_checkable
class Bot(Protocol):
    """Anything with ``choose(view, legal_moves, rng) -> move`` plays (a plain function with that
    signature is wrapped by ``sheepkit.bots.as_bot``). It gets the mover's view, never the full
    state. Optional: ``name`` and ``description`` (shown in the app).

    ``legal_moves`` is a Sequence of the game's own move type, which a game's bot names
    (``Sequence[Step]``): typed Any here, since a parameter of any narrower type would not fit a
    protocol that says Hashable (parameters are contravariant)."""

    def choose(self, view: Any, legal_moves: Sequence[Any], rng: random.Random) -> Any: ...


#: A bot maker: the app and the lab make a fresh bot per game (bots may remember things).
BotFactory = Callable[[], Bot]


#: The state type a drawing draws: ``Frame[WolfAndSheepState]`` holds one, so a drawing reads
#: its own game's fields without narrowing (the app only ever hands it its game's states).
StateT = TypeVar("StateT")


@dataclass(frozen=True)
class Frame(Generic[StateT]):
    """What the app asks a board drawing to draw."""

    state: StateT
    #: Whose eyes: the human seat in front of the screen (None: everything may be shown).
    viewer: int | None
    #: The drawing's own selection (e.g. a picked piece), as returned by ``click``.
    selection: Any = None
    #: Moves to mark on the board (e.g. where the selected piece may go).
    highlights: tuple[Hashable, ...] = ()
    # No "browsing" flag: a position shown from the history takes moves like the last one
    # (the app cuts the timeline there), so a drawing never needs to know it is in the past.


class Target(NamedTuple):
    """A place on the board the keyboard cursor stops at: its centre in canvas pixels, its
    words (said as the cursor arrives), and the size of the box drawn around it (0: the app
    sizes it from the distance to the nearest other target)."""

    x: float
    y: float
    label: str
    width: float = 0
    height: float = 0


@runtime_checkable
class BoardDrawing(Protocol):
    """How a game looks and how a click on it reads. The app owns the canvas, clears it and
    holds its updates around ``draw``; coordinates are canvas pixels. Subclass
    ``sheepkit.drawing.Drawing``, which supplies every member below but ``draw``."""

    # Read-only to the app (properties here, so that a class attribute such as
    # ``preferences = ("squares", "theme")``, typed by its value, still fits the protocol).
    @property
    def width(self) -> int:
        """The canvas width in pixels (the app fixes the canvas's CSS size to match)."""
        ...

    @property
    def height(self) -> int:
        """The canvas height in pixels."""
        ...

    @property
    def move_buttons(self) -> bool:
        """False when moves are too many for one button each (the game's panel offers them)."""
        ...

    @property
    def preferences(self) -> tuple[str, ...]:
        """Attributes that are the user's taste, not the rules (e.g. a colour theme): the app
        carries them over to the drawing it makes for new rules."""
        ...

    def draw(self, canvas: Any, frame: Frame[Any]) -> None:
        """Paint the whole board for ``frame`` (the canvas is cleared, its updates held)."""
        ...

    def click(self, frame: Frame[Any], x: float, y: float) -> tuple[Any, Hashable | None]:
        """A click at canvas pixel (x, y): the new selection, and the move it completes if any."""
        ...

    def takes_clicks(self, state: Any) -> bool:
        """False where no click on the board plays a move (the status then names only the
        move buttons)."""
        ...

    def selected_moves(self, state: Any, selection: Any) -> tuple[Hashable, ...]:
        """The moves to mark on the board (``Frame.highlights``) while ``selection`` is picked."""
        ...

    def explain_click(self, frame: Frame[Any], x: float, y: float) -> str | None:
        """Why a click at (x, y) that ``click`` turned into no move and no selection did
        nothing (the engine's ``why_illegal`` where a move was meant), or None to stay quiet."""
        ...

    def targets(self, frame: Frame[Any]) -> tuple[Target, ...]:
        """The board's squares, hexes, cards or lanes, in reading order, as keyboard cursor
        stops: the arrow keys move between them, Enter and Space click the one under the
        cursor (``click`` at its centre). Labels say only what ``frame.viewer`` may see; ``()``:
        no cursor."""
        ...

    def tools(self, frame: Frame[Any]) -> tuple[str, ...]:
        """The drawing's own controls that apply in ``frame``, each a button's words (Battle
        Sheep's "Rotate tile"), for a screen without the game's panel (the play page)."""
        ...

    def use_tool(self, tool: str, frame: Frame[Any]) -> Any:
        """Use one of ``tools``: it changes what the board shows or what a click on it plays,
        never the game. Returns the selection after it (``frame.selection`` if the same)."""
        ...

    def follows_pointer(self, state: Any) -> bool:
        """Whether the board in ``state`` shows what is under the pointer (a screen then tells
        ``point`` where it is)."""
        ...

    def point(self, frame: Frame[Any], x: float, y: float) -> bool:
        """The pointer (or the keyboard's cursor) is at (x, y): True if the board looks
        different for it (Battle Sheep's tile to lay follows it)."""
        ...


@runtime_checkable
class GameWords(Protocol):
    """A game's words, apart from its pictures (``sheepkit.core.words.Words`` is the base with
    the text defaults): registered with the game (``register(..., words=...)``) and read by the
    app, the log, a table and ``check_game``, none of which need a drawing for them."""

    def move_label(self, state: Any, move: Hashable) -> str:
        """The words on a move's button (a short phrase a child can read)."""
        ...

    def log_label(self, state: Any, move: Hashable, viewer: int | None) -> str | None:
        """How the game log words a move that ``viewer`` may not see in full (hidden
        information), or None for "Player 2: a move"."""
        ...

    def describe(self, frame: Frame[Any]) -> str:
        """The board in words, as much as ``frame.viewer`` may see (None: everything): what a
        screen reader reads instead of the picture, one fact per line."""
        ...


@runtime_checkable
class PanelHooks(Protocol):
    """A game's own controls beside the board (hints, preferences, a race to press first): a
    widget made by the game's registered ``panel(app)`` factory and shown in the app's control
    column. Subclass ``sheepkit.ui.panel.Panel``, which supplies both methods."""

    def refresh(self, app: Any) -> None:
        """Called after every change of the app's position."""
        ...

    def claims_chance(self, state: State[Any, Any]) -> bool:
        """True at a chance node the panel settles (the app must not roll it by itself)."""
        ...
