"""The app shell, driven through its widgets with no browser, on the toy games."""

from __future__ import annotations

import asyncio
import datetime
import html
import json

import pytest
from event_loop import run_loop
from toy_games import DiceRace, HighCard

import sheepkit
from sheepkit.core import BadRecord, load
from sheepkit.drawing import TextDrawing
from sheepkit.session import MAX_RECORD_CHARS
from sheepkit.ui import GameApp, play

pytestmark = pytest.mark.usefixtures("dice_race_and_high_card")


def visible_moves(app: GameApp) -> list:
    return [b for b in app.move_buttons if b.layout.display != "none"]


def test_hot_seat_game_through_buttons() -> None:
    app = GameApp(DiceRace(), seats=["Human", "Human"], seed=1)
    assert "sk-app" in app.widget._dom_classes
    clicks = 0
    while not app.state.is_over:
        assert clicks < 200
        if app.chance_box.layout.display != "none":
            app.roll_button.click()
        else:
            buttons = visible_moves(app)
            assert buttons and not buttons[0].disabled
            buttons[0].click()
        clicks += 1
    assert "sk-over" in app.status._dom_classes
    assert "Game over" in app.status.value
    assert all(b.disabled for b in visible_moves(app)) or not visible_moves(app)


def test_bots_play_until_a_human_must_act() -> None:
    app = GameApp(DiceRace(), seats=["Human", "Random"], seed=2, autoplay=False)
    app.roll_button.click()
    visible_moves(app)[0].click()
    assert app.state.to_move != 0 or app.state.is_over
    app.run_bots()
    assert app.state.is_over or app.state.acting_player in (0, None) or app.state.to_move == 0


def test_rigged_roll_uses_the_chosen_outcome() -> None:
    app = GameApp(DiceRace(), seats=["Human", "Human"], seed=3)
    labels = [label for label, _ in app.rig_choice.options]
    assert labels == ["roll 1 (p = 1/3)", "roll 2 (p = 1/3)", "roll 3 (p = 1/3)"]
    outcome = app.rig_choice.options[2][1]
    app.rig_choice.value = outcome
    app.rig_button.click()
    assert app.state.history == (outcome,)


def test_undo_redo_and_slider_keep_the_timeline() -> None:
    app = GameApp(DiceRace(), seats=["Human", "Human"], seed=4)
    app.roll("roll 1")
    app.play("bank")
    app.roll("roll 2")
    app.play("bank")
    assert app.controls.slider.max == 4
    assert "<li value='1'>Player 1: roll 1</li>" in app.log.value
    assert "Player 2: bank</li>" in app.log.value
    # Newest first, numbered down, so the short log box shows the latest moves.
    assert app.log.value.index("Player 2: roll 2") < app.log.value.index("Player 1: roll 1")
    assert "<ol reversed" in app.log.value
    app.undo()
    assert app.cursor == 3  # back to the last human decision (a human roll counts)
    app.undo()
    assert app.cursor == 2
    app.redo()
    assert app.cursor == 3
    app.controls.slider.value = 0
    assert app.cursor == 0 and app.state.ply == 0
    assert "Showing move 0 of 4" in app.status.value
    app.roll("roll 3")  # a move from the past cuts the timeline
    assert len(app.timeline) == 2 and app.at_end


def test_browsing_never_lets_bots_rewrite_history() -> None:
    app = GameApp(DiceRace(), seats=["Random", "Random"], seed=5, autoplay=True)
    app.run_bots(limit=6)
    app.goto(2)
    app.controls.bots.tick()  # a tick of the auto-play timer while browsing
    assert len(app.timeline) == 7 and app.cursor == 2


def test_illegal_move_is_reported_and_changes_nothing() -> None:
    app = GameApp(DiceRace(), seats=["Human", "Human"], seed=6)
    with pytest.raises(Exception, match="not a possible outcome"):
        app.play("roll 9")
    assert "not a possible outcome" in app.status.value
    assert app.state.ply == 0


def test_the_closed_sections_are_made_when_first_opened() -> None:
    """Rules, Save / load and About the bots hold about half of an app's widgets: the page
    makes them only when a section is opened, and they then show the game as it is."""
    app = GameApp(DiceRace(), seats=["Human", "MCTS"], seed=7)
    placeholders = app.extras.widget.children
    assert [type(child).__name__ for child in placeholders] == ["Box", "Box", "Box"]
    assert not any(child.children for child in placeholders)
    app.rules_panel.inputs["target"].value = 12  # used from code: made then
    app.rules_panel.button.click()
    assert app.extras.widget.children[0] is app.rules_panel.widget
    app.extras.widget.selected_index = 2  # opened on the page
    assert app.extras.widget.children[2] is app.extras.bot_notes
    assert "Monte Carlo" in app.extras.bot_notes.value
    app.extras.widget.selected_index = 1
    assert app.extras.widget.children[1] is app.records_panel.widget
    app.records_panel.save_button.click()
    assert '"target": 12' in app.records_panel.text.value
    app.new_game({"target": 9})  # a section made already follows the game
    assert app.rules_panel.inputs["target"].value == 9


