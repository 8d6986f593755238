"""Bots for The Sheep Race. Each sees only its own view: other players' hidden bets are
unknown to it (``(-1, -1)``), and it never asks for them."""

from __future__ import annotations

import math
import random
from collections.abc import Sequence
from functools import cache, lru_cache

from ...bots.mcts import MCTSBot
from ...core.contract import BotFactory
from ...platform import browser_weaker
from .engine import (
    HIDDEN_BETS,
    PACE_COSTS,
    PACE_TABLE,
    RACING,
    Bet,
    Cubes,
    Hidden,
    Pace,
    RaceMove,
    SheepRace,
    SheepRaceState,
    SheepRaceView,
)
from .rules import END_ZONE, LANES, Dice, lane_odds

Position = SheepRaceView | SheepRaceState  # a bot's view, or a state in an imagined race
WALK = Pace("walk", "")
INF = float("inf")
#: The weight of perfect pacing in the place model; the rest is pacing at random (the other
#: players are not all careful). 0.3 won most against Random bots (0.15 and 0.5 less).
CAREFUL = 0.3


def _exhausted(track: int, pos: int, cubes: Cubes) -> bool:
    """Whether a sheep that has just moved to ``pos`` with ``cubes`` lies exhausted."""
    return track - END_ZONE + 1 <= pos <= track and not any(cubes)


@cache
def selections_to_finish(paces: tuple[int, int, int], track: int, pos: int, cubes: Cubes) -> float:
    """The fewest times a sheep with ``paces`` (walk, trot, gallop) must still be selected to
    cross the Finish Line from square ``pos`` with ``cubes``, choosing its paces perfectly
    (infinite once it is exhausted). Every pace either moves it on or, resting, adds cubes,
    so the recursion ends."""
    if pos > track:
        return 0
    ez = pos >= track - END_ZONE + 1
    best = INF
    for move in PACE_TABLE[cubes[0], cubes[1], cubes[2], ez]:
        to, left = _after(paces, pos, cubes, ez, move)
        if _exhausted(track, to, left):
            continue  # it never finishes
        best = min(best, 1 + selections_to_finish(paces, track, to, left))
    return best


@cache
def random_selections(paces: tuple[int, int, int], track: int, pos: int, cubes: Cubes) -> float:
    """The average number of selections a sheep still needs when every pace is chosen at
    random among the legal ones (exhaustion counted as a long wait)."""
    if pos > track:
        return 0
    ez = pos >= track - END_ZONE + 1
    moves = PACE_TABLE[cubes[0], cubes[1], cubes[2], ez]
    total = 0.0
    for move in moves:
        to, left = _after(paces, pos, cubes, ez, move)
        if _exhausted(track, to, left):
            total += 1 + 3 * (track + 1)  # a long wait: it only places if few finish
        else:
            total += 1 + random_selections(paces, track, to, left)
    return total / len(moves)


def _after(
    paces: tuple[int, int, int], pos: int, cubes: Cubes, ez: bool, move: Pace
) -> tuple[int, Cubes]:
    """Where a sheep stands and what cubes it holds after ``move``."""
    b, r, w = cubes
    if move.pace == "rest":
        return pos, (b + 2, r, w)
    db, dr, dw = (0, 0, 0) if move == WALK and ez else PACE_COSTS[move]
    return pos + paces[("walk", "trot", "gallop").index(move.pace)], (b + db, r + dr, w + dw)


def _paces(view: Position, lane: int) -> tuple[int, int, int]:
    return view.game.rules.cards[view.lanes[lane]][4:7]


def _finish_times(needed: float, chance: float, horizon: int) -> list[float]:
    """The chance that the ``needed``-th selection of a lane picked with ``chance`` per turn
    comes on turn t, for t < ``horizon`` (a negative binomial; rounded selections)."""
    out = [0.0] * horizon
    n = round(needed)
    if needed == INF or chance <= 0:
        return out
    if n == 0:
        out[0] = 1.0
        return out
    # P(T = t) = C(t-1, n-1) p^n (1-p)^(t-n), built up term by term.
    term = chance**n
    for t in range(n, horizon):
        out[t] = term
        term *= t / (t - n + 1) * (1 - chance)
    return out


