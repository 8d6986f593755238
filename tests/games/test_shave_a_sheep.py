"""Shave a Sheep, base game: every rule by a made-up position, chance, errors and records."""

from __future__ import annotations

import json
import random
from fractions import Fraction

import pytest

import sheepkit
from sheepkit import CHANCE, BadRecord, IllegalMove, InvalidRules
from sheepkit.bots import for_game
from sheepkit.games.shave_a_sheep import Act, Roll, ShaveASheep, ShaveASheepRules

GAME = sheepkit.load("shave_a_sheep")
THREE = sheepkit.load("shave_a_sheep", players=3)


def act(game: ShaveASheep, face: str, **position):
    """The position where the player to move has just rolled ``face``."""
    return game.position(phase="act", face=face, **position)


def names(state) -> list[str]:
    return [str(m) for m in state.legal_moves()]


def wool_total(state) -> int:
    return state.middle + sum(state.sheep) + sum(state.piles)


# -- set-up and turn order ----------------------------------------------------------------
def test_start_everything_in_the_middle_and_the_youngest_rolls_first():
    state = GAME.new_game()
    assert state.to_move == CHANCE and state.turn == 0 and state.turn_number == 1
    assert state.acting_player == 0  # each player rolls the die themselves
    assert state.middle == GAME.rules.wool == 12
    assert state.sheep == (0, 0) and state.piles == (0, 0) and state.wolf is None
    assert state.play("roll white").to_move == 0


def test_play_goes_clockwise_by_seat_number():
    state = THREE.new_game()
    movers = []
    for _ in range(4):
        state = state.play("roll white")
        movers.append(state.to_move)
        state = state.play("grow")
    assert movers == [0, 1, 2, 0]
    assert state.turn_number == 5


# -- the die --------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("face", "two", "three"),
    [
        ("white", ["grow"], ["grow"]),
        ("x2", ["double"], ["double"]),
        ("white/pink", ["grow", "shear"], ["grow", "shear"]),
        ("white/green", ["grow", "swap 1"], ["grow", "swap 1", "swap 3"]),
        ("gray/pink", ["wolf 1", "shear"], ["wolf 1", "wolf 3", "shear"]),
        ("gray/green", ["wolf 1", "swap 1"], ["wolf 1", "wolf 3", "swap 1", "swap 3"]),
    ],
)
def test_each_face_offers_exactly_its_actions(face, two, three):
    assert names(act(GAME, face, to_move=1)) == two
    assert names(act(THREE, face, to_move=1)) == three


def test_the_base_die_has_six_faces_each_one_sixth():
    outcomes = GAME.new_game().chance_outcomes()
    assert [str(o) for o, _ in outcomes] == [
        "roll white",
        "roll x2",
        "roll white/pink",
        "roll white/green",
        "roll gray/pink",
        "roll gray/green",
    ]
    assert all(p == Fraction(1, 6) for _, p in outcomes)


def test_a_custom_die_merges_equal_faces():
    die = [["grow"], ["grow"], ["grow", "shear"], ["shear", "grow"], ["wolf"], ["double", "swap"]]
    game = sheepkit.load("shave_a_sheep", die=die)
    table = dict(game.new_game().chance_outcomes())
    assert table == {
        Roll(("grow",)): Fraction(1, 3),
        Roll(("grow", "shear")): Fraction(1, 3),  # the order of the two halves does not matter
        Roll(("wolf",)): Fraction(1, 6),
        Roll(("double", "swap")): Fraction(1, 6),
    }
    assert sum(table.values()) == 1
    rng = random.Random(3)
    draws = [game.new_game().sample_chance(rng) for _ in range(600)]
    assert set(draws) == set(table)
    assert 150 < draws.count(Roll(("grow",))) < 250


def test_outcomes_probabilities_sum_to_one_on_every_die():
    for die in (GAME.rules.die, [["wolf"]] * 6, [["double"]] * 5 + [["swap"]]):
        table = sheepkit.load("shave_a_sheep", die=die).new_game().chance_outcomes()
        assert sum(p for _, p in table) == 1


# -- the five actions -----------------------------------------------------------------------
def test_grow_takes_one_wool_from_the_middle():
    after = act(GAME, "white", middle=6, sheep=(2, 1), piles=(1, 0)).play("grow")
    assert (after.middle, after.sheep, after.piles) == (5, (3, 1), (1, 0))
    assert after.to_move == CHANCE and after.turn == 1


