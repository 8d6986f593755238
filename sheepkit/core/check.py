"""check_game: the invariant harness every game must pass.

It plays seeded random games and, at every state on the way, checks the promises of the
common contract. A failure raises GameCheckFailed naming the rules, seed and ply, so that
the failing position can be rebuilt with ``sheepkit.replay``; so does a crash inside the
game's own code (chained to the original error), naming the move being played or read.
"""

from __future__ import annotations

import dataclasses
import json
import math
import random
from collections.abc import Callable, Hashable, Iterable, Mapping
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any

from .errors import IllegalMove
from .game import CHANCE, Game, State, _shown, same_move
from .record import replay
from .registry import load
from .views import encode_view
from .words import log_line, words_for


class GameCheckFailed(AssertionError):
    """A broken promise of the game contract, with where to find it."""


#: Which chance nodes of each checked game have ``sample_chance`` tested against
#: ``chance_outcomes``, when the game writes its own sampler: the 1st, 2nd, 4th, 8th ...
#: chance node it reaches, up to the 128th (so a game's first draws and its later kinds of
#: chance node, such as the Race's dice after its deal, are both tested).
SAMPLED_NODES = frozenset(2**i for i in range(8))
#: The false-alarm rate of one such test: the chance that an exact sampler fails it (its
#: seed is fixed, so a given game and seed pass or fail the same way every time).
FALSE_ALARM = 1e-6
_Z = 4.753424  # the standard normal quantile of 1 - FALSE_ALARM
#: With hidden information, what goes over a table's wire (``sheepkit.core.views``) and the
#: log's words are checked at a game's first three states and every WIRE_EVERY-th ply (each
#: check redraws the hidden part once per player: cheap, but not free on every state).
WIRE_EVERY = 20


def _chi_square_limit(degrees: int) -> float:
    """The chi-square value an exact sampler exceeds with probability at most about
    FALSE_ALARM (Wilson and Hilferty's approximation, which errs high below 3 degrees of
    freedom, so the rate is lower there)."""
    k = degrees
    return float(k * (1 - 2 / (9 * k) + _Z * math.sqrt(2 / (9 * k))) ** 3)


def sampling_error(state: State[Any, Any], seed: int) -> str | None:
    """Why ``state.sample_chance`` does not draw ``chance_outcomes()`` with their
    probabilities, or None: a chi-square test of enough draws that every outcome is expected
    ten times (at least 500, at most 20,000; rarer outcomes are pooled into one class), at
    the false-alarm rate FALSE_ALARM."""
    outcomes = state.chance_outcomes()
    rng = random.Random(seed)
    rarest = min(p for _, p in outcomes)
    draws = max(500, min(20_000, math.ceil(10 / rarest)))
    counts = dict.fromkeys([o for o, _ in outcomes], 0)
    for _ in range(draws):
        drawn = state.sample_chance(rng)
        if drawn not in counts:
            return f"sample_chance gave {drawn}, which is not a chance outcome here"
        counts[drawn] += 1
    pooled_seen = pooled_expected = 0.0
    statistic, classes = 0.0, 0
    for outcome, p in outcomes:
        expected = draws * float(p)
        if expected < 5:  # too rare to test alone: pooled
            pooled_seen += counts[outcome]
            pooled_expected += expected
            continue
        statistic += (counts[outcome] - expected) ** 2 / expected
        classes += 1
    if pooled_expected > 0:
        statistic += (pooled_seen - pooled_expected) ** 2 / pooled_expected
        classes += 1
    if classes < 2:
        return None  # one outcome: nothing to compare
    limit = _chi_square_limit(classes - 1)
    if statistic <= limit:
        return None
    worst = max(outcomes, key=lambda op: abs(counts[op[0]] - draws * float(op[1])))
    return (
        f"sample_chance does not draw the chance outcomes with their probabilities: in "
        f"{draws} draws {worst[0]} came {counts[worst[0]]} times, expected "
        f"{draws * float(worst[1]):.0f} (chi-square {statistic:.1f} > {limit:.1f}, "
        f"{classes - 1} degrees of freedom, false-alarm rate {FALSE_ALARM})"
    )


@dataclass
class _Where:
    """What the check was doing, for the message when the game's own code crashes."""

    seed: int = 0
    ply: int = 0
    doing: str = "starting a game (new_game)"
    last: str = ""  # the move that led to the position, in words


def _after(where: _Where) -> str:
    return f" (after {where.last})" if where.last else ""


def _crashed(game: Game[Any, Any, Any], where: _Where, error: Exception) -> GameCheckFailed:
    return GameCheckFailed(
        f"{game!r}, seed {where.seed}, ply {where.ply}{_after(where)}, {where.doing}: the game's "
        f"code raised "
        f"{type(error).__name__}: {error}"
    )


class _NotAMove:
    def __str__(self) -> str:
        return "not-a-move"


