"""Lamb Mimes: every rule by constructed positions, card conservation, check_game, views."""

from __future__ import annotations

import random

import pytest

import sheepkit
import sheepkit.games.lamb_mimes
from sheepkit import CHANCE, IllegalMove
from sheepkit.games.lamb_mimes.engine import (
    DRAW,
    OVER,
    PLACE,
    PLAY,
    PUB,
    REVEAL,
    SRC,
    Flip,
    Play,
)
from sheepkit.games.lamb_mimes.rules import DECK, card_name, parse_card

C = parse_card


def game(**rules):
    return sheepkit.load("lamb_mimes", **{"players": 2, "match": False, **rules})


def playable(top: str, card: str, **rules) -> bool:
    return game(**rules).playable(C(card), C(top))


def names(moves) -> list[str]:
    return sorted(str(m) for m in moves)


def run(state, *steps):
    for step in steps:
        state = state.play(step)
        state.check_cards()
    return state


# -- the deck and the notation -------------------------------------------------------------
def test_the_deck_has_54_cards_42_numbers_and_12_mimes():
    assert sum(DECK) == 54 and sum(DECK[:42]) == 42 and DECK[42:] == (6, 3, 2, 1)
    assert [card_name(c) for c in (0, 6, 7, 41, 42, 45)] == [
        "1BG",
        "7BG",
        "1BO",
        "7OR",
        "mime-blue",
        "mime-red",
    ]
    assert C("5gb") == C("5BG")
    with pytest.raises(ValueError):
        C("8BG")


def test_moves_read_back_from_their_notation():
    g = game()
    for text in ("play 5BG", "play mime-blue", "flip 2", "place 3GO", "pass", "draw 1BR"):
        assert str(g.parse_move(text)) == text
    assert Play(3) != Flip(3)  # the kind tag keeps equal-looking tuples apart
    with pytest.raises(ValueError):
        g.parse_move("flip 5")


# -- playing from the hand -----------------------------------------------------------------
@pytest.mark.parametrize(
    ("top", "card", "ok"),
    [
        ("5BG", "5OR", True),  # same number
        ("5BG", "2BG", True),  # same colour pair
        ("5BG", "2GB", True),
        ("5BG", "6OR", True),  # one up
        ("5BG", "4OR", False),  # one down is not allowed
        ("5BG", "2BO", False),  # one shared colour is not both colours
        ("7GO", "1BR", True),  # 7 -> 1
        ("1GO", "7BR", False),  # but not 1 -> 7
        ("3BG", "mime-green", False),  # a green Mime is a 2
        ("2BG", "mime-green", True),  # number and colour (its colour is in the pair)
        ("2OR", "mime-green", False),  # number without the colour
        ("1BR", "mime-blue", True),
        ("mime-blue", "mime-blue", False),  # never a Mime on a Mime
        ("mime-green", "2OR", True),  # on a Mime: its number...
        ("mime-green", "3OR", True),  # ...one up...
        ("mime-green", "5GR", True),  # ...or a pair holding its colour
        ("mime-green", "5OR", False),
    ],
)
def test_what_may_be_played_on_what(top, card, ok):
    assert playable(top, card) is ok


def test_seven_to_one_can_be_switched_off():
    assert not playable("7GO", "1BR", seven_to_one=False)


def test_mime_numbers_are_a_rule():
    assert playable("3BG", "mime-green", mime_numbers=(1, 3, 3, 4))
    with pytest.raises(sheepkit.InvalidRules):
        game(mime_numbers=(1, 2, 3))


def test_playing_a_card_moves_it_to_the_discard_and_passes_the_turn():
    s = game().position(hands=[["5OR", "1BO"], ["2GR", "3GR"]], discard=["5BG"])
    assert names(s.legal_moves()) == ["play 5OR"]
    s = run(s, "play 5OR")
    assert s.top == C("5OR") and s.hands[0] == (C("1BO"),) and s.to_move == 1
    with pytest.raises(IllegalMove):
        s.play("play 2BO")


def test_emptying_the_hand_wins_the_round_and_hands_score_2_and_5():
    s = game().position(hands=[["5OR"], ["2GR", "mime-red", "mime-blue"]], discard=["5BG"])
    s = run(s, "play 5OR")
    assert s.is_over and s.winners() == (0,)
    assert s.scores() == (0.0, 12.0)


