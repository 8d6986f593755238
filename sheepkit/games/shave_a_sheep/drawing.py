"""How Shave a Sheep looks: the middle pile, the wolf, the die and one panel per player.

Drawn with the ipycanvas Canvas API (the shell passes the canvas in, so nothing is imported
here). Colour is never the only cue: every die half carries its action word and every seat
its shape and name.
"""

from __future__ import annotations

from typing import Any

from ...drawing import (
    INK,
    PAPER,
    PLAYER_COLOURS,
    PLAYER_SHAPES,
    Drawing,
    Frame,
    Target,
    draw_shape,
    draw_text,
)
from .engine import ACT, ADD, HOWL, OVER, RACE, ROLL, Act, Howl, Move, ShaveASheepState
from .rules import COLOURS

#: The die's place on the board: x, y, width (room for two action words side by side), height.
DIE_BOX = (456, 34, 112, 84)

WIDTH, HEIGHT = 640, 400
PANEL_TOP = 168
#: A sheep's body, its wool bricks (five to a row) and the bricks of the safe pile.
BODY_W, BODY_H, BRICK_W, BRICK_H, GAP = 70, 40, 12, 10, 2
PILE_COLUMNS, PILE_SHOWN, PILE_GAP = 2, 30, 22
#: Each die colour, with an ink that reads on it.
FACE_FILL = {
    "white": "#FFFFFF",
    "x2": "#FFFFFF",
    "green": "#009E73",
    "gray": "#8C8C8C",
    "pink": "#F4A6C6",
}
FACE_INK = {"white": INK, "x2": INK, "green": "#FFFFFF", "gray": "#FFFFFF", "pink": INK}
WOOL, WOOL_EDGE, SLOT = "#FFFFFF", "#5A5A5A", "#B8AE98"
BODY, LEGS = "#DCCFB2", "#4A4A4A"


def panel_box(players: int, seat: int) -> tuple[float, float, float, float]:
    """x, y, width, height of a player's panel (seats left to right, clockwise)."""
    width = WIDTH / players
    return seat * width + 6, PANEL_TOP, width - 12, HEIGHT - PANEL_TOP - 6


def body_origin(players: int, seat: int) -> tuple[float, float]:
    """The top-left corner of a sheep's body; the head, wool and pile are placed around it."""
    x, y, w, _ = panel_box(players, seat)
    block = 25 + BODY_W + PILE_GAP + PILE_COLUMNS * (BRICK_W + GAP)  # head, body, pile
    return x + 25 + (w - block) / 2, y + 80


def sheep_box(players: int, seat: int) -> tuple[float, float, float, float]:
    """x, y, width, height of a whole sheep with its wool: the area a click selects it by."""
    bx, by = body_origin(players, seat)
    return bx - 26, by - 26, BODY_W + 48, 84


