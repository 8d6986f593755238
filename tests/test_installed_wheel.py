"""The installed wheel as a teacher gets it (issue 38): built from the working tree, installed
with its [app] extra into a fresh virtual environment outside the repository, and run from a
folder of its own. `sheepkit serve` then plays one move of Wolf and Sheep in headless Chromium,
`sheepkit lab` opens JupyterLab on a copy of the lessons (a pupil's edit kept), and
`sheepkit check` reports a busy port in words. Nothing here imports the repository's sheepkit;
.github/workflows/smoke.yml runs this file on Windows, macOS and Linux.

Where the [app] extra comes from: the package index, as for a teacher. Where the Python that
runs this test has Voila (`make test`'s .venv), every package's version installed there is a
constraint: the fresh venv gets the versions the rest of the suite has just tested, from pip's
cache, so the install takes about a minute rather than several and a release that appeared
since cannot fail this test alone. The workflow's runner has none of them, so there the install
gets today's releases, as a teacher would. Reusing the suite's packages
(``--system-site-packages``) would test less: a requirement missing from the wheel would go
unseen. SHEEPKIT_WHEELHOUSE=<folder of wheels> installs from that folder alone, for a machine
without the index.
"""

from __future__ import annotations

import importlib.metadata
import json
import os
import re
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest
from voila_harness import (
    CHROMIUM,
    CHROMIUM_ARGS,
    CHROMIUM_MISSING,
    AppPage,
    VoilaServer,
    free_port,
    tail,
)

pytestmark = [pytest.mark.slow, pytest.mark.browser]

REPO = Path(__file__).resolve().parents[1]
WINDOWS = os.name == "nt"
# What a copy of the working tree for the build leaves out: other builds, venvs, caches.
NOT_SOURCE = shutil.ignore_patterns(
    ".git", ".venv*", "_site*", "node_modules", "test-artifacts", "build", "dist",
    "*.egg-info", "__pycache__", ".pytest_cache", ".ruff_cache", ".mypy_cache", ".hypothesis",
)  # fmt: skip
# Set by the venv or the developer; the installed sheepkit must find everything itself.
DROPPED = ("PYTHONPATH", "PYTHONHOME", "VIRTUAL_ENV", "JUPYTER_PATH", "JUPYTER_CONFIG_PATH")
NOT_CONSTRAINED = {"pip", "setuptools", "wheel", "sheepkit"}


@dataclass(frozen=True)
class Installed:
    root: Path  # the temp folder: venv/, the wheel, logs, a working folder
    python: Path
    sheepkit: Path  # the console script
    env: dict[str, str]  # a user's environment with a Jupyter of its own
    wheel: Path


def timed(what: str, started: float) -> None:
    print(f"{what}: {time.monotonic() - started:.1f} s")


def run(command: list[str | Path], **kwargs: object) -> subprocess.CompletedProcess[str]:
    result = subprocess.run(
        [str(part) for part in command], capture_output=True, text=True, **kwargs
    )  # type: ignore[call-overload]
    assert result.returncode == 0, f"{command} failed:\n{result.stdout}\n{result.stderr}"
    return result  # type: ignore[no-any-return]


def constraints() -> str:
    """The versions installed in this Python, as pip constraints, where it has the [app]
    extra's Voila; else none (see the module's doc)."""
    try:
        importlib.metadata.version("voila")
    except importlib.metadata.PackageNotFoundError:
        return ""
    lines = set()
    for dist in importlib.metadata.distributions():
        name, version = dist.metadata["Name"], dist.version
        if name and name.lower() not in NOT_CONSTRAINED and "+" not in version:
            lines.add(f"{name}=={version}")
    return "\n".join(sorted(lines)) + "\n"


