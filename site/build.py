"""Build the static site (`make site`): every notebook as a Voici app and in JupyterLite's lab.

Run with the site's own venv (.venv-site, from site/requirements.txt) after `npm ci` in site/:

    .venv-site/bin/python site/build.py [--out _site]

Everything comes from the package registries: the Pyodide core and Font Awesome from npm
(site/package-lock.json), Python wheels from PyPI (`pip download`, at the versions Pyodide's
own lock or this file pins), sheepkit built from the working tree, and small stand-ins for the
compiled packages only Pyodide's CDN has (site/standins/). The build fails if a built page would
load anything from outside the site. site/README.md ("Why each step") says why each step exists.
"""

from __future__ import annotations

import argparse
import functools
import gzip
import hashlib
import json
import lzma
import os
import re
import shutil
import subprocess
import sys
import tempfile
import zipfile
from collections.abc import Iterable, Iterator
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from email.parser import Parser
from pathlib import Path
from typing import Any

from packaging.requirements import Requirement

SITE = Path(__file__).resolve().parent
REPO = SITE.parent
NOTEBOOKS = REPO / "notebooks"
NODE = SITE / "node_modules"
WORK = REPO / "build" / "site"  # scratch: downloads, wheels, the staged lite folder
DOWNLOADS = WORK / "downloads"  # pip download cache, kept between builds
SNAPSHOT_RAW = WORK / "python-snapshot.raw"  # site/snapshot.mjs's memory snapshot
FILES_RAW = WORK / "python-files.raw"  # and its files blob, until write_bundles packs them
WELCOME = "00_welcome"
PYTHON_VERSION = "3.12"  # Pyodide 0.27's Python
# Environment markers as Pyodide 0.27 answers them (`extra` empty: no extras are installed).
PYODIDE_MARKERS = {
    "python_version": PYTHON_VERSION,
    "python_full_version": "3.12.7",
    "sys_platform": "emscripten",
    "platform_system": "Emscripten",
    "platform_machine": "wasm32",
    "os_name": "posix",
    "implementation_name": "cpython",
    "platform_python_implementation": "CPython",
    "extra": "",
}

# The kernel (jupyterlite-pyodide-kernel 0.6) installs these at start; with the widget
# packages and sheepkit they are the roots of what the site's Pyodide must hold.
KERNEL_START = ("micropip", "packaging", "ipython", "jedi", "ssl", "sqlite3")
# The kernel's own wheels, shipped in its extension's pypi/ folder. Left there, the kernel
# installs them with micropip at every start, one after another; in the site's lock they load
# with everything else in one batch (KERNEL_PRELOAD).
KERNEL_WHEELS = ("piplite", "pyodide_kernel", "ipykernel")
KERNEL_PYPI = (
    Path(sys.prefix)
    / "share/jupyter/labextensions/@jupyterlite/pyodide-kernel-extension/static/pypi"
)
# Every package the kernel would otherwise load or install in turn (micropip, piplite, then
# ssl, sqlite3, ipykernel, comm, pyodide_kernel, jedi, ipython), and sheepkit with the widget
# packages, which every page's first cell imports. Given as loadPyodideOptions' `packages`,
# the kernel skips installing them. The snapshot's Python has them all (BUNDLE_PARTS); if
# a page cannot restore it, Pyodide loads them in one batch as it starts.
KERNEL_PRELOAD = (
    "micropip", "piplite", "ssl", "sqlite3", "ipykernel", "comm", "pyodide_kernel", "jedi",
    "ipython", "sheepkit",
)  # fmt: skip
# Every page's Python starts from a memory snapshot (site/snapshot.mjs), made at build time
# after site/snapshot_prepare.py has imported what every page imports (IPython alone took a
# page 2.7 s), with the files of the packages it has installed (which a snapshot cannot
# hold) as one blob that the page writes back at once (Pyodide took 1.1 s to unpack the
# wheels again). A page fetches both, with Pyodide's wasm and standard library, as one xz
# stream (a bundle, BUNDLE_PARTS), which its worker decodes (site/start_python.js): xz takes
# 11.9 MB where gzip, all a plain-http server offers, took 22.1 MB. In Pyodide's folder,
# under a name (.bin) that every server sends as bytes, untouched.
SNAPSHOT_PREPARE = SITE / "snapshot_prepare.py"
# Every page's bundle; its files blob holds what the apps read: the whole less APP_LEFT_OUT
# (and less the solved tables, SITE_DATA).
BUNDLE = "python.xz.bin"
# The lab's second bundle: one part, "lab-files", the files blob of what only the lab reads.
LAB_FILES = "python-lab-files.xz.bin"
# A bundle, decoded: the header's length (4 bytes, little-endian), a JSON header naming each
# part and its size, then the parts in this order. The wasm comes first: the page compiles
# it while the rest is decoded. xz's window (64 MiB at preset 9) spans the wasm and the
# snapshot, which holds the wasm's data again: 1 MB less than each on its own.
BUNDLE_PARTS = ("pyodide.asm.wasm", "python_stdlib.zip", "snapshot", "files")
# The snapshot's zero pages (9 MB of its 43) are left out of the stream: less to decode.
SPARSE = {"snapshot"}
SPARSE_PAGE = 1 << 16  # WebAssembly's page
# The standard library as a stored zip (store_zip), for the snapshot and the bundle; the site
# keeps Pyodide's deflated one for a page that starts without them.
STDLIB_STORED = WORK / "python_stdlib.stored.zip"
# lc/lp/pb for data aligned on 4 bytes (WebAssembly memory): 1.5% smaller than preset 9e alone.
XZ_FILTERS = [
    {"id": lzma.FILTER_LZMA2, "preset": 9 | lzma.PRESET_EXTREME, "lc": 1, "lp": 2, "pb": 2}
]
# The decoder (npm's xz-decompress: xz-embedded in WebAssembly, inside a 20 kB script), copied
# beside the bundles; the worker loads it with importScripts.
XZ_DECODER = NODE / "xz-decompress" / "dist" / "package" / "xz-decompress.min.js"
# What the worker runs in place of the kernel's loadPyodide call (WORKER_PATCHES): a function
# of (loadPyodide, indexURL, pyodideUrl, loadPyodideOptions), its comments left out.
START_PYTHON = SITE / "start_python.js"
# Files of the blob no app page reads (measured: none of their modules is imported when the
# snapshot is made, nor by any app after): jedi's typeshed stubs (read only as the lab
# completes code), micropip (only %pip), pygments' lexers for other languages (IPython's
# tracebacks need the Python ones). As paths under site-packages.
APP_LEFT_OUT = re.compile(
    r"^(?:jedi/third_party/|micropip/|micropip-[^/]*\.dist-info/|"
    r"pygments/lexers/(?!(?:__init__|_mapping|python|special|shell|html|javascript|ruby|perl"
    r"|markup|css|jvm|data|templates|_css_builtins|_php_builtins|_lua_builtins|_scheme_builtins"
    r"|_mql_builtins|_stan_builtins|_lasso_builtins|_vim_builtins|_asy_builtins"
    r"|_cl_builtins|_cocoa_builtins|_julia_builtins|_scilab_builtins|_mapping)\.py$))"
)
# The solved tables (sheepkit/games/*/data/): served beside the site, each under a name with
# its hash (SITE_DATA_DIR), fetched by a page's Python when a bot first needs one
# (sheepkit.platform.read_data) and kept by the browser; each data folder's site-data.json
# in the blob says where they are.
SITE_DATA = re.compile(r"/site-packages/(sheepkit/games/\w+/data)/([\w.-]+\.json(?:\.gz)?)$")
SITE_DATA_DIR = "static/sheepkit-data"
SITE_DATA_INDEX = "site-data.json"  # sheepkit.platform.SITE_DATA
# Folders whose files keep their names from build to build: renamed with a hash of their
# content (static/pyodide-<hash>/...), so that a server may let browsers keep them a year
# (`make classroom` does: sheepkit.tables.classroom), and every page and config that names
# them is rewritten. Voici's bundle is not hashed by webpack (voici/build/1030.js).
VERSIONED = ("static/pyodide", "voici/build", "voici/fontawesome")
# Precompressed copies (`name.gz`, `name.br` beside `name`) of every file of these kinds above
# PRECOMPRESS_MIN bytes, kept only where they save a tenth; `make classroom` sends them.
PRECOMPRESS = {
    ".html", ".js", ".mjs", ".css", ".json", ".ipynb", ".svg", ".txt", ".md", ".map",
    ".wasm", ".zip", ".ttf", ".otf", ".eot", ".xml", ".webmanifest", ".ico", ".py",
}  # fmt: skip
PRECOMPRESS_MIN = 1024


