"""A game written outside sheepkit/games gets every feature through one ``register`` call.

The games here live in tests/ (``toy_games.py``, and one with a drawing of its own written
below in a few lines). Each is registered once, by ``sheepkit.register`` alone, and then,
with no other set-up: it loads by name, its app plays it through the buttons (drawn as text
when it has no drawing), Random and MCTS play it, ``check_game`` passes, its records replay,
the Rule Lab compares two rule sets and the Bot Arena runs a tournament.
"""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable, Hashable, Iterator
from pathlib import Path
from typing import Any, Protocol

import pytest
import test_contract as contract
from app_driver import play_to_the_end
from fake_canvas import FakeCanvas
from toy_games import DiceRace, DiceRaceRules, HighCard

import sheepkit
from sheepkit import register, unregister
from sheepkit.bots import MCTSBot, for_game
from sheepkit.core import CHANCE, Game, State, UnknownGame, check_game, replay
from sheepkit.core import registry as registry_module
from sheepkit.core.contract import BoardDrawing
from sheepkit.core.registry import entry, games
from sheepkit.core.words import Words
from sheepkit.drawing import PLAYER_COLOURS, PLAYER_SHAPES, Drawing, Frame, TextDrawing, draw_shape
from sheepkit.examples.hounds_and_hare import (
    HoundsAndHare,
    HoundsAndHareDrawing,
    HoundsAndHareWords,
)
from sheepkit.ui import GameApp
from sheepkit.ui import lab_widgets as lw

#: The checks tests/test_contract.py makes of every game in sheepkit.games(), by name.
CONTRACT_CHECKS: list[Callable[[str], None]] = [
    contract.test_check_game_passes,
    contract.test_app_plays_a_seeded_game_to_the_end_through_its_buttons,
    contract.test_drawing_draws_every_position_and_reads_clicks_as_legal_moves,
    contract.test_the_record_of_a_seeded_game_replays_to_an_equal_state,
    contract.test_views_satisfy_the_player_view_protocol,
]


# -- a game with a drawing of its own: a few lines ---------------------------------------------
class DrawnDiceRace(DiceRace):
    name = "toy_drawn_dice_race"
    title = "Dice race, drawn"


class DiceRaceDrawing(Drawing):
    """Each player's total as a marker that grows; the left half of the board banks the roll,
    the right half doubles it."""

    width, height = 240, 80
    drawn: list[Frame] = []  # every frame the app asked for (a class list: the test reads it)

    def draw(self, canvas: Any, frame: Frame) -> None:
        self.drawn.append(frame)
        for player, total in enumerate(frame.state.totals):
            shape, colour = PLAYER_SHAPES[player], PLAYER_COLOURS[player]
            draw_shape(canvas, shape, 40 + 80 * player, 40, 4 + total, colour)

    def click(self, frame: Frame, x: float, y: float) -> tuple[Any, Hashable | None]:
        if frame.state.to_move in (None, CHANCE):
            return None, None
        return None, "bank" if x < self.width / 2 else "double"


class DiceRaceWords(Words):
    """Its moves in words (words live apart from the drawing, registered beside it)."""

    def move_label(self, state: Any, move: Hashable) -> str:
        return {"bank": "Bank the roll", "double": "Double it"}.get(str(move), str(move))


#: (game class, what register() is given): the whole of each game's set-up.
OUTSIDE: dict[str, tuple[type[Game[Any, Any, Any]], dict[str, Any]]] = {
    "text board": (DiceRace, {}),
    "hidden cards": (HighCard, {}),
    "own drawing": (DrawnDiceRace, {"drawing": DiceRaceDrawing, "words": DiceRaceWords}),
    # The make-a-game lesson's reference solution, a module of its own outside sheepkit/games.
    "lesson reference": (
        HoundsAndHare,
        {"drawing": HoundsAndHareDrawing, "words": HoundsAndHareWords},
    ),
}


@pytest.fixture(params=list(OUTSIDE))
def outside(request: pytest.FixtureRequest) -> Iterator[type[Game[Any, Any, Any]]]:
    kind, options = OUTSIDE[request.param]
    register(kind, **options)  # the one call
    yield kind
    unregister(kind.name)
    assert kind.name not in games()