@pytest.fixture(scope="module")
def installed(tmp_path_factory: pytest.TempPathFactory) -> Installed:
    if os.environ.get("SHEEPKIT_SKIP_BROWSER") == "1":
        pytest.skip("SHEEPKIT_SKIP_BROWSER=1")
    if not CHROMIUM.exists():
        pytest.fail(CHROMIUM_MISSING, pytrace=False)
    root = tmp_path_factory.mktemp("installed-wheel")
    assert not root.resolve().is_relative_to(REPO), "the venv must be outside the repository"
    clean = {k: v for k, v in os.environ.items() if k not in DROPPED}

    started = time.monotonic()
    source = root / "source"  # a copy: no build/ or egg-info of the working tree is reused
    shutil.copytree(REPO, source, ignore=NOT_SOURCE)
    run([sys.executable, "-m", "pip", "wheel", "--no-deps", "--disable-pip-version-check",
         "-q", "-w", root / "wheels", source], env=clean)  # fmt: skip
    (wheel,) = (root / "wheels").glob("sheepkit-*.whl")
    shutil.rmtree(source)
    timed("wheel built", started)

    started = time.monotonic()
    venv = root / "venv"
    run([sys.executable, "-m", "venv", venv], env=clean)
    scripts = venv / ("Scripts" if WINDOWS else "bin")
    python = scripts / ("python.exe" if WINDOWS else "python")
    (root / "constraints.txt").write_text(constraints())
    wheelhouse = os.environ.get("SHEEPKIT_WHEELHOUSE")
    where = ["--no-index", "--find-links", wheelhouse] if wheelhouse else []
    run([python, "-m", "pip", "install", "--disable-pip-version-check", "-q", *where,
         "-c", root / "constraints.txt", f"{wheel}[app]"], env=clean)  # fmt: skip
    timed("fresh venv with sheepkit[app]", started)

    home = root / "home"
    env = {**clean, "PATH": os.pathsep.join([str(scripts), clean.get("PATH", "")])}
    env["SHEEPKIT_CACHE"] = str(root / "cache")
    for var, folder in {
        "HOME": "home", "USERPROFILE": "home", "JUPYTER_CONFIG_DIR": "jupyter-config",
        "JUPYTER_DATA_DIR": "jupyter-data", "JUPYTER_RUNTIME_DIR": "jupyter-runtime",
        "IPYTHONDIR": "ipython",
    }.items():  # fmt: skip
        (root / folder).mkdir(exist_ok=True)
        env[var] = str(root / folder)
    env["JUPYTER_PLATFORM_DIRS"] = "1"
    assert home.is_dir()
    (root / "work").mkdir()
    console = scripts / ("sheepkit.exe" if WINDOWS else "sheepkit")
    return Installed(root, python, console, env, wheel)


@pytest.fixture
def work(installed: Installed) -> Path:
    return installed.root / "work"


def start(installed: Installed, args: list[str], log: Path) -> subprocess.Popen[bytes]:
    """The installed `sheepkit <args>` from the working folder, its output in ``log``."""
    flags = {"creationflags": subprocess.CREATE_NEW_PROCESS_GROUP} if WINDOWS else {}
    with log.open("wb") as out:
        return subprocess.Popen(
            [str(installed.sheepkit), *args],
            cwd=installed.root / "work",
            env=installed.env,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=not WINDOWS,
            **flags,  # type: ignore[arg-type]
        )


def stop(process: subprocess.Popen[bytes]) -> None:
    """As Ctrl-C would: Voila and JupyterLab shut their kernels down."""
    if process.poll() is None:
        process.send_signal(signal.CTRL_BREAK_EVENT if WINDOWS else signal.SIGTERM)
        try:
            process.wait(timeout=30)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(timeout=10)


