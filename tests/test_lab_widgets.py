"""The rule lab and bot arena widgets, driven from code (no browser), and their charts."""

from __future__ import annotations

import asyncio
import html
import random
import sys
import xml.etree.ElementTree as ET
from collections.abc import Sequence
from typing import Any

import pytest
from rule_tables import TABLE_RULES

import sheepkit
from sheepkit import lab
from sheepkit.core import InvalidRules
from sheepkit.core.rules import rule_text
from sheepkit.ui import GameApp, charts
from sheepkit.ui import lab_widgets as lw


def forward_sheep(view: Any, legal_moves: Sequence[Any], rng: random.Random) -> Any:
    """As the sheep, steps forward when it can; otherwise any move."""
    forward = [m for m in legal_moves if m.target > m.source]
    return rng.choice(forward if view.turn == 0 and forward else list(legal_moves))


# -- slices add up to one run -----------------------------------------------------------------
def test_simulate_slices_with_start_give_the_same_rows_as_one_run() -> None:
    whole = lab.simulate("shave_a_sheep", ["Random", "Sensible"], 9, 3, rotate=True, progress=None)
    first = lab.simulate("shave_a_sheep", ["Random", "Sensible"], 4, 3, rotate=True, progress=None)
    rest = lab.simulate(
        "shave_a_sheep", ["Random", "Sensible"], 5, 3, rotate=True, start=4, progress=None
    )
    assert first.rows + rest.rows == whole.rows
    assert [row.index for row in rest.rows] == [4, 5, 6, 7, 8]
    with pytest.raises(ValueError, match="start"):
        lab.simulate("shave_a_sheep", ["Random", "Random"], 1, start=-1)


# -- the rule lab -----------------------------------------------------------------------------
def test_rule_lab_offers_every_game_and_each_of_its_rules() -> None:
    app = lw.RuleLab()
    assert [name for _, name in app.game_picker.options] == list(sheepkit.games())
    for name in sheepkit.games():
        app.game_picker.value = name
        game = sheepkit.load(name)
        assert [v for _, v in app.rule_picker.options] == [i.name for i in game.rules.infos()]
        assert len(app.bot_pickers) == game.num_players
        for info in game.rules.infos():
            app.rule_picker.value = info.name
            # The suggested value is a valid rule, and different from the base rules (tuples,
            # such as a die's faces, start as the base value written out, to be edited).
            changed = sheepkit.load(name, **app.changes())
            assert changed.rules.changes() or isinstance(info.default, tuple), info.name


def test_rule_lab_run_shows_both_columns_with_explanations() -> None:
    app = lw.RuleLab("wolf_and_sheep", n=30)
    app.rule_picker.value = "board"
    app.value.value = 10
    app.bot_pickers[0].value = "Sensible"
    app.run()
    table = app.table.value
    assert "Base rules" in table and "Board size = 10x10" in table
    assert table.count("sk-lab-row") >= 10
    assert "How often Sheep won" in table  # each metric's explanation is beside it
    assert app.panel.bar.value == app.panel.bar.max == 60  # progress reached 100%
    assert "done: 60 of 60" in app.panel.text.value
    assert not app.panel.run_button.disabled and app.panel.stop_button.disabled
    chart = svg_of(app.chart_box.children[0].value)  # the chart, inline SVG
    assert {"Base rules", "Board size = 10x10", "Sheep", "Wolves"} <= texts(chart)
    # The same seeds in both columns: the base column is what simulate gives.
    base = lab.simulate("wolf_and_sheep", ["Sensible", "Random"], 30, 1, rotate=True, progress=None)
    assert app.reports[0] == lab.report(base, seed=1)


def test_rule_lab_changing_the_number_of_players_repeats_the_bots() -> None:
    app = lw.RuleLab("shave_a_sheep", n=10)
    app.rule_picker.value = "players"
    app.value.value = 4
    app.run()
    seats = [sum(m.name.startswith("Win rate") for m in r) for r in app.reports]
    assert seats == [2, 4]


