"""What the Voila server needs from sheepkit: a kernel websocket that speaks only protocol v1,
warm kernels, started before anyone asks, that have imported sheepkit and the widgets, page
templates compiled once (cache_page_templates), pages whose cells run from the page's
request (sheepkit.page_runs), the table service (sheepkit.tables.server) and the class service
with the teacher's pages (sheepkit.classes.server).

Imported by the Voila server process alone (voila.json names the classes), never by a kernel
or by Pyodide. jupyter_server answers a client that offers no subprotocol with the older "legacy"
JSON protocol, and there is no setting that refuses it (``kernel_ws_protocol`` only chooses
among the protocols a client offers). Over the legacy protocol, a page that makes ipycanvas
send its binary messages drove the server into a near-endless loop (memory 109 -> 841 MB in
30 s, every other page frozen). Voila's own pages always offer v1, so refusing everything else
costs them nothing.
"""

from __future__ import annotations

import asyncio
import functools
import json
import os
import time
from typing import Any

from jinja2 import BytecodeCache, Environment
from jinja2.bccache import Bucket
from jupyter_server._tz import utcnow
from jupyter_server.services.kernels.connection.channels import ZMQChannelsWebsocketConnection
from jupyter_server.services.kernels.kernelmanager import AsyncMappingKernelManager
from jupyter_server.utils import ApiPath, ensure_async
from tornado import web
from tornado.ioloop import IOLoop
from traitlets import Float, Integer, Unicode
from voila.app import Voila

from .docs_server import serve_docs_pages
from .page_runs import PAGES, PageRun, connect_between_cells, start_cells_with_the_request

V1_PROTOCOL = "v1.kernel.websocket.jupyter.org"


def offered_protocols(header: str | None) -> list[str]:
    """The subprotocols of a Sec-WebSocket-Protocol header, in the client's order."""
    return [part.strip() for part in (header or "").split(",") if part.strip()]


class V1OnlyConnection(ZMQChannelsWebsocketConnection):
    """A kernel websocket connection that refuses, before the upgrade, a client without v1,
    and connects a page between two of its cells while they run (sheepkit.page_runs)."""

    page_run: PageRun | None = None

    async def prepare(self) -> None:
        request = self.websocket_handler.request
        offered = offered_protocols(request.headers.get("Sec-WebSocket-Protocol"))
        if V1_PROTOCOL not in offered:
            self.log.warning(
                "Refused a kernel websocket without the %s subprotocol (offered: %s)",
                V1_PROTOCOL,
                offered or "none",
            )
            raise web.HTTPError(400, f"only the {V1_PROTOCOL} kernel protocol is served")
        # While the page's cells run, it connects between two of them (sheepkit.page_runs).
        self.page_run = await connect_between_cells(self.websocket_handler.kernel_id)
        await super().prepare()

    def connect(self) -> Any:
        # A widget update is a burst of small messages. With Nagle's algorithm on (tornado's
        # default) the socket held each burst's later messages until the page acknowledged
        # the first, which the page's TCP delays by up to 40 ms: a move reached another
        # device's widgets 44 ms later than it does without (benchmarks/tables_browser_load).
        self.websocket_handler.set_nodelay(True)
        return super().connect()

    def handle_outgoing_message(self, stream: Any, outgoing_msg: list[Any]) -> None:
        super().handle_outgoing_message(stream, outgoing_msg)
        if self.page_run is not None:
            self.page_run.on_message_to_page(outgoing_msg)

    # The abstract base declares it a coroutine; the ZMQ connection's is a plain method.
    def disconnect(self) -> None:  # type: ignore[override]
        if self.page_run is not None:
            self.page_run.resume()
        super().disconnect()


class MemoryBytecodeCache(BytecodeCache):
    """Jinja's compiled templates, kept in memory. Jinja keys each by its template's name
    and checksums its source, so an edited template is compiled again."""

    def __init__(self) -> None:
        self.code: dict[str, bytes] = {}

    def load_bytecode(self, bucket: Bucket) -> None:
        if bucket.key in self.code:
            bucket.bytecode_from_string(self.code[bucket.key])

    def dump_bytecode(self, bucket: Bucket) -> None:
        self.code[bucket.key] = bucket.bytecode_to_string()

    def clear(self) -> None:
        self.code.clear()


