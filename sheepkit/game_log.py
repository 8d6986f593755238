"""The game log in words, as one viewer may read it: the app's log and a table's snapshots
(``sheepkit.tables``) word every move the same way, through the game's words
(``sheepkit.core.words``: a drawing, which asks them, serves too). Imports no widget library."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from .core import State
from .core.contract import GameWords
from .core.words import log_line

#: What ``log_entries`` may keep of one viewer's log between calls: per ply, the position
#: before the move and the one after it, the move's words and whether ``deals`` said so.
LogMemo = list[tuple[State[Any, Any], State[Any, Any], str, bool]]


def log_entries(
    words: GameWords,
    timeline: Sequence[State[Any, Any]],
    viewer: int | None,
    deals: Callable[[State[Any, Any]], bool],
    memo: LogMemo | None = None,
) -> list[tuple[int, int, str]]:
    """(first ply, last ply, text) per log line of ``timeline`` (every position of a game,
    from its start). A run of deals and draws made by themselves (``deals``) is one line
    ("Player 1 is dealt a card ×7, ..."), as it was one moment.

    ``memo`` (one per viewer, kept by the caller; ``deals`` must answer alike for the same
    position) keeps the words of the plies still on the timeline, so that a log read again
    after each move words only the new moves."""
    memo = [] if memo is None else memo
    kept = 0
    while (
        kept < min(len(memo), len(timeline) - 1)
        and memo[kept][0] is timeline[kept]
        and memo[kept][1] is timeline[kept + 1]
    ):
        kept += 1
    del memo[kept:]
    history = timeline[-1].history
    for ply in range(kept, len(timeline) - 1):
        before = timeline[ply]
        text = log_line(words, before, history[ply], viewer)
        memo.append((before, timeline[ply + 1], text, deals(before)))

    entries: list[tuple[int, int, str]] = []
    run: list[tuple[int, str]] = []

    def fold() -> None:
        counts: dict[str, int] = {}
        for _, text in run:
            counts[text] = counts.get(text, 0) + 1
        words = [f"{text} ×{n}" if n > 1 else text for text, n in counts.items()]
        entries.append((run[0][0], run[-1][0], "; ".join(words)))
        run.clear()

    for ply, (_, _, text, dealt) in enumerate(memo, 1):
        if dealt:
            run.append((ply, text))
            continue
        if run:
            fold()
        entries.append((ply, ply, text))
    if run:
        fold()
    return entries


__all__ = ["LogMemo", "log_entries", "log_line"]
