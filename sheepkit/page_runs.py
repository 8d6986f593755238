"""A Voila page's cells start running as Voila answers the page's request, not once the page's
scripts have loaded and asked for them over the execution websocket (1.4-2.5 s later).

Voila's progressive rendering sends the page first and runs the notebook only when the page's
front end asks, so the kernel waits idle while the browser loads Voila's scripts, and the
browser then waits while the kernel runs the lesson. Here the kernel runs the cells in the
meantime (``PageRun``) and keeps each cell's result for the page's execution websocket, which
gets the results made so far at once and the others as they come.

Widgets made before the page's kernel websocket connects reach the page as the widget
manager's first request, for the state of every widget the kernel holds, is answered; widgets
made after it come as they are made. A widget made while the page connects must be on one side
of that line, with everything it refers to (its layout, its children): the page's kernel
websocket therefore connects between two cells. A run stops before its next cell while a page
connects (``pause``) and goes on once the kernel has answered that request (or after
``RESUME_AFTER`` seconds, for a client that never asks).

Installed by ``start_cells_with_the_request`` (sheepkit.serving runs it as Voila imports it):
three of Voila 0.5's methods are wrapped, each named where it is wrapped.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import traceback
import uuid
from collections.abc import AsyncIterator
from typing import Any

# A client that connects and never asks for the widgets' state holds a run this long at most.
RESUME_AFTER = 3.0
# ZMQ's frame between a kernel message's routing identities and its signed parts.
DELIMITER = b"<IDS|MSG>"


class PageRun:
    """One page's notebook, run cell by cell in its kernel from the moment Voila has stored it
    for the page. ``results`` holds one execution result per cell, as Voila's execution
    websocket sends it."""

    def __init__(self, kernel_id: str, page: dict[str, Any], kernel_manager: Any) -> None:
        self.kernel_id = kernel_id
        self.results: list[dict[str, Any]] = []
        self.running: int | None = None  # the index of the cell running now
        self.finished = False
        self.stopped = False  # by cancel(): no further cell runs
        self._more = asyncio.Event()  # set when a result was added or the run finished
        self._go = asyncio.Event()  # cleared while a page connects
        self._go.set()
        self._between_cells = asyncio.Event()
        self._between_cells.set()
        self._resume_timer: asyncio.TimerHandle | None = None
        self.log = kernel_manager.log
        self.task = asyncio.ensure_future(self._run(page, kernel_manager))

    async def _run(self, page: dict[str, Any], kernel_manager: Any) -> None:
        from voila.execute import VoilaExecutor

        notebook = page["nb"]
        client = None
        try:
            km = kernel_manager.get_kernel(self.kernel_id)
            executor = VoilaExecutor(
                notebook, km=km, config=page["config"], show_tracebacks=page["show_tracebacks"]
            )
            # A client of its own session: clients that share one (as km.client() makes them)
            # share a shell socket identity, and a reply goes to only one of them.
            session = km.session.clone()
            session.session = str(uuid.uuid4())
            client = executor.kc = km.client(session=session)
            client.start_channels()
            await client.wait_for_ready(timeout=executor.startup_timeout)
            client.allow_stdin = False
            # What Voila's page renderer set in the kernel before it left that to this run.
            await client.execute_interactive(
                f"import os as _os; _os.environ['VOILA_KERNEL_ID'] = {self.kernel_id!r}; del _os",
                silent=True,
                store_history=False,
                timeout=executor.startup_timeout,
            )
            for index, cell in enumerate(notebook.cells):
                await self._go.wait()
                if self.stopped:
                    break
                self.running = index
                self._between_cells.clear()
                try:
                    output = await run_cell(executor, cell, index, self.log)
                finally:
                    self.running = None
                    self._between_cells.set()
                output.pop("source", None)
                self.results.append(
                    {"output_cell": output, "cell_index": index, "total_cell": len(notebook.cells)}
                )
                self._more.set()
        except Exception:  # a kernel that died or never answered: the page gets what there is
            if not self.stopped:  # a page closed before its last cell is no news
                self.log.exception("The cells of kernel %s stopped", self.kernel_id)
        finally:
            self.finished = True
            self._more.set()
            self._between_cells.set()
            if client is not None:
                client.stop_channels()

    async def results_as_they_come(self) -> AsyncIterator[dict[str, Any]]:
        """Every cell's result: those made so far at once, then each as it is made."""
        sent = 0
        while True:
            while sent < len(self.results):
                yield self.results[sent]
                sent += 1
            if self.finished:
                return
            self._more.clear()
            await self._more.wait()

    async def pause(self) -> None:
        """Stop before the next cell and return once no cell is running. ``resume`` goes on,
        as the run does by itself RESUME_AFTER seconds after this returns."""
        self._go.clear()
        await self._between_cells.wait()
        if self._resume_timer is not None:
            self._resume_timer.cancel()
        self._resume_timer = asyncio.get_running_loop().call_later(RESUME_AFTER, self.resume)

    def resume(self) -> None:
        if self._resume_timer is not None:
            self._resume_timer.cancel()
            self._resume_timer = None
        self._go.set()

    @property
    def paused(self) -> bool:
        return not self._go.is_set()

    def on_message_to_page(self, frames: list[Any]) -> None:
        """Goes on when a paused run sees the kernel send a connecting page every widget's
        state."""
        if self.paused and is_widget_states_answer(frames):
            self.resume()

    def cancel(self) -> None:
        """Stop the run: the cell running now is abandoned (its kernel is going away)."""
        self.stopped = True
        self.resume()
        self.task.cancel()


