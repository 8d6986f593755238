"""The Sheep Race (Ghenos Games, 2013): a betting tournament of two semifinals and a final.

A tournament is one game. Chance nodes: the die for the first player (``first 2``), each
sheep card as it is turned face up (``deal Feta``: the second semifinal's cards are face
down until then, so they are drawn late, from the six left, with equal chances), and the
dice of every race turn (``roll 7``: the total, with its exact probability). Player moves:
``bet visible 3``, ``bet hidden 2+5`` (both hidden tokens at once, unseen by the others
until the race is scored) and the paces ``gallop red``, ``gallop blue`` (two blue cubes),
``gallop white``, ``trot blue``, ``trot white``, ``walk``, ``walk white`` and ``rest``.

Lanes are 0-5 inside, written 1-6. A sheep's position is the square it stands on (0 is the
Starting Line, ``track`` the last square); it has crossed the Finish Line past ``track``.
Standard library only.
"""

from __future__ import annotations

import dataclasses
import random
from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations
from typing import TYPE_CHECKING, Any, NamedTuple

from ...core import CHANCE, Game, IllegalMove, Outcome, State
from .rules import END_ZONE, LANE_OF_TOTAL, LANES, LAZY, Dice, SheepRaceRules

if TYPE_CHECKING:
    from collections.abc import Iterable


FIRST, DEAL, VISIBLE, HIDDEN, ROLL, PACE, OVER = range(7)
PHASE_NAMES = ("first player", "deal", "visible bets", "hidden bets", "roll", "pace", "over")
RACE_NAMES = ("first semifinal", "second semifinal", "final")
RACING, FINISHED, EXHAUSTED = 0, 1, 2
Cubes = tuple[int, int, int]  # blue, red, white


class First(NamedTuple):
    player: int
    kind: str = "first"  # tuples compare by value: the tag keeps moves apart

    def __str__(self) -> str:
        return f"first {self.player + 1}"


class Deal(NamedTuple):
    card: str  # the card's name
    kind: str = "deal"

    def __str__(self) -> str:
        return f"deal {self.card}"


class Bet(NamedTuple):
    lane: int
    kind: str = "visible"

    def __str__(self) -> str:
        return f"bet visible {self.lane + 1}"


class Hidden(NamedTuple):
    lanes: tuple[int, int]
    kind: str = "hidden"

    def __str__(self) -> str:
        return f"bet hidden {self.lanes[0] + 1}+{self.lanes[1] + 1}"


class Roll(NamedTuple):
    total: int
    kind: str = "roll"

    def __str__(self) -> str:
        return f"roll {self.total}"


class Pace(NamedTuple):
    pace: str  # walk, trot, gallop, rest
    cube: str  # the cube colour spent, or "" (walk: recover, or free in the End Zone; rest)
    kind: str = "pace"

    def __str__(self) -> str:
        return f"{self.pace} {self.cube}" if self.cube else self.pace


#: Every move and chance outcome of the game (the contract's ``M``).
RaceMove = First | Deal | Bet | Hidden | Roll | Pace

#: Every pace move and its cube change (blue, red, white) and whether it spends a cube.
PACE_COSTS: dict[Pace, Cubes] = {
    Pace("gallop", "red"): (0, -1, 0),
    Pace("gallop", "blue"): (-2, 0, 0),
    Pace("gallop", "white"): (0, 0, -1),
    Pace("trot", "blue"): (-1, 0, 0),
    Pace("trot", "white"): (0, 0, -1),
    Pace("walk", ""): (1, 0, 0),  # in the End Zone: (0, 0, 0), see _pace_table
    Pace("walk", "white"): (0, 0, -1),
    Pace("rest", ""): (2, 0, 0),
}
PACES = tuple(PACE_COSTS)
PACE_OF_NAME = {str(p): p for p in PACES}


def pace_problem(cubes: Cubes, in_end_zone: bool, move: Pace) -> str | None:
    """Why the sheep with ``cubes`` may not use pace ``move`` (None when it may)."""
    b, r, w = cubes
    total = b + r + w
    if move.pace == "rest":
        if in_end_zone:
            return "a sheep cannot rest in the End Zone"
        if total + 2 > 3:
            return f"resting would leave {total + 2} cubes (at most 3)"
        return None
    if total == 0:
        return "out of breath: it must rest before it moves again"
    if move == Pace("walk", ""):
        if in_end_zone:
            return None  # walking in the End Zone recovers nothing (special case 3)
        if total + 1 > 3:
            return f"walking would leave {total + 1} cubes (at most 3)"
        return None
    db, dr, dw = PACE_COSTS[move]
    if b + db < 0:
        return f"needs {-db} blue cube{'s' if db < -1 else ''}, has {b}"
    if r + dr < 0:
        return "needs a red cube, has none"
    if w + dw < 0:
        return "needs a white cube, has none"
    return None