def test_it_loads_by_name_with_rule_changes(outside: type[Game[Any, Any, Any]]) -> None:
    assert outside.name in sheepkit.games()
    game = sheepkit.load(outside.name)
    assert type(game) is outside and game == outside()
    if outside.rules_type is DiceRaceRules:
        assert sheepkit.load(outside.name, target=9).rules.target == 9


def test_its_app_plays_it_to_the_end_through_the_buttons(
    outside: type[Game[Any, Any, Any]],
) -> None:
    game = sheepkit.load(outside.name)
    app = GameApp(outside.name, seats=["Human"] * game.num_players, seed=3, autoplay=False)
    registered = OUTSIDE_DRAWING.get(outside)
    if registered is None:
        assert type(app.drawing) is TextDrawing  # the generic text board: the state's text
        canvas = FakeCanvas()
        app.drawing.draw(canvas, Frame(app.state, None))
        assert canvas.texts() == str(app.state).splitlines()
    else:
        assert type(app.drawing) is registered
    assert isinstance(app.drawing, BoardDrawing)
    app.client_ready()
    assert play_to_the_end(app, random.Random(3)) > 0
    assert "Game over" in app.status.value
    assert replay(json.loads(app.save_record())) == app.state


OUTSIDE_DRAWING = {kind: options.get("drawing") for kind, options in OUTSIDE.values()}


def test_random_and_mcts_are_offered_and_play_a_match(
    outside: type[Game[Any, Any, Any]],
) -> None:
    game = sheepkit.load(outside.name)
    offered = for_game(game)
    assert list(offered) == ["Random", "MCTS"]
    seats = [offered["Random"](), MCTSBot(iterations=30)]
    record = sheepkit.play_match(outside.name, seats, seed=4)
    assert record["game"] == outside.name and record["seats"] == ["Random", "MCTS"]
    final = replay(record)
    assert final.is_over and replay(json.loads(json.dumps(record))) == final


def test_check_game_passes_and_records_replay(outside: type[Game[Any, Any, Any]]) -> None:
    report = check_game(outside.name, games=5)
    assert report.games == 5
    final = sheepkit.load(outside.name).random_playout(random.Random(5))
    assert replay(json.dumps(final.record())) == final


def test_the_bot_arena_runs_a_tournament(outside: type[Game[Any, Any, Any]]) -> None:
    arena = lw.BotArena(outside.name, games_per_pairing=2, skip=())
    arena.run()
    assert arena.tournament is not None
    assert {s.name for s in arena.tournament.leaderboard} == {"Random", "MCTS"}
    leaderboard = arena.table.value.split("</table>")[0]  # then, if a seat won clearly more
    assert leaderboard.count("sk-lab-row") == 2  # often, a note and a table per side


def test_the_rule_lab_compares_a_changed_rule(outside: type[Game[Any, Any, Any]]) -> None:
    if not outside.rules_type().infos():
        pytest.skip("a game with no rule to change: see test_the_rule_lab_opens_a_game_...")
    app = lw.RuleLab(outside.name, n=6)
    assert (sheepkit.load(outside.name).title, outside.name) in app.game_picker.options
    ranged = next(i for i in outside.rules_type().infos() if i.min is not None)
    changed = ranged.min if ranged.default != ranged.min else ranged.max
    app.rule_picker.value = ranged.name
    app.value.value = changed
    app.run()
    table = app.table.value
    assert "Base rules" in table and f"= {changed}" in table and table.count("sk-lab-row") >= 3
    assert app.reports[1] != app.reports[0]


def test_the_rule_lab_opens_a_game_with_no_rule_to_change() -> None:
    register(HighCard)
    try:
        app = lw.RuleLab(HighCard.name, n=2)
        assert app.game_picker.value == HighCard.name
    finally:
        unregister(HighCard.name)


