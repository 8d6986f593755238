"""The rule parameters of Shave a Sheep, with the die as plain data a student can edit."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

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

#: The Howling Wolf die, faces in the printed order: gray/white, white/green, green/pink,
#: pink/white, white/gray, x2. Faces 1 and 5 carry the same two colours, so they are one
#: outcome ("roll gray/white") with probability 1/3.
HOWLING_DIE: tuple[Face, ...] = (
    ("wolf", "grow"),
    ("grow", "swap"),
    ("swap", "shear"),
    ("shear", "grow"),
    ("grow", "wolf"),
    ("double",),
)

#: What gray means: the base wolf, the Howling Wolf race, or My friend Mr. Wolf.
WOLVES = ("base", "howling_wolf", "mr_wolf")

#: The variants of the printed rules as rule changes. Howling Wolf is two changes (its die and
#: its wolf), which a class can also try one at a time; Cutting costs combines with any wolf.
VARIANTS: dict[str, dict[str, Any]] = {
    "base": {},
    "cutting_costs": {"shear_cost": 1},
    "howling_wolf": {"wolf": "howling_wolf", "die": HOWLING_DIE},
    "mr_wolf": {"wolf": "mr_wolf"},
}

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
    shear_cost: int = rule(
        0,
        "Cutting costs: wool each shear returns to the middle as payment (taken from the shorn "
        "wool; shearing a bare sheep pays nothing). 0 is the base game, 1 the printed variant.",
        min=0,
        max=3,
    )
    final_shear_pays: bool = rule(
        True,
        "With cutting costs, the last shear at the end of the game pays too (the game stays "
        "over even though the payment goes back to the middle).",
    )
    wolf: str = rule(
        "base",
        "What gray does: 'base' strips a sheep bare; 'howling_wolf' starts a race to grab the "
        "wolf and take one wool, then the roller may grow one; 'mr_wolf' sends the wolf to take "
        "wool into your own pile (option A), or fetches up to two and brings it home (B).",
        choices=WOLVES,
        choice_labels={"base": "Plain wolf", "howling_wolf": "Howling Wolf", "mr_wolf": "Mr. Wolf"},
        setup=True,
    )
    roller_can_howl: bool = rule(
        True,
        "Howling Wolf: the player who rolled gray may win the race too (off: only the others).",
    )
    futile_actions: bool = rule(
        True,
        "Allow actions that change nothing (such as sending the wolf to a bare sheep). When "
        "off, such actions are not offered, and a player whose every option is futile passes.",
    )
    turn_limit: int = rule(
        0,
        "A safety valve: after this many turns the game ends as if the middle were empty "
        "(final shear, biggest pile wins). 0 (the default) follows the rules: 200 turns per "
        "12 wool in the middle, times (1 + shear_cost), which no game of 1,000 random ones "
        "reaches at any allowed rules.",
        min=0,
        max=10_000,
    )

    def check(self) -> None:
        check_die(self.die)
        if 0 < self.turn_limit < 10:
            raise InvalidRules(
                f"rule 'turn_limit' must be 0 (follow the rules) or between 10 and 10000; "
                f"got {self.turn_limit}",
                "turn_limit",
            )
        if self.shear_cost >= self.sheep_capacity:
            raise InvalidRules(
                f"rule 'shear_cost' must be less than the sheep capacity "
                f"({self.sheep_capacity}): a full sheep would bank nothing and the game "
                "could never end",
                "shear_cost",
            )

    @property
    def turns(self) -> int:
        """The turn limit in force: ``turn_limit``, or with 0 the one that follows the rules."""
        return self.turn_limit or auto_turn_limit(self.wool, self.shear_cost)


def auto_turn_limit(wool: int, shear_cost: int) -> int:
    """200 turns per 12 wool (rounded up), times (1 + shear_cost): the default turn limit.

    Games grow longer with the wool and with the cutting cost (each shear returns wool); at
    the extremes of the allowed rules 1,000 random games stay well inside this limit (see
    seeds/shave_a_sheep.md).
    """
    return 200 * -(-wool // 12) * (1 + shear_cost)


def check_die(die: Any) -> None:
    """Raise InvalidRules (field ``die``) unless ``die`` is six faces of one or two actions."""
    if not isinstance(die, tuple) or len(die) != 6:
        got = len(die) if isinstance(die, tuple | list) else repr(die)
        raise InvalidRules(f"rule 'die' must have 6 faces; got {got}", "die")
    for number, face in enumerate(die, start=1):
        if not isinstance(face, tuple) or not 1 <= len(face) <= 2:
            raise InvalidRules(
                f"rule 'die': face {number} must list one or two actions; got {face!r}", "die"
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


# -- the die as a small JSON object, for the die designer -----------------------------------
DIE_FORMAT = "sheepkit-die"


def die_to_json(die: tuple[Face, ...], name: str | None = None) -> dict[str, Any]:
    """The die as a JSON-able object: ``{"format": "sheepkit-die", "faces": [["grow"], ...]}``."""
    check_die(tuple(tuple(face) for face in die))
    data: dict[str, Any] = {"format": DIE_FORMAT, "faces": [list(face) for face in die]}
    if name is not None:
        data["name"] = name
    return data


def die_from_json(data: Any) -> tuple[Face, ...]:
    """The die in a JSON object (or its text) made by :func:`die_to_json`.

    Faces may name actions (``grow``) or colours (``white``, ``x2``), or be written as one
    string such as ``"white/pink"``. Anything else raises InvalidRules saying what is wrong.
    """
    if isinstance(data, str | bytes):
        try:
            data = json.loads(data)
        except ValueError as e:
            raise InvalidRules(f"the die is not valid JSON: {e}", "die") from None
    if not isinstance(data, dict):
        raise InvalidRules(
            f'a die is a JSON object like {{"faces": [["grow"], ...]}}, not {data!r}', "die"
        )
    if data.get("format", DIE_FORMAT) != DIE_FORMAT:
        raise InvalidRules(f"not a die (format is {data.get('format')!r})", "die")
    faces = data.get("faces")
    if not isinstance(faces, list):
        raise InvalidRules('a die needs "faces": a list of six faces', "die")
    die = tuple(_read_face(number, face) for number, face in enumerate(faces, start=1))
    check_die(die)
    return die


def _read_face(number: int, face: Any) -> Face:
    if isinstance(face, str):
        face = face.split("/")
    if not isinstance(face, list) or not all(isinstance(word, str) for word in face):
        raise InvalidRules(
            f'face {number} must be a list of action names such as ["grow", "shear"]; got {face!r}',
            "die",
        )
    words = [word.strip().lower() for word in face]
    unknown = [w for w in words if w not in ACTIONS and w not in ACTION_OF_COLOUR]
    if unknown:
        raise InvalidRules(
            f"face {number} has the unknown action {unknown[0]!r}; use an action "
            f"({', '.join(ACTIONS)}) or a colour ({', '.join(ACTION_OF_COLOUR)})",
            "die",
        )
    return tuple(ACTION_OF_COLOUR.get(w, w) for w in words)
