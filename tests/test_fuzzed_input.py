"""Bad input that fuzzing found accepted or crashing, each now refused clearly, changing nothing."""

from __future__ import annotations

import random
import unicodedata

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import sheepkit
from sheepkit.core import BadRecord, IllegalMove, InvalidRules, State, replay
from sheepkit.core.rules import rule_value
from sheepkit.games.lamb_mimes.engine import Card
from sheepkit.games.shave_a_sheep.engine import Roll as ShaveRoll
from sheepkit.games.sheep_race.engine import Pace, Roll

np = pytest.importorskip("numpy")

GAMES = sheepkit.games()
#: Every decimal digit that is not 0-9 (Arabic-Indic, Devanagari, fullwidth...), by value.
UNICODE_DIGITS = [
    c for c in map(chr, range(0x80, 0x10000)) if unicodedata.decimal(c, None) is not None
]


def played_to(name: str, wanted, seed: int = 1, **rules) -> State:  # type: ignore[no-untyped-def]
    """The first state of a seeded random game of ``name`` for which ``wanted(state)``."""
    rng = random.Random(seed)
    state = sheepkit.load(name, **rules).new_game()
    while not wanted(state):
        state = state.play(
            state.sample_chance(rng) if state.is_chance else rng.choice(state.options())
        )
    return state


def refused(state: State, move: object) -> IllegalMove:
    before = repr(state)
    with pytest.raises(IllegalMove) as caught:
        state.play(move)  # type: ignore[arg-type]
    assert repr(state) == before
    return caught.value


# -- the Sheep Race's rolls and paces, Lamb Mimes' cards: only the listed outcome or its twin ---
def race_at_a_roll() -> State:
    return played_to("sheep_race", lambda s: s.is_chance and isinstance(s.options()[0], Roll))


def test_the_race_refuses_a_made_up_roll_of_a_possible_total() -> None:
    state = race_at_a_roll()
    total = state.options()[0].total
    assert "Roll(total=" in str(refused(state, Roll(total, "x")))
    refused(state, Roll(total, []))  # unhashable: it would have made the state unhashable
    refused(state, Roll([total], "roll"))  # an unhashable total: IllegalMove, no TypeError
    refused(state, Roll(np.int64(total)))
    played = state.play(Roll(total))  # built alike: the listed roll is stored
    assert played.history[-1] is state.options()[0] and hash(played)
    assert replay(played.record()) == played


def test_fast_paths_refuse_numpy_lookalikes() -> None:
    state = race_at_a_roll()
    paced = state.play(state.options()[0])
    pace = paced.legal_moves()[0]
    assert "built of other types" in str(refused(paced, Pace(np.str_(pace.pace), *pace[1:])))
    deal = sheepkit.load("lamb_mimes").new_game()
    card = deal.options()[0]
    refused(deal, Card(np.str_(card.verb), card.card))
    refused(deal, Card(card.verb, np.int64(card.card)))


def test_shave_a_sheep_refuses_a_numpy_lookalike_roll() -> None:
    state = sheepkit.load("shave_a_sheep").new_game()
    listed = state.options()[0]
    refused(state, ShaveRoll(tuple(np.str_(action) for action in listed.face)))
    assert state.play(ShaveRoll(tuple(listed.face))).history == (listed,)


@pytest.mark.parametrize("name", GAMES)
def test_a_numpy_integer_is_refused_at_every_kind_of_node(name: str) -> None:
    chance = played_to(name, lambda s: s.is_chance or s.is_over)
    mover = played_to(name, lambda s: s.to_move not in (None, -1))
    for state in (chance, mover):
        if not state.is_over:
            assert "ambiguous" not in str(refused(state, np.int64(1)))


# -- move text: digits 0-9 only -----------------------------------------------------------------
def test_unicode_digits_are_not_read_as_digits() -> None:
    state = sheepkit.load("wolf_and_sheep").new_game()
    assert "digits 0-9" in str(refused(state, "E١-D٢"))
    with pytest.raises(ValueError):
        state.game.parse_move("E١-D٢")


@pytest.mark.parametrize("name", GAMES)
@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10_000), digit=st.sampled_from(UNICODE_DIGITS))
def test_an_option_written_with_other_digits_is_refused(name: str, seed: int, digit: str) -> None:
    state = played_to(name, lambda s: any(c.isdigit() for o in s.options() for c in str(o)), seed)
    text = next(str(o) for o in state.options() if any(c.isdigit() for c in str(o)))
    i = next(i for i, c in enumerate(text) if c.isdigit())
    foreign = text[:i] + digit + text[i + 1 :]
    refused(state, foreign)


