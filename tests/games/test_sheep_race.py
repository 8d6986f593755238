"""The Sheep Race: every rule of the text by constructed positions, check_game, bad input."""

from __future__ import annotations

from fractions import Fraction

import pytest

import sheepkit
from sheepkit import CHANCE, BadRecord, IllegalMove, InvalidRules
from sheepkit.core.check import check_game
from sheepkit.games.sheep_race.engine import (
    DEAL,
    EXHAUSTED,
    FINISHED,
    HIDDEN,
    OVER,
    PACE,
    RACING,
    ROLL,
    VISIBLE,
)

SIX = ("Requeijao", "Feta", "Brie", "Gouda", "Ricotta", "Pecorino")
OTHER_SIX = ("Roquefort", "Manchego", "Halloumi", "Camembert", "Mozzarella", "Cheddar")


def game(**rules):
    return sheepkit.load("sheep_race", **{"players": 2, **rules})


def names(moves) -> list[str]:
    return sorted(str(m) for m in moves)


def run(state, *steps):
    for step in steps:
        state = state.play(step)
    return state


def at_pace(rolled: int, **kw):
    """A first-semifinal position of two players at the pace choice after ``rolled``."""
    g = kw.pop("g", None) or game()
    kw.setdefault("visible", (1, 2))
    kw.setdefault("hidden", ((3, 4), (5, 6)))
    return g.position(cards=kw.pop("cards", SIX), rolled=rolled, **kw)


# -- set-up ------------------------------------------------------------------------------------
def test_a_die_picks_the_first_player_whose_token_tops_the_stack():
    s = game(players=4).new_game()
    assert s.to_move == CHANCE and s.acting_player is None
    assert s.chance_outcomes() == tuple(
        (s.parse(f"first {p}"), Fraction(1, 4)) for p in (1, 2, 3, 4)
    )
    s = s.play("first 3")
    assert s.first == 2 and s.phase == DEAL
    # Stack from the top: the first player, then clockwise.
    assert s.ranking() == (2, 3, 0, 1)


def test_six_cards_are_dealt_face_up_then_the_second_semifinal_uses_the_other_six():
    s = game().new_game().play("first 1")
    assert len(s.chance_outcomes()) == 12 and s.chance_outcomes()[0][1] == Fraction(1, 12)
    s = run(s, *(f"deal {c}" for c in SIX))
    assert s.phase == VISIBLE and s.turn == 0
    g = s.game
    assert s.cubes == tuple(g.start_cubes(g.card_index(c)) for c in SIX)
    assert s.cubes[0] == (1, 1, 1)  # Requeijao: 1 blue, 1 red, 1 white
    left = names(m for m, _ in s.game.new_game().play("first 1").chance_outcomes())
    assert len(left) == 12
    with pytest.raises(IllegalMove):
        s.play("deal Feta")  # not a chance node any more
    assert {g.card_name(c) for c in s.deck} == set(OTHER_SIX)


# -- betting -----------------------------------------------------------------------------------
def test_visible_bets_go_clockwise_from_the_first_player_and_never_repeat_a_sheep():
    s = run(game(players=3).new_game(), "first 2", *(f"deal {c}" for c in SIX))
    assert s.to_move == 1
    s = s.play("bet visible 4")
    assert s.to_move == 2 and "bet visible 4" not in names(s.legal_moves())
    with pytest.raises(IllegalMove, match="Lane 4 already has a visible bet"):
        s.play("bet visible 4")
    s = run(s, "bet visible 1", "bet visible 2")
    assert s.phase == HIDDEN and s.to_move == 1


def test_hidden_bets_are_two_other_sheep_and_may_share_anothers_visible_sheep():
    s = run(game().new_game(), "first 1", *(f"deal {c}" for c in SIX))
    s = run(s, "bet visible 1", "bet visible 2")
    legal = names(s.legal_moves())
    assert len(legal) == 10  # two of the five other lanes
    assert "bet hidden 2+3" in legal and "bet hidden 1+3" not in legal
    with pytest.raises(IllegalMove, match="other than your visible bet on lane 1"):
        s.play("bet hidden 1+3")
    s = run(s, "bet hidden 2+3", "bet hidden 1+6")
    assert s.phase == ROLL and s.to_move == CHANCE and s.acting_player == 0
    assert s.hidden == ((1, 2), (0, 5))


