"""Playing many seeded games, in this process or spread over worker processes or a cluster.

The unit of work is a *job*: (game number, who sits where, seed). Jobs are grouped into
chunks, and a chunk is sent to a worker as plain data (the game's name and rules, and the
bots as names, classes or picklable objects), so any ``concurrent.futures``-style executor
can run it: a ``ProcessPoolExecutor``, or a Dask client's ``get_executor()``. Each game's
seed depends only on the run's seed and the game's number, and each game starts with fresh
bots, so the results are the same however the jobs are split.

Not every Python has worker processes: in the browser (Pyodide) the import of
``ProcessPoolExecutor`` fails or the pool cannot start. So the pool is imported only when it
is wanted, and where there is none the games are played here, one after another, with the
same rows, and the results say so (``Results.note``).
"""

from __future__ import annotations

import hashlib
import math
import os
import pickle
import sys
import time
import warnings
from collections.abc import Callable, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, wait
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, Protocol

from ..bots import Bot, bot_name
from ..bots.specs import BotSpec, bot_maker, spec_name
from ..core import Game, Move, State, game_type, load
from ..platform import in_browser
from ..play import play_game
from .results import GameRow

if TYPE_CHECKING:  # imported only when a pool is wanted: the browser has none
    from concurrent.futures import ProcessPoolExecutor

#: With ``executor=None`` ("auto"), games are first played here for up to this many seconds...
AUTO_PILOT_SECONDS = 0.25
#: ...and if the rest would take longer than this, it goes to a process pool over all cores.
AUTO_PARALLEL_SECONDS = 1.0
#: A worker's chunk aims at about this much work: long enough to hide the cost of sending it,
#: short enough that progress moves and stop() is honoured quickly.
CHUNK_SECONDS = 0.5

#: A progress callback ``progress(done, total)``; "auto" (or True) prints to a terminal, None
#: or False reports nothing.
Progress = Callable[[int, int], Any] | Literal["auto"] | bool | None
ExecutorChoice = Any  # None/"auto", "serial", "processes", or an object with submit()


class ExecutorLike(Protocol):
    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]: ...


class LabWarning(UserWarning):
    """Something about a simulation a student should know (e.g. it ran serially, and why)."""


#: What the lab's results and widgets say when the games ran here because there are no workers.
BROWSER_NOTE = "Ran in this browser tab, one game after another (no worker processes here)."


def pool_unavailable() -> str | None:
    """Why this Python cannot run a process pool, in words, or None when it can.

    In the browser (Pyodide) there are no processes: the pool's import fails (0.27: no
    ``_multiprocessing``) or the pool cannot start (0.29: NotImplementedError)."""
    if in_browser():
        return "this Python runs in the browser, which has no worker processes"
    try:
        from concurrent.futures import ProcessPoolExecutor  # noqa: F401
    except ImportError as e:
        return f"this Python has no process pool ({e})"
    return None


def serial_note(why: str | None) -> str:
    """The note for results played here because ``why`` (from :func:`pool_unavailable`)."""
    if why is None:
        return ""
    if in_browser():
        return BROWSER_NOTE
    return f"Ran in this process, one game after another (no worker processes: {why})."


def _new_pool() -> tuple[ProcessPoolExecutor | None, str | None]:
    """A process pool over all cores, or (None, why not)."""
    why = pool_unavailable()
    if why is not None:
        return None, why
    from concurrent.futures import ProcessPoolExecutor

    try:
        return ProcessPoolExecutor(), None
    except (NotImplementedError, OSError, ImportError) as e:  # a Python without processes
        return None, f"this Python cannot start worker processes ({type(e).__name__}: {e})"


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a run seeded ``seed``: a function of the two alone."""
    digest = hashlib.blake2b(f"sheepkit-lab/{seed}/{index}".encode(), digest_size=6).digest()
    return int.from_bytes(digest, "big")


def as_game(game: Game | str) -> Game:
    return load(game) if isinstance(game, str) else game


def play_row(
    game: Game,
    makers: Sequence[Callable[[], Bot]],
    index: int,
    lineup: tuple[int, ...],
    seed: int,
    max_plies: int | None = None,
) -> GameRow:
    """Play one game, with a fresh bot from ``makers[lineup[seat]]`` in each seat, as a row.

    Played by ``sheepkit.play_game(game, bots, seed)`` with the same bots in the same seats
    (the one game loop), which watches each bot move for the row's choices and score trace."""
    bots = [makers[i]() for i in lineup]
    first = game.new_game()
    start = first.scores()
    choices: list[int] = []
    trace: list[tuple[float, ...]] = []

    def observe(before: State[Any, Any], legal: tuple[Move, ...], after: State[Any, Any]) -> None:
        choices.append(len(legal))
        trace.append(after.scores())

    state = play_game(game, bots, seed, start=first, max_plies=max_plies, observe=observe)
    capped = not state.is_over  # play_game stops early only at the cap
    # Keep the trace only when scores move during play; otherwise it says nothing about leads.
    if all(scores == start for scores in trace[:-1]):
        trace = []
    outcome = state.outcome()
    return GameRow(
        index=index,
        seed=seed,
        lineup=lineup,
        bots=tuple(bot_name(b) for b in bots),
        winners=() if capped or outcome is None else tuple(outcome.winners),
        scores=tuple(state.scores()),
        plies=state.ply,
        turns=len(choices),
        capped=capped,
        reason=f"stopped at the cap of {max_plies} plies" if capped else str(outcome),
        choices=tuple(choices),
        score_trace=tuple(trace),
    )


