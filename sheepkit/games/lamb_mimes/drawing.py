"""How Lamb Mimes looks: your hand along the bottom, the Pasture, the piles, the other hands.

Hidden information decides what is drawn. With a viewer (the human in front of the screen) the
picture is made from ``state.view(viewer)`` alone, so it cannot show a card that player has
not seen; only without one (an all-bot table, the end of the match) is every hand shown.
Colour is never the only cue: each half of a number card carries its colour's letter
(B, G, O, R), and a Lamb Mime is a sheep's face with its colour's letter and draw value.
Nothing here imports ipycanvas: any object with the Canvas drawing methods will do.
"""

from __future__ import annotations

from typing import Any

from ...core import Game, Move
from ...drawing import INK, PAPER, PLAYER_COLOURS, Drawing, Frame, Target, draw_text
from .engine import (
    OVER,
    PLACE,
    Flip,
    LambMimesState,
    Place,
    Play,
)
from .rules import LETTERS, MIME_DRAW, NUMBER_CARDS, PASTURE, colours_of
from .words import SeenTable, cards_count, headline, spoken, table_of

WIDTH, HEIGHT = 760, 520
CARD_W, CARD_H = 62, 88
MINI_W, MINI_H = 24, 34
RAISE = 14  # how far a playable hand card stands up
#: Okabe-Ito hues for blue, green, orange and red (vermillion), and an ink that reads on each.
HUE = ("#0072B2", "#009E73", "#E69F00", "#D55E00")
HUE_INK = ("#FFFFFF", "#FFFFFF", INK, "#FFFFFF")
BACK, BACK_MARK = "#3E5C76", "#9FB6CC"
MARK = "#F5B800"  # the outline of a card you may click
TABLE = "#E6EFE0"  # the Pasture's grass

# Fixed places on the canvas.
HEADER_H = 26
OPP_TOP, OPP_H = 30, 96
PASTURE_X, PASTURE_Y, PASTURE_GAP = 34, 162, 10
DISCARD_X, PILE_X, PILES_Y = 224, 316, 176
INFO_X = 430
HAND_TOP = 398  # top of an unraised hand card
HAND_LEFT, HAND_RIGHT = 20, WIDTH - 20


# -- geometry ---------------------------------------------------------------------------------
def spot_box(spot: int) -> tuple[float, float, float, float]:
    """x, y, width, height of Pasture spot ``spot`` (0-3: two on top, two below)."""
    row, col = divmod(spot, 2)
    x = PASTURE_X + col * (CARD_W + PASTURE_GAP)
    y = PASTURE_Y + row * (CARD_H + PASTURE_GAP)
    return x, y, CARD_W, CARD_H


def hand_step(cards: int) -> float:
    """Horizontal distance between hand cards: overlapping when the hand is long."""
    if cards <= 1:
        return 0.0
    return min(CARD_W + 8, (HAND_RIGHT - HAND_LEFT - CARD_W) / (cards - 1))


def hand_box(cards: int, index: int, raised: bool) -> tuple[float, float, float, float]:
    step = hand_step(cards)
    span = step * (cards - 1) + CARD_W
    left = HAND_LEFT + (HAND_RIGHT - HAND_LEFT - span) / 2
    y = HAND_TOP - (RAISE if raised else 0)
    return left + index * step, y, CARD_W, CARD_H + (RAISE if raised else 0)


def opponent_boxes(table: SeenTable) -> list[tuple[int, float, float, float, float]]:
    """(player, x, y, w, h) of each other player's panel, in turn order after the bottom."""
    n = len(table.hand_sizes)
    others = [(table.bottom + k) % n for k in range(1, n)]
    width = min(250.0, (WIDTH - 8) / len(others))
    return [(p, 4 + i * width, OPP_TOP, width - 8, OPP_H) for i, p in enumerate(others)]