# -- dice and selection ------------------------------------------------------------------------
def test_dice_totals_have_exact_chances():
    g = game()
    semi = dict((m.total, p) for m, p in g.roll_odds())
    assert semi == {
        1: Fraction(1, 12),
        2: Fraction(1, 9),
        3: Fraction(5, 36),
        4: Fraction(1, 6),
        5: Fraction(1, 6),
        6: Fraction(1, 6),
        7: Fraction(1, 12),
        8: Fraction(1, 18),
        9: Fraction(1, 36),
    }
    final = dict((m.total, p) for m, p in g.roll_odds(final=True))
    # 1-6 die plus 2-0-0-0-0-0: a 2 on the second die adds 2 once in six.
    assert final == {
        1: Fraction(5, 36),
        2: Fraction(5, 36),
        3: Fraction(1, 6),
        4: Fraction(1, 6),
        5: Fraction(1, 6),
        6: Fraction(1, 6),
        7: Fraction(1, 36),
        8: Fraction(1, 36),
    }


@pytest.mark.parametrize(("total", "lane"), [(1, 1), (5, 5), (6, 6), (7, 6), (8, 5)])
def test_totals_select_lanes(total, lane):
    s = at_pace(total, pos=(3, 4, 5, 6, 7, 8))
    assert s.selected == lane - 1 and s.to_move == 0


def test_nine_moves_the_lazy_sheep_furthest_back_the_higher_lane_on_a_tie():
    assert at_pace(9, pos=(3, 1, 5, 6, 7, 8)).selected == 1
    assert at_pace(9, pos=(2, 1, 5, 1, 7, 8)).selected == 3  # lanes 2 and 4 level: lane 4


def test_an_exhausted_or_finished_sheep_sends_the_roll_to_the_lazy_sheep():
    s = at_pace(
        3,
        pos=(3, 4, 13, 6, 2, 8),
        cubes=[(1, 1, 1)] * 2 + [(0, 0, 0)] + [(1, 1, 1)] * 3,
        exhausted=(3,),
    )
    assert s.selected == 4
    s = at_pace(2, pos=(3, 17, 5, 6, 2, 2), finished=(2,))
    assert s.selected == 5  # lanes 5 and 6 level at the back: lane 6
    # The Lazy Sheep itself is never one that is exhausted or across the line.
    s = at_pace(
        9,
        pos=(17, 12, 5, 6, 7, 8),
        finished=(1,),
        exhausted=(2,),
        cubes=[(1, 1, 1), (0, 0, 0)] + [(1, 1, 1)] * 4,
    )
    assert s.selected == 2


def test_an_out_of_breath_sheep_outside_the_end_zone_is_selected_and_can_only_rest():
    s = at_pace(2, pos=(0, 6, 0, 0, 0, 0), cubes=[(1, 1, 1), (0, 0, 0)] + [(1, 1, 1)] * 4)
    assert s.selected == 1 and names(s.legal_moves()) == ["rest"]
    with pytest.raises(IllegalMove, match="out of breath"):
        s.play("trot blue")
    after = s.play("rest")
    assert after.cubes[1] == (2, 0, 0) and after.pos[1] == 6


# -- paces and cubes ---------------------------------------------------------------------------
def test_requeijaos_paces_and_their_cube_costs():
    s = at_pace(1)  # Requeijao: 1 blue, 1 red, 1 white; walk 1, trot 2, gallop 6
    assert names(s.legal_moves()) == [
        "gallop red",
        "gallop white",
        "trot blue",
        "trot white",
        "walk white",
    ]
    cases = {
        "gallop red": (6, (1, 0, 1)),
        "gallop white": (6, (1, 1, 0)),
        "trot blue": (2, (0, 1, 1)),
        "trot white": (2, (1, 1, 0)),
        "walk white": (1, (1, 1, 0)),
    }
    for move, (square, cubes) in cases.items():
        after = s.play(move)
        assert (after.pos[0], after.cubes[0]) == (square, cubes), move
        assert after.phase == ROLL and after.turn == 1