def test_grow_stops_at_capacity():
    # A sheep is never full when its owner acts (auto-shear), so this position is made up:
    # it checks the guard that no action ever builds past the capacity.
    after = act(GAME, "white", middle=6, sheep=(5, 0)).play("grow")
    assert (after.middle, after.sheep[0]) == (6, 5)


def test_double_takes_two():
    after = act(GAME, "x2", middle=6, sheep=(1, 0)).play("double")
    assert (after.middle, after.sheep) == (4, (3, 0))


def test_double_with_four_on_the_sheep_gives_one_and_leaves_one_in_the_middle():
    after = act(GAME, "x2", middle=6, sheep=(4, 0)).play("double")
    assert (after.middle, after.sheep) == (5, (5, 0))


def test_double_with_one_left_takes_it_and_ends_the_game():
    after = act(GAME, "x2", middle=1, sheep=(2, 3), piles=(1, 3)).play("double")
    assert after.is_over and after.middle == 0
    assert after.sheep == (0, 0) and after.piles == (4, 6)  # 1+2+1 and 3+3 after the last shear


def test_swap_exchanges_the_wool_and_piles_stay():
    after = act(THREE, "white/green", middle=5, sheep=(1, 0, 4), piles=(2, 3, 0)).play("swap 3")
    assert after.sheep == (4, 0, 1) and after.piles == (2, 3, 0)


def test_wolf_returns_all_the_wool_of_a_sheep_to_the_middle():
    after = act(THREE, "gray/pink", middle=2, sheep=(1, 4, 3), piles=(0, 0, 0)).play("wolf 2")
    assert (after.middle, after.sheep) == (6, (1, 0, 3))
    assert after.wolf is None  # the wolf goes back to the middle at once


def test_shear_moves_the_wool_to_the_safe_pile():
    after = act(GAME, "gray/pink", sheep=(4, 2), piles=(2, 1)).play("shear")
    assert after.sheep == (0, 2) and after.piles == (6, 1)


def test_you_cannot_target_your_own_sheep():
    state = act(THREE, "gray/green", to_move=1, middle=4, sheep=(1, 2, 3))
    for move in ("wolf 2", "swap 2", Act("wolf", 1), Act("swap", 1)):
        with pytest.raises(IllegalMove, match="your own sheep"):
            state.play(move)


# -- auto-shear -----------------------------------------------------------------------------
def test_a_full_sheep_is_sheared_before_its_owner_rolls():
    after = act(GAME, "white", to_move=1, middle=5, sheep=(5, 0), piles=(1, 0)).play("grow")
    assert after.to_move == CHANCE and after.turn == 0
    assert after.sheep == (0, 1) and after.piles == (6, 0) and after.auto_sheared == 5
    assert "sheared" in str(after)


def test_a_sheep_with_four_is_not_sheared():
    after = act(GAME, "white", to_move=1, middle=5, sheep=(4, 0), piles=(1, 0)).play("grow")
    assert after.sheep == (4, 1) and after.piles == (1, 0) and after.auto_sheared == 0


def test_a_full_sheep_won_by_a_swap_waits_for_its_new_owners_turn():
    state = act(GAME, "white/green", sheep=(2, 5), middle=3)
    state = state.play("swap 2")
    assert state.sheep == (5, 2) and state.turn == 1 and state.auto_sheared == 0
    state = state.play("roll white").play("grow")
    assert state.turn == 0 and state.sheep == (0, 3) and state.piles == (5, 0)


def test_auto_shear_follows_the_capacity_rule():
    game = sheepkit.load("shave_a_sheep", sheep_capacity=3)
    after = act(game, "white", to_move=1, middle=5, sheep=(3, 0)).play("grow")
    assert after.piles[0] == 3
    assert game.position(sheep=(3, 0), middle=5).sheep == (0, 0)  # a roll phase is a turn start


# -- the end --------------------------------------------------------------------------------
def test_the_game_ends_when_the_last_wool_leaves_the_middle_and_all_sheep_are_sheared():
    state = act(THREE, "white/pink", middle=1, sheep=(2, 5, 1), piles=(3, 0, 6))
    after = state.play("grow")
    assert after.is_over and after.to_move is None
    assert after.sheep == (0, 0, 0) and after.piles == (6, 5, 7)
    assert after.scores() == (6, 5, 7) and after.winners() == (2,)
    assert after.outcome().reason == "The middle is empty: Player 3 wins with 7 wool."
    assert after.legal_moves() == () and after.chance_outcomes() == ()
    assert after.acting_player is None
    with pytest.raises(IllegalMove, match="over"):
        after.play("roll white")


