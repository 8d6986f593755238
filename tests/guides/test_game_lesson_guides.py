"""The teacher's guides of lamb_mimes, sheep_race, bot_arena, make_a_game and design_a_game
quote today's numbers, and the lessons' claims match them (issue 27).

A number a guide quotes from a notebook run must be printed by that run: each is looked up in
the text its ``# NBVAL_CHECK_OUTPUT`` cell must print (``metadata.sheepkit.expected_output``,
which nbval compares with a real run in ``make notebooks``). Runs the notebooks do not check
(the bot arena's tournament) and the claims the lessons' words make are recomputed here at the
notebooks' seeds, with run sizes a test can afford."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import sheepkit
from sheepkit import lab
from sheepkit.bots import for_game
from sheepkit.games.sheep_race import lesson as race_lesson

ROOT = Path(__file__).resolve().parents[2]
NOTEBOOKS = ROOT / "notebooks"
GUIDES = ROOT / "docs" / "guides"

#: (notebook, checked cell, text the guide quotes from its output)
QUOTED = [
    ("lamb_mimes", "lamb-mimes-10", "does not fit: turned back    3/7 = 43%"),
    ("lamb_mimes", "lamb-mimes-10", "fits: played                 16/49 = 33%"),
    ("lamb_mimes", "lamb-mimes-10", "a Lamb Mime: draw cards      12/49 = 24%"),
    ("lamb_mimes", "lamb-mimes-16", "Memory won 261 of 400 rounds (65%) [60%, 70%]"),
    ("lamb_mimes", "lamb-mimes-14", "3 players:  18.9 turns on average"),
    (
        "lamb_mimes",
        "lamb-mimes-match",
        "3 players:  8.2 rounds [ 7.4,  9.0], 146.8 turns [131.6, 161.9]",
    ),
    ("lamb_mimes", "lamb-mimes-first", "first player wins 56.8% [52.4%, 61.1%] (fair share 50%)"),
    ("lamb_mimes", "lamb-mimes-first", "first player wins 37.4% [33.3%, 41.7%] (fair share 25%)"),
    ("lamb_mimes", "lamb-mimes-seven", "first player wins 53.8% [49.4%, 58.1%] (fair share 50%)"),
    ("lamb_mimes", "lamb-mimes-robin", "1 Strong              18     67% [44%, 84%]"),
    ("lamb_mimes", "lamb-mimes-robin", "44% [25%, 66%]"),
    ("sheep_race", "odds", "3 times (lane 6: 1/4, lane 1: 1/12)"),
    ("sheep_race", "odds", "1/36"),
    ("sheep_race", "sim", "33% [29%, 37%]"),
    ("sheep_race", "sim", "8% [6%, 10%]"),
    ("sheep_race", "sim", "semifinal bet lanes 1-6: 3.8, 3.7, 2.8, 2.7, 2.6, 2.4"),
    ("sheep_race", "cards", "Mozzarella  23% [18%, 28%]"),
    ("sheep_race", "cards", "Gouda       12% [9%, 16%]"),
    (
        "sheep_race",
        "change",
        "as printed                     lane 1 picked  1/12, wins 7% [4%, 10%]",
    ),
    (
        "sheep_race",
        "change",
        "final dice in the semifinals   lane 1 picked  5/36, wins 11% [8%, 15%]",
    ),
    ("sheep_race", "duel", "1 Sensible            20     85% [64%, 95%]"),
    ("bot_arena", "bot-arena-10", "Random sheep against Random wolves: the sheep won 195 of 200"),
    (
        "bot_arena",
        "bot-arena-10",
        "Sensible sheep against Random wolves: the sheep won 200 of 200",
    ),
    ("bot_arena", "bot-arena-10", "Random sheep against Perfect wolves: the sheep won 0 of 200"),
    ("make_a_game", "make-a-game-25", "longer than the declared 21"),
    ("make_a_game", "make-a-game-27", "max_length: 221"),
    (
        "make_a_game",
        "make-a-game-27",
        "60 games, 1293 states checked, length mean 20.6, longest 55",
    ),
    ("make_a_game", "make-a-game-32", "Random hounds v Random hare: the hare won 198 of 200"),
    ("make_a_game", "make-a-game-32", "MCTS hounds v Random hare: the hare won 6 of 10"),
    ("make_a_game", "make-a-game-32", "Random hounds v MCTS hare: the hare won 10 of 10"),
    ("make_a_game", "make-a-game-35", "stall limit 3: random hare wins 99% [96%-100%]"),
    ("make_a_game", "make-a-game-35", "the hare wins in 34 moves"),
    ("make_a_game", "make-a-game-35", "stall limit 10: random hare wins 99% [96%-100%]"),
    ("make_a_game", "make-a-game-35", "the hounds win in 23 moves"),
    ("design_a_game", "design-a-game-4", "X wins 606 of 1000: 60.6% [57.5%, 63.6%]"),
    ("design_a_game", "design-a-game-4", "O wins 272 of 1000: 27.2% [24.5%, 30.0%]"),
    ("design_a_game", "design-a-game-4", "Draws: 122 of 1000: 12.2% [10.3%, 14.4%]"),
    (
        "design_a_game",
        "design-a-game-4",
        "The intervals of X and O do not overlap: X wins clearly more often.",
    ),
    (
        "design_a_game",
        "design-a-game-12",
        "20 games, 340 states checked, length mean 16.0, longest 22",
    ),
    ("design_a_game", "design-a-game-18", "White wins 107 of 200: 53.5% [46.6%, 60.3%]"),
    ("design_a_game", "design-a-game-18", "Black wins 93 of 200: 46.5% [39.7%, 53.4%]"),
    (
        "design_a_game",
        "design-a-game-18",
        "The intervals of White and Black overlap: no clear difference between them.",
    ),
    ("design_a_game", "design-a-game-14", "the White have no pieces and no move that puts one"),
]


def notebook_cells(notebook: str) -> dict[str, dict]:
    cells = json.loads((NOTEBOOKS / f"{notebook}.ipynb").read_text())["cells"]
    return {cell["id"]: cell for cell in cells}


def checked_output(notebook: str, cell: str) -> str:
    output: str = notebook_cells(notebook)[cell]["metadata"]["sheepkit"]["expected_output"]
    return output


def figures(notebook: str, cell: str) -> str:
    """The checked output without its copy-my-result line (which repeats a figure)."""
    lines = checked_output(notebook, cell).splitlines()
    return "\n".join(line for line in lines if not line.startswith("Copy my result"))


def said(notebook: str, cell: str) -> str:
    """What a checked cell prints, its explanation included, with its lines joined."""
    return " ".join(checked_output(notebook, cell).split())


def source(notebook: str, cell: str) -> str:
    return "".join(notebook_cells(notebook)[cell]["source"])


def guide(notebook: str) -> str:
    return (GUIDES / f"{notebook}.md").read_text()


def intervals(text: str) -> list[tuple[float, float, float]]:
    """Every ``rate% [low%, high%]`` in a printed text, as fractions."""
    found = re.findall(r"([\d.]+)% \[([\d.]+)%, ([\d.]+)%\]", text)
    return [(float(r) / 100, float(lo) / 100, float(hi) / 100) for r, lo, hi in found]


@pytest.mark.parametrize(("notebook", "cell", "quoted"), QUOTED)
def test_a_number_the_guide_quotes_is_what_the_checked_run_prints(notebook, cell, quoted):
    assert quoted in checked_output(notebook, cell), f"{notebook} [{cell}] no longer prints it"
    assert quoted in guide(notebook), f"the guide of {notebook} does not quote {quoted!r}"


# -- bot_arena -------------------------------------------------------------------------------
@pytest.fixture(scope="module")
def arena_leaderboard():
    """The arena's default tournament (the built-in bots but MCTS, and the example bot; 10
    games per pairing and seat order, seed 1), as the notebook's arena runs it."""
    namespace: dict = {}
    exec(source("bot_arena", "bot-arena-4"), namespace)
    game = sheepkit.load("wolf_and_sheep")
    bots: dict = {name: name for name in for_game(game) if name != "MCTS"}
    bots["Forward sheep"] = namespace["forward_sheep"]
    played = lab.tournament(game, bots, 10, 1, executor="serial", progress=None)
    return {standing.name: standing for standing in played.leaderboard}


