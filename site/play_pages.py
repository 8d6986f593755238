"""The play pages of the static site (issue 36, part 3): `play/<game>.html` for each game, a
plain page that runs Pyodide and sheepkit's play page (`sheepkit.play_page`) in a worker and
draws the game's own drawing on a `<canvas>`: no JupyterLite, no widgets, no IPython.

`site/build.py` calls `write_play_pages(out)` once the Pyodide folder has its versioned name
(before the checks and the precompressed copies, which cover these pages too). It makes:

- the play pages' own memory snapshot (site/play_snapshot.mjs, running site/play_prepare.py
  in the site's Pyodide with only the sheepkit wheel unpacked) and the files of that wheel
  without the solved tables (fetched when a bot first needs one, from where the build put
  them: `static/sheepkit-data/`, as the app pages do);
- the page's Python as two xz bundles, made as the apps' bundle is (site/build.py's
  pack_bundle): Pyodide's wasm with the snapshot, and the standard library as a stored zip
  (the one the snapshot was made with) with the files; the worker decodes them side by side
  with the apps' own code (site/start_python.js, copied beside it) and decoder; the files
  alone, gzipped, for a worker that starts Python from nothing;
- with the page's script, its worker and its style sheet (site/play/), a folder named with
  its content's hash, `static/play-<hash>/`, which a server may let browsers keep a year;
- `play/<game>.html`, the pages themselves (revalidated, as every page);
- links to them: on the landing page, on the welcome app (a line above its table of games)
  and beside each lesson's "Play the game now" (the built site's copies only: `make app`
  serves no play pages, so the notebooks keep their one link).

Run it alone on a built site to try a change of the page: `python site/play_pages.py _site`
(the versioned names of the Pyodide folder and of the tables are read from the site).
"""

from __future__ import annotations

import argparse
import gzip
import html
import importlib
import json
import re
import shutil
import subprocess
import sys
from pathlib import Path
from typing import Any

SITE = Path(__file__).resolve().parent
REPO = SITE.parent
WORK = REPO / "build" / "site"
SOURCES = SITE / "play"  # the page's script, worker and style sheet
ASSETS = ("play.js", "worker.js", "play.css")
PLAY_DIR = "play"  # the pages: play/<game>.html
STATIC = "static/play"  # then static/play-<hash>/
# The page's Python as two xz bundles (pack_bundle), which the worker decodes side by side, each
# about half the work: the wasm (first: it compiles as it comes) with the stored standard
# library and the files, and the snapshot alone. 1.2 MB more than one bundle (the snapshot
# holds the wasm's data again, which one stream shares).
BUNDLES = {
    "python-play.xz.bin": ("pyodide.asm.wasm", "python_stdlib.zip", "files"),
    "python-play-snapshot.xz.bin": ("snapshot",),
}
FILES = "python-files.bin"  # the files alone, gzipped: for a start without the snapshot
# site/start_python.js's function, as a script the worker imports: self.sheepkitStartPython
START = "start_python.js"
# What each lesson's "Play the game now" link looks like in its built page's notebook.
LESSON_LINK = "**[Play the game now: skip the lesson to the app](#play)**"
WELCOME_TABLE = "\\n\\n| Game | What kind of game |"


def log(message: str) -> None:
    print(f"== site: {message}", flush=True)


def games() -> list[tuple[str, str]]:
    """(name, title) of every game."""
    sys.path.insert(0, str(REPO))
    import sheepkit

    return [(name, sheepkit.load(name).title) for name in sheepkit.games()]


def without_tables(out: Path, blob: bytes) -> bytes:
    """The files blob with the solved tables left out and each data folder's index of where
    the site serves them (build.py's served_tables: the build put them there already)."""
    build = _build()
    header, files = build.read_blob(blob)
    kept, tables = build.served_tables(files)
    for served in tables:
        if not (out / served).is_file():
            raise RuntimeError(f"no solved table at {served}: did the build split the tables?")
    return bytes(build.write_blob(header, kept))


def _build() -> Any:
    """site/build.py, for its bundle's functions (imported here: build.py imports this)."""
    if str(SITE) not in sys.path:
        sys.path.insert(0, str(SITE))
    return importlib.import_module("build")


