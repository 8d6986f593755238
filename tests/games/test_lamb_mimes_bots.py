"""Lamb Mimes bots: they get views only, play legal moves, and use (or ignore) the Pasture."""

from __future__ import annotations

import random

import pytest

import sheepkit
import sheepkit.games.lamb_mimes
from sheepkit import lab
from sheepkit.bots import for_game
from sheepkit.games.lamb_mimes import LambMimesView, MemoryBot, SensibleBot, StrongBot
from sheepkit.games.lamb_mimes.bots import _round_rewards, playout_move
from sheepkit.games.lamb_mimes.rules import parse_card as C


def test_bots_play_whole_matches_from_views_only():
    seen = []

    def spy(bot: type) -> type:
        class Spy(bot):
            def choose(self, view, legal_moves, rng):
                seen.append(type(view))
                return super().choose(view, legal_moves, rng)

        return Spy

    game = sheepkit.load("lamb_mimes", players=3, target=20)
    strong = spy(StrongBot)(iterations=30, time_limit=None)
    final = sheepkit.play_game(game, [SensibleBot(), spy(MemoryBot)(), strong], seed=2)
    assert final.is_over and final.round_no >= 2 and set(seen) == {LambMimesView}
    assert set(for_game(game)) - {"Random", "MCTS"} == {"Sensible", "Memory", "Strong"}


def test_sensible_sheds_a_mime_first_then_keeps_follow_ups():
    g = sheepkit.load("lamb_mimes", players=2, match=False)
    s = g.position(hands=[["mime-green", "2BO", "3BG"], ["1GR"]], discard=["2BG"])
    assert str(SensibleBot().choose(s.view(0), s.legal_moves(), random.Random(0))) == (
        "play mime-green"
    )
    # 2BO leaves 3BG playable (one up); 3BG would leave 2BO stranded.
    s = g.position(hands=[["2BO", "3BG", "7OR"], ["1GR"]], discard=["2BG"])
    assert str(SensibleBot().choose(s.view(0), s.legal_moves(), random.Random(0))) == "play 2BO"


def test_the_memory_bot_flips_a_known_playable_card_and_avoids_known_useless_ones():
    g = sheepkit.load("lamb_mimes", players=2, match=False)
    pasture = [("public", "1BR"), None, ("public", "6OR"), ("own", "2BO", 0)]
    s = g.position(hands=[["1BG"], ["1GR"]], discard=["5OR"], pasture=pasture)
    for seed in range(10):
        move = MemoryBot().choose(s.view(0), s.legal_moves(), random.Random(seed))
        assert str(move) == "flip 3"
    pasture = [("public", "1BR"), None, ("public", "2GO"), ("own", "2BO", 0)]
    s = g.position(hands=[["1BG"], ["1GR"]], discard=["5OR"], pasture=pasture)
    for seed in range(10):
        assert str(MemoryBot().choose(s.view(0), s.legal_moves(), random.Random(seed))) == "flip 2"
    forgetful = {
        str(SensibleBot().choose(s.view(0), s.legal_moves(), random.Random(i))) for i in range(40)
    }
    assert forgetful == {"flip 1", "flip 2", "flip 3", "flip 4"}
    assert s.view(0).pasture[3] == ("mine", C("2BO"))


def test_mcts_plays_on_views_by_determinizing():
    g = sheepkit.load("lamb_mimes", players=3, match=False)
    final = sheepkit.play_game(g, [sheepkit.MCTSBot(iterations=20), SensibleBot(), MemoryBot()])
    assert final.is_over


def test_the_strong_bot_is_offered_and_decides_from_the_view_alone():
    g = sheepkit.load("lamb_mimes", players=3, match=False)
    assert for_game(g)["Strong"] is StrongBot
    # Player 1 sees the same in both positions: only the other hands and the card Player 2
    # hid in the Pasture differ. With the same random stream the choice must be the same.
    common = dict(discard=["5OR"], pasture=[None, ("own", "7BG", 1), None, ("public", "2GR")])
    a = g.position(hands=[["5BG", "6BO", "mime-red"], ["2GO", "3GR"], ["4BO"]], **common)
    common["pasture"] = [None, ("own", "1BR", 1), None, ("public", "2GR")]
    b = g.position(hands=[["5BG", "6BO", "mime-red"], ["7BO", "1GO"], ["mime-blue"]], **common)
    assert a.view(0) == b.view(0) and a != b
    bot = StrongBot(iterations=150, time_limit=None)
    for seed in range(3):
        choice_a = bot.choose(a.view(0), a.legal_moves(), random.Random(seed))
        choice_b = bot.choose(b.view(0), b.legal_moves(), random.Random(seed))
        assert choice_a == choice_b
    # What it is given is a view: it has no hands but its own to look at.
    assert not hasattr(a.view(0), "hands")


