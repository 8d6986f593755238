"""Random playouts of two versions of the engines, interleaved: which is faster, and by how much.

    python benchmarks/engine_speed.py [--base REV] [--against REV] [--pairs N] [--chunk S]

Compares the code at git revision ``--base`` (default 319ba3b, before core set the history)
with ``--against`` (default: this working tree, uncommitted changes included). A revision is
unpacked with ``git archive`` into a temporary directory. One worker process per version
imports its own sheepkit (by PYTHONPATH) and plays on request; the two take turns, chunk by
chunk, so that both see the same load on a shared machine (the order alternates, ABBA, so
that a drift of the load favours neither). Both play the very same games in a pair (the same
seeds), and each chunk is timed in CPU time (``time.process_time``). What the imports made is frozen
out of the garbage collector's passes (``gc.freeze``), so that the size of the rest of the
package does not weigh on the engines' figures.

What is printed per game: each version's median and best rate (games per CPU-second), and the
ratio of the two in each pair (new rate / base rate): its median and the quartiles, which say
how far the noise reaches. A median ratio of 0.95 with quartiles 0.93-0.97 is a 5 % loss;
quartiles on both sides of 1.00 are no difference these runs can show.

With ``--instructions N`` it counts instead of timing: each version plays the first N games
(seeds 0 to N-1) of each game under valgrind's cachegrind, and the machine instructions it
took (less those of a run that plays none) are divided by N. A count does not vary with the
load, so a difference of a percent shows; but it is not time (a cache miss or a slow
instruction counts as one), so it backs the timed ratios rather than replaces them.

The loop is each version's ``Game.random_playout``, as ``random_playouts.py`` times it (what a
student writes): sample the dice at chance nodes, pick a random legal move otherwise, build a
new state every step.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from random_playouts import CASES  # the (game, rules) pairs timed, random_playouts.py's

ROOT = Path(__file__).resolve().parent.parent


# The worker: reads one JSON request per line ([case, first seed, games]), plays those games
# and answers [games, plies, CPU seconds]. Its source is the same for both versions; its loop
# is each version's Game.random_playout (the same loop since 319ba3b, the default base).
WORKER = r"""
import gc, json, random, sys, time
import sheepkit

cases = json.loads(sys.argv[1])
games = [sheepkit.load(name, **rules) for name, rules in cases]
# What was made so far (the package, its tables) is never collected: the collector's full
# passes then cost the same in both versions, however many objects their imports leave.
gc.freeze()
print(json.dumps(sheepkit.__file__), flush=True)
for line in sys.stdin:
    case, seed, count = json.loads(line)
    game = games[case]
    plies = 0
    gc.collect()
    start = time.process_time()
    for k in range(seed, seed + count):
        plies += game.random_playout(random.Random(k)).ply
    elapsed = time.process_time() - start
    print(json.dumps([count, plies, elapsed]), flush=True)
