"""The Rule Lab never shows results for settings that are no longer on screen (issue 26,
item 10): another game clears them, another rule or value marks them; the chart comes before
the long table."""

from __future__ import annotations

from sheepkit.ui import lab_widgets as lw


def ran(game: str, rule: str, value: object) -> lw.RuleLab:
    app = lw.RuleLab(game, n=6)
    app.rule_picker.value = rule
    app.value.value = value
    app.run()
    assert app.table.value and app.chart_box.children
    return app


def test_another_game_clears_the_results() -> None:
    app = ran("shave_a_sheep", "players", 3)
    assert "Players = 3" in app.table.value
    app.game_picker.value = "wolf_and_sheep"
    assert app.table.value == "" and not app.chart_box.children and not app.reports
    assert app.message.value == ""


def test_another_value_or_rule_marks_the_results_as_old() -> None:
    app = ran("shave_a_sheep", "players", 3)
    assert app.message.value == ""
    app.value.value = 4
    assert "sk-stale" in app.message.value and "Players = 3" in app.message.value
    app.run()
    assert app.message.value == "" and "Players = 4" in app.table.value
    app.rule_picker.value = "wolf"
    assert "sk-stale" in app.message.value


def test_the_chart_comes_before_the_table() -> None:
    app = lw.RuleLab("wolf_and_sheep", n=2)
    children = list(app.widget.children)
    assert children.index(app.chart_box) < children.index(app.table)
