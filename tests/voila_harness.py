"""Serve the notebooks with Voila and drive the apps in headless Chromium.

Shared by the browser tests (tests/browser/) and benchmarks/browser_latency.py, so it imports
nothing from pytest. Playwright is imported lazily: the unit tests must not need it.

The UI contract the apps follow: a game app is a widget box with class `sk-app`; its board
canvas sits inside `.sk-board`; the status line is `.sk-status` (plus `.sk-over` when the game
has ended); legal moves are `.sk-move` buttons, the chance node's roll button is `.sk-roll`,
seat selectors are `.sk-seat` dropdowns.
"""

from __future__ import annotations

import functools
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
import uuid
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from playwright.sync_api import (
        Browser,
        BrowserContext,
        JSHandle,
        Locator,
        Page,
        Playwright,
        WebSocket,
    )

REPO = Path(__file__).resolve().parents[1]
# Overridable so the harness itself can be exercised against stand-in notebooks.
NOTEBOOKS = Path(os.environ.get("SHEEPKIT_NOTEBOOKS", REPO / "notebooks"))
ARTIFACTS = Path(os.environ.get("SHEEPKIT_ARTIFACTS", REPO / "test-artifacts"))
CHROMIUM = Path(os.environ.get("SHEEPKIT_CHROMIUM", "/usr/bin/chromium"))
# The project's own Jupyter data folder: Voila's page template part that sheepkit replaces.
PROJECT_JUPYTER = REPO / "share" / "jupyter"
# As root Chromium needs --no-sandbox; the rest keep it off this machine's closed network.
CHROMIUM_ARGS = (
    "--no-sandbox",
    "--disable-gpu",
    "--disable-dev-shm-usage",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-quic",
)
# Headless Chromium 156 loads the address bar's two WebUI popups (chrome://omnibox-popup) in a
# renderer of their own beside every page: up to 2 s of CPU per visit, on the 2 cores that the
# server and the page share here, for a bar that headless never shows.
UNUSED_FEATURES = ("WebUIOmniboxPopup", "WebUIOmniboxAimPopup")
GAME_NOTEBOOKS = ("wolf_and_sheep", "shave_a_sheep")
CHROMIUM_MISSING = (
    f"{CHROMIUM} not found: the browser tests need Debian's chromium. "
    "Run `make chromium` (as root it runs apt-get install chromium), "
    "or set SHEEPKIT_SKIP_BROWSER=1 to skip the browser tests on purpose."
)

# Per-user Jupyter/IPython locations; pointed at a temp folder so a developer's own settings,
# kernels and extensions cannot leak into a test run.
ISOLATED_DIRS = {
    "JUPYTER_CONFIG_DIR": "jupyter-config",
    "JUPYTER_DATA_DIR": "jupyter-data",
    "JUPYTER_RUNTIME_DIR": "jupyter-runtime",
    "IPYTHONDIR": "ipython",
}
# Extra search folders a developer may have set: they would come ahead of ours.
LEAKY_VARS = ("JUPYTER_PATH", "JUPYTER_CONFIG_PATH")


def isolated_jupyter_env(base: Path, *, home: bool) -> dict[str, str]:
    """Environment variables for a Jupyter that sees nothing of the user's own setup."""
    env = {
        # platformdirs locations; also silences jupyter_core's deprecation warning about them.
        "JUPYTER_PLATFORM_DIRS": "1",
        # debugpy's "frozen modules" warning on every kernel start is noise in test logs.
        "PYDEVD_DISABLE_FILE_VALIDATION": "1",
        # Search the (temp) user folders before the venv's: inside a venv Jupyter would
        # otherwise prefer the venv's own data folder, and our kernelspec would not be the one.
        "JUPYTER_PREFER_ENV_PATH": "0",
    }
    dirs = dict(ISOLATED_DIRS, **({"HOME": "home"} if home else {}))
    for var, sub in dirs.items():
        path = base / sub
        path.mkdir(parents=True, exist_ok=True)
        env[var] = str(path)
    return env


def subprocess_env(base: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in LEAKY_VARS}
    env.update(isolated_jupyter_env(base, home=True))
    env["JUPYTER_PATH"] = str(PROJECT_JUPYTER)  # the project's template part, as `make app`
    env["CLASSES"] = str(base / "classes")  # a test server's classes never land in the repo
    return env


