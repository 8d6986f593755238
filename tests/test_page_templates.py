"""The Voila server compiles a page's templates once, not once per page, and before the first
page is asked for (sheepkit.serving)."""

from __future__ import annotations

import asyncio
import logging
from pathlib import Path
from types import SimpleNamespace
from typing import Any

import pytest
from jinja2 import DictLoader, Environment

from sheepkit.serving import (
    PAGE_TEMPLATES,
    MemoryBytecodeCache,
    cache_page_templates,
    rehearse_a_page,
)

NOTEBOOKS = Path(__file__).resolve().parents[1] / "notebooks"


def count_compiles(monkeypatch: pytest.MonkeyPatch) -> list[Any]:
    """From now on in the test, every template Jinja compiles is added to the list returned."""
    compiled: list[Any] = []
    compile_template = Environment.compile

    def counting(self: Environment, *args: Any, **kwargs: Any) -> Any:
        compiled.append(args)
        return compile_template(self, *args, **kwargs)

    monkeypatch.setattr(Environment, "compile", counting)
    return compiled


def test_every_environment_voilas_exporter_makes_shares_the_compiled_templates() -> None:
    from voila.exporter import VoilaExporter

    cache_page_templates()  # again: it wraps the method once
    first, second = VoilaExporter(), VoilaExporter()
    assert first._create_environment().bytecode_cache is PAGE_TEMPLATES
    assert second._create_environment().bytecode_cache is PAGE_TEMPLATES
    wrapped = VoilaExporter._create_environment.__wrapped__
    assert not hasattr(wrapped, "__wrapped__"), "wrapped twice"


def test_a_template_is_compiled_once_and_again_when_it_changes(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    cache = MemoryBytecodeCache()
    page = DictLoader({"page.html": "Hello {{ name }}"})
    assert (
        Environment(loader=page, bytecode_cache=cache)
        .get_template("page.html")
        .render(name="class")
        == "Hello class"
    )
    compiled = count_compiles(monkeypatch)
    again = Environment(loader=page, bytecode_cache=cache).get_template("page.html")
    assert again.render(name="class") == "Hello class"
    assert compiled == [], "a new environment compiled the template again"
    edited = DictLoader({"page.html": "Goodbye {{ name }}"})
    changed = Environment(loader=edited, bytecode_cache=cache).get_template("page.html")
    assert changed.render(name="class") == "Goodbye class"
    assert len(compiled) == 1


def voila_parts(folder: Path, progressive: bool = True) -> SimpleNamespace:
    """What rehearse_a_page reads of the Voila app, made from Voila's own parts (set as in
    voila.json: progressive rendering)."""
    from jupyter_client.kernelspec import KernelSpecManager
    from jupyter_server.services.contents.filemanager import FileContentsManager
    from traitlets.config import Config
    from voila.configuration import VoilaConfiguration
    from voila.paths import collect_template_paths

    configuration = VoilaConfiguration(progressive_rendering=progressive)
    return SimpleNamespace(
        contents_manager=FileContentsManager(root_dir=str(folder)),
        voila_configuration=configuration,
        config=Config(),
        template_paths=collect_template_paths(["voila", "nbconvert"], configuration.template),
        kernel_spec_manager=KernelSpecManager(),
        base_url="/",
        log=logging.getLogger("test-rehearsal"),
    )


def test_a_page_is_rendered_without_a_kernel_before_anyone_asks(
    caplog: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    cache_page_templates()
    PAGE_TEMPLATES.clear()
    with caplog.at_level(logging.INFO, logger="test-rehearsal"):
        asyncio.run(rehearse_a_page(voila_parts(NOTEBOOKS)))
    assert "Rehearsed a page (00_welcome.ipynb)" in caplog.text, caplog.text
    # Voila's lab page and the templates it extends are compiled, ready for the first page:
    # rendering a page again, with a new exporter as Voila makes for each, compiles nothing.
    assert len(PAGE_TEMPLATES.code) >= 3, sorted(PAGE_TEMPLATES.code)
    compiled = count_compiles(monkeypatch)
    asyncio.run(rehearse_a_page(voila_parts(NOTEBOOKS)))
    assert compiled == [], f"{len(compiled)} templates compiled again"


def test_a_rehearsal_that_cannot_run_is_logged_and_nothing_else(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    empty, corrupt = tmp_path / "empty", tmp_path / "corrupt"
    empty.mkdir()
    corrupt.mkdir()
    (corrupt / "lesson.ipynb").write_text('{"cells": [')
    with caplog.at_level(logging.INFO, logger="test-rehearsal"):
        asyncio.run(rehearse_a_page(voila_parts(empty)))
        asyncio.run(rehearse_a_page(voila_parts(corrupt)))
        # Pages rendered in one go run their cells in the template: that needs a kernel.
        asyncio.run(rehearse_a_page(voila_parts(NOTEBOOKS, progressive=False)))
    refused = "Could not rehearse a page: "
    assert refused + "ValueError: progressive_rendering is off" in caplog.text
    assert refused + "LookupError: no notebook in the served folder" in caplog.text
    assert refused + "HTTPError: HTTP 400: Bad Request (Unreadable Notebook" in caplog.text
    assert "Rehearsed" not in caplog.text
