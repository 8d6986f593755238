"""Shave a Sheep variants (Cutting costs, Howling Wolf, My friend Mr. Wolf) and the die as JSON."""

from __future__ import annotations

import json
import random
from fractions import Fraction

import pytest

import sheepkit
from sheepkit import CHANCE, IllegalMove, InvalidRules
from sheepkit.games.shave_a_sheep import (
    ACTIONS,
    BASE_DIE,
    HOWLING_DIE,
    VARIANTS,
    Act,
    Howl,
    Roll,
    die_from_json,
    die_to_json,
)

COSTS = sheepkit.load("shave_a_sheep", shear_cost=1)
HOWLING = sheepkit.load("shave_a_sheep", players=3, **VARIANTS["howling_wolf"])
MR_WOLF = sheepkit.load("shave_a_sheep", players=3, wolf="mr_wolf")


def act(game, face, **position):
    return game.position(phase="act", face=face, **position)


def names(state) -> list[str]:
    return [str(m) for m in state.legal_moves()]


def wool_total(state) -> int:
    return state.middle + sum(state.sheep) + sum(state.piles)


# -- Cutting costs --------------------------------------------------------------------------
def test_a_shear_pays_one_wool_back_to_the_middle():
    after = act(COSTS, "white/pink", middle=4, sheep=(3, 2), piles=(1, 0)).play("shear")
    assert (after.middle, after.sheep, after.piles) == (5, (0, 2), (3, 0))


def test_shearing_one_wool_pays_it_all_and_a_bare_sheep_pays_nothing():
    after = act(COSTS, "white/pink", middle=4, sheep=(1, 2)).play("shear")
    assert (after.middle, after.piles) == (5, (0, 0))
    bare = act(COSTS, "white/pink", middle=4, sheep=(0, 2)).play("shear")
    assert (bare.middle, bare.piles) == (4, (0, 0))
    two = sheepkit.load("shave_a_sheep", shear_cost=2)
    after = act(two, "white/pink", middle=4, sheep=(1, 2)).play("shear")
    assert (after.middle, after.piles) == (5, (0, 0))  # never more than the shorn wool


def test_auto_shear_pays_too():
    after = act(COSTS, "white", to_move=1, middle=5, sheep=(5, 0), piles=(1, 0)).play("grow")
    assert after.sheep == (0, 1) and after.piles == (5, 0) and after.middle == 5
    assert after.auto_sheared == 5  # the wool shorn, before the payment


def test_the_final_shear_pays_and_the_game_stays_over():
    after = act(COSTS, "white", middle=1, sheep=(2, 3), piles=(1, 4)).play("grow")
    assert after.is_over and after.sheep == (0, 0)
    assert after.piles == (1 + 2, 4 + 2) and after.middle == 2
    assert after.outcome().reason.startswith("The middle is empty")


def test_the_final_shear_can_be_free():
    game = sheepkit.load("shave_a_sheep", shear_cost=1, final_shear_pays=False)
    after = act(game, "white", middle=1, sheep=(2, 3), piles=(1, 4)).play("grow")
    assert after.piles == (4, 7) and after.middle == 0


def test_wool_is_conserved_in_every_variant():
    for changes in [*VARIANTS.values(), {"shear_cost": 2, "wolf": "mr_wolf"}]:
        game = sheepkit.load("shave_a_sheep", players=3, wool=15, **changes)
        rng = random.Random(7)
        for _ in range(5):
            state = game.new_game()
            while not state.is_over:
                assert wool_total(state) == 15
                assert max(state.sheep) <= game.rules.sheep_capacity
                if state.to_move == CHANCE:
                    state = state.play(state.sample_chance(rng))
                else:
                    state = state.play(rng.choice(state.legal_moves()))
            assert wool_total(state) == 15


# -- Howling Wolf ---------------------------------------------------------------------------
def test_the_howling_die_merges_its_two_gray_white_faces():
    assert HOWLING.rules.die == HOWLING_DIE
    table = {str(o): p for o, p in HOWLING.new_game().chance_outcomes()}
    assert table == {
        "roll gray/white": Fraction(1, 3),
        "roll white/green": Fraction(1, 6),
        "roll green/pink": Fraction(1, 6),
        "roll pink/white": Fraction(1, 6),
        "roll x2": Fraction(1, 6),
    }


