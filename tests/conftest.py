"""Test-wide setup: keep the developer's own Jupyter and IPython settings out of every test.

Widget tests run in this process and the browser tests start Voila from it, so the per-user
Jupyter/IPython folders are pointed at a temp folder for the whole session. HOME itself is
left alone here (pip and friends need it); the Voila subprocess gets a temp HOME as well.
"""

from __future__ import annotations

import asyncio
import os
import shutil
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest
from voila_harness import LEAKY_VARS, isolated_jupyter_env

_SAVED = pytest.StashKey[tuple[Path, dict[str, str | None]]]()


def pytest_configure(config: pytest.Config) -> None:
    base = Path(tempfile.mkdtemp(prefix="sheepkit-tests-"))
    env = isolated_jupyter_env(base, home=False)
    saved = {var: os.environ.get(var) for var in (*LEAKY_VARS, *env)}
    for var in LEAKY_VARS:
        os.environ.pop(var, None)
    os.environ.update(env)
    config.stash[_SAVED] = (base, saved)


def pytest_unconfigure(config: pytest.Config) -> None:
    base, saved = config.stash[_SAVED]
    for var, value in saved.items():
        if value is None:
            os.environ.pop(var, None)
        else:
            os.environ[var] = value
    shutil.rmtree(base, ignore_errors=True)


@pytest.fixture(autouse=True)
def service_addresses_stay_with_their_test(monkeypatch: pytest.MonkeyPatch) -> None:
    """A table or class server started in a test tells its kernels where it is through this
    process's environment (``sheepkit.tables.server``, ``sheepkit.classes.server``): the address
    goes away with the test, so a later one does not find a service that has stopped."""
    from sheepkit.classes.client import URL_VARIABLE as CLASS_URL
    from sheepkit.tables.client import URL_VARIABLE as TABLES_URL

    for variable in (TABLES_URL, CLASS_URL):
        monkeypatch.delenv(variable, raising=False)


# -- for tests that run real kernels in this process (warm kernels, page runs) ----------------


@pytest.fixture
def kernel_files_in_tmp(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A kernel manager writes its kernels' connection files in the working folder."""
    monkeypatch.chdir(tmp_path)


@pytest.fixture
def loop() -> Iterator[asyncio.AbstractEventLoop]:
    """A fresh event loop, set as the thread's loop (kernel managers look for it)."""
    loop = asyncio.new_event_loop()
    asyncio.set_event_loop(loop)
    yield loop
    loop.close()
    asyncio.set_event_loop(None)


@pytest.fixture
def dice_race_and_high_card() -> Iterator[None]:
    """The toy dice race and card game registered for one test (the app and session tests
    load them by name), and forgotten after it."""
    from toy_games import DiceRace, HighCard

    from sheepkit.core import register
    from sheepkit.core.registry import unregister

    for toy in (DiceRace, HighCard):
        register(toy)
    yield
    for toy in (DiceRace, HighCard):
        unregister(toy.name)