@pytest.mark.slow
def test_the_strong_bot_beats_random_clearly():
    duel = sheepkit.load("lamb_mimes", players=2, match=False)
    strong = StrongBot(iterations=40, time_limit=None)
    games = lab.simulate(
        duel, [strong, "Random"], 100, seed=1, rotate=True, executor="serial", progress=None
    )
    wins = sum(row.credit(row.lineup.index(0)) for row in games)
    # Luck decides many two-player rounds (the Memory bot wins about 65% against Random), so
    # it takes 100 of them: two equal bots would win 50; 59 or more happens by luck less than
    # 5% of the time.
    assert wins >= 59, wins


def test_in_a_match_the_strong_bot_values_a_round_by_points_below_the_others():
    class Points:
        def __init__(self, *points):
            self.points = points

    # From (10, 4, 0): Player 1 went out; Player 2 took 6 points, Player 3 took 2.
    rewards = _round_rewards(Points(10, 10, 2), (10, 4, 0))
    assert rewards == pytest.approx([0.5 + 4 / 12, 0.5 - 5 / 12, 0.5 + 1 / 12])
    assert _round_rewards(Points(0, 12), (0, 0)) == [1.0, 0.0]
    assert _round_rewards(Points(3, 3), (3, 3)) == [0.5, 0.5]


def test_the_strong_bots_imagined_players_play_like_the_memory_bot():
    g = sheepkit.load("lamb_mimes", players=2, match=False)

    def choices(state, seeds=range(20)):
        return {str(playout_move(state, state.legal_moves(), random.Random(i))) for i in seeds}

    # A fitting Mime goes first; else the card that keeps the most of the hand playable.
    s = g.position(hands=[["mime-green", "2BO", "3BG"], ["1GR"]], discard=["2BG"])
    assert choices(s) == {"play mime-green"}
    s = g.position(hands=[["2BO", "3BG", "7OR"], ["1GR"]], discard=["2BG"])
    assert choices(s) == {"play 2BO"}
    # Nothing fits 5OR: flip the 6OR everyone saw, not the useless 1BR nor an unknown card.
    pasture = [("public", "1BR"), None, ("public", "6OR"), ("own", "2BO", 0)]
    s = g.position(hands=[["1BG", "7BG", "3GR"], ["1GR"]], discard=["5OR"], pasture=pasture)
    assert choices(s) == {"flip 3"}
    # A fitting card the mover hid itself is known; one the other player hid is not, so it
    # is no better than a card nobody has seen, and a card known to be useless comes last.
    pasture = [None, ("own", "6GR", 1), ("public", "2GO"), ("own", "1BO", 0)]
    s = g.position(hands=[["1BG", "7BG", "3GR"], ["1GR"]], discard=["5OR"], pasture=pasture)
    assert choices(s) == {"flip 1", "flip 2"}
    pasture[3] = ("own", "6BO", 0)
    s = g.position(hands=[["1BG", "7BG", "3GR"], ["1GR"]], discard=["5OR"], pasture=pasture)
    assert choices(s) == {"flip 4"}
    # After a fitting flip (6OR now on top) it hides its costliest card, a Mime...
    pasture = [None, None, ("public", "6OR"), None]
    s = g.position(hands=[["1BG", "7BG", "mime-red"], ["1GR"]], discard=["5OR"], pasture=pasture)
    assert choices(s.play("flip 3")) == {"place mime-red"}
    # ...and among number cards one that would not fit the new top card (7BG would).
    s = g.position(hands=[["1BG", "7BG", "3GR"], ["1GR"]], discard=["5OR"], pasture=pasture)
    assert choices(s.play("flip 3")) == {"place 1BG", "place 3GR"}
