"""State.replace (core): the fields are copied, changes applied, and nothing else survives."""

from __future__ import annotations

import dataclasses

import pytest

import sheepkit
from sheepkit.core import cached
from sheepkit.games.sheep_race.engine import SheepRaceState

SIX = ("Requeijao", "Feta", "Brie", "Gouda", "Ricotta", "Pecorino")


def race_position() -> SheepRaceState:
    game = sheepkit.load("sheep_race", players=2)
    return game.position(cards=SIX, visible=(1, 2), hidden=((4, 6), (3, 5)), rolled=4)


def test_replace_changes_fields_and_copies_the_rest_but_no_cached_value():
    s = race_position()
    moves = s.legal_moves()  # cached on s
    assert "_legal" in s.__dict__
    t = s.replace(selected=0)
    assert set(t.__dict__) == {f.name for f in dataclasses.fields(SheepRaceState)}
    assert t.selected == 0 and t.pos == s.pos and t.history == s.history
    assert t.legal_moves() != moves  # recomputed for lane 1's sheep, not carried over


def test_replace_drops_a_value_kept_beside_the_fields(monkeypatch):
    # A cached value core does not list yet, and a plain attribute an engine set itself.
    def _probe(self):
        return 1

    monkeypatch.setattr(SheepRaceState, "_probe", cached(_probe), raising=False)
    s = race_position()
    assert s._probe == 1
    object.__setattr__(s, "_extra", "derived from the old fields")
    t = s.replace(rolled=5)
    assert "_probe" not in t.__dict__ and "_extra" not in t.__dict__
    assert t.rolled == 5 and t == s.replace(rolled=5)


def test_replace_refuses_a_name_that_is_not_a_field():
    s = race_position()
    with pytest.raises(TypeError, match="no field totals"):
        s.replace(totals=(1, 2))


def test_replace_refuses_a_cached_name_and_leaves_the_state_alone():
    s = race_position()
    moves = s.legal_moves()
    with pytest.raises(TypeError, match="no field _legal"):
        s.replace(_legal=())
    assert s.legal_moves() == moves