# -- the Pasture ---------------------------------------------------------------------------
def stuck(**rules):
    """Player 1 cannot play: 1BG on a 5OR top."""
    return game(**rules).position(
        hands=[["1BG", "3BG"], ["2GR", "3GR"]],
        discard=["5OR"],
        pasture=[None, ("public", "4BR"), ("own", "2BO", 1), "empty"],
    )


def test_flip_only_when_no_card_can_be_played_and_never_an_empty_spot():
    assert names(stuck().legal_moves()) == ["flip 1", "flip 2", "flip 3"]
    s = game().position(hands=[["5BG"], ["2GR"]], discard=["5OR"])
    assert names(s.legal_moves()) == ["play 5BG"]
    s = game(flip_when_playable=True).position(hands=[["5BG"], ["2GR"]], discard=["5OR"])
    assert names(s.legal_moves()) == ["flip 1", "flip 2", "flip 3", "flip 4", "play 5BG"]


def test_a_playable_flipped_card_is_played_and_replaced_from_the_hand():
    s = run(stuck(), "flip 1")
    assert s.phase == REVEAL and s.to_move == CHANCE and s.acting_player == 0
    s = run(s, "reveal 6BG")
    assert s.phase == PLACE and s.top == C("6BG")
    assert names(s.legal_moves()) == ["place 1BG", "place 3BG"]
    s = run(s, "place 3BG")
    assert s.spots[0] == (2, C("3BG"), 0) and s.to_move == 1
    assert s.view(0).pasture[0] == ("mine", C("3BG"))
    assert s.view(1).pasture[0] == "unknown"


def test_an_unplayable_flipped_card_is_turned_back_and_known_to_all():
    s = run(stuck(), "flip 1", "reveal 2BR")
    assert s.spots[0] == (PUB, C("2BR")) and s.to_move == 1
    assert s.view(1).pasture[0] == s.view(0).pasture[0] == ("public", C("2BR"))


def test_a_known_card_is_flipped_without_chance():
    s = run(stuck(), "flip 3")  # Player 2's own card, 2BO: not playable on 5OR
    assert s.spots[2] == (PUB, C("2BO")) and s.to_move == 1


def test_a_flipped_mime_draws_its_number_then_refills_the_spot_from_the_pile():
    s = run(stuck(), "flip 1", "reveal mime-green")
    assert C("mime-green") in s.aside and s.phase == DRAW and s.acting_player == 0
    s = run(s, "draw 7OR", "draw 1GR")
    assert s.hands[0] == tuple(sorted(C(c) for c in ("1BG", "3BG", "7OR", "1GR")))
    assert s.spots[0] == (SRC, 0) and s.to_move == 1  # face down, never seen


def test_the_other_reading_draws_one_more_and_refills_from_the_hand():
    s = run(stuck(mime_refill="hand"), "flip 1", "reveal mime-blue", "draw 7OR", "draw 1GR")
    assert s.phase == PLACE and len(s.hands[0]) == 4
    s = run(s, "place 7OR")
    assert s.spots[0] == (2, C("7OR"), 0)


def test_a_mime_played_from_the_hand_does_nothing_more_by_default():
    s = game().position(hands=[["mime-green", "1BG"], ["2GR"]], discard=["2BG"])
    s = run(s, "play mime-green")
    assert s.phase == PLAY and s.to_move == 1
    s = game(mime_played="next_draws").position(
        hands=[["mime-green", "1BG"], ["2GR"]], discard=["2BG"]
    )
    s = run(s, "play mime-green", "draw 7OR", "draw 1GR")
    assert s.phase == PLAY and s.to_move == 1 and len(s.hands[1]) == 3


def test_a_cleared_pasture_goes_under_the_pile_in_order_and_four_new_cards_are_laid():
    s = game().position(
        hands=[["1BG", "3BG"], ["2GR", "3GR"]],
        discard=["5OR"],
        pasture=[None, ("public", "1BR"), ("public", "2BO"), ("public", "3BR")],
    )
    s = run(s, "flip 1", "reveal 1GO")  # the last unknown card: unplayable too
    assert s.pile_tail == tuple(C(c) for c in ("1GO", "1BR", "2BO", "3BR"))
    assert all(spot == (SRC, 0) for spot in s.spots)
    # Not cleared while one of them could be played on the top card.
    s = game().position(
        hands=[["1BG", "3BG"], ["2GR", "3GR"]],
        discard=["5OR"],
        pasture=[None, ("public", "1BR"), ("public", "6BO"), ("public", "3BR")],
    )
    s = run(s, "flip 1", "reveal 1GO")
    assert s.spots[2] == (PUB, C("6BO")) and not s.pile_tail


