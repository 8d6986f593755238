"""Game records: plain JSON that names the game, its rules and every move, and replays exactly."""

from __future__ import annotations

import json
from typing import Any

from .errors import BadRecord, IllegalMove, InvalidRules
from .game import State
from .registry import game_type

FORMAT = "sheepkit-record"
VERSION = 1


def make_record(state: State, **extra: Any) -> dict[str, Any]:
    record: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "game": state.game.name,
        "rules": state.game.rules.to_dict(),
        "history": [str(m) for m in state.history],
    }
    outcome = state.outcome()
    if outcome is not None:
        record["result"] = {"winners": list(outcome.winners), "reason": outcome.reason}
    record.update(extra)
    return record


def replay(record: dict[str, Any] | str) -> State:
    """The exact state a record describes. A corrupt or foreign record raises BadRecord."""
    if isinstance(record, str | bytes):
        try:
            record = json.loads(record)
        except ValueError as e:
            raise BadRecord(f"the record is not valid JSON: {e}") from None
    if not isinstance(record, dict):
        raise BadRecord(f"a record is a JSON object, not {type(record).__name__}")
    if record.get("format") != FORMAT:
        raise BadRecord(f"not a sheepkit game record (format is {record.get('format')!r})")
    if record.get("version") != VERSION:
        raise BadRecord(
            f"unknown record version {record.get('version')!r}; this sheepkit reads version "
            f"{VERSION}"
        )
    try:
        kind = game_type(record.get("game"))  # type: ignore[arg-type]
    except (KeyError, TypeError):
        raise BadRecord(f"the record is of an unknown game {record.get('game')!r}") from None
    try:
        game = kind(kind.rules_type.from_dict(record.get("rules", {})))
    except InvalidRules as e:
        raise BadRecord(f"the record's rules are invalid: {e}") from None
    history = record.get("history")
    if not isinstance(history, list) or not all(isinstance(m, str) for m in history):
        raise BadRecord("the record's history must be a list of move strings")
    state = game.new_game()
    for number, text in enumerate(history, start=1):
        try:
            state = state.play(state.parse(text))
        except (IllegalMove, ValueError) as e:
            raise BadRecord(f"move {number} ({text!r}) is not legal: {e}", number) from None
    return state


def dumps(state: State, **extra: Any) -> str:
    return json.dumps(make_record(state, **extra), indent=1)
