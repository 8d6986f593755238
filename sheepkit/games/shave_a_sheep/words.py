"""Shave a Sheep in words: a move's label and the board described for a screen reader."""

from __future__ import annotations

from collections.abc import Hashable

from ...core.contract import Frame
from ...core.words import Words
from .engine import ACT, ADD, HOWL, OVER, Act, Howl, Roll, ShaveASheepState


class ShaveASheepWords(Words[ShaveASheepState]):
    """Shave a Sheep's words: a move's label and the board in words (``sheepkit.core.words``)."""

    def move_label(self, state: ShaveASheepState, move: Hashable) -> str:
        name = state.game.player_name
        if isinstance(move, Roll):
            return str(move).capitalize()
        if isinstance(move, Howl):
            return f"{name(move.player)} howls first"
        if not isinstance(move, Act):
            return str(move)
        action, target = move
        game = state.game
        if state.phase == HOWL and target is not None:
            return f"Wolf takes 1 wool from {name(target)}"
        if action == "decline":
            return "Add no wool"
        if action == "grow" and state.phase == ADD:
            return "Add 1 wool to your sheep"
        if action == "grow":
            return "Grow 1 wool"
        if action == "double":
            if state.phase == ACT:
                took = state.effect(move)[1][state.turn] - state.sheep[state.turn]
                if took < 2:  # say why the double falls short
                    why = "left" if state.middle < 2 else "fits"
                    return f"Double wool (only {took} {why})"
            return "Double wool"
        if action == "shear":
            cost = game.rules.shear_cost
            if cost and state.phase == ACT:
                wool = state.sheep[state.turn]
                return f"Shear your sheep (pay {min(cost, wool)} of {wool} wool)"
            return "Shear your sheep"
        if action == "swap" and target is not None:
            return f"Swap sheep with {name(target)}"
        if action == "wolf" and target is not None:
            if getattr(game, "mr_wolf", False):
                return f"Send the wolf to {name(target)} (1 wool to your pile)"
            return f"Send the wolf to {name(target)}"
        if action == "fetch":
            return "Fetch the wolf home (up to 2 wool to your pile)"
        if action == "pass":
            return "Pass (nothing would change)"
        return str(move)

    def describe(self, frame: Frame[ShaveASheepState]) -> str:
        """The text board's lines, with each player's line in words (its "0/5" and "<- to
        move" read badly aloud)."""
        state = frame.state
        game = state.game
        n = game.rules.players
        text = str(state).splitlines()
        wolf = "in the middle" if state.wolf is None else f"by {game.player_name(state.wolf)}"
        lines = [f"{text[0]}.", f"Middle: {state.middle} wool; the wolf is {wolf}."]
        for p in range(n):
            turn = " Their turn." if state.phase != OVER and p == state.turn else ""
            lines.append(
                f"{game.player_name(p)}'s sheep: {state.sheep[p]} of {state.capacity} wool;"
                f" safe pile: {state.piles[p]}.{turn}"
            )
        return "\n".join(lines + text[2 + n :])
