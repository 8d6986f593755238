"""The registry of games: ``sheepkit.register``, ``sheepkit.games()`` and ``sheepkit.load``.

A game declares here, in one call, everything the app and the lab use beyond its Game class
(which carries its rules type): its board drawing, its optional panel and its own bots. Nothing
is found by module name, so an error inside a game's drawing raises where it is made.
"""

from __future__ import annotations

import inspect
import sys
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any, ForwardRef, Generic, Protocol, TypeVar, get_args, get_origin

from .contract import BoardDrawing, BotFactory, GameWords, PanelHooks
from .errors import InvalidRules, UnknownGame
from .game import Game, State, state_class_problem
from .rules import Rules

G = TypeVar("G", bound=Game[Any, Any, Any])


@dataclass(frozen=True)
class GameEntry(Generic[G]):
    """What one ``register`` call declared for a game."""

    game_type: type[G]
    #: Makes the board drawing for a game (usually the drawing class itself); None: the app
    #: draws the state's text (``sheepkit.drawing.TextDrawing``).
    drawing: Callable[[G], BoardDrawing] | None = None
    #: Makes the game's own controls for an app (``panel(app)``); None: no panel.
    panel: Callable[[Any], PanelHooks] | None = None
    #: The game's own bots for a game, by name, weakest first (Random and MCTS are added).
    bots: Callable[[G], Mapping[str, BotFactory]] | None = None
    #: Makes the game's words (usually the words class itself); None: the text default
    #: (``sheepkit.core.words.Words``).
    words: Callable[[G], GameWords] | None = None


_ENTRIES: dict[str, GameEntry[Any]] = {}


def protocol_members(protocol: type) -> tuple[str, ...]:
    """The public members a Protocol class and the protocols it extends declare, in the order
    they declare them (bases first)."""
    names: dict[str, None] = {}
    for kind in reversed(protocol.__mro__):
        if getattr(kind, "_is_protocol", False) and kind is not Protocol:
            names.update(dict.fromkeys(n for n in vars(kind) if not n.startswith("_")))
    return tuple(names)


# Every member of BoardDrawing, read from the protocol itself: a drawing missing one is refused
# when it is registered, not when a pupil first clicks.
_DRAWING_MEMBERS = protocol_members(BoardDrawing)


def register(
    game_type: type[G],
    *,
    drawing: Callable[[G], BoardDrawing] | None = None,
    panel: Callable[[Any], PanelHooks] | None = None,
    bots: Callable[[G], Mapping[str, BotFactory]] | None = None,
    words: Callable[[G], GameWords] | None = None,
) -> type[G]:
    """Make a game loadable by its ``name``, with what the app and the lab need.

    One call gives any game (in a notebook cell or a module of one's own) the app shell, the
    Random and MCTS bots, ``check_game``, records and replay, the Rule Lab and the Bot Arena.
    Registering again under the same name replaces the entry only for the same class name
    from the same module (a notebook cell run twice); another game's name is refused."""
    if not (isinstance(game_type, type) and issubclass(game_type, Game)):
        raise TypeError(f"register() takes a Game subclass, not {game_type!r}")
    name = getattr(game_type, "name", None)
    if not isinstance(name, str) or not name.isidentifier():
        raise TypeError(f"{game_type.__name__}.name must be a name like 'fox_and_geese'")
    rules_type = getattr(game_type, "rules_type", None)
    if not (isinstance(rules_type, type) and issubclass(rules_type, Rules)):
        raise TypeError(f"{game_type.__name__}.rules_type must be a Rules dataclass")
    if not isinstance(getattr(game_type, "title", None), str):
        raise TypeError(f"{game_type.__name__}.title must be the game's name in words")
    _check_players(game_type)
    state_type = _state_type(game_type)
    problem = None if state_type is None else state_class_problem(state_type)
    if problem is not None:
        raise TypeError(problem)
    old = _ENTRIES.get(name)
    if old is not None and _key(old.game_type) != _key(game_type):
        raise ValueError(
            f"the name {name!r} is taken by {_key(old.game_type)}; give {game_type.__name__} "
            "another name"
        )
    if drawing is not None:
        missing = [m for m in _DRAWING_MEMBERS if not hasattr(drawing, m)]
        if isinstance(drawing, type) and inspect.isabstract(drawing):
            missing += sorted(getattr(drawing, "__abstractmethods__", ()))
        if missing and isinstance(drawing, type):
            raise TypeError(
                f"{drawing.__name__} lacks {', '.join(missing)}: subclass "
                "sheepkit.drawing.Drawing, which supplies every optional member, and write draw"
            )
    _ENTRIES[name] = GameEntry(game_type, drawing, panel, bots, words)
    return game_type