PAGE_TEMPLATES = MemoryBytecodeCache()


def cache_page_templates() -> None:
    """Voila makes a new nbconvert exporter, so a new Jinja environment, for every page, and
    compiled the page's templates again each time: 40% of the server's time for a page. Every
    environment Voila's exporter makes now shares PAGE_TEMPLATES. (nbconvert offers no setting
    for it; this wraps the one method that makes the environment, once.)"""
    from voila.exporter import VoilaExporter

    make = VoilaExporter._create_environment
    if hasattr(make, "__wrapped__"):
        return  # wrapped already

    @functools.wraps(make)
    def create_environment(self: VoilaExporter) -> Environment:
        environment: Environment = make(self)
        environment.bytecode_cache = PAGE_TEMPLATES
        return environment

    VoilaExporter._create_environment = create_environment


async def rehearse_a_page(app: Any) -> None:
    """Render one page of the served folder without a kernel, as Voila starts: the first
    page a class asks for paid 0.43 s more than the next (first byte 480 ms against 50 ms)
    for building nbformat's schema validator and compiling the page templates, both kept for
    the server's life. The render is Voila's own (its renderer, exporter and page context);
    with progressive rendering a page's template starts no kernel (sheepkit.page_runs: the
    page's run does), so none is started, and the HTML is thrown away. Skipped, with a log
    line, wherever it cannot run (pages rendered in one go, which run their cells in the
    template; a folder without notebooks; a Voila whose renderer has changed)."""
    from voila.notebook_renderer import NotebookRenderer

    started = time.monotonic()
    try:
        if not app.voila_configuration.progressive_rendering:
            raise ValueError("progressive_rendering is off: a page's template runs its cells")
        folder = await ensure_async(app.contents_manager.get("", content=True))
        names = sorted(item["path"] for item in folder["content"] if item["type"] == "notebook")
        if not names:
            raise LookupError("no notebook in the served folder")
        renderer = NotebookRenderer(
            voila_configuration=app.voila_configuration,
            traitlet_config=app.config,
            notebook_path=names[0],
            template_paths=app.template_paths,
            contents_manager=app.contents_manager,
            kernel_spec_manager=app.kernel_spec_manager,
            base_url=app.base_url,
            page_config={},
        )
        await renderer.initialize()
        await renderer.generate_content_str(kernel_id="rehearsal")
        app.log.info("Rehearsed a page (%s) in %.2f s", names[0], time.monotonic() - started)
    except Exception as error:  # a rehearsal only saves time: the pages work without it
        app.log.warning("Could not rehearse a page: %s: %s", type(error).__name__, error)


def start_tables(app: Voila) -> None:
    """Serve the table service (sheepkit.tables.server) on the Voila server as it starts:
    it runs once the server listens, so its web app and port are known. The apps hide their
    table buttons, and say why, where it could not start."""
    from .tables.server import start_with_voila

    try:
        start_with_voila(app)
    except Exception as error:  # tables are an extra: the apps work without them
        app.log.warning("Could not start the table service: %s: %s", type(error).__name__, error)


def start_classes(app: Voila) -> None:
    """Serve the class service and the teacher's pages (sheepkit.classes.server) on the Voila
    server as it starts; the lessons' class strips hide where it could not start."""
    from .classes.server import start_with_voila as start_classes_with_voila

    try:
        start_classes_with_voila(app)
    except Exception as error:  # a class is an extra: the apps work without it
        app.log.warning("Could not start the class service: %s: %s", type(error).__name__, error)


#: A path with a control character, raw or %-encoded (%00-%1F, %7F). No page has one, and
#: Voila's render handler answered ``/voila/render/wolf_and_sheep.ipynb%00`` with a 500 and a
#: traceback ("Unsafe header value" in the redirect it built from the path).
CONTROL_IN_PATH = r".*(?:[\x00-\x1f\x7f]|%[01][0-9a-fA-F]|%7[fF]).*"