def test_rules_panel_validates_and_starts_a_new_game() -> None:
    app = GameApp(DiceRace(), seats=["Human", "Human"], seed=7)
    app.rules_panel.inputs["target"].value = 12
    app.rules_panel.button.click()
    assert app.game.rules.target == 12 and app.state.ply == 0
    app.rules_panel.inputs["players"].value = 3
    app.rules_panel.button.click()
    assert len(app.seat_pickers) == 3 and len(app.seats) == 3


def test_rules_panel_shows_invalid_rules() -> None:
    app = GameApp(DiceRace(), seats=["Human", "Human"], seed=7)
    app.rules_panel.inputs["target"] = type(app.rules_panel.inputs["target"])(
        value=2, min=2, max=30
    )
    app.rules_panel.rules = app.game.rules
    app.rules_panel.values = lambda: {"target": 99}  # type: ignore[method-assign]
    app.rules_panel.button.click()
    assert "between 2 and 30" in app.rules_panel.error.value
    assert app.game.rules.target == 6


def test_save_and_load_records() -> None:
    app = GameApp(DiceRace(), seats=["Human", "Human"], seed=8)
    app.roll("roll 2")
    app.play("bank")
    app.records_panel.save_button.click()
    saved = app.records_panel.text.value
    assert '"history"' in saved and "download=" in app.records_panel.download.value
    other = GameApp(DiceRace(), seats=["Human", "Human"], seed=9)
    other.records_panel.text.value = saved
    other.records_panel.load_button.click()
    assert other.state == app.state and other.controls.slider.max == 2
    other.records_panel.text.value = '{"format": "sheepkit-record", "version": 7}'
    other.records_panel.load_button.click()
    assert "unknown record version" in other.records_panel.note.value
    assert other.state == app.state
    with pytest.raises(BadRecord, match="of Dice race, not Secret high card"):
        GameApp(HighCard(), seats=["Human", "Human"]).load_record(saved)


def refusal(app: GameApp, text: str) -> str:
    """Paste `text` into the record box, press Load; the note shown (the state must not move)."""
    before = app.state
    app.records_panel.text.value = text
    app.records_panel.load_button.click()
    assert app.state == before
    note = html.unescape(app.records_panel.note.value)
    assert "Traceback" not in note and "\n" not in note
    return note


def test_record_box_refuses_deep_nesting_in_one_line() -> None:
    # 50 000 nested lists, within the length cap: json.loads itself raises RecursionError.
    app = GameApp(DiceRace(), seats=["Human", "Human"], seed=8)
    note = refusal(app, "[" * 50_000)
    assert "Not loaded: the record is nested too deeply" in note


def test_record_box_checks_the_game_before_replaying(monkeypatch: pytest.MonkeyPatch) -> None:
    # A Sheep Race record pasted into Wolf and Sheep is refused by its name alone: replaying its
    # (here absurd) rules and history first is what cost a gigabyte and twenty seconds.
    from sheepkit import session as session_module  # the app's session reads records

    def no_replay(record: object) -> None:
        raise AssertionError("replayed a record of another game")

    monkeypatch.setattr(session_module, "replay", no_replay)
    foreign = {
        "format": "sheepkit-record",
        "version": 1,
        "game": "sheep_race",
        "rules": {"dice": [10**9] * 50},
        "history": ["roll 1"] * 2000,
    }
    app = GameApp(load("wolf_and_sheep"), seats=["Human", "Human"])
    note = refusal(app, json.dumps(foreign))
    assert "this record is of The Sheep Race, not Wolf and Sheep" in note
    foreign["game"] = "no_such_game"
    assert "an unknown game 'no_such_game'" in refusal(app, json.dumps(foreign))


def test_record_box_caps_the_text_before_parsing(monkeypatch: pytest.MonkeyPatch) -> None:
    app = GameApp(DiceRace(), seats=["Human", "Human"], seed=8)
    too_long = " " * (MAX_RECORD_CHARS + 1)
    # Pasted into the box: cleared at once, with the reason.
    app.records_panel.text.value = too_long
    assert app.records_panel.text.value == ""
    assert f"at most {MAX_RECORD_CHARS:,}" in app.records_panel.note.value
    # Handed to load_record (or uploaded): refused without parsing.
    monkeypatch.setattr(json, "loads", lambda _: pytest.fail("parsed"))
    with pytest.raises(BadRecord, match="characters, and a record has at most"):
        app.load_record(too_long)
    upload = {
        "name": "big.json",
        "type": "application/json",
        "size": len(too_long),
        "content": memoryview(too_long.encode()),
        "last_modified": datetime.datetime.now(datetime.timezone.utc),
    }
    app.records_panel.upload.value = (upload,)
    assert "the file has 100,001 bytes" in app.records_panel.note.value


