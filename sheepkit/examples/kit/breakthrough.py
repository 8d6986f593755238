"""Breakthrough: two rows of pieces each that step forward and take diagonally; the first to
reach the far row wins. Made with the kit."""

from sheepkit import kit

MOVES = [kit.step(kit.FORWARD), kit.step(kit.FORWARD_DIAGONALS, capture=True)]

game = kit.Game(
    "Breakthrough",
    board=kit.squares(8),
    sides=[
        kit.Side("White", pieces=kit.rows(2), moves=MOVES),
        kit.Side("Black", pieces=kit.rows(2), moves=MOVES),
    ],
    goals=[kit.reach(), kit.capture()],
)