def test_gallop_may_pay_two_blue_cubes():
    s = at_pace(3)  # Brie: 3 blue; trot 3, gallop 6
    assert "gallop blue" in names(s.legal_moves())
    after = s.play("gallop blue")
    assert after.pos[2] == 6 and after.cubes[2] == (1, 0, 0)
    s = at_pace(3, cubes=[(1, 1, 1), (2, 1, 0), (1, 0, 0), (1, 2, 0), (0, 1, 2), (2, 0, 1)])
    with pytest.raises(IllegalMove, match="needs 2 blue cubes, has 1"):
        s.play("gallop blue")


def test_walking_takes_a_blue_back_and_resting_two_but_never_above_three_cubes():
    cubes = [(1, 1, 1), (1, 0, 0), (2, 0, 0), (1, 2, 0), (0, 1, 2), (2, 0, 1)]
    s = at_pace(2, cubes=cubes)  # Feta with 1 cube
    assert {"walk", "rest"} <= set(names(s.legal_moves()))
    assert s.play("walk").cubes[1] == (2, 0, 0) and s.play("walk").pos[1] == 1
    assert s.play("rest").cubes[1] == (3, 0, 0) and s.play("rest").pos[1] == 0
    s = at_pace(3, cubes=cubes)  # Brie with 2 cubes: may walk to 3, not rest to 4
    assert "walk" in names(s.legal_moves()) and "rest" not in names(s.legal_moves())
    with pytest.raises(IllegalMove, match="resting would leave 4 cubes"):
        s.play("rest")
    s = at_pace(1)  # Requeijao with 3 cubes: no recovering walk, but a white walk
    assert "walk" not in names(s.legal_moves()) and "walk white" in names(s.legal_moves())
    with pytest.raises(IllegalMove, match="walking would leave 4 cubes"):
        s.play("walk")


def test_last_cube_outside_the_end_zone_means_a_rest_before_moving_again():
    cubes = [(0, 1, 0)] + [(1, 1, 1)] * 5
    s = at_pace(1, cubes=cubes, pos=(0, 0, 0, 0, 0, 0))
    after = s.play("gallop red")  # to square 6, outside the End Zone (12-16)
    assert after.pos[0] == 6 and after.cubes[0] == (0, 0, 0) and after.out[0] == RACING
    again = run(after, "roll 1")
    assert names(again.legal_moves()) == ["rest"]


def test_last_cube_inside_the_end_zone_exhausts_the_sheep_for_the_race():
    cubes = [(0, 1, 0)] + [(1, 1, 1)] * 5
    s = at_pace(1, cubes=cubes, pos=(8, 0, 0, 0, 0, 0))
    after = s.play("gallop red")  # 8 + 6 = 14: in the End Zone with no cubes
    assert after.pos[0] == 14 and after.out[0] == EXHAUSTED
    assert run(after, "roll 1").selected != 0  # the Lazy Sheep moves instead
    # Crossing the line with the last cube is finishing, not exhaustion.
    crossed = at_pace(1, cubes=cubes, pos=(12, 0, 0, 0, 0, 0)).play("gallop red")
    assert crossed.out[0] == FINISHED and crossed.order == (0,)


def test_a_walk_in_the_end_zone_takes_nothing_back():
    cubes = [(1, 0, 1)] + [(1, 1, 1)] * 5
    s = at_pace(1, cubes=cubes, pos=(12, 0, 0, 0, 0, 0))
    after = s.play("walk")
    assert after.pos[0] == 13 and after.cubes[0] == (1, 0, 1)
    assert s.play("walk white").cubes[0] == (1, 0, 0)
    # A walk from outside into the End Zone still takes a blue back.
    into = at_pace(1, cubes=cubes, pos=(11, 0, 0, 0, 0, 0)).play("walk")
    assert into.pos[0] == 12 and into.cubes[0] == (2, 0, 1)