_KERNELSPEC_PROBE = """
import json
from jupyter_client.kernelspec import KernelSpecManager
spec = KernelSpecManager().get_kernel_spec("python3")
print(json.dumps({"argv": spec.argv, "dir": spec.resource_dir}))
"""


def install_kernelspec(env: dict[str, str]) -> list[str]:
    """Make the `python3` kernel of this isolated Jupyter run *this* interpreter.

    Voila starts the kernel the notebook names (python3). Installed into the temp
    JUPYTER_DATA_DIR, which Jupyter searches first here (JUPYTER_PREFER_ENV_PATH=0), the spec
    holds sys.executable itself, so no other python3 on the machine can win. Returns the
    kernel command, checked by asking jupyter_client which spec it resolves.
    """
    subprocess.run(
        [sys.executable, "-m", "ipykernel", "install", "--user", "--name", "python3"],
        env=env,
        check=True,
        capture_output=True,
    )
    probe = subprocess.run(
        [sys.executable, "-c", _KERNELSPEC_PROBE],
        env=env,
        check=True,
        capture_output=True,
        text=True,
    )
    found = json.loads(probe.stdout)
    argv: list[str] = found["argv"]
    if argv[0] != sys.executable:
        raise RuntimeError(
            f"kernel python3 resolves to {found['dir']} running {argv[0]}, not {sys.executable}"
        )
    return argv


def kernel_id_in(page_html: str) -> str:
    """The kernel id a rendered Voila page names in its config (its kernel, started for it)."""
    found = re.search(r'"kernelId": "([0-9a-f-]{36})"', page_html)
    if found is None:
        raise AssertionError("no kernel id in the rendered page")
    return found.group(1)


def kernels(server: VoilaServer) -> list[Any]:
    """The ipykernel processes a Voila server has started (psutil.Process objects): Voila
    serves no kernel list, so the process tree is what counts."""
    import psutil

    found = []
    for child in psutil.Process(server.process.pid).children(recursive=True):
        try:
            if "ipykernel" in " ".join(child.cmdline()):
                found.append(child)
        except psutil.NoSuchProcess:
            continue
    return found


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@dataclass(frozen=True)
class VoilaServer:
    url: str
    process: subprocess.Popen[bytes]
    log_path: Path
    startup_seconds: float
    kernel_argv: list[str]

    def log_tail(self, lines: int = 40) -> str:
        return tail(self.log_path, lines)


def tail(path: Path, lines: int = 40) -> str:
    try:
        return "\n".join(path.read_text(errors="replace").splitlines()[-lines:])
    except OSError:
        return ""


@contextmanager
def serve_voila(
    notebooks: Path = NOTEBOOKS,
    log_path: Path = ARTIFACTS / "voila.log",
    timeout: float = 120.0,
    extra_args: tuple[str, ...] = (),
    env_extra: dict[str, str] | None = None,
) -> Iterator[VoilaServer]:
    """Run `voila <notebooks>` on a free loopback port until the block ends.

    The server reads the project's voila.json (it runs in the repo root); `extra_args` are
    command-line settings, which take precedence over that file; `env_extra` adds to its
    environment (a TEACHER_KEY, a CLASSES folder that outlives the server).
    """
    base = Path(tempfile.mkdtemp(prefix="sheepkit-voila-"))
    env = subprocess_env(base)
    env.update(env_extra or {})
    kernel_argv = install_kernelspec(env)
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    log_path.parent.mkdir(parents=True, exist_ok=True)
    command = [
        sys.executable,
        "-m",
        "voila",
        str(notebooks),
        "--no-browser",
        f"--port={port}",
        "--Voila.ip=127.0.0.1",
        "--Voila.port_retries=0",  # the port we chose or nothing: never a silent other port
        "--show_tracebacks=True",  # a failing cell shows its traceback in the page and here
        *extra_args,
    ]
    started = time.monotonic()
    with log_path.open("wb") as log:
        process = subprocess.Popen(
            command,
            cwd=REPO,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # so teardown can signal Voila without touching pytest
        )
        try:
            _wait_until_answers(url, process, log_path, timeout)
            seconds = time.monotonic() - started
            yield VoilaServer(url, process, log_path, seconds, kernel_argv)
        finally:
            _stop(process)
            shutil.rmtree(base, ignore_errors=True)


