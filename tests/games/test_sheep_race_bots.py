"""The Sheep Race: hidden bets stay hidden in views, and bots choose from views only."""

from __future__ import annotations

import random

import pytest

import sheepkit
from sheepkit.bots import for_game
from sheepkit.games.sheep_race import SensibleBot, SheepRaceView, StrongBot
from sheepkit.games.sheep_race.bots import bet_values, place_chances, selections_to_finish
from sheepkit.games.sheep_race.engine import HIDDEN_BETS

SIX = ("Requeijao", "Feta", "Brie", "Gouda", "Ricotta", "Pecorino")


def game(players: int = 3):
    return sheepkit.load("sheep_race", players=players)


def betted(hidden_of_player_2, players: int = 3):
    """A tournament after all bets of the first semifinal; player 2's hidden bets vary."""
    s = game(players).new_game().play("first 1")
    for card in SIX:
        s = s.play(f"deal {card}")
    s = s.play("bet visible 1").play("bet visible 2").play("bet visible 3")
    s = s.play("bet hidden 2+3").play(f"bet hidden {hidden_of_player_2}")
    return s.play("bet hidden 5+6")


def test_a_view_shows_only_the_viewers_own_hidden_bets():
    s = betted("4+5")
    assert s.hidden == ((1, 2), (3, 4), (4, 5))
    view = s.view(0)
    assert view.hidden == ((1, 2), HIDDEN_BETS, HIDDEN_BETS)
    assert view.visible == (0, 1, 2)  # visible bets are public
    assert "4+5" not in str(view) and "hidden ?+?" in str(view)
    assert s.view(1).hidden[1] == (3, 4)


def test_views_of_states_differing_only_in_hidden_bets_are_equal_and_bots_agree():
    a, b = betted("4+5"), betted("1+6")
    a, b = a.play("roll 4"), b.play("roll 4")  # player 1 is to choose a pace
    assert a != b and a.view(0) == b.view(0)
    for bot in (SensibleBot(), StrongBot(iterations=60, time_limit=None)):
        first = bot.choose(a.view(0), a.legal_moves(), random.Random(5))
        second = bot.choose(b.view(0), b.legal_moves(), random.Random(5))
        assert first == second


def test_determinize_redraws_only_what_the_viewer_cannot_see():
    s = betted("4+5")
    view = s.view(2)
    seen = set()
    for seed in range(30):
        guess = view.determinize(random.Random(seed))
        assert guess.view(2) == view and guess.hidden[2] == (4, 5)
        for p in (0, 1):
            assert s.visible[p] not in guess.hidden[p] and len(set(guess.hidden[p])) == 2
        seen.add(guess.hidden[1])
    assert len(seen) > 3  # really redrawn, not copied


def test_bets_are_revealed_once_the_race_is_scored():
    g = game(2)
    s = g.position(
        cards=SIX,
        pos=(16, 17, 18, 0, 0, 0),
        finished=(2, 3),
        visible=(1, 4),
        hidden=((2, 3), (5, 6)),
        rolled=1,
    )
    after = s.play("walk")
    view = after.view(1)
    assert view.results[-1].bets[0] == (0, 1, 2)


def test_bots_play_whole_tournaments_seeing_views_only():
    seen = []

    class Spy(SensibleBot):
        def choose(self, view, legal_moves, rng):
            seen.append(type(view))
            return super().choose(view, legal_moves, rng)

    final = sheepkit.play_game(game(), [Spy(), sheepkit.RandomBot(), SensibleBot()], seed=3)
    assert final.is_over and set(seen) == {SheepRaceView}
    assert set(for_game(game())) - {"Random", "MCTS"} == {"Sensible", "Strong"}


def test_the_sensible_bot_runs_its_own_sheep_and_holds_back_the_others():
    g = game(2)
    s = g.position(cards=SIX, visible=(1, 2), hidden=((3, 4), (5, 6)), rolled=1)
    bot = SensibleBot()
    assert str(bot.choose(s.view(0), s.legal_moves(), random.Random(0))) == "gallop red"
    assert str(bot.choose(s.view(1), s.legal_moves(), random.Random(0))) == "walk white"
    # On someone else's sheep that can rest, it rests.
    tired = g.position(
        cards=SIX,
        visible=(1, 2),
        hidden=((3, 4), (5, 6)),
        rolled=2,
        cubes=[(1, 1, 1), (1, 0, 0)] + [(1, 1, 1)] * 4,
    )
    assert str(bot.choose(tired.view(0), tired.legal_moves(), random.Random(0))) == "rest"


