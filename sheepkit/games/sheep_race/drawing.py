"""How The Sheep Race looks: six lanes from the Starting Line through the End Zone to the
Finish Line, each sheep with its card and breath cubes, the bets, the podium and the scores.

With a viewer (the human in front of the screen) the picture is made from that player's view,
so only their own hidden bets can be drawn. Colour is never the only cue: cubes carry the
letters B, R, W; players' tokens have their own shapes and numbers; the selected sheep has a
thick outline and an arrow; an exhausted sheep lies on its back with "exhausted" written by it.
Nothing here imports ipycanvas: any object with the Canvas drawing methods will do.
"""

from __future__ import annotations

from typing import Any

from ...core import Game, Move
from ...drawing import (
    INK,
    OKABE_ITO,
    PAPER,
    PLAYER_COLOURS,
    PLAYER_SHAPES,
    Drawing,
    Frame,
    Target,
    draw_shape,
    draw_text,
)
from .engine import (
    DEAL,
    EXHAUSTED,
    FINISHED,
    FIRST,
    HIDDEN,
    HIDDEN_BETS,
    OVER,
    PACE,
    PACE_COSTS,
    RACE_NAMES,
    ROLL,
    VISIBLE,
    Bet,
    Hidden,
    SheepRaceState,
    SheepRaceView,
)
from .rules import LANE_OF_TOTAL, LANES, LAZY
from .words import PLACES, lane_card

WIDTH, HEIGHT = 820, 440  # with the 436 px control column, fits a 1280 px page
TOP = 56  # the first lane's top edge
LANE_H = 46
INFO_W = 250  # lane number, card and cubes
CUBES_X = 166  # right of the card's paces
# Beside the controls at 1024 px the board is drawn at 80%: its smallest text (13 px, the
# player numbers 11 px bold) is still 9-10 px on the screen.
SMALL = 13
BETS_W = 92  # visible and own hidden bet tokens
TRACK_X = INFO_W + BETS_W
DICE_LINE_W = TRACK_X - 30
TRACK_RIGHT = WIDTH - 70  # past it: the sheep that crossed the line
BOTTOM = TOP + LANES * LANE_H
CUBE = {"blue": OKABE_ITO["blue"], "red": OKABE_ITO["vermillion"], "white": "#ffffff"}
END_ZONE_FILL = "#f6ecb0"
SELECTED = OKABE_ITO["orange"]


