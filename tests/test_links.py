"""`make links` (site/links.py): the README's and the welcome notebook's Binder and static-site
links are made from the git remote, on a temporary copy with a made-up remote (issue 35)."""

from __future__ import annotations

import importlib.util
import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
_SPEC = importlib.util.spec_from_file_location("links", REPO / "site" / "links.py")
assert _SPEC and _SPEC.loader
links = importlib.util.module_from_spec(_SPEC)
sys.modules["links"] = links
_SPEC.loader.exec_module(links)


@pytest.fixture
def copy(tmp_path: Path) -> Path:
    """README.md and the welcome notebook in a git repository of their own."""
    (tmp_path / "notebooks").mkdir()
    for name in links.FILES:
        shutil.copyfile(REPO / name, tmp_path / name)
    subprocess.run(["git", "init", "-q", str(tmp_path)], check=True)
    return tmp_path


def remote(root: Path, url: str) -> None:
    subprocess.run(["git", "-C", str(root), "remote", "remove", "origin"], capture_output=True)
    subprocess.run(["git", "-C", str(root), "remote", "add", "origin", url], check=True)


def welcome_text(root: Path) -> str:
    cells = json.loads((root / "notebooks" / "00_welcome.ipynb").read_text())["cells"]
    return "".join("".join(c["source"]) for c in cells)


@pytest.mark.parametrize(
    "url",
    [
        "https://github.com/Example-School/sheep-lessons.git",
        "git@github.com:Example-School/sheep-lessons.git",
        "ssh://git@github.com/Example-School/sheep-lessons",
        "https://github.com/Example-School/sheep-lessons/",
    ],
)
def test_a_github_remote_gives_its_owner_and_name(url: str) -> None:
    assert links.owner_and_name(url) == ("Example-School", "sheep-lessons")


def test_links_are_written_from_the_remote_and_written_again_when_it_moves(copy: Path) -> None:
    remote(copy, "git@github.com:Example-School/sheep-lessons.git")
    assert links.main(["--root", str(copy)]) == 0
    readme, welcome = (copy / "README.md").read_text(), welcome_text(copy)
    apps = "https://mybinder.org/v2/gh/Example-School/sheep-lessons/main?urlpath=voila/render/"
    for text in (readme, welcome):
        assert "OWNER" not in text and "REPO/" not in text
        assert "https://example-school.github.io/sheep-lessons/" in text
        assert apps + "notebooks/00_welcome.ipynb" in text
    assert links.main(["--root", str(copy), "--check"]) == 0  # nothing left to change
    before = (copy / "README.md").read_text()
    assert links.main(["--root", str(copy)]) == 0 and (copy / "README.md").read_text() == before
    remote(copy, "https://github.com/other/fork")
    assert links.main(["--root", str(copy), "--check"]) == 1
    assert links.main(["--root", str(copy)]) == 0
    assert "Example-School" not in welcome_text(copy)
    assert "https://mybinder.org/v2/gh/other/fork/main" in (copy / "README.md").read_text()


def test_the_welcome_notebook_stays_as_nbformat_writes_it(copy: Path) -> None:
    import nbformat

    remote(copy, "https://github.com/Example-School/sheep-lessons")
    links.main(["--root", str(copy)])
    path = copy / "notebooks" / "00_welcome.ipynb"
    assert nbformat.writes(nbformat.read(path, as_version=4)) + "\n" == path.read_text()
    ids = [c["id"] for c in json.loads(path.read_text())["cells"]]
    original = [
        c["id"] for c in json.loads((REPO / "notebooks/00_welcome.ipynb").read_text())["cells"]
    ]
    assert ids == original


def test_without_a_remote_it_says_what_to_do(copy: Path, capsys: pytest.CaptureFixture) -> None:
    assert links.main(["--root", str(copy)]) == 2
    assert "git remote add origin" in capsys.readouterr().err
    assert links.main(["--root", str(copy), "--remote", "https://gitlab.com/a/b"]) == 2


def test_the_committed_files_hold_the_blocks_and_link_the_class_guide() -> None:
    for name, blocks in links.FILES.items():
        text = (REPO / name).read_text()
        assert all(f"<!-- links:{block} -->" in text for block in blocks), name
    assert "getting_the_class_in.md" in welcome_text(REPO)
    assert (REPO / "docs" / "guides" / "getting_the_class_in.md").is_file()
    assert "getting_the_class_in.md" in (REPO / "docs" / "guides" / "00_welcome.md").read_text()