"""


class Worker:
    """A python process importing sheepkit from ``path``, playing games on request."""

    def __init__(self, path: Path) -> None:
        env = {**os.environ, "PYTHONPATH": str(path)}
        self.process = subprocess.Popen(
            [sys.executable, "-c", WORKER, json.dumps(CASES)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
            env=env,
            cwd=path,
        )
        self.module = json.loads(self.ask_line())
        if not Path(self.module).resolve().is_relative_to(path.resolve()):
            raise RuntimeError(f"the worker for {path} imported {self.module}")

    def ask_line(self) -> str:
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        if not line:
            raise RuntimeError("a worker stopped (its error is printed above)")
        return line

    def play(self, case: int, seed: int, count: int) -> tuple[int, int, float]:
        assert self.process.stdin is not None
        self.process.stdin.write(json.dumps([case, seed, count]) + "\n")
        self.process.stdin.flush()
        games, plies, seconds = json.loads(self.ask_line())
        return games, plies, seconds

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        self.process.wait()


def unpack(revision: str, into: Path) -> Path:
    """The tree of ``revision`` written into ``into`` (``git archive``, no worktree made)."""
    into.mkdir()
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", "--format=tar", revision, "sheepkit"],
        check=True,
        capture_output=True,
    )
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive.stdout, check=True)
    return into


def instructions(path: Path, request: list[int] | None) -> int:
    """Machine instructions (cachegrind's ``I refs``) of a worker that imports sheepkit from
    ``path`` and answers ``request`` (or none), start and exit included."""
    with tempfile.NamedTemporaryFile(suffix=".cachegrind") as out:
        run = subprocess.run(
            [
                "valgrind",
                "--tool=cachegrind",
                "--cache-sim=no",
                f"--cachegrind-out-file={out.name}",
                sys.executable,
                "-c",
                WORKER,
                json.dumps(CASES),
            ],
            input=json.dumps(request) + "\n" if request else "",
            capture_output=True,
            text=True,
            env={**os.environ, "PYTHONPATH": str(path), "PYTHONHASHSEED": "0"},
            cwd=path,
            check=True,
        )
        for line in Path(out.name).read_text().splitlines():
            if line.startswith("summary:"):
                return int(line.split()[1])
    raise RuntimeError(f"no instruction count from cachegrind: {run.stderr[-500:]}")


def count_instructions(paths: dict[str, Path], games: int, chosen: set[str] | None) -> None:
    for path in paths.values():  # a first run writes the bytecode caches, which costs more
        instructions(path, None)
    start = {name: instructions(path, None) for name, path in paths.items()}
    print(f"{'game':<16}{'rules':<14}{'base instr/game':>18}{'new instr/game':>18}{'new/base':>10}")
    for case, (name, rules) in enumerate(CASES):
        if chosen is not None and name not in chosen:
            continue
        per_game = {
            version: (instructions(path, [case, 0, games]) - start[version]) / games
            for version, path in paths.items()
        }
        shown = ",".join(f"{k}={v}" for k, v in rules.items()) or "default"
        print(
            f"{name:<16}{shown:<14}{per_game['base']:>18,.0f}{per_game['new']:>18,.0f}"
            f"{per_game['new'] / per_game['base']:>10.3f}",
            flush=True,
        )


def quartiles(values: list[float]) -> tuple[float, float, float]:
    if len(values) < 2:
        return values[0], values[0], values[0]
    q1, q2, q3 = statistics.quantiles(values, n=4, method="inclusive")
    return q1, q2, q3


def compare(base: Worker, new: Worker, case: int, pairs: int, chunk: float) -> dict[str, object]:
    # Size a chunk from one warm-up run of each (which also warms both up).
    count = 1
    for worker in (base, new):
        games, _, seconds = worker.play(case, 10**6, 20)
        count = max(count, round(chunk * games / max(seconds, 1e-6)))
    rates: dict[str, list[float]] = {"base": [], "new": []}
    ratios: list[float] = []
    plies: dict[str, int] = {"base": 0, "new": 0}
    for pair in range(pairs):
        seed = pair * count
        order = [("base", base), ("new", new)]
        if pair % 2:  # ABBA: neither version always runs first
            order.reverse()
        rate: dict[str, float] = {}
        for name, worker in order:
            games, plies_played, seconds = worker.play(case, seed, count)
            rate[name] = games / seconds
            rates[name].append(rate[name])
            plies[name] += plies_played
        ratios.append(rate["new"] / rate["base"])
    if plies["base"] != plies["new"]:  # then the rates are of different games
        print(f"  (the versions played games of different lengths: {plies})")
    q1, median, q3 = quartiles(ratios)
    return {
        "games_per_chunk": count,
        "plies_per_game": plies["new"] / (pairs * count),
        "base_median": statistics.median(rates["base"]),
        "base_best": max(rates["base"]),
        "new_median": statistics.median(rates["new"]),
        "new_best": max(rates["new"]),
        "ratio_q1": q1,
        "ratio_median": median,
        "ratio_q3": q3,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--base", default="319ba3b", help="the revision compared against")
    parser.add_argument("--against", help="the other revision (default: this working tree)")
    parser.add_argument("--pairs", type=int, default=15, help="chunks of each version per game")
    parser.add_argument("--chunk", type=float, default=0.25, help="CPU seconds per chunk")
    parser.add_argument("--games", help="only these games (comma-separated names)")
    parser.add_argument("--json", help="also write the figures to this file")
    parser.add_argument(
        "--instructions", type=int, metavar="N", help="count instructions of N games instead"
    )
    args = parser.parse_args()
    chosen = set(args.games.split(",")) if args.games else None
    with tempfile.TemporaryDirectory(prefix="engine-speed-") as tmp:
        base_dir = unpack(args.base, Path(tmp, "base").resolve())
        if args.against:
            new_dir = unpack(args.against, Path(tmp, "new").resolve())
        else:
            new_dir = ROOT
        against = args.against or "working tree"
        if args.instructions:
            print(f"base {args.base}, new {against}: instructions per game, {args.instructions}")
            paths = {"base": base_dir, "new": new_dir}
            count_instructions(paths, args.instructions, chosen)
            return
        base, new = Worker(base_dir), Worker(new_dir)
        print(f"base {args.base}: {base.module}\nnew  {against}: {new.module}")
        print(f"{args.pairs} pairs of chunks of about {args.chunk} CPU-s per game\n")
        header = (
            f"{'game':<16}{'rules':<14}{'plies':>7}{'base median/best':>20}"
            f"{'new median/best':>20}{'new/base median [quartiles]':>32}"
        )
        print(header)
        results = []
        try:
            for case, (name, rules) in enumerate(CASES):
                if chosen is not None and name not in chosen:
                    continue
                r = compare(base, new, case, args.pairs, args.chunk)
                shown = ",".join(f"{k}={v}" for k, v in rules.items()) or "default"
                results.append({"game": name, "rules": shown, **r})
                print(
                    f"{name:<16}{shown:<14}{r['plies_per_game']:>7.1f}"
                    f"{r['base_median']:>12.0f} /{r['base_best']:>6.0f}"
                    f"{r['new_median']:>12.0f} /{r['new_best']:>6.0f}"
                    f"{r['ratio_median']:>16.3f} [{r['ratio_q1']:.3f}-{r['ratio_q3']:.3f}]",
                    flush=True,
                )
        finally:
            base.close()
            new.close()
    if args.json:
        Path(args.json).write_text(json.dumps(results, indent=1) + "\n")


if __name__ == "__main__":
    main()
