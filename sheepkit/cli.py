"""The ``sheepkit`` command (and ``python -m sheepkit``): the lessons served on any laptop.

    sheepkit serve [--port 8866] [--network] [--warm N]   the apps (Voila) and the tables
    sheepkit lab [FOLDER] [--port 8888]                    JupyterLab on a copy of the lessons
    sheepkit classroom --site DIR|ZIP [--network]          a built static site and its tables
    sheepkit check [--port 8866] [--url URL]               what is installed, what answers

Standard library only at import: Voila, JupyterLab and tornado are imported inside the
subcommand that runs them, so ``import sheepkit`` stays light and a missing ``[app]`` extra is
one line of advice. Every server runs in this process (no shell, no fork), and every path is a
pathlib.Path, so the same commands work on Windows, macOS and Linux.
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import hashlib
import importlib.metadata
import importlib.util
import json
import os
import platform
import re
import secrets
import shutil
import socket
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
import webbrowser
import zipfile
from collections.abc import Sequence
from pathlib import Path, PurePosixPath
from typing import Any

from . import __version__, lessons

SERVE_PORT = 8866
LAB_PORT = 8888
CLASSROOM_PORT = 8000
LOOPBACK = "127.0.0.1"
EVERYWHERE = "0.0.0.0"
WELCOME = "/voila/render/00_welcome.ipynb"
LAB_WELCOME = "/lab/tree/notebooks/00_welcome.ipynb"
INSTALL_APP = 'pip install "sheepkit[app]"'
#: What the [app] extra brings, when the installed metadata cannot say (a bare clone).
APP_PACKAGES = ("ipywidgets", "ipycanvas", "voila", "jupyterlab")
#: What JupyterLab's file browser hides in a copy of the lessons (as `make lab`).
LAB_HIDDEN = ["__pycache__", "*.pyc", "*~", ".ipynb_checkpoints"]
#: Where a site's zip is unpacked, below sheepkit's cache ($SHEEPKIT_CACHE or ~/.cache/sheepkit).
SITES = "sites"
UNPACKED = ".unpacked"
#: Where the class service keeps a class's records (sheepkit.classes.server reads it).
CLASSES_VARIABLE = "CLASSES"


class CliError(Exception):
    """A problem the user can fix, said in one line."""


# -- addresses and ports ---------------------------------------------------------------------


def lan_address() -> str | None:
    """This machine's address on its network (what pupils type), or None without one.

    A UDP socket "connected" to an outside address sends nothing, but makes the system choose
    the interface it would route through; its own address is then the one the network knows.
    Portable where ``hostname -I`` is not. Falls back on the addresses of the machine's name."""
    found = ""
    with contextlib.suppress(OSError), socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        probe.connect(("192.0.2.1", 9))  # TEST-NET-1 (RFC 5737): never a real host
        found = str(probe.getsockname()[0])
    if _usable(found):
        return found
    try:
        named = socket.gethostbyname_ex(socket.gethostname())[2]
    except OSError:
        named = []
    return next((address for address in named if _usable(address)), None)


def _usable(address: str) -> bool:
    return bool(address) and not address.startswith("127.") and address != EVERYWHERE


def port_problem(port: int, host: str = LOOPBACK) -> str | None:
    """Why a server cannot listen on ``host``:``port``, in words, or None if it can."""
    if not 0 < port < 65536:
        return f"port {port} is not a port number (1-65535)"
    with socket.socket() as probe:
        probe.settimeout(1.0)
        if probe.connect_ex((LOOPBACK, port)) == 0:
            return (
                f"port {port} is busy: another program (a sheepkit started before?) already "
                "listens on it"
            )
    with socket.socket() as trial:
        if os.name != "nt":  # as tornado does; on Windows the option would share a port
            trial.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            trial.bind((host, port))
        except OSError as error:
            code = getattr(error, "winerror", None) or error.errno
            if code in (errno.EADDRINUSE, 10048):
                return f"port {port} is busy: another program already uses it"
            if code in (errno.EACCES, 10013):
                return (
                    f"port {port} may not be used here (ports below 1024 need administrator "
                    "rights, and Windows reserves some ranges)"
                )
            if code in (errno.EADDRNOTAVAIL, 10049):
                return f"this machine has no address {host}"
            return f"port {port} cannot be used: {error.strerror or error}"
    return None


