"""site/teacher_pages.py without a built site: the guides, glossary and cards become pages
whose links work, and a lesson's links to ../docs/ are rewritten for the site."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
_SPEC = importlib.util.spec_from_file_location("teacher_pages", REPO / "site" / "teacher_pages.py")
assert _SPEC and _SPEC.loader
teacher_pages = importlib.util.module_from_spec(_SPEC)
sys.modules["teacher_pages"] = teacher_pages
_SPEC.loader.exec_module(teacher_pages)


def site_with_pages(tmp_path: Path) -> Path:
    (tmp_path / "index.html").write_text("<p>the apps</p>")
    render = tmp_path / "voici" / "render"
    render.mkdir(parents=True)
    for notebook in (REPO / "notebooks").glob("*.ipynb"):  # the guides link their lessons
        (render / f"{notebook.stem}.html").write_text(f"<p>{notebook.stem}</p>")
    teacher_pages.write_pages(tmp_path)
    return tmp_path


def test_every_guide_the_glossary_and_every_card_become_pages(tmp_path):
    written = teacher_pages.write_pages(site_with_pages(tmp_path))
    guides = sorted(p.stem for p in (REPO / "docs" / "guides").glob("*.md"))
    cards = sorted(p.name for p in (REPO / "docs" / "cards").glob("*.html"))
    assert {f"docs/guides/{g}.html" for g in guides} <= set(written)
    assert {f"docs/cards/{c}" for c in cards} <= set(written)
    assert {"docs/glossary.html", "docs/index.html"} <= set(written)
    index = (tmp_path / "docs" / "index.html").read_text()
    assert all(f'href="guides/{g}.html"' in index for g in guides)
    guide = (tmp_path / "docs" / "guides" / "lamb_mimes.html").read_text()
    assert (
        "<table>" in guide
        and 'href="../glossary.html"' in guide
        and ".md" not in guide.split("<main>")[1].split("<code>")[0]
    )


def test_the_pages_links_all_lead_somewhere(tmp_path):
    assert teacher_pages.check_pages(site_with_pages(tmp_path)) == []


def test_a_lesson_link_to_a_missing_page_or_anchor_is_a_problem(tmp_path):
    site = site_with_pages(tmp_path)
    lesson = site / "voici" / "render" / "x.html"
    lesson.write_text(
        teacher_pages.lesson_links(
            '<a href="../docs/glossary.md#no-such-word">w</a> <a href="../docs/nothing.md">n</a>'
            ' <a href="../docs/glossary.md#seed">s</a> <a href="other.html">o</a>'
        )
    )
    problems = teacher_pages.check_pages(site)
    assert len(problems) == 2
    assert "no anchor 'no-such-word'" in problems[0] or "no anchor 'no-such-word'" in problems[1]
    assert any("nothing.html leads nowhere" in p for p in problems)


def test_lesson_links_point_two_folders_up_at_html_pages():
    rewritten = teacher_pages.lesson_links(
        '<a href="../docs/glossary.md#seed">seed</a> <a href="../docs/cards/lamb_mimes.html">'
        'card</a> <a href="wolf_and_sheep.html">app</a>'
    )
    assert 'href="../../docs/glossary.html#seed"' in rewritten
    assert 'href="../../docs/cards/lamb_mimes.html"' in rewritten
    assert 'href="wolf_and_sheep.html"' in rewritten


def test_markdown_links_to_md_pages_and_notebooks_become_site_links():
    body = teacher_pages.render("[g](../glossary.md#seed) [n](../../notebooks/x.ipynb)", 2)
    assert 'href="../glossary.html#seed"' in body
    assert 'href="../../voici/render/x.html"' in body
