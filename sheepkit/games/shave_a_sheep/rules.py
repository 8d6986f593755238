"""The rule parameters of Shave a Sheep, with the die as plain data a student can edit."""

from __future__ import annotations

from dataclasses import dataclass

from ...core import InvalidRules, Rules, rule

#: The five actions a die face can show, in the order the rules describe them.
ACTIONS = ("grow", "double", "swap", "wolf", "shear")
#: The colour word of each action on the die (x2 is printed, not a colour).
COLOURS = {"grow": "white", "double": "x2", "swap": "green", "wolf": "gray", "shear": "pink"}
ACTION_OF_COLOUR = {colour: action for action, colour in COLOURS.items()}

Face = tuple[str, ...]

#: The die of the base game: white, x2, white/pink, white/green, gray/pink, gray/green.
BASE_DIE: tuple[Face, ...] = (
    ("grow",),
    ("double",),
    ("grow", "shear"),
    ("grow", "swap"),
    ("wolf", "shear"),
    ("wolf", "swap"),
)

#: Chosen by simulation (see seeds/shave_a_sheep.md): about 20-40 turns with 2 to 4 players.
DEFAULT_WOOL = 12


def face_name(face: Face) -> str:
    """A face in colour words, e.g. ``white/pink`` or ``x2``."""
    return "/".join(COLOURS[action] for action in face)


@dataclass(frozen=True)
class ShaveASheepRules(Rules):
    players: int = rule(2, "Number of players, each with one sheep.", min=2, max=4)
    wool: int = rule(
        DEFAULT_WOOL,
        "Wool bricks in the middle at the start (the printed rules do not say how many).",
        min=5,
        max=60,
    )
    sheep_capacity: int = rule(
        5,
        "The most wool a sheep can carry. A full sheep is sheared before its owner rolls.",
        min=2,
        max=10,
    )
    die: tuple[Face, ...] = rule(
        BASE_DIE,
        "The six faces of the die; each face shows one or two of the actions "
        + ", ".join(ACTIONS)
        + ".",
    )
    futile_actions: bool = rule(
        True,
        "Allow actions that change nothing (such as sending the wolf to a bare sheep). When "
        "off, such actions are not offered, and a player whose every option is futile passes.",
    )
    turn_limit: int = rule(
        200,
        "A safety valve: after this many turns the game ends as if the middle were empty.",
        min=10,
        max=1000,
    )

    def check(self) -> None:
        die = self.die
        if len(die) != 6:
            raise InvalidRules(f"rule 'die' must have 6 faces; got {len(die)}", "die")
        for number, face in enumerate(die, start=1):
            if not isinstance(face, tuple) or not 1 <= len(face) <= 2:
                raise InvalidRules(
                    f"rule 'die': face {number} must list one or two actions; got {face!r}",
                    "die",
                )
            for action in face:
                if action not in ACTIONS:
                    raise InvalidRules(
                        f"rule 'die': face {number} has the unknown action {action!r}; the "
                        f"actions are {', '.join(ACTIONS)}",
                        "die",
                    )
            if len(face) == 2 and face[0] == face[1]:
                raise InvalidRules(
                    f"rule 'die': face {number} shows {face[0]!r} twice; write a one-colour "
                    f"face as ({face[0]!r},)",
                    "die",
                )