def free_port_from(port: int, tries: int = 20) -> int | None:
    """The first port from ``port`` on that a server could listen on, or None."""
    for candidate in range(port, min(port + tries, 65536)):
        if port_problem(candidate) is None:
            return candidate
    return None


def need_port(port: int, host: str, command: str) -> None:
    """A one-line error, with a free port to try, unless a server can listen there."""
    problem = port_problem(port, host)
    if problem is None:
        return
    kind = server_kind(port)
    if kind is not None:
        problem += f" ({kind} answers there: {url(LOOPBACK, port)})"
    other = free_port_from(port + 1)
    advice = f"; try sheepkit {command} --port {other}" if other else ""
    raise CliError(problem + advice)


def url(host: str, port: int, path: str = "/") -> str:
    return f"http://{host}:{port}{path}"


def http_answer(address: str, timeout: float = 3.0) -> int | str:
    """The HTTP status a server at ``address`` answers with, or why none answered (no proxy:
    the address is on this machine or its network)."""
    opener = urllib.request.build_opener(urllib.request.ProxyHandler({}))
    try:
        with opener.open(address, timeout=timeout) as answer:
            return int(answer.status)
    except urllib.error.HTTPError as error:
        return int(error.code)
    except (urllib.error.URLError, OSError, ValueError) as error:
        reason = getattr(error, "reason", error)
        return str(reason) or type(error).__name__


def open_browser_when_up(address: str, port: int, timeout: float = 120.0) -> None:
    """Open ``address`` in the user's browser once something listens on ``port`` (a thread:
    the server runs in this one)."""

    def wait_then_open() -> None:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            with socket.socket() as probe:
                probe.settimeout(1.0)
                if probe.connect_ex((LOOPBACK, port)) == 0:
                    with contextlib.suppress(Exception):
                        webbrowser.open(address)
                    return
            time.sleep(0.5)

    threading.Thread(target=wait_then_open, name="open-browser", daemon=True).start()


# -- what is installed -----------------------------------------------------------------------


def app_packages() -> list[str]:
    """The distributions the [app] extra asks for (from the installed metadata)."""
    try:
        requires = importlib.metadata.requires("sheepkit") or []
    except importlib.metadata.PackageNotFoundError:
        return list(APP_PACKAGES)
    found = []
    for line in requires:
        if re.search(r"""extra\s*==\s*['"]app['"]""", line):
            name = re.match(r"[A-Za-z0-9._-]+", line)
            if name:
                found.append(name.group(0))
    return found or list(APP_PACKAGES)


def version_of(distribution: str) -> str | None:
    try:
        return importlib.metadata.version(distribution)
    except importlib.metadata.PackageNotFoundError:
        return None


def need_modules(command: str, modules: Sequence[str]) -> None:
    """A one-line error if a module a command needs is missing (the [app] extra brings it)."""
    missing = [module for module in modules if importlib.util.find_spec(module) is None]
    if missing:
        raise CliError(f"needs {', '.join(missing)}, not installed here: {INSTALL_APP}")


def lessons_root() -> Path:
    try:
        root = lessons.root()
    except lessons.LessonsMissing as error:
        raise CliError(str(error)) from None
    need_readable(root / "notebooks")
    return root


def need_readable(folder: Path) -> None:
    """A one-line error unless ``folder`` is a folder this user can list."""
    if not folder.is_dir():
        raise CliError(f"{folder} is not a folder")
    try:
        next(folder.iterdir(), None)
    except OSError as error:
        raise CliError(f"cannot read the folder {folder}: {error.strerror or error}") from None


# -- sheepkit serve --------------------------------------------------------------------------


def voila_settings(warm: int | None) -> dict[str, Any]:
    """voila.json's settings as Voila's config: no other voila.json is read (not even one in
    the working folder), and ``warm`` sets the warm kernels."""
    config = lessons.voila_config()
    config.setdefault("Voila", {})["config_file_paths"] = []
    if warm is not None:
        config.setdefault("WarmKernelManager", {})["warm_kernels"] = warm
    return config


