"""The Voila server as a classroom meets it: kernels freed, code refused, sources kept back.

Pages are served by the session's Voila (the project's voila.json as it is); the culling test
runs a Voila of its own with a short culling time given on the command line (voila.json's
values are for a lesson: see docs/serving.md, "Serving a classroom"). A kernel must be connected to
within the culling time, so that short time is kept away from tests that open many pages at
once. Kernels are counted as the server's ipykernel child processes: Voila serves no kernel
list. No timing asserts: every wait has a bound, and a wait that runs out is a failure.
"""

from __future__ import annotations

import json
import re
import time
import urllib.error
import urllib.request
import uuid
from collections.abc import Callable, Iterator
from contextlib import suppress
from pathlib import Path
from typing import TYPE_CHECKING, Any

import nbformat
import pytest
import websocket
from voila_harness import (
    ARTIFACTS,
    NOTEBOOKS,
    AppPage,
    VoilaServer,
    kernel_id_in,
    kernels,
    parse_kernel_frame,
    serve_voila,
    v1_frame,
)

if TYPE_CHECKING:
    from playwright.sync_api import Browser

pytestmark = pytest.mark.browser

CULL_AFTER = 8  # seconds without activity before a kernel nobody is connected to is culled
V1 = "v1.kernel.websocket.jupyter.org"
GAME = "wolf_and_sheep"
WELCOME = "00_welcome"
REPO = Path(__file__).resolve().parents[2]
# Kernels the server keeps started for the next pages (sheepkit.serving.WarmKernelManager).
WARM_KERNELS = json.loads((REPO / "voila.json").read_text())["WarmKernelManager"]["warm_kernels"]


@pytest.fixture(scope="module")
def culling() -> Iterator[VoilaServer]:
    with serve_voila(
        log_path=ARTIFACTS / "voila-culling.log",
        extra_args=(
            f"--MappingKernelManager.cull_idle_timeout={CULL_AFTER}",
            "--MappingKernelManager.cull_interval=2",
        ),
    ) as voila:
        yield voila


@pytest.fixture
def server(voila: VoilaServer) -> VoilaServer:
    return voila


@pytest.fixture
def pages(chromium: Browser, server: VoilaServer) -> Iterator[Callable[[str], AppPage]]:
    opened: list[AppPage] = []

    def _open(name: str) -> AppPage:
        page = AppPage.new(chromium, name)
        opened.append(page)
        page.load(server)
        return page

    yield _open
    for page in opened:
        page.close()


def kernel_ids(server: VoilaServer) -> set[str]:
    """The ids of the server's kernels, read from their connection files' names."""
    found = set()
    for kernel in kernels(server):
        with suppress(Exception):
            for arg in kernel.cmdline():
                if match := re.search(r"kernel-([0-9a-f-]{36})\.json$", arg):
                    found.add(match.group(1))
    return found


def wait_for_kernels(
    server: VoilaServer, done: Callable[[set[str]], bool], what: str, timeout: float = 60.0
) -> set[str]:
    """Wait until the server's kernel ids satisfy `done`; returns them."""
    deadline = time.monotonic() + timeout
    while not done(ids := kernel_ids(server)):
        if time.monotonic() > deadline:
            raise AssertionError(
                f"{what} not seen within {timeout:.0f} s ({len(ids)} kernels):\n"
                + server.log_tail()
            )
        time.sleep(0.5)
    return ids


def kernel_id_of(page: AppPage) -> str:
    kernel: str = page.page.evaluate(
        "() => JSON.parse(document.getElementById('jupyter-config-data').textContent).kernelId"
    )
    return kernel


def fetch(server: VoilaServer, path: str) -> tuple[int, bytes]:
    try:
        with urllib.request.urlopen(server.url + path, timeout=60) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as e:
        return e.code, e.read()


# -- kernels are freed --------------------------------------------------------------------


