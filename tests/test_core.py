"""The common contract, exercised with two toy games and broken copies of them."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Iterator
from fractions import Fraction

import pytest
from toy_games import (
    DeepDiceRace,
    DiceRace,
    EndlessDiceRace,
    GeneratorDiceRace,
    HighCard,
    KeyErrorDiceRace,
    LeakyHighCard,
    ListMoveDiceRace,
    LoadedDiceRace,
    Roll,
)

import sheepkit
from sheepkit.core import (
    CHANCE,
    BadRecord,
    GameCheckFailed,
    IllegalMove,
    InvalidRules,
    check_game,
    register,
    replay,
)
from sheepkit.core import registry as registry_module

TOYS = (
    DiceRace,
    HighCard,
    LeakyHighCard,
    LoadedDiceRace,
    EndlessDiceRace,
    DeepDiceRace,
    ListMoveDiceRace,
    GeneratorDiceRace,
    KeyErrorDiceRace,
)


@pytest.fixture(autouse=True)
def toys_registered() -> Iterator[None]:
    for toy in TOYS:
        register(toy)
    yield
    for toy in TOYS:
        registry_module.unregister(toy.name)


def test_registry_lists_and_loads() -> None:
    assert "toy_dice_race" in sheepkit.games()
    game = sheepkit.load("toy_dice_race", target=10)
    assert game.rules.target == 10
    assert game == sheepkit.load("toy_dice_race", target=10)
    assert game != sheepkit.load("toy_dice_race")
    with pytest.raises(KeyError, match="no game named 'chess'"):
        sheepkit.load("chess")


@pytest.mark.parametrize(
    ("changes", "field", "words"),
    [
        ({"target": 1}, "target", "between 2 and 30"),
        ({"target": "6"}, "target", "of type int"),
        ({"target": True}, "target", "of type int"),
        ({"players": 4}, "players", "one of 2, 3"),
        ({"colour": "red"}, "colour", "has no rule 'colour'"),
    ],
)
def test_invalid_rules_name_the_field(changes: dict, field: str, words: str) -> None:
    with pytest.raises(InvalidRules, match=words) as info:
        sheepkit.load("toy_dice_race", **changes)
    assert info.value.field == field


def test_rules_describe_and_round_trip() -> None:
    rules = sheepkit.load("toy_dice_race", target=9).rules
    names = [info.name for info in rules.infos()]
    assert names == ["target", "players"]
    assert rules.infos()[0].min == 2
    assert type(rules).from_dict(json.loads(json.dumps(rules.to_dict()))) == rules
    assert rules.changes() == {"target": 9}
    assert rules.replace(players=3).players == 3
    with pytest.raises(InvalidRules):
        rules.replace(target=99)


def test_states_are_immutable_and_play_returns_new_states() -> None:
    start = DiceRace().new_game()
    assert start.to_move == CHANCE
    rolled = start.play(Roll(2))
    assert start.history == () and rolled.history == (Roll(2),)
    with pytest.raises(AttributeError):
        start.history = (1,)  # type: ignore[misc]
    assert rolled.to_move == 0
    assert rolled.legal_moves() == ("bank", "double")


def test_illegal_move_says_why_lists_legal_and_changes_nothing() -> None:
    state = DiceRace().new_game().play(Roll(1))
    before = repr(state)
    with pytest.raises(IllegalMove) as info:
        state.play("fold")
    assert "Legal here: bank, double" in str(info.value)
    assert info.value.legal == ("bank", "double")
    with pytest.raises(IllegalMove, match="not a possible outcome"):
        DiceRace().new_game().play(Roll(4))
    with pytest.raises(IllegalMove):
        state.play(["bank"])  # unhashable
    assert repr(state) == before


def test_play_accepts_notation_strings() -> None:
    state = DiceRace().new_game().play("roll 3").play("bank")
    assert state.totals == (3, 0)


def test_chance_outcomes_are_exact_and_sampling_is_seeded() -> None:
    start = DiceRace().new_game()
    probs = [p for _, p in start.chance_outcomes()]
    assert probs == [Fraction(1, 3)] * 3
    draws = [start.sample_chance(random.Random(7)) for _ in range(3)]
    assert len(set(draws)) == 1


def test_finished_game_has_outcome_and_refuses_moves() -> None:
    state = DiceRace(target=2).new_game().play("roll 2").play("bank")
    assert state.is_over and state.to_move is None
    assert state.winners() == (0,)
    assert "reached 2" in str(state.outcome())
    with pytest.raises(IllegalMove, match="The game is over"):
        state.play("bank")


def test_records_replay_and_survive_json() -> None:
    state = DiceRace().new_game().play("roll 1").play("double").play("roll 3")
    record = state.record(note="x")
    assert record["game"] == "toy_dice_race" and record["version"] == 1
    assert replay(json.dumps(record)) == state
    assert replay(record).history == state.history


@pytest.mark.parametrize(
    ("mangle", "words"),
    [
        (lambda r: "not json{", "not valid JSON"),
        (lambda r: [1, 2], "a JSON object"),
        (lambda r: {**r, "format": "pgn"}, "not a sheepkit game record"),
        (lambda r: {**r, "version": 99}, "unknown record version 99"),
        (lambda r: {**r, "game": "chess"}, "unknown game 'chess'"),
        (lambda r: {**r, "rules": {"target": 0}}, "rules are invalid"),
        (lambda r: {**r, "history": "roll 1"}, "list of move strings"),
        (lambda r: {**r, "history": ["roll 1", "bank", "bank"]}, "move 3 \\('bank'\\)"),
    ],
)
def test_bad_records_are_refused_with_reason(mangle, words: str) -> None:
    record = DiceRace().new_game().play("roll 1").record()
    with pytest.raises(BadRecord, match=words):
        replay(mangle(record))


def test_a_game_class_never_registered_replays_its_records_when_named() -> None:
    class Unlisted(DiceRace):
        name = "toy_unlisted"

    state = Unlisted().new_game().play("roll 2").play("bank")
    with pytest.raises(BadRecord, match="unknown game 'toy_unlisted'"):
        replay(state.record())
    assert replay(state.record(), game_class=Unlisted) == state
    # A class of another name does not read the record as its own.
    assert type(replay(DiceRace().new_game().record(), game_class=Unlisted).game) is DiceRace


def test_bad_record_names_the_move_number() -> None:
    record = DiceRace().new_game().play("roll 1").play("bank").record()
    record["history"].append("roll 7")
    with pytest.raises(BadRecord) as info:
        replay(record)
    assert info.value.move_number == 3


def test_check_game_passes_honest_games() -> None:
    report = check_game("toy_dice_race", variants=[{}, {"players": 3}], games=10)
    assert report.games == 20 and report.states > 100
    check_game(HighCard(), games=20)


def test_check_game_catches_a_leaking_view() -> None:
    with pytest.raises(GameCheckFailed, match="reveals hidden information"):
        check_game(LeakyHighCard(), games=20)


def test_check_game_catches_wrong_probabilities() -> None:
    with pytest.raises(GameCheckFailed, match="sum to 3/4"):
        check_game(LoadedDiceRace(), games=2)


def test_check_game_catches_a_broken_length_bound() -> None:
    with pytest.raises(GameCheckFailed, match="longer than the declared 3"):
        check_game(EndlessDiceRace(), games=2)


def test_hidden_view_shows_only_own_card() -> None:
    state = HighCard().new_game().play("deal 3,1")
    assert state.view(0).card == 3 and state.view(1).card == 1
    assert "1" not in repr(state.view(0)).split("card=")[1].split(",")[0]


def test_play_match_is_reproducible_and_checks_seats() -> None:
    bots = [sheepkit.RandomBot(), sheepkit.RandomBot()]
    a = sheepkit.play_match("toy_dice_race", bots, seed=3)
    b = sheepkit.play_match("toy_dice_race", bots, seed=3)
    assert a == b and a["seats"] == ["Random", "Random"]
    assert replay(a).is_over
    with pytest.raises(ValueError, match="has 2 players, but 3 bots"):
        sheepkit.play_match("toy_dice_race", [*bots, bots[0]], seed=3)


def test_function_bots_and_mcts_play() -> None:
    def always_double(view, legal, rng):
        """Doubles every time."""
        return "double"

    final = sheepkit.play_game("toy_dice_race", [always_double, sheepkit.MCTSBot(50)], seed=1)
    assert final.is_over
    assert "double" in final.record()["history"]


def test_mcts_uses_views_for_hidden_information() -> None:
    bot = sheepkit.MCTSBot(iterations=200)
    state = HighCard().new_game().play("deal 3,2")
    move = bot.choose(state.view(0), state.legal_moves(), random.Random(0))
    assert move == "higher"  # with a 3 in hand, "higher" wins 2 times in 3
    state = HighCard().new_game().play("deal 1,2")
    assert bot.choose(state.view(0), state.legal_moves(), random.Random(0)) == "lower"


def test_rolled_in_the_open_marks_public_rolls_only():
    """Dice in an open game and The Sheep Race's dice are public rolls that a human makes;
    card deals (Lamb Mimes, the race's face-down cards) are made by the app."""
    shave = sheepkit.load("shave_a_sheep").new_game()
    assert shave.to_move == sheepkit.CHANCE and shave.rolled_in_the_open
    lamb = sheepkit.load("lamb_mimes").new_game()
    assert lamb.to_move == sheepkit.CHANCE and not lamb.rolled_in_the_open
    race = sheepkit.load("sheep_race", players=2).new_game()
    seen = set()
    while not (race.to_move == sheepkit.CHANCE and race.acting_player is not None):
        if race.to_move == sheepkit.CHANCE:
            seen.add(race.rolled_in_the_open)  # who goes first, the cards turned up
            race = race.play(race.chance_outcomes()[0][0])
        else:
            race = race.play(race.legal_moves()[0])
    assert seen == {False} and race.rolled_in_the_open
    assert not race.play(race.chance_outcomes()[0][0]).rolled_in_the_open  # a pace is a move


@pytest.mark.parametrize(
    ("game", "doing", "cause"),
    [
        (DeepDiceRace(), "listing the options (legal_moves or chance_outcomes)", RecursionError),
        (KeyErrorDiceRace(), "reading 'double' (parse_move)", KeyError),
    ],
)
def test_a_crash_in_the_games_code_names_seed_ply_and_move(game, doing, cause) -> None:
    with pytest.raises(GameCheckFailed) as failed:
        check_game(game, games=3, seed=2)
    message = str(failed.value)
    assert re.search(
        rf"seed \d+, ply \d+ \(after roll \d\), {re.escape(doing)}: the game's code", message
    )
    assert repr(game) in message and cause.__name__ in message
    assert isinstance(failed.value.__cause__, cause)


def test_check_game_names_an_option_holding_a_list() -> None:
    with pytest.raises(GameCheckFailed, match=r"ply 1: the option jump 1-2 is not hashable"):
        check_game(ListMoveDiceRace(), games=1)


def test_check_game_names_legal_moves_that_are_not_a_tuple() -> None:
    with pytest.raises(GameCheckFailed, match=r"ply 1: _legal_moves\(\) gave a generator"):
        check_game(GeneratorDiceRace(), games=1)
