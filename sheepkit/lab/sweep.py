"""sweep: the same metrics for each value of one rule (or each variant), side by side."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..core import Game, load
from .metrics import Metric, report
from .results import Results
from .runner import Batch, BotSpec, ExecutorChoice, Job, Progress, game_seed, run_batches
from .simulate import lineups, results_of


@dataclass
class Sweep:
    """Columns are rule values (or variants), rows are metrics; everything is plain data."""

    game: str
    labels: list[str]  # one per column, e.g. "wool=12"
    variants: list[dict[str, Any]]  # the rule changes of each column
    results: list[Results]
    metrics: list[list[Metric]] = field(default_factory=list)  # one report per column
    stopped: bool = False

    def names(self) -> list[str]:
        """Every metric name, in report order (a metric missing in a column shows as None)."""
        seen: dict[str, None] = {}
        for column in self.metrics:
            for metric in column:
                seen.setdefault(metric.name, None)
        return list(seen)

    def metric(self, name: str) -> list[Metric | None]:
        """One metric across the columns."""
        return [next((m for m in column if m.name == name), None) for column in self.metrics]

    def table(self) -> list[dict[str, Any]]:
        """One dict per metric: its name, explanation, and the value under each label."""
        out = []
        for name in self.names():
            cells = self.metric(name)
            row: dict[str, Any] = {
                "metric": name,
                "explanation": next(m.explanation for m in cells if m is not None),
            }
            for label, cell in zip(self.labels, cells):
                row[label] = None if cell is None else cell.value
            out.append(row)
        return out

    def series(self, name: str) -> dict[str, list[Any]]:
        """Plot-ready data for one metric: labels, values and interval ends per column."""
        cells = self.metric(name)
        return {
            "labels": list(self.labels),
            "values": [c.value if c else None for c in cells],
            "low": [c.interval[0] if c and c.interval else None for c in cells],
            "high": [c.interval[1] if c and c.interval else None for c in cells],
        }

    def __str__(self) -> str:
        width = max(len(n) for n in self.names()) if self.metrics else 10
        lines = [" " * width + "".join(f"{label:>14}" for label in self.labels)]
        for row in self.table():
            cells = "".join(
                f"{'-' if row[label] is None else format(row[label], '.3g'):>14}"
                for label in self.labels
            )
            lines.append(f"{row['metric']:<{width}}{cells}")
        return "\n".join(lines)


def _label(changes: Mapping[str, Any]) -> str:
    return ", ".join(f"{k}={v}" for k, v in changes.items()) or "base rules"


def sweep(
    game: Game | str,
    rule: str | None,
    values: Sequence[Any],
    bots: Sequence[BotSpec],
    n: int,
    seed: int = 0,
    *,
    rotate: bool = False,
    target: tuple[int, int] | None = None,
    max_plies: int | None = None,
    executor: ExecutorChoice = None,
    chunk: int | None = None,
    progress: Progress = "auto",
    stop: Callable[[], bool] | None = None,
) -> Sweep:
    """Simulate ``n`` games for each value of ``rule`` and report the metrics side by side.

    >>> s = sweep("shave_a_sheep", "wool", [8, 12, 20], ["Random", "Random"], 200)  # doctest: +SKIP
    >>> s.series("Length (turns)")  # doctest: +SKIP

    With ``rule=None`` each value is a whole dict of rule changes (a variant), e.g.
    ``[{}, {"wool": 20, "sheep_capacity": 8}]``. A Game given as ``game`` supplies the base
    rules that each value changes. Every column plays games with the same seeds (game ``i``
    of each column uses the same dice stream), so differences between columns come from the
    rules, not from luck. The games of all columns share one executor (see ``simulate``).
    """
    base: dict[str, Any] = {}
    if isinstance(game, Game):
        base = game.rules.changes()
        name = game.name
    else:
        name = game
    variants: list[dict[str, Any]] = []
    for value in values:
        if rule is None:
            if not isinstance(value, Mapping):
                raise TypeError(f"with rule=None each value is a dict of rules, not {value!r}")
            variants.append({**base, **value})
        else:
            variants.append({**base, rule: value})
    games = [load(name, **variant) for variant in variants]  # bad values fail here, early
    specs = tuple(bots)
    batches = []
    for g in games:
        seats = lineups(g.num_players, len(specs), n, rotate)
        jobs: list[Job] = [(i, seats[i], game_seed(seed, i)) for i in range(n)]
        batches.append(Batch(g, specs, jobs, max_plies))
    outcome = run_batches(
        batches, executor=executor, chunk=chunk, progress=progress, stop=stop, label="sweep"
    )
    results = [
        results_of(g, specs, seed, n, rotate, rows, outcome) for g, rows in zip(games, outcome.rows)
    ]
    labels = [
        _label({rule: v}) if rule is not None else _label(variant)
        for v, variant in zip(values, variants)
    ]
    return Sweep(
        game=name,
        labels=labels,
        variants=variants,
        results=results,
        metrics=[report(r, target=target, seed=seed) for r in results],
        stopped=outcome.stopped,
    )