def _start_python_call() -> str:
    """The kernel's worker's call of loadPyodide, made a call of START_PYTHON's function
    (`t`, `i`, `n`, `e`: the minified names of loadPyodide, the index URL, pyodide.js's URL and
    the kernel's options there)."""
    text = START_PYTHON.read_text()
    function = text[text.index("async (") :].strip()
    return f"this._pyodide=await({function})(t,i,n,e.loadPyodideOptions||{{}})"


# The kernel's worker (pyodide-kernel 0.6.1, minified, in several copies) as the build patches
# it: (what for, the kernel's code, the build's). Every copy that starts Pyodide must hold
# every piece, or the build fails: the kernel changed.
WORKER_PATCHES = (
    (
        # Start Python from the bundle (wasm, standard library, snapshot, files), or from
        # nothing if anything fails.
        "start Pyodide from the snapshot",
        "this._pyodide=await t({indexURL:i,...e.loadPyodideOptions})",
        _start_python_call(),
    ),
    (
        # Only %pip needs piplite (and micropip): configure it for when it is imported.
        "configure piplite without importing it",
        "await this._pyodide.runPythonAsync(`\\n      import piplite.piplite\\n      "
        'piplite.piplite._PIPLITE_DISABLE_PYPI = ${n?"True":"False"}\\n      '
        "piplite.piplite._PIPLITE_URLS = ${JSON.stringify(i)}\\n    `)",
        "await this._pyodide.runPythonAsync(`\\nimport sys as _sk_sys\\n"
        "if hasattr(_sk_sys, '_sheepkit_snapshot'):\\n"
        " _sk_sys._sheepkit_snapshot['configure_piplite']"
        '(${n?"True":"False"}, ${JSON.stringify(i)})\\n'
        "else:\\n import piplite.piplite\\n"
        ' piplite.piplite._PIPLITE_DISABLE_PYPI = ${n?"True":"False"}\\n'
        " piplite.piplite._PIPLITE_URLS = ${JSON.stringify(i)}\\n"
        "del _sk_sys\\n`)",
    ),
)
KERNEL_STATIC = Path("extensions/@jupyterlite/pyodide-kernel-extension/static")
# Voici's app (0.9) starts JupyterLite's service worker, which serves a notebook's reads of the
# contents drive and its input() prompts: the apps use neither. Without it a page asks the
# server for nothing else at a warm visit (a service worker's script is asked for at each
# visit, and JupyterLite registers it anew at the second, which asks twice), and the first
# visit waits for no registration. The lab keeps it (its notebooks read the drive).
VOICI_SERVICE_WORKER = re.compile(
    r'\w+\(\d+\)\.default\.filter\(\(\w+=>"@jupyterlite/application-extension:'
    r'service-worker-manager"===\w+\.id\)\)'
)
# Pure-Python wheels the lock does not have, pinned to the front-ends in site/requirements.txt.
EXTRA_WHEELS = {"comm": "0.2.3", "ipywidgets": "8.1.9", "ipycanvas": "0.14.3"}
# Lock entries replaced by a stand-in (site/standins/<folder>), or dropped with the package
# that needed them. Each is listed in site/standins/README.md.
STANDINS = {"numpy": "numpy", "pillow": "pillow", "sqlite3": "sqlite3", "ssl": "ssl"}
DROPPED = {"openssl"}  # ssl's shared library: the ssl stand-in needs none
# Requirements that name front-end-only packages: nothing in the browser imports them.
FRONTEND_ONLY = {"widgetsnbextension", "jupyterlab-widgets"}
PYODIDE_FILES = ("pyodide.js", "pyodide.asm.js", "pyodide.asm.wasm", "python_stdlib.zip")
STANDIN_NOTE = (
    "**In this browser lab `numpy` and `PIL` are not the real packages,** only stand-ins for the"
    " boards: for the real ones, open the notebooks on Binder or with `make lab`."
)
#: The note's cell tag: nbconvert's templates give the rendered cell a class for it
#: ("celltag_" + tag), by which the app pages (Voici) hide it: a pupil there runs no code, so
#: meets no stand-in. The lab (JupyterLite), where code is run, shows it.
STANDIN_TAG = "sheepkit-site"
# URLs that appear in the built files but that no page of this site loads (the offline
# browser tests prove it): reason for each.
ALLOWED_URL_PARTS = {
    # pyodide.js records its CDN as the place of packages it was not given; every package of
    # the site's lock is local, and the kernel's PyPI fallback is off.
    "cdn.jsdelivr.net/pyodide/v${",
    # JupyterLab's MathJax 2 fallback, used only when fullMathjaxUrl is "null" and
    # mathjaxConfig is not; the site's page config sets both to "null" (MathJax 3 is bundled).
    '"null"===i?"https://cdnjs.cloudflare.com/ajax/libs/mathjax/',
    # a JSON-schema identifier inside the Vega renderer, never fetched
    "vega.github.io/schema/",
    # the Pyodide kernel's default when pyodideUrl is not set: check_site checks every page
    # config sets it to the site's own copy
    'a.pyodideUrl||"https://cdn.jsdelivr.net/pyodide/',
    # the kernel's help-menu link: opened only if a user clicks it, never loaded by a page
    'url:"https://pyodide.org"}',
}
# JSON the pages read (others, such as package.json or schemas, are never fetched by a page).
CONFIG_JSON = ("jupyter-lite.json", "pyodide-lock.json", "pypi/all.json", "jupyter-lite.ipynb")
# Settings schemas: a URL in them is a default the site's settings override (checked) or text.
SCHEMA_DIRS = {"schema", "schemas"}