def test_closed_pages_shut_their_kernels_down(chromium: Browser, server: VoilaServer) -> None:
    # Other tests' kernels may come and go meanwhile, and warm kernels are started for the
    # next pages: follow the ten kernels these pages were given.
    count_before = len(kernel_ids(server))
    apps = [AppPage.new(chromium, WELCOME) for _ in range(10)]
    try:
        for app in apps:  # ten pages asked for at once
            app.page.goto(f"{server.url}/voila/render/{WELCOME}.ipynb", wait_until="commit")
        for app in apps:  # rendered: the page's widget manager, which sends the beacon, is up
            app.page.wait_for_function("() => window.__sk.voilaReady()", timeout=120_000)
        ours = {kernel_id_of(app) for app in apps}
        assert len(ours) == 10 and ours <= kernel_ids(server), ours - kernel_ids(server)
    finally:
        for app in apps:
            app.close()  # leaves the page: it asks Voila to shut its kernel down
    # The session's Voila culls only after voila.json's 15 minutes: these kernels can only
    # have gone because each page's shutdown request was accepted.
    wait_for_kernels(server, lambda ids: not ids & ours, "the ten kernels shut down")
    # ...and the count falls back to where it was (the warm kernels refilled, no more).
    wait_for_kernels(
        server, lambda ids: len(ids) <= max(count_before, WARM_KERNELS), "the count back"
    )
    log = server.log_path.read_text(errors="replace")
    assert "'_xsrf' argument missing" not in log
    assert "403 POST /voila/api/shutdown" not in log


def test_eight_pages_opened_at_once_all_show_their_game(
    chromium: Browser, server: VoilaServer
) -> None:
    # A class opening its lesson together: with Voila's default 4 s wait for a cell's output,
    # the game app's cell was silently dropped from most pages (VoilaExecutor.iopub_timeout).
    apps = [AppPage.new(chromium, GAME) for _ in range(8)]
    try:
        for app in apps:
            app.page.goto(f"{server.url}/voila/render/{GAME}.ipynb", wait_until="commit")
        for app in apps:
            app.wait_for_board(timeout=180)
            assert app.state()["moves"] or app.state()["roll"], app.state()
            app.assert_healthy()
    finally:
        for app in apps:
            app.close()


def test_kernels_nobody_uses_are_culled(chromium: Browser, culling: VoilaServer) -> None:
    server = culling
    # A bare GET of a render URL starts a kernel that no page will ever connect to...
    status, html = fetch(server, f"/voila/render/{GAME}.ipynb")
    assert status == 200
    # ...and a page that goes away without saying so (a crashed tab) leaves one behind.
    crashed = AppPage.new(chromium, GAME)
    crashed.load(server)
    crashed.wait_for_board()
    ours = {kernel_id_in(html.decode()), kernel_id_of(crashed)}
    assert ours <= kernel_ids(server)
    crashed.page.close(run_before_unload=False)
    wait_for_kernels(server, lambda ids: not ids & ours, "both culled", timeout=CULL_AFTER + 60)
    assert "Culling 'idle' kernel" in server.log_path.read_text(errors="replace")


# -- a visitor cannot run code ------------------------------------------------------------


def kernel_socket(server: VoilaServer, kernel: str, protocols: list[str] | None) -> Any:
    url = server.url.replace("http", "ws", 1) + f"/api/kernels/{kernel}/channels"
    return websocket.create_connection(
        f"{url}?session_id={uuid.uuid4().hex}", timeout=30, subprotocols=protocols
    )


def replies_until_kernel_info(sock: Any) -> list[str]:
    """Message types received on shell and control up to the kernel_info_reply."""
    seen: list[str] = []
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        parsed = parse_kernel_frame(sock.recv())
        if parsed is None or parsed[0] == "iopub":
            continue
        seen.append(parsed[1]["msg_type"])
        if seen[-1] == "kernel_info_reply":
            return seen
    raise AssertionError(f"no kernel_info_reply within 30 s; saw {seen}")


REQUESTS = [
    ("shell", "execute_request", {"code": "open({marker!r}, 'w').write('ran')", "silent": False}),
    ("shell", "inspect_request", {"code": "open", "cursor_pos": 4, "detail_level": 1}),
    ("shell", "complete_request", {"code": "op", "cursor_pos": 2}),
    ("shell", "history_request", {"hist_access_type": "tail", "n": 10, "output": True}),
    ("control", "debug_request", {"type": "request", "seq": 1, "command": "initialize"}),
]