@dataclass
class CheckReport:
    games: int = 0
    states: int = 0
    longest: int = 0
    lengths: list[int] = field(default_factory=list)

    @property
    def mean_length(self) -> float:
        return sum(self.lengths) / len(self.lengths) if self.lengths else 0.0

    def __str__(self) -> str:
        return (
            f"{self.games} games, {self.states} states checked, length mean "
            f"{self.mean_length:.1f}, longest {self.longest}"
        )


def check_game(
    game: Game[Any, Any, Any] | str,
    variants: Iterable[Mapping[str, Any]] = ({},),
    *,
    games: int = 30,
    seed: int = 0,
    try_every_move: bool = True,
) -> CheckReport:
    """Play ``games`` seeded random games for each rule variant and check every invariant."""
    report = CheckReport()
    for changes in variants:
        if isinstance(game, str):
            subject = load(game, **changes)
        else:
            subject = type(game)(game.rules.replace(**changes)) if changes else game
        foreign: list[Hashable] = []  # moves seen elsewhere: good candidates for illegal moves
        finals: list[State[Any, Any]] = []
        for n in range(games):
            game_seed = seed * 100_003 + n
            where = _Where(game_seed)
            try:
                final = _check_one(subject, game_seed, report, foreign, try_every_move, where)
                where.doing = "playing the same seed again (random_playout)"
                again = subject.random_playout(random.Random(game_seed))
            except GameCheckFailed:
                raise
            except Exception as e:  # any crash in the game's code: say where, keep the cause
                raise _crashed(subject, where, e) from e
            _expect(again == final, subject, game_seed, final.ply, "same seed, different game")
            finals.append(final)
        problem = subject.check_played(finals)
        if problem is not None:
            raise GameCheckFailed(f"{subject!r}: {problem}")
    return report


def wire_leak(state: State[Any, Any], move: Hashable, rng: random.Random) -> str | None:
    """What a table would tell some seat beyond its view, in words (None: nothing).

    For each seat p: the hidden part redrawn (``state.view(p).determinize``) must change
    neither what goes over the wire to p (``sheepkit.core.views.encode_view``) nor p's log
    line for ``move``, the next move, where it is still possible in the redrawn state. The
    view's own equality is checked apart: this catches what the wire or the log adds to it (a
    field the view does not compare, a log line that reads another player's cards)."""
    game = state.game
    words = words_for(game)
    for player in range(game.num_players):
        guess = state.view(player).determinize(rng)
        if encode_view(guess, player) != encode_view(state, player):
            return f"what a table sends player {player} depends on what they cannot see"
        if any(same_move(move, option) for option in _options(guess)):
            said = log_line(words, state, move, player)
            if log_line(words, guess, move, player) != said:
                return (
                    f"player {player}'s log line for {_shown(move)} ({said!r}) depends on what "
                    "they cannot see"
                )
    return None


def _options(state: State[Any, Any]) -> list[Hashable]:
    if state.to_move == CHANCE:
        return [outcome for outcome, _ in state.chance_outcomes()]
    return list(state.legal_moves())


def _expect(ok: bool, game: Game[Any, Any, Any], seed: int, ply: int, what: str) -> None:
    if not ok:
        raise GameCheckFailed(f"{game!r}, seed {seed}, ply {ply}: {what}")


def _check_one(
    game: Game[Any, Any, Any],
    seed: int,
    report: CheckReport,
    foreign: list[Hashable],
    try_every_move: bool,
    where: _Where,
) -> State[Any, Any]:
    rng = random.Random(seed)  # drives the game exactly as Game.random_playout does
    probe = random.Random(-seed - 1)  # for the checks' own draws, so they never shift the game
    state: State[Any, Any] = game.new_game()
    report.games += 1

    def expect(ok: bool, what: str) -> None:
        _expect(ok, game, seed, state.ply, what)

    # A sampler of the game's own is tested against its outcomes (core's draws them exactly).
    own_sampler = type(state).sample_chance is not State.sample_chance
    chance_nodes = 0
    while True:
        report.states += 1
        where.ply, where.doing = state.ply, "examining the position"
        where.last = _shown(state.history[-1]) if state.history else ""
        snapshot = repr(state)
        expect(state.ply <= game.max_length, f"longer than the declared {game.max_length}")
        _check_state(state, game, probe, expect, foreign, try_every_move, where)
        where.doing = "examining the position"
        expect(repr(state) == snapshot, "the state changed while it was being examined")
        if state.is_over:
            break
        if state.to_move == CHANCE:
            chance_nodes += 1
            if own_sampler and chance_nodes in SAMPLED_NODES:
                where.doing = "testing sample_chance against chance_outcomes"
                why = sampling_error(state, probe.randrange(2**32))
                expect(why is None, str(why))
            move = state.sample_chance(rng)
        else:
            move = rng.choice(state.legal_moves())
        if game.hidden_information and (state.ply < 3 or (state.ply + seed) % WIRE_EVERY == 0):
            where.doing = f"checking what a table sends each seat before {_shown(move)}"
            why = wire_leak(state, move, probe)
            expect(why is None, str(why))
        foreign.append(move)
        del foreign[:-50]
        where.doing = f"playing {_shown(move)}"
        following = state.play(move)
        expect(following.history == (*state.history, move), "history does not end with move")
        expect(repr(state) == snapshot, f"play({move}) changed the state it was called on")
        state = following

    report.lengths.append(state.ply)
    report.longest = max(report.longest, state.ply)
    where.ply, where.doing = state.ply, "writing and replaying the record"
    record = state.record()
    expect(replay(record) == state, "replay(record) gives a different state")
    text = json.dumps(record)
    expect(replay(json.loads(text)) == state, "the record does not survive JSON")
    expect(hash(replay(text)) == hash(state), "equal states hash differently")
    return state


