"""Lamb Mimes in words: a move's label and the log's line as a seat may read it."""

from __future__ import annotations

from ...core import Move
from ...core.words import Words
from .engine import PLACE, Card, Flip, LambMimesState, Pass, Place, Play
from .rules import COLOURS, NUMBER_CARDS, colours_of


def spoken(card: int) -> str:
    """A card in words: "5 blue/green", "blue Lamb Mime"."""
    if card >= NUMBER_CARDS:
        return f"{COLOURS[card - NUMBER_CARDS]} Lamb Mime"
    a, b = colours_of(card)
    return f"{card % 7 + 1} {COLOURS[a]}/{COLOURS[b]}"


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
