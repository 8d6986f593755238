"""Perfect play from the solved table: the Perfect bot, hints, and the lesson's pictures.

Everything here asks :func:`solver.solve` for the table of the game's board size and
auto-victory setting (solved once, then read from the disk cache). On boards too big to solve
quickly (10x10 and up) the Perfect bot uses the shipped strategy of the side that wins from
the start, and plays like the Sensible bot anywhere else.
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from .engine import SHEEP, WOLVES, Step, WolfAndSheepState, layout, parse_square, square_name
from .solver import Progress, Solution, decode, solve
from .strategy import shipped, unpack

SIDES = ("Sheep", "Wolves")
SOLVED_SIZES = (6, 8)  # solved on demand in seconds; bigger boards take minutes


def solution_for(state: WolfAndSheepState, progress: Progress | None = None) -> Solution:
    game = state.game
    return solve(game.rules.board, game.auto_victory, progress=progress)  # type: ignore[attr-defined]


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


class PerfectBot:
    name = "Perfect"
    description = (
        "Never makes a mistake: it knows the result of every position. From a winning "
        "position it takes the quickest win; from a losing one it makes the game last as long "
        "as it can, waiting for your mistake."
    )

    def __init__(self) -> None:
        self._strategies: dict[tuple[int, bool], dict | None] = {}

    def choose(self, view: Any, legal_moves: Sequence[Any], rng: random.Random) -> Any:
        state: WolfAndSheepState = view
        game = state.game
        size: int = game.rules.board  # type: ignore[attr-defined]
        if size in SOLVED_SIZES:
            scored = move_values(solution_for(state), state)
            pick = max if state.turn == SHEEP else min
            best = pick(v for _, v in scored)
            return rng.choice([m for m, v in scored if v == best])
        move = self._shipped_move(state, size)
        if move is not None and move in legal_moves:
            return move
        from .bots import SensibleBot

        return SensibleBot().choose(view, legal_moves, rng)

    def _shipped_move(self, state: WolfAndSheepState, size: int) -> Step | None:
        key = (size, state.game.auto_victory)  # type: ignore[attr-defined]
        if key not in self._strategies:
            data = shipped(*key)
            self._strategies[key] = {"side": data["side"], "moves": unpack(data)} if data else None
        strategy = self._strategies[key]
        if strategy is None or strategy["side"] != state.turn:
            return None
        found = strategy["moves"].get((state.sheep, state.wolves))
        return Step(*found) if found else None


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
    lay = state.game.layout  # type: ignore[attr-defined]
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
    game: Any, wolves: Iterable[str | int], to_move: int = SHEEP
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
