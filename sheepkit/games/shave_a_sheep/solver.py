"""Perfect two-player play of Shave a Sheep: every position's chance of winning, solved.

The value of a position is player 1's (seat 0's) expected share of the win when both players
play to maximise their own share: a win counts 1, a shared win 1/2, a loss 0. With two
players that is a constant-sum game, so seat 1's share is one minus seat 0's and one number
per position is enough: seat 0 maximises it, seat 1 minimises it, chance averages it.

The positions are found by playing the engine itself (so the solver cannot drift from the
rules) from the start, or from any made-up position a lesson asks about. A position is what
matters for the future: wool in the middle, on each sheep and in each pile, whose turn, the
phase and rolled face, where the wolf stands and who won a race. The turn number is left out,
so the solution is that of the game without the turn limit (the limit is a safety valve that
random play never reached in 60,000 games; the bot still sees a real end if one comes).

The game can cycle (the wolf sends wool back to the middle), so values are the fixed point of
value iteration. It is exact up to floating point: no pile ever shrinks in any variant, so the
positions fall into layers by the wool in piles, each layer only leads to itself or to higher
layers, and each layer is iterated (Gauss-Seidel) until no value moves by more than 1e-13,
with the layers above it already final. Every variant ends with probability one whatever the
players do (forced grows fill a sheep, and a full sheep is shorn), so the fixed point is unique.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import marshal
import time
import zlib
from collections import deque
from pathlib import Path
from typing import Any

from ...core import CHANCE
from ...core.cache import cache_dir, read_checked, write_checked
from ...platform import read_data
from .engine import Move, Roll, ShaveASheep, ShaveASheepState
from .rules import VARIANTS, ShaveASheepRules

TOLERANCE = 1e-13
#: Moves whose values differ by less than this are equally good: the first listed is played.
TIE = 1e-9

Key = tuple[Any, ...]
_CHANCE, _MAX, _MIN = 0, 1, 2


def key_of(state: ShaveASheepState) -> Key:
    """What of a position matters for the rest of the game (not the history or turn number)."""
    return (
        state.middle,
        state.sheep,
        state.piles,
        state.turn,
        state.phase,
        state.face,
        state.wolf,
        state.howler,
    )


def _canonical(state: ShaveASheepState) -> ShaveASheepState:
    # Turn number 1 and no history: the turn limit never fires while the graph is explored.
    return ShaveASheepState.make(
        state.game,
        state.middle,
        state.sheep,
        state.piles,
        state.turn,
        state.phase,
        state.face,
        1,
        state.wolf,
        0,
        state.howler,
    )


def final_value(state: ShaveASheepState) -> float:
    """Seat 0's share of the win in a finished two-player game."""
    a, b = state.piles
    return 1.0 if a > b else 0.5 if a == b else 0.0