def log(message: str) -> None:
    print(f"== site: {message}", flush=True)


def run(*command: str | Path, cwd: Path | None = None) -> None:
    subprocess.run([str(c) for c in command], cwd=cwd, check=True)


def canonical(name: str) -> str:
    return re.sub(r"[-_.]+", "-", name).lower()


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


# -- wheels ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class Wheel:
    path: Path
    name: str  # canonical
    version: str
    requires: tuple[str, ...]  # canonical names of unconditional requirements
    imports: tuple[str, ...]


def read_wheel(path: Path) -> Wheel:
    with zipfile.ZipFile(path) as archive:
        names = archive.namelist()
        meta_name = next(n for n in names if n.endswith(".dist-info/METADATA"))
        meta = Parser().parsestr(archive.read(meta_name).decode())
    requires = []
    for line in meta.get_all("Requires-Dist") or []:
        requirement = Requirement(line)
        if requirement.marker is None or requirement.marker.evaluate(PYODIDE_MARKERS):
            requires.append(canonical(requirement.name))
    tops = set()
    for name in names:
        top = name.split("/", 1)[0]
        if ".dist-info" in top or ".data" in top:
            continue
        if "/" in name or name.endswith(".py"):
            tops.add(top.removesuffix(".py"))
    return Wheel(
        path, canonical(meta["Name"]), meta["Version"], tuple(requires), tuple(sorted(tops))
    )


def pip_download(name: str, version: str) -> Path:
    """A pure-Python wheel from PyPI, cached in build/site/downloads."""
    DOWNLOADS.mkdir(parents=True, exist_ok=True)
    stem = canonical(name).replace("-", "_")
    for found in DOWNLOADS.glob("*.whl"):
        parts = found.name.split("-")
        if canonical(parts[0]) == canonical(name) and parts[1] == version:
            return found
    log(f"pip download {name}=={version}")
    run(
        sys.executable, "-m", "pip", "download", "--disable-pip-version-check", "--quiet",
        "--no-deps", "--only-binary=:all:", "--platform", "any", "--implementation", "py",
        "--python-version", PYTHON_VERSION, "--dest", DOWNLOADS, f"{name}=={version}",
    )  # fmt: skip
    for found in DOWNLOADS.glob("*.whl"):
        parts = found.name.split("-")
        if canonical(parts[0]) == canonical(name) and parts[1] == version:
            return found
    raise RuntimeError(f"pip download {name}=={version} gave no wheel named {stem}-{version}-*")


def build_wheel(source: Path, dest: Path) -> Path:
    """`pip wheel` of a source folder, copied first so no build/ or egg-info is reused."""
    dest.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix="sheepkit-site-wheel-") as tmp:
        copy = Path(tmp) / source.name
        ignore = shutil.ignore_patterns(
            "__pycache__", "*.pyc", "build", "dist", "*.egg-info", ".venv*", "node_modules"
        )
        shutil.copytree(source, copy, ignore=ignore)
        out = Path(tmp) / "out"
        run(
            sys.executable, "-m", "pip", "wheel", "--disable-pip-version-check", "--quiet",
            "--no-deps", "--no-build-isolation", "--wheel-dir", out, copy,
        )  # fmt: skip
        (built,) = out.glob("*.whl")
        target = dest / built.name
        shutil.copy2(built, target)
        return target


def sheepkit_source() -> Path:
    """The parts of the working tree that go into the sheepkit wheel."""
    stage = WORK / "sheepkit-src"
    if stage.exists():
        shutil.rmtree(stage)
    stage.mkdir(parents=True)
    for name in ("pyproject.toml", "README.md"):
        shutil.copy2(REPO / name, stage / name)
    shutil.copytree(
        REPO / "sheepkit", stage / "sheepkit", ignore=shutil.ignore_patterns("__pycache__")
    )
    return stage


# -- Pyodide --------------------------------------------------------------------------------


def lock_closure(packages: dict[str, Any], roots: Iterable[str]) -> list[str]:
    seen: list[str] = []
    todo = [canonical(r) for r in roots]
    while todo:
        name = todo.pop()
        if name in seen or name in DROPPED:
            continue
        if name not in packages:
            raise KeyError(f"{name} is not in Pyodide's pyodide-lock.json")
        seen.append(name)
        todo.extend(canonical(d) for d in packages[name]["depends"])
    return sorted(seen)


def lock_entry(wheel: Wheel, known: set[str], standin: bool) -> dict[str, Any]:
    return {
        "name": wheel.name,
        "version": wheel.version,
        "file_name": wheel.path.name,
        "install_dir": "site",
        "sha256": sha256(wheel.path),
        "package_type": "package",
        "imports": list(wheel.imports),
        "depends": sorted({r for r in wheel.requires if r in known and r not in FRONTEND_ONLY}),
        "unvendored_tests": False,
        **({"sheepkit_standin": True} if standin else {}),
    }


def stage_pyodide(dest: Path) -> list[Wheel]:
    """Pyodide's core from npm, the wheels the site needs, and a lock listing exactly those."""
    core = NODE / "pyodide"
    lock = json.loads((core / "pyodide-lock.json").read_text())
    packages: dict[str, Any] = {canonical(k): v for k, v in lock["packages"].items()}
    dest.mkdir(parents=True)
    for name in PYODIDE_FILES:
        shutil.copy2(core / name, dest / name)

    wheels: list[tuple[Wheel, bool]] = []
    for name in lock_closure(packages, KERNEL_START):
        if name in STANDINS:
            continue
        entry = packages[name]
        if not entry["file_name"].endswith("-none-any.whl"):
            raise RuntimeError(
                f"{name} is compiled ({entry['file_name']}): only Pyodide's CDN has it; "
                "give it a stand-in in site/standins/ or drop what needs it"
            )
        wheels.append((read_wheel(pip_download(entry["name"], entry["version"])), False))
    for name, version in EXTRA_WHEELS.items():
        wheels.append((read_wheel(pip_download(name, version)), False))
    for name in KERNEL_WHEELS:
        found = sorted(KERNEL_PYPI.glob(f"{name}-*-none-any.whl"))
        if len(found) != 1:
            raise RuntimeError(f"expected one {name} wheel in {KERNEL_PYPI}, found {found}")
        wheels.append((read_wheel(found[0]), False))
    for folder in sorted(set(STANDINS.values())):
        wheels.append((read_wheel(build_wheel(SITE / "standins" / folder, WORK / "wheels")), True))
    log("building the sheepkit wheel from the working tree")
    wheels.append((read_wheel(build_wheel(sheepkit_source(), WORK / "wheels")), False))

    known = {w.name for w, _ in wheels}
    missing = {
        f"{w.name} needs {r}"
        for w, _ in wheels
        for r in w.requires
        if r not in known and r not in FRONTEND_ONLY
    }
    # sheepkit's own requirements are extras (nothing unconditional): it names what it imports.
    if missing:
        raise RuntimeError("wheels missing from the site: " + ", ".join(sorted(missing)))
    new_packages: dict[str, Any] = {}
    for wheel, standin in wheels:
        shutil.copy2(wheel.path, dest / wheel.path.name)
        new_packages[wheel.name] = lock_entry(wheel, known, standin)
    sheepkit = new_packages["sheepkit"]
    # sheepkit's app extra, as far as the browser has it: `import sheepkit` in a cell loads
    # the widgets with it.
    sheepkit["depends"] = sorted(["ipywidgets", "ipycanvas", "numpy", "pillow"])
    lock["packages"] = dict(sorted(new_packages.items()))
    (dest / "pyodide-lock.json").write_text(json.dumps(lock, indent=1, sort_keys=True))
    return [w for w, _ in wheels]


