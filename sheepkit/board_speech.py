"""The board in words for a screen reader, apart from any widget: what the app's
``sheepkit.ui.board_speech.BoardSpeech`` and the play page (``sheepkit.play_page``) both say.

``described(screen, steerable)``: the board's description, with the keyboard's hint where
the board has a cursor. ``Announcer.heard(screen)``: after a change, the words a polite live
region says, if any: each new line of the game log (the move, the reply, the deal) as the log
words it, and the result when the game ends; behind the pass-the-device curtain only the
curtain's words; nothing for the first position, a new game, Undo or the history.
"""

from __future__ import annotations

from .screen import Screen

#: Said after the description of a board that has a keyboard cursor (board_keys).
KEYS_HINT = "On the board: the arrow keys move, Enter or Space picks."
#: At most this many log lines are said at once (a loaded record is not read out whole).
MOST_LINES = 5


def described(screen: Screen, steerable: bool) -> str:
    """The board in words, and the keys' hint where the board has a cursor (none behind the
    curtain)."""
    words = screen.described()
    if steerable and screen.live.curtain_for is None:
        words += f"\n{KEYS_HINT}"
    return words


class Announcer:
    """Which plies of one screen's game have been said (see the module's note)."""

    def __init__(self) -> None:
        self._heard_plies: int | None = None  # how many plies of the game have been said
        self._over_said = False

    def heard(self, screen: Screen, words: str) -> str | None:
        """What to say after a change of ``screen`` (``words``: the board's description now,
        said behind the curtain), or None."""
        live = screen.live
        state, plies = live.state, live.ply
        if not live.at_end or self._heard_plies is None or plies < self._heard_plies:
            # The first position, a new game, Undo or the history: nothing new was played.
            if live.at_end:
                self._heard_plies, self._over_said = plies, state.is_over
            return None
        if live.curtain_for is not None:
            if plies > self._heard_plies:  # the next player's secrets stay unsaid
                self._heard_plies = plies
                return words
            return None
        lines = [line.text for line in screen.log() if line.last > self._heard_plies]
        self._heard_plies = plies
        if state.is_over and not self._over_said:
            lines.append(f"Game over. {state.outcome()}")
            self._over_said = True
        if lines:
            return ". ".join(line.rstrip(".") for line in lines[-MOST_LINES:]) + "."
        return None
