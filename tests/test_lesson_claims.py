"""Every claim a lesson, a guide or the glossary makes is one the numbers, the rules or the
outputs bear out (issue 35): the eleven statements that read again contradicted them, each
checked here against what it is about, so that the old wording cannot come back."""

from __future__ import annotations

import importlib.util
import json
import re
import sys
from pathlib import Path

import pytest

import sheepkit
from sheepkit import lab

ROOT = Path(__file__).resolve().parents[1]
NOTEBOOKS = ROOT / "notebooks"
GUIDES = ROOT / "docs" / "guides"
GLOSSARY = ROOT / "docs" / "glossary.md"

_SPEC = importlib.util.spec_from_file_location("rules_cards", ROOT / "site" / "rules_cards.py")
assert _SPEC and _SPEC.loader
rules_cards = importlib.util.module_from_spec(_SPEC)
sys.modules.setdefault("rules_cards", rules_cards)
_SPEC.loader.exec_module(rules_cards)


def cell(notebook: str, cell_id: str) -> dict:
    cells = json.loads((NOTEBOOKS / f"{notebook}.ipynb").read_text())["cells"]
    return next(c for c in cells if c["id"] == cell_id)


def source(notebook: str, cell_id: str) -> str:
    """A cell's text with its lines joined (a phrase may be broken over two lines)."""
    return " ".join("".join(cell(notebook, cell_id)["source"]).split())


def output(notebook: str, cell_id: str) -> str:
    text: str = cell(notebook, cell_id)["metadata"]["sheepkit"]["expected_output"]
    return text


def said(notebook: str, cell_id: str) -> str:
    return " ".join(output(notebook, cell_id).split())


def guide(name: str) -> str:
    return " ".join((GUIDES / f"{name}.md").read_text().split())


def card(game: str) -> str:
    """The words of a rules card, as the seed gives them (the card is made from them)."""
    return " ".join(rules_cards.card_text(game).split())


def question(text: str, number: int) -> str:
    """One numbered answer of a guide's Questions section."""
    questions = text.split("## Questions", 1)[1]
    return questions.split(f" {number}. ", 1)[1].split(f" {number + 1}. ", 1)[0]


def interval_of(wins: int, games: int) -> tuple[float, float]:
    return lab.wilson(wins, games)


def overlap(a: tuple[float, float], b: tuple[float, float]) -> bool:
    return a[0] <= b[1] and b[0] <= a[1]


# 1. Auto-victory: one wording, the rules' own, everywhere ------------------------------------
def test_the_sheep_wins_by_auto_victory_with_wolves_still_above_it() -> None:
    """The lesson's B6 example wins with wolves on row 8, and the Bot Arena's quick match ends
    on the other case: one wolf alone can reach both squares in front of the sheep."""
    from sheepkit.games.wolf_and_sheep.perfect import explain_auto_victory

    game = sheepkit.load("wolf_and_sheep")
    escaped = game.position(sheep="B6", wolves=["B4", "D8", "F8", "H8"], to_move=0)
    assert 'sheep="B6", wolves=["B4", "D8", "F8", "H8"]' in source(
        "wolf_and_sheep", "wolf-and-sheep-7"
    )
    assert escaped.is_over and tuple(escaped.winners()) == (0,)
    assert explain_auto_victory(escaped).reason  # ...with three wolves above it on row 8
    namespace: dict = {}
    exec("".join(cell("bot_arena", "bot-arena-4")["source"]), namespace)
    final = sheepkit.play_game("wolf_and_sheep", [namespace["forward_sheep"], "Random"], seed=1)
    assert "one wolf cannot block both" in final.outcome().reason


@pytest.mark.parametrize(
    "where",
    ["lesson", "card", "guide"],
)
def test_auto_victory_is_said_with_both_of_its_cases(where: str) -> None:
    text = {
        "lesson": source("wolf_and_sheep", "wolf-and-sheep-6"),
        "card": card("wolf_and_sheep"),
        "guide": question(guide("wolf_and_sheep"), 4),
    }[where]
    assert "past every wolf" not in text
    assert "no wolf can reach" in text, f"the {where} misses the case of an unguarded square"
    assert "one and the same wolf" in text, f"the {where} misses the case of one wolf for both"