def test_bot_arena_question_1_says_what_the_leaderboard_shows(arena_leaderboard):
    mine, random, sensible = (arena_leaderboard[n] for n in ("Forward sheep", "Random", "Sensible"))
    overlap = max(mine.win_interval[0], random.win_interval[0]) <= min(
        mine.win_interval[1], random.win_interval[1]
    )
    assert overlap and sensible.win_interval[0] > max(mine.win_interval[1], random.win_interval[1])
    question = source("bot_arena", "bot-arena-questions")
    assert "does no better than Random" in question and "intervals overlap" in question
    assert "beats Random" not in question


def test_the_bot_arena_guide_quotes_the_tournament(arena_leaderboard):
    text = guide("bot_arena")
    for name in ("Perfect", "Sensible", "Random", "Forward sheep"):
        standing = arena_leaderboard[name]
        low, high = standing.win_interval
        assert f"{standing.win_rate:.0%} [{low:.0%}, {high:.0%}]" in text, name
        assert f"(rating {standing.rating:.0f})" in text, name


def test_400_elo_points_are_odds_of_10_to_1_not_ten_times_as_often():
    expected = 1 / (1 + 10 ** (-400 / 400))  # the Elo expected score of the stronger player
    words = source("bot_arena", "bot-arena-11")
    assert f"about 10 games in 11 ({expected:.0%})" in words
    assert "times as often" not in words
    assert f"`{expected:.0%}`" in guide("bot_arena")