def test_no_resting_in_the_end_zone():
    cubes = [(1, 0, 0)] + [(1, 1, 1)] * 5
    s = at_pace(1, cubes=cubes, pos=(13, 0, 0, 0, 0, 0))
    assert "rest" not in names(s.legal_moves())
    with pytest.raises(IllegalMove, match="cannot rest in the End Zone"):
        s.play("rest")
    outside = at_pace(1, cubes=cubes, pos=(11, 0, 0, 0, 0, 0))
    assert "rest" in names(outside.legal_moves())


# -- the end of a semifinal and scoring --------------------------------------------------------
def test_scoring_matches_the_worked_example_of_the_text():
    # Nicholas (player 1) bets on lanes 1, 4 and 6; the sheep finish lane 4, lane 5, lane 1.
    s = at_pace(
        1, pos=(16, 3, 3, 17, 18, 3), finished=(4, 5), visible=(1, 2), hidden=((4, 6), (3, 5))
    )
    after = s.play("walk")
    result = after.results[-1]
    assert result.placings == (3, 4, 0)
    assert result.points == (8 + 7 + 1, 4)  # 16 for Nicholas; lane 5 second pays 4
    assert after.points == (16, 4)
    g = after.game
    assert [g.card_name(c) for c in after.podium[0]] == ["Gouda", "Ricotta", "Requeijao"]
    # The second semifinal: its leader goes first, with the six cards not yet run.
    assert after.phase == DEAL and after.race == 1 and after.first == 0
    assert {m.card for m, _ in after.chance_outcomes()} == set(OTHER_SIX)


def test_three_placed_bets_earn_three_bonus_points_and_none_earns_nothing():
    s = at_pace(
        1, pos=(16, 17, 18, 0, 0, 0), finished=(2, 3), visible=(1, 4), hidden=((2, 3), (5, 6))
    )
    after = s.play("walk")
    # Lane 2 first (11), lane 3 second (6), lane 1 third (7), plus 3 bonus points.
    assert after.points == (11 + 6 + 7 + 3, 0)


def test_a_race_of_exhausted_sheep_ranks_by_distance_then_lower_lane():
    # Lane 2 is across; the others are exhausted except lane 1, which is about to be.
    out = [(0, 1, 0), (1, 1, 1)] + [(0, 0, 0)] * 4
    s = at_pace(
        1,
        cubes=out,
        pos=(8, 17, 13, 15, 15, 12),
        finished=(2,),
        exhausted=(3, 4, 5, 6),
        visible=(4, 5),
        hidden=((1, 2), (3, 6)),
    )
    after = s.play("gallop red")  # lane 1 to 14, exhausted: everyone left is exhausted
    assert after.results[-1].placings == (1, 3, 4)  # lane 2, then lanes 4 and 5 (level: 4)
    assert "exhausted" in after.results[-1].how
    # Player 1: lane 2 first (11) + lane 4 second (5) + bonus 1; player 2: lane 5 third (2).
    assert after.points == (17, 2)


def test_even_if_no_sheep_crosses_the_line_the_race_ends_when_all_are_exhausted():
    s = at_pace(
        1,
        cubes=[(0, 1, 0)] + [(0, 0, 0)] * 5,
        pos=(6, 16, 13, 16, 12, 12),
        exhausted=(2, 3, 4, 5, 6),
    )
    after = s.play("gallop red")
    # Squares 16, 16 (the lower lane first), then 13; lanes 1, 5 and 6 stop on 12.
    assert after.results[-1].placings == (1, 3, 2)


