"""sheepkit.platform.read_data: a package's data file (the solved tables) read as ever on a
normal Python; on the static site, where the page's files leave the tables out, fetched from
the site once, by the path the build wrote in the data folder's site-data.json, and kept."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from sheepkit import platform
from sheepkit.games.shave_a_sheep import solver as shave_solver
from sheepkit.games.wolf_and_sheep import solver as wolf_solver
from sheepkit.games.wolf_and_sheep import strategy


def fake_package(root: Path, name: str, index: dict[str, str] | None) -> None:
    data = root / name / "data"
    data.mkdir(parents=True)
    (root / name / "__init__.py").write_text("")
    (data / "here.json").write_text('{"here": true}')
    if index is not None:
        (data / platform.SITE_DATA).write_text(json.dumps(index))


def test_a_normal_python_reads_the_package_file_and_never_fetches(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake_package(tmp_path, "pkg_plain", {"gone.json": "static/sheepkit-data/gone.0123abcd.json"})
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(platform, "fetch_from_site", pytest.fail)
    assert json.loads(platform.read_data("pkg_plain", "here.json")) == {"here": True}
    with pytest.raises(FileNotFoundError):
        platform.read_data("pkg_plain", "gone.json")


def test_in_the_browser_a_missing_table_is_fetched_once_and_kept(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake_package(tmp_path, "pkg_site", {"gone.json": "static/sheepkit-data/gone.0123abcd.json"})
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(sys, "platform", "emscripten")
    fetched: list[str] = []

    def fetch(where: str) -> bytes:
        fetched.append(where)
        return b'{"fetched": true}'

    monkeypatch.setattr(platform, "fetch_from_site", fetch)
    assert platform.read_data("pkg_site", "here.json") == b'{"here": true}'  # in the files
    assert fetched == []
    for _ in range(2):
        assert platform.read_data("pkg_site", "gone.json") == b'{"fetched": true}'
    assert fetched == ["static/sheepkit-data/gone.0123abcd.json"]  # once: then the file
    assert (tmp_path / "pkg_site" / "data" / "gone.json").read_bytes() == b'{"fetched": true}'
    with pytest.raises(FileNotFoundError):  # neither in the files nor on the site
        platform.read_data("pkg_site", "never.json")


def test_in_the_browser_without_an_index_there_is_no_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake_package(tmp_path, "pkg_bare", None)
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.setattr(sys, "platform", "emscripten")
    monkeypatch.setattr(platform, "fetch_from_site", pytest.fail)
    with pytest.raises(FileNotFoundError):
        platform.read_data("pkg_bare", "gone.json")


def test_the_games_still_read_their_shipped_tables() -> None:
    assert wolf_solver.shipped_table(8, True) is not None
    assert strategy.shipped(10, True) is not None
    assert shave_solver.load_shipped(shave_solver.SHIPPED_RULES[0]) is not None


def test_the_site_base_moved_to_platform_is_the_tables_one() -> None:
    from sheepkit.tables.client import site_base

    assert site_base is platform.site_base
    assert platform.site_base("/x/extensions/@jupyterlite/k/static/592.js") == "/x/"