def _pace_table() -> dict[tuple[int, int, int, bool], tuple[Pace, ...]]:
    """The legal paces for every cube count and place (in or out of the End Zone)."""
    table = {}
    for b in range(4):
        for r in range(4 - b):
            for w in range(4 - b - r):
                for ez in (False, True):
                    table[b, r, w, ez] = tuple(
                        p for p in PACES if pace_problem((b, r, w), ez, p) is None
                    )
    return table


PACE_TABLE = _pace_table()


class Result(NamedTuple):
    """One race as scored: placed lanes in order, their cards, everyone's bets and points."""

    race: int
    placings: tuple[int, ...]
    cards: tuple[int, ...]
    bets: tuple[tuple[int, ...], ...]  # per player: visible lane first (semifinals), hidden
    points: tuple[int, ...]
    how: str


class SheepRace(Game[SheepRaceRules, RaceMove, "SheepRaceState"]):
    name = "sheep_race"
    title = "The Sheep Race"
    rules_type = SheepRaceRules
    min_players, max_players, players_rule = 2, 6, "players"
    hidden_information = True

    def __init__(self, rules: SheepRaceRules | None = None, **changes: Any) -> None:
        super().__init__(rules, **changes)
        r = self.rules
        self.card_names = tuple(c[0] for c in r.cards)
        self.card_of_name = {n.lower(): i for i, n in enumerate(self.card_names)}
        self.end_zone = r.track - END_ZONE + 1  # the first square of the End Zone
        self._deals = tuple(Deal(n) for n in self.card_names)
        self._firsts = tuple(First(p) for p in range(r.players))
        self._first_odds = tuple((m, Fraction(1, r.players)) for m in self._firsts)
        self._bets = tuple(Bet(lane) for lane in range(LANES))
        pairs = tuple(combinations(range(LANES), 2))
        self._hidden = {pair: Hidden(pair) for pair in pairs}
        self._rolls = (self._roll_odds(r.semifinal_dice), self._roll_odds(r.final_dice))
        #: The listed Roll of each total (semifinal, final): the play fast path knows a roll by
        #: being that very object.
        self._roll_of = tuple({roll.total: roll for roll, _ in odds} for odds in self._rolls)
        # The listed Roll of each pair of faces, for sampling by a uniform choice.
        self._faces = tuple(
            tuple(listed[x + y] for x in dice[0] for y in dice[1])
            for listed, dice in zip(self._roll_of, (r.semifinal_dice, r.final_dice))
        )
        self._totals = tuple(frozenset(listed) for listed in self._roll_of)

    @staticmethod
    def _roll_odds(dice: Dice) -> tuple[tuple[Roll, Fraction], ...]:
        a, b = dice
        counts: dict[int, int] = {}
        for x in a:
            for y in b:
                counts[x + y] = counts.get(x + y, 0) + 1
        n = len(a) * len(b)
        return tuple((Roll(t), Fraction(c, n)) for t, c in sorted(counts.items()))

    def roll_odds(self, final: bool = False) -> tuple[tuple[Roll, Fraction], ...]:
        """Every dice total of a semifinal (or the final) with its exact probability."""
        return self._rolls[final]

    @property
    def max_length(self) -> int:
        # Every selection moves a racing sheep forward at least one square, except a rest,
        # which is never allowed twice running (it leaves 2 or 3 cubes). A sheep moves forward
        # at most track + 1 times, so it is selected at most 2 * (track + 1) + 1 times.
        n = self.rules.players
        turns = LANES * (2 * (self.rules.track + 1) + 1)
        return 1 + 2 * LANES + 2 * (2 * n) + n + 3 * 2 * turns

    def player_name(self, player: int) -> str:
        return f"Player {player + 1}"

    def card_name(self, card: int) -> str:
        return self.card_names[card]

    def new_game(self) -> SheepRaceState:
        n = self.rules.players
        return SheepRaceState.make(
            self,
            phase=FIRST,
            race=0,
            turn=0,
            first=0,
            lanes=(),
            deck=tuple(range(2 * LANES)),
            pos=(0,) * LANES,
            cubes=((0, 0, 0),) * LANES,
            out=(RACING,) * LANES,
            order=(),
            rolled=0,
            selected=-1,
            visible=(-1,) * n,
            hidden=((),) * n,
            points=(0,) * n,
            stamps=(0,) * n,
            clock=0,
            podium=(),
            results=(),
        )

    def parse_move(self, text: str) -> RaceMove:
        words = text.strip().lower().split()
        if len(words) == 2 and words[0] == "first" and words[1].isdigit():
            return First(int(words[1]) - 1)
        if len(words) == 2 and words[0] == "deal" and words[1] in self.card_of_name:
            return self._deals[self.card_of_name[words[1]]]
        if len(words) == 2 and words[0] == "roll" and words[1].isdigit():
            return Roll(int(words[1]))
        if len(words) == 3 and words[:2] == ["bet", "visible"] and words[2] in "123456":
            return Bet(int(words[2]) - 1)
        if len(words) == 3 and words[:2] == ["bet", "hidden"]:
            parts = words[2].split("+")
            if len(parts) == 2 and all(p in ("1", "2", "3", "4", "5", "6") for p in parts):
                a, b = sorted(int(p) - 1 for p in parts)
                if a != b:
                    return Hidden((a, b))
        pace = PACE_OF_NAME.get(" ".join(words))
        if pace is not None:
            return pace
        raise ValueError(
            f"cannot read {text!r} as a Sheep Race move: write 'bet visible 3', "
            "'bet hidden 2+5', a pace ('gallop red', 'gallop blue', 'gallop white', "
            "'trot blue', 'trot white', 'walk', 'walk white', 'rest'), or a chance outcome "
            "('first 2', 'deal Feta', 'roll 7')"
        )

    def card_index(self, name: str) -> int:
        try:
            return self.card_of_name[name.lower()]
        except KeyError:
            raise ValueError(
                f"no sheep card named {name!r}; the cards are {', '.join(self.card_names)}"
            ) from None

    def start_cubes(self, card: int) -> Cubes:
        _, b, r, w, *_ = self.rules.cards[card]
        return (b, r, w)

    def distance(self, card: int, pace: str) -> int:
        """Spaces a sheep with ``card`` moves at ``pace``."""
        if pace == "rest":
            return 0
        return self.rules.cards[card][4:7][("walk", "trot", "gallop").index(pace)]

    # -- positions for tests and lessons ------------------------------------------------------
    def position(
        self,
        *,
        race: int = 0,
        cards: Iterable[str],
        pos: Iterable[int] = (0,) * LANES,
        cubes: Iterable[Cubes] | None = None,
        exhausted: Iterable[int] = (),
        finished: Iterable[int] = (),
        turn: int = 0,
        first: int = 0,
        visible: Iterable[int] | None = None,
        hidden: Iterable[Iterable[int]] | None = None,
        points: Iterable[int] | None = None,
        podium: Iterable[Iterable[str]] = (),
        rolled: int | None = None,
    ) -> SheepRaceState:
        """A made-up race position (empty history; not for records) at ``turn``'s roll, or,
        given ``rolled``, at the pace choice for the sheep that total selects.

        Lanes, bets, ``exhausted`` and ``finished`` (in crossing order) are written 1-6 as
        in the notation; ``cards`` names the sheep of lanes 1-6; ``cubes`` are (blue, red,
        white) per lane, by default each card's starting cubes; ``visible`` gives 0 for a player
        with no bet yet. An impossible set-up (a card in two lanes, a square off the track, more
        than 3 cubes, a total these dice cannot roll, a list too short) raises ValueError
        saying what is wrong.
        """
        n = self.rules.players
        if race not in (0, 1, 2) or type(race) is not int:
            raise ValueError(f"race is 0 or 1 (a semifinal) or 2 (the final), not {race!r}")
        lanes = tuple(self.card_index(c) for c in cards)
        if len(lanes) != LANES:
            raise ValueError("give the six cards of lanes 1-6")
        if len(set(lanes)) != LANES:
            twice = sorted({self.card_names[c] for c in lanes if lanes.count(c) > 1})
            raise ValueError(f"each card runs in one lane only; given twice: {', '.join(twice)}")
        finished, exhausted = _lanes("finished", finished), _lanes("exhausted", exhausted)
        if set(finished) & set(exhausted):
            raise ValueError("a sheep cannot be both finished and exhausted")
        order = tuple(lane - 1 for lane in finished)
        out = [RACING] * LANES
        for lane in order:
            out[lane] = FINISHED
        for lane in exhausted:
            out[lane - 1] = EXHAUSTED
        pos = self._check_squares(tuple(pos), out)
        if cubes is not None:
            cubes = _check_cubes(tuple(cubes))
        for name, value in (("turn", turn), ("first", first)):
            if type(value) is not int or not 0 <= value < n:
                raise ValueError(f"{name} is a player 0-{n - 1}, not {value!r}")
        seen = _per_player("visible", visible, n)
        secret = _per_player("hidden", hidden, n)
        given = _per_player("points", points, n)
        if seen is not None:
            if not all(type(v) is int and 0 <= v <= LANES for v in seen):
                raise ValueError(f"visible bets are lanes 1-6 (0: none yet), not {seen!r}")
            taken = [v for v in seen if v]
            if len(set(taken)) != len(taken):
                raise ValueError(f"two players cannot bet visibly on one lane: {seen!r}")
        if secret is not None:
            secret = tuple(tuple(h) for h in secret)
            for p, bets in enumerate(secret):
                ok = (
                    len(bets) in (0, 2)
                    and all(type(h) is int and 1 <= h <= LANES for h in bets)
                    and len(set(bets)) == len(bets)
                )
                if not ok:
                    raise ValueError(
                        f"player {p + 1}'s hidden bets are two different lanes 1-6 (or none), "
                        f"not {bets!r}"
                    )
                if race < 2 and seen is not None and seen[p] in bets:
                    raise ValueError(
                        f"player {p + 1}'s hidden bets cannot include their visible lane {seen[p]}"
                    )
        if given is not None and not all(type(t) is int and t >= 0 for t in given):
            raise ValueError(f"points are whole numbers, not {given!r}")
        if rolled is not None and (
            type(rolled) is not int or rolled not in self._totals[race == 2]
        ):
            possible = sorted(self._totals[race == 2])
            raise ValueError(
                f"these dice cannot roll {rolled!r}; the totals are {', '.join(map(str, possible))}"
            )
        used = set(lanes) | {self.card_index(c) for p in podium for c in p}
        state = SheepRaceState.make(
            self,
            phase=ROLL,
            race=race,
            turn=turn,
            first=first,
            lanes=lanes,
            deck=tuple(c for c in range(2 * LANES) if c not in used) if race == 0 else (),
            pos=pos,
            cubes=cubes if cubes is not None else tuple(map(self.start_cubes, lanes)),
            out=tuple(out),
            order=order,
            rolled=0,
            selected=-1,
            visible=tuple(v - 1 for v in seen) if seen is not None else (-1,) * n,
            hidden=(
                tuple(tuple(sorted(h - 1 for h in bets)) for bets in secret)
                if secret is not None
                else ((),) * n
            ),
            points=given if given is not None else (0,) * n,
            stamps=tuple(n - (p - first) % n for p in range(n)),
            clock=n + 1,
            podium=tuple(tuple(self.card_index(c) for c in p) for p in podium),
            results=(),
        )
        if rolled is not None:
            state = state.replace(phase=PACE, rolled=rolled, selected=state.select(rolled))
        return state

    def _check_squares(self, pos: tuple[int, ...], out: list[int]) -> tuple[int, ...]:
        """``pos`` checked for position(): six squares, racing and exhausted sheep on the
        track (0 to ``track``), finished ones past it by at most the longest pace."""
        track = self.rules.track
        if len(pos) != LANES or not all(type(p) is int for p in pos):
            raise ValueError(f"pos gives the square of each of the six sheep, not {pos!r}")
        for lane, (square, state) in enumerate(zip(pos, out, strict=True)):
            if state == FINISHED:
                longest = max(self.distance(c, "gallop") for c in range(2 * LANES))
                if not track < square <= track + longest:
                    raise ValueError(
                        f"lane {lane + 1} has finished, so its sheep stands past the last "
                        f"square {track} (at most {track + longest}), not on {square}"
                    )
            elif not 0 <= square <= track:
                raise ValueError(
                    f"lane {lane + 1}'s sheep must stand on a square 0-{track}, not {square}"
                    + (" (list it in finished)" if square > track else "")
                )
        return pos


