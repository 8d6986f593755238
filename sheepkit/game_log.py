"""The game log in words, as one viewer may read it: the app's log and a table's snapshots
(``sheepkit.tables``) word every move the same way. Imports no widget library."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from typing import Any

from .core import CHANCE, State
from .core.contract import BoardDrawing


def log_line(
    drawing: BoardDrawing, before: State[Any, Any], move: Hashable, viewer: int | None
) -> str:
    """One entry of the log, as ``viewer`` may read it: with hidden information the drawing
    words it (``log_label``), or else only who acted is shown."""
    game = before.game
    who = before.acting_player
    name = f"{game.player_name(who)}: " if who is not None else ""
    if not game.hidden_information or (viewer is None and before.is_over):
        # In words, as on the move's button, with the notation a record uses beside it.
        words, notation = drawing.move_label(before, move), str(move)
        return name + (words if words == notation else f"{words} ({notation})")
    label = drawing.log_label(before, move, viewer)
    if label is not None:
        return label
    return name + ("chance" if before.to_move == CHANCE else "a move")


#: What ``log_entries`` may keep of one viewer's log between calls: per ply, the position
#: before the move and the one after it, the move's words and whether ``deals`` said so.
LogMemo = list[tuple[State[Any, Any], State[Any, Any], str, bool]]


def log_entries(
    drawing: BoardDrawing,
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
        text = log_line(drawing, before, history[ply], viewer)
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