def known_cards(*cards):
    return [("public", c) for c in cards]


def test_known_cards_at_the_bottom_are_drawn_without_chance_and_stay_known():
    s = game().position(
        hands=[["1BG", "3BG"], ["2GR"]],
        discard=["5OR"],
        pasture=[("public", "mime-red"), *known_cards("1BR", "2BO", "3BR")],
        pile_known=["4GO", "4GR", "1BO", "2GO", "2BR"],
        pile_hidden=0,
        aside=[],
    )
    s = run(s, "flip 1")  # the red Mime: draw 4 known cards, the 5th refills the spot
    assert C("mime-red") in s.aside and s.phase == PLAY and s.to_move == 1
    assert set(C(c) for c in ("4GO", "4GR", "1BO", "2GO")) <= set(s.hands[0])
    # 2BR filled spot 1, which used up the pile: the discard pile became the new draw pile at
    # once. The Pasture (2BR 1BR 2BO 3BR, none fits 5OR) is then renewed with new cards.
    assert s.pile_tail == tuple(C(c) for c in ("2BR", "1BR", "2BO", "3BR"))
    assert all(spot[0] == SRC for spot in s.spots) and s.discard == (C("5OR"),)


def pile_empty_position(**rules):
    """Nothing in the draw pile: every unplaced card sits in the discard pile."""
    g = game(**rules)
    hands = [["1BG", "3BG"], ["2GR"]]
    pasture = [("public", "mime-blue"), *known_cards("1BR", "2BO", "3BR")]
    used = {C(c) for h in hands for c in h} | {C(c[1]) for c in pasture}
    discard = [card_name(c) for c in range(42) if c not in used and c != C("5OR")] + ["5OR"]
    aside = ["mime-blue"] * 5 + ["mime-green"] * 3 + ["mime-orange"] * 2 + ["mime-red"]
    return g.position(hands=hands, discard=discard, pasture=pasture, aside=aside)


def test_an_empty_draw_pile_is_refilled_from_the_discard_pile_under_its_top_card():
    s = pile_empty_position()
    assert s.pile_head == 0 and not s.pile_tail
    size = len(s.discard)
    s = run(s, "flip 1")  # the blue Mime: draw one, so the discard pile is reshuffled
    assert s.discard == (C("5OR"),) and s.phase == DRAW
    assert s.pile_head == size - 1 and sum(s.sources[s.pile_src]) == size - 1
    outcomes = s.chance_outcomes()
    assert len(outcomes) == size - 1 and all(p == outcomes[0][1] for _, p in outcomes)
    s = run(s, "draw 6OR")
    assert s.spots[0][0] == SRC and s.pile_head == size - 3


def test_a_pasture_renewed_with_the_draw_pile_empty_gets_new_cards():
    # Nothing in the draw pile; the unseen cards lie under the discard pile's top 5OR.
    s = game().position(
        hands=[["1BG", "3BG"], ["2GR", "3GR"]],
        discard=["5OR"],
        pasture=known_cards("1GO", "1BR", "2BO", "3BR"),
        pile_hidden=0,
    )
    assert s.pile_head == 0 and not s.pile_tail and len(s.discard) > 1
    s = run(s, "flip 1")  # 1GO again: all four known, none fits 5OR
    # The old four go under the pile, which is first reshuffled from the discard pile, and
    # four new cards are laid face down (before: the same four came straight back).
    assert all(spot[0] == SRC for spot in s.spots)
    assert s.pile_tail == tuple(C(c) for c in ("1GO", "1BR", "2BO", "3BR"))
    assert s.discard == (C("5OR"),)


def test_the_discard_pile_is_reshuffled_as_soon_as_the_draw_pile_is_used_up():
    # Two cards in the draw pile: a flipped blue Mime draws one and refills its spot with
    # the other, which uses the pile up.
    s = game().position(
        hands=[["1BG", "3BG"], ["2GR", "6OR"]],
        discard=["4OR", "5OR"],
        pasture=[("public", "mime-blue"), *known_cards("1BR", "2BO", "6BR")],
        pile_hidden=2,
    )
    under = len(s.discard) - 1
    s = run(s, "flip 1")
    s = run(s, s.chance_outcomes()[0][0])  # the draw
    # The pile ran out when the spot was filled: the discard pile but its top was shuffled
    # into a new draw pile at once, so a card played now stays on the discard pile.
    assert s.to_move == 1 and s.spots[0][0] == SRC
    assert s.discard == (C("5OR"),) and s.pile_head == under
    s = run(s, "play 6OR")
    assert s.discard == (C("5OR"), C("6OR")) and s.pile_head == under