Job = tuple[int, tuple[int, ...], int]  # (game number, lineup, seed)


@dataclass
class Batch:
    """Jobs that share a game, bots and cap (one rule value of a sweep, one simulate call)."""

    game: Game
    specs: tuple[BotSpec, ...]
    jobs: list[Job]
    max_plies: int | None = None

    def ref(self) -> Any:
        """What a worker needs to rebuild the game: name and rules for registered games."""
        try:
            registered = game_type(self.game.name) is type(self.game)
        except KeyError:
            registered = False
        if registered:
            return (self.game.name, self.game.rules.to_dict())
        return self.game


def _rebuild(ref: Any) -> Game:
    if isinstance(ref, tuple):
        name, rules = ref
        kind = game_type(name)
        return kind(kind.rules_type.from_dict(rules))
    return ref


def play_chunk(ref: Any, specs: tuple[BotSpec, ...], max_plies: int | None, jobs: list[Job]):
    """A worker's task: play some jobs of one batch. Module level, so it pickles by name."""
    game = _rebuild(ref)
    makers = [bot_maker(game, spec) for spec in specs]
    return [play_row(game, makers, i, lineup, seed, max_plies) for i, lineup, seed in jobs]


class _Reporter:
    """Calls progress(done, total) at most every 0.1 s (and always at the start and end);
    "auto" writes a line to a terminal once a run has taken more than a second."""

    def __init__(self, progress: Progress, total: int, label: str) -> None:
        self.total = total
        self.label = label
        self.started = time.perf_counter()
        self.last = -math.inf
        self.printed = False
        self.callback: Callable[[int, int], Any] | None
        printing = progress == "auto" or progress is True
        if printing:
            self.callback = self._print if sys.stderr.isatty() else None
        elif progress is None or progress is False:
            self.callback = None
        elif callable(progress):
            self.callback = progress
        else:
            raise TypeError(
                f"progress must be a function progress(done, total), 'auto', True, False or "
                f"None, not {progress!r}"
            )
        if self.callback is not None and not printing:
            self.callback(0, total)

    def __call__(self, done: int, final: bool = False) -> None:
        if self.callback is None:
            return
        now = time.perf_counter()
        if final or now - self.last >= 0.1:
            self.last = now
            self.callback(done, self.total)

    def _print(self, done: int, total: int) -> None:
        elapsed = time.perf_counter() - self.started
        if elapsed < 1.0 and not self.printed:
            return
        self.printed = True
        end = "\n" if done >= total else ""
        print(f"\r{self.label}: {done}/{total} games, {elapsed:.1f}s", end=end, file=sys.stderr)


def _portable(batches: Sequence[Batch], executor: Any) -> str | None:
    """None if the work can be sent to ``executor``'s workers, else why not, in words."""
    process = sys.modules.get("concurrent.futures.process")  # not loaded: not a process pool
    spawned = (
        process is not None
        and isinstance(executor, process.ProcessPoolExecutor)
        and (
            getattr(getattr(executor, "_mp_context", None), "get_start_method", lambda: "fork")()
            != "fork"
        )
    )
    for batch in batches:
        for spec in batch.specs:
            if isinstance(spec, str):
                continue
            where = getattr(spec, "__module__", None) or type(spec).__module__
            if spawned and where == "__main__":
                return f"{spec_name(batch.game, spec)} is defined in the notebook or script"
            try:
                pickle.dumps(spec)
            except Exception as e:  # pickling raises many kinds of errors
                return f"{spec_name(batch.game, spec)} cannot be pickled ({e})"
        try:
            pickle.dumps(batch.ref())
        except Exception as e:
            return f"the game cannot be pickled ({e})"
    return None


def _workers(executor: Any) -> int:
    return int(getattr(executor, "_max_workers", 0) or os.cpu_count() or 1)


@dataclass
class RunOutcome:
    rows: list[list[GameRow]]  # per batch, sorted by game number
    stopped: bool
    how: str
    seconds: float
    note: str = ""  # e.g. BROWSER_NOTE: played here because there are no worker processes


