"""Noughts and Crosses (tic-tac-toe): three in a row on a 3 by 3 board, made with the kit."""

from sheepkit import kit

game = kit.Game(
    "Noughts and Crosses",
    board=kit.squares(3),
    sides=[
        kit.Side("X", moves=[kit.place()]),
        kit.Side("O", moves=[kit.place()]),
    ],
    goals=[kit.in_a_row(3)],
)
