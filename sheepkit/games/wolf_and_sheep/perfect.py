"""Perfect play from the solved table: the Perfect bot, hints, and the lesson's pictures.

Everything here asks :func:`solver.solve` for the table of the game's board size and
auto-victory setting (6x6 solved in a moment, 8x8 read from the package, then kept in
memory). 10x10 is too big to solve in a page: the Perfect bot uses the shipped strategy of
the wolves, who win from the start (one file per auto-victory setting), and as the sheep the
values shipped with it, which make the game last as long as it can against those wolves. It
is offered only where that makes it perfect (:func:`perfect_for`): 6x6 and 8x8 with any
options, 10x10 from the usual start (sheep first, sheep on E1), not 12x12.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ...core.contract import BotFactory
from .bots import SensibleBot
from .engine import (
    SHEEP,
    WOLVES,
    Step,
    WolfAndSheep,
    WolfAndSheepRules,
    WolfAndSheepState,
    layout,
    parse_square,
    square_name,
)
from .solver import Progress, Solution, decode, solve
from .strategy import Key, Pair, shipped, unpack, unpack_values

SIDES = ("Sheep", "Wolves")
SOLVED_SIZES = (6, 8)  # solved in a moment (6x6) or shipped whole (8x8); bigger boards: minutes
STRATEGY_SIZES = (10,)  # the winning side's strategy ships, for the usual start only


def perfect_for(rules: WolfAndSheepRules) -> bool:
    """True where the Perfect bot really is perfect: a solved size, or a shipped strategy
    and the start it was made from (the sheep moves first from the middle of row 1)."""
    if rules.board in SOLVED_SIZES:
        return True
    return (
        rules.board in STRATEGY_SIZES
        and rules.first == "sheep"
        and rules.sheep_start in ("middle", "E1")
    )


def solution_for(state: WolfAndSheepState, progress: Progress | None = None) -> Solution:
    game = state.game
    return solve(game.rules.board, game.auto_victory, progress=progress)


def move_values(solution: Solution, state: WolfAndSheepState) -> list[tuple[Step, int]]:
    """Every legal move with the value byte of the position it leads to."""
    out = []
    for move in state.legal_moves():
        source, target = move
        if state.turn == SHEEP:
            out.append((move, solution.value(target, state.wolves, WOLVES)))
        else:
            wolves = tuple(sorted(target if w == source else w for w in state.wolves))
            out.append((move, solution.value(state.sheep, wolves, SHEEP)))
    return out


@dataclass(frozen=True)
class Hint:
    """Who wins from here with perfect play, and which moves keep that result."""

    winner: int  # the side: SHEEP or WOLVES
    player: int  # the player (person) playing that side
    plies: int  # moves (of both sides) to the end with perfect play
    keeping: tuple[tuple[Step, int], ...]  # (move, plies to the end after it), best first
    text: str

    def __str__(self) -> str:
        return self.text


def hint(state: WolfAndSheepState, progress: Progress | None = None) -> Hint:
    """The perfect-play verdict for the position of ``state`` (the current round)."""
    ending = state.round_ending
    if ending is not None:
        side = ending[0]
        return Hint(side, state.seat(side), 0, (), f"Over: {ending[1]}")
    solution = solution_for(state, progress)
    winner, plies = solution.outcome(state.sheep, state.wolves, state.turn)
    scored = move_values(solution, state)
    keep = [(m, decode(v)[1]) for m, v in scored if decode(v)[0] == winner]
    keep.sort(key=lambda mv: mv[1] if winner == state.turn else -mv[1])
    name = SIDES[winner]
    if winner == state.turn:
        moves = ", ".join(f"{m} ({n})" for m, n in keep)
        text = f"The {name} win in {plies} moves with perfect play. Winning moves: {moves}."
    else:
        text = f"The {name} win in {plies} moves with perfect play, whatever you play."
    return Hint(winner, state.seat(winner), plies, tuple(keep), text)


@dataclass(frozen=True)
class _Strategy:
    """A shipped strategy: the side it wins for, its moves, and its positions' values."""

    side: int
    moves: dict[Key, Pair]
    values: dict[Key, int]