def test_rule_lab_reports_a_bad_value_instead_of_crashing() -> None:
    app = lw.RuleLab("shave_a_sheep", n=5)
    app.rule_picker.value = "die"
    app.value.value = '[["grow"], ["fly"]]'
    app.run()
    assert "must" in app.message.value or "die" in app.message.value
    app.value.value = "not a die"
    app.run()
    assert "cannot read" in app.message.value
    assert app.table.value == ""


@pytest.mark.parametrize(("name", "rule", "value"), TABLE_RULES)
def test_rule_lab_edits_a_table_as_json_and_names_a_bad_one(name, rule, value) -> None:
    app = lw.RuleLab(name, n=2)
    app.rule_picker.value = rule
    default = sheepkit.load(name).rules.infos()
    info = next(i for i in default if i.name == rule)
    assert app.value.value == rule_text(info.default) and app.value.value.startswith("[[")
    assert rule_text(info.default) in html.unescape(app.rule_doc.value)  # the base value alike
    app.value.value = rule_text(value)
    assert app.changes() == {rule: value}
    for bad in ("((1, 2), (3, 4))", "[[1, 2], [3, 4]"):  # Python, not JSON; unclosed
        app.value.value = bad
        with pytest.raises(InvalidRules, match=f"rule '{rule}': cannot read") as refused:
            app.changes()
        assert refused.value.field == rule
        app.run()
        assert f"rule &#x27;{rule}&#x27;: cannot read" in app.message.value
        assert app.table.value == ""


def test_stop_ends_a_running_comparison_early_with_partial_results() -> None:
    async def scenario() -> lw.RuleLab:
        app = lw.RuleLab("shave_a_sheep", n=100_000)
        app.run()  # in a running loop: starts a task and returns at once
        assert app.panel.running and app.panel.task is not None
        await asyncio.sleep(0.3)  # the task plays slices meanwhile
        assert 0 < app.panel.bar.value < app.panel.bar.max
        app.panel.stop_button.click()  # as the kernel handles the click between slices
        await asyncio.wait_for(app.panel.task, timeout=10)
        return app

    app = asyncio.run(scenario())
    assert app.panel.current is not None
    played = app.panel.current.done
    assert 0 < played < 200_000
    assert "Stopped" in app.message.value
    assert "stopped after" in app.panel.text.value
    games = app.reports[0][0]
    assert games.name == "Games" and 0 < (games.value or 0) < 100_000
    assert app.table.value.count("sk-lab-row") > 5


def test_an_async_run_reaches_100_percent() -> None:
    async def scenario() -> lw.RuleLab:
        app = lw.RuleLab("wolf_and_sheep", n=40)
        app.run()
        assert app.panel.task is not None
        await asyncio.wait_for(app.panel.task, timeout=30)
        return app

    app = asyncio.run(scenario())
    assert app.panel.bar.value == app.panel.bar.max == 80
    assert "done: 80 of 80" in app.panel.text.value
    assert "sk-lab-row" in app.table.value


# -- the bot arena ----------------------------------------------------------------------------
def test_bot_arena_enters_a_function_bot_into_the_tournament() -> None:
    arena = lw.BotArena("wolf_and_sheep", {"Forward sheep": forward_sheep}, games_per_pairing=2)
    assert not arena.ticks["MCTS"].value  # slow bots start unticked
    arena.run()
    assert arena.tournament is not None
    names = {s.name for s in arena.tournament.leaderboard}
    assert names == {"Random", "Sensible", "Perfect", "Forward sheep"}
    assert arena.table.value.count("sk-lab-row") == 4
    chart = svg_of(arena.chart_box.children[0].value)
    assert names <= texts(chart)


def test_in_the_browser_the_widgets_say_the_games_ran_one_after_another(monkeypatch) -> None:
    app = lw.RuleLab("shave_a_sheep", n=6)
    app.run()
    assert app.panel.note.value == ""  # on a server nothing to say
    monkeypatch.setattr(sys, "platform", "emscripten")
    app.run()
    assert "Ran in this browser tab, one game after another" in app.panel.note.value
    arena = lw.BotArena("shave_a_sheep", games_per_pairing=1)
    arena.run()
    assert "no worker processes here" in arena.panel.note.value
    assert arena.tournament is not None and arena.tournament.results.note


