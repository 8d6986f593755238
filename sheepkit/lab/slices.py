"""Playing a run in short slices, so that a notebook stays responsive and can stop it.

The Stop click of a widget is a message the kernel can only handle while it is not busy, so
the lab's widgets play a run slice by slice: ``simulate(..., start=)`` plays any slice of a
run, and game ``i``'s seed depends only on ``(seed, i)``, so the slices add up to exactly the
table one big call would give, and a tournament's parts to exactly ``tournament``'s games.
Nothing here imports a widget: a script or another front end can drive a run the same way.
"""

from __future__ import annotations

import asyncio
import dataclasses
import time
from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..core import Game
from .results import GameRow, Results
from .runner import BotSpec
from .simulate import simulate
from .tournament import Tournament, make_tournament, seatings

#: Aim for slices of about this long: short enough that Stop answers at once.
SLICE_SECONDS = 0.1


@dataclass
class Part:
    """Games ``offset`` to ``offset + n - 1`` of one run of ``simulate`` (one column of a
    comparison, or one seat order of a tournament, whose bots are given in seat order and
    whose rows get ``lineup``: the entrant in each seat)."""

    key: Hashable
    game: Game
    bots: tuple[BotSpec, ...]
    n: int
    seed: int
    rotate: bool = False
    offset: int = 0
    lineup: tuple[int, ...] | None = None


@dataclass
class SlicedRun:
    """Plays parts slice by slice; ``step()`` plays one slice, ``stop()`` ends the run."""

    parts: list[Part]
    on_progress: Callable[[int, int], Any] | None = None
    slice_seconds: float = SLICE_SECONDS
    rows: dict[Hashable, list[GameRow]] = field(default_factory=dict)
    templates: dict[Hashable, Results] = field(default_factory=dict)
    done: int = 0
    stopped: bool = False
    seconds: float = 0.0
    note: str = ""  # the lab's note on where the games ran (in the browser: one after another)
    _part: int = 0
    _played: int = 0  # games of the current part already played
    _size: int = 1  # games in the next slice; grows until a slice takes slice_seconds

    @property
    def total(self) -> int:
        return sum(p.n for p in self.parts)

    @property
    def finished(self) -> bool:
        return self.stopped or self._part >= len(self.parts)

    def stop(self) -> None:
        self.stopped = True

    def step(self) -> bool:
        """Play one slice; return True while games remain."""
        if self.finished:
            return False
        part = self.parts[self._part]
        count = min(self._size, part.n - self._played)
        began = time.perf_counter()
        got = simulate(
            part.game,
            part.bots,
            count,
            part.seed,
            rotate=part.rotate,
            start=part.offset + self._played,
            executor="serial",  # a slice is short; a process pool would cost more than it saves
            progress=None,
        )
        took = time.perf_counter() - began
        self.seconds += took
        self.note = got.note
        rows = got.rows
        if part.lineup is not None:
            rows = [dataclasses.replace(row, lineup=part.lineup) for row in rows]
        self.templates.setdefault(part.key, got)
        self.rows.setdefault(part.key, []).extend(rows)
        self._played += count
        self.done += count
        if self._played >= part.n:
            self._part, self._played = self._part + 1, 0
        per_game = took / max(count, 1)
        self._size = max(1, min(1000, int(self.slice_seconds / max(per_game, 1e-6))))
        if self.on_progress is not None:
            self.on_progress(self.done, self.total)
        return not self.finished

    def run(self) -> None:
        """Play everything now (no event loop needed)."""
        while self.step():
            pass

    async def run_async(self) -> None:
        """Play everything, yielding to the event loop between slices (for Stop clicks)."""
        while self.step():
            await asyncio.sleep(0.005)  # a real pause: the kernel reads the Stop click here

    def results(self, key: Hashable, **changes: Any) -> Results:
        """The rows of one key as a Results table, as one ``simulate`` call would give."""
        requested = sum(p.n for p in self.parts if p.key == key)
        template = self.templates.get(key)
        if template is None:  # stopped before any game of this key
            part = next(p for p in self.parts if p.key == key)
            template = simulate(part.game, part.bots, 0, part.seed, rotate=part.rotate)
        return dataclasses.replace(
            template,
            rows=sorted(self.rows.get(key, []), key=lambda row: row.index),
            requested=requested,
            stopped=self.stopped and len(self.rows.get(key, [])) < requested,
            how="serial, in slices",
            seconds=self.seconds,
            **changes,
        )


def tournament_parts(
    game: Game, bots: Mapping[str, BotSpec], games_per_pairing: int, seed: int
) -> list[Part]:
    """The games of ``sheepkit.lab.tournament`` as parts (the same games, the same seeds)."""
    specs = list(bots.values())
    return [
        Part(
            "tournament",
            game,
            tuple(specs[e] for e in seating),
            games_per_pairing,
            seed,
            offset=k * games_per_pairing,
            lineup=seating,
        )
        for k, seating in enumerate(seatings(game.num_players, len(specs)))
    ]


def tournament_of(
    run: SlicedRun, names: Sequence[str], seed: int = 0, reps: int = 200
) -> Tournament:
    """The Tournament from a (possibly stopped) run of ``tournament_parts``."""
    results = run.results("tournament", entrants=tuple(names), rotate=True)
    return make_tournament(results, names, reps=reps, seed=seed)