# -- lamb_mimes -----------------------------------------------------------------------------
def test_lamb_mimes_says_the_first_player_rule_helps_whoever_is_winning():
    output = figures("lamb_mimes", "lamb-mimes-first")
    fair = [float(f) / 100 for f in re.findall(r"fair share (\d+)%", output)]
    rates = intervals(output)
    assert len(rates) == len(fair) == 2
    assert all(low > share for (_, low, _), share in zip(rates, fair, strict=True))
    assert "The whole interval lies above the fair share" in output
    assert "gives the edge to whoever is already winning" in output
    assert "one reason why" not in output and "one reason why" not in source(
        "lamb_mimes", "lamb-mimes-first-md"
    )


def test_lamb_mimes_memory_claim_rests_on_its_interval():
    ((_, low, _), *_) = intervals(figures("lamb_mimes", "lamb-mimes-16"))
    assert low > 0.5  # "the whole interval lies above one half"
    assert "whole interval lies above one half" in said("lamb_mimes", "lamb-mimes-16")


def test_lamb_mimes_seven_cards_intervals_overlap_as_it_says():
    five = intervals(figures("lamb_mimes", "lamb-mimes-first"))
    seven = intervals(figures("lamb_mimes", "lamb-mimes-seven"))
    assert len(five) == len(seven) == 2
    assert all(a[1] <= b[2] and b[1] <= a[2] for a, b in zip(five, seven, strict=True))
    assert "intervals of five and seven cards overlap" in said("lamb_mimes", "lamb-mimes-seven")


# -- sheep_race -----------------------------------------------------------------------------
def test_sheep_race_shows_the_odds_rather_than_asking_pupils_to_compute_them():
    intro = source("sheep_race", "intro")
    assert "you will compute" not in intro.lower()
    assert "The lesson shows you the exact" in intro
    assert "lane 1           1/12" in checked_output("sheep_race", "odds")


@pytest.mark.parametrize("cell", ["sim", "cards", "change"])
def test_every_simulated_share_in_sheep_race_has_its_interval(cell):
    lines = [
        line
        for line in checked_output("sheep_race", cell).splitlines()
        if re.match(r"\s*(\d|[A-Z][a-z]+ |as printed|final dice|track)", line) and "%" in line
    ]
    assert lines
    for line in lines:
        assert len(re.findall(r"\d+%(?! \[)(?![\],])", line)) == 0, line


def test_sheep_race_rule_changes_are_compared_as_their_intervals_allow():
    rows = intervals(figures("sheep_race", "change"))
    printed, *changes = rows
    assert len(changes) == 3
    assert all(low <= printed[2] and printed[1] <= high for _, low, high in changes)
    words = said("sheep_race", "change")
    assert "every interval overlaps the interval of the printed rules" in words


def test_sheep_race_card_shares_outside_an_even_share_are_the_ones_it_names():
    game = sheepkit.load("sheep_race", players=3)
    balance = race_lesson.places(game, 300, seed=2)
    outside = {
        name
        for name, (wins, _, _) in balance.cards.items()
        if not lab.wilson(wins, balance.runs[name])[0]
        <= 1 / 6
        <= lab.wilson(wins, balance.runs[name])[1]
    }
    assert outside == {"Mozzarella", "Roquefort", "Gouda"}
    words = said("sheep_race", "cards")
    assert "Mozzarella's and Roquefort's" in words and "Gouda's just below" in words


def test_sheep_race_app_plays_one_race_and_its_length_is_as_the_guide_says():
    assert 'races="one race"' in source("sheep_race", "play")
    one = sheepkit.load("sheep_race", players=3, races="one race")
    rows = lab.simulate(one, ["Sensible"] * 3, 6, seed=1, executor="serial", progress=None)
    mean = sum(row.turns for row in rows) / len(rows)
    assert 28 <= mean <= 42, mean  # "about 35 turns"
    assert "about 35 turns" in guide("sheep_race")


def test_lamb_mimes_app_plays_one_round():
    assert "match=False" in source("lamb_mimes", "lamb-mimes-12")


# -- design_a_game ---------------------------------------------------------------------------
#: The lesson's cells that declare and register its two games: noughts and crosses, and the
#: pupils' starting game (the board, the sides, the goals, the game).
DESIGN_CELLS = [f"design-a-game-{n}" for n in (2, 6, 8, 10, 12)]