def test_shearing_does_not_end_the_game_while_wool_is_in_the_middle():
    after = act(GAME, "white/pink", middle=1, sheep=(3, 0)).play("shear")
    assert not after.is_over and after.middle == 1


def test_a_tie_is_a_shared_win():
    after = act(THREE, "white", middle=1, sheep=(0, 2, 0), piles=(6, 5, 7)).play("grow")
    assert after.piles == (7, 7, 7)
    assert after.winners() == (0, 1, 2)
    assert after.outcome().reason == (
        "The middle is empty: Player 1, Player 2 and Player 3 share the win with 7 wool each."
    )


def test_scores_are_the_safe_piles_during_the_game():
    state = act(GAME, "white", middle=2, sheep=(3, 4), piles=(1, 2))
    assert state.scores() == (1, 2) and state.outcome() is None and state.winners() == ()


def test_the_turn_limit_ends_the_game_with_the_final_shear():
    game = sheepkit.load("shave_a_sheep", turn_limit=10)
    assert game.max_length == 20
    state = game.new_game()
    while not state.is_over:  # wolves and swaps on bare sheep: no wool ever moves
        state = state.play("roll gray/green")
        state = state.play(state.legal_moves()[0])
    assert state.ply == game.max_length and state.middle == 12
    assert state.outcome().reason.startswith("The turn limit of 10 turns was reached")
    last = act(game, "white/pink", turn=10, sheep=(2, 0), middle=8).play("grow")
    assert last.is_over and last.piles == (3, 0) and last.winners() == (0,)


def test_the_default_turn_limit_follows_the_wool_and_the_cutting_cost():
    assert GAME.rules.turn_limit == 0 and GAME.rules.turns == 200
    assert sheepkit.load("shave_a_sheep", wool=60).rules.turns == 1000
    assert sheepkit.load("shave_a_sheep", shear_cost=3).rules.turns == 800
    assert sheepkit.load("shave_a_sheep", wool=60, shear_cost=3).rules.turns == 4000
    assert sheepkit.load("shave_a_sheep", wool=13, turn_limit=50).rules.turns == 50
    assert sheepkit.load("shave_a_sheep", wool=60, players=4).max_length == 2000
    with pytest.raises(InvalidRules, match="a full sheep would bank nothing") as e:
        sheepkit.load("shave_a_sheep", shear_cost=3, sheep_capacity=3)
    assert e.value.field == "shear_cost"


#: The allowed rules where random games come nearest the default turn limit (searched over
#: 2 and 4 players, 5 and 60 wool, cutting costs 0 to 3, capacities 2 to 10 and the three
#: wolves; the seeds' rulings give the figures): 60 wool with a capacity of 10.
NEAREST_THE_LIMIT = [
    {"players": 4, "wool": 60, "sheep_capacity": 10},
    {"players": 4, "wool": 60, "shear_cost": 3, "sheep_capacity": 10},
]


@pytest.mark.slow  # about 40 s: 2,000 random games of up to 1,500 turns
@pytest.mark.parametrize("rules", NEAREST_THE_LIMIT)
def test_random_games_never_reach_the_turn_limit_at_the_extremes(rules):
    # Before the fix (a fixed limit of 200) 90 in 1,000 random games with wool=60 ended at
    # the limit, and shear_cost=3 with capacity 3 could never end any other way.
    game = sheepkit.load("shave_a_sheep", **rules)
    rng = random.Random(14)
    longest = 0
    for _ in range(1000):
        final = game.random_playout(rng)
        assert not final.timed_out
        longest = max(longest, final.turn_number)
    assert longest < 0.6 * game.rules.turns  # with room to spare


# -- futile actions -------------------------------------------------------------------------
def test_a_wolf_on_a_bare_sheep_is_allowed_and_changes_nothing():
    state = act(GAME, "gray/pink", sheep=(0, 0), middle=10)
    after = state.play("wolf 2")
    assert (after.middle, after.sheep, after.piles) == (10, (0, 0), (0, 0))


