"""The Voila server compiles a page's templates once, not once per page (sheepkit.serving)."""

from __future__ import annotations

from typing import Any

import pytest
from jinja2 import DictLoader, Environment

from sheepkit.serving import PAGE_TEMPLATES, MemoryBytecodeCache, cache_page_templates


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
    compiled: list[Any] = []
    compile_template = Environment.compile

    def counting(self: Environment, *args: Any, **kwargs: Any) -> Any:
        compiled.append(args)
        return compile_template(self, *args, **kwargs)

    monkeypatch.setattr(Environment, "compile", counting)
    again = Environment(loader=page, bytecode_cache=cache).get_template("page.html")
    assert again.render(name="class") == "Hello class"
    assert compiled == [], "a new environment compiled the template again"
    edited = DictLoader({"page.html": "Goodbye {{ name }}"})
    changed = Environment(loader=edited, bytecode_cache=cache).get_template("page.html")
    assert changed.render(name="class") == "Goodbye class"
    assert len(compiled) == 1
