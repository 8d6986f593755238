"""The log's words with a memo (``log_entries(..., memo)``) are the words read afresh: after
each move, and after the timeline is cut and goes another way."""

from sheepkit.core.words import words_for
from sheepkit.game_log import LogMemo, log_entries
from sheepkit.session import Session


def test_a_memo_changes_no_word_of_the_log():
    session = Session("sheep_race", ["Random"] * 4, seed=3)
    drawing = words_for(session.game)
    memos: dict[int | None, LogMemo] = {}
    cut = False
    while not session.state.is_over:
        session.step()
        if not cut and session.state.ply > 40:
            session.goto(session.cursor - 10)  # back: the next step cuts the timeline there
            cut = True
        for viewer in (None, *range(session.game.num_players)):
            memo = memos.setdefault(viewer, [])
            fresh = log_entries(drawing, session.timeline, viewer, session.deals)
            assert log_entries(drawing, session.timeline, viewer, session.deals, memo) == fresh
    assert cut