class ControlInPathHandler(web.RequestHandler):
    """Any request for a path with a control character: 400, in words, nothing logged but the
    request line."""

    def prepare(self) -> None:
        self.set_status(400)
        self.set_header("Content-Type", "text/plain; charset=utf-8")
        self.finish("This address holds a control character (such as %00): no page has one.\n")


def refuse_control_in_paths(app: Voila) -> None:
    """Put ControlInPathHandler ahead of every handler of the Voila server's web app (tornado
    tries the rules in order; add_handlers puts a rule just before the final wildcard)."""
    web_app = app.app
    web_app.add_handlers(".*$", [(CONTROL_IN_PATH, ControlInPathHandler)])
    rules = web_app.default_router.rules
    rules.insert(0, rules.pop(-2))


# What every app page imports first: a warm kernel has done it before the page asks.
WARM_UP = "import sheepkit, sheepkit.ui, sheepkit.lab, ipywidgets, ipycanvas"


class WarmKernelManager(AsyncMappingKernelManager):
    """Keeps ``warm_kernels`` kernels started and warmed up (``warm_up`` run in them) for
    each folder of notebooks a page has been asked for, and hands one out when a page asks
    for a kernel; once no page has asked for ``refill_after`` seconds it starts replacements,
    one at a time, in the background.

    Voila's own kernel pool (``preheat_kernel``) runs the whole notebook in advance and
    cannot be used with progressive rendering; this one only saves a page the kernel's start
    and the imports (1.4-1.5 s and about 1 s here), so each page still runs its own cells
    and shows them as they come. A warm kernel is not culled while it waits; once handed out
    it gets the page's environment and is culled like any other.

    Made once as Voila starts, and the one object Voila makes then that sees the app: it also
    schedules the page rehearsal (rehearse_a_page) and the teachers' pages (docs_server).
    """

    warm_kernels = Integer(
        2, config=True, help="Warm kernels kept ready per folder of notebooks (0: none)."
    )
    warm_up = Unicode(WARM_UP, config=True, help="Code a warm kernel runs before it waits.")
    warm_timeout = Integer(60, config=True, help="Seconds a warm-up may take.")
    refill_after = Float(
        10.0, config=True, help="Seconds without a page asking before warm kernels are refilled."
    )

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._warm: dict[tuple[str, ApiPath], list[str]] = {}  # ready kernel ids, oldest first
        # Every warm kernel not yet handed out (warming up or ready) -> its connected client.
        self._clients: dict[str, Any] = {}
        self._filling: set[tuple[str, ApiPath]] = set()
        self.warm_failures = 0  # warm-ups that failed (each is logged)
        self._last_asked = -float("inf")  # time.monotonic() of the last page's request
        PAGES.kernel_manager = self  # its pages' cells run from their request (page_runs)
        if isinstance(self.parent, Voila):  # not inside a Jupyter server (Binder)
            IOLoop.current().add_callback(rehearse_a_page, self.parent)
            # Before the warm kernels below start: they must inherit the service's address.
            IOLoop.current().add_callback(start_tables, self.parent)
            IOLoop.current().add_callback(start_classes, self.parent)
            IOLoop.current().add_callback(serve_docs_pages, self.parent)  # the lessons' ../docs/
            IOLoop.current().add_callback(refuse_control_in_paths, self.parent)  # first of all
        if self.warm_kernels > 0:
            IOLoop.current().add_callback(self._fill, (self.default_kernel_name, ApiPath("")))

    async def start_kernel(  # type: ignore[override]
        self,
        *,
        kernel_name: str | None = None,
        path: ApiPath | None = None,
        kernel_id: str | None = None,
        **kwargs: Any,
    ) -> str:
        key = (kernel_name or self.default_kernel_name, path or ApiPath(""))
        self._last_asked = time.monotonic()
        if kernel_id is None and self.warm_kernels > 0:
            ready = self._warm.setdefault(key, [])
            IOLoop.current().add_callback(self._fill, key)
            while ready:
                warm_id = ready.pop(0)
                if warm_id not in self:  # it died while it waited
                    self._clients.pop(warm_id).stop_channels()
                    continue
                if await self._hand_out(warm_id, kwargs.get("env")):
                    self.log.info("Handed out warm kernel %s", warm_id)
                    return warm_id
                await self.shutdown_kernel(warm_id, now=True)  # it did not answer
        started: str = await super().start_kernel(
            kernel_name=kernel_name, path=path, kernel_id=kernel_id, **kwargs
        )
        return started

    def warm_count(self) -> int:
        """Warm kernels ready now, over every folder."""
        return sum(len(ids) for ids in self._warm.values())

    async def _fill(self, key: tuple[str, ApiPath]) -> None:
        """Start warm kernels for ``key`` one after another until there are enough."""
        if key in self._filling:
            return
        self._filling.add(key)
        try:
            while len(self._warm.setdefault(key, [])) < self.warm_kernels:
                # A class opening its apps together asks for many kernels within seconds:
                # refilling then would start kernels nobody waits for, beside the pupils' own.
                while (rush := self._last_asked + self.refill_after - time.monotonic()) > 0:
                    await asyncio.sleep(rush)
                warm_id = await self._start_warm(*key)
                if warm_id is None:
                    return  # it failed (logged): a page then starts its own kernel
                self._warm[key].append(warm_id)
        finally:
            self._filling.discard(key)

    async def _start_warm(self, kernel_name: str, path: ApiPath) -> str | None:
        warm_id: str = await super().start_kernel(kernel_name=kernel_name, path=path)
        # Its client stays connected while it waits, so that the hand-out is one round trip.
        client: Any = self.get_kernel(warm_id).client()  # an AsyncKernelClient here
        client.start_channels()
        self._clients[warm_id] = client
        try:
            await client.wait_for_ready(timeout=self.warm_timeout)
            ready = await self._run(warm_id, self.warm_up)
        except Exception as error:  # a kernel that died or hung at start
            self.log.warning("Warm kernel %s did not start: %s", warm_id, error)
            ready = False
        if ready:
            return warm_id
        self.warm_failures += 1
        await self.shutdown_kernel(warm_id, now=True)
        return None

    async def _hand_out(self, kernel_id: str, env: dict[str, str] | None) -> bool:
        """Give the kernel the page's environment (Voila passes the request's details in it,
        and a kernel started for the page would have had them); False if it does not answer."""
        changed = {k: v for k, v in (env or {}).items() if os.environ.get(k) != v}
        code = f"import os as _os; _os.environ.update({json.dumps(changed)}); del _os"
        # Not idle since it waited: the culler counts from the hand-out.
        self.get_kernel(kernel_id).last_activity = utcnow()  # type: ignore[attr-defined]
        try:
            return await self._run(kernel_id, code)
        finally:  # from now on it is the page's kernel
            self._clients.pop(kernel_id).stop_channels()

    async def _run(self, kernel_id: str, code: str) -> bool:
        """Run ``code`` silently in the warm kernel; True if it ran without an error."""
        try:
            reply = await asyncio.wait_for(
                self._clients[kernel_id].execute_interactive(
                    code, silent=True, store_history=False
                ),
                self.warm_timeout,
            )
        except Exception as error:  # a kernel that died or hung is not handed out
            self.log.warning("Warm kernel %s failed to run %r: %s", kernel_id, code, error)
            return False
        ok: bool = reply["content"]["status"] == "ok"
        if not ok:
            self.log.warning("Warm kernel %s: %r gave %s", kernel_id, code, reply["content"])
        return ok

    async def cull_kernel_if_idle(self, kernel_id: str) -> None:
        if kernel_id in self._clients:
            return  # waiting for a page is not being idle
        await super().cull_kernel_if_idle(kernel_id)

    # jupyter_client types it as the blocking manager's method; here it is a coroutine.
    async def shutdown_kernel(  # type: ignore[override]
        self, kernel_id: str, now: bool = False, restart: bool = False
    ) -> None:
        """Also drops a warm kernel's client, the kernel from the ready list, and its page's
        run."""
        PAGES.drop(kernel_id)
        if kernel_id in self._clients:
            self._clients.pop(kernel_id).stop_channels()
        for ready in self._warm.values():
            if kernel_id in ready:
                ready.remove(kernel_id)
        await super().shutdown_kernel(kernel_id, now=now, restart=restart)


# Voila imports this module as it starts (voila.json names its classes): from then on.
cache_page_templates()
start_cells_with_the_request()
