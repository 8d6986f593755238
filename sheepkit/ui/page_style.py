"""What every sheepkit widget needs on the page to meet WCAG 2.1 AA: a style sheet and one small
script, put into an HTML widget (``PAGE_HTML``) by each top-level widget (the app, the die
designer, the rule lab and the bot arena). The same ``<style>`` twice is harmless; the script
runs once per page (a flag on the window).

The style sheet: the games' 3 px focus ring on every control; text and buttons at 4.5:1
contrast or more (ipywidgets' orange, green and light-blue buttons are 2.7-4.1:1 with white
text); a visually hidden class for text meant for screen readers (``SR_ONLY``, and
``SR_LABEL`` for a control whose label is hidden); no animations or transitions for a reader
who asks for reduced motion; a board that shrinks to the page at 200% zoom rather than
pushing the page sideways (ipycanvas reads clicks against the drawn size, so a shrunk board
still takes them).

The script names what ipywidgets leaves unnamed and sheepkit cannot reach from Python (a widget
has no trait for ARIA attributes): a slider's handle (role slider) gets its widget's label as
its name; the game log, a box that scrolls, takes focus (the keyboard scrolls it) and is named;
an app's board canvas gets a role, its name and its description from the app's hidden text
(``.sk-board-name``, ``.sk-board-text``), the role application where the arrow keys move a
cursor over it (``.sk-board-keys``: a screen reader then passes the keys to the board) and img
where they do not; the app's announcer (``.sk-live``) becomes a polite live region; an app's
closed sections (Rules, Save / load...) get headings whose title is a button that says whether
it is expanded (ipywidgets' headers are plain text, out of the keyboard's reach), opened by
Enter or Space as by a click; the first app's title is the ``#play`` anchor that each game
page's "Play the game now" link leads to (focus goes there). An HTML widget runs page code
through an image that fails to load (its ``onerror``), as ``keyboard.py`` does.
"""

from __future__ import annotations

from .page_code import page_code

#: The sheepkit widgets that carry the page style (their descendants get its rules).
SCOPES = (
    ".sk-app",
    ".sk-die-designer",
    ".sk-rule-lab",
    ".sk-bot-arena",
    ".sk-run-request",
)
#: Visually hidden, still read by screen readers.
SR_ONLY = "sk-sr-only"
#: On a control: its ipywidgets label (its name) visually hidden, still read.
SR_LABEL = "sk-sr-label"
#: Backgrounds for white button text, at 4.5:1 or more, in the hues ipywidgets uses.
BUTTON_BACKGROUNDS = {
    "warning": "#A85200",  # 5.4:1 (ipywidgets' #f57c00: 2.7:1)
    "success": "#2E7D32",  # 5.1:1 (#388e3c: 4.1:1)
    "info": "#01579B",  # 7.4:1 (#0288d1: 3.9:1)
    "primary": "#1565C0",  # 5.8:1 (#1976d2: 4.6:1, kept darker beside the others)
    "danger": "#C62828",  # 5.6:1
}
#: Text colours of the players (sheepkit.drawing.PLAYER_COLOURS darkened to 4.5:1 or more on
#: white and on the boards' paper), for their names in HTML: the fills stay for shapes.
PLAYER_INKS = ("#0072B2", "#A34700", "#00755A", "#A3477A", "#8A5F00", "#1F6F9E")
#: The player shapes (sheepkit.drawing.PLAYER_SHAPES) as characters, to put beside a name.
SHAPE_GLYPHS = {
    "circle": "\u25cf",
    "square": "\u25a0",
    "triangle": "\u25b2",
    "diamond": "\u25c6",
    "star": "\u2605",
    "hexagon": "\u2b22",
}
FOCUS = "#0072B2"


def _within(*selectors: str) -> str:
    """Each selector under each scope, as one selector list."""
    return ", ".join(f"{scope} {s}" for scope in SCOPES for s in selectors)


