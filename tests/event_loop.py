"""Run a coroutine as a kernel's event loop would, from any test."""

from __future__ import annotations

import asyncio
from collections.abc import Coroutine
from concurrent.futures import ThreadPoolExecutor
from typing import Any


def run_loop(coroutine: Coroutine[Any, Any, Any]) -> Any:
    """asyncio.run in a thread of its own: another test's loop (the browser tests' Playwright
    keeps one for the whole session) may already be running in this thread."""
    with ThreadPoolExecutor(1) as pool:
        return pool.submit(asyncio.run, coroutine).result(timeout=60)