class Solution:
    """Seat 0's win share at every position met so far, under perfect play by both."""

    def __init__(self, rules: ShaveASheepRules) -> None:
        if rules.players != 2:
            raise ValueError(
                f"the exact solution is for two players; these rules have {rules.players}"
            )
        self.rules = rules
        self.game = ShaveASheep(rules)
        self.values: dict[Key, float] = {}
        self.sweeps = 0
        start = time.perf_counter()
        self._extend(self.game.new_game())
        self.seconds = time.perf_counter() - start

    @property
    def states(self) -> int:
        """How many positions are solved (finished games are not counted)."""
        return len(self.values)

    # -- queries ------------------------------------------------------------------------------
    def value(self, state: ShaveASheepState) -> float:
        """Seat 0's expected share of the win from ``state`` under perfect play."""
        if state.is_over:
            return final_value(state)
        key = key_of(state)
        if key not in self.values:
            self._extend(state)
        return self.values[key]

    def win_chances(self, state: ShaveASheepState) -> tuple[float, float]:
        """Each player's expected share of the win from ``state``; the two add up to 1."""
        v = self.value(state)
        return (v, 1.0 - v)

    def move_values(self, state: ShaveASheepState) -> dict[Move, float]:
        """The mover's win share after each of their legal moves."""
        mover = state.to_move
        if mover is None or mover == CHANCE:
            raise ValueError("nobody chooses a move here (a chance node or the end)")
        return {
            move: (v if mover == 0 else 1.0 - v)
            for move in state.legal_moves()
            for v in [self.value(state.play(move))]
        }

    def best_move(self, state: ShaveASheepState) -> Move:
        """The mover's best legal move; among moves within 1e-9 of the best, the first."""
        values = self.move_values(state)
        best = max(values.values())
        return next(move for move, v in values.items() if v >= best - TIE)

    # -- solving -----------------------------------------------------------------------------
    def _extend(self, root: ShaveASheepState) -> None:
        """Explore every position reachable from ``root`` not yet solved, then solve them."""
        values = self.values
        index: dict[Key, int] = {}
        states: list[ShaveASheepState] = []
        root = _canonical(root)
        index[key_of(root)] = 0
        states.append(root)
        # Each new node: its kind and its children, as ('n', i) new node, or a known value.
        kinds: list[int] = []
        links: list[list[tuple[float, int, float]]] = []  # (probability, node or -1, value)
        queue = deque([0])
        while queue:
            i = queue.popleft()
            state = states[i]
            mover = state.to_move
            if mover == CHANCE:
                kinds.append(_CHANCE)
                branches = [(float(p), state.play(o)) for o, p in state.chance_outcomes()]
            else:
                kinds.append(_MAX if mover == 0 else _MIN)
                branches = [(1.0, state.play(m)) for m in state.legal_moves()]
            children: list[tuple[float, int, float]] = []
            for p, child in branches:
                if child.is_over:
                    children.append((p, -1, final_value(child)))
                    continue
                key = key_of(child)
                known = values.get(key)
                if known is not None:
                    children.append((p, -1, known))
                    continue
                j = index.get(key)
                if j is None:
                    j = index[key] = len(states)
                    states.append(_canonical(child))
                    queue.append(j)
                children.append((p, j, 0.0))
            links.append(children)
        solved = self._iterate(states, kinds, links)
        for key, i in index.items():
            values[key] = solved[i]

    def _iterate(
        self,
        states: list[ShaveASheepState],
        kinds: list[int],
        links: list[list[tuple[float, int, float]]],
    ) -> list[float]:
        # Layers by the wool in piles, highest first: a move never lowers a pile, so a layer
        # depends only on itself and on layers already solved.
        layers: dict[int, list[int]] = {}
        for i, state in enumerate(states):
            layers.setdefault(sum(state.piles), []).append(i)
        value = [0.5] * len(states)
        for level in sorted(layers, reverse=True):
            members = layers[level][::-1]  # later-found positions tend to be nearer the end
            change = 1.0
            while change > TOLERANCE:
                self.sweeps += 1
                change = 0.0
                for i in members:
                    kind = kinds[i]
                    if kind == _CHANCE:
                        v = 0.0
                        for p, j, known in links[i]:
                            v += p * (value[j] if j >= 0 else known)
                    elif kind == _MAX:
                        v = max(value[j] if j >= 0 else known for _, j, known in links[i])
                    else:
                        v = min(value[j] if j >= 0 else known for _, j, known in links[i])
                    delta = abs(v - value[i])
                    if delta > change:
                        change = delta
                    value[i] = v
        return value


_SOLUTIONS: dict[ShaveASheepRules, Solution] = {}


def solve(
    rules: ShaveASheepRules | None = None, *, use_cache: bool = True, **changes: Any
) -> Solution:
    """The perfect-play solution of two-player rules: from memory, from the tables shipped
    with sheepkit (the lesson's rule sets), from the disk cache (``$SHEEPKIT_CACHE`` or
    ``~/.cache/sheepkit``), or computed now (one to a few seconds; five times that in the
    browser, where the disk cache does not outlive the page)."""
    base = rules if rules is not None else ShaveASheepRules()
    if changes:
        base = base.replace(**changes)
    solution = _SOLUTIONS.get(base) if use_cache else None
    if solution is None:
        solution = (load_shipped(base) or _load(base)) if use_cache else None
        if solution is None:
            solution = Solution(base)
            if use_cache:
                write_checked(_cache_path(base), _dump(solution))
        if use_cache:
            _SOLUTIONS[base] = solution
    return solution


def solved(rules: ShaveASheepRules) -> Solution | None:
    """The solution if it can be had without solving: from memory, a shipped table or the
    disk cache; else None (the browser's Optimal bot then plays without one)."""
    solution = _SOLUTIONS.get(rules)
    if solution is None:
        solution = load_shipped(rules) or _load(rules)
        if solution is not None:
            _SOLUTIONS[rules] = solution
    return solution


SOLVER_VERSION = 2  # bump when the values could change: old cache files are then ignored
# (2: the Howling Wolf roller may decline the wool after the race)


def _digest(rules: ShaveASheepRules) -> str:
    text = json.dumps(rules.to_dict(), sort_keys=True)
    return hashlib.sha256(f"v{SOLVER_VERSION}:{text}".encode()).hexdigest()[:20]


def _cache_path(rules: ShaveASheepRules) -> Path:
    return cache_dir() / f"shave_a_sheep-{_digest(rules)}.marshal"


def _dump(solution: Solution) -> bytes:
    # marshal knows tuples, ints, floats and None; the rolled face is stored as its actions.
    rows = [
        (*k[:5], k[5].face if k[5] is not None else None, *k[6:], v)
        for k, v in solution.values.items()
    ]
    return marshal.dumps((SOLVER_VERSION, json.dumps(solution.rules.to_dict()), rows))


