"""Kit games at a table: two in-process devices play each example to its end."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).parent.parent / "tables"))
from table_devices import open_table, play_out, room

pytestmark = pytest.mark.usefixtures("kit_games")


@pytest.mark.parametrize("game", ["fox_and_geese", "four_in_a_row", "kit_hounds_and_hare"])
def test_a_kit_game_is_played_to_its_end_at_a_table(game: str) -> None:
    service, _ = room()
    devices = open_table(service, game, ["Human", "Human"], {})
    devices[0].start()
    play_out(devices, random.Random(11))
    for device in devices:
        snap = device.snapshot
        assert snap is not None and snap.stage == "over" and snap.outcome, device.errors
        assert device.errors == []
    (table,) = service.tables.values()
    assert table.session.state.is_over
    for device in devices:
        state = device.state()
        assert state == table.session.state
