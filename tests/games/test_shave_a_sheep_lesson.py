"""The Shave a Sheep lesson's chart: SVG with every rule set, value and interval."""

from __future__ import annotations

import xml.etree.ElementTree as ET

from sheepkit.games.shave_a_sheep import lesson, pictures

SVG = "{http://www.w3.org/2000/svg}"


def analysis(name: str, length: float, first: float, skill: float) -> lesson.Analysis:
    return lesson.Analysis(
        name=name,
        games=300,
        length=length,
        length_ci=(length - 1.5, length + 1.25),
        first=first,
        first_ci=(first - 0.05, first + 0.06),
        perfect_first=None,
        skill=skill,
        skill_ci=(skill - 0.04, skill + 0.03),
        skilled="Optimal",
    )


def test_plot_draws_every_rule_set_with_its_values_and_intervals() -> None:
    analyses = [analysis("Base game", 27.6, 0.5, 0.79), analysis("Howling Wolf", 20.3, 0.51, 0.82)]
    chart = pictures.plot(analyses, title="Variants")
    root = ET.fromstring(chart._repr_svg_())  # well-formed: the notebook shows it as SVG
    assert root.tag == f"{SVG}svg" and 600 <= int(root.get("width", "0")) <= 800
    shown = [el.text or "" for el in root.iter(f"{SVG}text")]
    assert min(float(el.get("font-size", "0")) for el in root.iter(f"{SVG}text")) >= 12
    for text in ("Variants", "Base game", "Howling Wolf", "Game length", "First player wins"):
        assert text in shown
    for text in ("27.6", "20.3", "50%", "51%", "79%", "82%"):  # each bar carries its value
        assert text in shown
    tips = "\n".join(el.text or "" for el in root.iter(f"{SVG}title"))
    assert "Base game, Game length (turns): 27.6 [26.1, 28.9]" in tips
    assert "Howling Wolf, First player wins (random play): 51% [46%, 57%]" in tips
    assert "Base game, Better player wins (vs Random): 79% [75%, 82%]" in tips


def test_face_pictures_show_each_face_with_its_choices() -> None:
    from sheepkit.games.shave_a_sheep import ShaveASheep

    box = pictures.face_pictures()
    assert len(box.items) == len(ShaveASheep().faces)
    captions = [item.caption for item in box.items]
    assert any("Double wool" in text for text in captions)


def test_before_after_shows_the_move_played() -> None:
    import sheepkit

    game = sheepkit.load("shave_a_sheep")
    four = game.position(phase="act", face="x2", sheep=(4, 1))
    box = pictures.before_after(four, "double", "Before.", "After.")
    before, after = (item.caption for item in box.items)
    assert "Before." in before and "After." in after