# -- values nested a thousand deep ---------------------------------------------------------------
def nested(depth: int, leaf: object = 1) -> object:
    value = leaf
    for _ in range(depth):
        value = [value]
    return value


@pytest.mark.parametrize("name", GAMES)
def test_a_move_nested_a_thousand_deep_is_refused(name: str) -> None:
    state = sheepkit.load(name).new_game()
    assert "levels deep" in str(refused(state, nested(1000)))
    assert "levels deep" in str(refused(state, (nested(1000), 1)))


def test_a_record_whose_result_is_nested_a_thousand_deep_is_refused() -> None:
    state = sheepkit.load("wolf_and_sheep").new_game().play("E1-D2")
    record = state.record()
    deep: object = {}
    for _ in range(1000):
        deep = {"winners": deep}
    record["result"] = deep
    with pytest.raises(BadRecord, match="result must be"):
        replay(record)


# -- huge integers --------------------------------------------------------------------------------
INT_RULES = [
    (name, info.name)
    for name in GAMES
    for info in sheepkit.load(name).rules.infos()
    if type(info.default) is int
]


@pytest.mark.parametrize(("name", "rule"), INT_RULES)
def test_a_huge_integer_rule_value_is_refused_clearly(name: str, rule: str) -> None:
    with pytest.raises(InvalidRules, match=f"'{rule}'.*digits") as caught:
        sheepkit.load(name, **{rule: 10**4300})
    assert "Exceeds the limit" not in str(caught.value)


def test_a_rule_text_with_a_five_thousand_digit_number_is_refused_clearly() -> None:
    with pytest.raises(InvalidRules, match="5,000 digits") as caught:
        rule_value("board", "9" * 5000)
    assert "Exceeds the limit" not in str(caught.value)


# -- Wolf and Sheep's text board -------------------------------------------------------------------
WOLF = sheepkit.load("wolf_and_sheep")
START = str(WOLF.new_game())


@pytest.mark.parametrize(
    ("diagram", "words"),
    [
        (START.replace("1 . . . . S . . .", "1 . . . . . . . . S"), "row 1 has 9 squares"),
        (START.replace("8 . W . W . W . W", "8 . . . . . . . ."), "has 4 wolves, not 0"),
        (
            START.replace("6 . . . . . . . .", "6 . W . W . W . W").replace(
                "7 . . . . . . . .", "7 W . W . W . W ."
            ),
            "has 4 wolves, not 12",
        ),
        ("9" * 5000 + " . S", "is not on the 8x8 board"),
        ("9 . S", "is not on the 8x8 board"),
    ],
)
def test_wolf_and_sheep_from_text_refuses_a_bad_board(diagram: str, words: str) -> None:
    with pytest.raises(ValueError, match=words) as caught:
        WOLF.from_text(diagram)
    assert "Exceeds the limit" not in str(caught.value)


@pytest.mark.parametrize("mover", [True, 1.0, 2, "1", None])
def test_wolf_and_sheep_from_text_takes_the_mover_as_0_or_1(mover: object) -> None:
    with pytest.raises(ValueError, match="to_move is 0"):
        WOLF.from_text(START, to_move=mover)  # type: ignore[arg-type]
    assert WOLF.from_text(START, to_move=1).to_move == 1


@pytest.mark.parametrize("diagram", [None, START.encode(), 8])
def test_wolf_and_sheep_from_text_refuses_what_is_not_text(diagram: object) -> None:
    with pytest.raises(ValueError, match="a diagram is text"):
        WOLF.from_text(diagram)  # type: ignore[arg-type]


# -- Battle Sheep's text board ---------------------------------------------------------------------
@pytest.mark.parametrize("stack", ["A" + "1" * 5000, "A" + "0" * 5000 + "17", "A" + "0" * 5000])
def test_battle_sheep_from_text_refuses_a_stack_of_five_thousand_digits_in_its_words(
    stack: str,
) -> None:
    with pytest.raises(ValueError, match="a stack holds 1 to 16 sheep") as caught:
        sheepkit.load("battle_sheep").from_text(f"{stack} . .")
    assert "Exceeds the limit" not in str(caught.value)


def test_battle_sheep_from_text_reads_a_stack_with_leading_zeros() -> None:
    game = sheepkit.load("battle_sheep")
    assert game.from_text("A" + "0" * 5000 + "16 . B16") == game.from_text("A16 . B16")
