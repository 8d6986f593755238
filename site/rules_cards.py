"""The printable rules cards, docs/cards/<game>.html: one page per game for a class to print.

    .venv/bin/python site/rules_cards.py          # write docs/cards/*.html
    .venv/bin/python site/rules_cards.py --check  # fail if a card is not what the seeds make

The words are the section "The rules card" of seeds/<game>.md (our own rules text); the picture
is the game's own board drawing as inline SVG (sheepkit.ui.picture), so a card looks like the
app. Each card is one self-contained HTML file (no fonts, scripts or pictures from elsewhere)
with print CSS that fits one A4 or Letter page: tests/test_rules_cards.py checks its size
estimate, tests/browser/test_rules_cards_print.py prints it with Chromium on both papers.
"""

from __future__ import annotations

import argparse
import html
import re
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import mistune

import sheepkit
from sheepkit.bots import RandomBot
from sheepkit.ui.picture import picture

REPO = Path(__file__).resolve().parent.parent
SEEDS = REPO / "seeds"
CARDS = REPO / "docs" / "cards"
SECTION = "## The rules card"
#: The printable area of the smaller paper (Letter: 279.4 mm minus two 12 mm margins is
#: 255 mm high; A4's 297 mm leaves 273 mm) and a text width that fits both (Letter: 191 mm,
#: A4: 186 mm).
PAGE_HEIGHT_MM = 255.0
TEXT_WIDTH_MM = 186.0
PICTURE_WIDTH_MM = 70.0
WIDE_PICTURE_WIDTH_MM = 105.0  # a board more than 1.6 times as wide as high
PICTURE_MAX_HEIGHT_MM = 80.0

CSS = f"""
@page {{ size: auto; margin: 12mm }}
html {{ -webkit-print-color-adjust: exact; print-color-adjust: exact }}
body {{ margin: 0; font: 10.5pt/1.35 system-ui, -apple-system, "Segoe UI", sans-serif;
  color: #222 }}
main {{ max-width: {TEXT_WIDTH_MM:g}mm; margin: 0 auto }}
h1 {{ font-size: 18pt; margin: 0 0 1mm }}
.sub {{ margin: 0 0 3mm; color: #555 }}
h2 {{ font-size: 11.5pt; margin: 3mm 0 1mm }}
p, ul, ol {{ margin: 0 0 1.5mm }}
ul, ol {{ padding-left: 6mm }}
figure {{ float: right; width: {PICTURE_WIDTH_MM:g}mm; margin: 0 0 3mm 5mm }}
figure svg {{ width: 100%; height: auto; max-height: {PICTURE_MAX_HEIGHT_MM:g}mm }}
figcaption {{ font-size: 9pt; color: #555 }}
table {{ border-collapse: collapse; font-size: 9.5pt; margin: 1mm 0 2mm }}
th, td {{ border: 1px solid #999; padding: 0.5mm 2mm; text-align: left }}
footer {{ clear: both; margin-top: 3mm; font-size: 9pt; color: #555 }}
@media screen {{
  body {{ background: #eee; padding: 8mm }}
  main {{ background: #fff; padding: 12mm; box-shadow: 0 1px 4px #0003 }}
}}
"""


# -- the pictures: a position of each game, drawn by the app's drawing -------------------------
def _wolf_and_sheep() -> Any:
    return sheepkit.load("wolf_and_sheep").new_game()


def _after_random_moves(name: str, plies: int, seed: int, **rules: Any) -> Any:
    game = sheepkit.load(name, **rules)
    bots = [RandomBot() for _ in range(game.rules.players)]
    return sheepkit.play_game(game, bots, seed, max_plies=plies)


def _shave_a_sheep() -> Any:
    return _after_random_moves("shave_a_sheep", 14, 3, players=3)


def _battle_sheep() -> Any:
    return _after_random_moves("battle_sheep", 8, 1, players=2, field="tight")


def _lamb_mimes() -> Any:
    game = sheepkit.load("lamb_mimes", players=2)
    return game.position(hands=[["5OR", "2GR", "mime-green"], ["1BR", "2BR"]], discard=["5BG"])


def _sheep_race() -> Any:
    game = sheepkit.load("sheep_race", players=3)
    six = ["Requeijao", "Feta", "Brie", "Gouda", "Ricotta", "Pecorino"]
    return game.position(
        cards=six, pos=[5, 2, 7, 2, 9, 4], visible=[1, 2, 3], hidden=[[4, 6], [1, 5], [2, 6]]
    )


#: Each game's card: the position its picture shows, and the picture's caption.
GAMES: dict[str, tuple[Callable[[], Any], str]] = {
    "wolf_and_sheep": (_wolf_and_sheep, "The start: four wolves above, the sheep below."),
    "shave_a_sheep": (_shave_a_sheep, "A game of three players under way."),
    "battle_sheep": (_battle_sheep, "A field of tiles, and the first stacks split."),
    "lamb_mimes": (_lamb_mimes, "Your hand (below), the Pasture and the discard pile."),
    "sheep_race": (_sheep_race, "Six sheep race; the tokens are the players' bets."),
}


