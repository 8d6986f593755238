"""A seat's knowledge over the wire: it round-trips for every game, and a device rebuilds only
its game's own view class from fields of the declared types."""

from __future__ import annotations

import json
import random

import pytest

import sheepkit
from sheepkit.core.views import WireError, decode_view, encode_view, view_class


def positions(name: str, count: int = 40) -> list[sheepkit.State]:
    game = sheepkit.load(name)
    rng = random.Random(4)
    state, seen = game.new_game(), []
    while not state.is_over:
        seen.append(state)
        state = state.play(
            state.sample_chance(rng) if state.to_move == -1 else rng.choice(state.legal_moves())
        )
    seen.append(state)
    return [*seen[:: max(1, len(seen) // count)], state]


@pytest.mark.parametrize("name", sheepkit.games())
def test_what_a_seat_is_sent_draws_as_what_it_may_see(name: str) -> None:
    for state in positions(name):
        for seat in range(state.game.num_players):
            sent = json.loads(json.dumps(encode_view(state, seat)))
            stand_in = decode_view(state.game, sent)
            assert stand_in.view(seat) == state.view(seat)
            assert encode_view(stand_in, seat) == sent
            if not state.game.hidden_information:
                assert stand_in == state


def test_a_device_rebuilds_only_its_games_own_view_from_typed_fields() -> None:
    game = sheepkit.load("sheep_race")
    state = positions("sheep_race")[5]
    sent = json.loads(json.dumps(encode_view(state, 0)))
    assert view_class(game).__name__ == sent["class"] == "SheepRaceView"
    for broken, words in [
        ({**sent, "class": "LambMimesView"}, "not a view of"),
        ({**sent, "view": {**sent["view"], "race": "one"}}, "race should be a whole number"),
        ({**sent, "view": {**sent["view"], "pos": [[1]] * 3}}, "pos should be a whole number"),
        ({**sent, "view": {k: v for k, v in sent["view"].items() if k != "deck"}}, "no 'deck'"),
        ([1, 2], "JSON object"),
    ]:
        with pytest.raises(WireError, match=words):
            decode_view(game, broken)
    with pytest.raises(WireError, match="does not replay"):
        decode_view(sheepkit.load("wolf_and_sheep"), {"record": {"game": "chess"}})
