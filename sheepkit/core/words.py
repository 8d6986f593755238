"""A game's words, apart from its pictures: a move's label, a log line as a seat may read it,
the board described for a screen reader (``GameWords`` in ``contract.py``).

A game registers its words with ``register(..., words=MyWords)``; ``words_for(game)`` makes
them (``Words``, the plain-text default, for a game that wrote none). The app's log, a table's
log and ``check_game`` word every move through them; a drawing's own ``move_label``,
``log_label`` and ``describe`` ask them by default. Imports no drawing and no widget library.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any, Generic, TypeVar

from .contract import Frame, GameWords
from .game import CHANCE, Game, State
from .registry import entry_for

#: The shape each player's pieces are drawn as (``sheepkit.drawing`` draws them), named here
#: because the board in words names them too ("Player 1 (circles)"): colour is never the only
#: cue, on the screen or read aloud.
PLAYER_SHAPES = ("circle", "square", "triangle", "diamond", "star", "hexagon")

#: The state type the words are written for (``Words[WolfAndSheepState]``).
S = TypeVar("S")


class Words(Generic[S]):
    """The base of a game's words, each with its plain-text default: a move is ``str(move)``,
    a move a viewer may not see in full is "Player 2: a move", the board is the game's text of
    what the viewer may see. Subclass it and override what your game words better."""

    def __init__(self, game: Any = None) -> None:
        self.game = game

    def move_label(self, state: S, move: Hashable) -> str:
        """The words on a move's button (a short phrase a child can read)."""
        return str(move)

    def log_label(self, state: S, move: Hashable, viewer: int | None) -> str | None:
        """How the log words a move ``viewer`` may not see in full (None: "a move")."""
        return None

    def describe(self, frame: Frame[S]) -> str:
        """The board in words, as much as ``frame.viewer`` may see: by default the game's text
        board (``str`` of the state, or of ``state.view(viewer)``)."""
        state: Any = frame.state  # every game's state has view(); S is unbounded for words
        return str(state if frame.viewer is None else state.view(frame.viewer))


_MADE: dict[tuple[Game[Any, Any, Any], object], GameWords] = {}


def words_for(game: Game[Any, Any, Any]) -> GameWords:
    """The words ``game`` registered, made once for these rules; else the text default."""
    make = entry_for(game).words
    key = (game, make)
    words = _MADE.get(key)
    if words is None:
        words = _MADE[key] = make(game) if make is not None else Words(game)
    return words


def log_line(words: GameWords, before: State[Any, Any], move: Hashable, viewer: int | None) -> str:
    """One entry of the log, as ``viewer`` may read it: with hidden information the game's
    words say it (``log_label``), or else only who acted is shown."""
    game = before.game
    who = before.acting_player
    name = f"{game.player_name(who)}: " if who is not None else ""
    if not game.hidden_information or (viewer is None and before.is_over):
        # In words, as on the move's button, with the notation a record uses beside it.
        said, notation = words.move_label(before, move), str(move)
        return name + (said if said == notation else f"{said} ({notation})")
    label = words.log_label(before, move, viewer)
    if label is not None:
        return label
    return name + ("chance" if before.to_move == CHANCE else "a move")