def both_piles_exhausted(**rules):
    g = game(**rules)
    hands = [["1BG", "3BG"], ["2GR"]]
    pasture = [("public", "mime-green"), *known_cards("1BR", "2BO", "3BR")]
    used = {C(c) for h in hands for c in h} | {C(c[1]) for c in pasture}
    rest = [card_name(c) for c in range(42) if c not in used and c != C("5OR")]
    aside = ["mime-blue"] * 6 + ["mime-green"] * 2 + ["mime-orange"] * 2 + ["mime-red"]
    # Every other card is in Player 2's hand: the piles hold only the top card.
    return g.position(
        hands=[hands[0], hands[1] + rest], discard=["5OR"], pasture=pasture, aside=aside
    )


def test_with_both_piles_used_up_the_draw_falls_short_and_the_spot_stays_empty():
    s = run(both_piles_exhausted(), "flip 1")
    assert s.phase == PLAY and s.to_move == 1 and s.spots[0] is None
    assert len(s.hands[0]) == 2
    s = run(s, "play 6OR")
    # None of 1BR 2BO 3BR fits 6OR: the Pasture is renewed although spot 1 is empty (ruling
    # 14: empty until the renewal). The only new card is 5OR, reshuffled from under 6OR.
    assert s.to_move == 0 and names(s.legal_moves()) == ["flip 1", "flip 2", "flip 3", "flip 4"]
    assert s.spots[0][0] == SRC and s.sources[s.spots[0][1]][C("5OR")] == 1
    assert s.spots[1:] == tuple((PUB, C(c)) for c in ("1BR", "2BO", "3BR"))


def test_with_both_piles_used_up_the_round_may_end_instead():
    s = run(both_piles_exhausted(empty_piles="end_round"), "flip 1")
    assert s.is_over and s.winners() == (0,)  # fewest points in hand
    assert "ran out" in str(s.outcome())


def test_a_turn_limit_ends_the_round_without_a_winner():
    s = game(turn_limit=20).position(
        hands=[["1BG", "3BG"], ["2GR"]],
        discard=["5OR"],
        turns=19,
        pasture=[None, *known_cards("1BR", "2BO", "3BR")],
    )
    s = run(s, "flip 2")
    assert s.is_over and "turn limit" in str(s.outcome()) and s.winners() == (1,)


# -- the match -----------------------------------------------------------------------------
def test_round_points_add_up_and_the_winner_starts_the_next_round():
    g = game(match=True, target=20)
    s = g.position(hands=[["5OR", "1BG"], ["4BR", "5BR"]], discard=["4OR"], to_move=1)
    s = run(s, "play 4BR", "play 5OR", "play 5BR")
    assert not s.is_over and s.round_no == 2 and s.points == (2, 0)
    assert s.starter == 1 and s.phase == 0 and s.acting_player == 1  # dealing starts
    assert "Round 1: Player 2 emptied their hand." in s.last


@pytest.mark.parametrize(("end", "over"), [("reach", True), ("exceed", False)])
def test_the_match_ends_when_a_score_reaches_the_target(end, over):
    g = game(match=True, target=20, match_end=end)
    s = g.position(hands=[["5OR"], ["mime-red"] * 1 + ["1GR"] * 1], discard=["5BG"], points=(0, 13))
    s = run(s, "play 5OR")  # Player 2 scores 7 more: exactly 20
    assert s.is_over is over
    if over:
        assert s.winners() == (0,) and s.scores() == (0.0, 20.0)