def test_tied_players_are_ranked_by_the_token_on_top():
    # Both on 10 points; player 2 scores after player 1 (clockwise from the first player),
    # so on equal totals player 2's token lands on top and leads the next race.
    s = at_pace(
        1,
        pos=(16, 17, 18, 0, 0, 0),
        finished=(2, 3),
        visible=(4, 2),
        hidden=((5, 6), (1, 6)),
        points=(15, 5),
    )
    after = s.play("walk")  # lanes 2, 3, 1 placed
    # Player 1: nothing placed... lane 4/5/6 -> 0; player 2: lane 2 first 11 + lane 1 third 7
    # + bonus 1 = 19 -> 24 against 15.
    assert after.points == (15, 24) and after.first == 1
    tie = at_pace(
        1,
        pos=(16, 17, 0, 18, 0, 0),
        finished=(2, 4),
        visible=(2, 4),
        hidden=((5, 6), (5, 6)),
        points=(0, 3),
    )
    level = tie.play("walk")  # lane 2 first (11) for player 1; lane 4 second (5) for player 2
    assert level.points == (11, 8)
    even = at_pace(
        1,
        pos=(16, 17, 0, 18, 0, 0),
        finished=(2, 4),
        visible=(4, 2),
        hidden=((5, 6), (5, 6)),
        points=(6, 0),
    )
    both = even.play("walk")  # player 1: lane 4 second, 5 -> 11; player 2: lane 2 first, 11
    assert both.points == (11, 11)
    assert both.ranking() == (1, 0) and both.first == 1  # player 2 moved later: on top


def test_the_final_lanes_come_from_the_podium_and_its_bets_are_two_hidden():
    g = game()
    s = g.position(
        race=1,
        cards=OTHER_SIX,
        pos=(16, 17, 18, 0, 0, 0),
        finished=(2, 3),
        visible=(1, 4),
        hidden=((2, 3), (5, 6)),
        podium=[("Brie", "Feta", "Gouda")],
        rolled=1,
    )
    final = s.play("gallop red")
    assert final.race == 2 and final.phase == HIDDEN and final.first == 0
    lanes = [g.card_name(c) for c in final.lanes]
    # 1: 3rd of semi 2, 2: 3rd of semi 1, 3: 2nd of semi 2, 4: 2nd of semi 1, 5: 1st of
    # semi 2, 6: 1st of semi 1.
    assert lanes == ["Roquefort", "Gouda", "Halloumi", "Feta", "Manchego", "Brie"]
    assert len(final.legal_moves()) == 15  # any two of the six lanes
    assert final.cubes[5] == (3, 0, 0)


def test_the_final_ends_at_the_first_sheep_across_and_pays_table_2_only():
    g = game()
    s = g.position(
        race=2,
        cards=SIX,
        pos=(16, 0, 0, 0, 0, 0),
        hidden=((1, 2), (2, 3)),
        points=(10, 20),
        podium=[("Brie", "Feta", "Gouda"), ("Ricotta", "Pecorino", "Requeijao")],
        rolled=1,
    )
    assert s.game.roll_odds(final=True) == s.chance_outcomes() or s.phase == PACE
    over = s.play("walk")
    assert over.phase == OVER and over.is_over
    assert over.points == (28, 20)  # lane 1 pays 18, no bonus
    assert over.winners() == (0,) and "28 points" in str(over.outcome())


def test_the_winner_on_a_tie_is_the_token_on_top():
    s = game().position(
        race=2,
        cards=SIX,
        pos=(16, 0, 0, 0, 0, 0),
        hidden=((1, 2), (3, 4)),
        points=(2, 20),
        rolled=1,
    )
    over = s.play("walk")
    assert over.points == (20, 20) and over.winners() == (0,)
    assert "token on top" in str(over.outcome())


def test_final_rolls_use_the_final_dice():
    s = game().position(race=2, cards=SIX, hidden=((1, 2), (3, 4)))
    assert s.chance_outcomes() == s.game.roll_odds(final=True)
    assert "roll 9" not in names(m for m, _ in s.chance_outcomes())