def test_without_futile_actions_only_useful_actions_are_offered():
    game = sheepkit.load("shave_a_sheep", futile_actions=False, players=3)
    assert names(act(game, "gray/pink", sheep=(2, 0, 3))) == ["wolf 3", "shear"]
    assert names(act(game, "gray/green", sheep=(2, 2, 0))) == ["wolf 2", "swap 3"]
    assert names(act(game, "white/pink", sheep=(0, 1, 1))) == ["grow"]
    with pytest.raises(IllegalMove, match="change nothing"):
        act(game, "gray/pink", sheep=(2, 0, 3)).play("wolf 2")


def test_without_futile_actions_a_player_with_only_futile_options_passes():
    game = sheepkit.load("shave_a_sheep", futile_actions=False)
    state = act(game, "gray/green", sheep=(0, 0), middle=10)
    assert names(state) == ["pass"]
    after = state.play("pass")
    assert after.turn == 1 and after.sheep == (0, 0) and after.middle == 10
    with pytest.raises(IllegalMove, match="pass only"):
        act(GAME, "gray/green").play("pass")


# -- errors ---------------------------------------------------------------------------------
def test_an_illegal_move_says_why_lists_the_legal_moves_and_changes_nothing():
    state = act(GAME, "white/pink", middle=4, sheep=(1, 2))
    before = repr(state)
    with pytest.raises(IllegalMove) as info:
        state.play("double")
    assert "You rolled white/pink: you may grow wool or shear your sheep" in str(info.value)
    assert "Legal here: grow, shear." in str(info.value)
    assert info.value.legal == state.legal_moves()
    assert repr(state) == before
    with pytest.raises(IllegalMove, match="no player 5"):
        act(GAME, "gray/pink", middle=4).play("wolf 5")
    with pytest.raises(IllegalMove, match="not a possible outcome"):
        GAME.new_game().play("grow")
    with pytest.raises(IllegalMove, match="already rolled"):
        state.play(Roll(("grow",)))
    with pytest.raises(IllegalMove):
        state.play(["grow"])  # not even hashable


def test_parse_move_round_trips_every_move_and_roll():
    state = act(sheepkit.load("shave_a_sheep", players=4), "gray/green")
    texts = ["grow", "double", "shear", "pass", "swap 2", "wolf 4"]
    texts += [str(o) for o in state.game.new_game().options()]
    for text in texts:
        assert str(GAME.parse_move(text)) == text
    for move in state.legal_moves():
        assert GAME.parse_move(str(move)) == move
    assert GAME.parse_move(" Roll White/Pink ") == Roll(("grow", "shear"))


@pytest.mark.parametrize(
    "text",
    [
        "",
        "jump",
        "grow 2",
        "wolf",
        "wolf 0",
        "swap x",
        "roll",
        "roll purple",
        "roll a/b/c",
        "roll white/pink/green",
        "wolf 2 3",
        "wolf \u00b2",  # a superscript two is a digit to str.isdigit, not a seat
    ],
)
def test_parse_move_rejects_garbage(text):
    with pytest.raises(ValueError, match="cannot read"):
        GAME.parse_move(text)


@pytest.mark.parametrize(
    ("changes", "field", "words"),
    [
        ({"players": 5}, "players", "between 2 and 4"),
        ({"players": 1}, "players", "between 2 and 4"),
        ({"wool": 0}, "wool", "between 5 and 60"),
        ({"sheep_capacity": 1}, "sheep_capacity", "between"),
        ({"turn_limit": 5}, "turn_limit", "between"),
        ({"futile_actions": "yes"}, "futile_actions", "type bool"),
        ({"die": [["grow"]] * 5}, "die", "6 faces; got 5"),
        ({"die": [["grow"]] * 5 + [["jump"]]}, "die", "face 6 has the unknown action 'jump'"),
        ({"die": [["grow"]] * 5 + [[]]}, "die", "one or two actions"),
        ({"die": [["grow"]] * 5 + [["grow", "wolf", "swap"]]}, "die", "one or two actions"),
        ({"die": [["grow", "grow"]] + [["grow"]] * 5}, "die", "twice"),
        ({"die": ["grow"] * 6}, "die", "one or two actions"),
        ({"sheeps": 3}, "sheeps", "has no rule 'sheeps'"),
    ],
)
def test_invalid_rules_name_the_field(changes, field, words):
    with pytest.raises(InvalidRules, match=words) as info:
        sheepkit.load("shave_a_sheep", **changes)
    assert info.value.field == field