def test_a_tie_for_the_lowest_score_means_one_more_round_for_the_tied_players():
    g = sheepkit.load("lamb_mimes", players=3, target=10)
    s = g.position(hands=[["5OR"], ["1GR"], ["mime-red"]], discard=["5BG"], points=(2, 0, 5))
    s = run(s, "play 5OR")  # totals 2, 2, 10
    assert not s.is_over and s.seats == (0, 1) and "tie on 2 points" in s.last
    rng = random.Random(3)
    while s.phase != PLAY:
        s = run(s, s.sample_chance(rng))
    assert s.hands[2] == () and len(s.hands[0]) == len(s.hands[1]) == 5
    while not s.is_over:
        s = s.play(s.sample_chance(rng) if s.to_move == CHANCE else rng.choice(s.legal_moves()))
        assert s.to_move in (0, 1, CHANCE, None)
    assert len(s.winners()) == 1 and "Tie-break" in str(s.outcome())
    shared = sheepkit.load("lamb_mimes", players=3, target=10, tie="shared")
    s = shared.position(hands=[["5OR"], ["1GR"], ["mime-red"]], discard=["5BG"], points=(2, 0, 5))
    assert run(s, "play 5OR").winners() == (0, 1)


def test_a_flipped_mime_that_would_fit_the_top_card_still_makes_you_draw():
    # Ruling 22: mime-blue (number 1, blue) fits on 1BG, but turned up in the Pasture it is
    # the Mime's draw, not a card to play.
    s = game().position(hands=[["5OR", "6OR"], ["2GR"]], discard=["1BG"])
    assert game().playable(C("mime-blue"), C("1BG"))
    s = run(s, "flip 1", "reveal mime-blue")
    assert C("mime-blue") in s.aside and s.phase == DRAW and s.top == C("1BG")


def test_when_every_player_ties_the_extra_round_is_the_tie_break_round():
    # Only a round without a winner can leave every player tied: here the turn limit.
    g = sheepkit.load("lamb_mimes", players=2, target=10, turn_limit=20)
    s = g.position(
        hands=[["5OR", "6OR", "1BG"], ["2GR", "3GR"]], discard=["5BG"], points=(6, 6), turns=19
    )
    s = run(s, "play 6OR")  # the 20th turn: both hands score 4, totals 10 and 10
    assert not s.is_over and s.seats == (0, 1) and s.round_no == 2
    assert "tie on 10 points: they play a tie-break round" in s.last
    rng = random.Random(2)
    while not s.is_over:
        if s.phase == PLAY:
            assert "round 2 (tie-break)" in str(s)
        s = s.play(s.sample_chance(rng) if s.to_move == CHANCE else rng.choice(s.legal_moves()))
    assert s.round_no == 2 and s.points == (10, 10)  # the tie-break round adds no points
    assert str(s.outcome()).startswith("Tie-break round: ")
    assert "Champion: " in str(s.outcome()) and len(s.winners()) == 1


def test_a_record_with_a_move_after_the_end_says_the_game_is_over():
    final = playout(game(), 3)[-1]
    record = final.record()
    record["history"].append("play 6OR")
    with pytest.raises(sheepkit.BadRecord, match="the game is over after move"):
        sheepkit.replay(record)


# -- conservation, check_game, views, records ------------------------------------------------
VARIANTS = [
    {"match": False, "mime_played": "next_draws", "mime_refill": "hand"},
    {"match": False, "flip_when_playable": True, "empty_piles": "end_round"},
    {"match": False, "seven_to_one": False, "hand_size": 7, "players": 5},
    {"players": 2, "target": 12, "match_end": "exceed", "tie": "shared"},
    # Six big hands and Mimes that make the next player draw: the draw pile runs out often.
    {"match": False, "players": 6, "hand_size": 6, "mime_played": "next_draws"},
]


def playout(g, seed):
    rng = random.Random(seed)
    s = g.new_game()
    states = [s]
    while not s.is_over:
        s = s.play(s.sample_chance(rng) if s.to_move == CHANCE else rng.choice(s.legal_moves()))
        states.append(s)
    return states


@pytest.mark.parametrize("changes", [{"players": n} for n in range(2, 7)] + VARIANTS)
def test_all_54_cards_are_accounted_for_in_every_state(changes):
    g = sheepkit.load("lamb_mimes", **changes)
    for seed in range(6 if g.rules.match else 40):
        for s in playout(g, seed):
            s.check_cards()


def test_check_game_for_2_to_6_players_and_the_options():
    variants = [{"players": n, "match": False} for n in range(2, 7)] + VARIANTS
    report = sheepkit.check_game("lamb_mimes", variants=variants, games=3)
    assert report.games == 3 * len(variants)


def test_check_game_plays_whole_matches():
    sheepkit.check_game("lamb_mimes", variants=[{"players": 3, "target": 10}], games=2)