class LambMimesDrawing(Drawing[LambMimesState]):
    """The BoardDrawing of Lamb Mimes (see ``sheepkit.core.contract``): 760 x 520 pixels."""

    width = WIDTH
    height = HEIGHT

    def __init__(self, game: Game[Any, Any, Any] | None = None) -> None:
        rules = getattr(game, "rules", None)
        #: The number printed on each Mime (a rule may change it; the draw value is fixed).
        self.mime_numbers: tuple[int, ...] = getattr(rules, "mime_numbers", MIME_DRAW)

    # -- the BoardDrawing protocol -------------------------------------------------------------
    def draw(self, canvas: Any, frame: Frame[LambMimesState]) -> None:
        table = table_of(frame)
        name = frame.state.game.player_name
        canvas.fill_style = PAPER
        canvas.fill_rect(0, 0, WIDTH, HEIGHT)
        draw_text(canvas, headline(table, name), 12, 18, size=15, bold=True)
        for player, x, y, w, h in opponent_boxes(table):
            self._draw_opponent(canvas, table, player, x, y, w, h, name(player))
        self._draw_pasture(canvas, table)
        self._draw_piles(canvas, table)
        self._draw_info(canvas, table, name)
        self._draw_hand(canvas, table, name)

    def click(self, frame: Frame[LambMimesState], x: float, y: float) -> tuple[Any, Move | None]:
        table = table_of(frame)
        moves = set(table.moves)
        if not moves:
            return None, None
        for spot in range(PASTURE):
            sx, sy, sw, sh = spot_box(spot)
            if sx <= x <= sx + sw and sy <= y <= sy + sh:
                flip = Flip(spot)
                return None, flip if flip in moves else None
        n = len(table.hand)
        for i in reversed(range(n)):  # the rightmost card lies on top
            card = table.hand[i]
            move = self._hand_move(table, card)
            hx, hy, hw, hh = hand_box(n, i, move in moves)
            if hx <= x <= hx + hw and hy <= y <= hy + hh:
                return None, move if move in moves else None
        return None, None

    def targets(self, frame: Frame[LambMimesState]) -> tuple[Target, ...]:
        """The four Pasture spots, then the cards of the hand in front of the screen (the
        part of each that shows: the rightmost lies on top)."""
        table = table_of(frame)
        found = []
        for number, spot in enumerate(table.spots):
            if spot.face is not None:
                what = spoken(spot.face) + (f" ({spot.note})" if spot.note else "")
            else:
                what = "a card face down" if spot.down else "empty"
            if Flip(number) in table.moves:
                what += "; Enter flips it"
            x, y, w, h = spot_box(number)
            found.append(Target(x + w / 2, y + h / 2, f"Pasture spot {number + 1}: {what}", w, h))
        n = len(table.hand)
        owner = (
            "Your"
            if frame.viewer is not None
            else f"{frame.state.game.player_name(table.bottom)}'s"
        )
        for i, card in enumerate(table.hand):
            move = self._hand_move(table, card)
            x, y, w, h = hand_box(n, i, move in table.moves)
            shown = w if i == n - 1 else min(w, hand_step(n))
            what = f"{owner} hand, card {i + 1} of {n}: {spoken(card)}"
            if move in table.moves:
                what += "; Enter plays it" if isinstance(move, Play) else "; Enter puts it there"
            found.append(Target(x + shown / 2, y + h / 2, what, shown, h))
        return tuple(found)

    def explain_click(self, frame: Frame[LambMimesState], x: float, y: float) -> str | None:
        """A hand card or Pasture spot that cannot be played now: the engine says why."""
        table = table_of(frame)
        state = frame.state
        assert isinstance(state, LambMimesState)
        meant: Move | None = None
        for spot in range(PASTURE):
            sx, sy, sw, sh = spot_box(spot)
            if sx <= x <= sx + sw and sy <= y <= sy + sh:
                meant = Flip(spot)
        n = len(table.hand)
        for i in reversed(range(n)):
            card = table.hand[i]
            move = self._hand_move(table, card)
            hx, hy, hw, hh = hand_box(n, i, move in table.moves)
            if meant is None and hx <= x <= hx + hw and hy <= y <= hy + hh:
                meant = move
        if meant is None or meant in table.moves:
            return None
        if not table.moves:
            return f"It is not your turn: {headline(table, state.game.player_name)}."
        return state.why_illegal(meant)

    @staticmethod
    def _hand_move(table: SeenTable, card: int) -> Move:
        return Place(card) if table.phase == PLACE else Play(card)

    # -- parts of the picture ---------------------------------------------------------------
    def _draw_opponent(
        self,
        canvas: Any,
        table: SeenTable,
        player: int,
        x: float,
        y: float,
        w: float,
        h: float,
        name: str,
    ) -> None:
        colour = PLAYER_COLOURS[player % len(PLAYER_COLOURS)]
        current = table.phase != OVER and player == table.turn
        out = player not in table.seats  # sitting out a tie-break round
        canvas.fill_style = "#FFFFFF" if current else PAPER
        canvas.fill_rect(x, y, w, h)
        canvas.stroke_style = colour
        canvas.line_width = 4 if current or player in table.won_by else 1.5
        canvas.stroke_rect(x, y, w, h)
        label = ("\u25b6 " if current else "") + name
        draw_text(canvas, label, x + 8, y + 16, size=13, bold=True, colour=colour, max_width=w - 16)
        size = table.hand_sizes[player]
        words = "sits out" if out else cards_count(size)
        if player in table.won_by:
            words += " \u00b7 WINNER"
        draw_text(canvas, words, x + 8, y + 32, size=12, max_width=w - 16)
        shown = table.hands.get(player)
        cards = len(shown) if shown is not None else size
        if not cards:
            return
        # A fan: overlapping cards, each turned a little more than the one before.
        card_w, card_h = (MINI_W, MINI_H) if shown is not None else (20, 30)
        step = min(card_w + 2, (w - 24 - card_w) / max(cards - 1, 1))
        span = step * (cards - 1) + card_w
        left = x + (w - span) / 2
        for i in range(cards):
            turn = (i - (cards - 1) / 2) * min(0.06, 0.5 / cards)
            cx, cy = left + i * step + card_w / 2, y + 42 + card_h / 2 + 4
            canvas.save()
            canvas.translate(cx, cy)
            canvas.rotate(turn)
            if shown is not None:
                self._mini(canvas, shown[i], -card_w / 2, -card_h / 2)
            else:
                _back(canvas, -card_w / 2, -card_h / 2, card_w, card_h)
            canvas.restore()

    def _draw_pasture(self, canvas: Any, table: SeenTable) -> None:
        x0, y0 = PASTURE_X - 14, PASTURE_Y - 24
        w = 2 * CARD_W + PASTURE_GAP + 28
        h = 2 * CARD_H + PASTURE_GAP + 32
        canvas.fill_style = TABLE
        canvas.fill_rect(x0, y0, w, h)
        draw_text(canvas, "Pasture", x0 + w / 2, y0 + 16, size=13, bold=True, align="center")
        flips = {m.spot for m in table.moves if isinstance(m, Flip)}
        for s, spot in enumerate(table.spots):
            x, y, cw, ch = spot_box(s)
            if not spot.down:
                canvas.stroke_style = "#8A9A80"
                canvas.line_width = 1.5
                canvas.set_line_dash([5, 4])
                canvas.stroke_rect(x, y, cw, ch)
                canvas.set_line_dash([])
                draw_text(canvas, "empty", x + cw / 2, y + ch / 2, size=11, align="center")
            elif spot.face is None:
                _back(canvas, x, y, cw, ch)
            else:
                # Known but face down: the face, dimmed, with who knows it.
                self._card(canvas, spot.face, x, y)
                canvas.global_alpha = 0.35
                canvas.fill_style = BACK
                canvas.fill_rect(x, y, cw, ch)
                canvas.global_alpha = 1.0
                canvas.fill_style = "#FFFFFF"
                canvas.fill_rect(x + 2, y + ch - 16, cw - 4, 14)
                draw_text(
                    canvas,
                    spot.note,
                    x + cw / 2,
                    y + ch - 5,
                    size=10,
                    bold=True,
                    align="center",
                    max_width=cw - 6,
                )
            # The spot's number, in a disc on its corner.
            canvas.fill_style = "#FFFFFF"
            canvas.fill_circle(x, y, 9)
            canvas.stroke_style = INK
            canvas.line_width = 1
            canvas.stroke_circle(x, y, 9)
            draw_text(canvas, str(s + 1), x, y + 4, size=11, bold=True, align="center")
            if table.phase == PLACE and table.pending and table.pending[0] == s:
                _outline(canvas, x, y, cw, ch, MARK, dash=True)
            elif s in flips:
                _outline(canvas, x, y, cw, ch, MARK)

    def _draw_piles(self, canvas: Any, table: SeenTable) -> None:
        y = PILES_Y
        draw_text(
            canvas, "Discard", DISCARD_X + CARD_W / 2, y - 10, size=12, bold=True, align="center"
        )
        if table.discard:
            for k in range(min(len(table.discard) - 1, 3), 0, -1):  # the pile's thickness
                canvas.fill_style = "#CFC7B4"
                canvas.fill_rect(DISCARD_X + 2 * k, y + 2 * k, CARD_W, CARD_H)
            self._card(canvas, table.discard[-1], DISCARD_X, y)
        draw_text(
            canvas,
            cards_count(len(table.discard)),
            DISCARD_X + CARD_W / 2,
            y + CARD_H + 20,
            size=11,
            align="center",
        )
        draw_text(
            canvas, "Draw pile", PILE_X + CARD_W / 2, y - 10, size=12, bold=True, align="center"
        )
        if table.pile:
            for k in range(min(table.pile - 1, 3), -1, -1):
                _back(canvas, PILE_X + 2 * k, y + 2 * k, CARD_W, CARD_H)
        else:
            canvas.stroke_style = "#8A9A80"
            canvas.set_line_dash([5, 4])
            canvas.stroke_rect(PILE_X, y, CARD_W, CARD_H)
            canvas.set_line_dash([])
        draw_text(
            canvas,
            cards_count(table.pile),
            PILE_X + CARD_W / 2,
            y + CARD_H + 20,
            size=11,
            align="center",
        )
        if table.pile_known:
            draw_text(
                canvas,
                f"({table.pile_known} known at the bottom)",
                PILE_X + CARD_W / 2,
                y + CARD_H + 34,
                size=10,
                align="center",
            )
        if table.aside:
            draw_text(canvas, "Out of the round:", DISCARD_X, 336, size=11)
            for i, card in enumerate(table.aside[:12]):
                self._mini(canvas, card, DISCARD_X + 100 + i * 16, 318)

    def _draw_info(self, canvas: Any, table: SeenTable, name: Any) -> None:
        """The match score table, and what is going on in words."""
        x, y = INFO_X, 146
        draw_text(canvas, "Match score (lowest wins)", x, y, size=13, bold=True)
        n = len(table.points)
        row_h = min(18, 108 / max(n, 1))
        for p in range(n):
            ry = y + 10 + p * row_h
            colour = PLAYER_COLOURS[p % len(PLAYER_COLOURS)]
            if table.phase != OVER and p == table.turn:
                canvas.fill_style = "#FFF3C4"
                canvas.fill_rect(x - 4, ry, 316, row_h)
            canvas.fill_style = colour
            canvas.fill_rect(x, ry + 4, 10, row_h - 8)
            mark = " (you)" if p == table.bottom and not table.hands else ""
            draw_text(
                canvas, name(p) + mark, x + 16, ry + row_h - 5, size=12, bold=p in table.won_by
            )
            cards = table.hand_sizes[p]
            draw_text(canvas, f"{cards} in hand", x + 190, ry + row_h - 5, size=12, align="right")
            draw_text(
                canvas,
                f"{table.points[p]} pts",
                x + 300,
                ry + row_h - 5,
                size=12,
                bold=True,
                align="right",
            )
        lines = [self._hint(table, name)]
        if table.last:
            lines.append(table.last)
        ty = y + 24 + n * row_h
        for line in lines:
            for part in _wrap(line, 50):
                draw_text(canvas, part, x, ty, size=12)
                ty += 15
            ty += 4

    def _hint(self, table: SeenTable, name: Any) -> str:
        moves = table.moves
        if table.phase == OVER:
            return "Final hands are shown face up."
        if not moves:
            if table.phase in (PLACE,) or table.turn != table.bottom:
                return f"Waiting for {name(table.turn)}."
            return "The cards are being dealt or drawn."
        if table.phase == PLACE:
            return "Your flipped card fitted! Click a hand card to hide it in its spot."
        if any(isinstance(m, Play) for m in moves):
            return "Click a raised card to play it on the discard pile."
        if any(isinstance(m, Flip) for m in moves):
            return "Nothing fits: click a Pasture card to flip it. Remember what you see!"
        return "Nothing to play or flip: pass."

    def _draw_hand(self, canvas: Any, table: SeenTable, name: Any) -> None:
        who = name(table.bottom)
        title = f"Your hand ({who})" if not table.hands else f"{who}'s hand"
        draw_text(
            canvas,
            f"{title}: {cards_count(len(table.hand))}",
            HAND_LEFT,
            HAND_TOP - RAISE - 10,
            size=13,
            bold=True,
            colour=PLAYER_COLOURS[table.bottom % len(PLAYER_COLOURS)],
        )
        moves = set(table.moves)
        n = len(table.hand)
        for i, card in enumerate(table.hand):
            marked = self._hand_move(table, card) in moves
            x, y, _, _ = hand_box(n, i, marked)
            self._card(canvas, card, x, y)
            if marked:
                _outline(canvas, x, y, CARD_W, CARD_H, MARK)

    # -- cards --------------------------------------------------------------------------------
    def _card(self, canvas: Any, card: int, x: float, y: float) -> None:
        """A card face, CARD_W x CARD_H, top-left at (x, y)."""
        w, h = CARD_W, CARD_H
        if card >= NUMBER_CARDS:
            self._mime(canvas, card, x, y, w, h)
            return
        a, b = colours_of(card)
        half = w / 2
        for i, colour in enumerate((a, b)):  # the two colours side by side, each lettered
            canvas.fill_style = HUE[colour]
            canvas.fill_rect(x + i * half, y, half, h)
            for ly in (y + 15, y + h - 6):
                draw_text(
                    canvas,
                    LETTERS[colour],
                    x + i * half + half / 2,
                    ly,
                    size=13,
                    bold=True,
                    align="center",
                    colour=HUE_INK[colour],
                )
        canvas.fill_style = "#FFFFFF"
        canvas.fill_circle(x + half, y + h / 2, 18)
        canvas.stroke_style = INK
        canvas.line_width = 1.5
        canvas.stroke_circle(x + half, y + h / 2, 18)
        draw_text(
            canvas, str(card % 7 + 1), x + half, y + h / 2 + 10, size=28, bold=True, align="center"
        )
        canvas.stroke_style = INK
        canvas.line_width = 1.5
        canvas.stroke_rect(x, y, w, h)

    def _mime(self, canvas: Any, card: int, x: float, y: float, w: float, h: float) -> None:
        colour = card - NUMBER_CARDS
        canvas.fill_style = HUE[colour]
        canvas.fill_rect(x, y, w, h)
        canvas.fill_style = "#FFFFFF"
        canvas.fill_rect(x + 4, y + 4, w - 8, h - 8)
        canvas.fill_style = HUE[colour]
        canvas.fill_rect(x + 4, y + 4, w - 8, 18)
        ink = HUE_INK[colour]
        number = self.mime_numbers[colour]
        draw_text(canvas, str(number), x + 8, y + 18, size=15, bold=True, colour=ink)
        draw_text(
            canvas,
            LETTERS[colour],
            x + w - 8,
            y + 18,
            size=13,
            bold=True,
            align="right",
            colour=ink,
        )
        _sheep_face(canvas, x + w / 2, y + 46, 13)
        draw_text(
            canvas,
            f"draw {MIME_DRAW[colour]}",
            x + w / 2,
            y + h - 9,
            size=11,
            bold=True,
            align="center",
        )
        canvas.stroke_style = INK
        canvas.line_width = 1.5
        canvas.stroke_rect(x, y, w, h)

    def _mini(self, canvas: Any, card: int, x: float, y: float) -> None:
        """A small face-up card: the number (M for a Mime) over the colour letters."""
        w, h = MINI_W, MINI_H
        cols = colours_of(card)
        part = w / len(cols)
        for i, colour in enumerate(cols):
            canvas.fill_style = HUE[colour]
            canvas.fill_rect(x + i * part, y, part, h)
        canvas.fill_style = "#FFFFFF"
        canvas.fill_rect(x + 2, y + 2, w - 4, h * 0.5)
        top = "M" if card >= NUMBER_CARDS else str(card % 7 + 1)
        draw_text(canvas, top, x + w / 2, y + h * 0.45, size=12, bold=True, align="center")
        letters = "".join(LETTERS[c] for c in cols)
        draw_text(
            canvas,
            letters,
            x + w / 2,
            y + h - 3,
            size=9,
            bold=True,
            align="center",
            colour=HUE_INK[cols[0]],
        )
        canvas.stroke_style = INK
        canvas.line_width = 1
        canvas.stroke_rect(x, y, w, h)