def make_snapshot(pyodide: Path) -> None:
    """Pyodide's memory after site/snapshot_prepare.py (43 MB) and the files it had installed
    (a blob: read_blob), in WORK until write_bundles packs them."""
    packages = json.dumps(list(KERNEL_PRELOAD))
    prepare = SNAPSHOT_PREPARE.read_text()
    stdlib = pyodide / "python_stdlib.zip"
    shutil.copy2(stdlib, STDLIB_STORED)
    store_zip(STDLIB_STORED)
    deflated = stdlib.read_bytes()
    stdlib.write_bytes(STDLIB_STORED.read_bytes())  # the zip the bundle holds
    try:
        run(
            "node", SITE / "snapshot.mjs", pyodide, SNAPSHOT_RAW, FILES_RAW, packages, prepare,
            cwd=SITE,
        )  # fmt: skip
    finally:
        stdlib.write_bytes(deflated)


def store_zip(path: Path) -> None:
    """Rewrite a zip with every member stored, not deflated (same order, names and dates):
    xz packs Pyodide's standard library so into 1.2 MB of a bundle, where the deflated zip
    took 2.36 MB. The snapshot holds zipimport's index of this very file (its offsets), so the
    snapshot is made with the stored zip, which the bundle holds."""
    with zipfile.ZipFile(path) as source:
        members = [(info, source.read(info)) for info in source.infolist()]
    with zipfile.ZipFile(path, "w", zipfile.ZIP_STORED) as dest:
        for info, data in members:
            info.compress_type = zipfile.ZIP_STORED
            dest.writestr(info, data)


def _pages(data: bytes) -> tuple[list[list[int]], bytes]:
    """The runs of SPARSE_PAGE-sized pages of `data` that hold more than zeros, as [first
    page, count], and those pages' bytes."""
    runs: list[list[int]] = []
    kept = []
    zero = bytes(SPARSE_PAGE)
    for index, at in enumerate(range(0, len(data), SPARSE_PAGE)):
        page = data[at : at + SPARSE_PAGE]
        if page == zero[: len(page)]:
            continue
        if runs and sum(runs[-1]) == index:
            runs[-1][1] += 1
        else:
            runs.append([index, 1])
        kept.append(page)
    return runs, b"".join(kept)


def pack_bundle(parts: list[tuple[str, bytes]]) -> bytes:
    """One xz stream of the parts (BUNDLE_PARTS), as site/start_python.js reads it: a part
    named in SPARSE holds only its pages that are not all zeros, and says which."""
    entries: list[list[Any]] = []
    stored = []
    for name, data in parts:
        if name in SPARSE:
            runs, data_kept = _pages(data)
            entries.append([name, len(data), runs])
            stored.append(data_kept)
        else:
            entries.append([name, len(data)])
            stored.append(data)
    header = json.dumps({"parts": entries}).encode()
    body = b"".join([len(header).to_bytes(4, "little"), header, *stored])
    return lzma.compress(body, format=lzma.FORMAT_XZ, check=lzma.CHECK_CRC32, filters=XZ_FILTERS)


def unpack_bundle(packed: bytes) -> list[tuple[str, bytes]]:
    body = lzma.decompress(packed, format=lzma.FORMAT_XZ)
    length = int.from_bytes(body[:4], "little")
    parts, at = [], 4 + length
    for name, size, *sparse in json.loads(body[4:at])["parts"]:
        if not sparse:
            parts.append((name, body[at : at + size]))
            at += size
            continue
        data = bytearray(size)
        for first, count in sparse[0]:
            start, end = first * SPARSE_PAGE, min(size, (first + count) * SPARSE_PAGE)
            data[start:end] = body[at : at + end - start]
            at += end - start
        parts.append((name, bytes(data)))
    if at != len(body):
        raise ValueError(f"a bundle of {len(body)} bytes whose parts end at {at}")
    return parts


def drop_voici_service_worker(out: Path) -> None:
    """Voici's app without JupyterLite's service worker (VOICI_SERVICE_WORKER)."""
    found = []
    for chunk in (out / "voici" / "build").glob("*.js"):
        text = chunk.read_text()
        new, count = VOICI_SERVICE_WORKER.subn("[]", text)
        if count:
            chunk.write_text(new)
            found += [chunk.name] * count
    if len(found) != 1:
        raise RuntimeError(
            f"expected Voici's app to start the service worker once, found {found}: Voici"
            " changed; update VOICI_SERVICE_WORKER"
        )


def patch_kernel_worker(out: Path) -> None:
    """Make the kernel's worker start Pyodide from the snapshot (WORKER_PATCHES)."""
    start = WORKER_PATCHES[0][1]
    chunks = [p for p in (out / KERNEL_STATIC).glob("*.js") if start in p.read_text()]
    if not chunks:
        raise RuntimeError(
            f"no script in {KERNEL_STATIC} starts Pyodide with {start!r}: the kernel changed;"
            " update WORKER_PATCHES"
        )
    for chunk in chunks:
        text = chunk.read_text()
        for purpose, original, patched in WORKER_PATCHES:
            if original not in text:
                raise RuntimeError(
                    f"{chunk.name} starts Pyodide but lacks the code to {purpose}: "
                    f"{original!r}; update WORKER_PATCHES"
                )
            text = text.replace(original, patched)
        chunk.write_text(text)


# -- notebooks ------------------------------------------------------------------------------


