"""Game records: plain JSON that names the game, its rules and every move, and replays exactly.

A record is ``{"format": "sheepkit-record", "version": 1, "game": ..., "rules": {...},
"history": [...]}``, and once the game is over ``"result": {"winners": [...], "reason": ...}``;
other keys (``seats``, notes) are kept by the writer and ignored by :func:`replay`.
"""

from __future__ import annotations

import json
from typing import Any

from .errors import BadRecord, IllegalMove, InvalidRules, shown
from .game import FORMAT, VERSION, Game, State, make_record
from .registry import game_type

#: Size caps checked before anything is replayed, so that a huge record is refused at once.
#: The longest games we know of (Lamb Mimes matches) write a few thousand moves.
MAX_RECORD_CHARS = 10_000_000
MAX_HISTORY = 500_000


def parse_json(record: dict[str, Any] | str | bytes) -> dict[str, Any]:
    """The JSON object of a record's text (a dict passes through). Any text that is not one,
    however deeply nested, is a BadRecord. Callers cap the text's length first."""
    if isinstance(record, str | bytes):
        try:
            record = json.loads(record)
        except RecursionError:
            raise BadRecord("the record is nested too deeply to be a game record") from None
        except ValueError as e:
            raise BadRecord(f"the record is not valid JSON: {e}") from None
    if not isinstance(record, dict):
        raise BadRecord(f"a record is a JSON object, not {type(record).__name__}")
    return record


def replay(
    record: dict[str, Any] | str | bytes,
    *,
    game_class: type[Game[Any, Any, Any]] | None = None,
) -> State[Any, Any]:
    """The exact state a record describes. A corrupt or foreign record raises BadRecord.

    The record's ``game`` names a registered game, or ``game_class``'s name: a game class that
    was never registered (one being written) replays its own records that way.

    Checked in this order, each before any move is replayed: the JSON itself (at most
    ``MAX_RECORD_CHARS`` characters), ``format``, ``version`` (the integer 1), ``game`` (a
    registered game), ``history`` (a list of move texts, at most ``MAX_HISTORY`` of them),
    ``rules`` and the history's length against the game's ``max_length`` under those rules.

    ``rules`` is required: a record states every rule value (``make_record`` writes them
    all), because the defaults may change from one sheepkit version to the next. Write
    ``"rules": {}`` to mean this version's defaults.

    Each move is read as ``state.play(text)`` reads it; a move after the end of the game is
    refused as such. A record that states a ``result`` must replay to a finished game with
    those winners (the ``reason`` is words and is not compared); otherwise BadRecord names
    the difference.
    """
    if isinstance(record, str | bytes) and len(record) > MAX_RECORD_CHARS:
        raise BadRecord(
            f"the record is {len(record)} characters long; sheepkit reads records of at "
            f"most {MAX_RECORD_CHARS}"
        )
    record = parse_json(record)
    if record.get("format") != FORMAT:
        raise BadRecord(f"not a sheepkit game record (format is {shown(record.get('format'))})")
    version = record.get("version")
    if type(version) is not int or version != VERSION:  # not 1.0, not true
        raise BadRecord(
            f"unknown record version {shown(version)}; this sheepkit reads version {VERSION}"
        )
    name = record.get("game")
    kind: type[Game[Any, Any, Any]] | None
    if game_class is not None and isinstance(name, str) and name == game_class.name:
        kind = game_class
    else:
        try:
            kind = game_type(name) if isinstance(name, str) else None
        except KeyError:
            kind = None
    if kind is None:
        raise BadRecord(f"the record is of an unknown game {shown(name)}")
    history = record.get("history")
    if not isinstance(history, list) or not all(isinstance(m, str) for m in history):
        raise BadRecord("the record's history must be a list of move strings")
    if len(history) > MAX_HISTORY:
        raise BadRecord(
            f"the record's history has {len(history)} moves; sheepkit reads at most {MAX_HISTORY}"
        )
    if "rules" not in record:
        raise BadRecord(
            "the record has no 'rules'; a record states every rule value (write "
            '"rules": {} for this version\'s defaults)'
        )
    try:
        game = kind(kind.rules_type.from_dict(record["rules"]))
    except InvalidRules as e:
        raise BadRecord(f"the record's rules are invalid: {e}") from None
    if len(history) > game.max_length:
        raise BadRecord(
            f"the record's history has {len(history)} moves, but a game of {game.title} with "
            f"these rules lasts at most {game.max_length}"
        )
    expected = _stated_result(record)
    state: State[Any, Any] = game.new_game()
    for number, text in enumerate(history, start=1):
        if state.is_over:
            raise BadRecord(
                f"move {number} ({text!r}) cannot be played: the game is over after move "
                f"{number - 1} ({state.outcome()})",
                number,
            )
        try:
            state = state.play(state.parse(text))
        except (IllegalMove, ValueError) as e:
            raise BadRecord(f"move {number} ({text!r}) is not legal: {e}", number) from None
    if expected is not None:
        outcome = state.outcome()
        if outcome is None:
            raise BadRecord(
                f"the record states a result (winners {_players(expected)}), but its "
                f"{len(history)} moves leave the game unfinished"
            )
        if tuple(outcome.winners) != expected:
            raise BadRecord(
                f"the record states winners {_players(expected)}, but its moves give "
                f"{_players(outcome.winners)} ({outcome.reason})"
            )
    return state


def _stated_result(record: dict[str, Any]) -> tuple[int, ...] | None:
    """The winners the record's ``result`` states (None when it states none)."""
    if "result" not in record:
        return None
    result = record["result"]
    winners = result.get("winners") if isinstance(result, dict) else None
    if not isinstance(winners, list) or not all(type(w) is int for w in winners):
        raise BadRecord(
            f"the record's result must be {{'winners': [player numbers from 0], 'reason': "
            f"...}}, not {shown(result)}"
        )
    return tuple(winners)


def _players(winners: tuple[int, ...]) -> str:
    return "[" + ", ".join(shown(w) for w in winners) + "]"


def dumps(state: State[Any, Any], **extra: Any) -> str:
    return json.dumps(make_record(state, **extra), indent=1)
