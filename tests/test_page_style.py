"""The page style's colours meet WCAG 2.1 AA's 4.5:1 for text (1.4.3), and every player keeps a
shape beside its colour (sheepkit.ui.page_style)."""

from __future__ import annotations

import pytest

from sheepkit.drawing import PAPER, PLAYER_COLOURS, PLAYER_SHAPES
from sheepkit.ui.page_style import BUTTON_BACKGROUNDS, PAGE_HTML, PLAYER_INKS, SHAPE_GLYPHS


def luminance(colour: str) -> float:
    def channel(c: float) -> float:
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (int(colour.lstrip("#")[i : i + 2], 16) / 255 for i in (0, 2, 4))
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast(a: str, b: str) -> float:
    light, dark = sorted((luminance(a), luminance(b)), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def test_the_contrast_formula_agrees_with_axe() -> None:
    # axe's figures for ipywidgets' buttons (white text), as the issue quotes them.
    assert round(contrast("#FFFFFF", "#f57c00"), 1) == 2.7
    assert round(contrast("#FFFFFF", "#388e3c"), 2) == 4.12


@pytest.mark.parametrize("style", sorted(BUTTON_BACKGROUNDS))
def test_button_text_is_readable(style: str) -> None:
    background = BUTTON_BACKGROUNDS[style]
    assert contrast("#FFFFFF", background) >= 4.5
    assert f".jupyter-button.mod-{style} {{ background-color: {background}; }}" in PAGE_HTML


@pytest.mark.parametrize("player", range(len(PLAYER_COLOURS)))
def test_player_names_are_readable_on_white_and_paper(player: int) -> None:
    assert len(PLAYER_INKS) == len(PLAYER_COLOURS)
    assert contrast(PLAYER_INKS[player], "#FFFFFF") >= 4.5
    assert contrast(PLAYER_INKS[player], PAPER) >= 4.5


def test_every_player_shape_has_a_character() -> None:
    assert set(PLAYER_SHAPES) <= set(SHAPE_GLYPHS)
    assert len(set(SHAPE_GLYPHS.values())) == len(SHAPE_GLYPHS)


def test_battle_sheeps_scores_name_each_player_by_shape_and_readable_colour() -> None:
    import sheepkit
    from sheepkit.games.battle_sheep.panel import _scores_html

    state = sheepkit.load("battle_sheep").new_game()
    table = _scores_html(state)
    assert "<th></th>" not in table  # every header has words (axe: empty-table-header)
    for player in range(state.game.rules.players):
        name = state.game.player_name(player)
        glyph = SHAPE_GLYPHS[PLAYER_SHAPES[player]]
        assert f"color:{PLAYER_INKS[player]}'><b>{glyph} {name}</b>" in table