# -- drawing helpers --------------------------------------------------------------------------
def _back(canvas: Any, x: float, y: float, w: float, h: float) -> None:
    """A card back: the same for every card, so it tells nothing."""
    canvas.fill_style = BACK
    canvas.fill_rect(x, y, w, h)
    canvas.stroke_style = BACK_MARK
    canvas.line_width = 1
    canvas.stroke_rect(x + 3, y + 3, w - 6, h - 6)
    canvas.fill_style = BACK_MARK
    for row in range(3):
        for col in range(2):
            canvas.fill_circle(x + w * (0.3 + 0.4 * col), y + h * (0.25 + 0.25 * row), w * 0.08)
    canvas.stroke_style = INK
    canvas.stroke_rect(x, y, w, h)


def _sheep_face(canvas: Any, cx: float, cy: float, r: float) -> None:
    """A woolly head: a ring of white puffs, a dark face, two eyes, two ears."""
    canvas.fill_style = "#D8D2C4"
    for dx, dy in ((-1, -0.6), (0, -0.95), (1, -0.6), (-1.05, 0.2), (1.05, 0.2)):
        canvas.fill_circle(cx + dx * r, cy + dy * r, r * 0.55)
    canvas.fill_style = "#3A3A3A"
    canvas.fill_polygon(
        [(cx - r * 1.5, cy - r * 0.1), (cx - r * 0.6, cy - r * 0.3), (cx - r * 0.7, cy + r * 0.2)]
    )
    canvas.fill_polygon(
        [(cx + r * 1.5, cy - r * 0.1), (cx + r * 0.6, cy - r * 0.3), (cx + r * 0.7, cy + r * 0.2)]
    )
    canvas.fill_circle(cx, cy + r * 0.25, r * 0.72)
    canvas.fill_style = "#FFFFFF"
    canvas.fill_circle(cx - r * 0.3, cy + r * 0.1, r * 0.16)
    canvas.fill_circle(cx + r * 0.3, cy + r * 0.1, r * 0.16)


def _outline(
    canvas: Any, x: float, y: float, w: float, h: float, colour: str, dash: bool = False
) -> None:
    canvas.stroke_style = colour
    canvas.line_width = 4
    if dash:
        canvas.set_line_dash([6, 4])
    canvas.stroke_rect(x - 3, y - 3, w + 6, h + 6)
    if dash:
        canvas.set_line_dash([])


def _wrap(text: str, width: int) -> list[str]:
    lines, line = [], ""
    for word in text.split():
        if line and len(line) + 1 + len(word) > width:
            lines.append(line)
            line = word
        else:
            line = f"{line} {word}".strip()
    return [*lines, line] if line else lines


__all__ = ["HEIGHT", "WIDTH", "LambMimesDrawing", "hand_box", "spoken", "spot_box"]
