"""Lamb Mimes (Chucklin' Games): shed your cards, remember the Pasture, avoid the Mimes.

Chance is exact and cheap by deferred decisions: a face-down card nobody has seen is not
chosen until it is revealed. Each *source* is a multiset of cards whose order nobody knows
(source 0: the never-seen cards of the round; one more for each reshuffle of the discard
pile). The top of the draw pile and every unflipped Pasture spot are backed by a source, and
revealing one draws a kind with probability count/total from its source: the cards of a
shuffled pile are exchangeable, so this is exactly the physical game. Cards whose position
everyone knows (a cleared Pasture at the bottom of the pile) are a known tail, drawn without
chance. A reshuffle needs no chance node either: it just opens a new source.

History: ``deal 5BG`` (to the next hand), ``start 5BG`` (the first discard), the moves
``play 5BG`` / ``flip 2`` / ``place 5BG`` / ``pass``, ``reveal 3GO`` (what a flipped spot
showed) and ``draw 3GO`` (a card from the pile into the hand). Standard library only.
"""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any, NamedTuple

from ...core import CHANCE, Game, IllegalMove, Outcome, State
from .rules import (
    COLOURS,
    DECK,
    DECK_SIZE,
    KINDS,
    MIME_DRAW,
    NAMES,
    NUMBER_CARDS,
    PASTURE,
    LambMimesRules,
    card_name,
    colours_of,
    parse_card,
    points,
)

if TYPE_CHECKING:
    from collections.abc import Iterable
    from typing import TypeVar

    from typing_extensions import dataclass_transform

    _C = TypeVar("_C")

    @dataclass_transform()
    def _fields(cls: type[_C]) -> type[_C]:
        """To the type checker: a dataclass whose fields may be set. The move builder
        ``_Work`` subclasses the classes made with it and sets their fields; the state, the
        view and the drawing's table subclass them as frozen dataclasses, which the checker
        then holds read-only (it reports that as ``misc``: each of them says so)."""
        ...

else:
    # At run time a frozen dataclass, as every class built on one must be.
    _fields = dataclass(frozen=True)


DEAL, START, PLAY, REVEAL, PLACE, DRAW, OVER = range(7)
PHASE_NAMES = ("deal", "start", "play", "reveal", "place", "draw", "over")
#: Pasture spot states in the full game. A spot is None (empty), (SRC, source) face down and
#: never seen, (PUB, card) flipped and turned back (everyone knows it), or (OWN, card, owner)
#: put there from the owner's hand (only the owner knows it).
SRC, PUB, OWN = 0, 1, 2
#: What happens after the pending draws: the turn ends, the flipper places a hand card in the
#: spot, or the drawer (hit by a Mime played from the hand) takes their turn.
THEN_END, THEN_PLACE, THEN_TURN = 0, 1, 2
Spot = tuple[int, ...] | None


class Play(NamedTuple):
    card: int  # a card kind
    kind: str = "play"  # tuples compare by value: the tag keeps moves apart

    def __str__(self) -> str:
        return "play " + NAMES[self.card]


class Flip(NamedTuple):
    spot: int  # 0..3; written from 1
    kind: str = "flip"

    def __str__(self) -> str:
        return f"flip {self.spot + 1}"


class Place(NamedTuple):
    card: int  # a card kind
    kind: str = "place"

    def __str__(self) -> str:
        return "place " + NAMES[self.card]


class Pass(NamedTuple):
    kind: str = "pass"

    def __str__(self) -> str:
        return "pass"


class Card(NamedTuple):
    """A chance outcome: the kind of card that turned up (``verb`` says where it went)."""

    verb: str  # deal, start, reveal or draw
    card: int

    def __str__(self) -> str:
        return f"{self.verb} {NAMES[self.card]}"


PASS = Pass()
VERBS = ("deal", "start", "reveal", "draw")
#: Every move and chance outcome of the game (the contract's ``M``).
LambMimesMove = Play | Flip | Place | Pass | Card


def _insert(hand: tuple[int, ...], card: int) -> tuple[int, ...]:
    """``hand`` (sorted) with ``card`` added, still sorted."""
    i = 0
    for i, c in enumerate(hand):
        if c >= card:
            return hand[:i] + (card,) + hand[i:]  # noqa: RUF005 - faster
    return hand + (card,)  # noqa: RUF005 - faster


def _remove(hand: tuple[int, ...], card: int) -> tuple[int, ...]:
    i = hand.index(card)
    return hand[:i] + hand[i + 1 :]