def stage_notebooks(dest: Path) -> list[str]:
    """Copies of notebooks/*.ipynb for the site: the Pyodide kernel's name, and the lab's
    one-line note that numpy is a stand-in (a markdown cell after the first, tagged: the
    Voici pages hide it, SHOW_CELLS_AS_THEY_RUN's style)."""
    dest.mkdir(parents=True)
    names = []
    for source in sorted(NOTEBOOKS.glob("*.ipynb")):
        notebook = json.loads(source.read_text())
        notebook["metadata"]["kernelspec"] = {
            "display_name": "Python (Pyodide)",
            "language": "python",
            "name": "python",
        }
        note = {
            "cell_type": "markdown",
            "id": "sheepkit-site-standins",
            "metadata": {"tags": [STANDIN_TAG]},
            "source": [f"> {STANDIN_NOTE}"],
        }
        if source.stem != WELCOME:
            notebook["cells"].insert(1, note)
        (dest / source.name).write_text(json.dumps(notebook, indent=1) + "\n")
        names.append(source.stem)
    # The helpers a lesson imports from its own folder (none today) would go here too.
    return names


# -- the build ------------------------------------------------------------------------------


def voici_build(lite: Path, contents: Path, out: Path) -> None:
    (lite / "jupyter-lite.json").write_text(
        json.dumps(
            {
                "jupyter-lite-schema-version": 0,
                "jupyter-config-data": {
                    "appName": "sheepkit",
                    # Voila's "preview" button needs a Voila server: not in a static site.
                    "disabledExtensions": ["@voila-dashboards/jupyterlab-preview"],
                    "fullMathjaxUrl": "null",
                    "mathjaxConfig": "null",
                    "litePluginSettings": {
                        KERNEL_PLUGIN: {
                            "disablePyPIFallback": True,
                            "loadPyodideOptions": {
                                "packages": list(KERNEL_PRELOAD),
                                "sheepkitBundles": [BUNDLE, LAB_FILES],
                                "sheepkitDecoder": XZ_DECODER.name,
                            },
                        }
                    },
                },
            },
            indent=2,
        )
    )
    voici = Path(sys.executable).with_name("voici")
    run(
        voici, "build", "--apps", "lab", "--apps", "voici", "--lite-dir", lite,
        "--contents", contents, "--output-dir", out, "--no-sourcemaps",
        "--no-unused-shared-packages",
        cwd=lite,
    )  # fmt: skip


def fix_render_pages(out: Path, notebooks: list[str]) -> None:
    """Voici 0.9 writes the lite folder's "./" URLs unchanged into voici/render/*.html, which
    sit two folders down; and its baseUrl "/" would break a site served from a subfolder (as
    GitHub Pages serves a project). Links between notebooks point at their Voici pages, and
    render pages show their cells as they run (SHOW_CELLS_AS_THEY_RUN)."""
    import teacher_pages  # site/'s own module (this script's folder)

    pages = [*(out / "voici" / "render").glob("*.html"), *(out / "voici" / "tree").glob("*.html")]
    for page in pages:
        html = page.read_text()
        match = _CONFIG_SCRIPT.search(html)
        if match is None:
            raise RuntimeError(f"{page}: no jupyter-config-data")
        config = json.loads(match.group(2))
        config = _relocate(config, "../../")
        config["baseUrl"] = "../../"
        config["fullStaticUrl"] = "../build"  # Voici's own bundle, voici/build/
        # the apps' bundle only: not the files no app reads (APP_LEFT_OUT)
        options = config["litePluginSettings"][KERNEL_PLUGIN]["loadPyodideOptions"]
        options["sheepkitBundles"] = [BUNDLE]
        html = html[: match.start(2)] + json.dumps(config) + html[match.end(2) :]
        for name in notebooks:
            html = html.replace(f'href="{name}.ipynb"', f'href="{name}.html"')
        html = teacher_pages.lesson_links(html)  # ../docs/ from notebooks/: the site's docs/
        if page.parent.name == "render":
            if html.count(RENDERED_CELLS) != 1 or "window.display_cells = function" not in html:
                raise RuntimeError(
                    f"{page}: Voici's page changed: no single {RENDERED_CELLS} after its"
                    " display_cells (SHOW_CELLS_AS_THEY_RUN goes there)"
                )
            # The cells in a main landmark that the keyboard can scroll, as on the Voila
            # server (share/jupyter's lab template); both go with the element into Voici's
            # shell.
            html = html.replace(
                RENDERED_CELLS,
                SHOW_CELLS_AS_THEY_RUN + RENDERED_CELLS + ' role="main" tabindex="0"',
            )
        page.write_text(html)


def _relocate(value: Any, prefix: str, key: str = "") -> Any:
    """Prefix the "./" URLs (values of keys named *Url or *Urls) with `prefix`; module names
    such as a federated extension's "./extension" are not URLs and stay."""
    if isinstance(value, str) and value.startswith("./") and key.endswith(("Url", "Urls")):
        return prefix + value[2:]
    if isinstance(value, dict):
        return {k: _relocate(v, prefix, k) for k, v in value.items()}
    if isinstance(value, list):
        return [_relocate(v, prefix, key) for v in value]
    return value


def local_font_awesome(out: Path) -> None:
    """Voila's templates link Font Awesome (5, and 4 on the tree page) from a CDN: serve npm's
    Font Awesome 5 instead (its v4-shims cover the tree page's v4 class names)."""
    source = NODE / "@fortawesome" / "fontawesome-free"
    dest = out / "voici" / "fontawesome"
    dest.mkdir(parents=True, exist_ok=True)
    shutil.copytree(source / "css", dest / "css", dirs_exist_ok=True)
    shutil.copytree(source / "webfonts", dest / "webfonts", dirs_exist_ok=True)
    pattern = re.compile(r'href="https?://[^"]*font-?awesome[^"]*/css/([\w.-]+\.css)"')
    for page in out.glob("voici/**/*.html"):
        prefix = "../" * (len(page.relative_to(out / "voici").parts) - 1) + "fontawesome/css/"
        html = page.read_text()
        new = pattern.sub(functools.partial(_local_css, prefix=prefix, dest=dest), html)
        if new != html:
            page.write_text(new)


def _local_css(match: re.Match[str], prefix: str, dest: Path) -> str:
    name = match.group(1)
    if name == "font-awesome.min.css":  # Font Awesome 4, on the tree page
        shim = f'<link rel="stylesheet" href="{prefix}v4-shims.min.css"'
        return f'href="{prefix}all.min.css" />{shim}'
    if not (dest / "css" / name).is_file():
        raise RuntimeError(f"no local Font Awesome file for {match.group(0)}")
    return f'href="{prefix}{name}"'


_MERMAID = re.compile(
    r'<script type="module">(?:(?!</script>).)*?mermaid\.esm\.min\.mjs.*?</script>', re.S
)