def place_chances(view: Position, places: int) -> list[list[float]]:
    """For each lane, the chance its sheep finishes 1st, 2nd, ... (``places`` of them).

    A model, not a simulation: each sheep still needs some number of selections to finish
    (from where it stands, with the cubes it holds: the fewest with perfect paces, or on
    average with random ones, mixed by ``CAREFUL``), the dice select its lane with the exact
    odds, and the sheep are taken as independent (two finishing on the same turn split the
    order). Against random play it gives lane 1 first place 7% of the time and lane 6 29%
    (simulated: 6% and 32%)."""
    rules = view.game.rules
    track = rules.track
    needed = tuple(
        (
            selections_to_finish(_paces(view, lane), track, view.pos[lane], view.cubes[lane]),
            random_selections(_paces(view, lane), track, view.pos[lane], view.cubes[lane]),
        )
        if view.out[lane] == RACING
        else None
        for lane in range(LANES)
    )
    dice = rules.final_dice if view.race == 2 else rules.semifinal_dice
    chances = _place_chances(needed, dice, view.order, places)
    return [list(row) for row in chances]


@lru_cache(maxsize=512)
def _place_chances(
    needed: tuple[tuple[float, float] | None, ...], dice: Dice, order: tuple[int, ...], places: int
) -> tuple[tuple[float, ...], ...]:
    odds = lane_odds(dice)
    horizon = 240
    pmfs = []
    for lane, counts in enumerate(needed):
        if counts is None:
            pmfs.append([0.0] * horizon)
            continue
        chance = float(odds[f"lane {lane + 1}"])
        best, casual = (_finish_times(n, chance, horizon) for n in counts)
        pmfs.append([CAREFUL * x + (1 - CAREFUL) * y for x, y in zip(best, casual, strict=True)])
    # befores[o][t]: the chance sheep o is across before turn t (half a same-turn finish).
    befores = []
    for pmf in pmfs:
        before, total = [], 0.0
        for p in pmf:
            before.append(total + p / 2)
            total += p
        befores.append(before)
    done = len(order)
    chances = [[0.0] * places for _ in range(LANES)]
    for place, lane in enumerate(order[:places]):
        chances[lane][place] = 1.0
    racing = [lane for lane in range(LANES) if needed[lane] is not None]
    for lane in racing:
        others = [befores[o] for o in racing if o != lane]
        row = chances[lane]
        for t, p in enumerate(pmfs[lane]):
            if p < 1e-9:
                continue
            # How many others are already across by turn t: a polynomial, cut at ``places``.
            ahead = [1.0] + [0.0] * places
            for before in others:
                q = before[t]
                for k in range(places, 0, -1):
                    ahead[k] = ahead[k] * (1 - q) + ahead[k - 1] * q
                ahead[0] *= 1 - q
            for k in range(places - done):
                row[done + k] += p * ahead[k]
    return tuple(tuple(row) for row in chances)


def bet_values(view: Position) -> list[float]:
    """The expected points of a bet on each lane: the chance of each place times what that
    place pays in this lane (Table 1, or Table 2 in the final)."""
    rules = view.game.rules
    if view.race == 2:
        return [
            row[0] * pay
            for row, pay in zip(place_chances(view, 1), rules.final_payoffs, strict=True)
        ]
    table = rules.semifinal_payoffs
    return [
        sum(row[k] * table[k][lane] for k in range(3))
        for lane, row in enumerate(place_chances(view, 3))
    ]


def _pair_value(
    values: list[float], placed: list[float], mine: tuple[int, ...], bonus: tuple[int, ...]
) -> float:
    """Expected points of bets on the lanes ``mine``, with the bonus for two or three placed
    sheep (treating the sheep as independent)."""
    value = sum(values[lane] for lane in mine)
    if len(mine) < 2:
        return value
    count = [1.0] + [0.0] * len(mine)
    for lane in mine:
        p = placed[lane]
        for k in range(len(mine), 0, -1):
            count[k] = count[k] * (1 - p) + count[k - 1] * p
        count[0] *= 1 - p
    return value + sum(count[k] * bonus[k - 2] for k in range(2, len(mine) + 1))


def pace_for(position: Position, player: int, legal: Sequence[Pace]) -> Pace:
    """The Sensible pace for ``player`` (a view, or a full state in the Strong bot's
    imagined races): the fewest selections still needed for a sheep the player bet on, the
    most for any other sheep."""
    lane = position.selected
    mine = position.hidden[player]
    backed = lane == position.visible[player] or (mine != HIDDEN_BETS and lane in mine)
    track = position.game.rules.track
    paces, pos, cubes = _paces(position, lane), position.pos[lane], position.cubes[lane]
    ez = track - END_ZONE + 1 <= pos <= track

    def need(move: Pace) -> float:
        to, left = _after(paces, pos, cubes, ez, move)
        if _exhausted(track, to, left):
            return INF
        return selections_to_finish(paces, track, to, left)

    def kept(move: Pace) -> int:
        return sum(_after(paces, pos, cubes, ez, move)[1])

    if backed:
        # Fewest selections still needed; then the most breath kept, white cubes last.
        return min(legal, key=lambda m: (need(m), -kept(m), m.cube == "white"))
    # Someone else's sheep: the most selections still needed, the fewest squares gained.
    return max(legal, key=lambda m: (need(m), -_after(paces, pos, cubes, ez, m)[0]))


