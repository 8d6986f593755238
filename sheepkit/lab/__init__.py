"""The rule lab and bot arena: simulate many games, measure them, sweep rules, run tournaments.

>>> from sheepkit import lab
>>> results = lab.simulate("shave_a_sheep", ["Random", "Sensible"], 200, rotate=True)
>>> for metric in lab.report(results):  # (name, value, interval, explanation, kind, seat)
...     print(metric)  # doctest: +SKIP
>>> lab.sweep("shave_a_sheep", "wool", [8, 12, 20], ["Random", "Random"], 200)  # doctest: +SKIP
>>> lab.tournament("wolf_and_sheep", {"R": "Random", "S": "Sensible"}, 10)  # doctest: +SKIP

Only the standard library is needed; everything returned is plain data a notebook can plot.
Runs are reproducible from their seed, whether serial, on a process pool or on Dask.
"""

from .metrics import Metric, format_report, report
from .results import GameRow, Results
from .runner import LabWarning, game_seed
from .simulate import simulate
from .stats import bootstrap, mean_interval, wilson
from .sweep import Sweep, sweep
from .tournament import Standing, Tournament, bradley_terry, leaderboard, tournament

__all__ = [
    "GameRow",
    "LabWarning",
    "Metric",
    "Results",
    "Standing",
    "Sweep",
    "Tournament",
    "bootstrap",
    "bradley_terry",
    "format_report",
    "game_seed",
    "leaderboard",
    "mean_interval",
    "report",
    "simulate",
    "sweep",
    "tournament",
    "wilson",
]