def make_snapshot(out: Path, pyodide: Path, dest: Path, wheel: Path | None = None) -> None:
    """The play pages' bundles (BUNDLES) and their files alone (FILES, gzipped) into ``dest``:
    of the site's sheepkit wheel, or of ``wheel``."""
    build = _build()
    if wheel is None:
        lock = json.loads((pyodide / "pyodide-lock.json").read_text())
        wheel = pyodide / lock["packages"]["sheepkit"]["file_name"]
    WORK.mkdir(parents=True, exist_ok=True)
    raw, files = WORK / "play-snapshot.raw", WORK / "play-files.raw"
    stdlib = WORK / "play-stdlib.stored.zip"
    shutil.copyfile(pyodide / "python_stdlib.zip", stdlib)
    build.store_zip(stdlib)  # the bundle's, which the snapshot records positions in
    prepare = (SITE / "play_prepare.py").read_text()
    command = ["node", str(SITE / "play_snapshot.mjs"), str(pyodide), str(wheel), str(stdlib)]
    subprocess.run([*command, str(raw), str(files), prepare], check=True, cwd=SITE)
    blob = without_tables(out, files.read_bytes())
    parts = [
        ("pyodide.asm.wasm", (pyodide / "pyodide.asm.wasm").read_bytes()),
        ("python_stdlib.zip", stdlib.read_bytes()),
        ("snapshot", raw.read_bytes()),
        ("files", blob),
    ]
    named = dict(parts)
    packed = sorted(name for names in BUNDLES.values() for name in names)
    if packed != sorted(named) or set(named) != set(build.BUNDLE_PARTS):
        raise RuntimeError(f"the play bundles' parts are not {build.BUNDLE_PARTS}")
    for bundle, names in BUNDLES.items():
        (dest / bundle).write_bytes(build.pack_bundle([(name, named[name]) for name in names]))
    (dest / FILES).write_bytes(gzip.compress(blob, 9, mtime=0))
    text = build.START_PYTHON.read_text()
    (dest / START).write_text(f"self.sheepkitStartPython = {text[text.index('async (') :]}")
    for path in (raw, files, stdlib):
        path.unlink()


