"""A Voila page's cells run from its request (sheepkit.page_runs), with real kernels."""

from __future__ import annotations

import asyncio
from typing import Any

import nbformat
import pytest
from jupyter_client.session import Session
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook
from traitlets.config import Config

from sheepkit import page_runs
from sheepkit.page_runs import PageRun, PageRuns, is_widget_states_answer
from sheepkit.serving import WarmKernelManager

pytestmark = pytest.mark.usefixtures("kernel_files_in_tmp")


def page(*cells: Any) -> dict[str, Any]:
    """What Voila's page handler stores for a page's execution websocket."""
    notebook = new_notebook(cells=list(cells))
    notebook.metadata.kernelspec = {"name": "python3", "language": "python"}
    return {"nb": nbformat.from_dict(notebook), "config": Config(), "show_tracebacks": False}


def kernel_message(msg_type: str, content: dict[str, Any], *buffers: bytes) -> list[bytes]:
    """A kernel's message to a page, framed as the server's ZMQ socket receives it."""
    session = Session(key=b"secret")
    frames: list[bytes] = session.serialize(session.msg(msg_type, content))
    return [b"routing-id", *frames, *buffers]


# The kernel's answer to a page's widget manager: the state of every widget.
WIDGET_STATES = kernel_message("comm_msg", {"comm_id": "c", "data": {"method": "update_states"}})


def test_only_the_kernels_answer_with_every_widget_state_is_taken_for_it() -> None:
    assert is_widget_states_answer(WIDGET_STATES)
    said = kernel_message("stream", {"name": "stdout", "text": '"update_states"'})
    in_a_buffer = kernel_message("comm_msg", {"data": {"method": "update"}}, b'"update_states"')
    assert not is_widget_states_answer(said) and not is_widget_states_answer(in_a_buffer)
    assert not is_widget_states_answer([b'{"method": "update_states"}'])  # no whole message


def texts(result: dict[str, Any]) -> list[str]:
    outputs = result["output_cell"].get("outputs", [])
    return [o.get("text") or str(o.get("traceback", "")) for o in outputs]


async def with_kernel(scenario: Any) -> None:
    manager = WarmKernelManager(warm_kernels=0)
    kernel = await manager.start_kernel()
    try:
        await scenario(manager, kernel)
    finally:
        await manager.shutdown_all(now=True)


async def within(awaitable: Any, what: str, timeout: float = 60) -> Any:
    try:
        return await asyncio.wait_for(awaitable, timeout)
    except asyncio.TimeoutError:
        raise AssertionError(f"{what} not within {timeout} s") from None


async def until(condition: Any) -> None:
    while not condition():
        await asyncio.sleep(0.05)


def test_a_run_gives_every_cell_result_in_order(loop: asyncio.AbstractEventLoop) -> None:
    async def scenario(manager: WarmKernelManager, kernel: str) -> None:
        run = PageRun(
            kernel,
            page(
                new_markdown_cell("# A lesson"),
                new_code_cell("import os; print(os.environ['VOILA_KERNEL_ID'])"),
                new_code_cell("1 / 0"),
                new_code_cell("print('after the error')"),
            ),
            manager,
        )
        results = [r async for r in run.results_as_they_come()]
        assert run.finished
        assert [r["cell_index"] for r in results] == [0, 1, 2, 3]
        assert {r["total_cell"] for r in results} == {4}
        assert all("source" not in r["output_cell"] for r in results)
        # The kernel knows its id, as Voila's renderer used to tell it.
        assert texts(results[1]) == [kernel + "\n"]
        # An error is shown without its traceback (Voila's show_tracebacks is off), and the
        # cells after it still run, as in Voila's own execution websocket.
        (error,) = results[2]["output_cell"]["outputs"]
        assert error["ename"] == "ExecutionError" and "ZeroDivisionError" not in str(error)
        assert texts(results[3]) == ["after the error\n"]
        # A page that asks later gets the same results at once.
        assert [r async for r in run.results_as_they_come()] == results

    loop.run_until_complete(with_kernel(scenario))