def test_gray_starts_a_race_that_nobody_rolls_with_exact_chances():
    race = HOWLING.position(sheep=(1, 2, 3), middle=4, to_move=1).play("roll gray/white")
    assert race.to_move == CHANCE and race.acting_player is None
    outcomes = race.chance_outcomes()
    assert [str(o) for o, _ in outcomes] == ["howl 1", "howl 2", "howl 3"]
    assert all(p == Fraction(1, 3) for _, p in outcomes) and sum(p for _, p in outcomes) == 1
    assert race.legal_moves() == ()
    assert "races to grab the wolf" in str(race)


def test_the_roller_can_be_left_out_of_the_race():
    game = HOWLING.rules.replace(roller_can_howl=False)
    race = sheepkit.load("shave_a_sheep", **game.to_dict()).position(
        phase="race", face="gray/white", to_move=1, middle=4
    )
    assert dict(race.chance_outcomes()) == {Howl(0): Fraction(1, 2), Howl(2): Fraction(1, 2)}
    rng = random.Random(1)
    assert {race.sample_chance(rng) for _ in range(50)} == {Howl(0), Howl(2)}


def test_the_race_winner_takes_one_wool_then_the_roller_may_grow_one():
    race = HOWLING.position(phase="race", face="gray/white", to_move=1, middle=4, sheep=(2, 1, 3))
    howl = race.play("howl 3")
    assert howl.to_move == 2 and howl.acting_player == 2 and howl.turn == 1
    assert names(howl) == ["wolf 1", "wolf 2"]  # anyone but the winner, the roller included
    bitten = howl.play("wolf 1")
    assert (bitten.middle, bitten.sheep) == (5, (1, 1, 3)) and bitten.wolf is None
    assert bitten.to_move == 1 and bitten.acting_player == 1
    assert names(bitten) == ["grow", "decline"]
    assert "may add one wool" in str(bitten)
    after = bitten.play("grow")
    assert (after.middle, after.sheep) == (4, (1, 2, 3))
    assert after.turn == 2 and after.to_move == CHANCE
    kept = bitten.play("decline")
    assert (kept.middle, kept.sheep) == (5, (1, 1, 3)) and kept.turn == 2
    against_roller = howl.play("wolf 2").play("grow")
    assert against_roller.sheep == (2, 1, 3) and against_roller.middle == 4
    assert [str(m) for m in after.history] == ["howl 3", "wolf 1", "grow"]
    with pytest.raises(IllegalMove, match="may add one wool to their sheep"):
        bitten.play("shear")


def test_a_roller_who_wins_the_race_robs_someone_else():
    howl = HOWLING.position(phase="howl", face="gray/white", howler=0, middle=4, sheep=(0, 2, 0))
    assert names(howl) == ["wolf 2", "wolf 3"]
    assert howl.play("wolf 2").play("grow").sheep == (1, 1, 0)
    with pytest.raises(IllegalMove, match="another player's sheep"):
        howl.play("wolf 1")


def test_howling_at_a_bare_sheep_and_the_pass_when_futile_actions_are_off():
    bare = HOWLING.position(phase="howl", face="gray/white", howler=1, middle=4, sheep=(0, 0, 0))
    after = bare.play("wolf 3").play("grow")
    assert after.sheep == (1, 0, 0) and after.middle == 3  # the roller still may grow
    strict = sheepkit.load("shave_a_sheep", players=3, futile_actions=False, wolf="howling_wolf")
    howl = strict.position(phase="howl", face="gray/green", howler=1, middle=4, sheep=(0, 0, 2))
    assert names(howl) == ["wolf 3"]
    bare = strict.position(phase="howl", face="gray/green", howler=1, middle=4)
    assert names(bare) == ["pass"]
    # Declining the wool is the roller's right, not a futile action: offered with futile off.
    assert names(bare.play("pass")) == ["grow", "decline"]
    assert bare.play("pass").play("grow").sheep == (1, 0, 0)


def test_the_rollers_wool_can_end_the_game_and_the_roller_may_decline_it():
    howl = HOWLING.position(phase="howl", face="gray/white", howler=1, middle=1, sheep=(0, 0, 0))
    after = howl.play("wolf 1").play("grow")
    assert after.is_over and after.piles == (1, 0, 0)
    assert not howl.play("wolf 1").play("decline").is_over