def drop_mermaid_loader(out: Path) -> None:
    """nbconvert's template imports mermaid from a CDN when a page has a mermaid diagram.
    Our notebooks have none: drop the loader, and refuse to build a page that has one."""
    for page in out.glob("voici/render/*.html"):
        html = page.read_text()
        if re.search(r"class=\"[^\"]*\bjp-Mermaid\b", html):
            raise RuntimeError(f"{page}: a mermaid diagram would need mermaid from a CDN")
        new, count = _MERMAID.subn("<!-- mermaid loader dropped: no diagrams here -->", html)
        if count != 1:
            raise RuntimeError(f"{page}: expected one mermaid loader, found {count}")
        page.write_text(new)


def landing_page(out: Path) -> None:
    """index.html opens the welcome app (the lab stays at lab/). It keeps JupyterLite's
    (empty) config script: the lab reads the index.html of every folder up to the root."""
    target = f"voici/render/{WELCOME}.html"
    (out / "index.html").write_text(
        "<!doctype html>\n<html lang='en'><head><meta charset='utf-8'>\n"
        "<title>sheepkit</title>\n"
        '<script id="jupyter-config-data" type="application/json" '
        'data-jupyter-lite-root=".">{}</script>\n'
        f"<meta http-equiv='refresh' content='0; url={target}'>\n"
        f"<script>location.replace('{target}' + location.search + location.hash)</script>\n"
        "</head><body>\n"
        f"<p><a href='{target}'>sheepkit: open the welcome app</a> or "
        "<a href='lab/index.html'>the notebooks with their code (JupyterLite)</a>; "
        "<a href='docs/index.html'>for teachers: guides, glossary, rules cards</a>.</p>\n"
        "</body></html>\n"
    )


# A URL a browser would load: in a src/href/action attribute, a CSS url() or @import, or a
# JS/JSON string that ends like a file (script, style, wasm, wheel, font, data).
# (A link, <a href>, is loaded only when clicked.)
_ATTR_URL = re.compile(
    r"""<(?!a\b)[a-z][\w-]*\b[^>]*?\s(?:src|href|action|poster|data)\s*=\s*["'](https?:)?//[^"']+""",
    re.I,
)
_CSS_URL = re.compile(r"""(?:url\(\s*["']?|@import\s+["'])(https?:)?//[^"')\s]+""", re.I)
_FILE_URL = re.compile(
    r"""["'`](https?:)?//[^"'`\s]+?\.(?:m?js|css|wasm|whl|zip|json|woff2?|ttf|otf|eot|tar|"""
    r"""gz|bz2|png|svg|ico|data)(?:\?[^"'`\s]*)?["'`]""",
    re.I,
)
_CDN_HOSTS = re.compile(
    r"""(https?:)?//(?:cdn\.jsdelivr\.net|unpkg\.com|cdnjs\.cloudflare\.com|"""
    r"""fonts\.(?:googleapis|gstatic)\.com|pypi\.org|files\.pythonhosted\.org|"""
    r"""[a-z0-9.-]*pyodide\.org)[^"'`\s)]*""",
    re.I,
)


def outside_urls(out: Path) -> list[str]:
    """Every reference to another host that a page could load, as 'file: url'."""
    found = []
    for path in sorted(out.rglob("*")):
        suffixes = {".html", ".js", ".mjs", ".css", ".json", ".ipynb"}
        if path.suffix not in suffixes or not path.is_file():
            continue
        if SCHEMA_DIRS & set(path.relative_to(out).parts[:-1]):
            continue
        text = path.read_text(errors="replace")
        patterns = [_CDN_HOSTS, _FILE_URL]
        if path.suffix in {".html", ".css"}:
            patterns += [_ATTR_URL, _CSS_URL]
        if path.as_posix().endswith(CONFIG_JSON):
            patterns.append(re.compile(r'"(https?:)?//[^"]+"'))
        for pattern in patterns:
            for match in pattern.finditer(text):
                url = match.group(0)
                context = text[max(0, match.start() - 20) : match.end() + 20]
                if any(part in context for part in ALLOWED_URL_PARTS):
                    continue
                found.append(f"{path.relative_to(out)}: {url.strip(chr(34) + chr(39) + '`')}")
    return sorted(set(found))


def read_blob(data: bytes) -> tuple[dict[str, Any], list[tuple[str, bytes]]]:
    """A files blob (site/snapshot.mjs): its header, and each file's path and bytes."""
    length = int.from_bytes(data[:4], "little")
    header = json.loads(data[4 : 4 + length])
    files, at = [], 4 + length
    for name, size in header["files"]:
        files.append((name, data[at : at + size]))
        at += size
    return header, files


def write_blob(header: dict[str, Any], files: list[tuple[str, bytes]]) -> bytes:
    head = json.dumps({**header, "files": [[n, len(b)] for n, b in files]}).encode()
    return b"".join([len(head).to_bytes(4, "little"), head, *(b for _, b in files)])


def served_tables(
    files: list[tuple[str, bytes]],
) -> tuple[list[tuple[str, bytes]], dict[str, bytes]]:
    """The files without the solved tables (SITE_DATA), with each data folder's index of
    where the site serves them, and the tables by the path each is served at (its name with
    its content's hash, under SITE_DATA_DIR)."""
    kept: list[tuple[str, bytes]] = []
    tables: dict[str, bytes] = {}
    indexes: dict[str, dict[str, str]] = {}
    for name, data in files:
        match = SITE_DATA.search(name)
        if match is None:
            kept.append((name, data))
            continue
        file = match.group(2)
        stem, _, suffix = file.partition(".")
        served = f"{SITE_DATA_DIR}/{stem}.{hashlib.sha256(data).hexdigest()[:16]}.{suffix}"
        tables[served] = data
        indexes.setdefault(name[: name.rindex("/")], {})[file] = served
    if not indexes:
        raise RuntimeError("no solved tables found in the files blob: SITE_DATA changed?")
    for folder, index in sorted(indexes.items()):
        kept.append((f"{folder}/{SITE_DATA_INDEX}", json.dumps(index, indent=1).encode()))
    return kept, tables


def split_files(out: Path, blob: bytes) -> tuple[bytes, bytes]:
    """The solved tables out of the files blob, beside the site under hashed names, with an
    index in each data folder (served_tables); returns the apps' blob and the blob of what
    only the lab reads (APP_LEFT_OUT)."""
    header, files = read_blob(blob)
    kept, tables = served_tables(files)
    for served, data in tables.items():
        (out / served).parent.mkdir(parents=True, exist_ok=True)
        (out / served).write_bytes(data)
    app, lab = [], []
    for name, data in kept:
        left_out = APP_LEFT_OUT.match(name.partition("/site-packages/")[2])
        (lab if left_out else app).append((name, data))
    log(
        f"files: {len(app)} for every page ({sum(len(b) for _, b in app) / 1e6:.1f} MB),"
        f" {len(lab)} more for the lab, {len(tables)} solved tables beside"
    )
    return write_blob(header, app), write_blob(header, lab)