def _lanes(name: str, lanes: Iterable[int]) -> tuple[int, ...]:
    lanes = tuple(lanes)
    if not all(type(lane) is int and 1 <= lane <= LANES for lane in lanes) or len(
        set(lanes)
    ) != len(lanes):
        raise ValueError(f"{name} lists different lanes 1-6, not {lanes!r}")
    return lanes


def _check_cubes(cubes: tuple[Any, ...]) -> tuple[Cubes, ...]:
    """Six (blue, red, white) counts of at most 3 cubes in all (a card holds no more)."""
    ok = len(cubes) == LANES and all(
        isinstance(c, tuple | list)
        and len(c) == 3
        and all(type(k) is int and k >= 0 for k in c)
        and sum(c) <= 3
        for c in cubes
    )
    if not ok:
        raise ValueError(
            f"cubes gives six (blue, red, white) counts of at most 3 cubes in all, not {cubes!r}"
        )
    return tuple((c[0], c[1], c[2]) for c in cubes)


def _per_player(name: str, values: Iterable[Any] | None, players: int) -> tuple[Any, ...] | None:
    if values is None:
        return None
    values = tuple(values)
    if len(values) != players:
        raise ValueError(f"{name} needs one entry for each of the {players} players: {values!r}")
    return values


@dataclass(frozen=True)
class SheepRaceState(State["SheepRace", RaceMove]):
    """A full position of the tournament (every hidden bet included)."""

    game: SheepRace
    phase: int
    race: int  # 0, 1: the semifinals; 2: the final
    turn: int  # the player to move, to bet or to roll
    first: int  # the first player of this race
    lanes: tuple[int, ...]  # the card in each lane (fewer than six while dealing)
    deck: tuple[int, ...]  # cards not dealt yet
    pos: tuple[int, ...]
    cubes: tuple[Cubes, ...]
    out: tuple[int, ...]  # RACING, FINISHED or EXHAUSTED per lane
    order: tuple[int, ...]  # lanes in the order they crossed the Finish Line
    rolled: int  # the dice total at PACE (0 otherwise)
    selected: int  # the lane whose sheep moves at PACE (-1 otherwise)
    visible: tuple[int, ...]  # each player's visible bet (-1: none)
    hidden: tuple[tuple[int, ...], ...]  # each player's hidden bets (sorted lanes)
    points: tuple[int, ...]  # points so far: ``scores()``
    stamps: tuple[int, ...]  # scoring-token heights: higher is nearer the top of a stack
    clock: int  # the next stamp
    podium: tuple[tuple[int, ...], ...]  # the placed cards of each semifinal, 1st to 3rd
    results: tuple[Result, ...]  # the races scored so far

    # -- the contract -----------------------------------------------------------------------
    @property
    def to_move(self) -> int | None:
        phase = self.phase
        if phase in (VISIBLE, HIDDEN, PACE):
            return self.turn
        return None if phase == OVER else CHANCE

    @property
    def acting_player(self) -> int | None:
        return self.turn if self.phase in (VISIBLE, HIDDEN, ROLL, PACE) else None

    @property
    def rolled_in_the_open(self) -> bool:
        # The dice are public and thrown by the player whose turn it is; cards turned up
        # at the start of a race are dealt by the app.
        return self.phase == ROLL

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    @property
    def final(self) -> bool:
        return self.race == 2

    def in_end_zone(self, lane: int) -> bool:
        return self.game.end_zone <= self.pos[lane] <= self.game.rules.track

    def _legal_moves(self) -> tuple[RaceMove, ...]:
        phase = self.phase
        game = self.game
        if phase == PACE:
            lane = self.selected
            b, r, w = self.cubes[lane]
            return PACE_TABLE[b, r, w, self.in_end_zone(lane)]
        if phase == VISIBLE:
            taken = self.visible
            return tuple(game._bets[lane] for lane in range(LANES) if lane not in taken)
        mine = self.visible[self.turn]
        return tuple(m for pair, m in game._hidden.items() if mine not in pair)

    def _chance_outcomes(self) -> tuple[tuple[RaceMove, Fraction], ...]:
        phase = self.phase
        game = self.game
        if phase == ROLL:
            return game._rolls[self.race == 2]
        if phase == FIRST:
            return game._first_odds
        p = Fraction(1, len(self.deck))
        return tuple((game._deals[c], p) for c in self.deck)

    def sample_chance(self, rng: random.Random) -> RaceMove:
        # Each draw is uniform over equally likely cases (dice faces, cards, players): exact.
        phase = self.phase
        if phase == ROLL:
            return rng.choice(self.game._faces[self.race == 2])
        if phase == DEAL:
            return self.game._deals[rng.choice(self.deck)]
        if phase == FIRST:
            return rng.choice(self.game._firsts)
        raise IllegalMove("This is not a chance node; nothing to sample.")

    def play(self, move: RaceMove | str) -> SheepRaceState:
        # Fast path for a listed move or roll, that very object; the rest (text, lookalikes
        # such as Roll(3, "x") or Pace(numpy.str_("walk"), ...), errors) goes through the
        # checks of State.play.
        # core's _advance is called, not inlined as in the other engines: here inlining took
        # more instructions (1.3 % a playout, benchmarks/engine_speed.py --instructions).
        phase = self.phase
        if phase == PACE:
            legal = self._legal
            try:
                if legal[legal.index(move)] is move:
                    return self._advance(move)
            except (ValueError, TypeError):
                pass
        elif (
            phase == ROLL
            and type(move) is Roll
            and type(move.total) is int  # (a made-up total may be unhashable: Roll([3]))
            and self.game._roll_of[self.race == 2].get(move.total) is move
        ):
            return self._advance(move)
        return super().play(move)

    def select(self, total: int) -> int:
        """The lane whose sheep moves on a dice ``total`` (the Lazy Sheep when the total is 9
        or the lane's sheep is exhausted or across the line)."""
        lane = LANE_OF_TOTAL[total]
        if lane != LAZY and self.out[lane - 1] == RACING:
            return lane - 1
        return self.lazy_sheep()

    def lazy_sheep(self) -> int:
        """The racing sheep furthest back; of two level sheep, the one in the higher lane."""
        best, best_pos = -1, 10**9
        pos, out = self.pos, self.out
        for lane in range(LANES):
            if out[lane] == RACING and pos[lane] <= best_pos:
                best, best_pos = lane, pos[lane]
        return best

    def _apply(self, move: RaceMove) -> SheepRaceState:
        phase = self.phase
        game = self.game
        n = game.rules.players
        # Each phase takes one kind of move (play() and the legal moves see to it).
        if phase == ROLL:
            assert isinstance(move, Roll)
            return self.replace(phase=PACE, rolled=move.total, selected=self.select(move.total))
        if phase == PACE:
            assert isinstance(move, Pace)
            return self._move_sheep(move)
        if phase == VISIBLE:
            assert isinstance(move, Bet)
            visible = list(self.visible)
            visible[self.turn] = move.lane
            turn = (self.turn + 1) % n
            done = turn == self.first
            return self.replace(
                visible=tuple(visible),
                turn=turn,
                phase=HIDDEN if done else VISIBLE,
            )
        if phase == HIDDEN:
            assert isinstance(move, Hidden)
            hidden = list(self.hidden)
            hidden[self.turn] = move.lanes
            turn = (self.turn + 1) % n
            done = turn == self.first
            return self.replace(hidden=tuple(hidden), turn=turn, phase=ROLL if done else HIDDEN)
        if phase == FIRST:
            assert isinstance(move, First)
            first = move.player
            # The stack, top first, runs clockwise from the first player.
            stamps = tuple(n - (p - first) % n for p in range(n))
            return self.replace(phase=DEAL, first=first, turn=first, stamps=stamps, clock=n + 1)
        assert isinstance(move, Deal)
        card = game.card_of_name[move.card.lower()]
        deck = tuple(c for c in self.deck if c != card)
        lanes = (*self.lanes, card)
        if len(lanes) < LANES:
            return self.replace(lanes=lanes, deck=deck)
        return self.replace(
            lanes=lanes,
            deck=deck,
            cubes=tuple(map(game.start_cubes, lanes)),
            phase=VISIBLE,
        )

    def _move_sheep(self, move: Pace) -> SheepRaceState:
        game = self.game
        lane = self.selected
        card = self.lanes[lane]
        ez = self.in_end_zone(lane)
        b, r, w = self.cubes[lane]
        if move.pace == "walk" and not move.cube and ez:
            db = dr = dw = 0
        else:
            db, dr, dw = PACE_COSTS[move]
        new = (b + db, r + dr, w + dw)
        cubes = list(self.cubes)
        cubes[lane] = new
        pos = list(self.pos)
        to = pos[lane] + game.distance(card, move.pace)
        pos[lane] = to
        out = self.out
        order = self.order
        if to > game.rules.track:
            out = _set(out, lane, FINISHED)
            order = (*order, lane)
        elif to >= game.end_zone and not any(new):
            out = _set(out, lane, EXHAUSTED)
        need = 1 if self.race == 2 else 3
        if len(order) >= need or RACING not in out:
            return self.replace(
                pos=tuple(pos), cubes=tuple(cubes), out=out, order=order
            )._end_race()
        return self.replace(
            pos=tuple(pos),
            cubes=tuple(cubes),
            out=out,
            order=order,
            phase=ROLL,
            rolled=0,
            selected=-1,
            turn=(self.turn + 1) % game.rules.players,
        )

    # -- scoring ------------------------------------------------------------------------------
    def placings(self) -> tuple[int, ...]:
        """Lanes in finishing order: across the line first, then exhausted sheep nearest the
        line (level sheep: the lower lane first). Meaningful once the race is over."""
        rest = sorted(
            (lane for lane in range(LANES) if self.out[lane] != FINISHED),
            key=lambda lane: (-self.pos[lane], lane),
        )
        return (*self.order, *rest)

    def race_points(
        self, placed: tuple[int, ...]
    ) -> tuple[tuple[tuple[int, ...], ...], tuple[int, ...]]:
        """Each player's bets and points for a race whose placed lanes are ``placed``."""
        rules = self.game.rules
        bets: list[tuple[int, ...]] = []
        points: list[int] = []
        for p in range(rules.players):
            if self.race == 2:
                mine = self.hidden[p]
                won = rules.final_payoffs[placed[0]] if placed[0] in mine else 0
            else:
                mine = (self.visible[p], *self.hidden[p])
                hits = [(placed.index(lane), lane) for lane in mine if lane in placed]
                won = sum(rules.semifinal_payoffs[place][lane] for place, lane in hits)
                if len(hits) >= 2:
                    won += rules.bonus[len(hits) - 2]
            bets.append(mine)
            points.append(won)
        return tuple(bets), tuple(points)

    def _end_race(self) -> SheepRaceState:
        game = self.game
        n = game.rules.players
        final = self.race == 2
        placed = self.placings()[: 1 if final else 3]
        bets, points = self.race_points(placed)
        totals, stamps, clock = list(self.points), list(self.stamps), self.clock
        for i in range(n):  # points are moved from the first player clockwise
            p = (self.first + i) % n
            if points[p]:
                totals[p] += points[p]
                stamps[p] = clock  # a token arriving on a stack goes on top
                clock += 1
        how = (
            "crossed the Finish Line"
            if len(self.order) >= len(placed)
            else "the sheep still racing were all exhausted"
        )
        cards = tuple(self.lanes[lane] for lane in placed)
        result = Result(self.race, placed, cards, bets, points, how)
        state = self.replace(
            points=tuple(totals),
            stamps=tuple(stamps),
            clock=clock,
            results=(*self.results, result),
        )
        if final or game.rules.races == "one race":
            return state.replace(phase=OVER)
        leader = state.ranking()[0]
        podium = (*self.podium, cards)
        fresh = {
            "race": self.race + 1,
            "turn": leader,
            "first": leader,
            "pos": (0,) * LANES,
            "out": (RACING,) * LANES,
            "order": (),
            "rolled": 0,
            "selected": -1,
            "visible": (-1,) * n,
            "hidden": ((),) * n,
            "podium": podium,
        }
        if self.race == 0:
            return state.replace(phase=DEAL, lanes=(), **fresh)
        one, two = podium
        lanes = (two[2], one[2], two[1], one[1], two[0], one[0])
        cubes = tuple(map(game.start_cubes, lanes))
        return state.replace(phase=HIDDEN, lanes=lanes, cubes=cubes, **fresh)

    def ranking(self) -> tuple[int, ...]:
        """Players from first to last: most points, then the token higher in its stack."""
        n = self.game.rules.players
        return tuple(sorted(range(n), key=lambda p: (-self.points[p], -self.stamps[p])))

    def scores(self) -> tuple[float, ...]:
        return tuple(float(t) for t in self.points)

    def _outcome(self) -> Outcome | None:
        if self.phase != OVER:
            return None
        ranking = self.ranking()
        best = ranking[0]
        name = self.game.player_name(best)
        reason = f"{name} wins with {self.points[best]} points"
        tied = [p for p in ranking[1:] if self.points[p] == self.points[best]]
        if tied:
            others = ", ".join(self.game.player_name(p) for p in tied)
            reason += f", level with {others} but with the scoring token on top"
        return Outcome((best,), reason, self.scores())

    # -- views --------------------------------------------------------------------------------
    def view(self, player: int) -> SheepRaceView:
        fields = self.__dict__
        return SheepRaceView(
            **{name: fields[name] for name in _SHARED},
            hidden=tuple(
                h if p == player or not h else HIDDEN_BETS for p, h in enumerate(self.hidden)
            ),
            player=player,
            to_move=self.to_move,
        )

    def why_illegal(self, move: Any) -> str:
        phase = self.phase
        if phase == PACE and isinstance(move, Pace) and move in PACE_COSTS:
            lane = self.selected
            problem = pace_problem(self.cubes[lane], self.in_end_zone(lane), move)
            return f"The sheep in lane {lane + 1} cannot {move}: {problem}."
        if phase == VISIBLE and isinstance(move, Bet) and move.lane in self.visible:
            who = self.game.player_name(self.visible.index(move.lane))
            return f"Lane {move.lane + 1} already has a visible bet ({who})."
        if phase == HIDDEN and isinstance(move, Hidden) and self.visible[self.turn] in move.lanes:
            return (
                "Your hidden bets must be on two sheep other than your visible bet on "
                f"lane {self.visible[self.turn] + 1}."
            )
        return f"{move} is not possible now: it is the time for {PHASE_NAMES[phase]}."

    def __str__(self) -> str:
        return race_text(self)


