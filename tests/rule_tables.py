"""Structured rules (tables) and a new value for each, shared by the tests of the two widgets
that edit them as JSON text: the app's rules panel (test_game_apps.py) and the Rule Lab
(test_lab_widgets.py)."""

TABLE_RULES = [
    (
        "shave_a_sheep",
        "die",
        (
            ("wolf", "grow"),
            ("grow", "swap"),
            ("swap", "shear"),
            ("shear", "grow"),
            ("grow",),
            ("double",),
        ),
    ),
    ("sheep_race", "final_dice", ((1, 1, 2, 2, 3, 3), (2, 0, 0, 0, 0, 1))),
]
