"""The Sheep Race in words: a move's label and the log's line as a seat may read it."""

from __future__ import annotations

from typing import Any

from ...core import IllegalMove, Move
from ...core.contract import Frame
from ...core.words import Words
from .engine import (
    DEAL,
    EXHAUSTED,
    FINISHED,
    FIRST,
    HIDDEN,
    HIDDEN_BETS,
    OVER,
    PACE,
    RACE_NAMES,
    ROLL,
    VISIBLE,
    Bet,
    Deal,
    First,
    Hidden,
    Pace,
    Roll,
    SheepRaceState,
)
from .rules import LANE_OF_TOTAL, LANES, LAZY

#: The first three places in words.
PLACES = ("1st", "2nd", "3rd")


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


def _race_words(s: Any) -> str:
    if s.game.rules.races == "one race":
        return "One race (the first semifinal alone)."
    return f"The {RACE_NAMES[s.race]}, race {s.race + 1} of 3."


def _lane_words(s: Any, lane: int) -> str:
    """Lane 3: Gouda, on square 5 of 16; cubes: 1 blue, 2 red, 0 white."""
    if lane >= len(s.lanes):
        return f"Lane {lane + 1}: no card yet."
    game = s.game
    track = game.rules.track
    pos = s.pos[lane]
    if s.out[lane] == FINISHED:
        place = s.order.index(lane) if lane in s.order else -1
        where = "across the Finish Line" + (
            f", {PLACES[place] if place < 3 else f'{place + 1}th'}" if place >= 0 else ""
        )
    else:
        where = f"on square {pos} of {track}"
        if pos >= game.end_zone:
            where += ", in the End Zone"
        if s.out[lane] == EXHAUSTED:
            where += ", exhausted"
    blue, red, white = s.cubes[lane]
    moving = " It moves now." if s.phase == PACE and s.selected == lane else ""
    return (
        f"Lane {lane + 1}: {lane_card(s, lane)}, {where}; cubes: {blue} blue, {red} red, "
        f"{white} white.{moving}"
    )


def _bet_words(s: Any, player: int, viewer: int | None) -> str:
    """A player's bets as the viewer may know them: another player's hidden bets only as
    "two hidden bets" until the race is scored."""
    name = s.game.player_name(player)
    who = f"Your bets ({name})" if player == viewer else f"{name}'s bets"
    bets = []
    if s.visible[player] >= 0:
        lane = s.visible[player]
        bets.append(f"visible on lane {lane + 1} ({lane_card(s, lane)})")
    hidden = s.hidden[player]
    if hidden == HIDDEN_BETS:
        bets.append("two hidden bets")
    elif hidden:
        a, b = hidden
        bets.append(f"hidden on lanes {a + 1} and {b + 1} ({lane_card(s, a)}, {lane_card(s, b)})")
    return f"{who}: {'; '.join(bets) or 'none yet'}."


def _turn_words(s: Any) -> str:
    name = s.game.player_name
    if s.phase == OVER:
        return (
            "The tournament is over." if s.game.rules.races != "one race" else "The race is over."
        )
    if s.phase == FIRST:
        return "A die decides the first player."
    if s.phase == DEAL:
        return "The sheep cards are being turned up."
    if s.phase == VISIBLE:
        return f"{name(s.turn)} to move: place a visible bet."
    if s.phase == HIDDEN:
        return f"{name(s.turn)} to move: place two hidden bets."
    if s.phase == ROLL:
        return f"{name(s.turn)} to move: roll the dice."
    return (
        f"{name(s.turn)} rolled {s.rolled}: choose the pace of the sheep in lane {s.selected + 1}."
    )


class SheepRaceWords(Words[SheepRaceState]):
    """The Sheep Race's words: a move's label, the log's lines and the race described for a
    screen reader (``sheepkit.core.words``)."""

    def __init__(self, game: Any = None) -> None:
        super().__init__(game)
        # The last position _last_move replayed to: the next move's replay starts from it, so
        # describing every position of a game costs one replay, not one per position.
        self._replayed: SheepRaceState | None = None

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

    def describe(self, frame: Frame[SheepRaceState]) -> str:
        """The race in short sentences: each lane's sheep, square and cubes; the bets the
        viewer may see (their own hidden bets, only how many of another player's); the
        points, the last move (as the log words it for the viewer) and whose turn."""
        state = frame.state
        viewer = frame.viewer
        seen: Any = state if viewer is None else state.view(viewer)
        game = seen.game
        lines = [_race_words(seen)]
        lines += [_lane_words(seen, lane) for lane in range(LANES)]
        lines += [_bet_words(seen, p, viewer) for p in range(game.rules.players)]
        ranking = sorted(
            range(game.rules.players), key=lambda p: (-seen.points[p], -seen.stamps[p])
        )
        points = "; ".join(f"{game.player_name(p)}, {seen.points[p]}" for p in ranking)
        lines.append(f"Points: {points}.")
        if seen.results:
            last = seen.results[-1]
            placed = ", ".join(
                f"{PLACES[i] if i < 3 else f'{i + 1}th'} {game.card_name(card)}"
                for i, card in enumerate(last.cards)
            )
            lines.append(f"The {RACE_NAMES[last.race]} ended: {placed}.")
        last_move = self._last_move(state, viewer)
        if last_move:
            lines.append(f"Last move: {last_move.rstrip('.')}.")
        if isinstance(frame.selection, int) and frame.selection < len(seen.lanes):
            lane = frame.selection
            lines.append(
                f"Picked for a hidden bet: lane {lane + 1} ({lane_card(seen, lane)}); "
                "pick a second lane."
            )
        lines.append(_turn_words(seen))
        if seen.phase == OVER:
            lines.append(f"{game.player_name(ranking[0])} wins.")
        return "\n".join(lines)

    def _last_move(self, state: SheepRaceState, viewer: int | None) -> str | None:
        """The log's words for the last move, from the position before it (replayed from a
        new game: a position made without its history has no last move to tell)."""
        if not state.history:
            return None
        history = state.history
        before = self._replayed
        if (
            before is None
            or before.game != state.game
            or len(before.history) >= len(history)
            or history[: len(before.history)] != before.history
        ):
            before = state.game.new_game()
        try:
            for move in history[len(before.history) : -1]:
                before = before.play(move)
            self._replayed = before
            if before.play(history[-1]) != state:
                return None
        except IllegalMove:
            return None
        return self.log_label(before, state.history[-1], viewer)