def test_the_sensible_bot_exhausts_a_sheep_it_did_not_bet_on_and_saves_its_own():
    # Brie (lane 3) stands in the End Zone with its last cube: a trot would stop it on
    # square 15 with none left, exhausted for the rest of the race.
    cubes = [(1, 1, 1), (2, 1, 0), (1, 0, 0), (1, 2, 0), (0, 1, 2), (2, 0, 1)]
    s = game(2).position(
        cards=SIX,
        pos=(0, 0, 12, 0, 0, 0),
        cubes=cubes,
        visible=(1, 3),
        hidden=((2, 4), (5, 6)),
        rolled=3,
    )
    assert {str(m) for m in s.legal_moves()} == {"trot blue", "walk"}
    bot = SensibleBot()
    assert str(bot.choose(s.view(0), s.legal_moves(), random.Random(0))) == "trot blue"
    assert str(bot.choose(s.view(1), s.legal_moves(), random.Random(0))) == "walk"


def test_selections_to_finish_counts_perfect_paces():
    brie = (1, 3, 6)  # walk, trot, gallop
    assert selections_to_finish(brie, 16, 17, (0, 0, 0)) == 0  # already across
    assert selections_to_finish(brie, 16, 11, (2, 0, 0)) == 1  # one gallop of 6 crosses
    # From the End Zone with one blue: walk, walk (free there), then a trot crosses.
    assert selections_to_finish(brie, 16, 12, (1, 0, 0)) == 3
    # Out of cubes in the End Zone is exhaustion: it never finishes.
    assert selections_to_finish(brie, 16, 12, (0, 0, 0)) == float("inf")


def test_place_chances_add_up_and_keep_the_places_already_taken():
    start = game(2).position(cards=SIX)
    chances = place_chances(start.view(0), 3)
    for place in range(3):
        assert abs(sum(row[place] for row in chances) - 1) < 0.02
    # Lane 6 is picked three times as often as lane 1: it wins more often.
    assert chances[5][0] > 2 * chances[0][0]
    later = game(2).position(cards=SIX, pos=(12, 17, 18, 15, 3, 3), finished=(2, 3))
    chances = place_chances(later.view(0), 3)
    assert chances[1][0] == 1 and chances[2][1] == 1
    assert abs(sum(row[2] for row in chances) - 1) < 0.02
    assert chances[3][2] > chances[4][2]  # square 15 is nearer the line than square 3


def test_the_sensible_bot_beats_random_bots_in_most_two_player_tournaments():
    g = game(2)
    wins = 0
    for seed in range(12):
        seat = seed % 2
        bots = [SensibleBot() if s == seat else sheepkit.RandomBot() for s in range(2)]
        wins += sheepkit.play_game(g, bots, seed=seed).winners() == (seat,)
    assert wins >= 9  # an even share would be 6


def test_the_sensible_bot_bets_by_expected_value():
    s = game(2).new_game().play("first 1")
    for card in SIX:
        s = s.play(f"deal {card}")
    move = SensibleBot().choose(s.view(0), s.legal_moves(), random.Random(0))
    values = bet_values(s.view(0))
    assert values[move.lane] == max(values)


@pytest.mark.parametrize("players", [2, 4])
def test_the_strong_bot_makes_legal_choices_from_a_view(players):
    g = game(players)
    state = g.new_game().play("first 1")
    for card in SIX:
        state = state.play(f"deal {card}")
    bot = StrongBot(iterations=30, time_limit=None)
    move = bot.choose(state.view(0), state.legal_moves(), random.Random(1))
    assert move in state.legal_moves()


def test_the_strong_bot_gallops_its_own_sheep_across_into_third_place():
    # Lanes 2 and 3 are across; Player 1's visible sheep (lane 1, square 12) crosses with a
    # gallop and takes third place before Player 2's lane 4 (square 15) can.
    s = game(2).position(
        cards=SIX,
        pos=(12, 17, 18, 15, 3, 3),
        finished=(2, 3),
        visible=(1, 4),
        hidden=((5, 6), (2, 3)),
        rolled=1,
    )
    bot = StrongBot(iterations=100, time_limit=None)
    for seed in range(3):
        move = bot.choose(s.view(0), s.legal_moves(), random.Random(seed))
        assert move.pace == "gallop"  # 6 squares: across; a trot or a walk is not


def test_final_bets_are_secret_from_the_players_who_bet_later():
    g = game(2)
    s = g.position(
        race=1,
        cards=("Roquefort", "Manchego", "Halloumi", "Camembert", "Mozzarella", "Cheddar"),
        pos=(16, 17, 18, 0, 0, 0),
        finished=(2, 3),
        visible=(1, 4),
        hidden=((2, 3), (5, 6)),
        podium=[("Brie", "Feta", "Gouda")],
        rolled=1,
    ).play("gallop red")
    assert s.race == 2 and s.to_move == 0
    a, b = s.play("bet hidden 1+2"), s.play("bet hidden 5+6")
    assert a.to_move == b.to_move == 1 and a.view(1) == b.view(1)
    for bot in (SensibleBot(), StrongBot(iterations=40, time_limit=None)):
        first = bot.choose(a.view(1), a.legal_moves(), random.Random(9))
        assert first == bot.choose(b.view(1), b.legal_moves(), random.Random(9))
