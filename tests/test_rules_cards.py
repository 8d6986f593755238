"""The printable rules cards (site/rules_cards.py → docs/cards/*.html): made from our words in
seeds/<game>.md, with the game's board picture, self-contained, sized for one page. (Chromium
prints each on one A4 and one Letter page in tests/browser/test_rules_cards_print.py.)"""

from __future__ import annotations

import importlib.util
import itertools
import re
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parent.parent
_SPEC = importlib.util.spec_from_file_location("rules_cards", REPO / "site" / "rules_cards.py")
assert _SPEC and _SPEC.loader
rules_cards = importlib.util.module_from_spec(_SPEC)
sys.modules["rules_cards"] = rules_cards
_SPEC.loader.exec_module(rules_cards)

GAMES = ("wolf_and_sheep", "shave_a_sheep", "battle_sheep", "lamb_mimes", "sheep_race")


def test_there_is_a_card_for_each_of_the_five_games():
    assert tuple(rules_cards.GAMES) == GAMES


@pytest.mark.parametrize("game", GAMES)
def test_the_committed_card_is_what_the_seeds_make(game):
    committed = (rules_cards.CARDS / f"{game}.html").read_text()
    assert committed == rules_cards.card_html(game), "run: .venv/bin/python site/rules_cards.py"


@pytest.mark.parametrize("game", GAMES)
def test_a_card_has_our_words_a_picture_and_print_css(game):
    card = (rules_cards.CARDS / f"{game}.html").read_text()
    words = rules_cards.card_text(game)
    assert len(words.split()) > 120
    first_sentence = re.sub(r"[*#]", "", words.split("\n\n")[1]).split(".")[0]
    assert first_sentence.split()[-1] in card  # the seed's words, rendered
    assert card.count("<svg") == 1 and "aria-label=" in card
    assert "@page { size: auto; margin: 12mm }" in card


@pytest.mark.parametrize("game", GAMES)
def test_a_card_loads_nothing_from_elsewhere(game):
    card = (rules_cards.CARDS / f"{game}.html").read_text()
    urls = set(re.findall(r"(?:https?:)?//[\w.-]+[^\s'\"<>)]*", card))
    assert urls <= {"http://www.w3.org/2000/svg"}  # the SVG namespace is a name, not a load
    assert "<script" not in card and "<link" not in card and "@import" not in card


@pytest.mark.parametrize("game", GAMES)
def test_a_card_is_estimated_to_fit_the_smaller_page(game):
    card = (rules_cards.CARDS / f"{game}.html").read_text()
    assert rules_cards.estimated_height_mm(card) <= rules_cards.PAGE_HEIGHT_MM


def test_the_estimate_grows_with_the_text_so_a_long_card_does_not_fit():
    card = rules_cards.card_html("lamb_mimes")
    start, end = card.index("<h2>"), card.index("<footer>")
    doubled = card[:end] + card[start:end] + card[end:]
    assert rules_cards.estimated_height_mm(doubled) > rules_cards.PAGE_HEIGHT_MM


def test_a_seed_without_the_section_is_refused_by_name(tmp_path, monkeypatch):
    (tmp_path / "lamb_mimes.md").write_text("# Lamb Mimes\n\n## The aim\n\nWin.\n")
    monkeypatch.setattr(rules_cards, "SEEDS", tmp_path)
    with pytest.raises(ValueError, match="no section '## The rules card'"):
        rules_cards.card_text("lamb_mimes")


def test_the_section_ends_at_the_next_heading_and_drops_its_note(tmp_path, monkeypatch):
    seed = "# G\n\n## The rules card\n\n*Printed as a card.*\n\n### Aim\n\nWin.\n\n## Next\n\nNo."
    (tmp_path / "g.md").write_text(seed)
    monkeypatch.setattr(rules_cards, "SEEDS", tmp_path)
    assert rules_cards.card_text("g") == "### Aim\n\nWin."


@pytest.mark.parametrize("game", GAMES)
def test_a_cards_headings_skip_no_level(game):
    """h1, then h2s (a skipped level trips screen readers' heading lists; axe heading-order)."""
    card = (rules_cards.CARDS / f"{game}.html").read_text()
    levels = [int(level) for level in re.findall(r"<h([1-6])\b", card)]
    assert levels[0] == 1 and all(b - a <= 1 for a, b in itertools.pairwise(levels)), levels


# -- what the cards say (issue 35): each card says what its seed's full rules say -----------------
def words_of(game: str) -> str:
    """A card's words, as the page prints them (not its picture), with lines joined."""
    return " ".join(rules_cards.card_text(game).split())


def section_of(game: str, heading: str) -> str:
    return words_of(game).split(f"### {heading}", 1)[1].split("###", 1)[0]


def test_the_race_card_says_in_words_what_the_dice_show():
    import sheepkit

    rules = sheepkit.load("sheep_race").rules
    words = words_of("sheep_race")
    ordinary, semifinal = rules.semifinal_dice
    assert sorted(ordinary) == [1, 2, 3, 4, 5, 6] and "One die shows 1 to 6" in words
    numbers = [f for f in semifinal if f]
    blanks = ["one", "two", "three", "four", "five"][semifinal.count(0) - 1]
    assert f"{', '.join(map(str, numbers))} and {blanks} blank faces" in words
    final = rules.final_dice[1]
    final_blanks = ["one", "two", "three", "four", "five"][final.count(0) - 1]
    assert f"shows {max(final)} and {final_blanks} blanks" in words


def test_the_race_card_gives_the_lazy_sheep_the_end_zone_and_the_tie():
    words = words_of("sheep_race")
    assert "already crossed the line or is exhausted, the Lazy Sheep moves instead" in words
    assert "in the End Zone cannot rest" in words
    assert "on a tie, the token on top of the stack" in words


def test_the_lamb_mimes_card_says_what_fits_on_a_mime_and_where_a_flipped_mime_goes():
    words = words_of("lamb_mimes")
    assert "Never on a Mime" in words
    assert "On a Lamb Mime, a number card fits if it has the Mime's number or one higher" in words
    assert "The Mime leaves the round, and the next card of the draw pile goes face down" in words


@pytest.mark.parametrize(
    ("game", "lesson_result"),
    [("lamb_mimes", "remember"), ("wolf_and_sheep", "perfect")],
)
def test_a_cards_tip_does_not_give_away_what_the_lesson_asks_pupils_to_predict(game, lesson_result):
    assert lesson_result not in section_of(game, "Good to know").lower()


def test_the_shave_a_sheep_card_says_how_much_a_double_takes():
    double = words_of("shave_a_sheep").split("**Double**", 1)[1].split("- **", 1)[0]
    assert "if it has room" not in double
    assert "A sheep holds 5" in double and "take that one" in double


def test_the_battle_sheep_card_says_the_outer_edge_and_who_places_first():
    placing = section_of("battle_sheep", "Placing the flocks")
    assert "Player 1 first" in placing and "outer edge" in placing
    assert "beside a hole only is not on the outer edge" in placing
