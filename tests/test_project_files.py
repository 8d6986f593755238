"""The project's own configuration files agree with each other."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[1]


def test_binder_installs_the_app_extra() -> None:
    tomllib = pytest.importorskip("tomllib")  # Python 3.11+
    project = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]
    app = sorted(project["optional-dependencies"]["app"])
    lines = (REPO / "binder" / "requirements.txt").read_text().splitlines()
    binder = sorted(line.strip() for line in lines if line.strip() and not line.startswith("#"))
    assert binder == app, "binder/requirements.txt must list the [app] extra of pyproject.toml"


def test_engines_need_nothing_outside_the_standard_library() -> None:
    tomllib = pytest.importorskip("tomllib")
    project = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]
    assert project["dependencies"] == []


@pytest.mark.parametrize("script", [".ci/run", "binder/postBuild", "binder/start"])
def test_scripts_are_executable(script: str) -> None:
    assert os.access(REPO / script, os.X_OK), f"chmod +x {script}"


def test_make_test_runs_every_check() -> None:
    makefile = (REPO / "Makefile").read_text()
    prerequisites = re.search(r"^test: (.*)$", makefile, re.MULTILINE)
    assert prerequisites is not None
    assert prerequisites.group(1).split() == [
        "lint",
        "check-notebooks",
        "chromium",
        "unit",
        "browser",
        "site-test",
        "notebooks",
    ]


def test_make_lint_type_checks_before_the_tests() -> None:
    """`make test` (and so .ci/run) runs mypy over pyproject's files in its lint step."""
    tomllib = pytest.importorskip("tomllib")  # Python 3.11+
    makefile = (REPO / "Makefile").read_text()
    lint = re.search(r"^lint: .*\n((?:\t.*\n)+)", makefile, re.MULTILINE)
    assert lint is not None
    assert "$(BIN)/mypy" in [line.strip() for line in lint.group(1).splitlines()]
    pyproject = tomllib.loads((REPO / "pyproject.toml").read_text())
    assert pyproject["tool"]["mypy"]["files"] == ["sheepkit"]
    assert any(r.startswith("mypy") for r in pyproject["project"]["optional-dependencies"]["dev"])
    # `strict = true` in an override turns the strict flags on for every module (mypy applies
    # it globally): the strict packages list the flags instead.
    overrides = pyproject["tool"]["mypy"]["overrides"]
    assert not [o for o in overrides if "strict" in o]
    strict = next(o for o in overrides if "sheepkit.core.*" in o["module"])
    assert strict["module"] == [
        "sheepkit.core.*",
        "sheepkit.bots.*",
        "sheepkit.examples.*",
        "sheepkit.kit.*",
        "sheepkit.session",
        "sheepkit.live",
        "sheepkit.screen",
        "sheepkit.autoplay",
        "sheepkit.game_log",
        "sheepkit.tables.*",
        "sheepkit.classes.*",
    ]
    assert strict["disallow_untyped_defs"] and strict["disallow_any_generics"]


def test_the_static_site_is_built_by_make_and_kept_out_of_git() -> None:
    makefile = (REPO / "Makefile").read_text()
    site_test = re.search(r"^site-test: (.*)$", makefile, re.MULTILINE)
    assert site_test is not None and "site" in site_test.group(1).split()
    assert re.search(r"^site: ", makefile, re.MULTILINE)
    ignored = (REPO / ".gitignore").read_text().splitlines()
    for path in ("_site/", ".venv-site/", "site/node_modules/"):
        assert path in ignored, f"{path} must be in .gitignore"
    workflow = (REPO / ".github" / "workflows" / "pages.yml").read_text()
    assert "make site" in workflow and "deploy-pages" in workflow
    assert "playwright install" not in workflow


def test_the_wheel_carries_every_lesson_and_what_their_links_reach() -> None:
    """setup.py copies sheepkit/lessons/contents.py's files into the wheel: every notebook,
    and every file a notebook or a teachers' page links relatively (../docs/..., ../seeds/...,
    ../../notebooks/...), so that the links work as served from the installed package."""
    from sheepkit.lessons import lesson_files

    carried = {path.as_posix() for path in lesson_files(REPO)}
    notebooks = {f"notebooks/{p.name}" for p in (REPO / "notebooks").glob("*.ipynb")}
    assert notebooks <= carried and "notebooks/conftest.py" not in carried
    assert {"voila.json", "share/jupyter/voila/templates/base/spinner.macro.html.j2"} <= carried
    link = re.compile(r"\]\(((?:\.\./)+[\w/.-]+?\.(?:md|ipynb|html))(?:#[\w-]*)?\)")
    for page in sorted(carried):
        if not page.endswith((".ipynb", ".md")):
            continue
        folder = (REPO / page).parent
        for target in link.findall((REPO / page).read_text()):
            reached = (folder / target).resolve().relative_to(REPO).as_posix()
            assert reached in carried, f"{page} links {target}, which the wheel does not carry"


