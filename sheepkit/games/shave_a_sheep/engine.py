"""Shave a Sheep (LEGO Games, 2010) and the variants of its rule text.

A turn is two entries in the history: the roll of the die (a chance node) and the one action
the roller picks from the rolled face. A full sheep is sheared at the start of its owner's
turn as part of the previous move (so it is not a history entry). The game ends the moment
the middle runs out of wool (or at the turn limit); then every sheep is sheared once more and
the biggest pile wins.

Variants (see ``rules.VARIANTS``): a shear may cost wool (``shear_cost``); on a Howling Wolf
roll with gray the turn is three entries instead: the roll, the race to grab the wolf (a
chance node nobody rolls, outcomes ``howl N``), the race winner's choice of sheep, and the
roller's choice to add one wool to their sheep (``grow``) or not (``decline``): four entries;
with Mr. Wolf the wolf can stay beside a player between turns. Standard library only: this module
never imports a UI package.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any, NamedTuple, cast

from ...core import CHANCE, Game, IllegalMove, Outcome, State
from .rules import (
    ACTION_OF_COLOUR,
    ACTIONS,
    COLOURS,
    Face,
    ShaveASheepRules,
    face_name,
)

if TYPE_CHECKING:
    from typing_extensions import Self

ROLL, ACT, OVER, RACE, HOWL, ADD = 0, 1, 2, 3, 4, 5
#: Each phase in a word, by phase code: the roll, the roller's action, the end, the Howling
#: Wolf race (a chance node), the race winner's choice of sheep, and the roller's choice to
#: add a wool. ``position(phase=...)`` takes any of them but "over".
PHASE_NAMES = ("roll", "act", "over", "race", "howl", "add")
TARGETED = frozenset({"swap", "wolf"})
#: Each action as a phrase for messages.
DOING = {
    "grow": "grow wool",
    "double": "double wool",
    "swap": "swap sheep",
    "wolf": "send the wolf",
    "shear": "shear your sheep",
    "fetch": "bring the wolf home with up to two wool",
}


class Roll(NamedTuple):
    """A chance outcome: the face of the die that came up, as action names."""

    face: Face

    def __str__(self) -> str:
        return "roll " + face_name(self.face)


class Howl(NamedTuple):
    """A chance outcome of the Howling Wolf race: ``player`` grabbed the wolf first."""

    player: int

    def __str__(self) -> str:
        return f"howl {self.player + 1}"

    @property
    def claimed_by(self) -> int:
        """A race's outcome: the player whose claim picks it (at a table, their "howl")."""
        return self.player


class Act(NamedTuple):
    """A player's move: one action of the rolled face; ``target`` is a seat index from 0."""

    action: str
    target: int | None = None

    def __str__(self) -> str:
        # Seats are numbered from 1 in the notation, as "Player 1" is.
        return self.action if self.target is None else f"{self.action} {self.target + 1}"


PASS = Act("pass")
#: Howling Wolf, after the race: the roller "may" add one wool to their sheep, or decline.
GROW = Act("grow")
DECLINE = Act("decline")
#: My friend Mr. Wolf, option B: the wolf comes home with up to two wool for your pile.
FETCH = Act("fetch")
Move = Roll | Howl | Act


