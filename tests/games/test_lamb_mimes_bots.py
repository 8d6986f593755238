"""Lamb Mimes bots: they get views only, play legal moves, and use (or ignore) the Pasture."""

from __future__ import annotations

import random

import sheepkit
import sheepkit.games.lamb_mimes
from sheepkit.games.lamb_mimes import LambMimesView, MemoryBot, SensibleBot
from sheepkit.games.lamb_mimes.rules import parse_card as C


def test_bots_play_whole_matches_from_views_only():
    seen = []

    class Spy(MemoryBot):
        def choose(self, view, legal_moves, rng):
            seen.append(type(view))
            return super().choose(view, legal_moves, rng)

    game = sheepkit.load("lamb_mimes", players=3, target=20)
    final = sheepkit.play_game(game, [SensibleBot(), Spy(), sheepkit.RandomBot()], seed=2)
    assert final.is_over and set(seen) == {LambMimesView}
    assert set(game.bots()) == {"Sensible", "Memory"}


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
