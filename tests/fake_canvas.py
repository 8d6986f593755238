"""A stand-in for an ipycanvas Canvas that records every call, so board views can be tested
without a browser (ipycanvas only draws in one)."""

from __future__ import annotations

from typing import Any


class FakeCanvas:
    """Records method calls and attribute settings, as an ipycanvas Canvas would take them."""

    def __init__(self) -> None:
        object.__setattr__(self, "calls", [])

    def __setattr__(self, name: str, value: Any) -> None:
        self.calls.append((name, value))

    def __getattr__(self, name: str) -> Any:
        def call(*args: Any) -> None:
            self.calls.append((name, *args))

        return call

    def texts(self) -> list[str]:
        return [c[1] for c in self.calls if c[0] == "fill_text"]

    def count(self, name: str) -> int:
        return sum(1 for c in self.calls if c[0] == name)

    def circles_after(self, setting: tuple[str, str], method: str) -> int:
        """How many ``method`` calls come while ``setting`` (e.g. a fill colour) is in force."""
        current, n = None, 0
        for call in self.calls:
            if call[0] == setting[0]:
                current = call[1]
            elif call[0] == method and current == setting[1]:
                n += 1
        return n