# 2 and 3. Battle Sheep: more players, and the study no one can find ------------------------
def test_battle_sheep_says_how_far_below_a_fair_share_player_1_is_as_the_figures_give() -> None:
    words = said("battle_sheep", "battle-sheep-16")
    assert "worse with more players" not in words
    words = words.split("So we also ran 300 games", 1)[1]
    figures = re.findall(
        r"(\d+\.\d)% \[\d+%, \d+%\] (?:of the two-player games )?\(fair: (\d+)%\)", words
    )
    assert len(figures) == 3, figures
    fair_share = [1 / 2, 1 / 3, 1 / 4]
    ratios = [float(rate) / 100 / fair for (rate, _), fair in zip(figures, fair_share, strict=True)]
    two, three, four = (f"{ratio:.0%}" for ratio in ratios)
    assert f"{two} of a fair share with two players, {three} with three and {four} with four" in (
        words
    )
    assert ratios[2] >= ratios[1]  # four players are no worse off than three
    assert "Four players are no worse off than three" in words


def test_battle_sheep_cites_no_study_it_cannot_name() -> None:
    assert "study" not in source("battle_sheep", "battle-sheep-15").lower()


# 4. The Sheep Race: which bets differ --------------------------------------------------------
def bet_rows() -> list[tuple[float, float, float]]:
    """Each lane's semifinal bet, with its interval, as the simulation prints it."""
    found = []
    for line in output("sheep_race", "sim").splitlines():
        match = re.match(r"\s+\d .*?\s(\d+\.\d) \[(\d+\.\d), (\d+\.\d)\]\s+\d+\.\d \[", line)
        if match:
            found.append(tuple(float(x) for x in match.groups()))
    return found  # type: ignore[return-value]


def test_the_race_prints_each_bet_value_with_its_interval() -> None:
    rows = bet_rows()
    assert len(rows) == 6, output("sheep_race", "sim")
    one, two, *_, six = rows
    assert overlap(one[1:], two[1:]) and not overlap(one[1:], six[1:])
    assert not overlap(two[1:], six[1:])


def test_the_race_guide_compares_only_the_bets_that_differ() -> None:
    text = guide("sheep_race")
    assert "a bet on lane 1 is worth the most" not in text
    one, two, *_, six = bet_rows()
    for lane, (value, low, high) in ((1, one), (2, two), (6, six)):
        assert f"lane {lane} `{value} [{low}, {high}]`" in " ".join(text.split()), lane
    assert "Lanes 1 and 2 cannot be told apart" in text
    words = said("sheep_race", "sim")
    assert "lanes 1 and 2 cannot be told apart" in words


# 5. Lamb Mimes: no open hands in the app -----------------------------------------------------
def test_the_lamb_mimes_guide_offers_only_what_the_app_has() -> None:
    text = guide("lamb_mimes")
    assert "open hands" not in text  # the app curtains the board between human turns
    from sheepkit.bots import for_game

    slower = text.split("**Slower pupils:**", 1)[1].split("- **", 1)[0]
    bots = [b for b in for_game(sheepkit.load("lamb_mimes")) if f"**{b}**" in slower]
    assert bots, "the advice names no bot of the app"


# 6 and 7. Make a Game ------------------------------------------------------------------------
def test_make_a_game_guide_names_the_stall_limits_that_decide() -> None:
    from sheepkit.examples.hounds_and_hare import HoundsAndHare, solve

    three, four = (solve(HoundsAndHare(stall_limit=n))[0] for n in (3, 4))
    assert (three, four) == (1, 0)  # 3: the hare wins; 4: the hounds
    answer = question(guide("make_a_game"), 3)
    assert "rule between" not in answer
    assert "no whole number between" in answer and "limit of 4" in answer


def test_make_a_game_calls_the_effect_of_thinking_as_large_as_it_is() -> None:
    played = {
        line.split(":")[0]: tuple(int(n) for n in re.findall(r"won (\d+) of (\d+)", line)[0])
        for line in output("make_a_game", "make-a-game-32").splitlines()
        if " v " in line and "won" in line
    }
    hare_wins, games = played["Random hounds v Random hare"]
    random_hounds = interval_of(games - hare_wins, games)
    hare_wins, games = played["MCTS hounds v Random hare"]
    mcts_hounds = interval_of(games - hare_wins, games)
    assert mcts_hounds[0] > random_hounds[1]  # a clear difference
    words = said("make_a_game", "make-a-game-32")
    assert "a little" not in words
    assert "a large, clear difference" in words