def bet_for(position: Position, player: int, legal: Sequence[Bet | Hidden]) -> Bet | Hidden:
    """The Sensible bet for ``player``: the most expected points, counting the bonus for
    two or three placed sheep with the visible bet."""
    values = bet_values(position)
    visible = [m for m in legal if isinstance(m, Bet)]
    if visible:
        return max(visible, key=lambda m: values[m.lane])
    hidden = [m for m in legal if isinstance(m, Hidden)]
    semifinal = position.race < 2
    placed = [sum(row) for row in place_chances(position, 3)] if semifinal else values
    bonus = position.game.rules.bonus if semifinal else (0, 0)
    mine = (position.visible[player],) if semifinal else ()
    return max(hidden, key=lambda m: _pair_value(values, placed, (*mine, *m.lanes), bonus))


class SensibleBot:
    name = "Sensible"
    description = (
        "Bets by expected points: the exact odds that the dice pick each lane, how many "
        "turns each sheep needs with its paces and cubes, and what each place pays. In the "
        "race it runs the sheep it bet on as fast as their breath allows and holds the "
        "others back (resting them, or exhausting them in the End Zone)."
    )

    def choose(
        self, view: SheepRaceView, legal_moves: Sequence[RaceMove], rng: random.Random
    ) -> RaceMove:
        paces = [m for m in legal_moves if isinstance(m, Pace)]
        if paces:
            return pace_for(view, view.player, paces)
        bets = [m for m in legal_moves if isinstance(m, Bet | Hidden)]
        if bets:
            return bet_for(view, view.player, bets)
        return rng.choice(list(legal_moves))


def _race_rewards(state: SheepRaceState, players: int) -> list[float]:
    """How good the end of a race is for each player, in [0, 1]: the winners of the
    tournament after the final; after a semifinal, the lead over the best other player
    (10 points either way is most of the scale)."""
    if state.is_over:
        winners = state.winners()
        return [1.0 / len(winners) if p in winners else 0.0 for p in range(players)]
    points = state.points
    out = []
    for p in range(players):
        lead = points[p] - max(t for q, t in enumerate(points) if q != p)
        out.append(1 / (1 + math.exp(-lead / 5)))
    return out


class StrongBot(MCTSBot[SheepRaceState, RaceMove]):
    """Determinized MCTS (the generic MCTSBot) whose imagined games run to the end of the
    race being played only, with the Sensible bot's choices: a whole tournament of random
    paces says little about a move, and a race of careful ones says much."""

    name = "Strong"

    def __init__(
        self, iterations: int = 600, time_limit: float | None = 1.5, exploration: float = 0.7
    ) -> None:
        super().__init__(iterations, time_limit, exploration)
        self._race = 0
        limit = f" (at most {time_limit} s)" if time_limit else ""
        self.description = browser_weaker(
            "Thinks ahead: guesses the hidden bets it cannot see, plays each choice out to "
            f"the end of the race in up to {iterations} imagined races{limit} where everybody "
            "plays like the Sensible bot, and picks the choice that did best."
        )

    def choose(
        self, view: SheepRaceView, legal_moves: Sequence[RaceMove], rng: random.Random
    ) -> RaceMove:
        self._race = view.race
        return super().choose(view, legal_moves, rng)

    # Imagined races: everybody chooses like the Sensible bot, until this race is scored.
    def rollout_move(
        self, state: SheepRaceState, legal: Sequence[RaceMove], rng: random.Random
    ) -> RaceMove:
        paces = [m for m in legal if isinstance(m, Pace)]
        if paces:
            return pace_for(state, state.turn, paces)
        return bet_for(state, state.turn, [m for m in legal if isinstance(m, Bet | Hidden)])

    def rollout_ends(self, state: SheepRaceState) -> bool:
        return state.race != self._race

    def rollout_rewards(self, state: SheepRaceState, players: int) -> list[float]:
        return _race_rewards(state, players)


def bots_for(game: SheepRace) -> dict[str, BotFactory]:
    """This game's own bots, weakest first (Random and MCTS are added by sheepkit.bots)."""
    return {"Sensible": SensibleBot, "Strong": StrongBot}