def page(name: str, title: str, static: str, pyodide: str, decoder: str) -> str:
    """``play/<name>.html``: ``static`` and ``pyodide`` are the versioned folders' names,
    ``decoder`` the xz decoder's name in the latter."""
    up = "../"
    sys.path.insert(0, str(REPO))
    from sheepkit.session import MAX_RECORD_CHARS  # the longest record the page's Python reads

    s, t = f"{up}{static}/", html.escape(title)
    bundles = " ".join(f"{s}{bundle}" for bundle in BUNDLES)
    preloads = "\n".join(
        f'<link rel="preload" href="{s}{bundle}" as="fetch" crossorigin>' for bundle in BUNDLES
    )
    return f"""<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Play {t} (sheepkit)</title>
<link rel="stylesheet" href="{s}play.css">
{preloads}
<script src="{s}play.js" defer></script>
</head>
<body>
<main id="sk-play" aria-busy="true" data-game="{name}" data-worker="{s}worker.js"
 data-pyodide="{up}{pyodide}/" data-start="{s}{START}" data-bundles="{bundles}"
 data-decoder="{up}{pyodide}/{decoder}" data-files="{s}{FILES}"
 data-max-record="{MAX_RECORD_CHARS}">
<h1>{t}</h1>
<nav aria-label="About this game">
<a href="{up}docs/cards/{name}.html">Rules card</a>
<a href="{up}voici/render/{name}.html">The lesson</a>
<a href="{up}voici/render/00_welcome.html">All games</a>
</nav>
<p id="sk-loading" role="status">Starting Python in this page (a few seconds the first
time)…</p>
<div class="sk-row">
<div class="sk-board-col">
<canvas id="sk-board" width="560" height="360" tabindex="0" role="img"
 aria-labelledby="sk-board-name" aria-describedby="sk-board-words"></canvas>
<p id="sk-board-name" class="sk-sr">{t} board</p>
<div id="sk-board-words" class="sk-sr"></div>
<button type="button" id="sk-describe" aria-expanded="false"
 aria-controls="sk-shown-words">Describe the board</button>
<div id="sk-shown-words" hidden></div>
<div id="sk-live" class="sk-sr" aria-live="polite"></div>
</div>
<div class="sk-controls">
<div id="sk-status"><p id="sk-status-text"></p><p id="sk-note"></p></div>
<button type="button" id="sk-curtain" hidden></button>
<div id="sk-moves" role="group" aria-label="Moves"></div>
<div id="sk-tools" role="group" aria-label="The board's tools"></div>
<div id="sk-move-list" hidden>
<label for="sk-move-select">Move:</label> <select id="sk-move-select"></select>
<button type="button" id="sk-move-play">Play this move</button>
</div>
<div id="sk-race" role="group" aria-label="Race"></div>
<div id="sk-chance" hidden>
<button type="button" id="sk-roll">Roll</button>
<span id="sk-rig-row"><label for="sk-rig">Or pick:</label> <select id="sk-rig"></select>
<button type="button" id="sk-rig-use" title="Rig the roll">Use this outcome</button></span>
</div>
<div id="sk-history">
<button type="button" id="sk-undo">Undo</button>
<button type="button" id="sk-redo">Redo</button>
<button type="button" id="sk-new">New game</button>
<div id="sk-browse" hidden><label for="sk-slider">History</label>
<input type="range" id="sk-slider" min="0" max="0" value="0" step="1"></div>
</div>
<fieldset id="sk-seats"><legend>Seats</legend><div id="sk-seats-list"></div></fieldset>
<div id="sk-bots">
<label><input type="checkbox" id="sk-autoplay" checked> Auto-play bots</label>
<button type="button" id="sk-step">Bot: play one move</button>
<br><label for="sk-delay">Bots' delay</label>
<input type="range" id="sk-delay" min="50" max="2000" step="50" value="500">
<span id="sk-delay-ms" aria-hidden="true"></span>
</div>
<details id="sk-rules"><summary>Rules of this game</summary>
<div id="sk-rules-inputs"></div>
<button type="button" id="sk-rules-apply">New game with these rules</button>
<p id="sk-rules-note" role="status"></p>
</details>
<details id="sk-records"><summary>Save or load this game</summary>
<button type="button" id="sk-save">Save the record</button>
<label for="sk-load">Load a record:</label>
<input type="file" id="sk-load" accept=".json,application/json">
<p id="sk-records-note" role="status"></p>
</details>
<section id="sk-tables" aria-labelledby="sk-tables-title">
<h2 id="sk-tables-title">Play together</h2>
<div id="sk-tables-in" hidden>
<button type="button" id="sk-table-open">Open a table</button>
<span class="sk-nowrap"><label for="sk-table-code">Table code</label>
<input id="sk-table-code" autocomplete="off" placeholder="e.g. K7QX" size="8"></span>
<button type="button" id="sk-table-look">Join with this code</button>
<div id="sk-table-sits" role="group" aria-label="The table's seats"></div>
</div>
<div id="sk-table-at" hidden>
<p id="sk-table-info"></p>
<ul id="sk-table-seats" aria-label="Seats at the table"></ul>
<button type="button" id="sk-table-start">Start the game</button>
<span id="sk-table-bot-row" hidden><label for="sk-table-away">Away seat</label>
<select id="sk-table-away"></select> <label for="sk-table-bot">Bot</label>
<select id="sk-table-bot"></select>
<button type="button" id="sk-table-bot-use">Hand it to the bot</button></span>
<button type="button" id="sk-table-close">Close the table</button>
<button type="button" id="sk-table-leave">Leave the table</button>
</div>
<p id="sk-tables-note" role="status"></p>
</section>
<h2 id="sk-log-title">Game log</h2>
<ol id="sk-log" reversed aria-labelledby="sk-log-title" tabindex="0"></ol>
</div>
</div>
</main>
</body>
</html>
"""