def wait_for(address: str, process: subprocess.Popen[bytes], log: Path, timeout: float) -> bytes:
    """The body of the first 200 from ``address``; fails at once if the server exits."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise AssertionError(f"sheepkit exited ({process.returncode}):\n{tail(log)}")
        try:
            with urllib.request.urlopen(address, timeout=5) as answer:
                return bytes(answer.read())
        except (urllib.error.URLError, OSError):
            time.sleep(0.3)
    raise AssertionError(f"nothing answered {address} in {timeout:.0f} s:\n{tail(log)}")


@pytest.fixture
def served(installed: Installed, work: Path) -> Iterator[tuple[str, subprocess.Popen[bytes]]]:
    port = free_port()
    log = installed.root / "serve.log"
    started = time.monotonic()
    process = start(installed, ["serve", "--port", str(port), "--no-browser", "--warm", "0"], log)
    try:
        address = f"http://127.0.0.1:{port}"
        wait_for(f"{address}/voila/docs/", process, log, timeout=120)
        timed("sheepkit serve answering", started)
        yield address, process
    finally:
        stop(process)
        print(tail(log, 15))


def test_the_wheel_holds_the_lessons_and_the_command(installed: Installed) -> None:
    code = (
        "import json, sheepkit, sheepkit.lessons as l\n"
        "print(json.dumps([sheepkit.__file__, str(l.root()), l.installed(),"
        " [str(p) for p in l.lesson_files(l.root())]]))\n"
    )
    found = run([installed.python, "-c", code], cwd=installed.root / "work", env=installed.env)
    package, root, packaged, files = json.loads(found.stdout)
    venv = installed.python.parents[1].resolve()
    assert Path(package).resolve().is_relative_to(venv), package
    assert Path(root).resolve().is_relative_to(venv), root
    assert packaged is True
    names = {Path(name).as_posix() for name in files}
    for name in ("notebooks/wolf_and_sheep.ipynb", "docs/glossary.md", "docs/guides/rule_lab.md",
                 "docs/cards/lamb_mimes.html", "seeds/sheep_race.md", "voila.json",
                 "share/jupyter/voila/templates/base/spinner.macro.html.j2"):  # fmt: skip
        assert name in names, name
    assert "notebooks/conftest.py" not in names
    shown = run([installed.sheepkit, "--version"], env=installed.env)
    assert shown.stdout.strip() == "sheepkit 0.1.0"
    as_module = run([installed.python, "-m", "sheepkit", "--help"], env=installed.env)
    assert "classroom" in as_module.stdout


def test_serve_plays_a_move_of_wolf_and_sheep_and_check_sees_it(
    installed: Installed, served: tuple[str, subprocess.Popen[bytes]]
) -> None:
    address, process = served
    port = int(address.rsplit(":", 1)[1])
    log = installed.root / "serve.log"
    printed = log.read_text(errors="replace")
    assert f"sheepkit apps:  http://127.0.0.1:{port}/voila/render/00_welcome.ipynb" in printed
    venv = installed.python.parents[1].resolve()
    docs = re.search(r"Teachers' pages from (.*) at /voila/docs/", printed)
    assert docs and Path(docs.group(1)).resolve().is_relative_to(venv), printed  # packaged
    assert b"Glossary" in wait_for(f"{address}/voila/docs/glossary.md", process, log, 30)
    kept = re.search(r"Classes kept in (.*)", printed)  # where there is a class service
    if kept:  # the user's folder, not the installed package's
        assert Path(kept.group(1)).is_relative_to(installed.root / "home"), kept.group(1)

    from playwright.sync_api import sync_playwright

    started = time.monotonic()
    with sync_playwright() as playwright:
        # Not the harness's launch_chromium: its list of features to disable is read from the
        # Playwright release `make test` uses, and the workflow installs today's release.
        browser = playwright.chromium.launch(
            executable_path=str(CHROMIUM), args=list(CHROMIUM_ARGS), headless=True
        )
        try:
            app = AppPage.new(browser, "wolf_and_sheep")
            app.load(VoilaServer(address, process, log, 0.0, []))
            app.wait_for_board()
            app.seat_humans()  # the first move is then surely ours to click
            assert app.state()["moves"], app.state()
            before = app.board()["hash"]
            app.click(".sk-move")
            app.wait_board_changed(before)
            app.assert_healthy()
            app.close()
        finally:
            browser.close()
    timed("a move of Wolf and Sheep in Chromium", started)

    checked = subprocess.run(
        [str(installed.sheepkit), "check", "--port", str(port)],
        capture_output=True, text=True, env=installed.env, cwd=installed.root / "work",
    )  # fmt: skip
    assert f"port {port} is busy: sheepkit serve (the apps) answers" in checked.stdout, checked
    assert "the app extra: " in checked.stdout and "MISSING" not in checked.stdout
    assert checked.returncode == 0, checked.stdout


def test_check_reports_a_port_another_program_holds(installed: Installed) -> None:
    with socket.socket() as other:
        other.bind(("127.0.0.1", 0))
        other.listen()
        port = other.getsockname()[1]
        checked = subprocess.run(
            [str(installed.sheepkit), "check", "--port", str(port)],
            capture_output=True, text=True, env=installed.env, cwd=installed.root / "work",
        )  # fmt: skip
        served = subprocess.run(
            [str(installed.sheepkit), "serve", "--port", str(port), "--no-browser"],
            capture_output=True, text=True, env=installed.env, cwd=installed.root / "work",
        )  # fmt: skip
    assert checked.returncode == 1
    assert f"PROBLEM: port {port} is busy: another program" in checked.stdout, checked.stdout
    assert served.returncode == 1 and served.stdout == ""
    assert served.stderr.startswith(f"sheepkit serve: port {port} is busy"), served.stderr


def test_lab_opens_a_copy_of_the_lessons_and_keeps_a_pupils_edit(
    installed: Installed, work: Path
) -> None:
    copy = work / "sheepkit-lessons"
    edited = copy / "notebooks" / "wolf_and_sheep.ipynb"
    edited.parent.mkdir(parents=True)
    edited.write_text(json.dumps({"cells": [], "metadata": {}, "nbformat": 4,
                                  "nbformat_minor": 5}))  # fmt: skip
    before = edited.read_text()
    port = free_port()
    log = installed.root / "lab.log"
    started = time.monotonic()
    process = start(installed, ["lab", "--port", str(port), "--no-browser"], log)
    try:
        deadline = time.monotonic() + 60
        while not (token := re.search(r"\?token=([\w-]+)", log.read_text(errors="replace"))):
            assert time.monotonic() < deadline and process.poll() is None, tail(log)
            time.sleep(0.2)
        query = f"?token={token.group(1)}"
        address = f"http://127.0.0.1:{port}"
        status = json.loads(wait_for(f"{address}/api/status{query}", process, log, 120))
        assert "started" in status, status
        listing = json.loads(wait_for(f"{address}/api/contents/notebooks{query}", process, log, 30))
        names = {item["name"] for item in listing["content"]}
        assert {"00_welcome.ipynb", "wolf_and_sheep.ipynb"} <= names, names
        assert b"JupyterLab" in wait_for(f"{address}/lab{query}", process, log, 30)
        timed("sheepkit lab answering", started)
    finally:
        stop(process)
    assert edited.read_text() == before, "the pupil's edit was overwritten"
    assert (copy / "notebooks" / "00_welcome.ipynb").is_file()
    assert (copy / "docs" / "glossary.md").is_file() and (copy / "seeds" / "README.md").is_file()
    assert not copy.resolve().is_relative_to(installed.python.parents[1].resolve())
    printed = log.read_text(errors="replace")
    assert f"Your copy of the lessons: {copy.resolve()}" in printed, printed
