"""One bot spec everywhere: play_game, play_match, the session's seats and the lab take a name,
a class, an object or a function, and refuse anything else alike (issue 24)."""

from __future__ import annotations

import pytest

import sheepkit
from sheepkit import lab, play_game, play_match
from sheepkit.bots import RandomBot
from sheepkit.core import InvalidRules, replay
from sheepkit.games.wolf_and_sheep import WolfAndSheep
from sheepkit.session import Session


def forward(view, legal, rng):
    """The first legal move."""
    return legal[0]


class Stubborn:
    name = "Stubborn"

    def choose(self, view, legal, rng):
        return legal[-1]


def test_play_match_takes_bot_names_and_rule_keywords() -> None:
    record = play_match("wolf_and_sheep", ["Random", "Sensible"], seed=2, board=10)
    assert record["rules"]["board"] == 10 and record["seats"] == ["Random", "Sensible"]
    assert record["seed"] == 2 and replay(record).is_over
    same = play_match(WolfAndSheep(), ["Random", "Sensible"], seed=2, board=10)
    assert same == record


@pytest.mark.parametrize(
    ("specs", "names"),
    [
        (["Random", "Random"], ["Random", "Random"]),
        ([RandomBot, Stubborn], ["Random", "Stubborn"]),
        ([RandomBot(), Stubborn()], ["Random", "Stubborn"]),
        ([forward, "MCTS"], ["forward", "MCTS"]),
    ],
)
def test_every_kind_of_spec_plays_everywhere(specs: list, names: list[str]) -> None:
    record = play_match("wolf_and_sheep", specs, seed=3)
    assert record["seats"] == names
    assert play_game("wolf_and_sheep", specs, seed=3).history == replay(record).history
    assert Session("wolf_and_sheep", specs, seed=3).seats == names
    results = lab.simulate("wolf_and_sheep", specs, 2, seed=3, progress=None)
    assert results.entrants == tuple(names)


@pytest.mark.parametrize(
    ("specs", "error", "words"),
    [
        (["Random", "Cleverest"], ValueError, "no bot named 'Cleverest' for Wolf and Sheep"),
        (["Random", 42], TypeError, "42 is not a bot"),
        (["Random", int], TypeError, "int is not a bot class"),
        (["Random"], ValueError, "has 2 players, but 1 bots were given"),
        ("Random", TypeError, "bots must be a list of bot specs"),
        (["Human", "Random"], ValueError, "'Human' is no bot"),
    ],
)
def test_bad_specs_are_refused_alike(specs, error, words) -> None:
    with pytest.raises(error, match=words):
        play_match("wolf_and_sheep", specs)
    with pytest.raises(error, match=words):
        play_game("wolf_and_sheep", specs)
    if isinstance(specs, list) and len(specs) == 2 and "Human" not in specs:
        with pytest.raises(error, match=words):
            lab.simulate("wolf_and_sheep", specs, 2, progress=None)
        with pytest.raises(error, match=words):  # the session's seats, by the same checks
            Session("wolf_and_sheep", specs)


def test_bad_rule_keywords_are_refused() -> None:
    with pytest.raises(InvalidRules, match="board"):
        play_match("wolf_and_sheep", ["Random", "Random"], board=7)
    with pytest.raises(InvalidRules, match="no_such_rule"):
        play_match(WolfAndSheep(), ["Random", "Random"], no_such_rule=1)
    assert sheepkit.play_match is play_match
