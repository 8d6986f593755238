"""The lab where there are no worker processes (the browser, Pyodide): it plays the games here,
one after another, gives the same rows, and says so."""

from __future__ import annotations

import concurrent.futures
import subprocess
import sys
import warnings

import pytest

from sheepkit import lab
from sheepkit.lab import LabWarning, simulate
from sheepkit.lab.runner import BROWSER_NOTE, pool_unavailable
from sheepkit.platform import BROWSER_MOVE_SECONDS, browser_cap, in_browser

BOTS = ["Random", "Sensible"]


def serial(n: int = 40) -> lab.Results:
    return simulate("shave_a_sheep", BOTS, n, seed=3, rotate=True, executor="serial")


@pytest.fixture
def browser(monkeypatch: pytest.MonkeyPatch) -> None:
    """Pretend to be Pyodide 0.27: ``sys.platform`` says so and the pool cannot be imported."""
    monkeypatch.setattr(sys, "platform", "emscripten")
    if "ProcessPoolExecutor" in vars(concurrent.futures):  # cached by an earlier import
        monkeypatch.delattr(concurrent.futures, "ProcessPoolExecutor")
    monkeypatch.setitem(sys.modules, "concurrent.futures.process", None)  # import fails


def test_in_the_browser_every_executor_choice_plays_here_with_the_same_rows(browser) -> None:
    expected = serial().rows
    assert in_browser() and pool_unavailable() is not None
    for executor in (None, "auto", "serial"):
        got = simulate("shave_a_sheep", BOTS, 40, seed=3, rotate=True, executor=executor)
        assert got.rows == expected and got.how == "serial" and got.note == BROWSER_NOTE
        assert BROWSER_NOTE in repr(got)
    with pytest.warns(LabWarning, match="browser"):
        asked = simulate("shave_a_sheep", BOTS, 40, seed=3, rotate=True, executor="processes")
    assert asked.rows == expected and asked.note == BROWSER_NOTE


def test_in_the_browser_sweeps_and_tournaments_say_where_they_ran(browser) -> None:
    swept = lab.sweep("shave_a_sheep", "wool", [8, 12], ["Random", "Random"], 10, progress=None)
    assert [r.note for r in swept.results] == [BROWSER_NOTE, BROWSER_NOTE]
    played = lab.tournament("shave_a_sheep", {"R": "Random", "S": "Sensible"}, 2, progress=None)
    assert played.results.note == BROWSER_NOTE


def test_on_a_normal_python_the_results_carry_no_note() -> None:
    assert not in_browser() and pool_unavailable() is None
    assert serial(4).note == "" and "browser" not in repr(serial(4))


def test_a_pool_that_cannot_start_falls_back_to_serial_with_a_warning(monkeypatch) -> None:
    class NoProcesses:  # Pyodide 0.29: the import works, the pool does not
        def __init__(self, *args: object, **kwargs: object) -> None:
            raise NotImplementedError("no processes in WebAssembly")

    expected = serial().rows
    monkeypatch.setattr(concurrent.futures, "ProcessPoolExecutor", NoProcesses)
    with pytest.warns(LabWarning, match="cannot start worker processes"):
        got = simulate("shave_a_sheep", BOTS, 40, seed=3, rotate=True, executor="processes")
    assert got.rows == expected and got.how == "serial"
    assert got.note.startswith("Ran in this process, one game after another")


def test_the_lab_imports_and_runs_without_multiprocessing() -> None:
    """Pyodide 0.27 has no ``_multiprocessing``: importing the lab must not need it."""
    code = (
        "import sys, warnings\n"
        "sys.modules['_multiprocessing'] = None\n"  # any import of it now fails
        "from sheepkit import lab\n"
        "from sheepkit.ui import charts\n"
        "serial = lab.simulate('wolf_and_sheep', ['Random', 'Sensible'], 12, executor='serial')\n"
        "with warnings.catch_warnings(record=True) as caught:\n"
        "    warnings.simplefilter('always')\n"
        "    auto = lab.simulate('wolf_and_sheep', ['Random', 'Sensible'], 12)\n"
        "    asked = lab.simulate('wolf_and_sheep', ['Random', 'Sensible'], 12,"
        " executor='processes')\n"
        "assert auto.rows == serial.rows == asked.rows\n"
        "assert 'no process pool' in auto.note, auto.note\n"
        "assert any('no process pool' in str(w.message) for w in caught), caught\n"
        "print('ok')\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0 and result.stdout == "ok\n", result.stderr


def test_browser_cap_bounds_every_bot_in_the_browser_only(monkeypatch) -> None:
    assert browser_cap(None) is None and browser_cap(5.0) == 5.0
    monkeypatch.setattr(sys, "platform", "emscripten")
    assert browser_cap(None) == BROWSER_MOVE_SECONDS
    assert browser_cap(5.0) == BROWSER_MOVE_SECONDS and browser_cap(0.5) == 0.5


def test_warnings_are_quiet_for_auto_in_the_browser(browser) -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # "auto" and "serial" choose serial without a warning
        simulate("shave_a_sheep", BOTS, 5, executor=None, progress=None)
