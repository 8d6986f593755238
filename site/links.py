"""Write the project's own Binder and static-site links into README.md and the welcome notebook.

    python3 site/links.py                 # from `git remote get-url origin` (make links)
    python3 site/links.py --remote URL    # from a given GitHub URL instead
    python3 site/links.py --check         # fail if the files do not hold the remote's links

Each file keeps its links between two markers, ``<!-- links:NAME -->`` and ``<!-- /links -->``
(HTML comments, which Markdown, JupyterLab and Voila do not show); the script writes the
block again from the remote, so it can run again after the repository moves. Until it has
run, the blocks say OWNER/REPO. Only the standard library: it runs before .venv exists.
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
BRANCH = "main"
PLACEHOLDER = ("OWNER", "REPO")
#: owner/name of a GitHub remote: https://github.com/o/n(.git), git@github.com:o/n(.git),
#: ssh://git@github.com/o/n(.git)
_GITHUB = re.compile(
    r"^(?:https?://(?:[^@/]+@)?github\.com/|git@github\.com:|ssh://git@github\.com/)"
    r"([A-Za-z0-9](?:[A-Za-z0-9-]{0,38}))/([A-Za-z0-9._-]+?)(?:\.git)?/?$"
)
_BLOCK = re.compile(r"(<!-- links:(?P<name>[a-z]+) -->\n)(?P<body>.*?)(<!-- /links -->)", re.S)

#: The text of each block, by name; {site}, {apps} and {lessons} are the addresses.
BLOCKS = {
    "readme": (
        "Open it without installing anything: the **static site** <{site}> (the apps and the lab\n"
        "run in the browser on Pyodide, published by `.github/workflows/pages.yml`), or Binder\n"
        "([apps]({apps}), [lessons]({lessons})). These links are made by `make links` from the\n"
        "git remote. In the static site `numpy` and `PIL` are small stand-ins (see\n"
        'site/README.md, "Why each step"). How a class of 28 gets in, and how long each way takes\n'
        "to open: [docs/guides/getting_the_class_in.md](docs/guides/getting_the_class_in.md).\n"
    ),
    "binder": (
        "- Apps (Voila, code hidden): <{apps}>\n- Lessons (JupyterLab, code visible): <{lessons}>\n"
    ),
    "welcome": (
        "## Open the apps\n"
        "\n"
        "* **At school:** open the address your teacher writes on the board.\n"
        "* **At home, nothing to install:** the [static site]({site}). The first page takes a\n"
        "  few seconds to start.\n"
        "* **On Binder:** the [apps]({apps}) or the [lessons in JupyterLab]({lessons}). Binder\n"
        "  can take a few minutes to start.\n"
        "\n"
        "Teachers: [getting the class in](../docs/guides/getting_the_class_in.md) says which way\n"
        "to choose, what to try the day before, and how long each way takes to open.\n"
    ),
}
#: The files holding blocks, and which blocks each must hold.
FILES = {"README.md": ("readme", "binder"), "notebooks/00_welcome.ipynb": ("welcome",)}


class NoRemote(Exception):
    """The repository has no GitHub remote to make the links from."""


def owner_and_name(url: str) -> tuple[str, str]:
    """The GitHub owner and repository of a remote URL."""
    match = _GITHUB.match(url.strip())
    if not match:
        raise NoRemote(f"not a GitHub repository URL: {url.strip()!r}")
    return match[1], match[2]


def remote_url(root: Path) -> str:
    done = subprocess.run(
        ["git", "-C", str(root), "remote", "get-url", "origin"],
        capture_output=True,
        text=True,
        check=False,
    )
    if done.returncode != 0:
        raise NoRemote(
            "this repository has no remote 'origin' (git remote add origin "
            "https://github.com/OWNER/REPO), or pass --remote URL"
        )
    return done.stdout.strip()


def addresses(owner: str, name: str) -> dict[str, str]:
    binder = f"https://mybinder.org/v2/gh/{owner}/{name}/{BRANCH}?urlpath="
    return {
        "site": f"https://{owner.lower()}.github.io/{name}/",
        "apps": binder + "voila/render/notebooks/00_welcome.ipynb",
        "lessons": binder + "lab/tree/notebooks/00_welcome.ipynb",
    }


def fill(text: str, owner: str, name: str, where: str) -> str:
    """``text`` with each of its blocks written again for owner/name."""
    found = [m["name"] for m in _BLOCK.finditer(text)]
    missing = set(FILES[where]) - set(found)
    if missing:
        raise ValueError(f"{where}: no <!-- links:{sorted(missing)[0]} --> block")
    links = addresses(owner, name)

    def block(match: re.Match[str]) -> str:
        return match[1] + BLOCKS[match["name"]].format(**links) + match[4]

    return _BLOCK.sub(block, text)


def fill_notebook(text: str, owner: str, name: str, where: str) -> str:
    """The same in a notebook's markdown cells, written as nbformat writes a notebook."""
    book = json.loads(text)
    for cell in book["cells"]:
        source = "".join(cell["source"])
        if cell["cell_type"] == "markdown" and "<!-- links:" in source:
            cell["source"] = fill(source, owner, name, where).splitlines(keepends=True)
    every = "".join("".join(c["source"]) for c in book["cells"])
    fill(every, owner, name, where)  # every block the file must hold is there
    return json.dumps(book, sort_keys=True, indent=1, ensure_ascii=False) + "\n"


def written(root: Path, owner: str, name: str) -> dict[Path, str]:
    """Each file's new text."""
    new = {}
    for where in FILES:
        path = root / where
        text = path.read_text()
        if path.suffix == ".ipynb":
            new[path] = fill_notebook(text, owner, name, where)
        else:
            new[path] = fill(text, owner, name, where)
    return new


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--remote", help="a GitHub URL (default: git remote get-url origin)")
    parser.add_argument("--root", type=Path, default=REPO, help="the repository's folder")
    parser.add_argument("--check", action="store_true", help="change nothing; fail if stale")
    args = parser.parse_args(argv)
    try:
        owner, name = owner_and_name(args.remote or remote_url(args.root))
    except NoRemote as e:
        print(f"make links: {e}", file=sys.stderr)
        return 2
    stale = []
    for path, text in written(args.root, owner, name).items():
        if path.read_text() != text:
            stale.append(path.relative_to(args.root))
            if not args.check:
                path.write_text(text)
    verb = "would change" if args.check else "wrote"
    print(f"links for {owner}/{name}: {verb} {', '.join(map(str, stale)) or 'nothing'}")
    return 1 if args.check and stale else 0


if __name__ == "__main__":
    sys.exit(main())
