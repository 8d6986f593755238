"""Lamb Mimes names each public field once: the state, every view and the drawing's table
subclass LambMimesTable, and copy its fields by name."""

from __future__ import annotations

import dataclasses
import inspect
import random

import sheepkit
from sheepkit.core.contract import Frame
from sheepkit.games.lamb_mimes.engine import (
    TABLE_FIELDS,
    LambMimesState,
    LambMimesTable,
    LambMimesView,
)
from sheepkit.games.lamb_mimes.words import SeenTable, table_of


def own_fields(cls: type) -> set[str]:
    return {f.name for f in dataclasses.fields(cls)} - set(TABLE_FIELDS)


def test_the_public_fields_are_declared_once() -> None:
    assert tuple(f.name for f in dataclasses.fields(LambMimesTable)) == TABLE_FIELDS
    for cls in (LambMimesState, LambMimesView, SeenTable):
        assert issubclass(cls, LambMimesTable)
        assert set(TABLE_FIELDS) <= {f.name for f in dataclasses.fields(cls)}
        assert not own_fields(cls) & set(TABLE_FIELDS)
        assert not set(inspect.get_annotations(cls)) & set(TABLE_FIELDS)


def test_views_and_tables_carry_the_states_public_fields() -> None:
    rng = random.Random(5)
    state = sheepkit.load("lamb_mimes").new_game()
    for _ in range(120):
        state = state.play(
            state.sample_chance(rng) if state.is_chance else rng.choice(state.options())
        )
    public = {name: getattr(state, name) for name in TABLE_FIELDS}
    for viewer in (None, 0, 1):
        table = table_of(Frame(state, viewer))
        assert {name: getattr(table, name) for name in TABLE_FIELDS} == public
    view = state.view(1)
    assert {name: getattr(view, name) for name in TABLE_FIELDS} == public


def test_the_move_builder_declares_no_field_of_its_own() -> None:
    """The builder of the next state (``_Work``) sets the state's fields: it takes their names
    and types from the state's own field classes, so each field is declared once."""
    from sheepkit.games.lamb_mimes.engine import _STATE_FIELDS, LambMimesCards, _Work

    assert issubclass(_Work, LambMimesTable) and issubclass(_Work, LambMimesCards)
    assert issubclass(LambMimesState, LambMimesCards)
    assert set(inspect.get_annotations(_Work)) == {"game"}  # core's field, not one of these
    declared = {f.name for cls in (LambMimesTable, LambMimesCards) for f in dataclasses.fields(cls)}
    assert {"game", *declared} == set(_STATE_FIELDS)
    state = sheepkit.load("lamb_mimes").new_game()
    work = _Work(state)
    work.turn = 1  # settable here, though the field classes are frozen dataclasses
    assert work.freeze() == state.replace(turn=1)