@pytest.mark.parametrize(("channel", "msg_type", "content"), REQUESTS, ids=[r[1] for r in REQUESTS])
def test_the_kernel_refuses_code_requests(
    pages: Callable[[str], AppPage],
    server: VoilaServer,
    tmp_path: Path,
    channel: str,
    msg_type: str,
    content: dict[str, Any],
) -> None:
    app = pages(GAME)
    app.wait_for_board()
    marker = tmp_path / "executed"
    content = {
        k: v.format(marker=str(marker)) if isinstance(v, str) else v for k, v in content.items()
    }
    session = uuid.uuid4().hex
    sock = kernel_socket(server, kernel_id_of(app), [V1])
    try:
        assert sock.subprotocol == V1
        sock.send_binary(v1_frame(channel, msg_type, content, session))
        # Shell messages are handled in order: had the request got through, its reply would
        # come before this one.
        sock.send_binary(v1_frame("shell", "kernel_info_request", {}, session))
        assert replies_until_kernel_info(sock) == ["kernel_info_reply"]
    finally:
        sock.close()
    assert not marker.exists()
    assert f'Received message of type "{msg_type}", which is not allowed' in server.log_tail(200)


def test_the_legacy_protocol_is_refused_and_others_play_on(
    pages: Callable[[str], AppPage], server: VoilaServer
) -> None:
    # A client offering no subprotocol (the legacy JSON protocol), or only others, is turned
    # away before the upgrade. Over the legacy protocol, ipycanvas's binary messages sent the
    # server into a loop that froze every page; so the page's own board keeps answering.
    app = pages(GAME)
    app.wait_for_board()
    kernel = kernel_id_of(app)
    for offered in (None, ["kernel.websocket.jupyter.org"]):
        with pytest.raises(websocket.WebSocketBadStatusException) as refused:
            kernel_socket(server, kernel, offered).close()
        assert refused.value.status_code == 400
    app.seat_humans()
    before = app.board()["hash"]
    app.click(".sk-move")
    assert app.board()["hash"] != before
    assert fetch(server, "/voila/static/voila.js")[0] == 200
    app.assert_healthy()


# -- sources stay on the server -----------------------------------------------------------


def test_notebook_sources_are_not_served(server: VoilaServer) -> None:
    source = (NOTEBOOKS / f"{GAME}.ipynb").read_text()
    code = json.loads(source)["cells"][1]["source"]
    first_line = (code if isinstance(code, str) else "".join(code)).splitlines()[-1]
    for path in (
        f"/voila/files/{GAME}.ipynb",
        f"/{GAME}.ipynb",
        f"/voila/tree/{GAME}.ipynb",
        f"/files/{GAME}.ipynb",
        f"/api/contents/{GAME}.ipynb",
        f"/voila/api/contents/{GAME}.ipynb?content=1",
        f"/voila/files/..%2F{GAME}.ipynb",
        "/voila/files/../pyproject.toml",
    ):
        status, body = fetch(server, path)
        assert b'"cells"' not in body and first_line.encode() not in body, (path, status)
        if status == 200:  # the contents API names the file but gives no content
            assert json.loads(body)["content"] is None, path
    status, page = fetch(server, f"/voila/render/{GAME}.ipynb")
    assert status == 200 and first_line.encode() not in page


# -- lessons compute on request ---------------------------------------------------------