HIDDEN_BETS = (-1, -1)  # another player's hidden bets as seen by a player


def _set(values: tuple[int, ...], index: int, value: int) -> tuple[int, ...]:
    return values[:index] + (value,) + values[index + 1 :]  # noqa: RUF005 - faster


@dataclass(frozen=True)
class SheepRaceView:
    """What one player may know: everything but the other players' hidden bets of the race
    being run (shown as ``(-1, -1)`` once placed). Bets of scored races are public."""

    game: SheepRace
    player: int
    to_move: int | None
    phase: int
    race: int
    turn: int
    first: int
    lanes: tuple[int, ...]
    deck: tuple[int, ...]
    pos: tuple[int, ...]
    cubes: tuple[Cubes, ...]
    out: tuple[int, ...]
    order: tuple[int, ...]
    rolled: int
    selected: int
    visible: tuple[int, ...]
    hidden: tuple[tuple[int, ...], ...]
    points: tuple[int, ...]  # points so far: ``scores()``
    stamps: tuple[int, ...]
    clock: int
    podium: tuple[tuple[int, ...], ...]
    results: tuple[Result, ...]

    def scores(self) -> tuple[float, ...]:
        """Each player's points so far, as ``SheepRaceState.scores`` (they are public)."""
        return tuple(float(t) for t in self.points)

    def determinize(self, rng: random.Random) -> SheepRaceState:
        """A full state consistent with this view: the others' hidden bets drawn at random
        among the bets they could have placed."""
        hidden = []
        for p, bets in enumerate(self.hidden):
            if bets == HIDDEN_BETS:
                lanes = [lane for lane in range(LANES) if lane != self.visible[p]]
                bets = tuple(sorted(rng.sample(lanes, 2)))
            hidden.append(bets)
        fields = self.__dict__
        return SheepRaceState.make(
            history=(),
            hidden=tuple(hidden),
            **{name: fields[name] for name in _SHARED},
        )

    def __str__(self) -> str:
        return race_text(self)