# 8. Bot Arena: the weak wolves, not the thinking ---------------------------------------------
def test_bot_arena_does_not_credit_the_thinking_for_beating_random_wolves() -> None:
    lines = output("bot_arena", "bot-arena-10")
    random, sensible = (
        int(re.search(rf"{who} sheep against Random wolves: the sheep won (\d+) of", lines)[1])
        for who in ("Random", "Sensible")
    )
    assert overlap(interval_of(random, 200), interval_of(sensible, 200))
    words = said("bot_arena", "bot-arena-10")
    assert "thinks a little beats random wolves" not in words
    assert "Random sheep already win" in words


# 9. The glossary: which bots look one move ahead ----------------------------------------------
def test_the_glossary_says_which_bots_look_one_move_ahead_as_they_do() -> None:
    from sheepkit.bots import for_game
    from sheepkit.ui.lab_widgets import bot_description

    entry = " ".join(GLOSSARY.read_text().split('<a id="bot"></a>')[1].split("<a id=")[0].split())
    looking = {
        (sheepkit.load(g).title, name)
        for g in sheepkit.games()
        for name, make in for_game(sheepkit.load(g)).items()
        if "one move ahead" in (bot_description(make()) or "").lower()
    }
    assert looking
    assert "Sensible and Greedy look one move ahead" not in entry
    for title, name in looking:
        assert f"{title}'s {name}" in entry, (title, name)


# 10. Wolf and Sheep guide: the guess, and the printed lines whole ----------------------------
def test_wolf_and_sheep_guide_does_not_say_what_pupils_guess() -> None:
    assert "Most pupils guess the sheep" not in guide("wolf_and_sheep")


def test_wolf_and_sheep_guide_prints_the_solved_lines_whole() -> None:
    printed = output("wolf_and_sheep", "wolf-and-sheep-11").splitlines()
    text = (GUIDES / "wolf_and_sheep.md").read_text()
    block = re.search(r"\*\*Solve the game\*\*.*?```\n(.*?)```", text, re.S)
    assert block
    for line in block.group(1).strip().splitlines():
        assert line in printed, f"not a whole printed line: {line!r}"


# 11. Battle Sheep: how long the 300-game runs take -------------------------------------------
def test_battle_sheep_says_the_time_the_300_game_runs_take() -> None:
    words = said("battle_sheep", "battle-sheep-16")
    assert "couple of minutes" not in words
    assert "less than a minute" in words
    assert "which takes minutes" not in guide("battle_sheep")


# -- Bot Arena: the model bot of the graded hints ----------------------------------------------
def test_the_model_bot_of_the_hints_beats_random_beyond_the_intervals() -> None:
    """Hint 4's bot, entered as the hint says beside the example bot, in the arena's default
    tournament: its interval lies above Random's, and the hint and guide quote its result."""
    from sheepkit.bots import for_game

    hints = "".join(cell("bot_arena", "bot-arena-hints")["source"])
    code = re.search(r"```python\n(.*?)```", hints, re.S)
    assert code, "hint 4 has no bot"
    namespace: dict = {}
    exec("".join(cell("bot_arena", "bot-arena-4")["source"]), namespace)
    exec(code.group(1), namespace)
    assert '{"Forward sheep": forward_sheep, "Careful": careful_bot}' in hints
    game = sheepkit.load("wolf_and_sheep")
    bots: dict = {name: name for name in for_game(game) if name != "MCTS"}
    bots["Forward sheep"] = namespace["forward_sheep"]
    bots["Careful"] = namespace["careful_bot"]
    played = lab.tournament(game, bots, 10, 1, executor="serial", progress=None)
    board = {standing.name: standing for standing in played.leaderboard}
    careful, random = board["Careful"], board["Random"]
    assert careful.win_interval[0] > random.win_interval[1]
    low, high = careful.win_interval
    figure = f"{careful.win_rate:.0%} [{low:.0%}, {high:.0%}]"
    assert f"it won {figure} of its games" in " ".join(hints.split())
    text = guide("bot_arena")
    assert f"{figure} of its games (rating {careful.rating:.0f})" in text
    low, high = random.win_interval
    assert f"Random's {random.win_rate:.0%} [{low:.0%}, {high:.0%}]" in text