def _check_state(
    state: State[Any, Any],
    game: Game[Any, Any, Any],
    rng: random.Random,
    expect: Callable[[bool, str], None],
    foreign: list[Hashable],
    try_every_move: bool,
    where: _Where,
) -> None:
    players = game.num_players
    scores = state.scores()
    expect(len(scores) == players, f"scores() has {len(scores)} entries for {players} players")
    expect(bool(str(state)), "str(state) is empty")
    try:  # frozen dataclasses refuse plain assignment (what `state.history = ()` calls)
        state.__setattr__("history", ())
        expect(False, "a state accepted assignment to an attribute")
    except dataclasses.FrozenInstanceError:
        pass

    if state.is_over:
        outcome = state.outcome()
        expect(outcome is not None and bool(outcome.reason), "a finished game has no outcome")
        expect(set(state.winners()) <= set(range(players)), "winners are not players")
        expect(state.legal_moves() == () and state.chance_outcomes() == (), "moves after end")
        try:
            state.play(_NotAMove())
            expect(False, "a move was accepted after the end")
        except IllegalMove:
            pass
        return
    expect(state.outcome() is None, "an unfinished game has an outcome")
    where.doing = "listing the options (legal_moves or chance_outcomes)"

    if state.to_move == CHANCE:
        outcomes = state.chance_outcomes()
        expect(
            isinstance(outcomes, tuple),
            f"_chance_outcomes() gave a {type(outcomes).__name__}, not a tuple",
        )
        expect(bool(outcomes), "a chance node has no outcomes")
        probs = [p for _, p in outcomes]
        expect(all(isinstance(p, Fraction) for p in probs), "probabilities are not Fractions")
        expect(all(p > 0 for p in probs), "a chance outcome has probability <= 0")
        expect(sum(probs) == 1, f"chance probabilities sum to {sum(probs)}, not 1")
        options = [o for o, _ in outcomes]
        expect(state.sample_chance(rng) in options, "sample_chance gave an impossible outcome")
    else:
        mover = state.to_move
        expect(mover is not None and 0 <= mover < players, f"to_move is {mover}")
        legal = state.legal_moves()
        expect(
            isinstance(legal, tuple), f"_legal_moves() gave a {type(legal).__name__}, not a tuple"
        )
        options = list(legal)
        expect(bool(options), "a player to move has no legal move (the game should be over)")
    for option in options:
        where.doing = f"reading the option {_shown(option)}"
        try:
            hash(option)
        except TypeError as e:
            expect(
                False,
                f"the option {_shown(option)} is not hashable ({e}): a move holds "
                "only hashable values (tuples, not lists)",
            )
    names = [str(o) for o in options]
    expect(len(set(names)) == len(names), f"two options share a notation: {names}")
    expect(len(set(options)) == len(options), "an option is listed twice")
    reads = type(game).parse_move is not Game.parse_move  # the default reads no text
    for option, name in zip(options, names, strict=True):
        if reads:
            where.doing = f"reading {name!r} (parse_move)"
            expect(game.parse_move(name) == option, f"parse_move({name!r}) != the option")
        expect(state.parse(name) == option, f"state.parse({name!r}) != the option")
    if try_every_move:
        for option in options:
            where.doing = f"playing {_shown(option)}"
            after = state.play(option)
            expect(after.ply == state.ply + 1, f"{option} did not add one entry to history")

    # A move that is not legal raises IllegalMove and leaves the state as it was.
    before = repr(state)
    illegal = [_NotAMove(), *[m for m in foreign[-5:] if m not in options]]
    for move in illegal:
        where.doing = f"offering the illegal move {_shown(move)}"
        try:
            state.play(move)
            expect(False, f"the illegal move {move} was accepted")
        except IllegalMove:
            pass
        expect(repr(state) == before, f"the illegal move {move} changed the state")

    # Views: a player's view is unchanged when everything that player cannot see is redrawn.
    for player in range(players):
        where.doing = f"checking player {player}'s view"
        view = state.view(player)
        guess = view.determinize(rng)
        expect(guess.view(player) == view, f"player {player}'s view reveals hidden information")
        if state.to_move == player:
            expect(
                guess.legal_moves() == state.legal_moves(),
                f"player {player}'s moves depend on what they cannot see",
            )