def test_the_rules_describe_themselves():
    infos = {info.name: info for info in ShaveASheepRules.infos()}
    assert set(infos) == {
        "players",
        "wool",
        "sheep_capacity",
        "die",
        "shear_cost",
        "final_shear_pays",
        "wolf",
        "roller_can_howl",
        "futile_actions",
        "turn_limit",
    }
    assert all(info.doc for info in infos.values())
    assert GAME.rules.to_dict()["die"][2] == ["grow", "shear"]


def test_position_rejects_impossible_positions():
    with pytest.raises(ValueError):
        GAME.position(sheep=(6, 0))
    with pytest.raises(ValueError):
        GAME.position(sheep=(1,))
    with pytest.raises(ValueError, match="middle"):
        GAME.position(sheep=(5, 5), piles=(2, 0))
    with pytest.raises(ValueError):
        GAME.position(phase="act")  # no face
    with pytest.raises(ValueError):
        GAME.position(phase="act", face="green")  # not a face of the base die
    with pytest.raises(ValueError):
        GAME.position(face="white")  # a face, but the die is not rolled yet


# -- records, text, conservation, check_game ----------------------------------------------
def _random_game(game, seed):
    return game.random_playout(random.Random(seed))


def test_records_replay_exactly():
    for seed in range(5):
        final = _random_game(THREE, seed)
        record = json.loads(json.dumps(final.record()))
        assert sheepkit.replay(record) == final
        assert record["result"]["reason"] == final.outcome().reason


def test_a_record_with_an_illegal_move_names_the_move_number():
    record = _random_game(GAME, 1).record()
    record["history"][3] = "wolf 1"  # move 4 is Player 2's action: not against their own sheep
    with pytest.raises(BadRecord, match="move 4") as info:
        sheepkit.replay(record)
    assert info.value.move_number == 4


def test_wool_is_never_created_or_lost():
    for players in (2, 3, 4):
        game = sheepkit.load("shave_a_sheep", players=players, wool=17)
        rng = random.Random(players)
        state = game.new_game()
        while not state.is_over:
            assert wool_total(state) == 17
            assert max(state.sheep) <= game.rules.sheep_capacity
            if state.to_move == CHANCE:
                state = state.play(state.sample_chance(rng))
            else:
                state = state.play(rng.choice(state.legal_moves()))
        assert wool_total(state) == 17 and sum(state.piles) == 17 - state.middle


def test_the_text_board_shows_the_middle_the_sheep_and_whose_turn():
    text = str(act(THREE, "gray/pink", to_move=1, middle=1, sheep=(1, 2, 3), piles=(4, 0, 0)))
    assert "Middle: 1 wool" in text and "wolf in the middle" in text
    assert "Player 1: sheep 1/5 wool, pile 4" in text
    assert "Player 2: sheep 2/5 wool, pile 0  <- to move" in text
    assert "Player 2 rolled gray/pink: choose send the wolf (gray) or shear your sheep" in text
    start = str(GAME.new_game().play("roll x2").play("double"))
    assert "Last roll: x2." in start and "Player 2 rolls the die." in start


def test_the_game_lists_a_sensible_bot():
    assert "Sensible" in for_game(GAME)
    assert "Sensible" in sheepkit.bots.for_game(GAME)


def test_check_game_passes_for_the_main_variants():
    custom = [["grow", "wolf"], ["double"], ["shear"], ["swap"], ["wolf"], ["grow", "shear"]]
    report = sheepkit.check_game(
        "shave_a_sheep",
        variants=[
            {"players": 2},
            {"players": 3},
            {"players": 4},
            {"futile_actions": False},
            {"wool": 8},
            {"die": custom, "players": 3},
            {"sheep_capacity": 2, "turn_limit": 10, "futile_actions": False},
        ],
        games=8,
    )
    assert report.games == 7 * 8


def test_phase_names_are_indexed_by_phase_code() -> None:
    from sheepkit.games.shave_a_sheep.engine import ACT, ADD, HOWL, OVER, PHASE_NAMES, RACE, ROLL

    codes = [PHASE_NAMES.index(w) for w in ("roll", "act", "over", "race", "howl", "add")]
    assert codes == [ROLL, ACT, OVER, RACE, HOWL, ADD]
    game = ShaveASheep()
    assert game.position(phase="act", face="x2").phase == ACT
    with pytest.raises(ValueError, match="phase one of roll, act, race, howl, add"):
        game.position(phase="over")  # a finished game is not made up from a phase name