def write_bundles(out: Path) -> None:
    """Every page's bundle (BUNDLE_PARTS) and the lab's files (LAB_FILES) in Pyodide's folder,
    with the decoder; packed at once (the first takes about 30 s)."""
    pyodide = out / "static" / "pyodide"
    app_files, lab_files = split_files(out, FILES_RAW.read_bytes())
    jobs = {
        BUNDLE: [
            ("pyodide.asm.wasm", (pyodide / "pyodide.asm.wasm").read_bytes()),
            ("python_stdlib.zip", STDLIB_STORED.read_bytes()),
            ("snapshot", SNAPSHOT_RAW.read_bytes()),
            ("files", app_files),
        ],
        LAB_FILES: [("lab-files", lab_files)],
    }
    with ThreadPoolExecutor(len(jobs)) as pool:
        for name, data in zip(jobs, pool.map(pack_bundle, jobs.values()), strict=True):
            (pyodide / name).write_bytes(data)
            log(f"{name}: {len(data) / 1e6:.2f} MB")
    shutil.copy2(XZ_DECODER, pyodide / XZ_DECODER.name)


def folder_digest(folder: Path) -> str:
    digest = hashlib.sha256()
    for path in sorted(p for p in folder.rglob("*") if p.is_file()):
        digest.update(path.relative_to(folder).as_posix().encode() + b"\0")
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()[:16]


def _named(relative: str) -> re.Pattern[str]:
    """A page's or config's reference to a folder by its path relative to the file."""
    return re.compile(rf"(?<![\w/.-])(\./)?{re.escape(relative)}(?=[/\"'])")


def _referrers(out: Path) -> list[Path]:
    return [*out.glob("*.json"), *out.glob("*.html"), *out.glob("voici/**/*.html")]


def version_folders(out: Path) -> dict[str, str]:
    """Rename each VERSIONED folder with its content's hash and rewrite what names it (the
    pages, their configs, jupyter-lite.json); returns old -> new."""
    renamed = {old: f"{old}-{folder_digest(out / old)}" for old in VERSIONED}
    for old, new in renamed.items():
        (out / old).rename(out / new)
    for path in _referrers(out):
        text = original = path.read_text()
        for old, new in renamed.items():
            relative = os.path.relpath(out / old, path.parent)
            renamed_to = os.path.relpath(out / new, path.parent)
            text = _named(relative).sub(lambda m, to=renamed_to: (m.group(1) or "") + to, text)
        if text != original:
            path.write_text(text)
    log("versioned: " + ", ".join(f"{new}/" for new in renamed.values()))
    return renamed


def precompress(out: Path) -> tuple[int, int]:
    """`name.gz` (and `name.br` with the brotli module) beside every text and wasm file above
    PRECOMPRESS_MIN bytes, where that saves at least a tenth; returns how many of each."""
    try:
        import brotli  # type: ignore[import-not-found, import-untyped, unused-ignore]
    except ImportError:
        brotli = None
        log("no brotli module in this Python: gzip copies only")
    counts = [0, 0]
    for path in sorted(out.rglob("*")):
        if path.suffix not in PRECOMPRESS or not path.is_file():
            continue
        data = path.read_bytes()
        if len(data) < PRECOMPRESS_MIN:
            continue
        copies = [(".gz", gzip.compress(data, 9, mtime=0))]
        if brotli is not None:
            copies.append((".br", brotli.compress(data, quality=11)))
        for suffix, packed in copies:
            if len(packed) <= 0.9 * len(data):
                path.with_name(path.name + suffix).write_bytes(packed)
                counts[suffix == ".br"] += 1
    log(f"precompressed: {counts[0]} .gz and {counts[1]} .br copies")
    return counts[0], counts[1]


def check_site(out: Path, notebooks: list[str]) -> None:
    import teacher_pages

    problems = [f"outside URL in {u}" for u in outside_urls(out)]
    problems += teacher_pages.check_pages(out)
    import play_pages

    problems += play_pages.check_pages(out)
    for name in notebooks:
        page = out / "voici" / "render" / f"{name}.html"
        if not page.is_file():
            problems.append(f"no Voici page for {name}.ipynb")
        elif SHOW_CELLS_AS_THEY_RUN not in page.read_text():
            problems.append(f"the Voici page of {name}.ipynb hides its cells until all have run")
        if not (out / "files" / f"{name}.ipynb").is_file():
            problems.append(f"no lab copy of {name}.ipynb")
    found = sorted(out.glob("static/pyodide-*/pyodide.js"))
    if len(found) != 1:
        raise SystemExit(f"site check FAILED: expected one static/pyodide-<hash>/, found {found}")
    pyodide = found[0].parent
    pyodide_url = f"{pyodide.relative_to(out).as_posix()}/pyodide.js"
    lab = [BUNDLE, LAB_FILES]
    configs = {"jupyter-lite.json": ("./", _lite_settings(out / "jupyter-lite.json"), lab)}
    for page in sorted([*out.glob("voici/render/*.html"), *out.glob("voici/tree/*.html")]):
        configs[str(page.relative_to(out))] = ("../../", _page_settings(page), [BUNDLE])
    for where, (prefix, settings, bundles) in configs.items():
        if settings.get("disablePyPIFallback") is not True:
            problems.append(f"{where}: disablePyPIFallback is not true")
        if settings.get("pyodideUrl") != f"{prefix}{pyodide_url}":
            problems.append(f"{where}: pyodideUrl is {settings.get('pyodideUrl')!r}")
        options = settings.get("loadPyodideOptions", {})
        named = (options.get("sheepkitBundles"), options.get("sheepkitDecoder"))
        if named != (bundles, XZ_DECODER.name):
            problems.append(f"{where}: loadPyodideOptions names {named}, not {bundles}")
    for name in (BUNDLE, LAB_FILES, XZ_DECODER.name):
        if not (pyodide / name).is_file():
            problems.append(f"{pyodide.name}/{name} is missing")
    for path in _referrers(out):
        for old in VERSIONED:  # every page names the versioned folders by their new names
            if _named(os.path.relpath(out / old, path.parent)).search(path.read_text()):
                problems.append(f"{path.relative_to(out)} names {old}/, not its versioned name")
    scripts = [p.read_text() for p in (out / KERNEL_STATIC).glob("*.js")]
    for purpose, original, patched in WORKER_PATCHES:
        if any(original in text for text in scripts):
            problems.append(f"a kernel worker script is not patched to {purpose}")
        if not any(patched in text for text in scripts):
            problems.append(f"no kernel worker script is patched to {purpose}")
    lock = json.loads((pyodide / "pyodide-lock.json").read_text())
    for name in KERNEL_PRELOAD:  # Pyodide stops at start on a package its lock lacks
        if canonical(name) not in lock["packages"]:
            problems.append(f"loadPyodideOptions preloads {name}, which pyodide-lock.json lacks")
    for name, entry in lock["packages"].items():
        wheel = pyodide / entry["file_name"]
        if not wheel.is_file():
            problems.append(f"pyodide-lock.json lists {name} but {wheel.name} is not there")
        elif sha256(wheel) != entry["sha256"]:
            problems.append(f"pyodide-lock.json: sha256 of {wheel.name} differs")
    if problems:
        raise SystemExit("site check FAILED:\n  " + "\n  ".join(problems))