def test_the_roller_may_decline_the_wool_that_would_end_the_game_and_lose_it():
    # The audit's position: adding the wool empties the middle and Player 2 wins 6 to 5.
    # Before the fix the wool was compulsory and 'wolf 2' ended the game.
    two = sheepkit.load("shave_a_sheep", **VARIANTS["howling_wolf"])
    state = two.position(middle=1, sheep=(2, 0), piles=(2, 6), to_move=0)
    howl = state.play("roll gray/white").play("howl 1")
    assert names(howl) == ["wolf 2"]
    choice = howl.play("wolf 2")
    assert not choice.is_over and names(choice) == ["grow", "decline"]
    assert choice.play("grow").winners() == (1,)
    declined = choice.play("decline")
    assert not declined.is_over and declined.middle == 1 and declined.to_move == CHANCE


def test_the_exact_solver_knows_when_declining_the_wool_is_better():
    from sheepkit.games.shave_a_sheep.solver import solve

    two = sheepkit.load("shave_a_sheep", **VARIANTS["howling_wolf"])
    state = two.position(middle=1, sheep=(1, 4), piles=(4, 2), to_move=0)
    choice = state.play("roll gray/white").play("howl 2").play("wolf 1")
    assert choice.sheep == (0, 4) and choice.middle == 2
    values = solve(two.rules).move_values(choice)
    # Declining keeps Player 1's chance of winning higher (about 0.26 against 0.20).
    assert values[Act("decline")] > values[Act("grow")] + 0.05
    assert solve(two.rules).best_move(choice) == Act("decline")


def test_faces_without_gray_are_ordinary_and_the_base_die_can_howl_too():
    state = HOWLING.position(middle=4).play("roll green/pink")
    assert names(state) == ["swap 2", "swap 3", "shear"]
    one_change = sheepkit.load("shave_a_sheep", wolf="howling_wolf")  # the base die
    assert one_change.new_game().play("roll gray/pink").to_move == CHANCE
    assert one_change.max_length == 4 * one_change.rules.turns == 800


# -- My friend Mr. Wolf ---------------------------------------------------------------------
def test_option_a_sends_the_wolf_and_takes_one_wool_to_your_pile():
    state = act(MR_WOLF, "gray/pink", middle=4, sheep=(1, 3, 2), piles=(0, 0, 0))
    assert names(state) == ["wolf 2", "wolf 3", "shear"]  # no fetch: the wolf is home
    after = state.play("wolf 2")
    assert after.sheep == (1, 2, 2) and after.piles == (1, 0, 0) and after.middle == 4
    assert after.wolf == 1  # the wolf stays by Player 2


def test_option_a_on_a_bare_sheep_still_places_the_wolf():
    state = act(MR_WOLF, "gray/green", middle=4, sheep=(1, 0, 2))
    after = state.play("wolf 2")
    assert after.sheep == (1, 0, 2) and after.piles == (0, 0, 0) and after.wolf == 1
    strict = sheepkit.load("shave_a_sheep", players=3, wolf="mr_wolf", futile_actions=False)
    assert "wolf 2" in names(act(strict, "gray/green", middle=4, sheep=(1, 0, 2)))
    again = act(strict, "gray/green", middle=4, sheep=(1, 0, 2), wolf=1)
    assert "wolf 2" not in names(again)  # the wolf is there already and there is no wool


@pytest.mark.parametrize(("wool", "taken"), [(3, 2), (2, 2), (1, 1), (0, 0)])
def test_option_b_fetches_up_to_two_and_brings_the_wolf_home(wool, taken):
    state = act(MR_WOLF, "gray/pink", middle=3, sheep=(0, 0, wool), wolf=2)
    assert names(state) == ["wolf 2", "wolf 3", "shear", "fetch"]
    after = state.play("fetch")
    assert after.sheep == (0, 0, wool - taken) and after.piles == (taken, 0, 0)
    assert after.wolf is None


def test_option_b_by_your_own_sheep_banks_your_own_wool():
    after = act(MR_WOLF, "gray/green", middle=3, sheep=(3, 1, 0), wolf=0).play("fetch")
    assert after.sheep == (1, 1, 0) and after.piles == (2, 0, 0) and after.wolf is None


def test_option_a_again_moves_the_placed_wolf():
    after = act(MR_WOLF, "gray/green", middle=3, sheep=(0, 2, 2), wolf=1).play("wolf 3")
    assert after.wolf == 2 and after.sheep == (0, 2, 1) and after.piles == (1, 0, 0)


def test_the_wolf_stays_by_the_player_through_swaps_and_turns():
    state = act(MR_WOLF, "white/green", middle=3, sheep=(0, 2, 2), wolf=1)
    after = state.play("swap 2")
    assert after.wolf == 1 and after.sheep == (2, 0, 2)
    later = after.play("roll white").play("grow")
    assert later.wolf == 1
    assert "wolf by Player 2" in str(later)


