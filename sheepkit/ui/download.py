"""A file the page offers to download, made in the kernel: no server route is needed, so it
works the same on Voila, in JupyterLab and on the static site."""

from __future__ import annotations

import base64
import html


def download_link(text: str, filename: str) -> str:
    """An HTML link that saves ``text`` as ``filename`` (JSON)."""
    data = base64.b64encode(text.encode()).decode()
    name = html.escape(filename, quote=True)
    return f"<a download='{name}' href='data:application/json;base64,{data}'>Download {name}</a>"
