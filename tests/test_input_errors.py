"""Bad and unusual input through the public API, in every game (issue 14): the move reader,
move objects that only look like moves, records and unknown games."""

from __future__ import annotations

import dataclasses
import json
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import sheepkit
from sheepkit import BadRecord, IllegalMove, InvalidRules, UnknownGame
from sheepkit.core import record as record_module
from sheepkit.games.battle_sheep.engine import Split
from sheepkit.games.lamb_mimes.engine import Card, Play
from sheepkit.games.shave_a_sheep.engine import Roll as ShaveRoll
from sheepkit.games.sheep_race.engine import Pace, Roll
from sheepkit.games.wolf_and_sheep.engine import Step

SIX = ("Requeijao", "Feta", "Brie", "Gouda", "Ricotta", "Pecorino")


def race_at_bets() -> sheepkit.core.State:
    """The Sheep Race after the first player and the six cards: the first visible bet."""
    state = sheepkit.load("sheep_race").new_game().play("first 1")
    for name in SIX:
        state = state.play(f"deal {name}")
    return state


def race_at_hidden_bets() -> sheepkit.core.State:
    state = race_at_bets()
    for lane in (1, 2, 3, 4):
        state = state.play(f"bet visible {lane}")
    return state


# -- 1. the move reader: any spelling parse_move reads plays the legal move it means -----------
@pytest.mark.parametrize(
    ("make", "text", "printed"),
    [
        (lambda: sheepkit.load("sheep_race").new_game(), "FIRST 1", "first 1"),
        (lambda: sheepkit.load("sheep_race").new_game().play("first 2"), "deal halloumi", None),
        (race_at_bets, " BET VISIBLE 3 ", "bet visible 3"),
        (race_at_hidden_bets, "bet hidden 6+5", "bet hidden 5+6"),
        (race_at_hidden_bets, "Bet Hidden 2+6", "bet hidden 2+6"),
        (
            lambda: sheepkit.load("sheep_race").position(cards=SIX, rolled=7),
            "Gallop blue",
            "gallop blue",
        ),
        (
            lambda: sheepkit.load("lamb_mimes").position(
                hands=[["5BG", "3OR"], ["1BG"], ["2BG"], ["2GO"]], discard=["4BG"]
            ),
            "play 5GB",
            "play 5BG",
        ),
        (
            lambda: sheepkit.load("lamb_mimes").position(
                hands=[["5BG", "3OR"], ["1BG"], ["2BG"], ["2GO"]], discard=["4BG"]
            ),
            "  PLAY 5bg",
            "play 5BG",
        ),
        (lambda: sheepkit.load("shave_a_sheep").new_game(), "ROLL Gray/Pink", "roll gray/pink"),
        (
            lambda: sheepkit.load("shave_a_sheep").new_game().play("roll gray/pink"),
            " WOLF 2 ",
            "wolf 2",
        ),
        (
            lambda: sheepkit.load("battle_sheep").from_text("@a1\nA16 .   .   ."),
            "A1-D1 X3",
            "a1-d1 x3",
        ),
        (lambda: sheepkit.load("wolf_and_sheep").new_game(), " E1-D2 ", "E1-D2"),
    ],
)
def test_play_reads_every_spelling_of_a_legal_move(make, text: str, printed: str | None) -> None:
    state = make()
    after = state.play(text)
    move = after.history[-1]
    assert move in state.options() and any(move is o for o in state.options())
    if printed is not None:
        assert str(move) == printed
    assert state.parse(text) is move


def test_deal_reads_a_card_name_in_any_case() -> None:
    state = sheepkit.load("sheep_race").new_game().play("first 2").play("deal halloumi")
    assert str(state.history[-1]) == "deal Halloumi"


@pytest.mark.parametrize(
    ("make", "text", "words"),
    [
        (race_at_hidden_bets, "bet hidden 1+5", "other than your visible bet on lane 1"),
        (
            lambda: sheepkit.load("lamb_mimes").position(
                hands=[["5BG", "3OR"], ["1BG"], ["2BG"], ["2GO"]], discard=["4BG"]
            ),
            "play 3ro",
            "3OR cannot be played on 4BG",
        ),
        (
            lambda: sheepkit.load("lamb_mimes").position(
                hands=[["5BG", "3OR"], ["1BG"], ["2BG"], ["2GO"]], discard=["4BG"]
            ),
            "play 6or",
            "You have no 6OR in your hand",
        ),
        (race_at_bets, "gallop blue", "not possible now: it is the time for visible bets"),
        (race_at_bets, "bet visble 3", "is not a move of The Sheep Race"),
    ],
)
def test_text_that_is_not_legal_here_says_why(make, text: str, words: str) -> None:
    with pytest.raises(IllegalMove, match=words):
        make().play(text)