def _wait_until_answers(
    url: str, process: subprocess.Popen[bytes], log_path: Path, timeout: float
) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(
                f"voila exited with code {process.returncode} before answering; "
                f"log {log_path}:\n{tail(log_path)}"
            )
        try:
            with urllib.request.urlopen(url + "/", timeout=2):
                return
        except urllib.error.HTTPError:
            return  # any HTTP answer means the server is up
        except (urllib.error.URLError, OSError):
            time.sleep(0.2)
    raise TimeoutError(f"voila did not answer on {url} within {timeout:.0f} s:\n{tail(log_path)}")


def _stop(process: subprocess.Popen[bytes]) -> None:
    # SIGTERM lets Voila shut its kernels down (they run in sessions of their own).
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            with suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGKILL)
            process.wait(timeout=10)


def launch_chromium(playwright: Playwright, *extra_args: str) -> Browser:
    """Headless Chromium; its contexts are private windows (no cache on disk)."""
    return playwright.chromium.launch(**launch_options(extra_args))


def launch_profile(playwright: Playwright, profile: Path, *extra_args: str) -> BrowserContext:
    """Headless Chromium with a browser profile in `profile`, as a pupil's browser has one: on
    a second visit it has the HTTP cache and also V8's cache of compiled scripts and
    WebAssembly, which a private context (launch_chromium's) never keeps."""
    return playwright.chromium.launch_persistent_context(
        profile, viewport={"width": 1280, "height": 1000}, **launch_options(extra_args)
    )


def launch_options(extra_args: tuple[str, ...] = ()) -> dict[str, Any]:
    """Chromium's launch options (Debian's Chromium, headless); also for Playwright's async
    API (benchmarks/tables_browser_load.py)."""
    if not CHROMIUM.exists():
        raise FileNotFoundError(CHROMIUM_MISSING)
    disabled = ",".join((*playwright_disabled_features(), *UNUSED_FEATURES))
    args = [*CHROMIUM_ARGS, f"--disable-features={disabled}", *extra_args]
    return {"executable_path": str(CHROMIUM), "args": args, "headless": True}


@functools.cache
def playwright_disabled_features() -> tuple[str, ...]:
    """The features Playwright itself disables in Chromium. Chromium obeys only the last
    --disable-features it is given, so a list of our own must repeat Playwright's; it is read
    from Playwright's driver (3.6 MB, so once per process), which has no API for it."""
    import playwright

    bundle = Path(playwright.__file__).parent / "driver" / "package" / "lib" / "coreBundle.js"
    found = re.search(r"disabledFeatures = \[(.*?)\n\s*\]", bundle.read_text(), re.DOTALL)
    if found is None:
        raise RuntimeError(f"Playwright's disabled Chromium features not found in {bundle}")
    without_comments = re.sub(r"//[^\n]*", "", found.group(1))
    return tuple(re.findall(r'"([A-Za-z0-9_]+)"', without_comments))