# -- the whole contract --------------------------------------------------------------------------
@pytest.mark.parametrize("players", [2, 3, 4, 5, 6])
def test_check_game(players):
    check_game(game(players=players), games=2, seed=players)


def test_check_game_on_a_short_track_with_other_dice():
    check_game(game(players=3, track=8, semifinal_dice=((1, 2, 3), (0, 3, 6))), games=1, seed=9)


def test_records_replay_and_name_bad_input():
    g = game(players=3)
    final = sheepkit.play_game(g, [sheepkit.RandomBot()] * 3, seed=4)
    record = final.record()
    assert sheepkit.replay(record) == final
    assert final.ply <= g.max_length
    bad = dict(record, history=[*record["history"][:5], "roll 12"])
    with pytest.raises(BadRecord, match="move 6"):
        sheepkit.replay(bad)


@pytest.mark.parametrize(
    ("changes", "field"),
    [
        ({"players": 7}, "players"),
        ({"track": 5}, "track"),
        ({"semifinal_dice": ((1, 2, 3, 4, 5, 6), (4, 0, 0, 0, 0, 0))}, None),
        ({"semifinal_payoffs": ((1, 2), (3, 4), (5, 6))}, "semifinal_payoffs"),
        ({"cards": (("Solo", 1, 1, 1, 1, 2, 6),)}, "cards"),
        ({"cards": tuple((f"Big{i}", 2, 2, 0, 1, 2, 6) for i in range(12))}, "cards"),
        ({"cards": tuple((f"Red{i}", 0, 3, 0, 1, 2, 6) for i in range(12))}, "cards"),
    ],
)
def test_invalid_rules_are_refused_naming_the_problem(changes, field):
    with pytest.raises(InvalidRules) as e:
        game(**changes)
    if field:
        assert field in str(e.value)


def test_unreadable_and_illegal_moves_change_nothing():
    s = at_pace(1)
    before = repr(s)
    with pytest.raises(IllegalMove, match="not a move of The Sheep Race"):
        s.play("fly away")
    with pytest.raises(IllegalMove, match="cannot rest"):
        s.play("rest")
    assert repr(s) == before
    assert s.game.parse_move("bet hidden 5+2") == s.game.parse_move("bet hidden 2+5")
    with pytest.raises(ValueError, match="cannot read"):
        s.game.parse_move("bet hidden 2+2")
    with pytest.raises(ValueError, match="no sheep card"):
        s.game.position(cards=("Nobody", *SIX[1:]))


@pytest.mark.parametrize(
    ("changes", "words"),
    [
        ({"cards": ("Feta",) * 6}, "one lane only; given twice: Feta"),
        ({"cards": ("Feta", "Feta", *SIX[2:])}, "given twice: Feta"),
        ({"pos": (99, 0, 0, 0, 0, 0)}, "square 0-16, not 99 \\(list it in finished\\)"),
        ({"pos": (-5, 0, 0, 0, 0, 0)}, "square 0-16, not -5"),
        ({"pos": (0, 0, 0)}, "square of each of the six sheep"),
        ({"pos": (3, 0, 0, 0, 0, 0), "finished": (1,)}, "past the last square 16"),
        ({"cubes": ((5, 0, 0),) * 6}, "at most 3 cubes"),
        ({"cubes": ((1, 1, 1),) * 5}, "six \\(blue, red, white\\)"),
        ({"rolled": 12}, "cannot roll 12"),
        ({"rolled": 0}, "cannot roll 0"),
        ({"visible": (1,)}, "one entry for each of the 2 players"),
        ({"visible": (1, 1)}, "two players cannot bet visibly on one lane"),
        ({"hidden": ((1, 2),)}, "one entry for each of the 2 players"),
        ({"visible": (1, 2), "hidden": ((1, 3), (4, 5))}, "cannot include their visible lane 1"),
        ({"hidden": ((3, 3), (4, 5))}, "two different lanes"),
        ({"points": (0,)}, "one entry for each"),
        ({"turn": 2}, "turn is a player 0-1"),
        ({"finished": (7,)}, "different lanes 1-6"),
        ({"exhausted": (2,), "finished": (2,)}, "both finished and exhausted"),
        ({"race": 3}, "race is 0 or 1"),
    ],
)
def test_made_up_positions_are_checked(changes, words):
    with pytest.raises(ValueError, match=words):
        game().position(**{"cards": SIX, **changes})