# -- 2. values that equal a legal move but are not one ------------------------------------------
def _refused(state: sheepkit.core.State, move: object) -> None:
    before = repr(state)
    with pytest.raises(IllegalMove):
        state.play(move)
    assert repr(state) == before


def test_wolf_and_sheep_refuses_floats_and_bools_for_squares() -> None:
    state = sheepkit.load("wolf_and_sheep").new_game()
    assert Step(4, 19) in state.legal_moves()
    _refused(state, (4.0, 19.0))
    _refused(state, Step(4.0, 19.0))  # type: ignore[arg-type]
    with pytest.raises(IllegalMove, match="equals the legal move E1-D2"):
        state.play((4.0, 19.0))
    # A plain tuple of the two squares is still read as that Step (a documented convenience).
    assert type(state.play((4, 19)).history[0]) is Step


def test_shave_a_sheep_refuses_plain_tuples() -> None:
    state = sheepkit.load("shave_a_sheep").new_game().play("roll gray/pink")
    assert ("wolf", 1) in state.legal_moves()  # equal as tuples ...
    _refused(state, ("wolf", 1))  # ... but not a move
    roll = sheepkit.load("shave_a_sheep").new_game()
    _refused(roll, ShaveRoll(["grow"]))  # type: ignore[arg-type]
    _refused(roll, (("grow",),))
    grow = sheepkit.load("shave_a_sheep").new_game().play("roll white")
    _refused(grow, ("grow", None))
    assert grow.play(grow.legal_moves()[0]).ply == 2


def test_battle_sheep_refuses_a_split_of_other_types() -> None:
    state = sheepkit.load("battle_sheep").from_text("@a1\nA16 .   .   .")
    one = state.legal_moves()[0]
    assert one.count == 1
    _refused(state, Split(one.source, one.target, True))  # type: ignore[arg-type]
    _refused(state, Split(one.source, one.target, 2.0))  # type: ignore[arg-type]
    _refused(state, Split(float(one.source), one.target, 1))  # type: ignore[arg-type]
    _refused(state, (one.source, one.target, 1))
    assert str(state.play(Split(one.source, one.target, 1)).history[-1]) == str(one)


def test_sheep_race_refuses_unhashable_and_lookalike_values() -> None:
    game = sheepkit.load("sheep_race")
    pace = game.position(cards=SIX, rolled=7)
    for thing in ([], {}, ("gallop", "blue", "pace"), Pace("gallop", "blue", "pace ")):
        _refused(pace, thing)
    roll = game.position(cards=SIX)
    for thing in (Roll(7.0), Roll(True), 7, "roll 12"):  # type: ignore[arg-type]
        _refused(roll, thing)
    assert roll.play(Roll(7)).rolled == 7


def test_lamb_mimes_refuses_lookalike_moves_and_outcomes() -> None:
    game = sheepkit.load("lamb_mimes")
    state = game.position(hands=[["5BG", "3OR"], ["1BG"], ["2BG"], ["2GO"]], discard=["4BG"])
    five = state.legal_moves()[0]
    _refused(state, (five.card, "play"))
    _refused(state, Play(float(five.card)))  # type: ignore[arg-type]
    deal = game.new_game()
    for thing in (Card("deal", True), Card("deal", -1), Card("deal", 1.0), Card("draw", 1)):  # type: ignore[arg-type]
        _refused(deal, thing)
    assert deal.play(Card("deal", 1)).hands[0] == (1,)


def test_a_listed_move_object_is_what_is_stored() -> None:
    rng = random.Random(5)
    for name in sheepkit.games():
        state = sheepkit.load(name).new_game()
        for _ in range(30):
            if state.is_over:
                break
            option = rng.choice(state.options())
            state = state.play(option)
            assert state.history[-1] is option


# -- 3. records ---------------------------------------------------------------------------------
def finished(name: str, seed: int = 1, **rules) -> sheepkit.core.State:
    game = sheepkit.load(name, **rules)
    return game.random_playout(random.Random(seed))


def test_deeply_nested_json_is_a_bad_record() -> None:
    with pytest.raises(BadRecord, match="nested too deeply"):
        sheepkit.replay("[" * 100_000)