def jupyter_path_with(folder: Path, existing: str | None) -> str:
    """JUPYTER_PATH with ``folder`` first (Voila looks there for the loading screen first)."""
    parts = [str(folder), *(existing.split(os.pathsep) if existing else [])]
    return os.pathsep.join(dict.fromkeys(part for part in parts if part))


def print_addresses(
    port: int, network: bool, path: str, what: str, more: Sequence[str] = ()
) -> None:
    """The address to open on this machine and, with ``network``, the one pupils type."""
    print()
    print(f"  {what}:  {url(LOOPBACK, port, path)}")
    for line in more:
        print(f"  {line}")
    if network:
        address = lan_address()
        name = socket.gethostname()
        if address:
            print(f"  Pupils type:    {url(address, port, path)}")
            print(f"  (or, where names work on the network: {url(name, port, path)})")
        else:
            print("  This machine has no network address now (is it on the school network?).")
            print(f"  Pupils type:    {url(name, port, path)}  (by the machine's name)")
        print("  Anyone on the network can open the apps: serve a class, not the internet.")
    print("  Ctrl-C stops the server.")
    print()


def keep_classes_out_of_the_package() -> None:
    """A server whose lessons are installed (or unpacked from a zip into the cache) keeps a
    class's records in the user's ``~/sheepkit-classes``, not beside the served files (the
    class service's default, ``classes/`` beside the notebooks or the site, is a folder of
    the installed package or of the cache there), unless ``CLASSES`` names a folder."""
    if not os.environ.get(CLASSES_VARIABLE, "").strip():
        os.environ[CLASSES_VARIABLE] = str(Path.home() / "sheepkit-classes")


def serve(args: argparse.Namespace) -> int:
    need_modules("serve", ("voila", "ipykernel", "ipywidgets", "ipycanvas"))
    root = lessons_root()
    if args.warm is not None and args.warm < 0:
        raise CliError("--warm is a number of kernels: 0 or more")
    host = EVERYWHERE if args.network else LOOPBACK
    need_port(args.port, host, "serve")
    config = voila_settings(args.warm)
    if lessons.installed():
        keep_classes_out_of_the_package()
    os.environ["JUPYTER_PATH"] = jupyter_path_with(
        lessons.share_jupyter(), os.environ.get("JUPYTER_PATH")
    )
    every = f"(every app: {url(LOOPBACK, args.port)} ;"
    docs = f"the teachers' pages: {url(LOOPBACK, args.port, '/voila/docs/')})"
    print_addresses(args.port, args.network, WELCOME, "sheepkit apps", [every, docs])
    if not args.no_browser:
        open_browser_when_up(url(LOOPBACK, args.port, WELCOME), args.port)

    from traitlets.config import Config
    from voila.app import Voila

    argv = [
        str(root / "notebooks"),
        "--no-browser",
        f"--port={args.port}",
        f"--Voila.ip={host}",
        "--Voila.port_retries=0",  # the port asked for or nothing: never a silent other one
    ]
    Voila.launch_instance(argv=argv, config=Config(config))
    return 0


# -- sheepkit lab ----------------------------------------------------------------------------


def copy_lessons(source: Path, target: Path) -> tuple[list[Path], list[Path]]:
    """Copy the lessons a user may change (notebooks, docs, seeds) from ``source`` into
    ``target``, each file only if absent: a file already there (a pupil's edits) is never
    overwritten. Returns (copied, kept), as paths relative to both."""
    if target.exists() and not target.is_dir():
        raise CliError(f"{target} is a file: give a folder for the copy of the lessons")
    copied: list[Path] = []
    kept: list[Path] = []
    for relative in lessons.lesson_files(source):
        if relative.parts[0] not in lessons.EDITABLE:
            continue
        destination = target / relative
        try:
            destination.parent.mkdir(parents=True, exist_ok=True)
            with (source / relative).open("rb") as original:
                try:  # "x": created here or not at all, so an existing file is never replaced
                    copy = destination.open("xb")
                except FileExistsError:
                    kept.append(relative)
                    continue
                with copy:
                    try:
                        shutil.copyfileobj(original, copy)
                    except OSError:
                        copy.close()
                        destination.unlink()  # half a copy would be kept as if edited
                        raise
        except OSError as error:
            raise CliError(
                f"cannot write the copy of the lessons in {target}: {error.strerror or error}"
            ) from None
        copied.append(relative)
    return copied, kept


