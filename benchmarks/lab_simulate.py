"""Rule-lab speed: games per second serial vs a process pool, and a default sweep's wall time.

    python benchmarks/lab_simulate.py [games]      (default 20000 games per game)

A measurement, not a test: it asserts nothing. The issue's target is a process pool at least
1.7 times as fast as serial on 20,000 Shave a Sheep games on a 2-core machine; the speed-up
can only show on idle cores, so the machine's load average is printed alongside.
"""

from __future__ import annotations

import os
import sys
import time

from sheepkit import lab


def rate(game: str, n: int, executor: str) -> tuple[float, lab.Results]:
    started = time.perf_counter()
    results = lab.simulate(game, ["Random", "Random"], n, seed=1, executor=executor, progress=None)
    return n / (time.perf_counter() - started), results


def main() -> None:
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 20_000
    load = os.getloadavg()[0] if hasattr(os, "getloadavg") else float("nan")
    print(f"{os.cpu_count()} cores, load average {load:.2f}; {n} games, Random vs Random")
    print(f"{'game':<16}{'serial g/s':>12}{'pool g/s':>12}{'speed-up':>10}  same rows")
    for game in ("shave_a_sheep", "wolf_and_sheep"):
        serial, first = rate(game, n, "serial")
        pooled, second = rate(game, n, "processes")
        same = first.rows == second.rows
        print(f"{game:<16}{serial:>12.0f}{pooled:>12.0f}{pooled / serial:>10.2f}  {same}")
    for bots in (["Random", "Random"], ["Sensible", "Random"]):
        started = time.perf_counter()
        s = lab.sweep("shave_a_sheep", "wool", [8, 12, 20], bots, 300, progress=None)
        seconds = time.perf_counter() - started
        how = s.results[0].how
        print(
            f"sweep shave_a_sheep wool 8/12/20 x 300 games, {' vs '.join(bots)}: "
            f"{seconds:.2f}s ({how}, metrics included)"
        )
    started = time.perf_counter()
    t = lab.tournament(
        "wolf_and_sheep", {"Random": "Random", "Sensible": "Sensible"}, 50, progress=None
    )
    print(
        f"tournament wolf_and_sheep Random/Sensible x 100 games: "
        f"{time.perf_counter() - started:.2f}s ({t.results.how})"
    )


if __name__ == "__main__":
    main()