def run_batches(
    batches: Sequence[Batch],
    *,
    executor: ExecutorChoice = None,
    chunk: int | None = None,
    progress: Progress = "auto",
    stop: Callable[[], bool] | None = None,
    label: str = "simulate",
) -> RunOutcome:
    """Play every job of every batch and collect the rows. See :func:`simulate` for options."""
    started = time.perf_counter()
    total = sum(len(b.jobs) for b in batches)
    report = _Reporter(progress, total, label)
    rows: list[list[GameRow]] = [[] for _ in batches]
    pending = [(b, job) for b, batch in enumerate(batches) for job in batch.jobs]
    position = 0  # pending[:position] are done (or handed to workers)
    stopped = False
    makers = [[bot_maker(batch.game, spec) for spec in batch.specs] for batch in batches]

    def play_here(deadline: float) -> None:
        nonlocal position, stopped
        while position < len(pending) and time.perf_counter() < deadline:
            if stop is not None and stop():
                stopped = True
                return
            b, (i, lineup, seed) = pending[position]
            batch = batches[b]
            rows[b].append(play_row(batch.game, makers[b], i, lineup, seed, batch.max_plies))
            position += 1
            report(position)

    mode = "auto" if executor is None else executor
    if isinstance(mode, str) and mode not in ("auto", "serial", "processes"):
        raise ValueError(
            f"executor must be 'auto', 'serial', 'processes' or an executor, not {mode!r}"
        )
    no_pool = pool_unavailable() if isinstance(mode, str) else None
    note = serial_note(no_pool)
    if isinstance(mode, str) and mode == "auto" and no_pool is not None:
        mode = "serial"  # the browser: nowhere else to play
    if isinstance(mode, str) and mode == "auto":
        # The pilot: play here for a moment, then decide from the measured speed.
        play_here(started + AUTO_PILOT_SECONDS)
        per_game = (time.perf_counter() - started) / max(position, 1)
        rest = len(pending) - position
        if rest and per_game * rest > AUTO_PARALLEL_SECONDS and (os.cpu_count() or 1) > 1:
            mode = "processes"
            chunk = chunk or max(1, int(CHUNK_SECONDS / max(per_game, 1e-6)))
        else:
            mode = "serial"
    how = "serial"
    done = position
    if not (isinstance(mode, str) and mode == "serial") and position < len(pending) and not stopped:
        own_pool = isinstance(mode, str)  # "processes": a pool of our own over all cores
        own: ProcessPoolExecutor | None = None
        pool: ExecutorLike | None
        if isinstance(mode, str):
            own, why_not = _new_pool()
            pool = own
        else:
            pool, why_not = mode, None
        if pool is None:
            warnings.warn(
                f"Playing the games in this process, one at a time: {why_not}.",
                LabWarning,
                stacklevel=3,
            )
            note = serial_note(why_not)
            mode = "serial"
        else:
            why_not = _portable(batches, pool)
        if pool is not None and why_not is not None:
            if own is not None:
                own.shutdown()
            warnings.warn(
                f"Playing the games in this process, one at a time: {why_not}, so it cannot "
                "be sent to worker processes. Define the bot in a .py module (or pass its "
                "name) to run in parallel.",
                LabWarning,
                stacklevel=3,
            )
            mode = "serial"
        elif pool is not None:
            how = f"processes ({_workers(pool)})" if own_pool else type(pool).__name__
            if position:
                how = f"serial, then {how}"
            try:
                stopped, done = _run_pool(
                    pool, batches, pending[position:], rows, chunk, stop, report, done
                )
            finally:
                if own is not None:
                    own.shutdown(wait=True, cancel_futures=True)
    if isinstance(mode, str) and mode == "serial" and not stopped:
        play_here(math.inf)
        done = position
    for got in rows:
        got.sort(key=lambda row: row.index)
    report(done, final=True)
    return RunOutcome(rows, stopped, how, time.perf_counter() - started, note)


def _run_pool(
    pool: Any,
    batches: Sequence[Batch],
    pending: list[tuple[int, Job]],
    rows: list[list[GameRow]],
    chunk: int | None,
    stop: Callable[[], bool] | None,
    report: _Reporter,
    done: int,
) -> tuple[bool, int]:
    if chunk is None:
        chunk = max(1, min(500, math.ceil(len(pending) / (_workers(pool) * 8))))
    # Group consecutive jobs of one batch into chunks (a chunk never mixes games).
    tasks: list[tuple[int, list[Job]]] = []
    for b, job in pending:
        if tasks and tasks[-1][0] == b and len(tasks[-1][1]) < chunk:
            tasks[-1][1].append(job)
        else:
            tasks.append((b, [job]))
    refs = [batch.ref() for batch in batches]
    futures: dict[Future[Any], int] = {}
    for b, jobs in tasks:
        batch = batches[b]
        futures[pool.submit(play_chunk, refs[b], batch.specs, batch.max_plies, jobs)] = b
    waiting = set(futures)
    stopped = False
    try:
        while waiting:
            finished, waiting = wait(waiting, timeout=0.2, return_when=FIRST_COMPLETED)
            for future in finished:
                got = future.result()
                rows[futures[future]].extend(got)
                done += len(got)
                report(done)
            if waiting and stop is not None and stop():
                stopped = True
                break
    finally:
        for future in waiting:
            future.cancel()
    return stopped, done
