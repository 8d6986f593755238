"""Fox and Geese on the 33-point cross: thirteen geese try to pen in a fox that jumps and
takes them, several at a time. Made with the kit."""

from sheepkit import kit

GEESE = ["a3", "b3", "c3", "d3", "e3", "f3", "g3", "c2", "d2", "e2", "c1", "d1", "e1"]

game = kit.Game(
    "Fox and Geese",
    board=kit.cross(),
    sides=[
        kit.Side("Geese", pieces=GEESE, moves=[kit.step(kit.FORWARD_AND_SIDEWAYS)]),
        kit.Side(
            "Fox",
            pieces=["d5"],
            moves=[kit.step(kit.ALL), kit.jump(kit.ALL, capture=True, chain=True)],
        ),
    ],
    goals=[kit.capture("Fox", 5), kit.block("Geese"), kit.move_limit(200)],
)