def add_links(out: Path, names: list[tuple[str, str]]) -> None:
    """The play pages linked from the landing page, the welcome app and each lesson."""
    quick = " · ".join(f"[{title}](../../{PLAY_DIR}/{name}.html)" for name, title in names)
    welcome = out / "voici" / "render" / "00_welcome.html"
    text = welcome.read_text()
    if "**Just play**" in text:  # linked already (this module run again on a built site)
        return
    if text.count(WELCOME_TABLE) != 1:
        raise RuntimeError(f"{welcome.name}: its table of games is not where the build looks")
    line = f"\\n\\n**Just play** (a light page that starts in a second, no lesson): {quick}"
    welcome.write_text(text.replace(WELCOME_TABLE, line + WELCOME_TABLE))
    for name, _ in names:
        lesson = out / "voici" / "render" / f"{name}.html"
        text = lesson.read_text()
        if text.count(LESSON_LINK) != 1:
            raise RuntimeError(f"{lesson.name}: no 'Play the game now' link to add to")
        link = f"{LESSON_LINK} or [on a light page of its own](../../{PLAY_DIR}/{name}.html)"
        lesson.write_text(text.replace(LESSON_LINK, link))
    landing = out / "index.html"
    items = "".join(
        f"<li><a href='{PLAY_DIR}/{n}.html'>{html.escape(t)}</a></li>" for n, t in names
    )
    text = landing.read_text()
    landing.write_text(text.replace("</body>", f"<p>Just play:</p><ul>{items}</ul>\n</body>"))


def write_play_pages(out: Path, wheel: Path | None = None) -> list[str]:
    """Everything of the play pages into the built site ``out`` (with the site's sheepkit
    wheel, or ``wheel``); returns the pages' paths."""
    found = sorted(out.glob("static/pyodide-*/pyodide.js"))
    if len(found) != 1:
        raise RuntimeError(f"expected one static/pyodide-<hash>/ in {out}, found {found}")
    pyodide = found[0].parent
    for old in out.glob(f"{STATIC}-*"):  # an earlier run's (this module run alone)
        shutil.rmtree(old)
    staged = out / STATIC
    shutil.rmtree(staged, ignore_errors=True)
    staged.mkdir(parents=True)
    for asset in ASSETS:
        shutil.copyfile(SOURCES / asset, staged / asset)
    make_snapshot(out, pyodide, staged, wheel)
    static = f"{STATIC}-{_build().folder_digest(staged)}"
    staged.rename(out / static)
    names = games()
    (out / PLAY_DIR).mkdir(exist_ok=True)
    written = []
    folder, decoder = pyodide.relative_to(out).as_posix(), _build().XZ_DECODER.name
    if not (pyodide / decoder).is_file():
        raise RuntimeError(f"{pyodide} has no {decoder}: did the build write the bundles?")
    for name, title in names:
        path = f"{PLAY_DIR}/{name}.html"
        (out / path).write_text(page(name, title, static, folder, decoder))
        written.append(path)
    add_links(out, names)
    sizes = ", ".join(
        f"{p.name} {p.stat().st_size / 1e6:.2f} MB" for p in sorted((out / static).glob("*.bin"))
    )
    log(f"play pages: {len(written)} in {PLAY_DIR}/, {static}/ ({sizes})")
    return written


def check_pages(out: Path) -> list[str]:
    """Problems: a play page missing, or naming a file the site does not have."""
    problems = []
    for name, _ in games():
        path = out / PLAY_DIR / f"{name}.html"
        if not path.is_file():
            problems.append(f"{PLAY_DIR}/{name}.html is missing")
            continue
        text = path.read_text()
        named = re.findall(r'(?:href|src|data-[a-z]+)="(\.\./[^"]+)"', text)
        for target in (t for value in named for t in value.split(" ")):
            if not (path.parent / target).resolve().exists():
                problems.append(f"{PLAY_DIR}/{name}.html names {target}, which is not there")
    return problems


def main() -> None:
    parser = argparse.ArgumentParser(description="The play pages, into a built site.")
    parser.add_argument("site", type=Path, nargs="?", default=REPO / "_site")
    parser.add_argument("--wheel", type=Path, help="a sheepkit wheel (default: the site's)")
    args = parser.parse_args()
    site = args.site.resolve()
    write_play_pages(site, args.wheel)
    if problems := check_pages(site):
        raise SystemExit("play pages FAILED:\n  " + "\n  ".join(problems))


if __name__ == "__main__":
    main()