def card_text(game: str) -> str:
    """The markdown of the game's "The rules card" section (up to the next ## heading), without
    its first line (the note that says where the card is printed)."""
    seed = (SEEDS / f"{game}.md").read_text()
    start = seed.find(f"\n{SECTION}\n")
    if start < 0:
        raise ValueError(f"seeds/{game}.md has no section {SECTION!r}: the card's words")
    body = seed[start + len(SECTION) + 2 :]
    following = re.search(r"^## ", body, flags=re.MULTILINE)
    body = body[: following.start()] if following else body
    paragraphs = body.strip().split("\n\n")
    if paragraphs and paragraphs[0].startswith("*"):
        paragraphs = paragraphs[1:]
    return "\n\n".join(paragraphs)


_MARKDOWN = mistune.create_markdown(plugins=["table"])


def card_html(game: str) -> str:
    """The whole card: title, the board picture, the rules in our words, where to read more."""
    position, caption = GAMES[game]
    state = position()
    title = state.game.title
    svg = picture(state, viewer=0, caption=caption).svg
    width, height = map(float, re.search(r'viewBox="0 0 ([\d.]+) ([\d.]+)"', svg).groups())
    # A wide board (the Sheep Race's lanes) gets a wider picture, to stay readable.
    shown = WIDE_PICTURE_WIDTH_MM if width > 1.6 * height else PICTURE_WIDTH_MM
    figure = f"<figure style='width:{shown:g}mm'>"
    rules = _MARKDOWN(card_text(game))
    assert isinstance(rules, str)
    # The seed's ### headings sit under its "## The rules card"; on the card, under its h1,
    # they are h2 (a skipped level is a barrier for screen readers' heading lists; axe).
    rules = re.sub(r"<(/?)h3>", r"<\1h2>", rules)
    return (
        "<!doctype html>\n<html lang='en'>\n<head>\n<meta charset='utf-8'>\n"
        "<meta name='viewport' content='width=device-width, initial-scale=1'>\n"
        f"<title>{html.escape(title)}: the rules card</title>\n<style>{CSS}</style>\n"
        "</head>\n<body>\n<main class='rules-card'>\n"
        f"<h1>{html.escape(title)}</h1>\n<p class='sub'>The rules card (sheepkit)</p>\n"
        f"{figure}{svg}<figcaption>{html.escape(caption)}</figcaption></figure>\n"
        f"{rules}"
        f"<footer>Every rule in full, with the questions the printed rules leave open: "
        f"seeds/{game}.md in the sheepkit project.</footer>\n"
        "</main>\n</body>\n</html>\n"
    )


# -- will it fit one page? ---------------------------------------------------------------------
#: Rough sizes at the card's fonts: a text line 4.8 mm high holding about 105 characters
#: across the full width; a heading 7 mm; a table row 4.6 mm.
LINE_MM, CHARS_PER_LINE, HEADING_MM, ROW_MM = 4.8, 105, 7.0, 4.6


def estimated_height_mm(card: str) -> float:
    """An upper estimate of the card's printed height: every block of text in lines of the
    full width minus the picture's (for as long as the picture lasts, the text beside it is
    narrower), plus headings, table rows, title and footer."""
    body = card.split("<main", 1)[1]
    figure = re.search(r"<figure style='width:([\d.]+)mm'>.*?viewBox=\"0 0 ([\d.]+) ([\d.]+)", body)
    if figure is None:
        raise ValueError("the card has no picture")
    shown, aspect = float(figure[1]), float(figure[3]) / float(figure[2])
    body = re.sub(r"<figure\b.*?</figure>", "", body, flags=re.DOTALL)
    narrow = CHARS_PER_LINE * (TEXT_WIDTH_MM - shown - 5) / TEXT_WIDTH_MM
    height = 20.0  # title and subtitle
    picture_left = min(shown * aspect, PICTURE_MAX_HEIGHT_MM) + 8  # with its caption
    for tag, inner in re.findall(r"<(h2|p|li|tr|footer)\b[^>]*>(.*?)</\1>", body, re.DOTALL):
        if tag == "h2":
            block = HEADING_MM
        elif tag == "tr":
            block = ROW_MM
        else:
            words = re.sub(r"<[^>]+>", "", inner)
            width = narrow if picture_left > 0 else CHARS_PER_LINE
            lines = -(-len(words) // int(width))
            block = lines * LINE_MM + 1.5
        height += block
        picture_left -= block
    return height


def write_cards(check: bool = False) -> list[str]:
    """Write every card (or, with ``check``, name the cards whose file differs)."""
    stale = []
    CARDS.mkdir(parents=True, exist_ok=True)
    for game in GAMES:
        path = CARDS / f"{game}.html"
        text = card_html(game)
        if path.exists() and path.read_text() == text:
            continue
        stale.append(path.name)
        if not check:
            path.write_text(text)
    return stale


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="fail if a card is out of date")
    args = parser.parse_args(argv)
    stale = write_cards(check=args.check)
    if args.check and stale:
        sys.exit(f"out of date (run site/rules_cards.py): {', '.join(stale)}")
    print("rules cards:", "written " + ", ".join(stale) if stale else "up to date")


if __name__ == "__main__":
    main()
