"""The ``sheepkit`` command's pieces (sheepkit/cli.py), without starting a server: arguments,
addresses and ports, the lab's copy, a site's zip, and the one-line errors. The installed
wheel's whole run is tests/test_installed_wheel.py."""

from __future__ import annotations

import importlib.util
import json
import os
import socket
import subprocess
import sys
import zipfile
from collections.abc import Iterator
from pathlib import Path
from types import ModuleType

import pytest

from sheepkit import cli, lessons

REPO = Path(__file__).resolve().parents[1]


def _load(path: Path) -> ModuleType:
    """A script of the repository as a module, without putting its folder on sys.path (site/
    holds a build.py, which would hide PyPA's build)."""
    spec = importlib.util.spec_from_file_location(path.stem, path)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


dist_site = _load(REPO / "site" / "dist_site.py")  # make dist's zip step


@pytest.fixture
def listening() -> Iterator[int]:
    """A port that a plain socket (not a web server) listens on."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        sock.listen()
        yield int(sock.getsockname()[1])


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = cli.main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


# -- arguments -------------------------------------------------------------------------------


def test_each_command_has_the_defaults_a_teacher_expects() -> None:
    serve = cli.parser().parse_args(["serve"])
    assert (serve.port, serve.network, serve.warm, serve.no_browser) == (8866, False, None, False)
    assert serve.run is cli.serve
    network = cli.parser().parse_args(["serve", "--network", "--warm", "30", "--port", "9000"])
    assert (network.port, network.network, network.warm) == (9000, True, 30)
    lab = cli.parser().parse_args(["lab"])
    assert (lab.folder, lab.port) == ("sheepkit-lessons", 8888)
    assert cli.parser().parse_args(["lab", "my lessons"]).folder == "my lessons"
    room = cli.parser().parse_args(["classroom", "--site", "release.zip", "--network"])
    assert (room.site, room.port, room.network) == ("release.zip", 8000, True)
    check = cli.parser().parse_args(["check"])
    assert (check.port, check.url) == (8866, None)


def test_classroom_needs_a_site(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_:
        cli.parser().parse_args(["classroom"])
    assert exit_.value.code == 2
    assert "--site" in capsys.readouterr().err


def test_no_command_prints_the_commands(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys)
    assert status == 0
    for command in ("serve", "lab", "classroom", "check"):
        assert command in out


def test_python_dash_m_sheepkit_runs_the_command_and_imports_no_server() -> None:
    """`python -m sheepkit` is the command; importing it loads no Voila, JupyterLab or tornado
    (they are imported inside the subcommand that runs them)."""
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    shown = subprocess.run(
        [sys.executable, "-m", "sheepkit", "--version"], capture_output=True, text=True, env=env
    )
    assert shown.returncode == 0 and shown.stdout.strip() == "sheepkit 0.1.0", shown
    code = (
        "import sys, sheepkit.cli\n"
        "heavy = ('voila', 'jupyterlab', 'jupyter_server', 'tornado', 'traitlets', 'ipywidgets')\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in heavy))\n"
    )
    loaded = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env)
    assert loaded.stdout.strip() == "[]", loaded


# -- addresses and ports ---------------------------------------------------------------------


def test_the_network_address_is_never_the_loopback() -> None:
    found = cli.lan_address()
    assert found is None or (not found.startswith("127.") and socket.inet_aton(found))


class _NoRoute:
    """A socket on a machine without a default route: connect fails."""

    def __init__(self, *args: object) -> None:
        pass

    def __enter__(self) -> _NoRoute:
        return self

    def __exit__(self, *args: object) -> None:
        pass

    def connect(self, address: object) -> None:
        raise OSError(101, "Network is unreachable")


def test_without_a_route_the_address_comes_from_the_machines_name(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.setattr(cli.socket, "socket", _NoRoute)
    monkeypatch.setattr(
        cli.socket, "gethostbyname_ex", lambda name: (name, [], ["127.0.1.1", "10.1.2.3"])
    )
    assert cli.lan_address() == "10.1.2.3"
    monkeypatch.setattr(cli.socket, "gethostbyname_ex", lambda name: (name, [], ["127.0.1.1"]))
    assert cli.lan_address() is None


def test_a_free_port_has_no_problem_and_a_busy_one_is_said_in_words(listening: int) -> None:
    assert cli.port_problem(listening) == (
        f"port {listening} is busy: another program (a sheepkit started before?) already "
        "listens on it"
    )
    free = cli.free_port_from(listening + 1)
    assert free is not None and free != listening and cli.port_problem(free) is None
    assert cli.port_problem(70000) == "port 70000 is not a port number (1-65535)"


def test_nothing_answers_on_a_closed_port(listening: int) -> None:
    free = cli.free_port_from(listening + 1)
    assert isinstance(cli.http_answer(f"http://127.0.0.1:{free}/", timeout=2), str)


# -- one-line errors -------------------------------------------------------------------------


def test_serve_on_a_busy_port_says_so_in_one_line(
    capsys: pytest.CaptureFixture[str], listening: int
) -> None:
    status, out, err = run(capsys, "serve", "--port", str(listening), "--no-browser")
    assert status == 1 and out == ""
    assert err.count("\n") == 1, err
    assert err.startswith(f"sheepkit serve: port {listening} is busy: another program")
    assert "try sheepkit serve --port " in err


def test_a_missing_app_extra_says_what_to_install(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    real = cli.importlib.util.find_spec
    monkeypatch.setattr(
        cli.importlib.util, "find_spec", lambda name: None if name == "voila" else real(name)
    )
    status, out, err = run(capsys, "serve", "--no-browser")
    assert status == 1 and out == ""
    assert err == ('sheepkit serve: needs voila, not installed here: pip install "sheepkit[app]"\n')


def test_check_names_a_missing_app_extra(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, listening: int
) -> None:
    monkeypatch.setattr(cli, "version_of", lambda name: None if name == "voila" else "1.0")
    free = cli.free_port_from(listening + 1)
    status, out, _ = run(capsys, "check", "--port", str(free))
    assert status == 1
    assert "voila MISSING" in out
    assert 'PROBLEM: the app extra is not installed (voila): pip install "sheepkit[app]"' in out


def test_check_reports_a_busy_port_in_words(
    capsys: pytest.CaptureFixture[str], listening: int
) -> None:
    status, out, _ = run(capsys, "check", "--port", str(listening))
    assert status == 1
    assert f"PROBLEM: port {listening} is busy: another program" in out
    assert "and it is not a sheepkit server" in out
    assert "is free: sheepkit serve --port " in out


def test_check_on_a_free_port_and_an_unreachable_address(
    capsys: pytest.CaptureFixture[str], listening: int
) -> None:
    free = cli.free_port_from(listening + 1)
    status, out, _ = run(capsys, "check", "--port", str(free))
    assert status == 0, out
    assert f"port {free} is free" in out and out.rstrip().endswith("all well")
    count = len(list((lessons.root() / "notebooks").glob("*.ipynb")))
    assert count >= 10 and f"lessons: {count} notebooks in {lessons.root()}" in out
    status, out, _ = run(capsys, "check", "--port", str(free), "--url", f"http://127.0.0.1:{free}/")
    assert status == 1
    assert f"PROBLEM: cannot reach http://127.0.0.1:{free}/: " in out


def test_an_unreadable_or_missing_folder_is_one_line(tmp_path: Path) -> None:
    with pytest.raises(cli.CliError, match=r"is not a folder$"):
        cli.need_readable(tmp_path / "nowhere")
    file = tmp_path / "a file"
    file.write_text("")
    with pytest.raises(cli.CliError, match="is a file: give a folder"):
        cli.copy_lessons(lessons.root(), file)
    with pytest.raises(cli.CliError, match="cannot write the copy of the lessons in "):
        cli.copy_lessons(lessons.root(), file / "inside")


# -- serve's settings ------------------------------------------------------------------------


def test_serve_passes_voila_json_as_config_and_reads_no_other() -> None:
    settings = json.loads((REPO / "voila.json").read_text())
    config = cli.voila_settings(warm=None)
    assert config.pop("Voila").pop("config_file_paths") == []
    settings["Voila"].pop("config_file_paths", None)
    assert {**config, "Voila": settings["Voila"]} == settings
    assert cli.voila_settings(warm=30)["WarmKernelManager"]["warm_kernels"] == 30


def test_the_loading_screen_comes_first_on_jupyter_path(tmp_path: Path) -> None:
    ours = tmp_path / "share" / "jupyter"
    assert cli.jupyter_path_with(ours, None) == str(ours)
    other = os.pathsep.join(["/a", str(ours), "/b"])
    assert cli.jupyter_path_with(ours, other).split(os.pathsep) == [str(ours), "/a", "/b"]


def test_check_lists_the_app_extra_of_pyproject() -> None:
    tomllib = pytest.importorskip("tomllib")
    project = tomllib.loads((REPO / "pyproject.toml").read_text())["project"]
    names = [
        r.split(">")[0].split("<")[0].split("=")[0] for r in project["optional-dependencies"]["app"]
    ]
    assert sorted(cli.app_packages()) == sorted(names)
    assert project["scripts"] == {"sheepkit": "sheepkit.cli:main"}


# -- the lab's copy --------------------------------------------------------------------------


def test_the_lab_copies_the_lessons_and_never_overwrites_an_edit(tmp_path: Path) -> None:
    source = lessons.root()
    target = tmp_path / "lessons"
    copied, kept = cli.copy_lessons(source, target)
    assert kept == []
    assert {path.parts[0] for path in copied} == {"notebooks", "docs", "seeds"}
    assert (target / "notebooks" / "00_welcome.ipynb").read_bytes() == (
        source / "notebooks" / "00_welcome.ipynb"
    ).read_bytes()
    assert (target / "docs" / "glossary.md").is_file()
    assert not (target / "voila.json").exists() and not (target / "share").exists()
    assert not (target / "notebooks" / "conftest.py").exists()

    edited = target / "notebooks" / "wolf_and_sheep.ipynb"
    edited.write_text("a pupil's edits")
    (target / "seeds" / "README.md").unlink()
    copied_again, kept_again = cli.copy_lessons(source, target)
    assert copied_again == [Path("seeds", "README.md")]
    assert len(kept_again) == len(copied) - 1
    assert edited.read_text() == "a pupil's edits"


def test_the_lab_refuses_the_lessons_own_folder(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(cli, "need_modules", lambda command, modules: None)
    status, _, err = run(capsys, "lab", str(lessons.root() / "notebooks"), "--no-browser")
    assert status == 1
    assert err.startswith("sheepkit lab: ") and "holds sheepkit's own lessons" in err


# -- a site's zip (make dist) and sheepkit classroom --site ----------------------------------


def fake_site(folder: Path) -> Path:
    (folder / "voici" / "render").mkdir(parents=True)
    (folder / "index.html").write_text("<title>sheepkit</title>")
    (folder / "voici" / "render" / "wolf_and_sheep.html").write_text("<p>the app</p>")
    (folder / ".built").write_text("")
    return folder


def test_make_dists_zip_is_reproducible_and_checksummed(tmp_path: Path) -> None:
    site = fake_site(tmp_path / "_site")
    dist = tmp_path / "dist"
    dist.mkdir()
    (dist / "sheepkit-0.1.0-py3-none-any.whl").write_bytes(b"a wheel")
    dist_site.main(["--site", str(site), "--dist", str(dist), "--version", "9.9"])
    archive = dist / "sheepkit-site-9.9.zip"
    with zipfile.ZipFile(archive) as opened:
        assert opened.namelist() == [
            "sheepkit-site-9.9/index.html",
            "sheepkit-site-9.9/voici/render/wolf_and_sheep.html",
        ]
    first = archive.read_bytes()
    dist_site.main(["--site", str(site), "--dist", str(dist), "--version", "9.9"])
    assert archive.read_bytes() == first
    sums = (dist / "SHA256SUMS").read_text().splitlines()
    assert [line.split("  ")[1] for line in sums] == [
        "sheepkit-0.1.0-py3-none-any.whl",
        "sheepkit-site-9.9.zip",
    ]
    assert cli.listed_checksum(dist / "SHA256SUMS", archive.name) == cli.sha256_of(archive)
    assert dist_site.project_version() == "0.1.0"


def test_classroom_serves_a_zip_unpacked_once(tmp_path: Path) -> None:
    dist = tmp_path / "dist"
    dist.mkdir()
    dist_site.main(["--site", str(fake_site(tmp_path / "_site")), "--dist", str(dist)])
    (archive,) = dist.glob("*.zip")
    cache = tmp_path / "cache"
    site = cli.find_site(archive, cache)
    assert (site / "index.html").read_text() == "<title>sheepkit</title>"
    assert site.name == "sheepkit-site-0.1.0" and site.is_relative_to(cache)
    (site / "index.html").write_text("seen")  # the second time, nothing is unpacked again
    assert cli.find_site(archive, cache) == site and (site / "index.html").read_text() == "seen"
    assert cli.find_site(tmp_path / "_site", cache) == tmp_path / "_site"  # a folder as it is


def test_a_damaged_or_strange_zip_is_refused_in_one_line(tmp_path: Path) -> None:
    cache = tmp_path / "cache"
    dist = tmp_path / "dist"
    dist.mkdir()
    dist_site.main(["--site", str(fake_site(tmp_path / "_site")), "--dist", str(dist)])
    (archive,) = dist.glob("*.zip")
    sums = dist / "SHA256SUMS"
    sums.write_text(sums.read_text().replace(cli.sha256_of(archive), "0" * 64))
    with pytest.raises(cli.CliError, match=r"does not match its checksum in .*SHA256SUMS"):
        cli.find_site(archive, cache)

    evil = tmp_path / "evil.zip"
    with zipfile.ZipFile(evil, "w") as out:
        out.writestr("../outside/index.html", "x")
    with pytest.raises(cli.CliError, match=r"is not a site's zip: it names \.\./outside"):
        cli.find_site(evil, cache)
    assert not (tmp_path / "outside").exists()

    empty = tmp_path / "empty.zip"
    with zipfile.ZipFile(empty, "w") as out:
        out.writestr("readme.txt", "no site here")
    with pytest.raises(cli.CliError, match="holds no built site"):
        cli.find_site(empty, cache)

    not_zip = tmp_path / "site.zip"
    not_zip.write_text("not a zip")
    with pytest.raises(cli.CliError, match="is neither a folder nor a zip file"):
        cli.find_site(not_zip, cache)
    with pytest.raises(cli.CliError, match=r"index\.html is missing"):
        cli.find_site(cache, cache)


def test_classroom_without_a_site_says_what_to_give(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    status, out, err = run(capsys, "classroom", "--site", str(tmp_path / "nowhere"))
    assert status == 1 and out == ""
    assert err == (
        f"sheepkit classroom: no site at {tmp_path / 'nowhere'}: give the folder that "
        "`make site` builds (_site) or a release's sheepkit-site-*.zip\n"
    )


# -- what serve and lab hand to Voila and JupyterLab -----------------------------------------


def test_serve_hands_voila_the_lessons_the_settings_and_the_loading_screen(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, listening: int
) -> None:
    from voila.app import Voila

    launched: dict[str, object] = {}
    monkeypatch.setattr(
        Voila, "launch_instance", lambda argv, config: launched.update(argv=argv, config=config)
    )
    monkeypatch.setattr(cli, "lan_address", lambda: "10.1.2.3")
    monkeypatch.setenv("JUPYTER_PATH", "/elsewhere")
    port = cli.free_port_from(listening + 1)
    status, out, _ = run(capsys, "serve", "--network", "--warm", "5", "--port", str(port),
                         "--no-browser")  # fmt: skip
    assert status == 0
    assert launched["argv"] == [
        str(lessons.root() / "notebooks"),
        "--no-browser",
        f"--port={port}",
        "--Voila.ip=0.0.0.0",
        "--Voila.port_retries=0",
    ]
    config = launched["config"]
    assert config.WarmKernelManager.warm_kernels == 5  # type: ignore[attr-defined]
    assert config.VoilaConfiguration.multi_kernel_manager_class == (  # type: ignore[attr-defined]
        "sheepkit.serving.WarmKernelManager"
    )
    assert os.environ["JUPYTER_PATH"].split(os.pathsep) == [
        str(lessons.share_jupyter()),
        "/elsewhere",
    ]
    assert f"sheepkit apps:  http://127.0.0.1:{port}/voila/render/00_welcome.ipynb" in out
    assert f"Pupils type:    http://10.1.2.3:{port}/voila/render/00_welcome.ipynb" in out


def test_serve_without_a_network_address_gives_the_machines_name(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(cli, "lan_address", lambda: None)
    cli.print_addresses(8866, True, cli.WELCOME, "sheepkit apps")
    out = capsys.readouterr().out
    assert "This machine has no network address now" in out
    assert f"http://{socket.gethostname()}:8866/voila/render/00_welcome.ipynb" in out


def test_lab_hands_jupyterlab_the_copy_and_a_token(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    listening: int,
) -> None:
    from jupyterlab.labapp import LabApp

    launched: list[list[str]] = []
    monkeypatch.setattr(LabApp, "launch_instance", lambda argv: launched.append(argv))
    monkeypatch.chdir(tmp_path)
    port = cli.free_port_from(listening + 1)
    status, out, _ = run(capsys, "lab", "--port", str(port), "--no-browser")
    assert status == 0
    copy = (tmp_path / "sheepkit-lessons").resolve()
    assert (copy / "notebooks" / "00_welcome.ipynb").is_file()
    (argv,) = launched
    assert f"--ServerApp.root_dir={copy}" in argv and "--ServerApp.ip=127.0.0.1" in argv
    assert ("--allow-root" in argv) == cli.running_as_root()
    (token,) = [arg.split("=", 1)[1] for arg in argv if arg.startswith("--IdentityProvider.token=")]
    assert f"http://127.0.0.1:{port}/lab/tree/notebooks/00_welcome.ipynb?token={token}" in out
    assert f"Your copy of the lessons: {copy}" in out


def test_classroom_runs_the_classroom_server_on_the_unpacked_site(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    listening: int,
) -> None:
    from sheepkit.tables import classroom

    launched: list[list[str]] = []
    monkeypatch.setattr(classroom, "main", lambda argv: launched.append(argv))
    monkeypatch.setenv("SHEEPKIT_CACHE", str(tmp_path / "cache"))
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    monkeypatch.setenv("CLASSES", "")
    monkeypatch.setattr(cli, "lan_address", lambda: "10.1.2.3")
    dist = tmp_path / "dist"
    dist.mkdir()
    dist_site.main(["--site", str(fake_site(tmp_path / "_site")), "--dist", str(dist)])
    port = cli.free_port_from(listening + 1)
    archive = dist / "sheepkit-site-0.1.0.zip"
    status, out, _ = run(capsys, "classroom", "--site", str(archive), "--port", str(port),
                         "--network")  # fmt: skip
    assert status == 0
    (argv,) = launched
    site = Path(argv[argv.index("--site") + 1])
    assert argv[:4] == ["--host", "0.0.0.0", "--port", str(port)]
    assert site.is_relative_to(tmp_path / "cache" / "sites") and (site / "index.html").is_file()
    assert f"Pupils type:    http://10.1.2.3:{port}/" in out
    # The class's records are the teacher's, not the cache's (sheepkit.classes.server).
    assert os.environ["CLASSES"] == str(Path.home() / "sheepkit-classes")


def test_an_installed_serve_keeps_classes_with_the_user_not_the_package(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
    listening: int,
) -> None:
    from voila.app import Voila

    monkeypatch.setattr(Voila, "launch_instance", lambda argv, config: None)
    monkeypatch.setattr(cli.lessons, "installed", lambda: True)
    monkeypatch.setenv("HOME", str(tmp_path))
    monkeypatch.setenv("CLASSES", "")
    port = str(cli.free_port_from(listening + 1))
    assert run(capsys, "serve", "--port", port, "--no-browser")[0] == 0
    assert os.environ["CLASSES"] == str(tmp_path / "sheepkit-classes")
    monkeypatch.setenv("CLASSES", str(tmp_path / "chosen"))
    assert run(capsys, "serve", "--port", port, "--no-browser")[0] == 0
    assert os.environ["CLASSES"] == str(tmp_path / "chosen")  # the teacher's choice stays
