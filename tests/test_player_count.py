"""How many play is declared on the game (OpenSpiel's min and max players, and the rule that
chooses within them), not guessed from a rule's name: core, the set-up row and the catalogue
read the declaration."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from toy_games import DiceRace, DiceRaceState

import sheepkit
from sheepkit import register, unregister
from sheepkit.core import Rules, check_game, rule
from sheepkit.ui import GameApp
from sheepkit.ui.catalogue import game_table


@dataclass(frozen=True)
class SeatsRules(Rules):
    target: int = rule(6, "points needed to win", min=2, max=30)
    seats: int = rule(3, "how many race", min=2, max=4)
    players: int = rule(1, "a rule that happens to be called players: not the count", min=1)


class SeatsRace(DiceRace):
    """The dice race with its player count in a rule called ``seats``."""

    name = "toy_seats_race"
    title = "Dice race by seats"
    rules_type = SeatsRules
    min_players, max_players, players_rule = 2, 4, "seats"

    def new_game(self) -> DiceRaceState:
        return DiceRaceState(self, (0,) * self.num_players, 0, None)


@pytest.fixture
def seats_race() -> Iterator[type[SeatsRace]]:
    register(SeatsRace)
    yield SeatsRace
    unregister(SeatsRace.name)


def test_the_count_comes_from_the_declared_rule_whatever_its_name(seats_race) -> None:
    game = sheepkit.load("toy_seats_race", seats=4)
    assert game.num_players == 4 and len(game.new_game().totals) == 4
    assert SeatsRace.player_counts() == (2, 3, 4)
    check_game(game, games=3)
    app = GameApp(game, seed=1, autoplay=False)
    assert list(app.setup.inputs) == ["seats"]  # the rule called players is not the count
    seats = app.setup.inputs["seats"]
    assert seats.description == "Players"
    assert seats.options == (("2 players", 2), ("3 players", 3), ("4 players", 4))
    seats.value = 2
    assert app.game.num_players == 2 and len(app.seat_pickers) == 2


def test_the_catalogue_reads_the_declaration(seats_race) -> None:
    table = game_table().data
    row = next(r for r in table.split("<tr>") if "toy_seats_race" in r)
    assert "<td>2–4</td>" in row and "seats" not in row.split("<td>")[-1]
    assert "players" in row.split("<td>")[-1]  # an ordinary rule, listed as one
    fixed = next(r for r in table.split("<tr>") if "wolf_and_sheep" in r)
    assert "<td>2</td>" in fixed


def test_every_game_declares_its_count() -> None:
    expected = {
        "wolf_and_sheep": (2,),
        "shave_a_sheep": (2, 3, 4),
        "battle_sheep": (2, 3, 4),
        "lamb_mimes": (2, 3, 4, 5, 6),
        "sheep_race": (2, 3, 4, 5, 6),
    }
    for name, counts in expected.items():
        kind = sheepkit.core.game_type(name)
        assert kind.player_counts() == counts
        assert sheepkit.load(name).num_players in counts


def _kind(**declared: Any) -> type[DiceRace]:
    return type("Declared", (DiceRace,), {"name": "toy_declared", **declared})


@pytest.mark.parametrize(
    ("declared", "message"),
    [
        ({"min_players": 2, "max_players": 3, "players_rule": None}, "name the rule"),
        ({"players_rule": "turns"}, "must name an int rule of DiceRaceRules, not 'turns'"),
        ({"players_rule": "target"}, "rule 'target' must allow only 2 to 3 players"),
        ({"min_players": 3, "max_players": 2}, "1 <= min_players <= max_players"),
        ({"max_players": 2}, "rule 'players' must allow only 2 to 2 players"),
    ],
)
def test_register_refuses_a_count_that_does_not_add_up(declared, message) -> None:
    with pytest.raises(TypeError, match=message):
        register(_kind(**declared))
    assert "toy_declared" not in sheepkit.games()