def test_its_own_drawing_is_what_the_app_draws_and_clicks() -> None:
    register(DrawnDiceRace, drawing=DiceRaceDrawing, words=DiceRaceWords)
    try:
        DiceRaceDrawing.drawn.clear()
        app = GameApp(DrawnDiceRace.name, seats=["Human", "Human"], seed=6, autoplay=False)
        assert (app.canvas.width, app.canvas.height) == (240, 80)
        app.client_ready()
        assert DiceRaceDrawing.drawn and DiceRaceDrawing.drawn[-1].state == app.state
        app.roll_button.click()
        labels = [b.description for b in app.move_buttons if b.layout.display != "none"]
        assert labels == ["Bank the roll", "Double it"]
        assert "or on the board" in app.status.value  # it reads clicks: the status says so
        app.click_board(200, 40)  # the right half: double
        assert app.state.history[-1] == "double"
        assert DiceRaceDrawing.drawn[-1].state == app.state
        canvas = FakeCanvas()
        app.drawing.draw(canvas, Frame(app.state, None))
        assert canvas.count("fill_circle") == 1 and canvas.count("fill_rect") == 1
    finally:
        unregister(DrawnDiceRace.name)


# -- what register() refuses, and what it allows ------------------------------------------------
def test_register_refuses_what_is_not_a_game() -> None:
    before = games()
    things: list[Any] = [5, "toy_dice_race", DiceRaceRules, DiceRace()]
    for thing in things:
        with pytest.raises(TypeError, match="takes a Game subclass"):
            register(thing)
    assert games() == before


@pytest.mark.parametrize("bad", ["dice race", "", "3dice", None])
def test_register_refuses_a_bad_name(bad: Any) -> None:
    kind = type("BadlyNamed", (DiceRace,), {"name": bad})
    with pytest.raises(TypeError, match="name must be a name like"):
        register(kind)
    with pytest.raises(UnknownGame):
        sheepkit.load(str(bad))


def test_register_refuses_a_drawing_class_missing_members() -> None:
    class Bare:  # not a Drawing subclass: no click, takes_clicks, move_label...
        width, height = 100, 100

        def draw(self, canvas: Any, frame: Frame) -> None:
            pass

    bare: Any = Bare
    with pytest.raises(TypeError, match=r"Bare lacks move_buttons, preferences, click.*Drawing"):
        register(DiceRace, drawing=bare)
    assert DiceRace.name not in games()


def test_the_drawing_members_register_checks_are_the_protocols_own() -> None:
    """Read from BoardDrawing, not copied: a member added to the protocol is checked too."""
    get_protocol_members = pytest.importorskip("typing_extensions").get_protocol_members

    assert set(registry_module._DRAWING_MEMBERS) == get_protocol_members(BoardDrawing)
    assert all(hasattr(Drawing, m) for m in registry_module._DRAWING_MEMBERS)

    class Wider(BoardDrawing, Protocol):
        def legend(self) -> str: ...

    assert registry_module.protocol_members(Wider) == (*registry_module._DRAWING_MEMBERS, "legend")


def test_register_refuses_a_drawing_subclass_without_draw() -> None:
    no_draw: Any = type("NoDraw", (Drawing,), {})
    try:
        with pytest.raises(TypeError, match="NoDraw"):
            register(DiceRace, drawing=no_draw)
    finally:
        if DiceRace.name in games():
            unregister(DiceRace.name)


class Forgetful(Game[DiceRaceRules, str, "ForgetfulState"]):
    """A game whose state class lacks its @dataclass(frozen=True) (fields as bare notes)."""

    name = "toy_forgetful"
    title = "Forgetful"
    rules_type = DiceRaceRules
    max_length = 1

    def new_game(self) -> ForgetfulState:
        return ForgetfulState.make(self, (), 0)

    def parse_move(self, text: str) -> str:
        return text


class ForgetfulState(State[Forgetful, str]):  # no @dataclass(frozen=True)
    count: int


def test_register_refuses_a_state_class_that_is_not_a_frozen_dataclass() -> None:
    with pytest.raises(
        TypeError, match=r"ForgetfulState must be decorated with @dataclass\(frozen"
    ):
        register(Forgetful)
    assert Forgetful.name not in games()
    # Unregistered, the game's first state says the same (not "make() takes 3 arguments").
    with pytest.raises(TypeError, match=r"ForgetfulState must be decorated with @dataclass"):
        Forgetful().new_game()