def _and(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


class LambMimes(Game[LambMimesRules, LambMimesMove, "LambMimesState"]):
    name = "lamb_mimes"
    title = "Lamb Mimes"
    rules_type = LambMimesRules
    min_players, max_players, players_rule = 2, 6, "players"
    hidden_information = True

    def __init__(self, rules: LambMimesRules | None = None, **changes: Any) -> None:
        super().__init__(rules, **changes)
        r = self.rules
        number = [c % 7 + 1 for c in range(NUMBER_CARDS)] + list(r.mime_numbers)
        self.numbers = tuple(number)
        colours = [frozenset(colours_of(c)) for c in range(KINDS)]
        # plays_on[top]: every kind that may be played on ``top`` (see seeds/lamb_mimes.md).
        table = []
        for top in range(KINDS):
            n = number[top]
            ok = set()
            for card in range(KINDS):
                if card >= NUMBER_CARDS:
                    # A Mime needs a number card on top with its number and its colour.
                    if top < NUMBER_CARDS and n == number[card] and colours[card] <= colours[top]:
                        ok.add(card)
                    continue
                m = number[card]
                one_up = m == n + 1 or (r.seven_to_one and n == 7 and m == 1)
                # Colours match when they are the same pair; against a one-colour Mime when
                # the pair contains its colour.
                if m == n or one_up or colours[top] <= colours[card]:
                    ok.add(card)
            table.append(frozenset(ok))
        self.plays_on: tuple[frozenset[int], ...] = tuple(table)
        self._cards = {verb: tuple(Card(verb, c) for c in range(KINDS)) for verb in VERBS}
        self._plays = tuple(Play(c) for c in range(KINDS))
        self._places = tuple(Place(c) for c in range(KINDS))
        self._flips = tuple(Flip(s) for s in range(PASTURE))

    @property
    def max_length(self) -> int:
        r = self.rules
        # A turn is at most: the draws forced by a Mime played before it (4), the move, a
        # reveal, the draws of a flipped Mime (5 when the spot is refilled from the hand) and
        # a placement: 12 entries. A round adds the deal and at most 13 starting flips (the
        # 12 Mimes and a number card). Every round but a tie-break adds at least 2 points to
        # someone (a loser keeps a card), and scores stay below the target until the last.
        per_round = r.players * r.hand_size + 13 + 12 * r.turn_limit
        rounds = r.players * r.target // 2 + 2 if r.match else 1
        return rounds * per_round

    def new_game(self) -> LambMimesState:
        n = self.rules.players
        return self._new_round((0,) * n, 1, 0, tuple(range(n)))

    def _new_round(
        self,
        points: tuple[int, ...],
        round_no: int,
        starter: int,
        seats: tuple[int, ...],
        last: str = "",
    ) -> LambMimesState:
        n = self.rules.players
        return LambMimesState.make(
            self,
            phase=DEAL,
            turn=starter,  # the deal begins with the player who starts
            hands=((),) * n,
            spots=((SRC, 0),) * PASTURE,
            sources=(DECK,),
            pile_src=0,
            pile_head=DECK_SIZE - PASTURE,
            pile_tail=(),
            discard=(),
            aside=(),
            pending=(),
            turns=0,
            points=points,
            round_no=round_no,
            starter=starter,
            seats=seats,
            won_by=(),
            last=last,
        )

    def parse_move(self, text: str) -> LambMimesMove:
        words = text.strip().lower().split()
        if words == ["pass"]:
            return PASS
        if len(words) == 2:
            verb, arg = words
            if verb == "flip" and arg in ("1", "2", "3", "4"):
                return Flip(int(arg) - 1)
            if verb in ("play", "place"):
                return (Play if verb == "play" else Place)(parse_card(arg))
            if verb in VERBS:
                return Card(verb, parse_card(arg))
        raise ValueError(
            f"cannot read {text!r} as a Lamb Mimes move: write 'play 5BG', 'play mime-blue', "
            "'flip N' (N a Pasture spot 1-4), 'place 5BG' or 'pass'"
        )

    def match_decided(self, points: tuple[int, ...]) -> bool:
        """True once a player's points have reached (or, with ``match_end='exceed'``, passed)
        the target: the match is over, and a round played from such points is the tie-break
        round."""
        target = self.rules.target
        top = max(points)
        return top >= target if self.rules.match_end == "reach" else top > target

    def playable(self, card: int, top: int) -> bool:
        """True when ``card`` may be played on the discard pile's top card ``top``."""
        return card in self.plays_on[top]

    # -- positions for tests and lessons ------------------------------------------------------
    def position(
        self,
        *,
        hands: Iterable[Iterable[str]],
        discard: Iterable[str],
        pasture: Iterable[Any] = (None, None, None, None),
        pile_known: Iterable[str] = (),
        pile_hidden: int | None = None,
        aside: Iterable[str] = (),
        to_move: int = 0,
        points: Iterable[int] | None = None,
        turns: int = 0,
    ) -> LambMimesState:
        """A made-up position at the start of ``to_move``'s turn (empty history; not for records).

        Cards are written as in the notation ('5BG', 'mime-red'). ``discard`` lists the pile
        from bottom to top. A Pasture spot is None (face down, never seen), 'empty',
        ('public', card) (flipped and turned back) or ('own', card, owner). Every card not
        placed anywhere is unseen: it backs the unflipped spots and the top of the draw pile
        (``pile_hidden`` cards of it; by default all the rest), above ``pile_known``; unseen
        cards beyond ``pile_hidden`` go under the listed discard pile, lowest kinds first.
        """
        n = self.rules.players
        seats = tuple(range(n))
        hand_list = [tuple(sorted(parse_card(c) for c in hand)) for hand in hands]
        if len(hand_list) != n or not all(hand_list):
            raise ValueError(f"give a non-empty hand for each of the {n} players")
        pile = list(discard)
        if not pile:
            raise ValueError("the discard pile needs a top card")
        spots: list[Spot] = []
        placed = [parse_card(c) for c in pile] + [parse_card(c) for c in aside]
        tail = tuple(parse_card(c) for c in pile_known)
        placed += tail
        for hand in hand_list:
            placed += hand
        unseen = 0
        for spec in pasture:
            if spec is None:
                spots.append((SRC, 0))
                unseen += 1
            elif spec == "empty":
                spots.append(None)
            elif spec[0] == "public":
                card = parse_card(spec[1])
                spots.append((PUB, card))
                placed.append(card)
            elif spec[0] == "own":
                card = parse_card(spec[1])
                spots.append((OWN, card, int(spec[2])))
                placed.append(card)
            else:
                raise ValueError(f"unknown Pasture spot {spec!r}")
        if len(spots) != PASTURE:
            raise ValueError("the Pasture has four spots")
        pool = list(DECK)
        for card in placed:
            pool[card] -= 1
            if pool[card] < 0:
                raise ValueError(f"too many copies of {card_name(card)}")
        rest = sum(pool) - unseen
        head = rest if pile_hidden is None else pile_hidden
        if not 0 <= head <= rest:
            raise ValueError(f"{rest} unseen cards are left for the draw pile, not {head}")
        under: list[int] = []  # the unseen cards beyond pile_hidden: under the discard pile
        for card in range(KINDS):
            while len(under) < rest - head and pool[card]:
                pool[card] -= 1
                under.append(card)
        base = self._new_round(tuple(points) if points is not None else (0,) * n, 1, 0, seats)
        state = base.replace(
            phase=PLAY,
            turn=to_move,
            hands=tuple(hand_list),
            spots=tuple(spots),
            sources=(tuple(pool),),
            pile_src=0 if head else None,
            pile_head=head,
            pile_tail=tail,
            discard=tuple(under) + tuple(parse_card(c) for c in pile),
            aside=tuple(parse_card(c) for c in aside),
            turns=turns,
        )
        state.check_cards()
        return state


@_fields
class LambMimesTable:
    """What everyone sees: the fields a full state, every player's view, the drawing's table
    and the move builder share, declared here once (each of them subclasses it)."""

    phase: int
    turn: int  # the player to move, or the one being dealt to or drawing
    discard: tuple[int, ...]  # bottom to top; every card in it has been seen
    aside: tuple[int, ...]  # Lamb Mimes out of the round
    pending: tuple[int, ...]  # DRAW: (cards left, spot or -1, THEN_*); REVEAL/PLACE: (spot,)
    turns: int  # turns taken this round
    points: tuple[int, ...]  # match points so far (lower is better): ``scores()``
    round_no: int
    starter: int
    seats: tuple[int, ...]  # who plays this round (a tie-break round has fewer)
    won_by: tuple[int, ...]  # once over: the winner(s), read as ``winners()``
    last: str  # how the previous round or the match ended, in words


#: The public fields by name, in order: what a view, a table or a builder copies.
TABLE_FIELDS = tuple(f.name for f in dataclasses.fields(LambMimesTable))


@_fields
class LambMimesCards:
    """Where the cards are that only some players (or nobody) know: the fields a full state
    has beside the table, declared here once (the state and the move builder subclass it)."""

    hands: tuple[tuple[int, ...], ...]  # sorted card kinds per player
    spots: tuple[Spot, ...]
    sources: tuple[tuple[int, ...], ...]  # multisets (counts per kind) of unrevealed cards
    pile_src: int | None  # the source backing the top of the draw pile
    pile_head: int  # how many source-backed cards are on top of the draw pile
    pile_tail: tuple[int, ...]  # known cards below them, top first


@dataclass(frozen=True)
class LambMimesState(  # type: ignore[misc]  # frozen on settable field classes: see _fields
    LambMimesCards, LambMimesTable, State["LambMimes", LambMimesMove]
):
    """A full position: the public table and what only some players (or nobody) know.
    Unseen cards are not chosen yet: see the module docstring."""

    game: LambMimes

    # -- the contract -----------------------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        phase = self.phase
        if phase in (PLAY, PLACE):
            return self.turn
        return None if phase == OVER else CHANCE

    @property
    def acting_player(self) -> int | None:
        phase = self.phase
        return None if phase in (START, OVER) else self.turn

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    @property
    def top(self) -> int:
        return self.discard[-1]

    def _legal_moves(self) -> tuple[LambMimesMove, ...]:
        game = self.game
        hand = self.hands[self.turn]
        if self.phase == PLACE:
            return tuple(game._places[c] for c in dict.fromkeys(hand))
        ok = game.plays_on[self.discard[-1]]
        plays = tuple(game._plays[c] for c in dict.fromkeys(hand) if c in ok)
        if plays and not game.rules.flip_when_playable:
            return plays
        flips = tuple(game._flips[s] for s, spot in enumerate(self.spots) if spot is not None)
        return plays + flips or (PASS,)

    def _source(self) -> int:
        """The source the pending chance outcome is drawn from."""
        if self.phase == REVEAL:
            spot = self.spots[self.pending[0]]
            assert spot is not None
            return spot[1]
        assert self.pile_src is not None
        return self.pile_src

    def _verb(self) -> str:
        return VERBS[(DEAL, START, REVEAL, DRAW).index(self.phase)]

    def _chance_outcomes(self) -> tuple[tuple[Card, Fraction], ...]:
        counts = self.sources[self._source()]
        total = sum(counts)
        cards = self.game._cards[self._verb()]
        return tuple((cards[k], Fraction(c, total)) for k, c in enumerate(counts) if c)

    def sample_chance(self, rng: random.Random) -> Card:
        phase = self.phase
        if phase in (PLAY, PLACE, OVER):
            raise IllegalMove("This is not a chance node; nothing to sample.")
        counts = self.sources[self._source()]
        r = rng.randrange(sum(counts))  # exact: a uniform card of the multiset
        for kind, c in enumerate(counts):
            r -= c
            if r < 0:
                return self.game._cards[self._verb()][kind]
        raise AssertionError("unreachable")

    def play(self, move: LambMimesMove | str) -> LambMimesState:
        # Fast path for a listed move or a possible outcome; the rest goes through the checks.
        phase = self.phase
        # Only the listed objects, or ones of the same types, are moves: a plain tuple or
        # Card("draw", True) equals one but is refused by State.play.
        listed: LambMimesMove | None = None  # the listed option that move is, if found here
        if phase in (PLAY, PLACE):
            legal = self._legal
            try:
                listed = legal[legal.index(move)]
            except ValueError:
                listed = None
        elif (
            phase != OVER
            and type(move) is Card
            and move.card.__class__ is int
            and 0 <= move.card < KINDS
            # The listed outcome itself (what sample_chance gives), not a lookalike such as
            # Card(numpy.str_("deal"), 3), which State.play refuses.
            and self.game._cards[self._verb()][move.card] is move
            and self.sources[self._source()][move.card]
        ):
            listed = move
        if listed is move and listed is not None:
            # core's _advance, inlined: this is every ply of a playout, and a call per ply
            # costs a few percent (benchmarks/engine_speed.py)
            after = self._apply(listed)
            after.__dict__["history"] = self.history + (listed,)  # noqa: RUF005 - faster
            return after
        return super().play(move)

    def _apply(self, move: LambMimesMove) -> LambMimesState:
        phase = self.phase
        w = _Work(self)
        if phase == DEAL:
            assert isinstance(move, Card)
            w.take_from_pile_head(move.card)
            w.hands = _put(w.hands, w.turn, _insert(w.hands[w.turn], move.card))
            dealt = sum(len(h) for h in w.hands)
            seats = self.seats
            if dealt < len(seats) * self.game.rules.hand_size:
                w.turn = seats[(seats.index(self.starter) + dealt) % len(seats)]
            else:
                w.phase, w.turn = START, self.starter
        elif phase == START:
            assert isinstance(move, Card)
            w.take_from_pile_head(move.card)
            if move.card >= NUMBER_CARDS:
                w.aside = (*w.aside, move.card)  # a Mime cannot start the pile: set it aside
            else:
                w.discard = (*w.discard, move.card)
                w.phase = PLAY
        elif phase == PLAY:
            if isinstance(move, Play):
                w.hands = _put(w.hands, w.turn, _remove(w.hands[w.turn], move.card))
                w.discard = (*w.discard, move.card)
                if not w.hands[w.turn]:
                    w.end_round((w.turn,), "emptied their hand")
                else:
                    w.end_turn(move.card >= NUMBER_CARDS)
            elif isinstance(move, Flip):
                spot = w.spots[move.spot]
                assert spot is not None
                if spot[0] == SRC:
                    w.phase, w.pending = REVEAL, (move.spot,)
                else:
                    w.spots = _put(w.spots, move.spot, None)
                    w.resolve_flip(spot[1], move.spot)
            else:
                w.end_turn(False)
        elif phase == REVEAL:
            assert isinstance(move, Card)
            spot_index = self.pending[0]
            w.take(self._source(), move.card)
            w.spots = _put(w.spots, spot_index, None)
            w.resolve_flip(move.card, spot_index)
        elif phase == PLACE:
            assert isinstance(move, Place)
            w.hands = _put(w.hands, w.turn, _remove(w.hands[w.turn], move.card))
            w.spots = _put(w.spots, self.pending[0], (OWN, move.card, w.turn))
            if not w.hands[w.turn]:
                w.end_round((w.turn,), "put their last card in the Pasture")
            else:
                w.end_turn(False)
        else:  # DRAW
            assert isinstance(move, Card)
            w.take_from_pile_head(move.card)
            w.hands = _put(w.hands, w.turn, _insert(w.hands[w.turn], move.card))
            left, spot_index, then = self.pending
            w.pending = (left - 1, spot_index, then)
            w.continue_draw()
        return w.freeze()

    def scores(self) -> tuple[float, ...]:
        """Match points so far (lower is better); in a single round, that round's points."""
        return tuple(float(s) for s in self.points)

    def _outcome(self) -> Outcome | None:
        if self.phase != OVER:
            return None
        return Outcome(self.won_by, self.last, self.scores())

    # -- views --------------------------------------------------------------------------------
    def view(self, player: int) -> LambMimesView:
        spots: list[Any] = []
        for spot in self.spots:
            if spot is None:
                spots.append(EMPTY)
            elif spot[0] == PUB:
                spots.append(("public", spot[1]))
            elif spot[0] == OWN and spot[2] == player:
                spots.append(("mine", spot[1]))
            else:
                spots.append(UNKNOWN)
        shared = self.__dict__
        return LambMimesView(
            **{name: shared[name] for name in _SHARED},
            player=player,
            to_move=self.to_move,
            hand=self.hands[player],
            hand_sizes=tuple(len(h) for h in self.hands),
            pasture=tuple(spots),
            pile_hidden=self.pile_head,
            pile_known=self.pile_tail,
        )

    # -- helpers --------------------------------------------------------------------------------
    def card_counts(self) -> list[int]:
        """How many cards of each kind are anywhere: hands, piles, Pasture, aside, unrevealed."""
        counts = [0] * KINDS
        for cards in (*self.hands, self.discard, self.aside, self.pile_tail):
            for c in cards:
                counts[c] += 1
        for spot in self.spots:
            if spot is not None and spot[0] != SRC:
                counts[spot[1]] += 1
        for source in self.sources:
            for k, c in enumerate(source):
                counts[k] += c
        return counts

    def check_cards(self) -> None:
        """Raise AssertionError unless all 54 cards are accounted for, each exactly once, and
        every source holds exactly as many cards as the places it backs."""
        if self.phase == OVER:
            return
        counts = self.card_counts()
        assert counts == list(DECK), f"cards not conserved: {counts}"
        backed = [0] * len(self.sources)
        if self.pile_head:
            assert self.pile_src is not None
            backed[self.pile_src] += self.pile_head
        for spot in self.spots:
            if spot is not None and spot[0] == SRC:
                backed[spot[1]] += 1
        assert backed == [sum(s) for s in self.sources], "a source does not match what it backs"

    def why_illegal(self, move: Any) -> str:
        if self.phase == PLACE:
            return f"Choose a card of your hand to put in Pasture spot {self.pending[0] + 1}."
        if isinstance(move, Play):
            if move.card not in self.hands[self.turn]:
                return f"You have no {card_name(move.card)} in your hand."
            return f"{card_name(move.card)} cannot be played on {card_name(self.top)}."
        if isinstance(move, Flip):
            if not 0 <= move.spot < PASTURE or self.spots[move.spot] is None:
                return "There is no card in that Pasture spot."
            return "You may flip a Pasture card only when you cannot play from your hand."
        return f"{move} is not a legal move now."

    def __str__(self) -> str:
        return _text(self.view(self.turn), full=self)


UNKNOWN = "unknown"  # face down, not known to this player
EMPTY = "empty"


@dataclass(frozen=True)
class LambMimesView(LambMimesTable):  # type: ignore[misc]  # see _fields
    """What one player may know: the public table, and of the rest what this player sees.
    Spots: 'unknown', 'empty', ('public', card), ('mine', card).

    The discard pile is public in full (every card in it was seen as it was played). Not
    kept: which known cards went into other hands from the known bottom of the pile.
    """

    game: LambMimes
    player: int
    to_move: int | None
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    pasture: tuple[Any, ...]
    pile_hidden: int
    pile_known: tuple[int, ...]

    @property
    def top(self) -> int | None:
        return self.discard[-1] if self.discard else None

    def scores(self) -> tuple[float, ...]:
        """Match points so far (lower is better), as ``LambMimesState.scores``: public."""
        return tuple(float(s) for s in self.points)

    def winners(self) -> tuple[int, ...]:
        return self.won_by

    def determinize(self, rng: random.Random) -> LambMimesState:
        """A full state consistent with this view: the cards this player cannot see (other
        hands, unknown Pasture spots, the hidden part of the pile) drawn at random from the
        cards not accounted for."""
        pool = list(DECK)
        known: list[int] = [*self.hand, *self.discard, *self.aside, *self.pile_known]
        known += [spot[1] for spot in self.pasture if isinstance(spot, tuple)]
        for card in known:
            pool[card] -= 1
        unseen = [k for k, c in enumerate(pool) for _ in range(c)]
        rng.shuffle(unseen)
        hands: list[tuple[int, ...]] = []
        for p, size in enumerate(self.hand_sizes):
            if p == self.player:
                hands.append(self.hand)
            else:
                hands.append(tuple(sorted(unseen[:size])))
                del unseen[:size]
        rest = [0] * KINDS
        for card in unseen:
            rest[card] += 1
        spots: list[Spot] = []
        for spot in self.pasture:
            if spot == EMPTY:
                spots.append(None)
            elif spot == UNKNOWN:
                spots.append((SRC, 0))
            elif spot[0] == "public":
                spots.append((PUB, spot[1]))
            else:
                spots.append((OWN, spot[1], self.player))
        shared = self.__dict__
        return LambMimesState.make(
            history=(),
            hands=tuple(hands),
            spots=tuple(spots),
            sources=(tuple(rest),),
            pile_src=0 if self.pile_hidden else None,
            pile_head=self.pile_hidden,
            pile_tail=self.pile_known,
            **{name: shared[name] for name in _SHARED},
        )

    def __str__(self) -> str:
        return _text(self)


#: The fields a player's view shares with the full state (the game and the public table):
#: ``view`` and ``determinize`` copy them by these names.
_SHARED = ("game", *TABLE_FIELDS)
#: The game and every field of a state's own, in order (``LambMimesState.make`` takes them so;
#: the history is core's).
_STATE_FIELDS = tuple(f.name for f in dataclasses.fields(LambMimesState) if not f.kw_only)


def _put(values: tuple[Any, ...], index: int, value: Any) -> tuple[Any, ...]:
    """``values`` with ``values[index]`` replaced by ``value``."""
    return values[:index] + (value,) + values[index + 1 :]  # noqa: RUF005 - faster


class _Work(LambMimesCards, LambMimesTable):
    """The fields of a state while one move is applied to it (the rules below change several
    of them in turn); ``freeze`` makes the next state. It is the state's own field classes
    made settable, so each field and its type is declared once, there (``_fields``); the
    values are the state's, copied in one step and read back by name (``_STATE_FIELDS``).
    Kept over plain locals and ``replace`` calls: a move runs through several of these steps,
    each of which would copy the whole state."""

    game: LambMimes  # core's field (State's), read by the steps
    # The field classes are frozen dataclasses at run time: a builder sets its fields. Both
    # are object's, so that CPython stores attributes directly (with the frozen __delattr__
    # left in place, every store went through a Python-level __setattr__: playouts 9 % more
    # instructions).
    __setattr__ = object.__setattr__
    __delattr__ = object.__delattr__

    def __init__(self, state: LambMimesState) -> None:
        self.__dict__.update(state.__dict__)  # cached values come along, but are never read
        #: (points, round_no, starter, seats, last) when the round ended and another begins.
        self.next_round: tuple[tuple[int, ...], int, int, tuple[int, ...], str] | None = None

    def freeze(self) -> LambMimesState:
        if self.next_round is not None:
            points, round_no, starter, seats, last = self.next_round
            return self.game._new_round(points, round_no, starter, seats, last)
        d = self.__dict__
        return LambMimesState.make(*[d[name] for name in _STATE_FIELDS])

    # -- cards ------------------------------------------------------------------------------
    def take(self, source: int, card: int) -> None:
        counts = list(self.sources[source])
        counts[card] -= 1
        self.sources = _put(self.sources, source, tuple(counts))

    def take_from_pile_head(self, card: int) -> None:
        assert self.pile_src is not None
        self.take(self.pile_src, card)
        self.pile_head -= 1
        if not self.pile_head:
            self.pile_src = None
            self.pile_used_up()

    def pile_used_up(self) -> None:
        """The last card was just taken from the draw pile: the discard pile (but its top)
        is reshuffled into a new one at once, as the text says, so the cards played from now
        on stay on the discard pile until the next time the pile runs out."""
        if not self.pile_head and not self.pile_tail and self.phase != DEAL:
            self.refill_pile()

    def refill_pile(self) -> bool:
        """Make sure the draw pile has a card (reshuffling the discard pile under its top card
        if needed); False when there is nothing left to draw."""
        if self.pile_head or self.pile_tail:
            return True
        if len(self.discard) < 2:
            return False
        counts = [0] * KINDS
        for card in self.discard[:-1]:
            counts[card] += 1
        self.discard = self.discard[-1:]
        # Reuse a used-up source so that the list stays short (at most 5 are ever in use).
        for i, source in enumerate(self.sources):
            if not any(source):
                self.sources = _put(self.sources, i, tuple(counts))
                break
        else:
            i = len(self.sources)
            self.sources = (*self.sources, tuple(counts))
        self.pile_src, self.pile_head = i, sum(counts)
        return True

    def fill_spot(self, spot: int) -> bool:
        """Put the top card of the draw pile face down in ``spot``; False if there is none."""
        if not self.refill_pile():
            return False
        if self.pile_head:
            self.spots = _put(self.spots, spot, (SRC, self.pile_src))
            self.pile_head -= 1
            if not self.pile_head:
                self.pile_src = None
        else:  # a known card from the bottom: everyone saw it go there
            self.spots = _put(self.spots, spot, (PUB, self.pile_tail[0]))
            self.pile_tail = self.pile_tail[1:]
        self.pile_used_up()
        return True

    # -- turn flow --------------------------------------------------------------------------
    def resolve_flip(self, card: int, spot: int) -> None:
        game = self.game
        if card >= NUMBER_CARDS:
            self.aside = (*self.aside, card)  # a flipped Mime leaves the round
            value = MIME_DRAW[card - NUMBER_CARDS]
            if game.rules.mime_refill == "pile":
                self.pending = (value, spot, THEN_END)
            else:
                self.pending = (value + 1, spot, THEN_PLACE)
            self.continue_draw()
        elif card in game.plays_on[self.discard[-1]]:
            self.discard = (*self.discard, card)
            self.phase, self.pending = PLACE, (spot,)
        else:
            self.spots = _put(self.spots, spot, (PUB, card))
            self.end_turn(False)

    def continue_draw(self) -> None:
        """Carry out pending draws: stop at a chance node, or finish what follows them."""
        left, spot, then = self.pending
        while left:
            if not self.refill_pile():
                if self.game.rules.empty_piles == "end_round":
                    self.end_round((), "the draw and discard piles ran out")
                    return
                left = 0
                break
            if self.pile_head:
                self.phase, self.pending = DRAW, (left, spot, then)
                return
            self.hands = _put(
                self.hands, self.turn, _insert(self.hands[self.turn], self.pile_tail[0])
            )
            self.pile_tail = self.pile_tail[1:]
            self.pile_used_up()
            left -= 1
        if then == THEN_PLACE:
            self.phase, self.pending = PLACE, (spot,)
        elif then == THEN_TURN:
            self.phase, self.pending = PLAY, ()
            self.clear_pasture()  # the draws may have changed nothing, but keep one rule
        else:
            if not self.fill_spot(spot) and self.game.rules.empty_piles == "end_round":
                self.end_round((), "the draw and discard piles ran out")
                return
            self.end_turn(False)

    def end_turn(self, mime_played: bool) -> None:
        rules = self.game.rules
        self.turns += 1
        if self.turns >= rules.turn_limit:
            self.end_round((), f"the turn limit ({rules.turn_limit}) was reached")
            return
        seats = self.seats
        self.turn = seats[(seats.index(self.turn) + 1) % len(seats)]
        self.pending = ()
        self.phase = PLAY
        if mime_played and rules.mime_played == "next_draws":
            self.pending = (MIME_DRAW[self.discard[-1] - NUMBER_CARDS], -1, THEN_TURN)
            self.continue_draw()
            return
        self.clear_pasture()

    def clear_pasture(self) -> None:
        """All Pasture cards flipped, turned back and unplayable on the top card: they go to
        the bottom of the draw pile (in spot order) and four new cards are laid. A spot left
        empty (both piles were used up) does not block this: it waits for the renewal. The
        new cards come from the draw pile, reshuffled from the discard pile first if it is
        empty; with no other card to lay, the Pasture stays as it is (the same cards would
        come back in the same spots)."""
        spots = self.spots
        ok = self.game.plays_on[self.discard[-1]]
        old: list[int] = []
        for spot in spots:
            if spot is None:
                continue
            if spot[0] != PUB or spot[1] in ok:
                return
            old.append(spot[1])
        if not self.refill_pile():
            return
        self.pile_tail = self.pile_tail + tuple(old)
        for s in range(PASTURE):
            self.spots = _put(self.spots, s, None)
            self.fill_spot(s)

    def end_round(self, winners: tuple[int, ...], why: str) -> None:
        game = self.game
        rules = game.rules
        names = [game.player_name(p) for p in winners]
        if winners:
            told = f"{names[0]} {why}"
        else:
            told = why[0].upper() + why[1:]
        state_points = [sum(points(c) for c in hand) for hand in self.hands]
        if not rules.match:
            self.phase, self.points = OVER, tuple(state_points)
            if not winners:  # nobody went out: the fewest points win the round
                best = min(state_points)
                winners = tuple(p for p in self.seats if state_points[p] == best)
                told += f": {_and([game.player_name(p) for p in winners])} hold the fewest points"
            self.won_by, self.last = winners, told + "."
            return
        if game.match_decided(self.points):  # this was the tie-break round
            if not winners:
                best = min(state_points[p] for p in self.seats)
                winners = tuple(p for p in self.seats if state_points[p] == best)
            champions = _and([game.player_name(p) for p in winners])
            self.phase, self.won_by = OVER, winners
            self.last = f"Tie-break round: {told}. Champion: {champions}."
            return
        scores = tuple(s + state_points[p] for p, s in enumerate(self.points))
        self.points = scores
        ended = game.match_decided(scores)
        starter = (
            winners[0]
            if winners
            else self.seats[(self.seats.index(self.starter) + 1) % len(self.seats)]
        )
        summary = f"Round {self.round_no}: {told}."
        if not ended:
            self.next_round = (scores, self.round_no + 1, starter, self.seats, summary)
            return
        best = min(scores)
        lowest = tuple(p for p, s in enumerate(scores) if s == best)
        if len(lowest) > 1 and rules.tie == "extra_round":
            tied = _and([game.player_name(p) for p in lowest])
            why_more = (
                f"{summary} {tied} tie on {best} points: they play a tie-break round, whose "
                "winner is champion."
            )
            starter = starter if starter in lowest else lowest[0]
            self.next_round = (scores, self.round_no + 1, starter, lowest, why_more)
            return
        self.phase, self.won_by = OVER, lowest
        who = _and([game.player_name(p) for p in lowest])
        verb = "wins" if len(lowest) == 1 else "share the win"
        self.last = f"{summary} The match is over: {who} {verb} with {best} points."


def _text(view: LambMimesView, full: LambMimesState | None = None) -> str:
    """Plain text: the public table, and the hands (all of them for a full state)."""
    game = view.game
    top = NAMES[view.discard[-1]] if view.discard else "-"
    tiebreak = game.rules.match and view.phase != OVER and game.match_decided(view.points)
    lines = [
        f"Lamb Mimes, round {view.round_no}{' (tie-break)' if tiebreak else ''}, "
        f"{PHASE_NAMES[view.phase]}"
        + (f", turn {view.turns + 1}" if view.phase in (PLAY, PLACE, REVEAL, DRAW) else ""),
        f"Discard: {top} ({len(view.discard)} cards); draw pile: "
        f"{view.pile_hidden + len(view.pile_known)} cards"
        + (
            f" (known at the bottom: {' '.join(NAMES[c] for c in view.pile_known)})"
            if view.pile_known
            else ""
        ),
    ]
    spots = []
    for s, spot in enumerate(view.pasture):
        if full is not None:
            real = full.spots[s]
            shown = (
                "empty"
                if real is None
                else (
                    "face down"
                    if real[0] == SRC
                    else f"{NAMES[real[1]]}" + (f" (P{real[2] + 1}'s)" if real[0] == OWN else "")
                )
            )
        else:
            shown = (
                spot
                if isinstance(spot, str)
                else (NAMES[spot[1]] + (" (mine)" if spot[0] == "mine" else ""))
            )
            shown = "face down" if shown == UNKNOWN else shown
        spots.append(f"{s + 1}: {shown}")
    lines.append("Pasture: " + ", ".join(spots))
    if view.aside:
        lines.append("Set aside: " + " ".join(NAMES[c] for c in view.aside))
    for p in range(game.rules.players):
        if full is not None or p == view.player:
            hand = full.hands[p] if full is not None else view.hand
            cards = " ".join(NAMES[c] for c in hand) or "(empty)"
        else:
            cards = f"{view.hand_sizes[p]} cards"
        mark = "  <- to move" if view.phase in (PLAY, PLACE) and p == view.turn else ""
        score = f" [{view.points[p]} points]" if game.rules.match else ""
        lines.append(f"{game.player_name(p)}{score}: {cards}{mark}")
    if view.phase == PLACE:
        lines.append(f"{game.player_name(view.turn)} puts a card in spot {view.pending[0] + 1}.")
    if view.last:
        lines.append(view.last)
    return "\n".join(lines)


__all__ = ["COLOURS", "LambMimes", "LambMimesState", "LambMimesView"]