# Injected into every page: helpers the tests call through page.evaluate, so that pixel reads,
# hashing and timing happen inside the page rather than across the Python/browser bridge.
PAGE_HELPERS = r"""
window.__sk = (() => {
  const visible = (el) => !!el && el.offsetParent !== null;
  const canvases = (root) => Array.from(root.querySelectorAll('.sk-board canvas, canvas.sk-board'))
    .filter((c) => c.width > 0 && c.height > 0);
  // FNV-1a over every pixel (as uint32) of every board canvas, plus a painted-pixel count.
  const sample = (root) => {
    let hash = 0x811c9dc5, painted = 0, count = 0;
    const sizes = [];
    for (const c of canvases(root)) {
      let data;
      try { data = c.getContext('2d').getImageData(0, 0, c.width, c.height).data; }
      catch (e) { continue; }
      const px = new Uint32Array(data.buffer, data.byteOffset, data.length >> 2);
      for (let i = 0; i < px.length; i++) {
        const v = px[i];
        if (v >>> 24) painted++;
        hash = Math.imul(hash ^ v, 0x01000193);
      }
      sizes.push([c.width, c.height]);
      count++;
    }
    return { hash: (hash >>> 0).toString(16), painted, canvases: count, sizes };
  };
  const enabled = (el) => visible(el) && !el.disabled;
  const state = (root) => {
    const status = root.querySelector('.sk-status');
    return {
      board: sample(root).hash,
      status: status ? status.innerText.trim() : null,
      over: !!root.querySelector('.sk-status.sk-over'),
      moves: Array.from(root.querySelectorAll('.sk-move')).filter(enabled)
        .map((b) => b.innerText.trim()),
      roll: Array.from(root.querySelectorAll('.sk-roll')).some(enabled),
    };
  };
  const apps = () => Array.from(document.querySelectorAll('.sk-app'));
  let last = null;
  return {
    sample, state,
    reset: () => { last = null; },
    // Index of the first app with a painted board and something to click, or -1.
    playableApp: () => apps().findIndex((a) => sample(a).painted > 0
      && (a.querySelector('.sk-move') || a.querySelector('.sk-roll'))),
    paintedApp: () => apps().findIndex((a) => sample(a).painted > 0),
    voilaReady: () => {
      const loading = document.querySelector('#loading');
      return !visible(loading) && visible(document.querySelector('#rendered_cells'));
    },
    // True once the state differs from `before` and has stayed put for `quietMs`.
    settled: (root, before, quietMs) => {
      const now = performance.now();
      const s = JSON.stringify(state(root));
      if (s === JSON.stringify(before)) { last = null; return false; }
      if (!last || last.s !== s) { last = { s, t: now }; return false; }
      return now - last.t >= quietMs;
    },
    // Click, then poll every animation frame until the board pixels change; ms or null.
    clickAndTime: (root, selector, timeoutMs) => {
      const target = Array.from(root.querySelectorAll(selector)).find(enabled);
      if (!target) return Promise.resolve(-1);
      const before = sample(root).hash;
      const t0 = performance.now();
      target.click();
      return new Promise((resolve) => {
        const tick = () => {
          const dt = performance.now() - t0;
          if (sample(root).hash !== before) resolve(dt);
          else if (dt > timeoutMs) resolve(null);
          else requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      });
    },
  };
})();
"""

_ANSI = re.compile(r"\x1b\[[0-9;]*m")


def v1_frame(
    channel: str,
    msg_type: str,
    content: dict[str, Any],
    session: str,
    metadata: dict[str, Any] | None = None,
) -> bytes:
    """A client message in jupyter_server's v1 websocket framing."""
    header = {
        "msg_id": uuid.uuid4().hex,
        "msg_type": msg_type,
        "session": session,
        "username": "visitor",
        "date": "2026-01-01T00:00:00Z",
        "version": "5.3",
    }
    parts = [channel.encode()]
    parts += [json.dumps(p).encode() for p in (header, {}, metadata or {}, content)]
    offsets = [8 * (len(parts) + 2)]
    for part in parts:
        offsets.append(offsets[-1] + len(part))
    head = (len(offsets)).to_bytes(8, "little") + b"".join(o.to_bytes(8, "little") for o in offsets)
    return head + b"".join(parts)


def parse_kernel_frame(payload: bytes | str) -> tuple[str, dict[str, Any], dict[str, Any]] | None:
    """(channel, header, content) of a Jupyter kernel websocket frame, or None if unreadable.

    Binary frames use jupyter_server's v1 protocol: a count of offsets, the offsets, then
    channel, header, parent header, metadata, content and buffers back to back.
    """
    try:
        if isinstance(payload, str):
            msg = json.loads(payload)
            return msg.get("channel", ""), msg.get("header", {}), msg.get("content", {})
        count = int.from_bytes(payload[:8], "little")
        offsets = [
            int.from_bytes(payload[8 * i : 8 * i + 8], "little") for i in range(1, count + 1)
        ]
        channel = payload[offsets[0] : offsets[1]].decode()
        header = json.loads(payload[offsets[1] : offsets[2]])
        content = json.loads(payload[offsets[4] : offsets[5]])
    except (ValueError, IndexError, UnicodeDecodeError):
        return None
    return channel, header, content


