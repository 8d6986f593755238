"""The Shave a Sheep app panel (the Howling Wolf race), the die designer and the lesson
helpers, driven by setting widget values and clicking buttons (no browser)."""

from __future__ import annotations

import asyncio
import json

from event_loop import run_loop

import sheepkit
from sheepkit.games.shave_a_sheep import VARIANTS, Howl
from sheepkit.games.shave_a_sheep.designer import DieDesigner, face_html
from sheepkit.games.shave_a_sheep.engine import HOWL, RACE
from sheepkit.games.shave_a_sheep.lesson import analyse
from sheepkit.games.shave_a_sheep.panel import ShaveASheepPanel
from sheepkit.ui import GameApp

HOWLING = VARIANTS["howling_wolf"]


def race_app(seats: list[str], autoplay: bool = False) -> GameApp:
    game = sheepkit.load("shave_a_sheep", players=len(seats), **HOWLING)
    app = GameApp(game, seats=seats, autoplay=autoplay, seed=3)
    app.roll(game.parse_move("roll gray/white"))
    assert app.state.phase == RACE
    return app


def test_the_panel_owns_the_race_and_a_human_howl_wins_it():
    app = race_app(["Human", "Sensible", "Sensible"])
    panel = app.panel
    assert isinstance(panel, ShaveASheepPanel)
    assert not app.step()  # the app does not roll the race by itself
    assert "race" in app.status.value.lower()
    buttons = panel.howl_box.children
    assert [b.description for b in buttons] == ["Howl! (Player 1)"]
    buttons[0].click()
    assert app.state.phase == HOWL and app.state.howler == 0
    assert app.state.history[-1] == Howl(0)
    assert not panel.howl(1)  # too late: the race is over
    assert panel.howl_box.layout.display == "none"


def test_the_teacher_can_still_settle_the_race():
    app = race_app(["Human", "Human"])
    app.rig_button.click()  # the first outcome of the drop-down
    assert app.state.phase == HOWL


def test_bots_race_on_the_event_loop_and_the_first_howl_wins():
    async def run() -> GameApp:
        app = race_app(["Sensible", "Sensible"], autoplay=True)
        app.panel.refresh(app)  # inside a running loop: the bots' timers start
        assert app.panel._race is not None and app.panel._race._handles
        assert app.panel.claims_chance(app.state)
        for _ in range(40):
            await asyncio.sleep(0.05)
            if app.state.phase != RACE:
                break
        return app

    app = run_loop(run())
    assert app.state.phase != RACE
    assert sum(isinstance(m, Howl) for m in app.state.history) == 1


def test_without_humans_or_a_loop_the_app_rolls_the_race_itself():
    app = race_app(["Sensible", "Sensible"])
    assert not app.panel.claims_chance(app.state)
    assert app.step() and app.state.phase == HOWL


def test_the_generic_hook_is_asked_before_any_automatic_roll():
    app = GameApp("shave_a_sheep", seats=["Sensible", "Sensible"], autoplay=False)
    asked = []
    app.panel.claims_chance = lambda state: asked.append(state) or True
    assert not app.step() and asked == [app.state]
    app.render()
    assert "Use the buttons below" in app.status.value


def test_the_panel_opens_a_designer_that_plays_in_the_app():
    app = GameApp("shave_a_sheep", seats=["Human", "Human"])
    panel = app.panel
    panel.designer_button.click()
    designer = panel._designer
    designer.firsts[0].value = "shear"
    designer.play_button.click()
    assert app.game.rules.die[0] == ("shear",)
    assert len(app.timeline) == 1


def test_designer_shows_faces_with_words_and_validates():
    designer = DieDesigner()
    assert "grow" in designer.pictures[0].value and "x2" in designer.pictures[1].value
    before = designer.pictures[0].value
    designer.seconds[0].value = "wolf"
    assert designer.pictures[0].value != before and "wolf" in designer.pictures[0].value
    assert designer.error.value == "" and not designer.play_button.disabled
    designer.seconds[0].value = "grow"  # grow twice on one face
    assert "face 1" in designer.error.value and designer.play_button.disabled
    assert designer.simulate_button.disabled


def test_face_pictures_carry_words_not_only_colours():
    text = face_html(("wolf", "shear"), 5)
    assert "wolf" in text and "shear" in text and "gray" in text and "face 5" in text


def test_designer_saves_and_loads_json():
    designer = DieDesigner()
    designer.firsts[5].value = "double"
    designer.seconds[5].value = "(none)"
    designer.save_button.click()
    data = json.loads(designer.json_text.value)
    assert data["faces"][5] == ["double"]
    other = DieDesigner()
    other.json_text.value = designer.json_text.value
    other.load_button.click()
    assert other.die == designer.die
    other.json_text.value = '{"faces": [["grow"]]}'
    other.load_button.click()
    assert "6 faces" in other.error.value


def test_designer_plays_and_simulates_with_its_die():
    designer = DieDesigner(sheepkit.load("shave_a_sheep", players=3).rules, games=20)
    designer.firsts[0].value = "shear"
    designer.play_button.click()
    assert designer.play_area.children
    designer.simulate_button.click()
    assert "length" in designer.result.value and "Sensible beats Random" in designer.result.value


def test_analyse_is_seeded_and_has_intervals():
    rules = sheepkit.load("shave_a_sheep", players=3).rules
    a, b = analyse(rules, 30, seed=2), analyse(rules, 30, seed=2)
    assert a == b and a.perfect_first is None
    assert a.length_ci[0] <= a.length <= a.length_ci[1]
    assert a.first_ci[0] <= a.first <= a.first_ci[1]
    assert a.skill_ci[0] <= a.skill <= a.skill_ci[1]
