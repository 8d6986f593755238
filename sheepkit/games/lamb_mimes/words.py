"""Lamb Mimes in words: a move's label, the log's line as a seat may read it, and the table
as one seat sees it (``table_of``, which the drawing draws), described for a screen reader."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ...core import Move
from ...core.contract import Frame
from ...core.words import Words
from .engine import (
    DEAL,
    DRAW,
    OVER,
    OWN,
    PLACE,
    PUB,
    REVEAL,
    START,
    TABLE_FIELDS,
    Card,
    Flip,
    LambMimesState,
    LambMimesTable,
    Pass,
    Place,
    Play,
)
from .rules import COLOURS, NUMBER_CARDS, colours_of


def spoken(card: int) -> str:
    """A card in words: "5 blue/green", "blue Lamb Mime"."""
    if card >= NUMBER_CARDS:
        return f"{COLOURS[card - NUMBER_CARDS]} Lamb Mime"
    a, b = colours_of(card)
    return f"{card % 7 + 1} {COLOURS[a]}/{COLOURS[b]}"


@dataclass(frozen=True)
class Spot:
    """A Pasture spot as this picture shows it."""

    face: int | None  # the card shown face up, or None
    down: bool  # a card lies there face down (shown by its back, or by its face if known)
    note: str  # "seen by all", "yours", "P2's", ""


@dataclass(frozen=True)
class SeenTable(LambMimesTable):  # type: ignore[misc]  # see engine._fields
    """Everything the picture needs: the public table (the fields of ``LambMimesTable``),
    and the hands, Pasture and pile as one player's view or the full state shows them."""

    bottom: int  # whose hand lies along the bottom
    hand: tuple[int, ...]
    hands: dict[int, tuple[int, ...]]  # other hands shown face up (only with no viewer)
    hand_sizes: tuple[int, ...]
    spots: tuple[Spot, ...]
    pile: int
    pile_known: int
    #: The moves the bottom player may make now (empty when it is not their decision).
    moves: tuple[Move, ...]
    match: bool  # a whole match (else a single round)


def table_of(frame: Frame[LambMimesState]) -> SeenTable:
    state = frame.state
    spots = []
    if frame.viewer is not None:
        # Only what the viewer may know: their view. Their legal moves are theirs to see.
        v = state.view(frame.viewer)
        for seen in v.pasture:
            if seen == "empty":
                spots.append(Spot(None, False, ""))
            elif seen == "unknown":
                spots.append(Spot(None, True, ""))
            else:
                note = "seen by all" if seen[0] == "public" else "yours"
                spots.append(Spot(seen[1], True, note))
        bottom, hand, hands, hand_sizes = frame.viewer, v.hand, {}, v.hand_sizes
        pile, pile_known = v.pile_hidden + len(v.pile_known), len(v.pile_known)
    else:
        # No viewer: everything may be shown (seat 0 at the bottom, so the table stays still).
        for spot in state.spots:
            if spot is None:
                spots.append(Spot(None, False, ""))
            elif spot[0] == PUB:
                spots.append(Spot(spot[1], True, "seen by all"))
            elif spot[0] == OWN:
                spots.append(Spot(spot[1], True, f"P{spot[2] + 1}'s"))
            else:
                spots.append(Spot(None, True, ""))
        bottom = 0
        hand, hands = state.hands[bottom], {p: h for p, h in enumerate(state.hands) if p != bottom}
        hand_sizes = tuple(len(h) for h in state.hands)
        pile, pile_known = state.pile_head + len(state.pile_tail), len(state.pile_tail)
    return SeenTable(
        **{name: getattr(state, name) for name in TABLE_FIELDS},  # public: a view's are these
        bottom=bottom,
        hand=hand,
        hands=hands,
        hand_sizes=hand_sizes,
        spots=tuple(spots),
        pile=pile,
        pile_known=pile_known,
        moves=state.legal_moves() if state.to_move == bottom else (),
        match=state.game.rules.match,
    )


def cards_count(n: int) -> str:
    return f"{n} card" if n == 1 else f"{n} cards"


