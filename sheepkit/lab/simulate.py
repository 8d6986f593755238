"""simulate: play many seeded games between bots and collect a results table."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from ..core import Game
from .results import Results
from .runner import (
    Batch,
    BotSpec,
    ExecutorChoice,
    Job,
    Progress,
    as_game,
    game_seed,
    run_batches,
    spec_name,
)


def lineups(players: int, entrants: int, n: int, rotate: bool) -> list[tuple[int, ...]]:
    """Who sits where in each of ``n`` games: entrant ``(seat + i) % players`` at ``seat`` in
    game ``i`` when rotating, so every bot plays every seat equally often; else in order."""
    if entrants != players:
        raise ValueError(f"the game has {players} seats but {entrants} bots were given")
    if not rotate:
        return [tuple(range(players))] * n
    return [tuple((seat + i) % players for seat in range(players)) for i in range(n)]


def seat_names(game: Game) -> tuple[str, ...]:
    return tuple(game.player_name(p) for p in range(game.num_players))


def simulate(
    game: Game | str,
    bots: Sequence[BotSpec],
    n: int,
    seed: int = 0,
    *,
    rotate: bool = False,
    start: int = 0,
    max_plies: int | None = None,
    executor: ExecutorChoice = None,
    chunk: int | None = None,
    progress: Progress = "auto",
    stop: Callable[[], bool] | None = None,
) -> Results:
    """Play ``n`` games of ``game`` between ``bots`` (one per seat) and return the table.

    ``game`` is a Game or a name (``"shave_a_sheep"``); to change rules pass
    ``sheepkit.load("shave_a_sheep", wool=20)``. Each bot is a name from
    ``sheepkit.bots.for_game(game)`` (``"Random"``, ``"Sensible"``, ``"MCTS"``), a bot class,
    a bot object, or a plain function ``choose(view, legal_moves, rng)``.

    Reproducible: game ``i`` uses a seed made from ``(seed, i)`` alone and starts with fresh
    bots, so the table is the same serially, in parallel, or split in any chunks.

    rotate: move the bots round the seats from game to game (game ``i`` shifts them by ``i``
        seats), so that seat advantage and bot strength can be told apart.
    start: play games ``start`` to ``start + n - 1`` of the run seeded ``seed``: a slice of a
        longer run, so a run played in slices (e.g. a notebook's progress bar with a Stop
        button) gives, slice after slice, exactly the rows of one ``simulate(..., n_total)``.
    max_plies: stop a game after this many plies and mark it ``capped`` (no winner).
    executor: where the games run.
        ``None`` or ``"auto"`` (the default): play here for a quarter of a second; if the rest
        would take more than a second and there is more than one core, send the rest to a
        ``ProcessPoolExecutor`` over all cores, else finish here.
        ``"serial"``: always here. ``"processes"``: always a new process pool.
        Any object with ``submit()`` returning futures: e.g. your own ProcessPoolExecutor, or
        ``dask.distributed.Client(...).get_executor()`` to use a Dask cluster.
        Work sent to other processes must pickle; a bot that cannot (often a function defined
        in a notebook, with a spawning pool) makes the run fall back to serial, with a
        LabWarning saying why.
    chunk: games per task sent to a worker (default: about half a second of work).
    progress: ``progress(done, total)`` is called as games finish (at most ten times a
        second); ``"auto"`` (or True) prints a line to a terminal once a run takes more than a
        second; None or False: no progress.
    stop: called between games (serial) or chunks (parallel); when it returns True the run
        ends early and the results say ``stopped`` (only finished games are kept).
    """
    game = as_game(game)
    specs = tuple(bots)
    if start < 0:
        raise ValueError(f"start must be 0 or more, not {start}")
    seats = lineups(game.num_players, len(specs), start + n, rotate)
    jobs: list[Job] = [(i, seats[i], game_seed(seed, i)) for i in range(start, start + n)]
    outcome = run_batches(
        [Batch(game, specs, jobs, max_plies)],
        executor=executor,
        chunk=chunk,
        progress=progress,
        stop=stop,
    )
    return results_of(game, specs, seed, n, rotate, outcome.rows[0], outcome)


def results_of(
    game: Game,
    specs: Sequence[BotSpec],
    seed: int,
    n: int,
    rotate: bool,
    rows: Any,
    outcome: Any,
) -> Results:
    """The Results of one game's batch of a run (simulate plays one batch, sweep several)."""
    return Results(
        game=game.name,
        rules=game.rules.changes(),
        players=game.num_players,
        seat_names=seat_names(game),
        entrants=tuple(spec_name(game, s) for s in specs),
        seed=seed,
        requested=n,
        rotate=rotate,
        rows=rows,
        stopped=outcome.stopped,
        how=outcome.how,
        note=outcome.note,
        seconds=outcome.seconds,
    )