async def run_cell(executor: Any, cell: Any, index: int, log: Any) -> Any:
    """The cell with its outputs, as Voila's execution websocket handles a cell's errors."""
    from nbclient.exceptions import CellExecutionError, DeadKernelError
    from nbformat.v4 import new_code_cell
    from voila.execute import strip_code_cell_warnings

    try:
        return await executor.execute_cell(cell, None, index, store_history=False)
    except TimeoutError:
        return cell
    except CellExecutionError:
        log.exception("Error at server while executing cell: %r", cell)
        if executor.should_strip_error():
            strip_code_cell_warnings(cell)
            executor.strip_code_cell_errors(cell)
        return cell
    except DeadKernelError:
        raise  # no later cell can run either
    except Exception as error:
        log.exception("Error at server while executing cell: %r", cell)
        output = new_code_cell()
        if executor.should_strip_error():
            text = "An exception occurred at the server (not the notebook). "
            output.outputs = [
                {
                    "output_type": "stream",
                    "name": "stderr",
                    "text": text + executor.cell_error_instruction,
                }
            ]
        else:
            output.outputs = [
                {
                    "output_type": "error",
                    "ename": type(error).__name__,
                    "evalue": str(error),
                    "traceback": traceback.format_exception(error),
                }
            ]
        return output


class PageRuns(dict[str, dict[str, Any]]):
    """Stands in for Voila's ``ExecutionRequestHandler._execution_data``, where Voila's page
    handler stores a page's notebook for the execution websocket: storing it starts the run."""

    def __init__(self) -> None:
        super().__init__()
        self.kernel_manager: Any = None  # set by the kernel manager that serves the pages
        self.runs: dict[str, PageRun] = {}

    def __setitem__(self, kernel_id: str, page: dict[str, Any]) -> None:
        super().__setitem__(kernel_id, page)
        if self.kernel_manager is not None:
            self.runs[kernel_id] = PageRun(kernel_id, page, self.kernel_manager)

    def drop(self, kernel_id: str) -> None:
        """Forget the kernel's page (its kernel is shut down)."""
        self.pop(kernel_id, None)
        run = self.runs.pop(kernel_id, None)
        if run is not None:
            run.cancel()


PAGES = PageRuns()


def start_cells_with_the_request() -> None:
    """Install PAGES and the wrappers (idempotent)."""
    from jupyter_core.utils import ensure_async
    from voila.notebook_renderer import NotebookRenderer
    from voila.tornado.execution_request_handler import ExecutionRequestHandler

    if ExecutionRequestHandler._execution_data is PAGES:
        return
    ExecutionRequestHandler._execution_data = PAGES

    # ExecutionRequestHandler.on_message: "execute" sends the run's results.
    on_message = ExecutionRequestHandler.on_message

    async def send_results(self: Any, message: str | bytes) -> None:
        run = PAGES.runs.get(self._kernel_id)
        if run is None or json.loads(message).get("action") != "execute":
            await on_message(self, message)
            return
        PAGES.pop(self._kernel_id, None)
        self._executor = None  # Voila's on_close stops its executor's client, if it made one
        with contextlib.suppress(Exception):  # the page went away
            async for result in run.results_as_they_come():
                await self.write_message({"action": "execution_result", "payload": result})
        if run.finished:
            PAGES.runs.pop(self._kernel_id, None)

    ExecutionRequestHandler.on_message = send_results

    # NotebookRenderer._jinja_kernel_start: the page template asks for its kernel's id. Voila
    # also connects a client and waits for the kernel's answer, only to set VOILA_KERNEL_ID;
    # with progressive rendering that is the run's first step, and the page is sent sooner.
    kernel_start = NotebookRenderer._jinja_kernel_start
    cleanup = NotebookRenderer._cleanup_resources

    async def page_kernel_start(self: Any, nb: Any, kernel_id: str, kernel_future: Any) -> str:
        if not self.voila_configuration.progressive_rendering:
            started: str = await kernel_start(self, nb, kernel_id, kernel_future)
            return started
        await ensure_async(kernel_future)
        self.kernel_started = True
        return kernel_id

    # NotebookRenderer._cleanup_resources: stops the client page_kernel_start no longer makes.
    async def cleanup_client(self: Any) -> None:
        if getattr(self, "executor", None) is not None:
            await cleanup(self)

    NotebookRenderer._jinja_kernel_start = page_kernel_start
    NotebookRenderer._cleanup_resources = cleanup_client


async def connect_between_cells(kernel_id: str) -> PageRun | None:
    """A page's kernel websocket is about to connect: the kernel's run, paused between two
    cells, or None when no cell of that kernel runs."""
    run = PAGES.runs.get(kernel_id)
    if run is None or run.finished:
        return None
    await run.pause()
    return run


def is_widget_states_answer(frames: list[Any]) -> bool:
    """True when ``frames`` (a kernel message as ZMQ gives it: identities, the delimiter, the
    signature, header, parent header, metadata, content, buffers) is the kernel's answer to a
    page's widget manager with the state of every widget (ipywidgets 8's "update_states")."""
    try:
        start = frames.index(DELIMITER) + 2
        header, content = json.loads(bytes(frames[start])), json.loads(bytes(frames[start + 3]))
    except (ValueError, IndexError):  # not a whole kernel message
        return False
    method = content.get("data", {}).get("method") if isinstance(content, dict) else None
    return header.get("msg_type") == "comm_msg" and method == "update_states"