def test_a_paused_run_stops_between_cells_until_resumed(
    loop: asyncio.AbstractEventLoop, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(page_runs, "RESUME_AFTER", 600.0)

    async def scenario(manager: WarmKernelManager, kernel: str) -> None:
        run = PageRun(
            kernel,
            page(
                new_code_cell("import time; time.sleep(1.5); print('slow')"),
                new_code_cell("print('next')"),
            ),
            manager,
        )
        await within(until(lambda: run.running == 0), "the first cell's start")
        # A page connecting waits for the running cell to end...
        await within(run.pause(), "the end of the running cell")
        assert [texts(r) for r in run.results] == [["slow\n"]]
        assert run.paused and is_widget_states_answer(WIDGET_STATES)
        # ...and the next cell waits for the page: other messages to it change nothing...
        run.on_message_to_page(kernel_message("comm_msg", {"data": {"method": "update"}}))
        await asyncio.sleep(1.0)
        assert len(run.results) == 1 and not run.finished and run.paused
        # ...until the kernel has sent the page every widget's state.
        run.on_message_to_page(WIDGET_STATES)
        assert not run.paused
        await within(run.task, "the rest of the run")
        assert [texts(r) for r in run.results] == [["slow\n"], ["next\n"]]

    loop.run_until_complete(with_kernel(scenario))


def test_a_paused_run_goes_on_by_itself(
    loop: asyncio.AbstractEventLoop, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(page_runs, "RESUME_AFTER", 0.2)

    async def scenario(manager: WarmKernelManager, kernel: str) -> None:
        run = PageRun(kernel, page(new_code_cell("print(1)"), new_code_cell("print(2)")), manager)
        await within(run.pause(), "a pause")
        await within(run.task, "the run, never resumed by a page")
        assert [texts(r) for r in run.results] == [["1\n"], ["2\n"]]

    loop.run_until_complete(with_kernel(scenario))


def test_storing_a_page_starts_its_run_and_shutdown_drops_it(
    loop: asyncio.AbstractEventLoop,
) -> None:
    async def scenario(manager: WarmKernelManager, kernel: str) -> None:
        pages = PageRuns()
        pages[kernel] = page(new_code_cell("print('no kernel manager: no run')"))
        assert pages.runs == {}  # Voila's own execution websocket runs this page
        pages.kernel_manager = manager
        pages[kernel] = page(
            new_code_cell("import time; time.sleep(30)"), new_code_cell("print('never')")
        )
        run = pages.runs[kernel]
        await within(until(lambda: run.running == 0), "the cell's start")
        pages.drop(kernel)
        assert kernel not in pages and kernel not in pages.runs
        await within(asyncio.wait([run.task]), "the dropped run's end")
        assert run.finished and run.stopped
        assert not any("never\n" in texts(r) for r in run.results)

    loop.run_until_complete(with_kernel(scenario))


def test_the_server_hands_voila_the_page_runs() -> None:
    from voila.notebook_renderer import NotebookRenderer
    from voila.tornado.execution_request_handler import ExecutionRequestHandler

    import sheepkit.serving  # noqa: F401  (installs the wrappers, as Voila importing it does)

    assert ExecutionRequestHandler._execution_data is page_runs.PAGES
    assert ExecutionRequestHandler.on_message.__name__ == "send_results"
    assert NotebookRenderer._jinja_kernel_start.__name__ == "page_kernel_start"
    page_runs.start_cells_with_the_request()  # a second install changes nothing
    assert ExecutionRequestHandler.on_message.__name__ == "send_results"


def test_a_run_for_a_kernel_that_is_gone_finishes_with_nothing(
    loop: asyncio.AbstractEventLoop,
) -> None:
    async def scenario(manager: WarmKernelManager, kernel: str) -> None:
        run = PageRun("no-such-kernel", page(new_code_cell("print(1)")), manager)

        async def results() -> list[dict[str, Any]]:
            return [r async for r in run.results_as_they_come()]

        assert await within(results(), "the end of a run without a kernel", timeout=30) == []
        assert run.finished

    loop.run_until_complete(with_kernel(scenario))