def test_rules_with_names_that_are_not_text_are_a_bad_record() -> None:
    record = finished("wolf_and_sheep").record()
    with pytest.raises(BadRecord, match="rule names are text, not 1"):
        sheepkit.replay({**record, "rules": {1: 2}})


@pytest.mark.parametrize("version", [1.0, True, "1", None])
def test_only_the_integer_1_is_version_1(version: object) -> None:
    record = finished("wolf_and_sheep").record()
    assert sheepkit.replay(record).is_over
    with pytest.raises(BadRecord, match="unknown record version"):
        sheepkit.replay({**record, "version": version})


@pytest.mark.parametrize("name", ["wolf_and_sheep", "sheep_race", "lamb_mimes", "battle_sheep"])
def test_a_stated_result_must_be_the_replayed_one(name: str) -> None:
    state = finished(name, **({"match": False} if name == "lamb_mimes" else {}))
    record = state.record()
    assert sheepkit.replay(record) == state
    others = [p for p in range(state.game.num_players) if p not in state.winners()]
    tampered = {**record, "result": {**record["result"], "winners": others[:1]}}
    with pytest.raises(BadRecord, match="states winners"):
        sheepkit.replay(tampered)
    cut = {**record, "history": record["history"][:-1]}
    with pytest.raises(BadRecord, match="leave the game unfinished"):
        sheepkit.replay(cut)
    without = {k: v for k, v in cut.items() if k != "result"}
    assert not sheepkit.replay(without).is_over  # no result stated: an unfinished game is fine


@pytest.mark.parametrize("result", [None, "Player 1", {"winners": "0"}, {"winners": [True]}])
def test_a_malformed_result_is_a_bad_record(result: object) -> None:
    record = finished("wolf_and_sheep").record()
    with pytest.raises(BadRecord, match="result must be"):
        sheepkit.replay({**record, "result": result})


def test_a_record_without_rules_is_refused_and_says_how_to_ask_for_defaults() -> None:
    record = finished("wolf_and_sheep").record()
    bare = {k: v for k, v in record.items() if k != "rules"}
    with pytest.raises(BadRecord, match="no 'rules'"):
        sheepkit.replay(bare)
    assert sheepkit.replay({**bare, "rules": {}}) == sheepkit.replay(record)


def test_foreign_and_huge_records_are_refused_before_any_move(monkeypatch) -> None:
    record = finished("wolf_and_sheep").record()
    with pytest.raises(BadRecord, match="unknown game 'chess'"):
        sheepkit.replay({**record, "game": "chess"})
    with pytest.raises(BadRecord, match="unknown game \\['wolf_and_sheep'\\]"):
        sheepkit.replay({**record, "game": ["wolf_and_sheep"]})
    longest = sheepkit.load("wolf_and_sheep").max_length
    with pytest.raises(BadRecord, match=f"lasts at most {longest}"):
        sheepkit.replay({**record, "history": ["E1-D2"] * (longest + 1)})
    monkeypatch.setattr(record_module, "MAX_HISTORY", 10)
    with pytest.raises(BadRecord, match="reads at most 10"):
        sheepkit.replay({**record, "history": ["E1-D2"] * 11})
    monkeypatch.setattr(record_module, "MAX_RECORD_CHARS", 100)
    with pytest.raises(BadRecord, match="characters long"):
        sheepkit.replay(json.dumps(record))


@pytest.mark.parametrize(
    ("name", "extra"),
    [
        ("lamb_mimes", "play 6OR"),
        ("lamb_mimes", "draw 1BG"),
        ("battle_sheep", "a1-b1 x1"),
        ("sheep_race", "roll 7"),
        ("shave_a_sheep", "grow"),
        ("wolf_and_sheep", "E1-D2"),
    ],
)
def test_a_move_after_the_end_says_the_game_is_over(name: str, extra: str) -> None:
    rules = {"match": False} if name == "lamb_mimes" else {}
    state = finished(name, **rules)
    record = state.record()
    record["history"].append(extra)
    with pytest.raises(BadRecord, match="the game is over after move") as info:
        sheepkit.replay(record)
    assert info.value.move_number == state.ply + 1
    with pytest.raises(IllegalMove, match="The game is over"):
        state.parse(extra)
    with pytest.raises(IllegalMove, match="The game is over"):
        state.play(extra)


# -- 4. unknown games ---------------------------------------------------------------------------
def test_an_unknown_game_is_named_with_the_list_of_games() -> None:
    with pytest.raises(UnknownGame) as info:
        sheepkit.load("chess")
    assert isinstance(info.value, KeyError)
    assert info.value.name == "chess"
    assert str(info.value) == (
        "no game named 'chess'; the games are: " + ", ".join(sheepkit.games())
    )
    assert sheepkit.core.UnknownGame is UnknownGame