# For the benchmarks: set by each page itself, when (performance.now(), ms after navigation
# start) a game board first had pixels and a button to press.
PAINT_WATCH = r"""
(() => {
  const tick = () => {
    if (window.__sk && window.__sk.playableApp() >= 0) { window.__skPainted = performance.now(); }
    else { setTimeout(tick, 50); }
  };
  setTimeout(tick, 50);
})();
"""


class AppPage:
    """One notebook open in Chromium, with everything that went wrong on it recorded."""

    def __init__(self, page: Page, name: str) -> None:
        self.page = page
        self.name = name
        self.page_errors: list[str] = []  # uncaught exceptions in the page: failures
        self.kernel_errors: list[str] = []  # Python exceptions in widget callbacks: failures
        self.console_errors: list[str] = []  # informational (offline CDN fonts land here)
        self.failed_requests: list[str] = []  # informational, same reason
        self.kernel_busy = False
        self.kernel_idles = 0
        page.on("pageerror", lambda error: self.page_errors.append(str(error)))
        page.on("console", self._on_console)
        page.on("requestfailed", lambda r: self.failed_requests.append(r.url))
        page.on("websocket", self._on_websocket)
        page.add_init_script(PAGE_HELPERS)
        self._app: Locator | None = None

    @classmethod
    def new(cls, browser: Browser, name: str) -> AppPage:
        """A fresh tab, listening for errors, before anything is loaded into it."""
        return cls(browser.new_page(viewport={"width": 1280, "height": 1000}), name)

    @classmethod
    def open(
        cls, browser: Browser, server: VoilaServer, name: str, timeout: float = 120.0
    ) -> AppPage:
        """Open notebooks/<name>.ipynb as a Voila app and wait until Voila has rendered it."""
        app = cls.new(browser, name)
        app.load(server, timeout)
        return app

    def load(self, server: VoilaServer, timeout: float = 120.0) -> None:
        # Voila executes the whole notebook before it answers: allow a cold start.
        url = f"{server.url}/voila/render/{self.name}.ipynb"
        response = self.page.goto(url, timeout=timeout * 1000)
        if response is None or response.status != 200:
            status = response.status if response else "no response"
            raise AssertionError(f"{self.name}.ipynb: Voila answered {status}")
        self.page.wait_for_function("() => window.__sk.voilaReady()", timeout=timeout * 1000)

    def _on_console(self, message: Any) -> None:
        if message.type == "error":
            self.console_errors.append(message.text)

    def _on_websocket(self, ws: WebSocket) -> None:
        if "/api/kernels/" in ws.url:
            ws.on("framereceived", self._on_kernel_frame)

    def _on_kernel_frame(self, payload: bytes | str) -> None:
        parsed = parse_kernel_frame(payload)
        if parsed is None or parsed[0] != "iopub":
            return
        _, header, content = parsed
        kind = header.get("msg_type")
        if kind == "status":
            self.kernel_busy = content.get("execution_state") == "busy"
            if content.get("execution_state") == "idle":
                self.kernel_idles += 1
        elif kind == "error":
            trace = _ANSI.sub("", "\n".join(content.get("traceback", [])))
            self.kernel_errors.append(f"{content.get('ename')}: {content.get('evalue')}\n{trace}")
        elif (
            kind == "stream"
            and content.get("name") == "stderr"
            and "Traceback" in content.get("text", "")
        ):
            self.kernel_errors.append(content["text"])

    # -- problems --------------------------------------------------------------------------

    def cell_errors(self) -> list[str]:
        """Tracebacks Voila rendered into the page (a cell raised while the notebook ran)."""
        texts: list[str] = self.page.eval_on_selector_all(
            '[data-mime-type="application/vnd.jupyter.stderr"]',
            "els => els.map(e => e.innerText)",
        )
        return [t for t in texts if "Traceback" in t or "Error" in t]

    def problems(self) -> list[str]:
        found = [f"page error: {e}" for e in self.page_errors]
        found += [f"kernel error: {e}" for e in self.kernel_errors]
        found += [f"cell error: {e}" for e in self.cell_errors()]
        return found

    def assert_healthy(self) -> None:
        self.page.wait_for_timeout(100)  # let Playwright deliver events still in flight
        problems = self.problems()
        assert not problems, f"{self.name}: " + "\n\n".join(problems)

    # -- the app ---------------------------------------------------------------------------

    @property
    def app(self) -> Locator:
        if self._app is None:
            raise RuntimeError("call wait_for_board() first")
        return self._app

    def wait_for(
        self, expression: str, arg: Any = None, timeout: float = 30.0, *, failing: str
    ) -> JSHandle:
        """page.wait_for_function in one-second slices, failing fast on any problem.

        A cell that raised, a page error or a kernel error means the awaited change will not
        come: report it now rather than after the whole timeout. `failing` completes the
        sentence "<notebook>: ..." in the error message.
        """
        from playwright.sync_api import TimeoutError as PlaywrightTimeout

        deadline = time.monotonic() + timeout
        while True:
            problems = self.problems()
            if problems:
                raise AssertionError(f"{self.name}: {failing}:\n" + "\n\n".join(problems))
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                raise AssertionError(
                    f"{self.name}: {failing} within {timeout:.0f} s (no page or kernel errors)"
                )
            try:
                return self.page.wait_for_function(
                    expression, arg=arg, timeout=min(1.0, remaining) * 1000, polling=50
                )
            except PlaywrightTimeout:
                continue

    def log_lines(self) -> int:
        """How many lines the app's game log has."""
        return int(self.app.evaluate("el => el.querySelectorAll('.sk-log li').length"))

    def wait_log(self, lines: int, timeout: float = 60.0, failing: str = "") -> None:
        """Wait until the app's game log has at least ``lines`` lines."""
        self.wait_for(
            "([el, n]) => el.querySelectorAll('.sk-log li').length >= n",
            [self.app.element_handle(), lines],
            timeout=timeout,
            failing=failing or f"the log never had {lines} lines",
        )

    def wait_text(self, selector: str, pattern: str, timeout: float = 60.0) -> str:
        """Wait until the app's first ``selector`` holds text matching the regular expression
        ``pattern``; that text."""
        self.wait_for(
            "([el, sel, pat]) => { const e = el.querySelector(sel);"
            " return !!e && new RegExp(pat).test(e.innerText || e.textContent); }",
            [self.app.element_handle(), selector, pattern],
            timeout=timeout,
            failing=f"{selector} never read /{pattern}/",
        )
        return str(self.app.locator(selector).first.inner_text())

    def wait_for_board(self, timeout: float = 60.0, playable: bool = True) -> Locator:
        """Wait until an app's board canvas has painted pixels; pick that app.

        With playable=True, the first app that also shows a move or roll button is chosen, so
        a lesson notebook's small demo boards above the real game do not get in the way.
        """
        which = "playableApp" if playable else "paintedApp"
        handle = self.wait_for(
            # An object, not the bare index: wait_for_function waits for a truthy value.
            f"() => {{ const i = window.__sk.{which}(); return i >= 0 && {{ index: i }}; }}",
            timeout=timeout,
            failing="no .sk-app showed a painted .sk-board canvas",
        )
        self._app = self.page.locator(".sk-app").nth(int(handle.json_value()["index"]))
        return self._app

    def board(self) -> dict[str, Any]:
        """{hash, painted, canvases, sizes} of the chosen app's board canvases."""
        result: dict[str, Any] = self.app.evaluate("el => window.__sk.sample(el)")
        return result

    def state(self) -> dict[str, Any]:
        """Board hash, status text, game-over flag, enabled move labels, roll available."""
        result: dict[str, Any] = self.app.evaluate("el => window.__sk.state(el)")
        return result

    def wait_kernel_idle(self, idles_before: int, timeout: float = 30.0) -> None:
        """Wait for the kernel to finish handling what a click sent (a busy→idle cycle)."""
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.kernel_idles > idles_before and not self.kernel_busy:
                return
            self.page.wait_for_timeout(20)  # also lets Playwright deliver websocket events

    def wait_changed(
        self, before: dict[str, Any], timeout: float = 30.0, quiet_ms: int = 100
    ) -> dict[str, Any]:
        """Wait until the app's state differs from `before` and has stopped changing."""
        self.page.evaluate("() => window.__sk.reset()")
        self.wait_for(
            "([el, before, quiet]) => window.__sk.settled(el, before, quiet)",
            [self.app.element_handle(), before, quiet_ms],
            timeout,
            failing=f"the app did not change from {before}",
        )
        return self.state()

    def wait_board_changed(self, before_hash: str, timeout: float = 30.0) -> dict[str, Any]:
        """Wait until the board pixels hash differently from `before_hash`."""
        self.wait_for(
            "([el, before]) => window.__sk.sample(el).hash !== before",
            [self.app.element_handle(), before_hash],
            timeout,
            failing="the board pixels did not change after the click",
        )
        return self.board()

    def wait_kernel_quiet(self, timeout: float = 30.0, settle_ms: int = 150) -> None:
        """Wait until the kernel is not busy, so that all it sent has arrived, and let the
        page's widget manager apply it. A dropdown the kernel has just made shows its first
        option until the kernel's own choice arrives: selecting that option then sends
        nothing, and the kernel's choice stays (with the sockets sending each message at
        once, the two can arrive apart)."""
        deadline = time.monotonic() + timeout
        while self.kernel_busy and time.monotonic() < deadline:
            self.page.wait_for_timeout(20)
        self.page.wait_for_timeout(settle_ms)

    def select(self, locator: Locator, label: str, timeout: float = 30.0) -> None:
        """Choose ``label`` in a widget's dropdown, once the kernel is quiet, and wait for the
        kernel to handle it."""
        self.wait_kernel_quiet(timeout)
        self._choose(locator, label, timeout)

    def _choose(self, locator: Locator, label: str, timeout: float) -> None:
        idles = self.kernel_idles
        locator.select_option(label=label, timeout=timeout * 1000)
        self.wait_kernel_idle(idles, timeout)

    def seat_humans(self, timeout: float = 30.0) -> int:
        """Set every `.sk-seat` dropdown to its "Human" option, so that clicks decide every
        move and no bot timing is involved. Returns how many seats were changed."""
        changed = 0
        self.wait_kernel_quiet(timeout)
        for seat in self.app.locator(".sk-seat select").all():
            labels: list[str] = seat.evaluate("s => Array.from(s.options, o => o.text)")
            current: str = seat.evaluate("s => s.options[s.selectedIndex]?.text ?? ''")
            human = next((label for label in labels if "human" in label.lower()), None)
            if human is None or human == current:
                continue
            self._choose(seat, human, timeout)
            changed += 1
        if changed:
            self.page.wait_for_timeout(200)  # let the re-rendered controls land
        return changed

    def click(self, selector: str, timeout: float = 30.0) -> dict[str, Any]:
        """Click the first enabled, visible `selector` in the app; return the settled state."""
        before = self.state()
        idles = self.kernel_idles
        self.app.locator(f"{selector}:visible:enabled").first.click(timeout=timeout * 1000)
        self.wait_kernel_idle(idles, timeout)
        return self.wait_changed(before, timeout)

    def play_to_end(self, max_steps: int = 600, step_timeout: float = 30.0) -> int:
        """Roll when a roll is due, else take the first legal move, until `.sk-over`.

        Returns the number of clicks. Fails on any page or kernel error along the way. When
        neither a roll nor a move is offered (a bot's turn), waits for the app to change.
        """
        state = self.state()
        for step in range(max_steps):
            if state["over"]:
                return step
            if state["roll"]:
                state = self.click(".sk-roll", step_timeout)
            elif state["moves"]:
                state = self.click(".sk-move", step_timeout)
            else:  # a bot (or an animation) is on the move: wait for it
                state = self.wait_changed(state, step_timeout)
        raise AssertionError(f"{self.name}: game not over after {max_steps} clicks; {state}")

    def screenshot(self, name: str | None = None) -> Path:
        path = ARTIFACTS / f"{name or self.name}.png"
        path.parent.mkdir(parents=True, exist_ok=True)
        self.page.screenshot(path=str(path), full_page=True)
        return path

    def close(self) -> None:
        # Leaving the page, as a pupil does, fires its beforeunload: Voila's page then sends the
        # server a beacon asking it to shut its kernel down. Closing the tab outright (even
        # with run_before_unload) closes its browser context too, and the beacon is lost.
        with suppress(Exception):
            self.page.goto("about:blank", timeout=10_000)
        with suppress(Exception):
            self.page.close(run_before_unload=True)