def running_as_root() -> bool:
    geteuid = getattr(os, "geteuid", None)  # not on Windows
    return geteuid is not None and geteuid() == 0


def lab(args: argparse.Namespace) -> int:
    need_modules("lab", ("jupyterlab", "ipykernel", "ipywidgets", "ipycanvas"))
    source = lessons_root()
    target = Path(args.folder).expanduser().resolve()
    if target == source or target.is_relative_to(source):
        raise CliError(f"{target} holds sheepkit's own lessons: give another folder for your copy")
    need_port(args.port, LOOPBACK, "lab")
    copied, kept = copy_lessons(source, target)
    print()
    print(f"  Your copy of the lessons: {target}")
    if copied:
        print(f"  (copied {len(copied)} files", end="")
        print(f"; kept {len(kept)} already there as they are)" if kept else ")")
    else:
        print(f"  (all {len(kept)} files were there already: kept as they are)")
    token = secrets.token_urlsafe(24)
    address = url(LOOPBACK, args.port, f"{LAB_WELCOME}?token={token}")
    print(f"  JupyterLab:  {address}")
    print("  A notebook's apps appear once its cells have run: Run > Run All Cells.")
    print("  Ctrl-C stops JupyterLab (twice, or answer its question).")
    print()
    if not args.no_browser:
        open_browser_when_up(address, args.port)

    from jupyterlab.labapp import LabApp

    argv = [
        "--no-browser",
        f"--ServerApp.ip={LOOPBACK}",
        f"--ServerApp.port={args.port}",
        "--ServerApp.port_retries=0",
        f"--ServerApp.root_dir={target}",
        f"--LabApp.default_url={LAB_WELCOME}",
        f"--IdentityProvider.token={token}",
        f"--ContentsManager.hide_globs={json.dumps(LAB_HIDDEN)}",
        *(["--allow-root"] if running_as_root() else []),
    ]
    LabApp.launch_instance(argv=argv)
    return 0


# -- sheepkit classroom ----------------------------------------------------------------------


def sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as file:
        for block in iter(lambda: file.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def listed_checksum(sums: Path, name: str) -> str | None:
    """The SHA-256 that a SHA256SUMS file (``sha256sum``'s format) lists for ``name``."""
    for line in sums.read_text(encoding="utf-8", errors="replace").splitlines():
        parts = line.strip().split(maxsplit=1)
        if len(parts) == 2 and parts[1].lstrip("*") == name:
            return parts[0].lower()
    return None


def site_in(folder: Path) -> Path | None:
    """The built site in ``folder``: itself or its one subfolder with an index.html."""
    if (folder / "index.html").is_file():
        return folder
    inner = [child for child in folder.iterdir() if (child / "index.html").is_file()]
    return inner[0] if len(inner) == 1 else None


def unpack_site(archive: Path, cache: Path) -> Path:
    """The site of a zip (``make dist``'s sheepkit-site-*.zip), unpacked once into ``cache``
    (a folder named by the zip's checksum, so a changed zip is unpacked again) and checked
    against a SHA256SUMS file beside it, if there is one."""
    try:
        digest = sha256_of(archive)
    except OSError as error:
        raise CliError(f"cannot read {archive}: {error.strerror or error}") from None
    sums = archive.with_name("SHA256SUMS")
    if sums.is_file():
        listed = listed_checksum(sums, archive.name)
        if listed is not None and listed != digest:
            raise CliError(
                f"{archive} does not match its checksum in {sums}: the file is damaged "
                "(download or copy it again)"
            )
    folder = cache / f"{archive.stem}-{digest[:16]}"
    if not (folder / UNPACKED).is_file():
        try:
            cache.mkdir(parents=True, exist_ok=True)
            scratch = Path(tempfile.mkdtemp(prefix=".unpacking-", dir=cache))
        except OSError as error:
            raise CliError(f"cannot unpack into {cache}: {error.strerror or error}") from None
        try:
            _extract(archive, scratch)
            (scratch / UNPACKED).write_text(f"{archive}\n{digest}\n", encoding="utf-8")
            shutil.rmtree(folder, ignore_errors=True)  # half a folder from an older sheepkit
            try:
                os.replace(scratch, folder)
            except OSError:  # another `sheepkit classroom` unpacked it meanwhile
                if not (folder / UNPACKED).is_file():
                    raise
        finally:
            shutil.rmtree(scratch, ignore_errors=True)
    site = site_in(folder)
    if site is None:
        raise CliError(f"{archive} holds no built site (no index.html at its top or in a folder)")
    return site


def _extract(archive: Path, into: Path) -> None:
    try:
        with zipfile.ZipFile(archive) as opened:
            for member in opened.infolist():
                name = PurePosixPath(member.filename.replace("\\", "/"))
                if name.is_absolute() or ".." in name.parts or ":" in member.filename:
                    raise CliError(f"{archive} is not a site's zip: it names {member.filename}")
            opened.extractall(into)
    except zipfile.BadZipFile as error:
        raise CliError(f"{archive} is damaged or not a zip file ({error})") from None
    except OSError as error:
        raise CliError(f"cannot unpack {archive}: {error.strerror or error}") from None


def find_site(given: Path, cache: Path) -> Path:
    """The folder of a built site from ``--site``: a folder, or a zip unpacked into cache."""
    if given.is_dir():
        need_readable(given)
        site = site_in(given)
        if site is None:
            raise CliError(
                f"no built site in {given} (index.html is missing): give the folder that "
                "`make site` builds (_site) or a release's sheepkit-site-*.zip"
            )
        return site
    if given.is_file():
        if zipfile.is_zipfile(given):
            return unpack_site(given, cache)
        raise CliError(f"{given} is neither a folder nor a zip file")
    raise CliError(
        f"no site at {given}: give the folder that `make site` builds (_site) or a "
        "release's sheepkit-site-*.zip"
    )


def classroom(args: argparse.Namespace) -> int:
    """``python -m sheepkit.tables.classroom`` on the site's folder (a zip unpacked first)."""
    need_modules("classroom", ("tornado",))
    from .core.cache import cache_dir

    given = Path(args.site).expanduser()
    site = find_site(given, cache_dir() / SITES)
    host = EVERYWHERE if args.network else LOOPBACK
    need_port(args.port, host, "classroom")
    if given.is_file():  # unpacked into the cache: a class's records do not belong there
        keep_classes_out_of_the_package()
    print(f"  The site from {site}")
    if args.network:
        print_addresses(args.port, args.network, "/", "the site and its tables")

    from .tables.classroom import main as classroom_main

    classroom_main(["--host", host, "--port", str(args.port), "--site", str(site)])
    return 0


# -- sheepkit check --------------------------------------------------------------------------


def server_kind(port: int) -> str | None:
    """What sheepkit server answers on this machine's ``port``, in words, or None."""
    # On this machine a server answers at once: a program that does not is not ours.
    if http_answer(url(LOOPBACK, port, "/voila/docs/"), timeout=1.0) == 200:
        return "sheepkit serve (the apps)"
    if http_answer(url(LOOPBACK, port, "/sheepkit/tables/hello"), timeout=1.0) == 200:
        return "a sheepkit table service (sheepkit classroom)"
    return None


def check(args: argparse.Namespace) -> int:
    problems: list[str] = []
    print(f"sheepkit {__version__} in {Path(__file__).parent}")
    print(f"Python {platform.python_version()} ({sys.executable}) on {platform.platform()}")
    try:
        root = lessons.root()
        count = len(list((root / "notebooks").glob("*.ipynb")))
        where = "installed" if lessons.installed() else "from the clone"
        print(f"lessons: {count} notebooks in {root} ({where})")
    except lessons.LessonsMissing as error:
        problems.append(str(error))
    versions = {name: version_of(name) for name in app_packages()}
    shown = ", ".join(f"{name} {version or 'MISSING'}" for name, version in versions.items())
    print(f"the app extra: {shown}")
    missing = [name for name, version in versions.items() if version is None]
    if missing:
        problems.append(f"the app extra is not installed ({', '.join(missing)}): {INSTALL_APP}")

    port = args.port
    address = lan_address()
    problem = port_problem(port)
    if problem is None:
        print(f"port {port} is free: `sheepkit serve --port {port}` can use it")
        print(f"no server answers at {url(LOOPBACK, port)} (start one with sheepkit serve)")
    else:
        kind = server_kind(port)
        if kind is None:
            other = free_port_from(port + 1)
            problems.append(
                f"{problem}, and it is not a sheepkit server"
                + (f"; port {other} is free: sheepkit serve --port {other}" if other else "")
            )
        else:
            print(f"port {port} is busy: {kind} answers at {url(LOOPBACK, port)}")
            if address is None:
                print("this machine has no network address now: pupils cannot reach it")
            elif isinstance(http_answer(url(address, port, "/")), int):
                print(f"it answers on the network address too: {url(address, port)}")
                print("  (pupils' devices also need the firewall to let the port through)")
            else:
                print(f"it does not answer on the network address {address}: for pupils,")
                print("  stop it and start it again with --network")
    print(f"this machine's network address: {address or 'none (no network?)'}")
    if args.url:
        answer = http_answer(args.url, timeout=5.0)
        if isinstance(answer, int):
            print(f"{args.url} answers (HTTP {answer})")
        else:
            problems.append(
                f"cannot reach {args.url}: {answer} (is the server running, with --network, "
                "on the same network?)"
            )
    for line in problems:
        print(f"PROBLEM: {line}")
    print("all well" if not problems else f"{len(problems)} problem(s): see above")
    return 1 if problems else 0


# -- the command line ------------------------------------------------------------------------


def parser() -> argparse.ArgumentParser:
    top = argparse.ArgumentParser(
        prog="sheepkit",
        description="sheepkit's lessons: serve the apps to a class, open them in JupyterLab.",
        epilog="Something does not work? Run `sheepkit check` first.",
    )
    top.add_argument("--version", action="version", version=f"sheepkit {__version__}")
    commands = top.add_subparsers(dest="command", metavar="COMMAND")

    serving = commands.add_parser(
        "serve", help="serve the apps (Voila) and the tables; prints the address to open"
    )
    serving.add_argument("--port", type=int, default=SERVE_PORT, help="default %(default)s")
    serving.add_argument(
        "--network", action="store_true", help="serve the school network too (pupils' devices)"
    )
    serving.add_argument(
        "--warm",
        type=int,
        metavar="N",
        help="keep N kernels ready (voila.json: 2); about 85 MB each: N=30 before a class of 30",
    )
    serving.add_argument("--no-browser", action="store_true", help="do not open a browser")
    serving.set_defaults(run=serve)

    labbing = commands.add_parser(
        "lab", help="JupyterLab on your own copy of the lessons (never the installed files)"
    )
    labbing.add_argument(
        "folder",
        nargs="?",
        default="sheepkit-lessons",
        help="the copy's folder (default: %(default)s here); files already there are kept",
    )
    labbing.add_argument("--port", type=int, default=LAB_PORT, help="default %(default)s")
    labbing.add_argument("--no-browser", action="store_true", help="do not open a browser")
    labbing.set_defaults(run=lab)

    room = commands.add_parser(
        "classroom", help="serve a built static site and its tables from one address"
    )
    room.add_argument(
        "--site", required=True, help="the built site's folder, or a release's site .zip"
    )
    room.add_argument("--port", type=int, default=CLASSROOM_PORT, help="default %(default)s")
    room.add_argument("--network", action="store_true", help="serve the school network too")
    room.set_defaults(run=classroom)

    checking = commands.add_parser(
        "check", help="what is installed, whether the port is free, what answers there"
    )
    checking.add_argument("--port", type=int, default=SERVE_PORT, help="default %(default)s")
    checking.add_argument("--url", help="also try this address (a server on another machine)")
    checking.set_defaults(run=check)
    return top


def main(argv: Sequence[str] | None = None) -> int:
    """The ``sheepkit`` console script: the exit status (0 when all went well)."""
    arguments = parser().parse_args(argv)
    if arguments.command is None:
        parser().print_help()
        return 0
    try:
        status: int = arguments.run(arguments)
    except CliError as error:
        print(f"sheepkit {arguments.command}: {error}", file=sys.stderr)
        return 1
    return status
