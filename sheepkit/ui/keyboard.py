"""Let the keyboard pass sheepkit's canvases by: Tab, Shift+Tab and Escape always leave them.

ipycanvas 0.14 calls preventDefault on every key pressed on a canvas, Tab included, so a board
that had focus (a click, or Tab) kept it for ever: a keyboard trap. Our canvases take no keys
(every action has a button), so a capture-phase listener stops those three keys before
ipycanvas sees them and lets the browser move focus as usual; Escape also blurs the canvas.
An HTML widget is the one place sheepkit can run page code without a front-end extension of
its own: an image that fails to load runs its ``onerror``; a flag on the window keeps it to
one listener per page, however many apps there are.
"""

from __future__ import annotations

from .page_code import page_code

_SHIM = (
    "if(!window.skCanvasKeys){window.skCanvasKeys=1;document.addEventListener('keydown',"
    "function(e){var t=e.target;if(!(t instanceof HTMLCanvasElement))return;"
    "if(e.key==='Tab'||e.key==='Escape'){e.stopPropagation();"
    "if(e.key==='Escape')t.blur();}},true);}"
)

#: Put into any HTML widget shown next to a canvas (the app's title).
#: The focus ring makes the keyboard's place visible on every control of an app.
KEYBOARD_HTML = (
    "<style>.sk-app :focus-visible"
    " { outline: 3px solid #0072B2 !important; outline-offset: 2px; }</style>" + page_code(_SHIM)
)
