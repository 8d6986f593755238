"""Shave a Sheep (LEGO Games, 2010), the base game: grow wool on your sheep, keep it safe.

A turn is two entries in the history: the roll of the die (a chance node) and the one action
the roller picks from the rolled face. A full sheep is sheared at the start of its owner's
turn as part of the previous move (so it is not a history entry). The game ends the moment
the middle runs out of wool (or at the turn limit); then every sheep is sheared once more and
the biggest pile wins. Standard library only: this module never imports a UI package.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any, NamedTuple

from ...core import CHANCE, Game, IllegalMove, Outcome, State, cached, register
from .rules import (
    ACTION_OF_COLOUR,
    ACTIONS,
    COLOURS,
    Face,
    ShaveASheepRules,
    face_name,
)

if TYPE_CHECKING:
    from collections.abc import Callable

    from ...bots.base import Bot

ROLL, ACT, OVER = 0, 1, 2
PHASES = {"roll": ROLL, "act": ACT}
TARGETED = frozenset({"swap", "wolf"})
#: Each action as a phrase for messages.
DOING = {
    "grow": "grow wool",
    "double": "double wool",
    "swap": "swap sheep",
    "wolf": "send the wolf",
    "shear": "shear your sheep",
}


class Roll(NamedTuple):
    """A chance outcome: the face of the die that came up, as action names."""

    face: Face

    def __str__(self) -> str:
        return "roll " + face_name(self.face)


class Act(NamedTuple):
    """A player's move: one action of the rolled face; ``target`` is a seat index from 0."""

    action: str
    target: int | None = None

    def __str__(self) -> str:
        # Seats are numbered from 1 in the notation, as "Player 1" is.
        return self.action if self.target is None else f"{self.action} {self.target + 1}"


PASS = Act("pass")
Move = Roll | Act