def _check_players(game_type: type[Game[Any, Any, Any]]) -> None:
    """The declared player count: min_players to max_players, chosen by ``players_rule``
    (an int rule whose every allowed value lies between them) or fixed."""
    kind, low, high = game_type.__name__, game_type.min_players, game_type.max_players
    if not (type(low) is int and type(high) is int and 1 <= low <= high):
        raise TypeError(
            f"{kind}.min_players and max_players must be whole numbers with "
            f"1 <= min_players <= max_players, not {low!r} and {high!r}"
        )
    rule = game_type.players_rule
    if rule is None:
        if low != high:
            raise TypeError(
                f"{kind} takes {low} to {high} players: name the rule that chooses how many "
                "with players_rule = '...'"
            )
        return
    infos = {i.name: i for i in game_type.rules_type.infos()}
    info = infos.get(rule) if isinstance(rule, str) else None
    if info is None or type(info.default) is not int:
        raise TypeError(
            f"{kind}.players_rule must name an int rule of {game_type.rules_type.__name__}, "
            f"not {rule!r}"
        )
    allowed = info.choices or (info.min, info.max)
    if any(n is None or not low <= n <= high for n in allowed):
        raise TypeError(
            f"{kind}'s rule {rule!r} must allow only {low} to {high} players "
            f"(min_players to max_players): give it choices or min and max within them"
        )


def _state_type(game_type: type) -> type | None:
    """The state class a game names in ``Game[Rules, Move, State]`` (a forward reference is
    looked up in the game's module), or None when it names none or it cannot be found yet."""
    for kind in game_type.__mro__:
        for base in kind.__dict__.get("__orig_bases__", ()):
            if get_origin(base) is not Game or len(get_args(base)) != 3:
                continue
            named = get_args(base)[2]
            if isinstance(named, ForwardRef):
                named = named.__forward_arg__
            if isinstance(named, str):
                module = sys.modules.get(kind.__module__)
                named = getattr(module, named, None)
            if isinstance(named, type) and issubclass(named, State):
                return named
            return None
    return None


def unregister(name: str) -> None:
    """Forget the game ``name`` (a test's or a lesson's own game); UnknownGame if never
    registered."""
    entry(name)
    del _ENTRIES[name]


def _key(kind: type) -> str:
    return f"{kind.__module__}.{kind.__qualname__}"


def games() -> tuple[str, ...]:
    """The names of all games, in the order they were registered."""
    return tuple(_ENTRIES)


def entry(name: str) -> GameEntry[Any]:
    """What the game ``name`` registered; UnknownGame (a KeyError) lists the games otherwise."""
    try:
        return _ENTRIES[name]
    except (KeyError, TypeError):  # TypeError: an unhashable name, e.g. a list from JSON
        raise UnknownGame(name, tuple(_ENTRIES)) from None


def game_type(name: str) -> type[Game[Any, Any, Any]]:
    """The class of the game ``name``; UnknownGame (a KeyError) lists the games otherwise."""
    return entry(name).game_type


def entry_for(game: Game[Any, Any, Any]) -> GameEntry[Any]:
    """The entry of a game object, or a bare one for a game class never registered (a game
    being written: it still gets the text drawing and the general bots)."""
    found = _ENTRIES.get(game.name)
    if found is not None and found.game_type is type(game):
        return found
    return GameEntry(type(game))


def load(name: str, **rules: Any) -> Game[Any, Any, Any]:
    """The game ``name`` with the given rule changes (validated: InvalidRules names the field)."""
    kind = game_type(name)
    return kind(kind.rules_type.from_dict(rules))


__all__ = [
    "GameEntry",
    "InvalidRules",
    "UnknownGame",
    "entry",
    "entry_for",
    "game_type",
    "games",
    "load",
    "register",
    "unregister",
]
