"""ShowsWidget: objects built around one widget show as that widget in a notebook cell."""

from __future__ import annotations

from typing import Any


class ShowsWidget:
    """For objects built around one ``widget``: a notebook cell shows them as that widget."""

    widget: Any

    def _ipython_display_(self) -> None:
        from IPython.display import display

        display(self.widget)