@pytest.fixture(scope="module")
def design_games():
    """The lesson's two games, declared and registered by its own cells, then unregistered."""
    namespace: dict = {}
    for cell in DESIGN_CELLS:
        exec(source("design_a_game", cell), namespace)
    names = [namespace["noughts_and_crosses"].name, namespace["my_game"].name]
    yield namespace
    for name in names:
        sheepkit.core.registry.unregister(name)


def test_design_a_game_runs_are_what_the_lesson_functions_give(design_games):
    """The lesson's figures, computed again at its seeds and sizes: the same lines."""
    from sheepkit.examples.design_a_game_lesson import who_wins

    noughts = who_wins("noughts_and_crosses", games=1000, seed=1)
    mine = who_wins(design_games["my_game"].name, games=200, seed=1)
    for cell, played in (("design-a-game-4", noughts), ("design-a-game-18", mine)):
        assert "\n".join(played.lines()) in checked_output("design_a_game", cell)
    assert noughts.clear and noughts.leader.who == "X" and noughts.first == "X"
    assert not mine.clear and mine.first == "White"
    assert "X wins about six games in ten, O fewer than three" in said(
        "design_a_game", "design-a-game-4"
    )
    assert 0.55 <= noughts.sides[0].rate <= 0.65 and 0.2 <= noughts.sides[1].rate < 0.3


def test_noughts_and_crosses_is_a_draw_with_perfect_play_as_lesson_and_guide_say(design_games):
    from functools import cache

    game = design_games["noughts_and_crosses"]()

    @cache
    def value(state) -> int:  # for the player to move: 1 a win, 0 a draw, -1 a loss
        if state.is_over:
            winners = state.outcome().winners
            return 0 if not winners else (1 if state.turn in winners else -1)
        return max(-value(state.play(move)) for move in state.legal_moves())

    assert value(game.new_game()) == 0
    assert "With perfect play, every game of noughts and crosses is a draw" in said(
        "design_a_game", "design-a-game-4"
    )
    assert "With perfect play every game is a draw" in " ".join(guide("design_a_game").split())


def test_the_design_a_game_guide_answers_with_the_lesson_s_figures():
    text = " ".join(section_of(guide("design_a_game"), "Questions").split())
    assert "X wins 60.6% and O 27.2%, and the intervals do not overlap" in text
    assert "53.5% against 46.5%" in text and "intervals overlap" in text
    assert "60.6%" in said("design_a_game", "design-a-game-4")


def section_of(text: str, heading: str) -> str:
    match = re.search(rf"^## {heading}\s*$(.*?)(?=^## |\Z)", text, re.M | re.S)
    assert match, f"no '## {heading}' section"
    return match.group(1)


#: The guide's "Some games pupils make": (the change, how the guide words its result).
PUPILS_GAMES = {
    "noughts and crosses on `kit.squares(4)`": "three in a row 4x4",
    "Pawn Race on `kit.squares(6)` with `kit.rows(2)`": "two rows 6x6",
    "Pawn Race on `kit.lines(5, 3, diagonals=True)`": "lines 5x3",
}


def pupils_game(change: str):
    from sheepkit import kit

    pawn = [kit.step(kit.FORWARD), kit.step(kit.FORWARD_DIAGONALS, capture=True)]
    rows = kit.rows(2) if change == "two rows 6x6" else kit.rows(1)
    if change == "three in a row 4x4":
        board, goals = kit.squares(4), [kit.in_a_row(3)]
        sides = [kit.Side("X", moves=[kit.place()]), kit.Side("O", moves=[kit.place()])]
    else:
        board = kit.squares(6) if change == "two rows 6x6" else kit.lines(5, 3, diagonals=True)
        goals = [kit.reach(), kit.capture()]
        sides = [kit.Side(n, pieces=rows, moves=pawn) for n in ("White", "Black")]
    return kit.Game(change.title(), name=f"guide_{change.replace(' ', '_')}", board=board,
                    sides=sides, goals=goals)  # fmt: skip


@pytest.mark.parametrize("change", sorted(PUPILS_GAMES))
def test_the_design_a_game_guide_measures_the_pupils_games_as_the_lesson_does(change):
    from sheepkit import kit
    from sheepkit.examples.design_a_game_lesson import who_wins

    game = kit.register(pupils_game(PUPILS_GAMES[change]))
    try:
        played = who_wins(game.name, games=200, seed=1)
    finally:
        sheepkit.core.registry.unregister(game.name)
    shares = ", ".join(f"{s.who} wins {s}" for s in played.sides)
    edge = "a clear difference" if played.clear else "no clear difference"
    row = next(
        line for line in guide("design_a_game").splitlines() if line.startswith(f"| {change}")
    )
    assert row.rstrip(" |").endswith(f"| {shares}: {edge}"), row