def test_register_refuses_another_games_name() -> None:
    impostor = type("Impostor", (DiceRace,), {"name": "wolf_and_sheep"})
    with pytest.raises(ValueError, match=r"'wolf_and_sheep' is taken by .*WolfAndSheep"):
        register(impostor)
    assert sheepkit.games().count("wolf_and_sheep") == 1
    assert type(sheepkit.load("wolf_and_sheep")).__name__ == "WolfAndSheep"


CELL = """
from toy_games import DiceRace

class CellDiceRace(DiceRace):
    name = "toy_cell_dice_race"
    title = "Dice race from a notebook cell"

import sheepkit
sheepkit.register(CellDiceRace)
"""


def test_registering_again_from_a_cell_run_twice_works() -> None:
    """A notebook cell run twice makes a new class of the same module and name: the second
    registration replaces the first."""
    made = []
    try:
        for _ in range(2):
            namespace: dict[str, Any] = {"__name__": "__main__"}
            exec(CELL, namespace)
            made.append(namespace["CellDiceRace"])
        first, second = made
        assert first is not second
        assert type(sheepkit.load("toy_cell_dice_race")) is second
        assert sheepkit.games().count("toy_cell_dice_race") == 1
        register(second)  # and the same class object again, too
        assert check_game("toy_cell_dice_race", games=2).games == 2
    finally:
        unregister("toy_cell_dice_race")


# -- CONTRACT.md's game: its Python blocks, run in order, register a game that passes all ----
CONTRACT_MD = Path(__file__).parent.parent / "CONTRACT.md"


def test_the_contract_md_game_gets_every_feature() -> None:
    """Every Python block of CONTRACT.md, run in order as one notebook would, and then the
    whole contract test (tests/test_contract.py) on the game they register."""
    blocks = re.findall(r"^```python\n(.*?)^```$", CONTRACT_MD.read_text(), re.S | re.M)
    assert len(blocks) >= 8
    namespace: dict[str, Any] = {"__name__": "contract_md"}
    try:
        exec(compile("\n".join(blocks), str(CONTRACT_MD), "exec", dont_inherit=True), namespace)
        assert "sheep_pen" in sheepkit.games()
        made = entry("sheep_pen")
        assert made.drawing is namespace["PenDrawing"] and made.bots is namespace["pen_bots"]
        app = namespace["app"]
        assert type(app.panel) is namespace["PenPanel"] and "Careful" in app.bot_factories
        for check in CONTRACT_CHECKS:
            check("sheep_pen")
    finally:
        if "sheep_pen" in sheepkit.games():
            unregister("sheep_pen")


@pytest.mark.parametrize("check", CONTRACT_CHECKS, ids=lambda f: f.__name__)
def test_the_contract_test_passes_for_an_outside_game(
    outside: type[Game[Any, Any, Any]], check: Callable[[str], None]
) -> None:
    check(outside.name)


# -- the contract test can fail: broken drawings it must catch ---------------------------------
class TriplingDrawing(DiceRaceDrawing):
    def click(self, frame: Frame, x: float, y: float) -> tuple[Any, Hashable | None]:
        return None, "triple"  # not a move of the dice race


class ButtonlessDrawing(DiceRaceDrawing):
    move_buttons = False  # no move buttons, and no panel to offer the moves instead


@pytest.mark.parametrize(
    ("drawing", "check", "complaint"),
    [
        (TriplingDrawing, 2, "'triple' is not legal"),
        (ButtonlessDrawing, 1, "no move button for the human"),
    ],
)
def test_the_contract_test_catches_a_broken_drawing(
    drawing: type[Drawing], check: int, complaint: str
) -> None:
    register(DrawnDiceRace, drawing=drawing)
    try:
        with pytest.raises(AssertionError, match=complaint):
            CONTRACT_CHECKS[check](DrawnDiceRace.name)
    finally:
        unregister(DrawnDiceRace.name)
