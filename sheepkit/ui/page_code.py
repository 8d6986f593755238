"""Page code run from the kernel, without a front-end extension of sheepkit's own.

An HTML widget's scripts never run, but an image that fails to load runs its ``onerror``: the
keyboard shim, the page style's script, the focus kept after a move and the browser's memory
of table seats are all such an image. Inside the handler ``this`` is the image, in the app's
part of the page.
"""

from __future__ import annotations

import html


def page_code(script: str, key: object = None) -> str:
    """HTML that runs ``script`` in the page once an HTML widget shows it. A new ``key`` makes
    the HTML new, so that the same script runs again when the widget is set to it."""
    mark = "" if key is None else f' data-run="{html.escape(str(key), quote=True)}"'
    return (
        f'<img alt="" style="display:none" src="data:image/gif;base64,AA"{mark}'
        f' onerror="{html.escape(script, quote=True)}">'
    )