def test_record_box_shows_every_refusal_as_one_line() -> None:
    app = GameApp(DiceRace(), seats=["Human", "Human"], seed=8)
    assert "not valid JSON" in refusal(app, "{")
    assert "a record is a JSON object, not list" in refusal(app, "[1]")
    record = json.loads(app.save_record())
    record["rules"] = {"target": "many"}
    assert "Not loaded: the record's rules are invalid" in refusal(app, json.dumps(record))
    record = json.loads(app.save_record())
    record["history"] = ["fly away"]
    assert "Not loaded: move 1 ('fly away') is not legal" in refusal(app, json.dumps(record))


def test_seat_selector_switches_to_a_bot() -> None:
    app = GameApp(DiceRace(), seats=["Human", "Human"], seed=10, autoplay=False)
    app.seat_pickers[0].value = "Random"
    app.seat_pickers[1].value = "MCTS"
    assert app.seats == ["Random", "MCTS"]
    app.controls.step_button.click()
    assert app.state.ply == 1
    app.run_bots()
    assert app.state.is_over


def test_pass_the_device_curtain_between_humans() -> None:
    app = GameApp(HighCard(), seats=["Human", "Human"], seed=11)
    assert app.screen.live.viewer() == 0
    app.roll("deal 2,3")
    assert app.curtain_for is None  # the same human still holds the device
    assert app.screen.frame().viewer == 0


def test_about_the_bots_lists_descriptions() -> None:
    app = GameApp(DiceRace(), seats=["Human", "Human"])
    assert "Random" in app.extras.bot_notes.value and "Monte Carlo" in app.extras.bot_notes.value


class UnlistedDiceRace(DiceRace):
    """A game class never registered (a game being written in a notebook)."""

    name = "toy_unlisted_dice_race"
    title = "Unlisted dice race"


def test_the_app_plays_a_game_class_never_registered() -> None:
    assert UnlistedDiceRace.name not in sheepkit.games()
    app = play(UnlistedDiceRace(), ["Human", "Random"], speed_ms=150, autoplay=False, app_seed=4)
    assert isinstance(app.drawing, TextDrawing)  # entry_for: the text drawing...
    assert list(app.bot_factories) == ["Random", "MCTS"]  # ...and the general bots
    assert app.controls.speed.value == 150 and not app.autoplay and app.seed == 4
    assert "Unlisted dice race" in app.title.value and "Monte Carlo" in app.extras.bot_notes.value
    steps = 0
    while not app.state.is_over:
        assert steps < 400
        if app.state.acting_player == 1:
            assert app.step()  # the Random bot, and its rolls
        elif app.chance_box.layout.display != "none":
            app.roll_button.click()
        else:
            visible_moves(app)[0].click()
        steps += 1
    assert "Game over" in app.status.value
    # Its records save and load in its own app (replay reads them with the app's class).
    saved = app.save_record()
    again = play(UnlistedDiceRace(), ["Human", "Human"])
    again.records_panel.text.value = saved
    again.records_panel.load_button.click()
    assert again.records_panel.note.value == "Loaded." and again.state == app.state
    # New rules from its Rules panel make a game of the same class.
    again.rules_panel.inputs["target"].value = 9
    again.rules_panel.button.click()
    assert type(again.game) is UnlistedDiceRace and again.game.rules.target == 9


def test_play_takes_rule_changes_and_the_app_options() -> None:
    app = play("toy_dice_race", ["Human", "Human"], speed_ms=200, target=8)
    assert app.game.rules.target == 8 and app.controls.speed.value == 200 and app.autoplay


def test_autoplay_runs_bots_on_the_event_loop() -> None:
    async def watch() -> GameApp:
        app = GameApp(DiceRace(), seats=["Random", "Random"], seed=12, speed_ms=50)
        app.client_ready()  # a browser has connected: auto-play may start
        for _ in range(200):
            if app.state.is_over:
                break
            await asyncio.sleep(0.02)
        return app

    app = run_loop(watch())
    assert app.state.is_over and app.controls.bots.pending is None


def test_autoplay_waits_for_the_page_and_for_humans() -> None:
    async def watch(ready: bool, seats: list[str]) -> GameApp:
        app = GameApp(DiceRace(), seats=seats, seed=13, speed_ms=50)
        if ready:
            app.client_ready()
        await asyncio.sleep(0.3)
        return app

    assert run_loop(watch(False, ["Random", "Random"])).state.ply == 0
    assert run_loop(watch(True, ["Human", "Random"])).state.ply == 0