def race_text(s: SheepRaceState | SheepRaceView) -> str:
    """A plain-text picture: the race, each lane's sheep, cubes and square, bets and scores."""
    game = s.game
    track = game.rules.track
    lines = [f"The Sheep Race - {RACE_NAMES[s.race]} ({PHASE_NAMES[s.phase]})"]
    for lane in range(LANES):
        if lane >= len(s.lanes):
            lines.append(f"lane {lane + 1}: (no card yet)")
            continue
        b, r, w = s.cubes[lane]
        cells = ["."] * (track + 1)
        at = min(s.pos[lane], track + 1)
        state = {RACING: "", FINISHED: " across", EXHAUSTED: " exhausted"}[s.out[lane]]
        row = "".join(cells[: game.end_zone]) + "|" + "".join(cells[game.end_zone :])
        mark = at + (1 if at >= game.end_zone else 0)
        # The Finish Line closes every row; a sheep across it stands just beyond.
        row = row[:mark] + "S" + row[mark + 1 :] + "| " if at <= track else row + "|S"
        sel = " <" if lane == s.selected else ""
        lines.append(
            f"lane {lane + 1} {game.card_name(s.lanes[lane]):<10} {row} b{b} r{r} w{w}{state}{sel}"
        )
    for p in range(game.rules.players):
        vis = f"visible {s.visible[p] + 1}" if s.visible[p] >= 0 else ""
        h = s.hidden[p]
        hid = "" if not h else "hidden ?+?" if h == HIDDEN_BETS else f"hidden {h[0] + 1}+{h[1] + 1}"
        lines.append(f"{game.player_name(p)}: {s.points[p]} points {vis} {hid}".rstrip())
    return "\n".join(lines)


#: The fields a player's view shares with the full state (all but ``history``; ``hidden`` is
#: masked), read from the two dataclasses: ``view`` and ``determinize`` copy them by name, so a
#: field added to both is carried both ways and nothing cached on a state reaches a view.
_SHARED = tuple(
    f.name
    for f in dataclasses.fields(SheepRaceView)
    if f.name != "hidden" and f.name in {g.name for g in dataclasses.fields(SheepRaceState)}
)
