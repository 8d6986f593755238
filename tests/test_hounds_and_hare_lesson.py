"""The make-a-game lesson's measurements (sheepkit.examples.hounds_and_hare_lesson): each is a
prediction the pupil makes before the run (sheepkit.ui.predict), prints a "copy my result"
line, and its explanation says what the recorded run shows (nbval checks the recording
against a real run in ``make notebooks``)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from sheepkit.examples import hounds_and_hare_lesson as hare_lesson
from sheepkit.examples.hounds_and_hare import HoundsAndHare, solve
from sheepkit.examples.hounds_and_hare_lesson import (
    Match,
    StallLimit,
    matches_copy,
    share,
    stall_copy,
)

NOTEBOOK = Path(__file__).resolve().parents[1] / "notebooks" / "make_a_game.ipynb"
CELLS = {c["id"]: c for c in json.loads(NOTEBOOK.read_text())["cells"]}
MATCHES, STALL = "make-a-game-32", "make-a-game-35"


def source(cell: str) -> str:
    return "".join(CELLS[cell]["source"])


def recorded(cell: str) -> str:
    output: str = CELLS[cell]["metadata"]["sheepkit"]["expected_output"]
    return output


def explanation(cell: str) -> str:
    """The explanation's words as the pupil reads them: the lesson module's text that the
    cell names (kept out of the code pupils read before they guess)."""
    named = re.search(r"explanation=hare_lesson\.(\w+)", source(cell))
    assert named is not None, "the explanation lives in the lesson module"
    return str(getattr(hare_lesson, named.group(1)))


def test_both_measurements_ask_for_a_prediction_and_give_a_line_to_copy():
    for cell in (MATCHES, STALL):
        assert "@predict(" in source(cell) and 'kind="choice"' in source(cell)
        lines = recorded(cell).splitlines()
        assert any(line.startswith("The run says ") for line in lines)  # beside the guess
        copy = [line for line in lines if line.startswith("Copy my result: Hounds and Hare |")]
        assert len(copy) == 1, lines
    # The explanations were folded texts under the cells, to open "after the run": now they
    # wait for the run itself.
    assert "after the run" not in "".join(source(c) for c in CELLS)


def test_the_matches_explanation_says_what_the_run_shows():
    played = {
        (hounds, hare): (int(won), int(games))
        for hounds, hare, won, games in re.findall(
            r"(\w+) hounds v (\w+) hare: the hare won (\d+) of (\d+)", recorded(MATCHES)
        )
    }
    won, games = played[("Random", "Random")]
    assert won / games >= 0.95  # "the hare nearly always slips through"
    won, games = played[("MCTS", "Random")]
    assert 0 < won < games  # MCTS hounds win "only some of its games"
    won, games = played[("Random", "MCTS")]
    assert won == games  # the MCTS hare "beats random hounds every time"
    words = explanation(MATCHES)
    for said in ("nearly always slips through", "only some of its games", "every time"):
        assert said in words


def test_the_stall_limit_explanation_says_what_the_run_and_the_solver_show():
    rows = re.findall(
        r"stall limit (\d+): random hare wins (\d+)% \[(\d+)%-(\d+)%\], ([\d.]+) moves on "
        r"average; perfect play: the (hounds|hare) wins? in (\d+) moves",
        recorded(STALL),
    )
    (three, *_, low3, high3, length3, best3, _), (ten, *_, low10, high10, length10, best10, _) = (
        rows
    )
    assert (three, ten) == ("3", "10")
    assert int(low3) <= int(high10) and int(low10) <= int(high3)  # "hardly shows"
    assert float(length3) < float(length10)  # random hounds lose "a little sooner"
    assert (best3, best10) == ("hare", "hounds")
    assert solve(HoundsAndHare(stall_limit=4))[0] == 0  # "(or even 4)": the hounds win
    words = explanation(STALL)
    assert "hardly shows" in words and "a little sooner" in words
    assert "10 (or even 4) stalled moves allowed the hounds can always trap the hare" in words


def test_results_read_with_their_interval_and_copy_as_one_line():
    assert share(198, 200) == "99% [96%, 100%]"
    played = [Match("Random", "Random", 200, 198), Match("MCTS", "Random", 10, 6)]
    assert played[0].says == "the hare won 198 of 200 games (99% [96%, 100%])"
    assert played[1].line() == "MCTS hounds v Random hare: the hare won 6 of 10"
    assert matches_copy(played) == (
        "Hounds and Hare | hare wins | Random hounds v Random hare: 198/200; "
        "MCTS hounds v Random hare: 6/10"
    )
    limits = [
        StallLimit(3, 0.99, (0.96, 1.0), 17.2, 1, 34),
        StallLimit(10, 0.99, (0.96, 1.0), 23, 0, 23),
    ]
    assert limits[0].says == "with a stall limit of 3, the hare wins in 34 moves (perfect play)"
    assert limits[1].line() == (
        "stall limit 10: random hare wins 99% [96%-100%], 23.0 moves on average; "
        "perfect play: the hounds win in 23 moves"
    )
    assert "\n" not in stall_copy(limits) and stall_copy(limits).startswith("Hounds and Hare |")