@pytest.mark.parametrize(
    ("cell_id", "explained"),
    [
        ("bot-arena-0", "a function (a named piece of code"),
        ("bot-arena-3", "`rng.choice(a_list)` picks one item of a list at random"),
        ("bot-arena-3", "is a *list comprehension*. It makes a new list"),
    ],
)
def test_bot_arena_explains_its_python_where_it_first_appears(cell_id: str, explained: str) -> None:
    assert " ".join(explained.split()) in source("bot_arena", cell_id)


# -- words explained where they first appear ----------------------------------------------------
@pytest.mark.parametrize(
    ("notebook", "word", "explained"),
    [
        ("shave_a_sheep", "95%", "95 times in 100, an interval made this way holds the true value"),
        ("sheep_race", "odds", "(../docs/glossary.md#odds) of the dice: how often each lane"),
        ("sheep_race", "payoff", "(../docs/glossary.md#payoff) tables (the points a bet pays)"),
        ("sheep_race", "podiums", "podiums (placed 1st, 2nd or 3rd)"),
        ("rule_lab", "real decision", "(the player has more than one move to choose from)"),
        ("rule_lab", "lead changes", "how often another player goes ahead on points"),
    ],
)
def test_a_word_is_explained_where_a_pupil_first_reads_it(
    notebook: str, word: str, explained: str
) -> None:
    from lesson_text import texts

    first = next(" ".join(t.split()) for t, _ in texts(notebook) if word in " ".join(t.split()))
    assert explained in first, f"{notebook}: {word!r} first appears unexplained in {first[:200]!r}"


def test_the_glossary_explains_the_words_the_lessons_link_for_them() -> None:
    glossary = " ".join(GLOSSARY.read_text().split())
    assert "A 95% interval is made so that 95 times in 100 it holds the true value." in glossary
    assert 'People also say "the odds" for a chance' in glossary
    assert '<a id="payoff"></a>' in GLOSSARY.read_text()


def test_no_bot_description_uses_a_search_term_it_does_not_explain() -> None:
    from sheepkit.bots import for_game
    from sheepkit.ui.lab_widgets import bot_description

    for name in sheepkit.games():
        for bot, make in for_game(sheepkit.load(name)).items():
            words = bot_description(make()) or ""
            assert "iterative deepening" not in words, (name, bot)
            if "alpha-beta" in words:
                assert "skips the moves that cannot change its choice (alpha-beta" in words


# -- the JupyterLab lessons: their length, and no test marks in pupils' code ----------------------
@pytest.mark.parametrize("notebook", ["make_a_game", "bot_arena", "design_a_game"])
def test_a_jupyterlab_lesson_keeps_its_test_marks_out_of_the_pupils_cells(notebook: str) -> None:
    cells = json.loads((NOTEBOOKS / f"{notebook}.ipynb").read_text())["cells"]
    marked = [c["id"] for c in cells if "NBVAL" in "".join(c["source"])]
    assert not marked, f"{notebook}: test marks in the pupils' cells {marked}"
    tagged = [c for c in cells if "nbval-check-output" in c["metadata"].get("tags", [])]
    assert tagged and all(c["metadata"]["sheepkit"]["expected_output"] for c in tagged)


def test_make_a_game_says_it_takes_three_periods() -> None:
    first = source("make_a_game", "make-a-game-0")
    assert "Three periods" in first and "Two periods" not in first
    assert "about three" in guide("make_a_game")


@pytest.mark.parametrize(
    "notebook",
    sorted(p.stem for p in NOTEBOOKS.glob("*.ipynb") if p.stem != "00_welcome"),
)
def test_the_guide_says_how_long_the_core_takes_to_read(notebook: str) -> None:
    from lesson_text import reading

    said = re.search(r"takes about (\d+) minutes to read", guide(notebook))
    assert said, f"the {notebook} guide does not say how long the core takes to read"
    core = reading(notebook).core_minutes
    assert abs(int(said[1]) - core) <= 0.5, f"{notebook}: the core takes {core:.1f} minutes"
