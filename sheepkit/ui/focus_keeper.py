"""Focus stays in the app after a move (WCAG 2.4.3): on the first move button, or on the
board, whichever the pupil used last. (The Rule Lab's and Bot Arena's run panel uses the same
keeper, scoped to itself: focus back on Run after a run, as Run is disabled while it runs.)

A move hides or relabels the buttons the pupil pressed (while a bot replies there are none),
so the browser drops focus to the page body, and the next Tab starts from the top of the page.
The kernel cannot move focus: it asks the page, through an HTML widget whose new content is an
image that fails to load (``keyboard.py``'s trick) and runs a few lines of page code. The code
waits for the new buttons to show (each try a frame apart, a few seconds at most), then
focuses the first visible, enabled move or Roll button of its own app (or the board). It
takes focus only from the page body, a hidden or disabled element, or the app's own move
controls and board: never from a control elsewhere, such as a rule being typed while the bots
play.
"""

from __future__ import annotations

import ipywidgets as w

from .page_code import page_code

#: What the pupil used: the move buttons (a Roll button too) or the board.
MOVES, BOARD = "moves", "board"
TARGETS = {
    MOVES: ".sk-controls .sk-move, .sk-controls .sk-roll",
    BOARD: ".sk-board canvas",
}
_SCRIPT = (
    "var a=this.closest('{scope}'),n=0;if(!a)return;"
    "var ok=function(e){return e&&e.offsetParent!==null&&!e.disabled;};"
    "var go=function(){var f=document.activeElement;"
    "var free=!f||f===document.body||!ok(f)||(a.contains(f)&&"
    "f.matches('canvas, .sk-move, .sk-roll, .sk-rig, .sk-rig select'));"
    "if(!free)return;"
    "var t=Array.prototype.find.call(a.querySelectorAll('{targets}'),ok);"
    "if(t){if(t!==f)t.focus();return;}"
    "if(++n<120)requestAnimationFrame(go);};go();"
)


class FocusKeeper:
    """Remembers what the pupil used for their move and asks the page to focus it again."""

    def __init__(self, scope: str = ".sk-app", targets: dict[str, str] | None = None) -> None:
        """``scope``: the widget whose controls it focuses (the nearest such ancestor of the
        keeper's own widget); ``targets``: what may be used, and its selector in the scope."""
        self.scope = scope
        self.targets = TARGETS if targets is None else targets
        self.widget = w.HTML()
        self.widget.add_class("sk-focus-keeper")
        self.widget.layout.display = "none"
        self.used: str | None = None  # nothing yet: focus is the page's own business
        self.asked = 0  # how many times (each ask must change the widget's value)

    def use(self, what: str) -> None:
        """The pupil pressed a move button (MOVES) or played on the board (BOARD)."""
        if what not in self.targets:
            raise ValueError(f"focus goes to {' or '.join(self.targets)}, not {what!r}")
        self.used = what

    def ask(self) -> None:
        """Ask the page to focus what the pupil used (nothing if they used neither yet)."""
        if self.used is None:
            return
        self.asked += 1
        script = _SCRIPT.replace("{scope}", self.scope)
        script = script.replace("{targets}", self.targets[self.used])
        self.widget.value = page_code(f"(function(){{{script}}}).call(this)", self.asked)
