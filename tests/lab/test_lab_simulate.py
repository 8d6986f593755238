"""simulate: seeded, independent of how the work is split, and well-behaved in a notebook."""

from __future__ import annotations

import csv
import io
import json
from concurrent.futures import ProcessPoolExecutor

import pytest
from lab_toys import PickWinner, pick_self

import sheepkit
from sheepkit import lab
from sheepkit.bots import for_game
from sheepkit.lab import LabWarning, Results, game_seed, simulate
from sheepkit.lab.runner import play_row


def shave(n: int = 60, **options) -> Results:
    options.setdefault("executor", "serial")
    return simulate("shave_a_sheep", ["Random", "Sensible"], n, seed=7, rotate=True, **options)


def test_same_seed_same_table_and_different_seed_different_table() -> None:
    assert shave().rows == shave().rows
    other = simulate("shave_a_sheep", ["Random", "Sensible"], 60, seed=8, executor="serial")
    assert other.rows != shave().rows


def test_serial_process_pool_and_chunks_give_identical_rows() -> None:
    serial = shave(80)
    with ProcessPoolExecutor(2) as pool:
        pooled = shave(80, executor=pool, chunk=7)
    assert pooled.rows == serial.rows
    assert shave(80, executor="processes", chunk=25).rows == serial.rows
    assert shave(80, executor=None).rows == serial.rows  # "auto"
    assert pooled.complete and pooled.how == "ProcessPoolExecutor"


def test_a_game_depends_only_on_the_run_seed_and_its_number() -> None:
    long = shave(40)
    assert shave(25).rows == long.rows[:25]
    assert [r.seed for r in long.rows[:3]] == [game_seed(7, i) for i in range(3)]


def test_a_row_replays_with_play_game() -> None:
    game = sheepkit.load("shave_a_sheep")
    for row in shave(6).rows:
        bots = [for_game(game)[name]() for name in row.bots]
        final = sheepkit.play_game(game, bots, row.seed)
        assert final.ply == row.plies
        assert final.scores() == row.scores
        assert final.winners() == row.winners


def test_rotation_puts_every_bot_in_every_seat() -> None:
    rows = shave(4).rows
    assert [r.lineup for r in rows] == [(0, 1), (1, 0), (0, 1), (1, 0)]
    assert rows[1].bots == ("Sensible", "Random")
    fixed = simulate("wolf_and_sheep", ["Random", "Random"], 3, executor="serial")
    assert {r.lineup for r in fixed.rows} == {(0, 1)}


def test_rows_hold_what_the_metrics_need() -> None:
    row = shave(1).rows[0]
    assert row.turns == len(row.choices) == row.plies // 2  # a roll and an action per turn
    assert len(row.score_trace) == row.turns and row.score_trace[-1] == row.scores
    wolf = simulate("wolf_and_sheep", ["Random", "Random"], 1, executor="serial").rows[0]
    assert wolf.turns == wolf.plies and wolf.score_trace == ()  # scored only at the end


def test_plain_function_bot_in_a_notebook_cell_runs() -> None:
    def forward(view, legal_moves, rng):
        """Always the first move."""
        return legal_moves[0]

    r = simulate("wolf_and_sheep", [forward, "Random"], 5, executor="serial")
    assert r.entrants == ("forward", "Random") and len(r) == 5


def test_a_bot_that_cannot_be_pickled_falls_back_to_serial_with_a_warning() -> None:
    def local(view, legal_moves, rng):  # a local function does not pickle
        return legal_moves[-1]

    with pytest.warns(LabWarning, match="cannot be pickled"):
        r = simulate("wolf_and_sheep", [local, "Random"], 6, executor="processes")
    assert r.how == "serial"
    assert r.rows == simulate("wolf_and_sheep", [local, "Random"], 6, executor="serial").rows


def test_unregistered_games_and_module_level_function_bots_go_to_workers() -> None:
    serial = simulate(PickWinner(), [pick_self, "Random"], 20, rotate=True, executor="serial")
    pooled = simulate(PickWinner(), [pick_self, "Random"], 20, rotate=True, executor="processes")
    assert pooled.rows == serial.rows and pooled.how.startswith("processes")


def test_progress_is_reported_and_stop_is_honoured() -> None:
    calls: list[tuple[int, int]] = []
    shave(30, progress=lambda done, total: calls.append((done, total)))
    assert calls[0] == (0, 30) and calls[-1] == (30, 30)

    checks: list[int] = []  # stop() is asked before each game when serial
    stopped = shave(50, stop=lambda: checks.append(1) or len(checks) > 10)
    assert stopped.stopped and not stopped.complete
    assert len(stopped) == 10
    assert stopped.rows == shave(10).rows  # what was played is still right