class SheepRaceDrawing(Drawing[SheepRaceState]):
    """The board drawing the app shell draws with."""

    width = WIDTH
    height = HEIGHT

    def __init__(self, game: Game[Any, Any, Any] | None = None) -> None:
        self.game = game

    # -- the contract -----------------------------------------------------------------------
    def draw(self, canvas: Any, frame: Frame[SheepRaceState]) -> None:
        state = frame.state
        seen = state if frame.viewer is None else state.view(frame.viewer)
        canvas.fill_style = PAPER
        canvas.fill_rect(0, 0, WIDTH, HEIGHT)
        self._headline(canvas, seen)
        self._track(canvas, seen)
        for lane in range(LANES):
            self._lane(canvas, seen, lane)
        if isinstance(frame.selection, int):  # the first lane of a pair of hidden bets
            canvas.stroke_style = SELECTED
            canvas.line_width = 4
            canvas.stroke_rect(2, TOP + frame.selection * LANE_H + 2, TRACK_X - 4, LANE_H - 4)
            canvas.line_width = 1
        self._bottom(canvas, seen, frame.viewer)

    @staticmethod
    def lane_at(x: float, y: float) -> int | None:
        """The lane under a click (anywhere along its row), or None."""
        if 0 <= x <= WIDTH and TOP <= y < BOTTOM:
            return int((y - TOP) // LANE_H)
        return None

    def takes_clicks(self, state: SheepRaceState) -> bool:
        """Bets are made by clicking lanes; paces and rolls only by their buttons."""
        return any(isinstance(m, Bet | Hidden) for m in state.legal_moves())

    def click(self, frame: Frame[SheepRaceState], x: float, y: float) -> tuple[Any, Move | None]:
        """A click on a lane bets on it: one click for a visible bet; for hidden bets, a
        first lane (marked) and then a second."""
        lane = self.lane_at(x, y)
        if lane is None:
            return None, None
        moves = frame.state.legal_moves()
        if Bet(lane) in moves:
            return None, Bet(lane)
        first = frame.selection
        if isinstance(first, int) and first != lane:
            pair = Hidden((min(first, lane), max(first, lane)))
            if pair in moves:
                return None, pair
        if any(isinstance(m, Hidden) and lane in m.lanes for m in moves):
            return (None if first == lane else lane), None
        return None, None

    def targets(self, frame: Frame[SheepRaceState]) -> tuple[Target, ...]:
        """The six lanes, top to bottom: the sheep's card, square, breath cubes, and the bet
        Enter would place there."""
        state = frame.state
        seen: Any = state if frame.viewer is None else state.view(frame.viewer)
        moves = state.legal_moves()
        found = []
        for lane in range(LANES):
            if lane < len(seen.lanes):
                blue, red, white = seen.cubes[lane]
                where = {EXHAUSTED: ", exhausted", FINISHED: ", across the line"}.get(
                    seen.out[lane], ""
                )
                words = (
                    f"{lane_card(seen, lane)} on square {seen.pos[lane]}{where}; cubes: "
                    f"{blue} blue, {red} red, {white} white"
                )
            else:
                words = "no card yet"
            if Bet(lane) in moves:
                words += "; Enter bets on it (visible)"
            elif frame.selection == lane:
                words += "; picked for a hidden bet: Enter on another lane completes it"
            elif any(isinstance(m, Hidden) and lane in m.lanes for m in moves):
                words += "; Enter picks it for a hidden bet"
            y = TOP + (lane + 0.5) * LANE_H
            found.append(Target(WIDTH / 2, y, f"Lane {lane + 1}: {words}", WIDTH - 8, LANE_H - 2))
        return tuple(found)

    def selected_moves(self, state: SheepRaceState, selection: Any) -> tuple[Move, ...]:
        return tuple(
            m for m in state.legal_moves() if isinstance(m, Hidden) and selection in m.lanes
        )

    # -- parts ------------------------------------------------------------------------------
    def _headline(self, canvas: Any, s: Any) -> None:
        game = s.game
        race = RACE_NAMES[s.race].capitalize()
        name = game.player_name
        if s.phase == OVER:
            text = "The tournament is over: the standings are below"
        elif s.phase == FIRST:
            text = "A die decides the first player"
        elif s.phase == DEAL:
            text = f"{race}: turning up the sheep cards"
        elif s.phase == VISIBLE:
            text = f"{race}: {name(s.turn)} places a visible bet (a sheep nobody chose yet)"
        elif s.phase == HIDDEN:
            text = f"{race}: {name(s.turn)} places two hidden bets"
        elif s.phase == ROLL:
            text = f"{race}: {name(s.turn)} rolls the dice"
        else:
            lane = LANE_OF_TOTAL[s.rolled]
            named = "the Lazy Sheep" if lane == LAZY else f"lane {lane}"
            text = (
                f"{race}: {name(s.turn)} rolled {s.rolled} ({named}): the sheep in lane "
                f"{s.selected + 1} moves - choose its pace"
            )
        draw_text(canvas, text, 12, 24, size=17, bold=True, max_width=WIDTH - 24)
        dice = "final dice 1-6 + 2-0-0-0-0-0" if s.race == 2 else "dice 1-6 + 1-2-3-0-0-0"
        draw_text(
            canvas,
            f"{dice}; 7 = lane 6, 8 = lane 5, 9 = Lazy Sheep",
            12,
            45,
            size=SMALL,
            colour="#555555",
            max_width=DICE_LINE_W,  # clear of the track's "Start", just under it
        )

    def _track(self, canvas: Any, s: Any) -> None:
        game = s.game
        track = game.rules.track
        sq = (TRACK_RIGHT - TRACK_X) / (track + 1)
        ez_x = TRACK_X + game.end_zone * sq
        canvas.fill_style = END_ZONE_FILL
        canvas.fill_rect(ez_x, TOP, TRACK_RIGHT - ez_x, BOTTOM - TOP)
        draw_text(
            canvas,
            "End Zone",
            (ez_x + TRACK_RIGHT) / 2,
            TOP - 4,
            size=SMALL,
            bold=True,
            align="center",
        )
        draw_text(canvas, "Start", TRACK_X + sq / 2, TOP - 4, size=SMALL, bold=True, align="center")
        canvas.stroke_style = "#cccccc"
        canvas.line_width = 1
        for i in range(1, track + 1):
            x = TRACK_X + i * sq
            canvas.stroke_line(x, TOP, x, BOTTOM)
        for lane in range(LANES + 1):
            canvas.stroke_style = INK
            canvas.stroke_line(0, TOP + lane * LANE_H, TRACK_RIGHT, TOP + lane * LANE_H)
        canvas.line_width = 4
        canvas.stroke_style = INK
        canvas.stroke_line(TRACK_RIGHT, TOP - 14, TRACK_RIGHT, BOTTOM)
        canvas.stroke_line(TRACK_X + sq, TOP, TRACK_X + sq, BOTTOM)
        draw_text(canvas, "Finish", TRACK_RIGHT + 6, TOP - 4, size=SMALL, bold=True)
        canvas.line_width = 1

    def _lane(self, canvas: Any, s: Any, lane: int) -> None:
        game = s.game
        y = TOP + lane * LANE_H
        mid = y + LANE_H / 2
        selected = s.phase == PACE and s.selected == lane
        if selected:
            canvas.fill_style = "#fde3b3"
            canvas.fill_rect(0, y + 1, TRACK_X, LANE_H - 2)
        draw_text(canvas, str(lane + 1), 16, mid + 7, size=20, bold=True, align="center")
        if lane >= len(s.lanes):
            draw_text(canvas, "(card face down)", 36, mid + 5, size=13, colour="#777777")
            return
        card = game.rules.cards[s.lanes[lane]]
        draw_text(canvas, card[0], 36, y + 19, size=14, bold=True, max_width=100)
        draw_text(
            canvas,
            f"walk {card[4]} trot {card[5]} gallop {card[6]}",
            36,
            y + 38,
            size=SMALL,
            colour="#444444",
            max_width=CUBES_X - 40,
        )
        self._cubes(canvas, s.cubes[lane], CUBES_X, y + 10)
        self._bets(canvas, s, lane, INFO_W + 4, mid)
        self._sheep(canvas, s, lane, mid, selected)

    def _cubes(self, canvas: Any, cubes: tuple[int, int, int], x: float, y: float) -> None:
        col = 0
        for colour, count in zip(("blue", "red", "white"), cubes, strict=True):
            for _ in range(count):
                cx = x + col * 26
                canvas.fill_style = CUBE[colour]
                canvas.fill_rect(cx, y, 22, 22)
                canvas.stroke_style = INK
                canvas.line_width = 1.5
                canvas.stroke_rect(cx, y, 22, 22)
                ink = INK if colour == "white" else "#ffffff"
                draw_text(
                    canvas,
                    colour[0].upper(),
                    cx + 11,
                    y + 16,
                    size=13,
                    bold=True,
                    align="center",
                    colour=ink,
                )
                col += 1
        if col == 0:
            draw_text(canvas, "no cubes", x, y + 16, size=SMALL, colour="#777777")

    def _bets(self, canvas: Any, s: Any, lane: int, x: float, mid: float) -> None:
        tokens = [(p, True) for p, v in enumerate(s.visible) if v == lane]
        for p, bets in enumerate(s.hidden):
            if bets and bets != HIDDEN_BETS and lane in bets:
                tokens.append((p, False))
        for i, (p, visible) in enumerate(tokens[:6]):
            cx = x + 10 + (i % 4) * 21
            cy = mid - 10 + (i // 4) * 20 if len(tokens) > 4 else mid
            _token(canvas, p, cx, cy, visible)

    def _sheep(self, canvas: Any, s: Any, lane: int, mid: float, selected: bool) -> None:
        game = s.game
        track = game.rules.track
        sq = (TRACK_RIGHT - TRACK_X) / (track + 1)
        pos = s.pos[lane]
        out = s.out[lane]
        x = TRACK_RIGHT + 30 if out == FINISHED else TRACK_X + (pos + 0.5) * sq
        r = min(15.0, sq * 0.45 + 3)
        exhausted = out == EXHAUSTED
        canvas.fill_style = "#d0d0d0" if exhausted else "#ffffff"
        canvas.fill_circle(x, mid, r)
        canvas.stroke_style = SELECTED if selected else INK
        canvas.line_width = 4 if selected else 1.5
        canvas.stroke_circle(x, mid, r)
        canvas.line_width = 2
        canvas.stroke_style = INK
        legs = -1 if exhausted else 1  # an exhausted sheep lies on its back
        for dx in (-r * 0.5, r * 0.5):
            canvas.stroke_line(x + dx, mid + legs * r * 0.8, x + dx, mid + legs * (r + 5))
        draw_text(canvas, str(lane + 1), x, mid + 5, size=13, bold=True, align="center")
        if selected:
            draw_text(canvas, "▶", x - r - 4, mid + 6, size=16, align="right", colour=INK)
        if exhausted:
            draw_text(canvas, "exhausted", x, mid - r - 7, size=SMALL, align="center")
        if out == FINISHED and lane in s.order:
            place = s.order.index(lane)
            label = PLACES[place] if place < 3 else f"{place + 1}th"
            draw_text(canvas, label, x, mid - r - 2, size=SMALL, bold=True, align="center")

    def _bottom(self, canvas: Any, s: Any, viewer: int | None) -> None:
        game = s.game
        y = BOTTOM + 22
        podium = "Podium: " + (
            "; ".join(
                f"semifinal {i + 1}: " + ", ".join(game.card_name(c) for c in cards)
                for i, cards in enumerate(s.podium)
            )
            or "empty (the first three of each semifinal go here)"
        )
        draw_text(canvas, podium, 12, y, size=13, max_width=WIDTH - 24)
        y += 24
        n = game.rules.players
        ranking = sorted(range(n), key=lambda p: (-s.points[p], -s.stamps[p]))
        step = min(150, (WIDTH - 24) / n)
        for i, p in enumerate(ranking):
            x = 12 + i * step
            _token(canvas, p, x + 10, y + 4, True)
            mark = " (you)" if p == viewer else ""
            draw_text(
                canvas,
                f"{game.player_name(p)}{mark}: {s.points[p]}",
                x + 26,
                y + 9,
                size=13,
                bold=i == 0,
                max_width=step - 30,
            )
        y += 30
        legend = (
            "Bets: filled token = visible, hollow token = your hidden bet. "
            "Cubes: B blue, R red, W white.",
            f"Cards other than Requeijao and the {game.rules.track}-square track are "
            "sheepkit's own.",
        )
        for line in legend:
            draw_text(canvas, line, 12, y, size=SMALL, colour="#555555", max_width=WIDTH - 24)
            y += 18


def _token(canvas: Any, player: int, x: float, y: float, filled: bool) -> None:
    """A player's betting token: their shape and colour with their number; a hidden bet is
    drawn hollow."""
    colour = PLAYER_COLOURS[player % len(PLAYER_COLOURS)]
    shape = PLAYER_SHAPES[player % len(PLAYER_SHAPES)]
    if filled:
        draw_shape(canvas, shape, x, y, 10, colour)
        draw_text(
            canvas, str(player + 1), x, y + 4, size=11, bold=True, align="center", colour="#ffffff"
        )
    else:
        draw_shape(canvas, shape, x, y, 10, colour)
        draw_shape(canvas, shape, x, y, 7, PAPER)
        draw_text(canvas, str(player + 1), x, y + 4, size=11, bold=True, align="center", colour=INK)


__all__ = ["PACE_COSTS", "SheepRaceDrawing", "SheepRaceState", "SheepRaceView"]