def test_bot_arena_needs_two_bots() -> None:
    arena = lw.BotArena("shave_a_sheep")
    for tick in arena.ticks.values():
        tick.value = False
    arena.ticks["Random"].value = True
    arena.run()
    assert "two bots" in arena.message.value
    assert arena.tournament is None


def test_bot_descriptions_cover_every_bot_and_your_own() -> None:
    text = lw.bot_descriptions_html("wolf_and_sheep", {"Forward sheep": forward_sheep})
    for name in ("Random", "Sensible", "Perfect", "MCTS", "Forward sheep", "steps forward"):
        assert name in text


# -- charts -----------------------------------------------------------------------------------
SVG = "{http://www.w3.org/2000/svg}"


def svg_of(text: str) -> ET.Element:
    """The chart parsed as XML (fails on malformed SVG), checked to be a sized <svg>."""
    root = ET.fromstring(text)
    assert root.tag == f"{SVG}svg"
    width = int(root.get("width", "0"))
    assert 600 <= width <= 800 and int(root.get("height", "0")) > 100
    sizes = {float(t.get("font-size", "0")) for t in root.iter(f"{SVG}text")}
    assert sizes and min(sizes) >= 12  # readable at 1:1
    return root


def texts(root: ET.Element) -> set[str]:
    """Every text the chart shows or gives as a tooltip (<title>)."""
    return {el.text or "" for el in root.iter() if el.tag in (f"{SVG}text", f"{SVG}title")}


def tooltips(root: ET.Element) -> str:
    return "\n".join(el.text or "" for el in root.iter(f"{SVG}title"))


def test_comparison_chart_shows_every_label_seat_and_interval() -> None:
    labels = ["Base rules", "Wool = 20"]
    reports = [
        lab.report(
            lab.simulate(
                "shave_a_sheep", ["Random", "Sensible"], 30, seed=2, rotate=True, executor="serial"
            ),
            seed=2,
        ),
        lab.report(
            lab.simulate(
                sheepkit.load("shave_a_sheep", wool=20),
                ["Random", "Sensible"],
                30,
                seed=2,
                rotate=True,
                executor="serial",
            ),
            seed=2,
        ),
    ]
    chart = charts.comparison_chart(labels, reports)
    root = svg_of(chart.svg)
    shown = texts(root)
    assert {"Base rules", "Wool = 20", "Win rate by seat", "Player 1", "Player 2"} <= shown
    assert {"Length (turns)", "0%", "100%"} <= shown
    tips = tooltips(root)
    for label, report in zip(labels, reports):
        for seat in ("Player 1", "Player 2"):
            m = next(m for m in report if m.name == f"Win rate: {seat}")
            assert m.interval is not None
            low, high = m.interval
            assert f"{label}, {seat} won: {m.value:.0%} [{low:.0%}, {high:.0%}]" in tips
        length = next(m for m in report if m.name == "Length (turns)")
        assert length.interval is not None
        assert f"[{length.interval[0]:.3g}, {length.interval[1]:.3g}]" in tips
    # A series is told by its marker shape as well as its colour.
    assert root.find(f".//{SVG}circle") is not None and root.find(f".//{SVG}polygon") is not None


def test_a_one_game_interval_draws_no_endless_bar() -> None:
    one = lab.report(lab.simulate("shave_a_sheep", ["Random", "Random"], 1, executor="serial"))
    root = svg_of(charts.comparison_chart(["One game"], [one]).svg)
    assert "inf" not in ET.tostring(root, encoding="unicode")


def test_sweep_chart_shows_each_value_and_interval() -> None:
    swept = lab.sweep("shave_a_sheep", "wool", [8, 12], ["Random", "Random"], 20, progress=None)
    chart = charts.sweep_chart(swept)
    root = svg_of(str(chart))
    assert chart._repr_svg_() == chart.svg
    assert {"8", "12", "wool", "Length (turns)", "Length (turns) as wool changes"} <= texts(root)
    tips = tooltips(root)
    for label, m in zip(swept.labels, swept.metric("Length (turns)")):
        assert m is not None and m.interval is not None
        low, high = m.interval
        assert f"{label}, Length (turns): {m.value:.3g} [{low:.3g}, {high:.3g}]" in tips