def _and(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " and " + words[-1]


def _or(words: list[str]) -> str:
    return words[0] if len(words) == 1 else ", ".join(words[:-1]) + " or " + words[-1]


class ShaveASheep(Game[ShaveASheepRules, Move, "ShaveASheepState"]):
    name = "shave_a_sheep"
    title = "Shave a Sheep"
    rules_type = ShaveASheepRules
    min_players, max_players, players_rule = 2, 4, "players"

    def __init__(self, rules: ShaveASheepRules | None = None, **changes: Any) -> None:
        super().__init__(rules, **changes)
        r = self.rules
        players = range(r.players)
        self.howling = r.wolf == "howling_wolf"
        self.mr_wolf = r.wolf == "mr_wolf"
        self.turns = r.turns  # the turn limit in force, read at every turn's start
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
        # With futile actions allowed, the options depend only on the face and the mover (and,
        # with Mr. Wolf, on whether the wolf is out, which adds option B).
        self._options = {
            roll: tuple(self._face_options(roll.face, me) for me in players) for roll in counts
        }
        self._fetch_options = {
            roll: tuple(
                (*options, FETCH) if self.mr_wolf and "wolf" in roll.face else options
                for options in by_mover
            )
            for roll, by_mover in self._options.items()
        }
        # Howling Wolf: who may win the race (uniformly), and whom the winner may target.
        self._race_draws = tuple(
            tuple(Howl(p) for p in players if r.roller_can_howl or p != roller)
            for roller in players
        )
        self._race_tables = tuple(
            tuple((howl, Fraction(1, len(draws))) for howl in draws) for draws in self._race_draws
        )
        self._howl_options = tuple(
            tuple(self._wolves[p] for p in players if p != howler) for howler in players
        )

    def _face_options(self, face: Face, me: int) -> tuple[Act, ...]:
        options: list[Act] = []
        for action in face:
            if action in TARGETED:
                targets = self._swaps if action == "swap" else self._wolves
                options += [targets[p] for p in range(self.rules.players) if p != me]
            else:
                options.append(Act(action))
        return tuple(options)

    def races(self, face: Face) -> bool:
        """True when rolling ``face`` starts the Howling Wolf race instead of a choice."""
        return self.howling and "wolf" in face

    @property
    def max_length(self) -> int:
        # A turn is a roll and an action; a Howling Wolf turn adds the race and the roller's
        # choice to add a wool: four entries.
        return (4 if self.howling else 2) * self.rules.turns

    def new_game(self) -> ShaveASheepState:
        n = self.rules.players
        return ShaveASheepState.make(self, self.rules.wool, (0,) * n, (0,) * n, 0, ROLL, None, 1)

    def parse_move(self, text: str) -> Move:
        words = text.strip().lower().split()
        if len(words) == 2 and words[0] == "roll":
            colours = words[1].split("/")
            if 1 <= len(colours) <= 2 and all(c in ACTION_OF_COLOUR for c in colours):
                return Roll(tuple(ACTION_OF_COLOUR[c] for c in colours))
        elif len(words) == 1 and words[0] in (
            "grow",
            "double",
            "shear",
            "pass",
            "fetch",
            "decline",
        ):
            return Act(words[0])
        elif (
            len(words) == 2
            and words[0] in ("swap", "wolf", "howl")
            and words[1].isascii()
            and words[1].isdigit()
            and int(words[1]) >= 1
        ):
            seat = int(words[1]) - 1
            return Howl(seat) if words[0] == "howl" else Act(words[0], seat)
        raise ValueError(
            f"cannot read {text!r} as a Shave a Sheep move: write grow, double, shear, pass, "
            "fetch, decline, 'swap N' or 'wolf N' (N a player number from 1), a roll such as "
            "'roll white/pink', or a race outcome such as 'howl 2'"
        )

    # -- the effects of actions, kept apart so that variants hook into one place ------------
    def shear(self, sheep: list[int], piles: list[int], player: int, *, final: bool = False) -> int:
        """Move ``player``'s wool to their pile less the cutting cost; return the cost paid.

        The cost comes out of the shorn wool, so a bare sheep pays nothing; the caller puts
        it back in the middle.
        """
        wool = sheep[player]
        rules = self.rules
        fee = min(rules.shear_cost, wool) if rules.final_shear_pays or not final else 0
        piles[player] += wool - fee
        sheep[player] = 0
        return fee

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
        wolf: int | None = None,
        howler: int | None = None,
    ) -> ShaveASheepState:
        """A made-up position with an empty history, for tests and lessons (not for records).

        ``middle`` defaults to the wool not on a sheep or pile. ``phase="roll"`` is the start
        of ``to_move``'s turn, so a full sheep is sheared at once, as the rules say;
        ``phase="act"`` needs the rolled ``face`` (action names, colour words or a Roll).
        Howling Wolf: ``phase="race"`` is the race after ``to_move`` rolled a gray ``face``,
        ``phase="howl"`` the moment ``howler`` won it, ``phase="add"`` the roller's choice
        after the race winner's wolf (``to_move`` the roller). Mr. Wolf: ``wolf`` is the seat
        the wolf stands by (None: in the middle).
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
        phases = [name for name in PHASE_NAMES if name != "over"]
        if not 0 <= to_move < n or phase not in phases or not 1 <= turn <= self.rules.turns:
            raise ValueError(
                "to_move must be a seat from 0, phase one of " + ", ".join(phases) + ", turn >= 1"
            )
        if wolf is not None and (not self.mr_wolf or not 0 <= wolf < n):
            raise ValueError("only Mr. Wolf leaves the wolf beside a player (a seat from 0)")
        code = PHASE_NAMES.index(phase)
        roll = None
        if code != ROLL:
            roll = self._roll_of(face)
            if (code in (RACE, HOWL, ADD)) != self.races(roll.face):
                raise ValueError(
                    "phases 'race', 'howl' and 'add' are for Howling Wolf rolls with gray; "
                    "'act' is for every other roll"
                )
            if code == ADD and self.take_wool(middle, sheep[to_move], 1) == 0:
                raise ValueError("phase 'add': the roller's sheep is full, nothing to add")
        elif face is not None:
            raise ValueError("a face is only given after the roll (the die is not rolled yet)")
        if (code == HOWL) != (howler is not None) or (howler is not None and not 0 <= howler < n):
            raise ValueError("give the race winner (a seat from 0) as howler with phase='howl'")
        state = ShaveASheepState.make(
            self, middle, sheep, piles, to_move, code, roll, turn, wolf, 0, howler
        )
        if phase == "roll":
            state = state._start_turn(list(sheep), list(piles), middle, to_move, turn, wolf)
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
class ShaveASheepState(State[ShaveASheep, Move]):
    """A position: wool in the middle, on each sheep and in each pile, whose turn and phase."""

    middle: int
    sheep: tuple[int, ...]
    piles: tuple[int, ...]
    turn: int  # the seat whose turn it is (the roller, then the chooser)
    phase: int  # ROLL, ACT, RACE, HOWL, ADD or OVER
    face: Roll | None  # the face being acted on (after the roll, until the turn ends)
    turn_number: int  # the current turn, counted from 1 (for the turn limit)
    wolf: int | None = None  # the seat the wolf stands by; None: in the middle
    auto_sheared: int = 0  # wool sheared off a full sheep at the start of this turn
    howler: int | None = None  # Howling Wolf: who won the race (HOWL phase only)
    timed_out: bool = False  # the game ended at the turn limit, not by an empty middle

    # -- the contract -----------------------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        phase = self.phase
        if phase in (ACT, ADD):
            return self.turn
        if phase in (ROLL, RACE):
            return CHANCE
        return self.howler if phase == HOWL else None

    @property
    def acting_player(self) -> int | None:
        # The roller at a roll: each player rolls their own die. Nobody owns the race: in the
        # app the first "howl" (human button or bot delay) picks its outcome.
        phase = self.phase
        if phase in (OVER, RACE):
            return None
        return self.howler if phase == HOWL else self.turn

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    def legal_moves(self) -> tuple[Act, ...]:
        # A table look-up under the usual rules (futile actions allowed), skipping the core's
        # cached property. Measured with the play fast path below: random playouts run about
        # 10 % slower without it (that path asks for the legal moves at every action).
        if self.phase == ACT and self.game.rules.futile_actions:
            game = self.game
            table = game._options if self.wolf is None else game._fetch_options
            assert self.face is not None  # the face being acted on, in the ACT phase
            return table[self.face][self.turn]
        # The core caches _legal_moves(), which lists actions only (never a roll or a howl).
        return cast("tuple[Act, ...]", self._legal)

    def _chance_outcomes(self) -> tuple[tuple[Move, Fraction], ...]:
        if self.phase == RACE:
            return self.game._race_tables[self.turn]
        return self.game.chance_table

    def sample_chance(self, rng: random.Random) -> Move:
        phase = self.phase
        if phase == ROLL:
            return rng.choice(self.game._die_rolls)
        if phase == RACE:
            return rng.choice(self.game._race_draws[self.turn])
        raise IllegalMove("This is not a chance node; nothing to sample.")

    def _legal_moves(self) -> tuple[Act, ...]:
        game = self.game
        if self.phase == ADD:
            # The roller's free choice ("may add"): declining is a real option, never futile.
            return (GROW, DECLINE)
        if self.phase == HOWL:
            assert self.howler is not None
            options = game._howl_options[self.howler]
        else:
            assert self.face is not None
            table = game._options if self.wolf is None else game._fetch_options
            options = table[self.face][self.turn]
        if game.rules.futile_actions:
            return options
        useful = tuple(move for move in options if self.changes_something(move))
        return useful or (PASS,)

    def play(self, move: Move | str) -> Self:
        # A fast path for the common case (a listed move, a face of the die); everything else,
        # errors included, goes through the contract's checks. Measured: random playouts run
        # about 30 % slower without it, 2 and 4 players alike (half the plies are chance
        # outcomes, which the core's play looks up the long way). Each branch ends in core's
        # _advance, inlined: this is every ply of a playout (benchmarks/engine_speed.py).
        phase = self.phase
        if phase == ROLL:
            # Only a listed face itself: an equal lookalike, Roll((numpy.str_("grow"),)), goes
            # to State.play's checks (an identity loop: id() and a set cost more per roll).
            for face in self.game.faces:
                if face is move:
                    after = self._apply(move)
                    after.__dict__["history"] = self.history + (move,)  # noqa: RUF005 - faster
                    return after
        elif type(move) is Act:
            # A value equal to a move but built otherwise (a plain tuple, True for 1) is refused
            # by State.play: only the listed objects are taken here.
            if phase != OVER and phase != RACE:
                legal = self.legal_moves()
                try:
                    listed = legal[legal.index(move)] is move
                except ValueError:
                    listed = False
                if listed:
                    after = self._apply(move)
                    after.__dict__["history"] = self.history + (move,)  # noqa: RUF005 - faster
                    return after
        elif (
            phase == RACE
            and type(move) is Howl
            and move.player.__class__ is int
            and move in self.game._race_draws[self.turn]
        ):
            after = self._apply(move)
            after.__dict__["history"] = self.history + (move,)  # noqa: RUF005 - faster
            return after
        return super().play(move)

    def _apply(self, move: Move) -> Self:
        game = self.game
        phase = self.phase
        if phase in (ROLL, RACE):
            face: Roll | None
            if phase == ROLL:
                assert isinstance(move, Roll)
                nxt, howler = (RACE if game.races(move.face) else ACT), None
                face = move
            else:
                assert isinstance(move, Howl)
                nxt, howler, face = HOWL, move.player, self.face
            return self.make(
                game,
                self.middle,
                self.sheep,
                self.piles,
                self.turn,
                nxt,
                face,
                self.turn_number,
                self.wolf,
                self.auto_sheared,
                howler,
            )
        assert isinstance(move, Act)
        middle, sheep, piles, wolf = self._after(move)
        me = self.turn
        if phase == HOWL and game.take_wool(middle, sheep[me], 1):
            # The race winner's wolf has bitten; now the roller may add a wool, or not.
            return self.make(
                game,
                middle,
                tuple(sheep),
                tuple(piles),
                me,
                ADD,
                self.face,
                self.turn_number,
                wolf,
                self.auto_sheared,
            )
        return self._start_turn(
            sheep, piles, middle, (me + 1) % len(sheep), self.turn_number + 1, wolf
        )

    def _after(self, move: Act) -> tuple[int, list[int], list[int], int | None]:
        """The middle, sheep, piles and wolf right after ``move`` (before the next turn)."""
        game = self.game
        me = self.turn
        middle, sheep, piles, wolf = self.middle, list(self.sheep), list(self.piles), self.wolf
        action, target = move
        if self.phase == HOWL:
            # The race winner's wolf takes one wool back to the middle (the roller's choice
            # to add a wool comes next, in the ADD phase).
            if target is not None and sheep[target]:
                sheep[target] -= 1
                middle += 1
        elif action == "decline":
            pass  # Howling Wolf: the roller adds no wool
        elif action == "grow" or action == "double":
            took = game.take_wool(middle, sheep[me], 1 if action == "grow" else 2)
            sheep[me] += took
            middle -= took
        elif action == "shear":
            middle += game.shear(sheep, piles, me)
        elif action == "swap":
            assert target is not None
            sheep[me], sheep[target] = sheep[target], sheep[me]
        elif action == "wolf":
            assert target is not None
            if game.mr_wolf:
                # Option A: the wolf stays by the target and one wool goes to my pile.
                took = min(1, sheep[target])
                sheep[target] -= took
                piles[me] += took
                wolf = target
            else:
                # The wolf visits the target, takes all its wool back to the middle, returns.
                middle += sheep[target]
                sheep[target] = 0
        elif action == "fetch":
            # Option B: up to two wool from the sheep the wolf stands by, and the wolf comes home.
            assert wolf is not None
            took = min(2, sheep[wolf])
            sheep[wolf] -= took
            piles[me] += took
            wolf = None
        return middle, sheep, piles, wolf

    def _start_turn(
        self,
        sheep: list[int],
        piles: list[int],
        middle: int,
        player: int,
        turn_number: int,
        wolf: int | None = None,
    ) -> Self:
        """The next turn's start (auto-shear included), or the end with the final shear."""
        game = self.game
        if middle == 0 or turn_number > game.turns:
            timed_out = middle != 0
            for p in range(len(sheep)):
                # A cost paid here goes back to the middle, but the game stays over.
                middle += game.shear(sheep, piles, p, final=True)
            return self.make(
                game,
                middle,
                tuple(sheep),
                tuple(piles),
                player,
                OVER,
                None,
                turn_number - 1,
                wolf,
                0,
                None,
                timed_out,
            )
        sheared = 0
        if sheep[player] >= game.rules.sheep_capacity:
            sheared = sheep[player]
            middle += game.shear(sheep, piles, player)
        return self.make(
            game,
            middle,
            tuple(sheep),
            tuple(piles),
            player,
            ROLL,
            None,
            turn_number,
            wolf,
            sheared,
        )

    def scores(self) -> tuple[int, ...]:
        return self.piles

    def _outcome(self) -> Outcome | None:
        if self.phase != OVER:
            return None
        game = self.game
        piles = self.piles
        best = max(piles)
        winners = tuple(p for p, pile in enumerate(piles) if pile == best)
        if self.timed_out:
            cause = f"The turn limit of {game.rules.turns} turns was reached"
        else:
            cause = "The middle is empty"
        names = [game.player_name(p) for p in winners]
        if len(winners) == 1:
            reason = f"{cause}: {names[0]} wins with {best} wool."
        else:
            reason = f"{cause}: {_and(names)} share the win with {best} wool each."
        return Outcome(winners, reason, piles)

    # -- helpers for players, bots and lessons ---------------------------------------------
    @property
    def capacity(self) -> int:
        return self.game.rules.sheep_capacity

    @property
    def last_roll(self) -> Roll | None:
        """The face being acted on, else the last face rolled (None before any roll)."""
        if self.face is not None:
            return self.face
        for move in reversed(self.history[-3:]):
            if isinstance(move, Roll):
                return move
        return None

    def after(self, move: Act) -> tuple[int, tuple[int, ...], tuple[int, ...], int | None]:
        """The middle, sheep, piles and wolf right after ``move`` (no end or auto-shear)."""
        middle, sheep, piles, wolf = self._after(move)
        return middle, tuple(sheep), tuple(piles), wolf

    def effect(self, move: Act) -> tuple[int, tuple[int, ...]]:
        """The middle and the sheep's wool right after ``move`` (no end or auto-shear applied)."""
        middle, sheep, _, _ = self._after(move)
        return middle, tuple(sheep)

    def changes_something(self, move: Act) -> bool:
        """False for a futile action: one that leaves every sheep, pile, the wolf and the
        middle as they are. The race winner's wolf is futile against a bare sheep (the
        roller's wool follows whatever the winner picks)."""
        if move[0] == "pass" or move[0] == "decline":
            return False
        if self.phase == HOWL:
            return move[1] is not None and self.sheep[move[1]] > 0
        return self.after(move) != (self.middle, self.sheep, self.piles, self.wolf)

    def why_illegal(self, move: Move) -> str:
        game = self.game
        if self.phase == HOWL:
            return self._why_illegal_howl(move)
        if self.phase == ADD:
            return (
                f"{move} cannot be played now: {game.player_name(self.turn)} may add one wool "
                "to their sheep ('grow') or not ('decline')."
            )
        if self.phase != ACT or self.face is None:
            return f"{move} cannot be played now."
        face = self.face.face
        doing = [DOING[a] for a in face]
        if FETCH in self.legal_moves():
            doing.append(DOING["fetch"])
        rolled = f"You rolled {face_name(face)}: you may {_or(doing)}."
        if isinstance(move, Roll | Howl):
            return f"The die is already rolled. {rolled}"
        if not isinstance(move, Act):
            return f"{move!r} is not a Shave a Sheep move. {rolled}"
        action, target = move
        if action == "decline":
            return f"Declining is for the roller after a Howling Wolf race. {rolled}"
        if action == "pass":
            return (
                "You may pass only when the futile_actions rule is off and every action you "
                f"rolled would change nothing. {rolled}"
            )
        if action == "fetch":
            if not game.mr_wolf:
                return f"Fetching the wolf is part of the Mr. Wolf variant only. {rolled}"
            if "wolf" not in face:
                return f"Fetching the wolf needs gray. {rolled}"
            return f"The wolf is in the middle: there is nothing to fetch. {rolled}"
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

    def _why_illegal_howl(self, move: Move) -> str:
        game = self.game
        assert self.howler is not None
        winner = game.player_name(self.howler)
        task = f"{winner} grabbed the wolf and chooses whose sheep loses one wool ('wolf N')."
        if not isinstance(move, Act) or move.action != "wolf" or move.target is None:
            return f"{move} cannot be played now. {task}"
        target = move.target
        if not isinstance(target, int) or not 0 <= target < game.rules.players:
            return f"There is no player {target} (the players are 1 to {game.rules.players})."
        if target == self.howler:
            return f"The wolf must go to another player's sheep. {task}"
        return f"{move} would change nothing, and futile actions are off here. {task}"

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
        elif self.phase == RACE:
            assert self.face is not None
            lines.append(
                f"{name} rolled {face_name(self.face.face)}: gray! Everyone races to grab "
                "the wolf and howl."
            )
        elif self.phase == HOWL:
            assert self.howler is not None
            lines.append(
                f"{game.player_name(self.howler)} grabbed the wolf: choose whose sheep loses "
                f"one wool; then {name} may add one wool."
            )
        elif self.phase == ADD:
            lines.append(f"{name} may add one wool to their sheep ('grow') or not ('decline').")
        else:
            assert self.face is not None
            choices = [f"{DOING[a]} ({COLOURS[a]})" for a in self.face.face]
            if FETCH in self.legal_moves():
                choices.append(DOING["fetch"])
            lines.append(f"{name} rolled {face_name(self.face.face)}: choose {_or(choices)}.")
        return "\n".join(lines)