def test_fetch_needs_gray_and_a_placed_wolf_and_the_variant():
    with pytest.raises(IllegalMove, match="nothing to fetch"):
        act(MR_WOLF, "gray/pink", middle=3).play("fetch")
    with pytest.raises(IllegalMove, match="needs gray"):
        act(MR_WOLF, "white/pink", middle=3, wolf=1).play("fetch")
    with pytest.raises(IllegalMove, match=r"Mr\. Wolf variant only"):
        act(sheepkit.load("shave_a_sheep"), "gray/pink", middle=3).play("fetch")
    with pytest.raises(ValueError, match=r"Mr\. Wolf"):
        sheepkit.load("shave_a_sheep").position(wolf=1)


def test_new_notation_round_trips():
    for text in ("howl 2", "fetch", "wolf 3"):
        assert str(HOWLING.parse_move(text)) == text
    assert HOWLING.parse_move("howl 1") == Howl(0) and HOWLING.parse_move("fetch") == Act("fetch")
    with pytest.raises(ValueError, match="cannot read"):
        HOWLING.parse_move("howl 0")


# -- rules and check_game -------------------------------------------------------------------
def test_variant_rules_are_validated():
    with pytest.raises(InvalidRules, match="one of") as info:
        sheepkit.load("shave_a_sheep", wolf="sleepy")
    assert info.value.field == "wolf"
    with pytest.raises(InvalidRules, match="between 0 and 3"):
        sheepkit.load("shave_a_sheep", shear_cost=4)


def random_die(rng: random.Random) -> list[list[str]]:
    faces = []
    for _ in range(6):
        faces.append(rng.sample(ACTIONS, rng.choice((1, 2))))
    return faces


def test_check_game_over_players_variants_and_random_dice():
    rng = random.Random(2024)
    variants = [dict(v, players=n) for v in VARIANTS.values() for n in (2, 3, 4)]
    variants += [
        {"wolf": "mr_wolf", "shear_cost": 1, "futile_actions": False, "players": 3},
        {"wolf": "howling_wolf", "roller_can_howl": False, "futile_actions": False},
    ]
    variants += [
        {"die": random_die(rng), "wolf": wolf, "players": 2 + i % 3}
        for i, wolf in enumerate(("base", "howling_wolf", "mr_wolf"))
    ]
    report = sheepkit.check_game("shave_a_sheep", variants=variants, games=4)
    assert report.games == 4 * len(variants)


# -- the die as JSON ------------------------------------------------------------------------
@pytest.mark.parametrize("die", [BASE_DIE, HOWLING_DIE])
def test_a_die_round_trips_through_json(die):
    data = die_to_json(die, name="mine")
    assert data["format"] == "sheepkit-die" and data["name"] == "mine"
    assert die_from_json(json.loads(json.dumps(data))) == die
    assert die_from_json(json.dumps(data)) == die
    sheepkit.load("shave_a_sheep", die=die_from_json(data))  # usable as the rule


def test_a_die_can_be_written_in_colours():
    faces = ["white", "x2", "white/pink", ["white", "green"], "Gray/Pink", "gray/green"]
    assert die_from_json({"faces": faces}) == BASE_DIE


@pytest.mark.parametrize(
    ("data", "words"),
    [
        ("{not json", "not valid JSON"),
        ([["grow"]] * 6, "JSON object"),
        ({"format": "sheepkit-record", "faces": []}, "not a die"),
        ({}, 'needs "faces"'),
        ({"faces": [["grow"]] * 5}, "6 faces; got 5"),
        ({"faces": [["grow"]] * 5 + [["fly"]]}, "face 6 has the unknown action 'fly'"),
        ({"faces": [["grow"]] * 5 + [["grow", "grow"]]}, "twice"),
        ({"faces": [["grow"]] * 5 + [[]]}, "one or two actions"),
        ({"faces": [["grow"]] * 5 + [3]}, "face 6 must be a list"),
        ({"faces": [["grow"]] * 5 + [["grow", "shear", "wolf"]]}, "one or two actions"),
    ],
)
def test_bad_dice_are_refused_with_a_reason(data, words):
    with pytest.raises(InvalidRules, match=words) as info:
        die_from_json(data)
    assert info.value.field == "die"


def test_die_to_json_refuses_a_bad_die():
    with pytest.raises(InvalidRules, match="unknown action"):
        die_to_json((("grow",),) * 5 + (("fly",),))
    assert Roll(("grow",)) in sheepkit.load("shave_a_sheep").faces