def test_leaderboard_chart_lists_the_bots_strongest_first_with_intervals() -> None:
    played = lab.tournament("shave_a_sheep", {"R": "Random", "S": "Sensible"}, 3, progress=None)
    root = svg_of(charts.leaderboard_chart(played).svg)
    labels = [
        el.text for el in root.iter(f"{SVG}text") if el.text in {s.name for s in played.leaderboard}
    ]
    assert labels == [s.name for s in played.leaderboard]  # top to bottom, as ranked
    tips = tooltips(root)
    for s in played.leaderboard:
        low, high = s.rating_interval
        assert f"{s.name}: rating {s.rating:.0f} [{low:.0f}, {high:.0f}]" in tips
        assert f"{s.win_rate:.0%} won" in texts(root)


def test_image_shows_a_chart_inline() -> None:
    swept = lab.sweep("shave_a_sheep", "wool", [8, 12], ["Random", "Random"], 5, progress=None)
    widget = lw.image(charts.sweep_chart(swept))
    assert widget.value.startswith("<svg") and "sk-chart-box" in widget._dom_classes
    svg_of(widget.value)


def test_format_value_shows_percentages_and_intervals() -> None:
    metric = lab.Metric("Win rate: Sheep", 0.5, (0.4, 0.6), "", "rate", "Sheep")
    assert lw.format_value(metric).startswith("50% ")
    assert "[40%, 60%]" in lw.format_value(metric)
    assert lw.format_value(lab.Metric("Lead changes", None, None, "")) == "-"
    assert lw.differs(metric, lab.Metric("x", 0.9, (0.8, 1.0), "")) is True
    assert lw.differs(metric, lab.Metric("x", 0.55, (0.45, 0.65), "")) is False


def test_chart_axes_end_on_round_ticks_and_never_go_negative_for_counts() -> None:
    from sheepkit.ui.svg import nice_range, ticks

    for values in ([26.3, 32.5], [0.62, 0.66], [1100.0, 1850.0], [0.0, 0.23], [-3.0, 2.0]):
        low, high = nice_range(values, count=4)
        marks = ticks(low, high, 4)
        assert low <= min(values) and high >= max(values)
        assert abs(marks[0] - low) < 1e-9 and abs(marks[-1] - high) < 1e-9, (values, marks)
        assert low >= 0 or min(values) < 0
    assert nice_range([0.9, 0.99], floor=0.0, ceiling=1.0)[1] == 1.0


def test_tables_and_charts_read_a_metrics_kind_and_seat_not_its_name() -> None:
    share = lab.Metric("Hit share", 0.25, (0.2, 0.3), "", "rate")
    count = lab.Metric("Pens", 0.25, (0.2, 0.3), "", "number")
    assert lw.format_value(share).startswith("25% ") and "[20%, 30%]" in lw.format_value(share)
    assert lw.format_value(count).startswith("0.25 ")
    assert lw.format_value(lab.Metric("Sheep penned", 12.0, None, "", "count")) == "12"
    # A seat is the seat a metric names, whatever the metric is called.
    reports = [
        [lab.Metric("Hare wins", 0.8, (0.7, 0.9), "", "rate", "Hare"), share],
        [lab.Metric("Hare wins", 0.6, (0.5, 0.7), "", "rate", "Hare"), share],
    ]
    chart = svg_of(charts.comparison_chart(["a", "b"], reports, panels=("Hit share",)).svg)
    assert "a, Hare won: 80% [70%, 90%]" in tooltips(chart)
    assert "a, Hit share: 25% [20%, 30%]" in tooltips(chart)
    assert {"Hare", "Hit share", "100%"} <= texts(chart)


def test_a_sweep_chart_of_a_rate_has_a_percent_axis() -> None:
    swept = lab.sweep("shave_a_sheep", "wool", [8, 12], ["Random", "Random"], 6, progress=None)
    for metric in ("Seat imbalance", "Stronger bot wins", "Real choices", "Comebacks"):
        shown = texts(svg_of(charts.sweep_chart(swept, metric).svg))
        assert "0%" in shown, metric
    assert "0%" not in texts(svg_of(charts.sweep_chart(swept, "Length (turns)").svg))