def test_the_package_installs_the_command_and_make_dist_builds_a_release() -> None:
    tomllib = pytest.importorskip("tomllib")
    pyproject = tomllib.loads((REPO / "pyproject.toml").read_text())
    assert pyproject["project"]["scripts"] == {"sheepkit": "sheepkit.cli:main"}
    assert any(r.startswith("build") for r in pyproject["project"]["optional-dependencies"]["dev"])
    assert "build_py_with_lessons" in (REPO / "setup.py").read_text()
    makefile = (REPO / "Makefile").read_text()
    recipe = re.search(r"^dist: (.*)\n((?:\t.*\n)+)", makefile, re.MULTILINE)
    assert recipe is not None and "site" in recipe.group(1).split()
    assert "-m build" in recipe.group(2) and "site/dist_site.py" in recipe.group(2)
    assert "dist/" in (REPO / ".gitignore").read_text().splitlines()
    workflow = (REPO / ".github" / "workflows" / "smoke.yml").read_text()
    assert "tests/test_installed_wheel.py" in workflow
    for system in ("ubuntu-latest", "windows-latest", "macos-latest"):
        assert system in workflow, system


def test_engines_import_no_ui_or_jupyter_package() -> None:
    """`import sheepkit` and simulating games must work with no Jupyter at all."""
    import subprocess
    import sys

    code = (
        "import sys, sheepkit\n"
        "for name in sheepkit.games():\n"
        "    game = sheepkit.load(name)\n"
        "    bots = [sheepkit.RandomBot()] * game.num_players\n"
        "    sheepkit.replay(sheepkit.play_match(game, bots, seed=1))\n"
        "heavy = ('ipywidgets', 'ipycanvas', 'IPython', 'traitlets', 'numpy')\n"
        "loaded = sorted(m for m in sys.modules if m.split('.')[0] in heavy)\n"
        "assert not loaded, loaded\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stderr


def test_the_readme_battle_sheep_text_board_reads_back_as_printed():
    import re

    import sheepkit

    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text()
    section = readme[readme.index("**Battle Sheep** (`game.from_text") :]
    text = re.search(r"```\n(.*?)```", section, re.S).group(1)
    state = sheepkit.load("battle_sheep").from_text(text)
    board = [line for line in text.splitlines() if not line.startswith("#")]
    assert str(state).splitlines()[-len(board) :] == board
    assert state.play("d4-g4 x5") != state  # a legal move in the README's notation


def test_the_readme_tournament_arena_and_app_from_code_example_runs():
    import re

    import sheepkit

    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text()
    blocks = re.findall(r"^```python\n(.*?)^```$", readme, re.S | re.M)
    (example,) = [block for block in blocks if "lab.tournament(" in block]
    namespace: dict = {"__name__": "readme"}
    exec(compile(example, "README.md", "exec"), namespace)
    assert namespace["played"].leaderboard[0].name == "Sensible"
    assert "First" in namespace["arena"].entrants
    app = namespace["app"]
    assert app.message == "" and sheepkit.replay(namespace["record"]) == app.state


def test_the_browser_tests_install_axe_core_from_npm_and_keep_it_out_of_git() -> None:
    """axe-core (tests/axe_check.py) comes from tests/package-lock.json by `npm ci`, which
    `make browser` and `make site-test` run first on a fresh machine (.ci/run installs npm)."""
    makefile = (REPO / "Makefile").read_text()
    for target in ("browser", "site-test"):
        line = re.search(rf"^{target}: (.*)$", makefile, re.MULTILINE)
        assert line is not None and "$(AXE_STAMP)" in line.group(1).split(), target
    recipe = re.search(r"^\$\(AXE_STAMP\): (.*)\n((?:\t.*\n)+)", makefile, re.MULTILINE)
    assert recipe is not None and "npm ci" in recipe.group(2)
    assert "tests/package-lock.json" in recipe.group(1).split()
    lock = (REPO / "tests" / "package-lock.json").read_text()
    assert '"node_modules/axe-core"' in lock
    assert "tests/node_modules/" in (REPO / ".gitignore").read_text().splitlines()
    assert "missing+=(npm)" in (REPO / ".ci" / "run").read_text()


def test_a_bare_pytest_from_the_root_collects_every_test() -> None:
    """A newcomer's first ``pytest`` (pyproject's testpaths) must collect everything: two test
    modules of one basename in different folders stopped it with collection errors."""
    import subprocess
    import sys

    names = [p.name for p in (REPO / "tests").rglob("test_*.py")]
    assert sorted(set(names)) == sorted(names), "two test modules share a basename"
    done = subprocess.run(
        [sys.executable, "-m", "pytest", "--collect-only", "-q", "-p", "no:cacheprovider"],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stdout[-3000:] + done.stderr[-3000:]
    assert " collected" in done.stdout and "error" not in done.stdout.splitlines()[-1]
