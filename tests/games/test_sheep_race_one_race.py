"""The Sheep Race's `races` rule: "one race" is the first semifinal alone (a game that fits a
lesson), scored as usual; the tournament stays the default."""

from __future__ import annotations

import pytest

import sheepkit
from sheepkit import InvalidRules
from sheepkit.bots import RandomBot
from sheepkit.core.check import check_game
from sheepkit.games.sheep_race.engine import DEAL, OVER

SIX = ("Requeijao", "Feta", "Brie", "Gouda", "Ricotta", "Pecorino")


def scored_semifinal(**rules):
    """The rule book's worked example (lanes 4, 5, 1 placed) played to its last move."""
    g = sheepkit.load("sheep_race", players=2, **rules)
    s = g.position(
        cards=SIX,
        pos=(16, 3, 3, 17, 18, 3),
        finished=(4, 5),
        visible=(1, 2),
        hidden=((4, 6), (3, 5)),
        rolled=1,
    )
    return s.play("walk")


def test_the_tournament_is_the_default_and_goes_on_to_the_second_semifinal():
    assert sheepkit.load("sheep_race").rules.races == "tournament"
    after = scored_semifinal()
    assert after.phase == DEAL and after.race == 1 and not after.is_over


def test_one_race_ends_the_game_when_the_first_semifinal_is_scored():
    over = scored_semifinal(races="one race")
    assert over.phase == OVER and over.is_over
    assert over.points == (16, 4)  # scored exactly as in the tournament
    assert over.winners() == (0,) and "16 points" in str(over.outcome())
    assert len(over.results) == 1


def test_a_random_one_race_game_is_one_result_and_shorter_than_a_tournament():
    randoms = [RandomBot()] * 3
    one = sheepkit.play_game(sheepkit.load("sheep_race", players=3, races="one race"), randoms, 4)
    whole = sheepkit.play_game(sheepkit.load("sheep_race", players=3), randoms, 4)
    assert one.is_over and [r.race for r in one.results] == [0]
    assert [r.race for r in whole.results] == [0, 1, 2]
    assert len(one.history) < len(whole.history)


@pytest.mark.parametrize("players", [2, 4])
def test_check_game_one_race(players):
    check_game(sheepkit.load("sheep_race", players=players, races="one race"), games=3, seed=7)


def test_an_unknown_races_value_is_refused_naming_the_rule():
    with pytest.raises(InvalidRules, match="races"):
        sheepkit.load("sheep_race", races="two races")