def _and(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _or(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


@register
class ShaveASheep(Game):
    name = "shave_a_sheep"
    title = "Shave a Sheep"
    rules_type = ShaveASheepRules
    rules: ShaveASheepRules

    def __init__(self, rules: ShaveASheepRules | None = None, **changes: Any) -> None:
        super().__init__(rules, **changes)
        r = self.rules
        players = range(r.players)
        # The die's chance table is built once per game: Fractions are slow to make.
        first: dict[frozenset[str], Roll] = {}
        counts: dict[Roll, int] = {}
        rolls = []
        for face in r.die:
            roll = first.setdefault(frozenset(face), Roll(face))  # same actions: same face
            counts[roll] = counts.get(roll, 0) + 1
            rolls.append(roll)
        self.faces: tuple[Roll, ...] = tuple(counts)
        self.chance_table = tuple((roll, Fraction(n, 6)) for roll, n in counts.items())
        self._die_rolls = tuple(rolls)  # sampling one of six faces uniformly is exact
        self._swaps = tuple(Act("swap", p) for p in players)
        self._wolves = tuple(Act("wolf", p) for p in players)
        # With futile actions allowed, the options depend only on the face and the mover.
        self._options = {
            roll: tuple(self._face_options(roll.face, me) for me in players) for roll in counts
        }

    def _face_options(self, face: Face, me: int) -> tuple[Act, ...]:
        options: list[Act] = []
        for action in face:
            if action in TARGETED:
                targets = self._swaps if action == "swap" else self._wolves
                options += [targets[p] for p in range(self.rules.players) if p != me]
            else:
                options.append(Act(action))
        return tuple(options)

    @property
    def max_length(self) -> int:
        # Every turn is exactly one roll and one action, and there are at most turn_limit turns.
        return 2 * self.rules.turn_limit

    def new_game(self) -> ShaveASheepState:
        n = self.rules.players
        return ShaveASheepState(self, (), self.rules.wool, (0,) * n, (0,) * n, 0, ROLL, None, 1)

    def bots(self) -> dict[str, Callable[[], Bot]]:
        from .bots import SensibleBot

        return {"Sensible": SensibleBot}

    def parse_move(self, text: str) -> Move:
        words = text.strip().lower().split()
        if len(words) == 2 and words[0] == "roll":
            colours = words[1].split("/")
            if 1 <= len(colours) <= 2 and all(c in ACTION_OF_COLOUR for c in colours):
                return Roll(tuple(ACTION_OF_COLOUR[c] for c in colours))
        elif len(words) == 1 and words[0] in ("grow", "double", "shear", "pass"):
            return Act(words[0])
        elif len(words) == 2 and words[0] in TARGETED and words[1].isascii() and words[1].isdigit():
            seat = int(words[1])
            if seat >= 1:
                return Act(words[0], seat - 1)
        raise ValueError(
            f"cannot read {text!r} as a Shave a Sheep move: write grow, double, shear, pass, "
            "'swap N' or 'wolf N' (N a player number from 1), or a roll such as 'roll white/pink'"
        )

    # -- the effects of actions, kept apart so that variants can hook into them -------------
    def shear(
        self, sheep: list[int], piles: list[int], player: int, *, final: bool = False
    ) -> None:
        """Move all wool on ``player``'s sheep to their safe pile (a cost could hook in here)."""
        piles[player] += sheep[player]
        sheep[player] = 0

    def take_wool(self, middle: int, on_sheep: int, wanted: int) -> int:
        """How much wool a grow (1) or double (2) moves: never past capacity or what is left."""
        return max(0, min(wanted, self.rules.sheep_capacity - on_sheep, middle))

    # -- positions for tests and lessons ------------------------------------------------------
    def position(
        self,
        *,
        middle: int | None = None,
        sheep: tuple[int, ...] | None = None,
        piles: tuple[int, ...] | None = None,
        to_move: int = 0,
        phase: str = "roll",
        face: Face | str | Roll | None = None,
        turn: int = 1,
    ) -> ShaveASheepState:
        """A made-up position with an empty history, for tests and lessons (not for records).

        ``middle`` defaults to the wool not on a sheep or pile. ``phase="roll"`` is the start
        of ``to_move``'s turn, so a full sheep is sheared at once, as the rules say;
        ``phase="act"`` needs the rolled ``face`` (action names, colour words or a Roll).
        """
        n = self.rules.players
        sheep = tuple(sheep) if sheep is not None else (0,) * n
        piles = tuple(piles) if piles is not None else (0,) * n
        if len(sheep) != n or len(piles) != n:
            raise ValueError(f"give one sheep and one pile per player ({n} players)")
        if middle is None:
            middle = self.rules.wool - sum(sheep) - sum(piles)
        cap = self.rules.sheep_capacity
        if middle < 1 or min(sheep + piles) < 0 or max(sheep) > cap:
            raise ValueError(
                f"wool counts must be >= 0, a sheep holds at most {cap}, and the middle holds "
                f"wool (the game is over once it is empty); got middle={middle}"
            )
        if not 0 <= to_move < n or phase not in PHASES or not 1 <= turn <= self.rules.turn_limit:
            raise ValueError("to_move must be a seat from 0, phase 'roll' or 'act', turn >= 1")
        roll = None
        if phase == "act":
            roll = self._roll_of(face)
        elif face is not None:
            raise ValueError("a face is only given for phase='act' (the die is not rolled yet)")
        state = ShaveASheepState(self, (), middle, sheep, piles, to_move, PHASES[phase], roll, turn)
        if phase == "roll":
            state = state._start_turn(list(sheep), list(piles), middle, to_move, turn, ())
        return state

    def _roll_of(self, face: Face | str | Roll | None) -> Roll:
        if isinstance(face, str):
            text = face if face.startswith("roll") else "roll " + face
            parsed = self.parse_move(text)
            assert isinstance(parsed, Roll)
            face = parsed.face
        elif isinstance(face, Roll):
            face = face.face
        for roll in self.faces:
            if face is not None and frozenset(roll.face) == frozenset(face):
                return roll
        raise ValueError(f"{face!r} is not a face of this die")


@dataclass(frozen=True)
class ShaveASheepState(State):
    """A position: wool in the middle, on each sheep and in each pile, whose turn and phase."""

    game: ShaveASheep
    middle: int
    sheep: tuple[int, ...]
    piles: tuple[int, ...]
    turn: int  # the seat whose turn it is (the roller, then the chooser)
    phase: int  # ROLL, ACT or OVER
    face: Roll | None  # the face being acted on (ACT phase only)
    turn_number: int  # the current turn, counted from 1 (for the turn limit)
    wolf: int | None = None  # the seat the wolf stands by; None: in the middle
    auto_sheared: int = 0  # wool sheared off a full sheep at the start of this turn

    @classmethod
    def _make(
        cls,
        game: ShaveASheep,
        history: tuple,
        middle: int,
        sheep: tuple[int, ...],
        piles: tuple[int, ...],
        turn: int,
        phase: int,
        face: Roll | None,
        turn_number: int,
        wolf: int | None = None,
        auto_sheared: int = 0,
    ) -> ShaveASheepState:
        # The same as calling the class, three times faster: a frozen dataclass's __init__
        # pays for object.__setattr__ on every field, and a game makes about 100 states.
        state = object.__new__(cls)
        state.__dict__.update(
            game=game,
            history=history,
            middle=middle,
            sheep=sheep,
            piles=piles,
            turn=turn,
            phase=phase,
            face=face,
            turn_number=turn_number,
            wolf=wolf,
            auto_sheared=auto_sheared,
        )
        return state

    # -- the contract -----------------------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        phase = self.phase
        if phase == ROLL:
            return CHANCE
        return self.turn if phase == ACT else None

    @property
    def acting_player(self) -> int | None:
        # The roller at a chance node: each player rolls their own die.
        return None if self.phase == OVER else self.turn

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    def legal_moves(self) -> tuple[Act, ...]:
        # Skips the cached property when the options are a table look-up (the usual rules).
        if self.phase == ACT and self.game.rules.futile_actions:
            return self.game._options[self.face][self.turn]  # type: ignore[index]
        return self._legal

    def _chance_outcomes(self) -> tuple[tuple[Roll, Fraction], ...]:
        return self.game.chance_table

    def sample_chance(self, rng: random.Random) -> Roll:
        if self.phase != ROLL:
            raise IllegalMove("This is not a chance node; nothing to sample.")
        return rng.choice(self.game._die_rolls)

    def _legal_moves(self) -> tuple[Act, ...]:
        assert self.face is not None
        options = self.game._options[self.face][self.turn]
        if self.game.rules.futile_actions:
            return options
        useful = tuple(move for move in options if self.changes_something(move))
        return useful or (PASS,)

    def play(self, move: Any) -> ShaveASheepState:
        # A fast path for the common case (a listed move); everything else, errors included,
        # goes through the contract's checks.
        phase = self.phase
        cls = move.__class__
        if phase == ACT:
            game = self.game
            if (
                cls is Act
                and game.rules.futile_actions
                and move in game._options[self.face][self.turn]
            ):
                return self._apply(move)
        elif phase == ROLL and cls is Roll and move in self.game._options:
            return self._apply(move)
        return super().play(move)  # type: ignore[return-value]

    def _apply(self, move: Move) -> ShaveASheepState:
        game = self.game
        history = self.history + (move,)  # noqa: RUF005 - faster than unpacking
        if self.phase == ROLL:
            return ShaveASheepState._make(
                game,
                history,
                self.middle,
                self.sheep,
                self.piles,
                self.turn,
                ACT,
                move,
                self.turn_number,
                self.wolf,
                self.auto_sheared,
            )
        me = self.turn
        middle, sheep, piles = self.middle, list(self.sheep), list(self.piles)
        action = move[0]
        if action == "grow" or action == "double":
            took = game.take_wool(middle, sheep[me], 1 if action == "grow" else 2)
            sheep[me] += took
            middle -= took
        elif action == "shear":
            game.shear(sheep, piles, me)
        elif action == "swap":
            target = move[1]
            sheep[me], sheep[target] = sheep[target], sheep[me]
        elif action == "wolf":
            # The wolf visits the target, takes all its wool back to the middle and returns.
            target = move[1]
            middle += sheep[target]
            sheep[target] = 0
        return self._start_turn(
            sheep, piles, middle, (me + 1) % len(sheep), self.turn_number + 1, history
        )

    def _start_turn(
        self,
        sheep: list[int],
        piles: list[int],
        middle: int,
        player: int,
        turn_number: int,
        history: tuple,
    ) -> ShaveASheepState:
        """The next turn's start (auto-shear included), or the end with the final shear."""
        game = self.game
        if middle == 0 or turn_number > game.rules.turn_limit:
            for p in range(len(sheep)):
                game.shear(sheep, piles, p, final=True)
            return ShaveASheepState._make(
                game,
                history,
                middle,
                tuple(sheep),
                tuple(piles),
                player,
                OVER,
                None,
                turn_number - 1,
            )
        sheared = 0
        if sheep[player] >= game.rules.sheep_capacity:
            sheared = sheep[player]
            game.shear(sheep, piles, player)
        return ShaveASheepState._make(
            game,
            history,
            middle,
            tuple(sheep),
            tuple(piles),
            player,
            ROLL,
            None,
            turn_number,
            None,
            sheared,
        )

    def scores(self) -> tuple[int, ...]:
        return self.piles

    @cached
    def _outcome(self) -> Outcome | None:
        if self.phase != OVER:
            return None
        game = self.game
        piles = self.piles
        best = max(piles)
        winners = tuple(p for p, pile in enumerate(piles) if pile == best)
        if self.middle == 0:
            cause = "The middle is empty"
        else:
            cause = f"The turn limit of {game.rules.turn_limit} turns was reached"
        names = [game.player_name(p) for p in winners]
        if len(winners) == 1:
            reason = f"{cause}: {names[0]} wins with {best} wool."
        else:
            reason = f"{cause}: {_and(names)} share the win with {best} wool each."
        return Outcome(winners, reason, piles)

    def outcome(self) -> Outcome | None:
        return self._outcome

    # -- helpers for players, bots and lessons ---------------------------------------------
    @property
    def capacity(self) -> int:
        return self.game.rules.sheep_capacity

    @property
    def last_roll(self) -> Roll | None:
        """The face being acted on, else the last face rolled (None before any roll)."""
        if self.face is not None:
            return self.face
        for move in reversed(self.history[-2:]):
            if isinstance(move, Roll):
                return move
        return None

    def effect(self, move: Act) -> tuple[int, tuple[int, ...]]:
        """The middle and the sheep's wool right after ``move`` (no end or auto-shear applied)."""
        me = self.turn
        middle, sheep = self.middle, list(self.sheep)
        action, target = move
        if action in ("grow", "double"):
            took = self.game.take_wool(middle, sheep[me], 1 if action == "grow" else 2)
            sheep[me] += took
            middle -= took
        elif action == "shear":
            sheep[me] = 0
        elif action == "swap" and target is not None:
            sheep[me], sheep[target] = sheep[target], sheep[me]
        elif action == "wolf" and target is not None:
            middle += sheep[target]
            sheep[target] = 0
        return middle, tuple(sheep)

    def changes_something(self, move: Act) -> bool:
        """False for a futile action: one that leaves every sheep, pile and the middle as is."""
        if move[0] == "shear":
            return self.sheep[self.turn] > 0
        return self.effect(move) != (self.middle, self.sheep)

    def why_illegal(self, move: Any) -> str:
        game = self.game
        if self.phase != ACT or self.face is None:
            return f"{move} cannot be played now."
        face = self.face.face
        rolled = f"You rolled {face_name(face)}: you may {_or([DOING[a] for a in face])}."
        if isinstance(move, Roll):
            return f"The die is already rolled. {rolled}"
        if not isinstance(move, Act):
            return f"{move!r} is not a Shave a Sheep move. {rolled}"
        action, target = move
        if action == "pass":
            return (
                "You may pass only when the futile_actions rule is off and every action you "
                f"rolled would change nothing. {rolled}"
            )
        if action not in ACTIONS:
            return f"There is no action {action!r}. {rolled}"
        if action not in face:
            return f"{rolled[:-1]}, not {DOING[action]}."
        if action in TARGETED:
            whose = "swap with" if action == "swap" else "send the wolf to"
            if target is None:
                return f"Say whose sheep to {whose}, e.g. '{action} 2'."
            if not isinstance(target, int) or not 0 <= target < game.rules.players:
                shown = target + 1 if isinstance(target, int) else target
                return f"There is no player {shown} (the players are 1 to {game.rules.players})."
            if target == self.turn:
                return f"You cannot {whose} your own sheep."
        elif target is not None:
            return f"{action} takes no player: write just '{action}'."
        if not game.rules.futile_actions and not self.changes_something(move):
            return f"{move} would change nothing, and futile actions are off here."
        return f"{move} is not legal here."

    def __str__(self) -> str:
        game = self.game
        lines = [f"Shave a Sheep, {game.rules.players} players, turn {self.turn_number}"]
        wolf = "in the middle" if self.wolf is None else f"by {game.player_name(self.wolf)}"
        lines.append(f"Middle: {self.middle} wool; wolf {wolf}")
        for p in range(game.rules.players):
            mark = "  <- to move" if self.phase != OVER and p == self.turn else ""
            lines.append(
                f"{game.player_name(p)}: sheep {self.sheep[p]}/{self.capacity} wool, "
                f"pile {self.piles[p]}{mark}"
            )
        name = game.player_name(self.turn)
        if self.phase == OVER:
            lines.append(f"Game over. {self.outcome()}")
        elif self.phase == ROLL:
            if self.auto_sheared:
                lines.append(f"{name}'s full sheep was sheared: {self.auto_sheared} to the pile.")
            last = self.last_roll
            if last is not None:
                lines.append(f"Last roll: {face_name(last.face)}.")
            lines.append(f"{name} rolls the die.")
        else:
            assert self.face is not None
            choices = _or([f"{DOING[a]} ({COLOURS[a]})" for a in self.face.face])
            lines.append(f"{name} rolled {face_name(self.face.face)}: choose {choices}.")
        return "\n".join(lines)
