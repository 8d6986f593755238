"""The Voila server's warm kernels (sheepkit.serving.WarmKernelManager), with real kernels."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import pytest

from sheepkit.serving import WarmKernelManager


async def output_of(manager: WarmKernelManager, kernel_id: str, code: str) -> Any:
    """The JSON that ``code`` prints in the kernel."""
    client: Any = manager.get_kernel(kernel_id).client()
    client.start_channels()
    printed: list[str] = []

    def on_output(msg: dict[str, Any]) -> None:
        if msg["msg_type"] == "stream":
            printed.append(msg["content"]["text"])

    try:
        await client.wait_for_ready(timeout=60)
        await client.execute_interactive(code, output_hook=on_output, timeout=60)
    finally:
        client.stop_channels()
    return json.loads("".join(printed))


async def until(condition: Any, what: str, timeout: float = 90) -> None:
    for _ in range(int(timeout * 10)):
        if condition():
            return
        await asyncio.sleep(0.1)
    raise AssertionError(f"{what} not within {timeout} s")


pytestmark = pytest.mark.usefixtures("kernel_files_in_tmp")


def test_a_page_gets_a_warm_kernel_with_its_environment(loop: asyncio.AbstractEventLoop) -> None:
    async def scenario() -> None:
        manager = WarmKernelManager(warm_kernels=1, cull_idle_timeout=0, refill_after=1)
        try:
            await until(lambda: manager.warm_count() == 1, "a warm kernel")
            (warm,) = manager.list_kernel_ids()
            # Waiting for a page is not idleness: the culler leaves a warm kernel alone.
            await manager.cull_kernel_if_idle(warm)
            assert warm in manager

            given = await manager.start_kernel(env={"SHEEPKIT_PAGE": "the page's"})
            assert given == warm
            seen = await output_of(
                manager,
                given,
                "import json, os, sys; print(json.dumps([os.environ.get('SHEEPKIT_PAGE'), "
                "[m in sys.modules for m in ('sheepkit.ui', 'sheepkit.lab', 'ipycanvas')]]))",
            )
            assert seen == ["the page's", [True, True, True]]
            # A replacement is started for the next page, once pages stop asking...
            await asyncio.sleep(0.5)
            assert manager.warm_count() == 0 and len(manager.list_kernel_ids()) == 1
            await until(lambda: manager.warm_count() == 1, "a replacement")
            assert len(manager.list_kernel_ids()) == 2
            # ...and the handed-out kernel is culled like any other once nobody uses it.
            await manager.cull_kernel_if_idle(given)
            await until(lambda: given not in manager, "the used kernel culled", timeout=30)
        finally:
            await manager.shutdown_all(now=True)

    loop.run_until_complete(scenario())


def test_without_warm_kernels_a_page_starts_its_own(loop: asyncio.AbstractEventLoop) -> None:
    async def scenario() -> None:
        manager = WarmKernelManager(warm_kernels=0)
        try:
            await asyncio.sleep(0.5)
            assert manager.list_kernel_ids() == []
            given = await manager.start_kernel(env={"SHEEPKIT_PAGE": "x"})
            assert manager.list_kernel_ids() == [given]
            assert manager.warm_count() == 0
        finally:
            await manager.shutdown_all(now=True)

    loop.run_until_complete(scenario())


def test_a_warm_up_that_fails_leaves_pages_their_own_kernels(
    loop: asyncio.AbstractEventLoop,
) -> None:
    async def scenario() -> None:
        manager = WarmKernelManager(warm_kernels=1, warm_up="import no_such_module_here")
        try:
            await until(
                lambda: manager.warm_failures == 1 and not manager.list_kernel_ids(),
                "the failed warm kernel shut down",
            )
            assert manager.warm_count() == 0
            given = await manager.start_kernel()
            assert given in manager.list_kernel_ids()
            assert manager.warm_count() == 0
        finally:
            await manager.shutdown_all(now=True)

    loop.run_until_complete(scenario())
