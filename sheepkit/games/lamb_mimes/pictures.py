"""The Lamb Mimes lesson's pictures (widgets): the positions come from ``lesson``, which
imports no widget library, so its numbers can be computed without Jupyter."""

from __future__ import annotations

from typing import Any

from ...ui.picture import picture, pictures
from .lesson import reshuffle_demo


def reshuffle_pictures(scale: float = 0.5) -> Any:
    """The three moments of ``lesson.reshuffle_demo`` side by side, as Player 1 sees them."""
    before, reshuffled, after = reshuffle_demo()
    return pictures(
        picture(before, viewer=0, caption="The draw pile is empty; flip 1...", scale=scale),
        picture(
            reshuffled,
            viewer=0,
            caption="...a red Mime: the discard pile is turned over",
            scale=scale,
        ),
        picture(after, viewer=0, caption="Four cards drawn, the spot refilled", scale=scale),
    )