KERNEL_PLUGIN = "@jupyterlite/pyodide-kernel-extension:kernel"
# Voici shows a page only once every cell has run, behind an "Executing i of n" cover; a
# lesson's app sits mid-notebook, and the cells below it took a page 1-2 s more. Voila's own
# progressive rendering shows each cell as it runs, and so does the site: the cover stays while
# the kernel starts, then the page shows with a small note of the cells still running, and each
# output as its cell ends. `window.sheepkitCellsRun` says when all have (the tests wait for it).
SHOW_CELLS_AS_THEY_RUN = """<style>
body.sk-cells-running > #main.jp-LabShell { display: none; }
.jp-Cell:has(.celltag_sheepkit-site), .celltag_sheepkit-site { display: none; }
#sk-running {
  position: fixed; right: 12px; bottom: 12px; z-index: 1000; padding: 4px 10px;
  border-radius: 12px; background: #f0f0f0; color: #333; font: 13px sans-serif;
  box-shadow: 0 1px 3px rgba(0, 0, 0, .3);
}
</style>
<script>
(() => {
  const cover = window.update_loading_text, show = window.display_cells;
  let note = null;
  // Voici's display_cells waits for the theme (it defers to the theme plugin otherwise)
  const reveal = () => (window.themeLoaded ? show() : setTimeout(reveal, 50));
  window.update_loading_text = (index, count, text) => {
    if (text !== null || index < 1) return cover(index, count, text);
    if (note === null) {
      note = document.createElement("div");
      note.id = "sk-running";
      note.setAttribute("role", "status");
      document.body.appendChild(note);
      // Voici's (empty) app shell covers the page until it takes the cells in, at the end
      document.body.classList.add("sk-cells-running");
      reveal();
    }
    note.textContent = `Running the lesson: cell ${index} of ${count}`;
  };
  // Voici's shell then takes the cells into its own scrolling panel, which starts at the top:
  // keep the cell at the top of the window where it was (a pupil may be playing further down).
  const scroller = (el) => {
    for (let e = el.parentElement; e; e = e.parentElement) {
      const overflow = getComputedStyle(e).overflowY;
      if ((overflow === "auto" || overflow === "scroll") && e.scrollHeight > e.clientHeight) {
        return e;
      }
    }
    return document.scrollingElement;
  };
  const keepPlace = () => {
    const cells = Array.from(document.querySelectorAll("#rendered_cells [cell-index]"));
    const anchor = cells.find((c) => c.getBoundingClientRect().bottom > 0);
    if (!anchor || anchor === cells[0]) return;
    const top = anchor.getBoundingClientRect().top;
    const put = (frames) => {
      const moved = anchor.getBoundingClientRect().top - top;
      if (Math.abs(moved) > 1) scroller(anchor).scrollBy(0, moved);
      if (frames > 0) requestAnimationFrame(() => put(frames - 1));
    };
    requestAnimationFrame(() => put(10));
  };
  window.display_cells = () => {  // Voici calls it once the last cell has run
    if (note !== null) keepPlace();
    show();
    if (note !== null) note.remove();
    document.body.classList.remove("sk-cells-running");
    window.sheepkitCellsRun = true;
  };
})();
</script>
"""
# Where it goes: after Voici's own definitions of those two functions.
RENDERED_CELLS = '<div id="rendered_cells"'
_CONFIG_SCRIPT = re.compile(
    r'(<script id="jupyter-config-data" type="application/json">)(.*?)(</script>)', re.S
)


def _lite_settings(path: Path) -> dict[str, Any]:
    config = json.loads(path.read_text())["jupyter-config-data"]
    settings: dict[str, Any] = config["litePluginSettings"].get(KERNEL_PLUGIN, {})
    return settings


def _page_settings(page: Path) -> dict[str, Any]:
    match = _CONFIG_SCRIPT.search(page.read_text())
    if match is None:
        return {}
    settings: dict[str, Any] = json.loads(match.group(2))["litePluginSettings"].get(
        KERNEL_PLUGIN, {}
    )
    return settings


def size(out: Path) -> tuple[float, int]:
    files = [p for p in out.rglob("*") if p.is_file()]
    return sum(p.stat().st_size for p in files) / 1e6, len(files)


def build(out: Path) -> None:
    if not (NODE / "pyodide" / "pyodide.js").is_file():
        raise SystemExit(f"{NODE}/pyodide is missing: run `npm ci` in site/ (make site does)")
    if WORK.exists():
        for sub in ("lite", "contents", "wheels", "sheepkit-src"):
            shutil.rmtree(WORK / sub, ignore_errors=True)
    lite = WORK / "lite"
    lite.mkdir(parents=True)
    log("staging Pyodide and the wheels")
    wheels = stage_pyodide(lite / "static" / "pyodide")
    log("snapshot of a Python that has imported IPython and sheepkit")
    make_snapshot(lite / "static" / "pyodide")
    log(f"{len(wheels)} wheels: " + ", ".join(f"{w.name} {w.version}" for w in wheels))
    notebooks = stage_notebooks(WORK / "contents")
    tmp_out = out.with_name(out.name + ".tmp")
    shutil.rmtree(tmp_out, ignore_errors=True)
    log("voici build (lab + voici)")
    voici_build(lite, WORK / "contents", tmp_out)
    fix_render_pages(tmp_out, notebooks)
    patch_kernel_worker(tmp_out)
    drop_voici_service_worker(tmp_out)
    local_font_awesome(tmp_out)
    drop_mermaid_loader(tmp_out)
    landing_page(tmp_out)
    log("teachers' pages: the guides, the glossary, the rules cards")
    import teacher_pages

    teacher_pages.write_pages(tmp_out)
    (tmp_out / ".nojekyll").write_text("")  # GitHub Pages: serve folders starting with _
    write_bundles(tmp_out)
    version_folders(tmp_out)
    log("play pages: Pyodide, sheepkit and a canvas, with a snapshot of their own")
    import play_pages

    play_pages.write_play_pages(tmp_out)
    check_site(tmp_out, notebooks)
    precompress(tmp_out)
    shutil.rmtree(out, ignore_errors=True)
    tmp_out.rename(out)
    megabytes, count = size(out)
    log(f"built {out.relative_to(REPO)}: {megabytes:.1f} MB in {count} files")


def main(argv: Iterator[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=REPO / "_site")
    parser.add_argument("--check-only", action="store_true", help="check an existing build")
    args = parser.parse_args(list(argv) if argv is not None else None)
    out: Path = args.out.resolve()
    os.chdir(REPO)
    if args.check_only:
        check_site(out, [p.stem for p in NOTEBOOKS.glob("*.ipynb")])
        return
    build(out)


if __name__ == "__main__":
    main()