def headline(table: SeenTable, name: Any) -> str:
    """What happens now, in a line: the round and who does what."""
    if table.phase == OVER:
        return "The match is over" if table.match else "The round is over"
    who = name(table.turn)
    pending = table.pending
    if table.phase == DEAL:
        doing = f"Dealing: a card for {who}"
    elif table.phase == START:
        doing = "Turning up the first card of the discard pile"
    elif table.phase == REVEAL and pending:
        doing = f"{who} flips Pasture spot {pending[0] + 1}"
    elif table.phase == DRAW and pending:
        doing = f"{who} draws a card ({pending[0]} to go)"
    elif table.phase == PLACE and pending:
        doing = f"{who} hides a card in Pasture spot {pending[0] + 1}"
    else:
        doing = f"{who} to play"
    return f"Round {table.round_no} \u00b7 {doing}"


class LambMimesWords(Words[LambMimesState]):
    """Lamb Mimes's words: a move's label and the log's lines (``sheepkit.core.words``)."""

    def log_label(self, before: LambMimesState, move: Move, viewer: int | None) -> str:
        """A log line as ``viewer`` may read it: dealt and drawn cards stay secret (the owner
        sees them in the hand), a card put face down in the Pasture only its owner knows."""
        game = before.game
        who = before.acting_player
        name = game.player_name(who) if who is not None else ""
        if isinstance(move, Card):
            if move.verb == "deal":
                return f"{name} is dealt a card"
            if move.verb == "draw":
                return f"{name} draws a card"
            if move.verb == "start":
                return f"The discard pile starts with {spoken(move.card)}"
            return f"{name} turns up {spoken(move.card)}"
        if isinstance(move, Place) and viewer is not None and viewer != who:
            return f"{name}: puts a card of their hand in the Pasture"
        return f"{name}: {self.move_label(before, move)}"

    def move_label(self, state: LambMimesState, move: Move) -> str:
        if isinstance(move, Play):
            return f"Play {spoken(move.card)}"
        if isinstance(move, Flip):
            return f"Flip Pasture spot {move.spot + 1}"
        if isinstance(move, Place):
            spot = ""
            if state.phase == PLACE:
                spot = f" spot {state.pending[0] + 1}"
            return f"Put {spoken(move.card)} in the Pasture{spot}"
        if isinstance(move, Pass):
            return "Pass (nothing to play or flip)"
        if isinstance(move, Card):
            verb = {"deal": "Deal", "start": "Start the pile with", "reveal": "It is"}
            return f"{verb.get(move.verb, 'Draw')} {spoken(move.card)}"
        return str(move)

    def describe(self, frame: Frame) -> str:
        """The table in words, from the same SeenTable the picture draws: the viewer's own hand,
        how many cards the others hold (their cards only when everything may be shown)."""
        table = table_of(frame)
        name = frame.state.game.player_name

        def cards(held: tuple[int, ...]) -> str:
            return ", ".join(spoken(card) for card in held) or "no cards"

        lines = [headline(table, name) + "."]
        you = "your" if frame.viewer is not None else "the"
        points = table.points[table.bottom]
        lines.append(f"{name(table.bottom)}, {points} points, {you} hand: {cards(table.hand)}.")
        for player in range(len(table.hand_sizes)):
            if player == table.bottom:
                continue
            held = table.hands.get(player)
            shown = cards(held) if held is not None else cards_count(table.hand_sizes[player])
            lines.append(f"{name(player)}: {shown}; {table.points[player]} points.")
        for number, spot in enumerate(table.spots, 1):
            if spot.face is not None:
                what = spoken(spot.face) + (f" ({spot.note})" if spot.note else "")
            else:
                what = "a card face down" if spot.down else "empty"
            lines.append(f"Pasture spot {number}: {what}.")
        top = spoken(table.discard[-1]) if table.discard else "empty"
        lines.append(f"Discard pile: {top}; draw pile: {cards_count(table.pile)}.")
        return "\n".join(lines)
