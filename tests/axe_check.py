"""axe-core in a page: the WCAG 2.0/2.1 A and AA rules and axe's best practices, run where the
page is (Voila's server or the static site), from npm's copy in tests/node_modules (`make
browser` runs `npm ci` in tests/), never from a CDN.

Shared by tests/browser and tests/site; imports nothing from pytest.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from playwright.sync_api import Page

AXE_JS = Path(__file__).resolve().parent / "node_modules" / "axe-core" / "axe.min.js"
AXE_MISSING = f"{AXE_JS} not found: install the browser tests' npm files (cd tests && npm ci)"
# What the issue asks for: WCAG 2.0 and 2.1, levels A and AA, and axe's best practices.
TAGS = ("wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice")

_RUN = """async (tags) => {
    const result = await axe.run(document, {
        runOnly: { type: 'tag', values: tags },
        resultTypes: ['violations'],
    });
    return result.violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        help: v.help,
        nodes: v.nodes.map((n) => ({
            target: n.target.join(' '),
            html: n.html.slice(0, 160),
            summary: (n.failureSummary || '').split('\\n').slice(0, 3).join(' '),
        })),
    }));
}"""


@dataclass(frozen=True)
class Violation:
    """One axe rule broken on a page, with the elements that break it."""

    rule: str
    impact: str
    help: str
    nodes: tuple[dict[str, str], ...]

    def describe(self) -> str:
        first = self.nodes[0] if self.nodes else {}
        return (
            f"{self.rule} ({self.impact}, {len(self.nodes)} element(s)): {self.help}; first: "
            f"{first.get('target', '')} {first.get('html', '')} {first.get('summary', '')}"
        )


def axe_violations(page: Page) -> list[Violation]:
    """Run axe on the page as it is now; its violations of TAGS' rules."""
    if not AXE_JS.is_file():
        raise FileNotFoundError(AXE_MISSING)
    if not page.evaluate("() => typeof window.axe === 'object'"):
        page.add_script_tag(path=str(AXE_JS))
    found: list[dict[str, Any]] = page.evaluate(_RUN, list(TAGS))
    return [Violation(v["id"], v["impact"] or "", v["help"], tuple(v["nodes"])) for v in found]


def report(where: str, violations: list[Violation]) -> str:
    """A failure message: every violation on one line each."""
    lines = [f"{where}: {sum(len(v.nodes) for v in violations)} axe violation(s)"]
    lines += [f"  - {v.describe()}" for v in violations]
    return "\n".join(lines)