def test_a_lesson_analysis_runs_when_its_button_is_pressed(
    pages: Callable[[str], AppPage],
) -> None:
    # Opening the page ran no analysis: its cell shows a button, and pressing it prints the
    # same figures the notebook prints when run (the cell nbval checks).
    app = pages("shave_a_sheep")
    app.wait_for_board()
    button = app.page.locator(".sk-run-request", has_text="Play 300 games of the base game")
    button.wait_for(state="visible", timeout=60_000)
    assert "mean length" not in app.page.inner_text("body")
    assert "four games in five" not in app.page.inner_text("body")  # the explanation waits
    # Predict, then see (sheepkit.ui.predict): the pupil's guess first, then the run.
    # The question, the guess, the button and the result (found by the question: the button's
    # label changes once pressed).
    prediction = app.page.locator(".sk-predict", has_text="the Optimal bot beat a random player")
    prediction.locator(".sk-predict-guess input").fill("60")
    button.click()
    app.wait_for(
        "() => Array.from(document.querySelectorAll('.sk-request-output'))"
        ".some((o) => o.innerText.includes('Optimal wins'))",
        timeout=60,
        failing="the analysis printed nothing after its button was pressed",
    )
    assert button.is_hidden()
    result = prediction.locator(".sk-predict-result").inner_text()
    assert result.startswith("You guessed 60%. The run says 78.8%")
    app.wait_for(
        "() => document.body.innerText.includes('four games in five')",
        timeout=60,
        failing="the explanation never appeared after the run",
    )
    assert app.page.locator(".sk-copy-line input[readonly]").count() == 1
    app.assert_healthy()


# -- a page's cells run from its request ----------------------------------------------------


def test_a_page_s_cells_run_before_its_scripts_ask(tmp_path: Path) -> None:
    # Voila would run them only once the page's scripts ask over the execution websocket;
    # this page is asked for and nothing else: its first cell still runs (sheepkit.page_runs).
    folder, marker = tmp_path / "notebooks", tmp_path / "ran"
    folder.mkdir()
    cells = [
        nbformat.v4.new_code_cell(f"open({str(marker)!r}, 'w').write('ran')"),
        nbformat.v4.new_markdown_cell("Between the cells"),
        nbformat.v4.new_code_cell("print('second')"),
    ]
    notebook = nbformat.v4.new_notebook(cells=cells)
    notebook.metadata.kernelspec = {
        "name": "python3",
        "display_name": "Python 3",
        "language": "python",
    }
    nbformat.write(notebook, folder / "early.ipynb")
    with serve_voila(notebooks=folder, log_path=ARTIFACTS / "voila-page-runs.log") as server:
        # As it started, the server rendered a page without a kernel (sheepkit.serving).
        deadline = time.monotonic() + 60
        while "Rehearsed a page (early.ipynb)" not in server.log_tail(200):
            assert time.monotonic() < deadline, "no page rehearsed\n" + server.log_tail()
            time.sleep(0.2)
        status, page = fetch(server, "/voila/render/early.ipynb")
        assert status == 200
        deadline = time.monotonic() + 60
        while not marker.exists():
            assert time.monotonic() < deadline, (
                "the page's first cell never ran\n" + server.log_tail()
            )
            time.sleep(0.2)
        # The page's execution websocket then gets every cell's result, as Voila's would.
        kernel = kernel_id_in(page.decode())
        execution = websocket.create_connection(
            server.url.replace("http", "ws", 1) + f"/voila/execution/{kernel}", timeout=60
        )
        try:
            assert json.loads(execution.recv())["action"] == "initialized"
            execution.send(json.dumps({"action": "execute", "payload": {"kernel_id": kernel}}))
            results = [json.loads(execution.recv())["payload"] for _ in cells]
        finally:
            execution.close()
    assert [(r["cell_index"], r["total_cell"]) for r in results] == [(0, 3), (1, 3), (2, 3)]
    assert results[2]["output_cell"]["outputs"][0]["text"] == "second\n"


# Every 20 ms from the page's first script: was the loading screen there, and did anything on
# it animate (a running CSS animation of the spinner or of a cell's placeholder)?
LOADING_WATCH = r"""
window.__skLoading = { seen: 0, animated: [] };
const watch = setInterval(() => {
  const screen = document.querySelectorAll('#loading, .voila-skeleton-post');
  if (screen.length) window.__skLoading.seen++;
  for (const a of document.getAnimations()) {
    const el = a.effect && a.effect.target;
    if (el && el.closest && el.closest('#loading, .voila-skeleton-post')) {
      window.__skLoading.animated.push(a.animationName || 'animation');
    }
  }
  if (window.__sk && window.__sk.playableApp() >= 0) clearInterval(watch);
}, 20);
"""


# The widget front-ends' scripts a page loads (resource timing: name, bytes over the wire).
WIDGET_SCRIPTS = """() => performance.getEntriesByType('resource')
  .filter((r) => r.name.includes('/voila/labextensions/'))
  .map((r) => [new URL(r.name).pathname, r.transferSize])"""
