"""The race's rules, once, in the session layer (``sheepkit.session.Race``): the first claim
wins, each bot claims after a delay of ``RACE_BOT_DELAY``, nobody's claim within the wait
settles it at random; every delay and the time limit go through the injected ``later``."""

from __future__ import annotations

import random
from collections.abc import Callable, Hashable

import sheepkit
from sheepkit.session import RACE_BOT_DELAY, Race, Session, race_claims


class Timers:
    """A fake scheduler: what waits, and for how long; ``run`` fires them in order."""

    def __init__(self) -> None:
        self.waiting: list[tuple[float, Callable[[], None]]] = []
        self.cancelled = 0

    def later(self, seconds: float, callback: Callable[[], None]) -> Timers.Handle:
        self.waiting.append((seconds, callback))
        return Timers.Handle(self)

    def run(self) -> None:
        for _, callback in sorted(self.waiting, key=lambda w: w[0]):
            callback()

    class Handle:
        def __init__(self, timers: Timers) -> None:
            self.timers = timers

        def cancel(self) -> None:
            self.timers.cancelled += 1


def at_a_race(seats: list[str]) -> Session:
    """A session of the Howling Wolf at its race (three players)."""
    game = sheepkit.load("shave_a_sheep", players=3, wolf="howling_wolf")
    session = Session(game, ["Human"] * 3, seed=1)
    for _ in range(500):
        if race_claims(session.state):
            for seat, who in enumerate(seats):
                session.set_seat(seat, who)
            return session
        state = session.state
        if state.is_chance:
            session.roll(None)
        else:
            session.play(state.legal_moves()[0])
    raise AssertionError("no race in 500 plies")


def settled() -> tuple[list[tuple[Hashable | None, str]], Callable[[Hashable | None, str], None]]:
    won: list[tuple[Hashable | None, str]] = []
    return won, lambda outcome, note: won.append((outcome, note))


def test_each_bot_waits_a_bots_delay_and_the_first_claim_wins() -> None:
    session = at_a_race(["Human", "Sensible", "Sensible"])
    timers, (won, settle) = Timers(), settled()
    race = Race(session, settle, later=timers.later, rng=random.Random(0), wait=10.0)
    delays = sorted(seconds for seconds, _ in timers.waiting)
    assert len(delays) == 3 and delays[-1] == 10.0  # two bots, then the time limit
    assert all(RACE_BOT_DELAY[0] <= d <= RACE_BOT_DELAY[1] for d in delays[:2])
    assert race.claim(0) and won == [(race.claims[0], "")]
    assert timers.cancelled == 3  # its timers are called off...
    timers.run()  # ...and, should they fire anyway, do nothing
    assert not race.claim(1) and len(won) == 1


def test_the_quickest_bot_wins_when_nobody_presses() -> None:
    session = at_a_race(["Human", "Sensible", "Sensible"])
    timers, (won, settle) = Timers(), settled()
    race = Race(session, settle, later=timers.later, rng=random.Random(0), wait=10.0)
    quickest = min(timers.waiting, key=lambda w: w[0])
    quickest[1]()
    assert len(won) == 1 and won[0][0] in race.claims.values() and won[0][1] == ""


def test_nobody_claims_within_the_wait_and_chance_settles_it() -> None:
    session = at_a_race(["Human", "Human", "Human"])
    timers, (won, settle) = Timers(), settled()
    Race(session, settle, later=timers.later, rng=random.Random(0), wait=7.5)
    assert [s for s, _ in timers.waiting] == [7.5]  # no bot: only the time limit
    timers.run()
    assert won == [(None, "Nobody claimed the race in 7.5 s: chance chose")]


def test_without_a_scheduler_nothing_claims_by_itself() -> None:
    session = at_a_race(["Human", "Sensible", "Sensible"])
    won, settle = settled()
    race = Race(session, settle, later=None, rng=random.Random(0), wait=10.0)
    assert won == [] and set(race.claims) == {0, 1, 2}
    assert race.claim(2) and won == [(race.claims[2], "")]


def test_a_race_cancelled_is_won_by_nobody() -> None:
    session = at_a_race(["Human", "Sensible", "Sensible"])
    timers, (won, settle) = Timers(), settled()
    race = Race(session, settle, later=timers.later, rng=random.Random(0), wait=10.0)
    race.cancel()
    timers.run()
    assert not race.claim(0) and won == []
