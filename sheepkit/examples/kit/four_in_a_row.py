"""Four in a Row: drop pieces into the columns of an upright board; four in a line wins.
Made with the kit."""

from sheepkit import kit

game = kit.Game(
    "Four in a Row",
    board=kit.squares(7, 6),
    sides=[
        kit.Side("Blue", moves=[kit.drop()]),
        kit.Side("Red", moves=[kit.drop()]),
    ],
    goals=[kit.in_a_row(4)],
)