def perft(state, depth: int) -> int:
    """Move sequences of length ``depth`` (chance outcomes count as moves)."""
    if depth == 0 or state.is_over:
        return 1
    return sum(perft(state.play(option), depth - 1) for option in state.options())


def test_perft_counts_of_the_betting_round():
    s = run(game().new_game(), "first 1", *(f"deal {c}" for c in SIX))
    # 6 visible bets, then 5 for the other player; 10 pairs of hidden bets each (two of the
    # five lanes other than one's own visible bet); then the 9 dice totals of a semifinal.
    assert [perft(s, d) for d in range(1, 6)] == [6, 30, 300, 3000, 27000]


def test_the_text_board_shows_squares_end_zone_and_states():
    s = at_pace(
        2,
        pos=(3, 12, 17, 0, 14, 5),
        finished=(3,),
        exhausted=(5,),
        cubes=[(1, 1, 1), (1, 0, 0), (0, 0, 0), (3, 0, 0), (0, 0, 0), (2, 0, 1)],
    )
    lines = str(s).splitlines()
    assert lines[1].endswith("...S........|.....|  b1 r1 w1")  # square 3 of 16
    assert lines[2].endswith("............|S....|  b1 r0 w0 <")  # the End Zone starts at 12
    assert lines[3].endswith("|.....|S b0 r0 w0 across")
    assert lines[5].endswith("|..S..|  b0 r0 w0 exhausted")


# -- the typed contract: views, determinize, one name for points ---------------------------------
def test_a_view_is_a_player_view_whose_points_are_read_by_scores():
    from sheepkit.core.contract import PlayerView
    from sheepkit.games.sheep_race.engine import HIDDEN_BETS

    s = game(players=3).position(
        cards=SIX, visible=(1, 2, 3), hidden=((4, 6), (1, 5), (2, 6)), points=(3, 0, 7)
    )
    view = s.view(0)
    assert isinstance(view, PlayerView)
    assert view.scores() == s.scores() == (3.0, 0.0, 7.0)
    assert view.points == s.points == (3, 0, 7)
    assert view.hidden == ((3, 5), HIDDEN_BETS, HIDDEN_BETS)
    assert not hasattr(s, "totals") and not hasattr(view, "totals")


def test_views_and_determinized_states_carry_the_fields_and_nothing_cached(monkeypatch):
    import dataclasses
    import random

    from sheepkit.core import cached
    from sheepkit.games.sheep_race.engine import SheepRaceState, SheepRaceView

    # A value cached on states that the Race does not know of (as core may add one): it must
    # reach neither a view nor a determinized state.
    def _probe(self):
        return "cached on the state"

    monkeypatch.setattr(SheepRaceState, "_probe", cached(_probe), raising=False)
    s = game().position(cards=SIX, visible=(1, 2), hidden=((4, 6), (3, 5)), rolled=4)
    assert s._probe and s.legal_moves() and s.outcome() is None  # all cached now
    state_fields = {f.name for f in dataclasses.fields(SheepRaceState)}
    view_fields = {f.name for f in dataclasses.fields(SheepRaceView)}
    assert view_fields == state_fields - {"history"} | {"player", "to_move"}
    view = s.view(1)
    assert set(view.__dict__) == view_fields
    again = view.determinize(random.Random(3))
    assert set(again.__dict__) == state_fields
    # Player 2 knows their own bets; only Player 1's were drawn.
    assert again.hidden[1] == (2, 4) and again.replace(hidden=s.hidden) == s.replace(history=())
    assert again.legal_moves() == s.legal_moves()
