"""A seat's knowledge as JSON, beside the records (what a table sends over its wire):
``encode_view(state, seat)`` and, on the device, ``decode_view(game, data)``, a stand-in full
state to draw with ``viewer=seat``.

A game without hidden information sends its record (everything in it is public). A game with
hidden information sends the fields of ``state.view(seat)`` and nothing else: the device
rebuilds the game's own view class (never a class the message names) from the field types
that class declares, and ``determinize`` fills in the rest at random. The drawing, told the
viewer, never shows that fill. JSON only: tuples go as lists.
"""

from __future__ import annotations

import dataclasses
import random
import types
import typing
from typing import Any

from .errors import SheepkitError
from .game import Game, State
from .record import replay

#: The deepest a view's values nest (a view is a level or two of tuples).
MAX_DEPTH = 8


class WireError(SheepkitError, ValueError):
    """A seat's knowledge that cannot be read (not this game's, a field missing or of the
    wrong type). Nothing is drawn from it."""


def encode_view(state: State[Any, Any], seat: int) -> dict[str, Any]:
    """What ``seat`` may know of ``state``, as JSON-ready values."""
    game = state.game
    if not game.hidden_information:
        return {"record": state.record()}
    view: Any = state.view(seat)  # a dataclass (view_class checks it on the device)
    fields = {
        f.name: _plain(getattr(view, f.name), 0)
        for f in dataclasses.fields(view)
        if f.name != "game"
    }
    return {"view": fields, "class": type(view).__name__}


def decode_view(game: Game[Any, Any, Any], data: object) -> State[Any, Any]:
    """A full state that draws, for the seat whose knowledge ``data`` is, exactly what that
    seat may see (WireError if ``data`` is not a seat's knowledge of ``game``)."""
    if not isinstance(data, dict):
        raise WireError("a seat's knowledge is a JSON object")
    if not game.hidden_information:
        try:
            return replay(data["record"], game_class=type(game))
        except (KeyError, SheepkitError, ValueError, TypeError) as error:
            raise WireError(f"the table sent a record that does not replay: {error}") from error
    stand_in: State[Any, Any] = view_of(game, data).determinize(random.Random(0))
    return stand_in


def view_of(game: Game[Any, Any, Any], data: dict[str, Any]) -> Any:
    """The seat's view object of ``game`` rebuilt from ``data["view"]``."""
    cls = view_class(game)
    if data.get("class") != cls.__name__:
        raise WireError(f"this is not a view of {game.title} ({cls.__name__})")
    fields = data.get("view")
    if not isinstance(fields, dict):
        raise WireError("the view's fields are missing")
    hints = typing.get_type_hints(cls)
    values: dict[str, Any] = {"game": game}
    for f in dataclasses.fields(cls):
        if f.name == "game":
            continue
        if f.name not in fields:
            raise WireError(f"the view has no {f.name!r}")
        values[f.name] = _typed(hints.get(f.name, Any), fields[f.name], f.name, 0)
    return cls(**values)


_VIEW_CLASSES: dict[tuple[str, object], type] = {}


def view_class(game: Game[Any, Any, Any]) -> type:
    """The class of ``game``'s player views (a dataclass with a ``game`` field)."""
    key = (game.name, game.rules)
    cls = _VIEW_CLASSES.get(key)
    if cls is None:
        cls = type(game.new_game().view(0))
        if not dataclasses.is_dataclass(cls):
            raise WireError(f"{game.title}'s view is not a dataclass: it cannot go over the wire")
        _VIEW_CLASSES[key] = cls
    return cls


def _plain(value: Any, depth: int) -> Any:
    """``value`` as JSON values: tuples as lists."""
    if depth > MAX_DEPTH:
        raise WireError("a view nests too deep to send")
    if value is None or isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, tuple | list):
        return [_plain(v, depth + 1) for v in value]
    raise WireError(f"a view holds a {type(value).__name__}, which cannot go over the wire")


def _typed(hint: Any, value: Any, name: str, depth: int) -> Any:
    """``value`` (JSON) as the type ``hint`` declares: lists become the declared tuples and
    NamedTuples; anything of another type is refused."""
    if depth > MAX_DEPTH:
        raise WireError(f"{name} nests too deep")
    origin = typing.get_origin(hint)
    if hint is Any:
        if isinstance(value, list):
            return tuple(_typed(Any, v, name, depth + 1) for v in value)
        if value is None or isinstance(value, bool | int | float | str):
            return value
        raise WireError(f"{name} holds a {type(value).__name__}")
    if origin in (typing.Union, types.UnionType):
        for option in typing.get_args(hint):
            try:
                return _typed(option, value, name, depth)
            except WireError:
                continue
        raise WireError(f"{name} is not a {hint}")
    if hint is type(None):
        if value is not None:
            raise WireError(f"{name} should be null")
        return None
    if origin is tuple:
        if not isinstance(value, list):
            raise WireError(f"{name} should be a list")
        args = typing.get_args(hint)
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(_typed(args[0], v, name, depth + 1) for v in value)
        if len(args) != len(value):
            raise WireError(f"{name} should have {len(args)} values")
        return tuple(_typed(a, v, name, depth + 1) for a, v in zip(args, value, strict=True))
    if isinstance(hint, type) and issubclass(hint, tuple) and hasattr(hint, "_fields"):
        hints = typing.get_type_hints(hint)
        fields = hint._fields
        if not isinstance(value, list) or len(value) != len(fields):
            raise WireError(f"{name} should be a list of {len(fields)} values")
        return hint(
            *(
                _typed(hints.get(f, Any), v, name, depth + 1)
                for f, v in zip(fields, value, strict=True)
            )
        )
    if hint is bool:
        if not isinstance(value, bool):
            raise WireError(f"{name} should be true or false")
        return value
    if hint is int:
        if not isinstance(value, int) or isinstance(value, bool):
            raise WireError(f"{name} should be a whole number")
        return value
    if hint is float:
        if not isinstance(value, int | float) or isinstance(value, bool):
            raise WireError(f"{name} should be a number")
        return float(value)
    if hint is str:
        if not isinstance(value, str):
            raise WireError(f"{name} should be text")
        return value
    raise WireError(f"{name} has a type ({hint}) that does not come over the wire")