def test_a_view_does_not_change_when_only_hidden_cards_change():
    g = game(players=3)
    base = dict(discard=["5OR"], pasture=[None, ("own", "7BG", 1), None, None])
    a = g.position(hands=[["1BG"], ["2GR", "3GR"], ["4BO"]], **base)
    b = g.position(hands=[["1BG"], ["6GR", "3BO"], ["4BR"]], **base)
    c = g.position(
        hands=[["1BG"], ["2GR", "3GR"], ["4BO"]],
        **{**base, "pasture": [None, ("own", "7BO", 1), None, None]},
    )
    assert a.view(0) == b.view(0) == c.view(0)
    assert a.view(1) != b.view(1) and a.view(1) != c.view(1)
    assert a.legal_moves() == b.legal_moves()


def test_determinize_is_consistent_with_the_view_in_every_state():
    g = sheepkit.load("lamb_mimes", players=4, match=False)
    rng = random.Random(7)
    for seed in range(5):
        for s in playout(g, seed):
            for p in range(4):
                view = s.view(p)
                guess = view.determinize(rng)
                guess.check_cards()
                assert guess.view(p) == view
                if s.to_move == p:
                    assert guess.legal_moves() == s.legal_moves()


def test_records_replay_exactly():
    g = sheepkit.load("lamb_mimes", players=3, target=14)
    final = playout(g, 11)[-1]
    assert sheepkit.replay(final.record()) == final
    assert final.is_over and final.round_no >= 2


def test_text_pictures_show_only_what_the_viewer_may_see():
    s = stuck()
    assert "1BG 3BG" in str(s.view(0)) and "2GR" not in str(s.view(0))
    assert "2 cards" in str(s.view(0))
    assert "2GR" in str(s)  # the full state shows every hand


def test_random_rounds_end_well_inside_the_turn_limit():
    g = sheepkit.load("lamb_mimes", players=4, match=False)
    finals = [playout(g, seed)[-1] for seed in range(100)]
    assert all("turn limit" not in str(s.outcome()) for s in finals)
    assert max(s.ply for s in finals) <= g.max_length
    assert all(s.phase == OVER for s in finals)


# -- the typed contract: views, one name for points and winners ----------------------------------
def test_a_view_is_a_player_view_whose_points_and_winners_are_read_by_method():
    from sheepkit.core.contract import PlayerView

    g = game(match=True)
    s = g.position(hands=[["5OR", "1BR"], ["1GR", "2GR"]], discard=["5BG"], points=(4, 9))
    view = s.view(0)
    assert isinstance(view, PlayerView)
    assert view.scores() == s.scores() == (4.0, 9.0) and view.points == s.points == (4, 9)
    assert view.winners() == s.winners() == ()
    single = game().position(hands=[["5OR"], ["1GR", "2GR"]], discard=["5BG"])
    over = single.play("play 5OR")  # Player 1 sheds the last card
    assert over.is_over and over.won_by == (0,)
    assert over.winners() == over.view(1).winners() == over.outcome().winners == (0,)
    for old in ("totals", "champions"):
        assert not hasattr(over, old) and not hasattr(over.view(1), old)


def test_moves_views_and_determinized_states_carry_the_fields_and_nothing_cached(monkeypatch):
    import dataclasses

    from sheepkit.core import cached
    from sheepkit.games.lamb_mimes.engine import LambMimesState, LambMimesView

    def _probe(self):
        return "cached on the state"

    monkeypatch.setattr(LambMimesState, "_probe", cached(_probe), raising=False)
    state_fields = {f.name for f in dataclasses.fields(LambMimesState)}
    s = game().position(hands=[["2BO", "4BR"], ["1BR", "2BR"]], discard=["6GR"])
    assert s._probe and s.legal_moves() and s.outcome() is None  # all cached now
    flipped = s.play("flip 1")  # made by the move builder
    assert set(flipped.__dict__) == state_fields
    after = flipped.play("reveal 3BO")
    assert set(after.__dict__) == state_fields
    view = after.view(1)
    assert set(view.__dict__) == {f.name for f in dataclasses.fields(LambMimesView)}
    again = view.determinize(random.Random(2))
    assert set(again.__dict__) == state_fields
    assert again.hands[1] == after.hands[1] and again.spots[0] == after.spots[0]
    assert (again.points, again.turn, again.discard) == (after.points, after.turn, after.discard)
