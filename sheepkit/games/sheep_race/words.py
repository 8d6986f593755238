"""The Sheep Race in words: a move's label and the log's line as a seat may read it."""

from __future__ import annotations

from typing import Any

from ...core import Move
from ...core.words import Words
from .engine import Bet, Deal, First, Hidden, Pace, Roll, SheepRaceState
from .rules import LANE_OF_TOTAL, LAZY


def pace_words(pace: Pace) -> str:
    if pace.pace == "rest":
        return "Rest"
    if pace.pace == "walk" and not pace.cube:
        return "Walk"
    cost = "2 blue cubes" if pace == Pace("gallop", "blue") else f"1 {pace.cube} cube"
    return f"{pace.pace.capitalize()} ({cost})"


def pace_label(state: Any, pace: Pace) -> str:
    """A pace button's words: the pace, its cube cost or gain, and the distance."""
    lane = state.selected
    game = state.game
    squares = game.distance(state.lanes[lane], pace.pace)
    in_ez = game.end_zone <= state.pos[lane] <= game.rules.track
    if pace.pace == "rest":
        return "Rest: stay, take back 2 blue"
    if pace == Pace("walk", ""):
        gain = "takes back nothing (End Zone)" if in_ez else "take back 1 blue"
        return f"Walk {squares}: {gain}"
    return f"{pace_words(pace)}: {squares} square{'s' if squares != 1 else ''}"


def lane_card(state: Any, lane: int) -> str:
    return state.game.card_name(state.lanes[lane]) if lane < len(state.lanes) else "?"


class SheepRaceWords(Words[SheepRaceState]):
    """The Sheep Race's words: a move's label and the log's lines (``sheepkit.core.words``)."""

    def move_label(self, state: SheepRaceState, move: Move) -> str:
        game = state.game
        if isinstance(move, Pace):
            return pace_label(state, move)
        if isinstance(move, Bet):
            return f"Visible bet: lane {move.lane + 1} ({lane_card(state, move.lane)})"
        if isinstance(move, Hidden):
            a, b = move.lanes
            cards = f"{lane_card(state, a)}, {lane_card(state, b)}"
            return f"Hidden bets: lanes {a + 1} + {b + 1} ({cards})"
        if isinstance(move, Roll):
            lane = LANE_OF_TOTAL[move.total]
            return f"Roll {move.total}: " + ("Lazy Sheep" if lane == LAZY else f"lane {lane}")
        if isinstance(move, First):
            return f"{game.player_name(move.player)} goes first"
        if isinstance(move, Deal):
            return f"Turn up {move.card}"
        return str(move)

    def log_label(self, before: SheepRaceState, move: Move, viewer: int | None) -> str:
        """A log line as ``viewer`` may read it: other players' hidden bets stay secret until
        the race is scored (the results table shows them then)."""
        who = before.acting_player
        name = before.game.player_name(who) if who is not None else ""
        if isinstance(move, Hidden) and viewer is not None and viewer != who:
            return f"{name}: places two hidden bets"
        if isinstance(move, Roll):
            lane = before.play(move).selected
            return f"{name} rolls {move.total}: the sheep in lane {lane + 1} moves"
        if isinstance(move, Deal):
            return f"{move.card} is turned up for lane {len(before.lanes) + 1}"
        prefix = f"{name}: " if name else ""
        return prefix + self.move_label(before, move)