# -- 5. rule values: InvalidRules naming the field, or a game that plays ------------------------
LEAVES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-3, 12),
    st.sampled_from([100, 10**6, 1.0, 2.5, "", "grow", "Feta", "x2", (), [], {}]),
)


def _mutated(data: st.DataObject, value: object, depth: int = 0) -> object:
    """``value`` with one random change somewhere inside (a leaf replaced, an item added,
    removed or repeated), so that most draws get past the first shape checks."""
    if isinstance(value, tuple) and value and depth < 4:
        items = list(value)
        how = data.draw(st.sampled_from(["inside", "inside", "add", "drop", "repeat"]))
        if how == "inside":
            i = data.draw(st.integers(0, len(items) - 1))
            items[i] = _mutated(data, items[i], depth + 1)
        elif how == "add":
            items.append(data.draw(st.sampled_from(items) | LEAVES))
        elif how == "drop":
            del items[data.draw(st.integers(0, len(items) - 1))]
        else:
            items *= data.draw(st.integers(2, 40))
        return tuple(items)
    return data.draw(LEAVES)


RULE_FIELDS = [
    (name, f.name)
    for name in ("wolf_and_sheep", "shave_a_sheep", "lamb_mimes", "sheep_race", "battle_sheep")
    for f in dataclasses.fields(sheepkit.core.game_type(name).rules_type)
]


@pytest.mark.parametrize(("name", "field"), RULE_FIELDS)
@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_any_rule_value_is_invalid_rules_or_a_game(name: str, field: str, data) -> None:
    default = getattr(sheepkit.core.game_type(name).rules_type(), field)
    value = _mutated(data, default) if data.draw(st.integers(0, 3)) else data.draw(LEAVES)
    try:
        game = sheepkit.load(name, **{field: value})
    except InvalidRules as error:
        assert error.field == field, f"{error} (field {error.field!r})"
        return
    state = game.new_game()
    rng = random.Random(0)
    for _ in range(30):
        if state.is_over:
            break
        state = state.play(rng.choice(state.options()))


@pytest.mark.parametrize(
    ("name", "rules", "field", "words"),
    [
        ("sheep_race", {"cards": (1.5,) * 12}, "cards", "each card is"),
        (
            "sheep_race",
            {"semifinal_payoffs": ((12,) * 6, 2, (7,) * 6)},
            "semifinal_payoffs",
            "3 rows",
        ),
        (
            "sheep_race",
            {"semifinal_dice": ((1,) * 1000, (0,) * 1000)},
            "semifinal_dice",
            "more than",
        ),
        ("sheep_race", {"semifinal_dice": ((1,) * 30, (0,) * 30)}, "semifinal_dice", "at most 20"),
        ("sheep_race", {"final_dice": ((1, 2), (0, True))}, "final_dice", "whole-number faces"),
        ("sheep_race", {"bonus": (True, 3)}, "bonus", "two whole numbers"),
        ("sheep_race", {"final_payoffs": (18, 17, 16, 15, 14, 1000)}, "final_payoffs", "0-100"),
        ("lamb_mimes", {"mime_numbers": (True,) * 4}, "mime_numbers", "four numbers 1-7"),
        ("lamb_mimes", {"mime_numbers": (1.0, 2, 3, 4)}, "mime_numbers", "four numbers 1-7"),
        ("shave_a_sheep", {"die": (("grow",),) * 5 + ((True,),)}, "die", "unknown action"),
        ("shave_a_sheep", {"die": (("grow",),) * 7}, "die", "6 faces"),
        ("shave_a_sheep", {"die": (("grow",),) * 200}, "die", "more than 256"),
        ("wolf_and_sheep", {"board": 8.0}, "board", "of type int"),
        ("battle_sheep", {"sheep": True}, "sheep", "of type int"),
    ],
)
def test_malformed_structured_rules_name_their_field(name, rules, field, words) -> None:
    with pytest.raises(InvalidRules, match=words) as info:
        sheepkit.load(name, **rules)
    assert info.value.field == field


def test_a_walk_other_than_1_is_refused() -> None:
    cards = list(sheepkit.load("sheep_race").rules.cards)
    cards[1] = ("Feta", 2, 1, 0, 2, 3, 5)
    with pytest.raises(InvalidRules, match="a walk is always 1") as info:
        sheepkit.load("sheep_race", cards=tuple(cards))
    assert info.value.field == "cards"