class PerfectBot:
    name = "Perfect"
    description = (
        "Never makes a mistake: it knows the result of every position. From a winning "
        "position it takes the quickest win; from a losing one it makes the game last as long "
        "as it can, waiting for your mistake. Offered on 6x6 and 8x8, which are solved whole; "
        "on 10x10 see Perfect wolves."
    )

    def __init__(self) -> None:
        self._strategies: dict[tuple[int, bool], _Strategy | None] = {}

    def choose(
        self, view: WolfAndSheepState, legal_moves: Sequence[Step], rng: random.Random
    ) -> Step:
        state = view  # perfect information: the view is the whole state
        size = state.game.rules.board
        if size in SOLVED_SIZES:
            scored = move_values(solution_for(state), state)
            pick = max if state.turn == SHEEP else min
            best = pick(v for _, v in scored)
            return rng.choice([m for m, v in scored if v == best])
        move = self._shipped_move(state, size, legal_moves, rng)
        if move is not None and move in legal_moves:
            return move
        # Only where perfect_for() is False (12x12, another start on 10x10), or the losing side
        # after the winner left its perfect strategy: the game offers no Perfect bot there.
        return SensibleBot().choose(view, legal_moves, rng)

    def _shipped_move(
        self, state: WolfAndSheepState, size: int, legal_moves: Sequence[Step], rng: random.Random
    ) -> Step | None:
        key = (size, state.game.auto_victory)
        if key not in self._strategies:
            data = shipped(*key)
            self._strategies[key] = (
                _Strategy(data["side"], unpack(data), unpack_values(data)) if data else None
            )
        strategy = self._strategies[key]
        if strategy is None:
            return None
        if strategy.side == state.turn:
            found = strategy.moves.get((state.sheep, state.wolves))
            return Step(*found) if found else None
        # The losing side: every move from a position of the strategy leads to one whose value
        # ships with it; the best of them lasts longest (quickest wins and slowest losses rank
        # first for each side, as in the solver's values).
        values = strategy.values
        scored = []
        for move in legal_moves:
            source, target = move
            if state.turn == SHEEP:
                after = (target, state.wolves)
            else:
                after = (
                    state.sheep,
                    tuple(sorted(target if w == source else w for w in state.wolves)),
                )
            value = values.get(after)
            if value is None:
                return None  # the winner has left its strategy: no value known here
            scored.append((move, value))
        if not scored:
            return None
        pick = max if state.turn == SHEEP else min
        best = pick(v for _, v in scored)
        return rng.choice([m for m, v in scored if v == best])


# -- the lesson's pictures ------------------------------------------------------------------
@dataclass(frozen=True)
class AutoVictoryWhy:
    """Why auto-victory fires (or not) here: the squares ahead and who can still reach them."""

    fires: bool
    reason: str | None
    ahead: tuple[int, ...]  # the sheep's empty forward squares
    unreachable: tuple[int, ...]  # those that no wolf can ever reach
    guards: dict[int, tuple[int, ...]]  # each empty forward square: the wolves that reach it
    reach: dict[int, frozenset[int]]  # each wolf: every square it can still ever reach


def explain_auto_victory(state: WolfAndSheepState) -> AutoVictoryWhy:
    """The auto-victory test spelled out, for the lesson and the app's explanation."""
    lay = state.game.layout
    ahead = tuple(t for t, _ in lay.forward[state.sheep] if t not in state.wolves)
    guards = {t: tuple(w for w in state.wolves if w in lay.guards[t]) for t in ahead}
    reach = {w: frozenset(sq for sq in lay.squares if w in lay.guards[sq]) for w in state.wolves}
    reason = lay.auto_victory(state.sheep, state.wolves)
    return AutoVictoryWhy(
        fires=reason is not None,
        reason=reason,
        ahead=ahead,
        unreachable=tuple(t for t in ahead if not guards[t]),
        guards=guards,
        reach=reach,
    )


def heatmap(
    game: WolfAndSheep, wolves: Iterable[str | int], to_move: int = SHEEP
) -> dict[str, tuple[int, int]]:
    """For a wolf formation: the perfect-play (winner side, plies) with the sheep on each
    empty dark square, ``to_move`` to play. Keys are square names, e.g. ``"E1"``."""
    size = game.rules.board
    placed = [parse_square(w, size) if isinstance(w, str) else w for w in wolves]
    free = next(sq for sq in game.layout.squares if sq not in placed)
    sample = game.position(free, placed, to_move)  # validates the squares
    solution = solve(size, game.auto_victory)
    return {
        square_name(sq): solution.outcome(sq, sample.wolves, to_move)
        for sq in layout(size).squares
        if sq not in sample.wolves
    }


class PerfectWolvesBot(PerfectBot):
    """The Perfect bot where only the wolves' side is solved (10x10): named for what it is."""

    name = "Perfect wolves"
    description = (
        "Plays the wolves perfectly on 10x10 (their winning strategy ships with sheepkit): its "
        "wolves never lose, in 72 moves at most. Only the wolves' side is solved there, so it "
        "is not called Perfect: as the sheep it holds out longest against those wolves, and "
        "once the wolves leave their strategy it plays like the Sensible bot."
    )


def bots_for(game: WolfAndSheep) -> dict[str, BotFactory]:
    """This game's own bots for these rules (Random and MCTS are added by sheepkit.bots).

    "Perfect" only where it is perfect on both sides (6x6, 8x8). On 10x10 from the usual start
    only the wolves' strategy ships: that bot is offered as "Perfect wolves". None on 12x12
    (unsolved) or on 10x10 from another start."""
    if not perfect_for(game.rules):
        return {"Sensible": SensibleBot}
    if game.rules.board in SOLVED_SIZES:
        return {"Sensible": SensibleBot, "Perfect": PerfectBot}
    return {"Sensible": SensibleBot, "Perfect wolves": PerfectWolvesBot}