HASHED_NAME = re.compile(r"[./][0-9a-f]{16,}\.js$")


def test_widget_scripts_are_kept_by_the_browser(chromium: Browser, server: VoilaServer) -> None:
    """The widgets' front-end scripts have their content's hash in their names, so voila.json
    lets the browser keep them for good (static_immutable_cache): a second page loads them
    from its cache without asking the server again, as Voila's default did for each one."""
    context = chromium.new_context(viewport={"width": 1280, "height": 1000})
    try:
        loaded = []
        for visit in range(2):
            app = AppPage(context.new_page(), GAME)
            headers: dict[str, str] = {}
            app.page.on(
                "response",
                lambda r, headers=headers: headers.setdefault(
                    r.url.split("?")[0], r.headers.get("cache-control", "")
                ),
            )
            app.load(server)
            app.wait_for_board()
            loaded.append(app.page.evaluate(WIDGET_SCRIPTS))
            app.assert_healthy()
            app.close()
            widget_headers = {u: h for u, h in headers.items() if "/voila/labextensions/" in u}
            assert widget_headers or visit == 1, "the first page loaded no widget script"
            assert all("immutable" in h for h in widget_headers.values()), widget_headers
        first, second = loaded
        assert len(first) >= 10, first  # the widget manager's and ipycanvas's scripts
        unhashed = [path for path, _ in first if not HASHED_NAME.search(path)]
        assert not unhashed, f"scripts without a content hash must not be kept: {unhashed}"
        assert {path for path, _ in second} == {path for path, _ in first}
        fetched_again = [path for path, size in second if size > 0]
        assert not fetched_again, f"asked the server again: {fetched_again}"
    finally:
        context.close()


def test_the_loading_screen_stands_still(chromium: Browser, server: VoilaServer) -> None:
    """Voila's spinner and its cells' shining placeholders repaint the page every frame while
    it waits (share/jupyter's spinner.macro.html.j2 takes them out): none may run."""
    app = AppPage.new(chromium, GAME)
    try:
        app.page.add_init_script(LOADING_WATCH)
        app.load(server)
        app.wait_for_board()
        loading = app.page.evaluate("() => window.__skLoading")
        assert loading["seen"] > 0, "the loading screen was never seen: the test saw nothing"
        assert loading["animated"] == [], f"the loading screen animated: {loading['animated'][:5]}"
        app.assert_healthy()
    finally:
        app.close()


# -- odd addresses -------------------------------------------------------------------------


def test_odd_addresses_answer_400_or_404_in_words_without_a_traceback(
    server: VoilaServer,
) -> None:
    """Each was a 500 with a traceback in the server's log (issue 39)."""
    logged = server.log_path.stat().st_size
    answers = {}
    for path in (
        "/voila/docs/%00",
        "/voila/docs/glossary.md%00.html",
        "/voila/docs/" + "x" * 5000,
        "/voila/render/%00",
        f"/voila/render/{GAME}.ipynb%00",
        f"/voila/render/{GAME}.ipynb%0d%0aX-Injected:%201",
        "/voila/render/" + "x" * 5000 + ".ipynb",
        "/voila/tree/%01",
        "/sheepkit/tables/%00",
    ):
        status, body = fetch(server, path)
        answers[path[:60]] = status
        assert status in (400, 404) and body.strip(), (path[:60], status, body[:200])
    assert fetch(server, "/voila/docs/glossary.md")[0] == 200  # the pages themselves still
    marker = f"/voila/docs/{uuid.uuid4().hex}.md"  # a 404 logged after every probe above
    assert fetch(server, marker)[0] == 404
    written = ""
    for _ in range(600):  # (the log is another process's: its lines reach the file soon)
        with server.log_path.open("rb") as log:
            log.seek(logged)
            written = log.read().decode(errors="replace")
        if f"404 GET {marker}" in written:
            break
        time.sleep(0.05)
    assert f"404 GET {marker}" in written, written[-3000:]
    assert "Traceback" not in written and " 500 " not in written, written[-3000:]