def _style() -> str:
    buttons = "".join(
        f"{_within(f'.jupyter-button.mod-{style}')} {{ background-color: {colour}; }}"
        for style, colour in BUTTON_BACKGROUNDS.items()
    )
    hidden = (
        "position: absolute !important; width: 1px !important; height: 1px !important;"
        " padding: 0 !important; margin: -1px !important; overflow: hidden !important;"
        " clip: rect(0, 0, 0, 0) !important; white-space: nowrap !important;"
        " border: 0 !important; min-width: 0 !important;"
    )
    return (
        "<style>"
        f"{_within(':focus-visible', 'input:focus', 'select:focus', 'textarea:focus')}"
        f" {{ outline: 3px solid {FOCUS} !important; outline-offset: 2px; }}"
        f"{buttons}"
        # The accordion's section titles: JupyterLab's grey on grey is 4.45:1.
        f"{_within('.lm-AccordionPanel-title', '.jupyter-widget-Collapse-header')}"
        " { color: #222222; }"
        f".{SR_ONLY}, .{SR_LABEL} > .widget-label {{ {hidden} }}"
        # The board's name is read as the canvas's name only (aria-labelledby reads hidden
        # text), not a second time as a line of text beside it.
        ".sk-board-name { display: none !important; }"
        # Its description likewise, until "Describe the board" shows it on the page.
        f".sk-board-text.{SR_ONLY} {{ display: none !important; }}"
        # The lesson's links: JupyterLab tells them from the text by colour alone (1.9:1).
        ".jp-RenderedHTMLCommon a:link:not(.anchor-link),"
        " .jp-RenderedHTMLCommon a:visited:not(.anchor-link) { text-decoration: underline; }"
        # 200% zoom: the board shrinks with the page (its pixels keep their aspect).
        ".sk-app .sk-board { min-width: 0 !important; max-width: 100%; }"
        ".sk-app .sk-board canvas { max-width: 100%; height: auto !important; }"
        ".sk-app .sk-board-column { min-width: 0; max-width: 100%; }"
        # A 1024 px screen (a tablet, a school laptop): board and controls stay side by side
        # rather than the controls wrapping below, off the screen. The controls column gives
        # up its width first (its buttons wrap; 320 px still holds the longest move), then
        # the board shrinks: shrunk to 68% the Sheep Race's small print was 7.5 px. (The
        # weights: a flex-shrink under 1 would leave the board's part of the overflow.)
        "@media (min-width: 900px) { .sk-app .sk-main-row { flex-wrap: nowrap !important; }"
        " .sk-app .sk-board-column { flex: 0 1 auto; min-width: 360px; }"
        " .sk-app .sk-controls { flex: 0 100 auto; min-width: 320px; } }"
        "@media (prefers-reduced-motion: reduce) {"
        f" {_within('*', '*::before', '*::after')} {{ animation: none !important;"
        " transition: none !important; scroll-behavior: auto !important; } }"
        "</style>"
    )


_SCRIPT = (
    "if(!window.skA11y){window.skA11y=1;var n=0,due=0;"
    "var id=function(e){if(!e.id)e.id='sk-a11y-'+(++n);return e.id;};"
    "var fix=function(){due=0;"
    "document.querySelectorAll('.noUi-handle[role=slider]:not([aria-label])').forEach("
    "function(h){var b=h.closest('.jupyter-widgets');var l=b&&b.querySelector('.widget-label');"
    "var t=l&&l.textContent.trim();if(t)h.setAttribute('aria-label',t);});"
    "document.querySelectorAll('.sk-log:not([tabindex])').forEach(function(e){e.tabIndex=0;"
    "e.setAttribute('role','region');e.setAttribute('aria-label','Game log');});"
    "document.querySelectorAll('.sk-live .widget-html-content:not([role])').forEach("
    "function(e){e.setAttribute('role','status');e.setAttribute('aria-live','polite');});"
    "document.querySelectorAll('.sk-app').forEach(function(a){"
    "var c=a.querySelector('.sk-board canvas');"
    "var nm=a.querySelector('.sk-board-name .widget-html-content');"
    "var d=a.querySelector('.sk-board-text .widget-html-content');"
    "var keys=a.querySelector('.sk-board-keys');"
    "if(c)c.setAttribute('role',keys?'application':'img');"
    "if(!c||!nm||!d||c.getAttribute('aria-describedby'))return;"
    "c.setAttribute('aria-labelledby',id(nm));"
    "c.setAttribute('aria-describedby',id(d));});"
    "document.querySelectorAll('.sk-app .jupyter-widget-Collapse-header').forEach(function(h){"
    "var b=h.querySelector('span'),i=h.querySelector('i');if(!b)return;"
    "if(i)i.setAttribute('aria-hidden','true');"
    "if(!b.getAttribute('role')){h.setAttribute('role','heading');h.setAttribute('aria-level','4');"
    "b.setAttribute('role','button');b.tabIndex=0;"
    "b.addEventListener('keydown',function(e){if(e.key==='Enter'||e.key===' '){"
    "e.preventDefault();b.click();}});"
    "h.addEventListener('click',function(){requestAnimationFrame(fix);});}"
    "var c=h.nextElementSibling;b.setAttribute('aria-expanded',"
    "c&&!c.classList.contains('lm-mod-hidden')?'true':'false');});"
    "var t=!document.getElementById('play')&&document.querySelector('.sk-app h3');"
    "if(t){t.id='play';t.tabIndex=-1;}};"
    "new MutationObserver(function(){if(!due){due=1;requestAnimationFrame(fix);}})"
    ".observe(document.body,{childList:true,subtree:true});fix();}"
)

#: Put into one HTML widget of every top-level sheepkit widget.
PAGE_HTML = _style() + page_code(_SCRIPT)