def _load(rules: ShaveASheepRules) -> Solution | None:
    data = read_checked(_cache_path(rules))
    if data is None:
        return None
    try:
        version, text, rows = marshal.loads(data)
        if version != SOLVER_VERSION or json.loads(text) != rules.to_dict():
            return None
        values = {(*r[:5], Roll(r[5]) if r[5] is not None else None, *r[6:-1]): r[-1] for r in rows}
    except (ValueError, TypeError, EOFError, IndexError):
        return None
    return _from_values(rules, values)


def _from_values(rules: ShaveASheepRules, values: dict[Key, float]) -> Solution:
    solution = Solution.__new__(Solution)
    solution.rules, solution.game = rules, ShaveASheep(rules)
    solution.values, solution.sweeps, solution.seconds = values, 0, 0.0
    return solution


# -- tables shipped in the package ----------------------------------------------------------
# The browser (Pyodide) runs the solver about five times slower and keeps no disk cache, so
# the rule sets that the app and the lesson open with ship solved. A shipped table is gzipped
# text: one line of JSON saying what it is (format, solver version, rules, positions, the
# SHA-256 of the rest), then every position's key and value as a JSON list. JSON writes each
# float exactly (shortest repr), so the table equals a fresh solve, and any Python reads it.
SHIPPED_DIR = Path(__file__).with_name("data")
SHIPPED_FORMAT = 1
#: The rules whose tables ship: the base game and every printed variant, for two players.
SHIPPED_RULES = tuple(ShaveASheepRules(players=2).replace(**c) for c in VARIANTS.values())


def shipped_path(rules: ShaveASheepRules) -> Path:
    return SHIPPED_DIR / f"optimal-{_digest(rules)}.json.gz"


def _tuples(value: Any) -> Any:
    return tuple(_tuples(v) for v in value) if isinstance(value, list) else value


def encode_table(solution: Solution) -> bytes:
    """The shipped-table bytes of a solution (the same bytes for the same solution)."""
    rows = [
        [*k[:5], list(k[5].face) if k[5] is not None else None, *k[6:], v]
        for k, v in solution.values.items()
    ]
    body = json.dumps(rows, separators=(",", ":")).encode()
    header = {
        "format": SHIPPED_FORMAT,
        "solver_version": SOLVER_VERSION,
        "game": "shave_a_sheep",
        "rules": solution.rules.to_dict(),
        "positions": len(rows),
        "sha256": hashlib.sha256(body).hexdigest(),
    }
    text = json.dumps(header, sort_keys=True).encode() + b"\n" + body
    return gzip.compress(text, compresslevel=9, mtime=0)


def decode_table(data: bytes, rules: ShaveASheepRules) -> Solution | None:
    """The solution in shipped-table bytes, or None if they are damaged or for other rules."""
    try:
        head, _, body = gzip.decompress(data).partition(b"\n")
        header = json.loads(head)
        if (
            header.get("format") != SHIPPED_FORMAT
            or header.get("solver_version") != SOLVER_VERSION
            or header.get("rules") != json.loads(json.dumps(rules.to_dict()))
            or header.get("sha256") != hashlib.sha256(body).hexdigest()
        ):
            return None
        rows = json.loads(body)
        values = {
            (
                *_tuples(r[:5]),
                Roll(tuple(r[5])) if r[5] is not None else None,
                *_tuples(r[6:-1]),
            ): float(r[-1])
            for r in rows
        }
        if len(values) != header.get("positions"):
            return None
    except (OSError, EOFError, zlib.error, ValueError, TypeError, IndexError, KeyError):
        return None
    return _from_values(rules, values)


def load_shipped(rules: ShaveASheepRules) -> Solution | None:
    """The table shipped with sheepkit for these rules, or None (none ships, or damaged)."""
    try:
        data = read_data(__package__, shipped_path(rules).name)
    except OSError:
        return None
    return decode_table(data, rules)


def write_shipped() -> list[Path]:
    """Solve every rule set of SHIPPED_RULES afresh and write its table; old tables are
    removed. For maintainers, after a change to the rules or the solver (bump SOLVER_VERSION):
    ``python -c "from sheepkit.games.shave_a_sheep import solver; solver.write_shipped()"``."""
    SHIPPED_DIR.mkdir(exist_ok=True)
    for old in SHIPPED_DIR.glob("optimal-*.json.gz"):
        old.unlink()
    written = []
    for rules in SHIPPED_RULES:
        solution = Solution(rules)
        path = shipped_path(rules)
        path.write_bytes(encode_table(solution))
        print(f"{path.name}: {solution.states} positions, {path.stat().st_size} bytes")
        written.append(path)
    return written


def win_chances(state: ShaveASheepState) -> tuple[float, float]:
    """Each player's share of the win from ``state`` if both play perfectly (two players;
    a shared win counts as half a win)."""
    return solve(state.game.rules).win_chances(state)