class ShaveASheepDrawing(Drawing[ShaveASheepState]):
    width = WIDTH
    height = HEIGHT

    # -- the BoardDrawing protocol -------------------------------------------------------------
    def draw(self, canvas: Any, frame: Frame[ShaveASheepState]) -> None:
        state = frame.state
        canvas.fill_style = PAPER
        canvas.fill_rect(0, 0, WIDTH, HEIGHT)
        self._draw_middle(canvas, state)
        self._draw_die(canvas, state)
        self._draw_status(canvas, state)
        targets = self._targets(state)
        for seat in range(state.game.rules.players):
            chosen = frame.selection == seat
            self._draw_panel(canvas, state, seat, seat in targets, chosen)
        if state.wolf is not None:  # a variant may leave the wolf beside a sheep
            x, y, w, _ = sheep_box(state.game.rules.players, state.wolf)
            self._draw_wolf(canvas, x + w, y + 10, 12)
            draw_text(canvas, "wolf", x + w, y + 34, size=11, bold=True, align="center")

    def click(self, frame: Frame[ShaveASheepState], x: float, y: float) -> tuple[Any, Move | None]:
        state = frame.state
        if state.phase not in (ACT, HOWL):
            return None, None
        for seat in range(state.game.rules.players):
            bx, by, bw, bh = sheep_box(state.game.rules.players, seat)
            if seat != state.to_move and bx <= x <= bx + bw and by <= y <= by + bh:
                fits = [m for m in state.legal_moves() if isinstance(m, Act) and m.target == seat]
                if not fits:
                    return None, None
                return (None, fits[0]) if len(fits) == 1 else (seat, None)
        return None, None

    def explain_click(self, frame: Frame[ShaveASheepState], x: float, y: float) -> str | None:
        """The "?" die waiting for a roll: the Roll button rolls it."""
        state = frame.state
        left, top, wide, size = DIE_BOX
        if state.phase == ROLL and left <= x <= left + wide and top <= y <= top + size:
            return "Press Roll, under the status, to roll the die."
        return None

    def targets(self, frame: Frame[ShaveASheepState]) -> tuple[Target, ...]:
        """The die, then each player's sheep (the ones a move may pick say so)."""
        state = frame.state
        left, top, wide, size = DIE_BOX
        face = "waiting for a roll" if state.phase == ROLL else f"showing {state.face or 'nothing'}"
        found = [Target(left + wide / 2, top + size / 2, f"The die: {face}", wide + 8, size + 8)]
        players = state.game.rules.players
        name = state.game.player_name
        pickable = self._targets(state)
        for seat in range(players):
            x, y, w, h = sheep_box(players, seat)
            words = (
                f"{name(seat)}'s sheep: {state.sheep[seat]} wool, {state.piles[seat]} in the pile"
            )
            if state.wolf == seat:
                words += ", the wolf beside it"
            if seat in pickable:
                words += ". Enter picks it"
            found.append(Target(x + w / 2, y + h / 2, words, w + 8, h + 8))
        return tuple(found)

    # -- parts of the picture ---------------------------------------------------------------
    def _targets(self, state: ShaveASheepState) -> set[int]:
        if state.phase not in (ACT, HOWL):
            return set()
        return {
            m.target for m in state.legal_moves() if isinstance(m, Act) and m.target is not None
        }

    def _draw_middle(self, canvas: Any, state: ShaveASheepState) -> None:
        draw_text(canvas, f"Middle: {state.middle} wool", 16, 20, size=18, bold=True)
        per_row = 10
        for i in range(state.middle):
            row, col = divmod(i, per_row)
            _brick(canvas, 16 + col * (20 + GAP), 34 + row * (BRICK_H + GAP), 20, BRICK_H)
        if state.wolf is None:
            self._draw_wolf(canvas, 300, 72, 26)
            draw_text(canvas, "Wolf", 300, 116, size=14, align="center")

    def _draw_wolf(self, canvas: Any, x: float, y: float, r: float) -> None:
        canvas.fill_style = "#6E6E6E"
        canvas.fill_polygon(
            [(x - r, y - r * 0.2), (x - r * 0.7, y - r * 1.3), (x - r * 0.2, y - r * 0.7)]
        )
        canvas.fill_polygon(
            [(x + r, y - r * 0.2), (x + r * 0.7, y - r * 1.3), (x + r * 0.2, y - r * 0.7)]
        )
        canvas.fill_circle(x, y, r)
        canvas.fill_style = "#BDBDBD"
        canvas.fill_polygon(
            [(x - r * 0.45, y + r * 0.1), (x + r * 0.45, y + r * 0.1), (x, y + r * 0.9)]
        )
        canvas.fill_style = "#FFD34D"
        canvas.fill_circle(x - r * 0.38, y - r * 0.25, r * 0.14)
        canvas.fill_circle(x + r * 0.38, y - r * 0.25, r * 0.14)
        canvas.fill_style = INK
        canvas.fill_circle(x, y + r * 0.75, r * 0.14)

    def _draw_die(self, canvas: Any, state: ShaveASheepState) -> None:
        x, y, wide, size = DIE_BOX
        name = state.game.player_name(state.turn)
        if state.phase == OVER:
            caption, face = "Game over", state.last_roll
        elif state.phase == ROLL:
            caption, face = f"{name}: roll the die", None
        else:
            caption, face = f"{name} rolled", state.face
        draw_text(canvas, caption, x + wide / 2, 20, size=15, bold=True, align="center")
        canvas.line_width = 2
        if face is None:
            canvas.fill_style = "#FFFFFF"
            canvas.fill_rect(x, y, wide, size)
            last = state.last_roll
            mark = "?" if state.phase == ROLL else ""
            draw_text(
                canvas,
                mark,
                x + wide / 2,
                y + size / 2,
                size=40,
                bold=True,
                align="center",
                baseline="middle",
            )
            if last is not None and state.phase == ROLL:
                draw_text(
                    canvas,
                    f"last roll: {str(last)[5:]}",
                    x + wide / 2,
                    y + size + 16,
                    size=12,
                    align="center",
                )
        else:
            half = wide / len(face.face)
            for i, action in enumerate(face.face):
                colour = COLOURS[action]
                canvas.fill_style = FACE_FILL[colour]
                canvas.fill_rect(x + i * half, y, half, size)
                cx = x + i * half + half / 2
                if colour == "x2":
                    draw_text(
                        canvas,
                        "x2",
                        cx,
                        y + size / 2 - 12,
                        size=26,
                        bold=True,
                        align="center",
                        baseline="middle",
                    )
                draw_text(
                    canvas,
                    action,
                    cx,
                    y + size - 14,
                    size=13,
                    bold=True,
                    align="center",
                    baseline="middle",
                    colour=FACE_INK[colour],
                )
            if len(face.face) == 2:
                canvas.stroke_style = INK
                canvas.stroke_line(x + half, y, x + half, y + size)
            choices = "last roll" if state.phase == OVER else "choose: " + " or ".join(face.face)
            draw_text(canvas, choices, x + wide / 2, y + size + 16, size=12, align="center")
        canvas.stroke_style = INK
        canvas.stroke_rect(x, y, wide, size)

    def _draw_status(self, canvas: Any, state: ShaveASheepState) -> None:
        """One line under the table: the result, or what just happened."""
        name = state.game.player_name
        if state.phase == OVER:
            text = str(state.outcome())
        elif state.phase == RACE:
            text = "Gray! First to howl grabs the wolf."
        elif state.phase == HOWL and state.howler is not None:
            text = f"{name(state.howler)} grabbed the wolf: click whose sheep loses one wool."
        elif state.phase == ADD:
            bit = self.last_event(state)
            text = f"{bit} {name(state.turn)} may add 1 wool, or not.".strip()
        elif self._targets(state):
            text = "Click a sheep in a dashed box, or pick a move."
        else:
            text = self.last_event(state)
            if state.wolf is not None and not text:
                text = f"The wolf stands by {name(state.wolf)}."
        if text:
            draw_text(
                canvas,
                text,
                WIDTH / 2,
                152,
                size=13,
                bold=True,
                align="center",
                max_width=WIDTH - 16,
            )

    def last_event(self, state: ShaveASheepState) -> str:
        """What the last player did, and any auto-shear, in words."""
        parts = []
        game = state.game
        name = game.player_name
        history = state.history
        cost = game.rules.shear_cost
        if state.phase == ADD and len(history) >= 2 and isinstance(history[-2], Howl):
            # The race winner's wolf has bitten; the roller is choosing.
            howler = name(history[-2].player)
            bit = history[-1]
            bitten = bit.target if isinstance(bit, Act) else None
            return f"{howler} howled first and sent the wolf to {name(bitten or 0)}."
        if history and isinstance(history[-1], Act) and state.phase == ROLL:
            move = history[-1]
            roller = name((state.turn - 1) % game.rules.players)
            if len(history) >= 3 and isinstance(history[-3], Howl):
                # A Howling Wolf turn: the race winner's wolf bit, then the roller chose.
                howler = name(history[-3].player)
                bit = history[-2]
                bitten = bit.target if isinstance(bit, Act) else None
                added = "added 1 wool" if move.action == "grow" else "added no wool"
                parts.append(
                    f"{howler} howled first and sent the wolf to {name(bitten or 0)}; "
                    f"{roller} {added}."
                )
            elif len(history) >= 2 and isinstance(history[-2], Howl):
                # A Howling Wolf turn whose roller had no room for a wool.
                howler = name(history[-2].player)
                parts.append(
                    f"{howler} howled first and sent the wolf to {name(move.target or 0)}."
                )
            else:
                said = self.words(state).move_label(state, move).lower()
                paid = _shear_fee(state) if move.action == "shear" and cost else None
                if paid is not None:
                    said += f" (paid {paid} wool)"
                parts.append(f"{roller}: {said}.")
        if state.phase == ROLL and state.auto_sheared:
            full = name(state.turn)
            sheared = state.auto_sheared
            fee = f", paid {min(cost, sheared)}" if cost else ""
            parts.append(f"{full}'s sheep was full: {sheared} wool sheared{fee}.")
        return " ".join(parts)

    def _draw_panel(
        self, canvas: Any, state: ShaveASheepState, seat: int, target: bool, chosen: bool
    ) -> None:
        players = state.game.rules.players
        x, y, w, h = panel_box(players, seat)
        colour = PLAYER_COLOURS[seat]
        # The race winner chooses in the roller's turn: their panel is the one marked.
        mover = state.howler if state.phase == HOWL else state.turn
        current = state.phase != OVER and seat == mover
        winner = state.phase == OVER and seat in state.winners()
        canvas.fill_style = "#FFFFFF" if current else PAPER
        canvas.fill_rect(x, y, w, h)
        canvas.stroke_style = colour
        canvas.line_width = 5 if current or winner else 1.5
        canvas.stroke_rect(x, y, w, h)
        draw_shape(canvas, PLAYER_SHAPES[seat], x + 16, y + 16, 8, colour)
        label = state.game.player_name(seat)
        if current:
            label = "\u25b6 " + label
        draw_text(
            canvas, label, x + 30, y + 17, size=15, bold=True, baseline="middle", colour=colour
        )
        doing = ""
        if state.phase == RACE and seat == state.turn:
            doing = "rolled gray: race!"
        elif state.phase == HOWL and seat == state.howler:
            doing = "grabbed the wolf: choose"
        elif current and state.phase == ADD:
            doing = "may add 1 wool"
        elif current:
            doing = "to roll the die" if state.phase == ROLL else "to choose an action"
        if doing:
            draw_text(canvas, doing, x + 10, y + 40, size=12, baseline="middle")
        if winner:
            draw_text(
                canvas,
                "WINNER",
                x + w - 8,
                y + 17,
                size=12,
                bold=True,
                align="right",
                baseline="middle",
                colour=colour,
            )

        bx, by = body_origin(players, seat)
        self._draw_sheep(canvas, state, seat, bx, by)
        if target or chosen:  # a sheep the roll lets you pick: click it
            sx, sy, sw, sh = sheep_box(players, seat)
            canvas.stroke_style = colour if chosen else INK
            canvas.line_width = 3 if chosen else 2
            canvas.set_line_dash([6, 4])
            canvas.stroke_rect(sx, sy, sw, sh)
            canvas.set_line_dash([])

        # The safe pile beside the sheep, stacked from the ground up.
        px, ground = bx + BODY_W + PILE_GAP, by + 56
        pile = state.piles[seat]
        for i in range(min(pile, PILE_SHOWN)):
            row, col = divmod(i, PILE_COLUMNS)
            _brick(canvas, px + col * (BRICK_W + GAP), ground - (row + 1) * 6, BRICK_W, 5)
        more = "+" if pile > PILE_SHOWN else ""
        draw_text(
            canvas,
            f"Sheep: {state.sheep[seat]} of {state.capacity}",
            x + 10,
            y + h - 46,
            size=13,
            bold=True,
        )
        draw_text(canvas, f"Safe pile: {pile}{more}", x + 10, y + h - 22, size=13, bold=True)

    def _draw_sheep(
        self, canvas: Any, state: ShaveASheepState, seat: int, x: float, y: float
    ) -> None:
        canvas.fill_style = LEGS
        for lx in (x + 4, x + 18, x + BODY_W - 22, x + BODY_W - 8):
            canvas.fill_rect(lx, y + 34, 5, 22)
        r = BODY_H / 2
        canvas.fill_style = BODY
        canvas.fill_rect(x, y, BODY_W, BODY_H)
        canvas.fill_circle(x, y + r, r)
        canvas.fill_circle(x + BODY_W, y + r, r)
        canvas.fill_style = LEGS
        canvas.fill_circle(x - 14, y + 6, 11)  # the head
        canvas.fill_style = "#FFFFFF"
        canvas.fill_circle(x - 17, y + 3, 2.5)
        # Wool bricks on the back; empty slots show how much more fits.
        cap = state.capacity
        for i in range(cap):
            row, col = divmod(i, 5)
            wx = x + col * (BRICK_W + GAP)
            wy = y + 4 - (row + 1) * (BRICK_H + GAP)
            if i < state.sheep[seat]:
                _brick(canvas, wx, wy, BRICK_W, BRICK_H)
            else:
                canvas.stroke_style = SLOT
                canvas.line_width = 1
                canvas.set_line_dash([2, 2])
                canvas.stroke_rect(wx, wy, BRICK_W, BRICK_H)
                canvas.set_line_dash([])


def _shear_fee(state: ShaveASheepState) -> int | None:
    """What the last shear paid, found by replaying the game (None for a made-up position,
    whose history does not start at a new game). Cutting costs only: the state keeps piles,
    not payments, and a payment is what a student wants to see."""
    from ...core import SheepkitError

    try:
        before = state.game.new_game()
        for move in state.history[:-1]:
            before = before.play(move)
    except SheepkitError:
        return None
    if before.phase != ACT or before.play(state.history[-1]) != state:
        return None
    me = before.turn
    return before.sheep[me] - (state.piles[me] - before.piles[me])


def _brick(canvas: Any, x: float, y: float, w: float, h: float) -> None:
    canvas.fill_style = WOOL
    canvas.fill_rect(x, y, w, h)
    canvas.stroke_style = WOOL_EDGE
    canvas.line_width = 1.5
    canvas.stroke_rect(x, y, w, h)