def test_the_rule_lab_words_rules_as_the_app_does() -> None:
    """One rule input builder: the Rule Lab offers "Mr. Wolf", as the app's panels do."""
    app = lw.RuleLab("shave_a_sheep", n=4)
    app.rule_picker.value = "wolf"
    labels = [label for label, _ in app.value.options]
    assert labels == ["Plain wolf", "Howling Wolf", "Mr. Wolf"]
    assert "Plain wolf" in app.rule_doc.value  # the base rules in words too
    app.value.value = "mr_wolf"
    assert app.changes() == {"wolf": "mr_wolf"}
    app.run()
    assert "Wolf = Mr. Wolf" in app.table.value
    game = GameApp("shave_a_sheep", seed=1, autoplay=False)
    assert game.rules_panel.inputs["wolf"].options == app.value.options
    assert game.setup.inputs["wolf"].options == app.value.options


def test_a_yes_no_rule_with_words_is_offered_in_them_everywhere() -> None:
    app = lw.RuleLab("lamb_mimes", n=2)
    app.rule_picker.value = "match"
    assert [label for label, _ in app.value.options] == ["A whole match", "One round"]
    assert app.changes() == {"match": False}  # the suggested value: the other one
    game = GameApp("lamb_mimes", seed=1, autoplay=False)
    assert game.rules_panel.inputs["match"].options == app.value.options
    plain = game.rules_panel.inputs["seven_to_one"]  # no words declared: a tick box
    assert type(plain).__name__ == "Checkbox" and plain.description == "Seven to one"


@pytest.mark.parametrize("name", sheepkit.games())
def test_the_app_and_the_rule_lab_offer_every_rule_alike(name: str) -> None:
    app = GameApp(name, seed=1, autoplay=False)
    for info in app.game.rules.infos():
        ours = app.rules_panel.inputs[info.name]
        lab_input = lw.value_widget(info, getattr(app.game.rules, info.name))
        assert type(ours) is type(lab_input), info.name
        assert getattr(ours, "options", None) == getattr(lab_input, "options", None)
        assert ours.value == lab_input.value


def test_the_bot_arena_says_when_a_seat_decides_and_rates_by_side() -> None:
    arena = lw.BotArena("wolf_and_sheep", games_per_pairing=4, skip=("MCTS", "Random"))
    arena.run()
    table = arena.table.value
    assert "Wolves won 100% of the games" in table and "sk-arena-note" in table
    assert "As Sheep" in table and "As Wolves" in table
    assert table.count("<table") == 3


@pytest.mark.parametrize("name", sheepkit.games())
def test_a_rule_input_reads_back_the_value_it_shows(name: str) -> None:
    from sheepkit.ui.rule_inputs import read_input, rule_input

    rules = sheepkit.load(name).rules
    for info in rules.infos():
        for value in (info.default, lw.suggested_value(info, rules)):
            assert read_input(info, rule_input(info, value)) == value, info.name


def test_a_run_from_its_button_is_said_and_hands_focus_back_to_run() -> None:
    """Run is disabled while it runs, so the browser drops focus to the page: the panel asks
    the page to focus Run again, and says the run's end in its live region."""
    app = lw.RuleLab("wolf_and_sheep", n=4)
    panel = app.panel
    app.run()  # started by code (the Bot Arena runs as it opens): focus is left alone
    assert panel.focus.asked == 0
    assert "done: 8 of 8 games" in panel.live.value
    panel.run_button.click()  # no event loop here: the run plays at once
    assert panel.focus.asked == 1
    assert ".sk-run-panel" in panel.focus.widget.value and ".sk-run" in panel.focus.widget.value
    assert panel.live.value.startswith("Run done: 8 of 8 games")
    assert {"sk-live", "sk-sr-only"} <= set(panel.live._dom_classes)
    assert panel.focus.widget in panel.widget.children
    assert "sk-run-panel" in panel.widget._dom_classes
