"""Hounds and Hare, the lesson's game (seeds/hounds_and_hare.md), made with the kit: three
hounds that never turn back try to pen in one hare on 11 points."""

from sheepkit import kit

game = kit.Game(
    "Hounds and Hare",
    name="kit_hounds_and_hare",  # "hounds_and_hare" is the lesson's class-based game
    board=kit.lines(5, 3, diagonals=True, holes=["a1", "a3", "e1", "e3"]),
    sides=[
        kit.Side(
            "Hounds",
            pieces=["a2", "b3", "b1"],
            moves=[kit.step(kit.NOT_BACKWARD)],
            forward="right",
            mark="D",
        ),
        kit.Side("Hare", pieces=["e2"], moves=[kit.step(kit.ALL)], mark="H"),
    ],
    goals=[kit.get_past("Hare"), kit.stall("Hare", 10), kit.block()],
)