def test_stop_in_a_process_pool_keeps_only_finished_chunks() -> None:
    r = shave(200, executor="processes", chunk=5, stop=lambda: True)
    assert r.stopped and len(r) < 200
    full = {row.index: row for row in shave(200).rows}
    assert all(full[row.index] == row for row in r.rows)


def test_cap_on_plies() -> None:
    r = simulate("shave_a_sheep", ["Random", "Random"], 5, max_plies=10, executor="serial")
    assert all(row.capped and row.plies == 10 and row.winners == () for row in r.rows)


def test_bad_bot_names_and_counts_are_explained() -> None:
    with pytest.raises(ValueError, match="Sensible"):
        simulate("wolf_and_sheep", ["Clever", "Random"], 1, executor="serial")
    with pytest.raises(ValueError, match="2 seats but 3 bots"):
        simulate("wolf_and_sheep", ["Random"] * 3, 1)


def test_tables_convert_to_dicts_and_csv() -> None:
    r = shave(3)
    dicts = r.to_dicts()
    assert dicts[0]["winners"] == list(r.rows[0].winners)
    json.dumps(dicts)
    rows = list(csv.DictReader(io.StringIO(r.to_csv())))
    assert len(rows) == 3 and json.loads(rows[0]["choices"]) == list(r.rows[0].choices)


def test_play_row_matches_play_game_on_wolf_and_sheep() -> None:
    game = sheepkit.load("wolf_and_sheep", board=6)
    sensible = for_game(game)["Sensible"]
    row = play_row(game, [sensible, sheepkit.RandomBot], 0, (1, 0), 123)
    final = sheepkit.play_game(game, [sheepkit.RandomBot(), sensible()], 123)
    assert [str(m) for m in final.history][:3] and final.ply == row.plies
    assert final.winners() == row.winners


class _Seen:
    """A bot that plays like ``bot`` and writes down, at each choice, what it saw (a state's
    repr holds its whole history, every die included) and its move into ``log``."""

    def __init__(self, bot, log: list[tuple[str, str]]) -> None:
        self.bot, self.log, self.name = bot, log, sheepkit.bots.bot_name(bot)

    def choose(self, view, legal_moves, rng):
        move = self.bot.choose(view, legal_moves, rng)
        self.log.append((repr(view), str(move)))
        return move


@pytest.mark.parametrize(
    ("name", "bots", "cap"),
    [
        ("shave_a_sheep", ("Random", "Sensible"), None),
        ("sheep_race", ("Sensible", "Random", "Sensible", "Random"), None),
        ("wolf_and_sheep", ("Sensible", "Random"), 5),
    ],
)
def test_a_runner_game_is_play_game_move_for_move(name, bots, cap) -> None:
    game = sheepkit.load(name)
    factories = for_game(game)
    in_row: list[tuple[str, str]] = []
    makers = [lambda b=b: _Seen(factories[b](), in_row) for b in bots]
    row = play_row(game, makers, 0, tuple(range(len(bots))), 4321, max_plies=cap)
    alone: list[tuple[str, str]] = []
    final = sheepkit.play_game(
        game, [_Seen(factories[b](), alone) for b in bots], 4321, max_plies=cap
    )
    assert len(in_row) > 3 and in_row == alone
    assert (row.plies, row.winners, row.capped) == (final.ply, final.winners(), not final.is_over)
    assert row.turns == len(alone) and row.scores == final.scores()
    assert row.capped == (cap is not None)


def test_dask_gives_the_same_rows_when_installed() -> None:
    distributed = pytest.importorskip("dask.distributed")
    with distributed.Client(processes=True, n_workers=2, threads_per_worker=1) as client:
        r = shave(40, executor=client.get_executor())
    assert r.rows == shave(40).rows


@pytest.mark.parametrize("progress", [False, None, True, "auto"])
def test_progress_may_be_switched_off_or_on_with_a_bool(progress) -> None:
    assert shave(4, progress=progress).rows == shave(4, progress=None).rows
    tables = [
        lab.sweep("shave_a_sheep", "wool", [8], ["Random", "Random"], 2, progress=progress),
        lab.tournament("shave_a_sheep", {"R": "Random", "S": "Sensible"}, 1, progress=progress),
    ]
    assert all(tables)


def test_a_progress_that_is_not_a_function_is_named() -> None:
    with pytest.raises(TypeError, match="progress must be a function"):
        shave(2, progress=3)
