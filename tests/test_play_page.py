"""The play page's Python (sheepkit.play_page), without a browser: a whole game of each game
through its actions and views, the board's drawing commands, the keys, the curtain, a race,
Undo and Redo. (tests/site/test_site_play.py plays the built pages in Chromium.)"""

from __future__ import annotations

import json
from typing import Any

import pytest

import sheepkit
from sheepkit.core.contract import Target
from sheepkit.play_page import CALLS, SETTINGS, CanvasRecorder, PlayPage, start

GAMES = ["wolf_and_sheep", "shave_a_sheep", "battle_sheep", "lamb_mimes", "sheep_race"]


class Clock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now


def page_for(game: str, seats: list[str] | None = None, seed: int = 3) -> tuple[PlayPage, Clock]:
    clock = Clock()
    return PlayPage(game, seats, seed=seed, clock=clock), clock


def wait(page: PlayPage, clock: Clock, view: dict[str, Any]) -> dict[str, Any]:
    """Let the page's clock run until nothing waits (the bots, the deals, the races)."""
    for _ in range(10_000):
        if view["wake"] is None:
            return view
        clock.now += view["wake"] / 1000
        view = page.act("tick")
    raise AssertionError("the page never stopped waking")


def human_turn(page: PlayPage, view: dict[str, Any]) -> dict[str, Any]:
    """The human does what the view offers: a move, a roll, a race, the curtain."""
    if view["status"]["curtain"]:
        return page.act("lift_curtain")
    if view["race"]:
        return page.act("claim", view["race"][0]["seat"])
    if view["chance"] and view["chance"]["enabled"]:
        return page.act("roll")
    assert view["moves"], view["status"]
    return page.act("play", len(view["moves"]) - 1)


@pytest.mark.parametrize("game", GAMES)
def test_a_whole_game_through_the_page(game: str) -> None:
    page, clock = page_for(game)
    view = wait(page, clock, page.view())
    json.dumps(view)  # all of it goes to the page's script as JSON
    assert view["title"] == sheepkit.load(game).title
    assert view["board"] and view["words"]
    for _ in range(3000):
        if view["status"]["over"]:
            break
        view = wait(page, clock, human_turn(page, view))
        assert view["status"]["note"] == "", view["status"]
    assert view["status"]["over"], view["status"]
    assert "Game over" in view["status"]["text"]
    assert view["log"] and view["history"]["undo"] and not view["history"]["redo"]
    # The end was said in the live region as it came.
    view = page.act("undo")
    assert view["history"]["redo"] and not view["status"]["over"]
    view = page.act("redo")
    assert view["status"]["over"]
    view = wait(page, clock, page.act("new_game"))
    assert not view["status"]["over"]


@pytest.mark.parametrize("game", GAMES)
def test_the_board_is_the_drawings_own(game: str) -> None:
    page, clock = page_for(game)
    view = wait(page, clock, page.view())
    for op in view["board"]:
        if op[0] == "=":
            assert op[1] in SETTINGS.values()
        else:
            assert op[0] in CALLS
    # The same drawing draws the same commands (nothing of the game is drawn twice).
    again = CanvasRecorder(view["width"], view["height"])
    page.screen.drawing.draw(again, page.screen.frame())
    assert again.ops == view["board"]


def test_the_recorder_refuses_what_it_does_not_draw() -> None:
    canvas = CanvasRecorder(10, 10)
    canvas.fill_style = "#fff"
    canvas.fill_polygon([(0, 0), (1, 1), (2, 0)])
    assert canvas.ops == [["=", "fillStyle", "#fff"], ["fill_polygon", [[0, 0], [1, 1], [2, 0]]]]
    with pytest.raises(AttributeError, match="draw_image"):
        canvas.draw_image(None)
    with pytest.raises(AttributeError, match="line_cap"):
        canvas.line_cap = "round"


def test_a_click_on_the_board_moves_and_the_bot_replies_after_a_moment() -> None:
    page, clock = page_for("wolf_and_sheep", ["Human", "Sensible"])
    view = page.view()
    targets: tuple[Target, ...] = page.screen.targets()
    # A piece, then where it goes: the first pair of the board's targets that makes a move.
    before = len(view["log"])
    moved, said = False, []
    for piece in targets:
        for target in targets:
            said.append(page.act("click", piece.x, piece.y)["say"])
            view = page.act("click", target.x, target.y)
            said.append(view["say"])
            if len(view["log"]) > before:
                moved = True
                break
        if moved:
            break
    assert len(view["log"]) == before + 1
    assert view["wake"] == 500 and "thinking" in view["status"]["text"]
    assert any(words.startswith("Sheep: ") for words in said)  # the move, in the live region
    clock.now += 0.5
    view = page.act("tick")
    assert len(view["log"]) == before + 2 and view["wake"] is None
    assert view["moves"]
    view = page.act("undo")
    assert view["history"]["cursor"] == 0 and view["history"]["redo"]
    assert not any(line["current"] for line in view["log"])  # the log keeps what was played


def test_the_keys_move_a_cursor_and_enter_clicks() -> None:
    page, _ = page_for("wolf_and_sheep", ["Human", "Sensible"])
    plain = page.view()["board"]
    view = page.act("key", "ArrowRight")
    assert view["board"] != plain  # the cursor is drawn
    assert view["say"]  # its target's words
    view = page.act("key", "Enter")
    assert view["say"]


def test_hidden_cards_raise_the_curtain_between_two_humans() -> None:
    page, clock = page_for("lamb_mimes", ["Human", "Human", "Sensible", "Sensible"])
    view = wait(page, clock, page.view())
    for _ in range(200):
        if view["status"]["curtain"]:
            break
        view = wait(page, clock, human_turn(page, view))
    curtain = view["status"]["curtain"]
    assert curtain and curtain.startswith("I am Player")
    assert view["log"] == [] and view["moves"] == [] and "hidden" in view["words"]
    assert any(op[0] == "fill_text" and "Pass the device" in op[1] for op in view["board"])
    view = page.act("lift_curtain")
    assert view["status"]["curtain"] is None and view["log"]


def test_a_race_is_won_by_the_humans_button_or_by_a_bot() -> None:
    clock = Clock()
    howling = sheepkit.load("shave_a_sheep", wolf="howling_wolf")
    page = PlayPage(howling, ["Human", "Sensible"], seed=3, clock=clock)
    view = page.view()
    races = 0
    for _ in range(3000):
        if view["status"]["over"]:
            break
        if view["race"]:  # the human's button, and the bot's claim waits a moment
            assert "Use the buttons" in view["status"]["text"] and view["wake"] is not None
            races += 1
            if races == 1:
                view = page.act("claim", view["race"][0]["seat"])
                assert not view["race"]
                continue
        if view["wake"] is not None:
            clock.now += view["wake"] / 1000
            view = page.act("tick")
        else:
            view = human_turn(page, view)
    assert races >= 2, "no race in a whole game"


def test_seats_and_rigged_rolls() -> None:
    page, _ = page_for("shave_a_sheep", ["Human", "Sensible"])
    view = page.view()
    assert view["chance"]["rig"] and len(view["chance"]["outcomes"]) > 1
    label = view["chance"]["outcomes"][1]
    view = page.act("roll", 1)
    assert label.split(" (p")[0].lower().removeprefix("roll ") in view["log"][-1]["text"].lower()
    view = page.act("seat", 1, "Human")
    assert view["seats"][1]["who"] == "Human"
    with pytest.raises(ValueError):
        page.act("eval", "1")


def test_a_refused_move_is_said_not_raised() -> None:
    page, _ = page_for("wolf_and_sheep", ["Sensible", "Human"])
    view = page.act("step")  # the Sheep bot's move: now the human's
    view = page.act_json(json.dumps(["seat", 0, "Human"]))
    assert json.loads(view)["seats"][0]["who"] == "Human"


def test_start_registers_the_games() -> None:
    page = start("sheep_race")
    assert page.view()["game"] == "sheep_race"


def test_battle_sheeps_tile_is_turned_with_the_boards_tool_then_laid_by_a_click() -> None:
    """The play page has no game panel: the drawing's own tool (Rotate tile) stands in for
    its button, while tiles are laid and the human is to move."""
    from sheepkit.games.battle_sheep.engine import Tile

    page, clock = page_for("battle_sheep", ["Human", "Random"])
    view = page.view()
    assert view["tools"] == ["Rotate tile"] and "Rotate tile turns it" in json.dumps(view["board"])
    drawing = page.screen.drawing
    view = page.act("tool", "Rotate tile")
    assert drawing.rotation == 1 and view["tools"] == ["Rotate tile"]  # type: ignore[attr-defined]
    # The first tile may go anywhere: a click on a table hex lays it, turned as shown.
    target = next(
        t for t in page.screen.targets() if "Enter lays the tile here, turned 1" in t.label
    )
    view = page.act("click", target.x, target.y)
    laid = page.session.state.history[0]
    assert isinstance(laid, Tile) and laid.rotation == 1, laid
    view = wait(page, clock, view)
    # A tool that is not there is said, and changes nothing.
    rotation = drawing.rotation  # type: ignore[attr-defined]
    view = page.act("tool", "Shear")
    assert view["status"]["note"] == "no tool 'Shear' now; the tools: Rotate tile"
    assert drawing.rotation == rotation  # type: ignore[attr-defined]


def test_after_the_tiles_and_in_other_games_there_are_no_tools() -> None:
    page, clock = page_for("battle_sheep", ["Random", "Random"])
    view = wait(page, clock, page.act("set_autoplay", True))
    assert page.session.state.is_over and view["tools"] == []
    for game in ("wolf_and_sheep", "sheep_race"):
        page = page_for(game)[0]
        assert page.view()["tools"] == []
        note = page.act("tool", "Rotate tile")["status"]["note"]
        assert note == "no tool 'Rotate tile' now; the tools: none"
        with pytest.raises(ValueError, match="has no tool 'Rotate tile'"):
            page.screen.drawing.use_tool("Rotate tile", page.screen.frame())  # the default


def test_a_record_saved_on_the_page_loads_back_and_the_slider_browses() -> None:
    page, clock = page_for("wolf_and_sheep", ["Human", "Sensible"])
    view = page.view()
    for _ in range(3):
        view = wait(page, clock, human_turn(page, view))
    length = view["history"]["length"]
    assert length == 7 and view["records"]["text"] is None
    view = page.act("goto", 2)  # the history slider
    assert view["history"]["cursor"] == 2 and view["history"]["redo"]
    view = page.act("goto", length - 1)
    view = page.act("save_record")
    saved = view["records"]["text"]
    assert json.loads(saved)["game"] == "wolf_and_sheep"
    assert view["records"]["file"] == "wolf_and_sheep.json"
    assert "wolf_and_sheep.json" in view["records"]["note"]
    assert page.view()["records"]["text"] is None  # downloaded once, not at every view
    view = page.act("new_game")
    assert view["history"]["length"] == 1
    view = page.act("load_record", saved)
    assert view["history"]["length"] == length and view["records"]["note"].startswith("Loaded")
    assert len(view["log"]) == length - 1 and view["log"][-1]["current"]


@pytest.mark.parametrize(
    "text, said",
    [
        ("not json at all", "Not loaded:"),
        ('{"format": "sheepkit-record"}', "Not loaded:"),
        ("[" * 50_000 + "]" * 50_000, "Not loaded:"),
        ("x" * 100_001, "at most 100,000"),
        (7, "Not loaded:"),
    ],
)
def test_a_bad_record_is_said_and_changes_nothing(text: Any, said: str) -> None:
    page, clock = page_for("wolf_and_sheep", ["Human", "Sensible"])
    view = wait(page, clock, human_turn(page, page.view()))
    before = (view["history"], view["log"])
    view = page.act("load_record", text)
    assert said in view["records"]["note"] and "\n" not in view["records"]["note"]
    assert (view["history"], view["log"]) == before


def test_a_record_of_another_game_is_refused_by_name() -> None:
    other, _ = page_for("lamb_mimes", ["Human", "Random", "Random", "Random"])
    saved = other.act("save_record")["records"]["text"]
    page, _ = page_for("wolf_and_sheep")
    note = page.act("load_record", saved)["records"]["note"]
    assert note == "Not loaded: this record is of Lamb Mimes, not Wolf and Sheep; open it there"


def test_battle_sheeps_tile_follows_the_pointer_and_the_keys_cursor() -> None:
    page, _ = page_for("battle_sheep", ["Human", "Random"])
    view = page.view()
    assert view["pointer"] is True
    ghost = "rgba(0, 114, 178, 0.55)"  # an allowed tile's fill (the drawing's _draw_ghost)
    assert ghost not in json.dumps(view["board"])
    target = page.screen.targets()[40]
    shown = page.act_json(json.dumps(["point", target.x, target.y]))
    assert shown and ghost in json.dumps(json.loads(shown)["board"])
    # The same hex again, or a position that is not one: nothing to draw again.
    assert page.act_json(json.dumps(["point", target.x + 1, target.y])) == ""
    assert page.act_json(json.dumps(["point", "left", None])) == ""
    before = json.loads(page.view_json())["board"]
    page.act("tool", "Rotate tile")
    assert page.view()["board"] != before  # the tile under the pointer turned
    # The keyboard's cursor takes the tile along.
    drawing = page.screen.drawing
    page.act("key", "ArrowRight")
    at = page.keys.at
    assert at is not None and drawing.hover == drawing.layout(page.session.state).cell_at(*at)  # type: ignore[attr-defined]


def test_other_boards_do_not_follow_the_pointer() -> None:
    for game in ("wolf_and_sheep", "lamb_mimes", "shave_a_sheep", "sheep_race"):
        page, _ = page_for(game, None)
        assert page.view()["pointer"] is False
        assert page.act_json(json.dumps(["point", 10, 10])) == ""


def test_battle_sheeps_picked_stack_sends_fewer_or_more_with_the_boards_tools() -> None:
    """Without the app's panel, how many of a picked stack go is the drawing's two tools."""
    from sheepkit.games.battle_sheep.engine import MOVE, Split

    page, clock = page_for("battle_sheep", ["Human", "Random"])
    view = page.view()
    while page.session.state.phase != MOVE or view["wake"] is not None:
        view = wait(page, clock, page.act("play", 0) if view["moves"] else view)
    stack = next(t for t in page.screen.targets() if "16 sheep of Player 1" in t.label)
    view = page.act("click", stack.x, stack.y)
    assert view["tools"] == ["Fewer sheep go", "More sheep go"]
    view = page.act("tool", "More sheep go")
    assert page.screen.selection[1] == 9
    assert any("picked: 9 of them go" in t[2] for t in view["targets"])
    for _ in range(8):
        view = page.act("tool", "Fewer sheep go")
    assert page.screen.selection[1] == 1 and view["tools"] == ["More sheep go"]
    target = next(t for t in page.screen.targets() if "Enter moves 1 sheep here" in t.label)
    page.act("click", target.x, target.y)
    moved = page.session.state.history[-1]
    assert isinstance(moved, Split) and moved.count == 1


def test_new_rules_from_the_pages_inputs_start_a_game_drawn_for_them() -> None:
    page, _ = page_for("wolf_and_sheep")
    view = page.view()
    board = next(r for r in view["rules"]["inputs"] if r["name"] == "board")
    assert board["kind"] == "choice" and board["options"][board["value"]] == "8x8"
    assert len(page.screen.targets()) == 64  # a target per square
    view = page.act("new_rules", {"board": board["options"].index("10x10"), "rounds": 0})
    assert view["rules"]["note"] == "" and page.session.game.rules.board == 10
    assert len(page.screen.targets()) == 100 and "10x10" in json.dumps(view["rules"])
    assert view["history"]["length"] == 1


@pytest.mark.parametrize(
    "entered, said",
    [
        ({"board": 9}, "there is no option 9"),
        ({"board": "10x10"}, "is not an option's number"),
        ({"wolves": 5}, "no rule 'wolves'"),
        ([2], "the rules come as names and values"),
        ({"auto_victory": True}, "is not an option's number"),
    ],
)
def test_rules_the_game_refuses_are_said_and_the_game_goes_on(entered: Any, said: str) -> None:
    page, clock = page_for("wolf_and_sheep", ["Human", "Sensible"])
    view = wait(page, clock, human_turn(page, page.view()))
    before = (view["history"], view["width"], page.session.game)
    view = page.act("new_rules", entered)
    assert view["rules"]["note"].startswith("Not changed: ") and said in view["rules"]["note"]
    assert (view["history"], view["width"], page.session.game) == before


@pytest.mark.parametrize(
    "entered, said",
    [
        ({"hand_size": "5"}, "must be of type int"),
        ({"hand_size": 3.5}, "must be of type int"),
        ({"hand_size": 99}, "between 3 and 10"),
        ({"mime_numbers": "[1, 2"}, "cannot read"),
        ({"mime_numbers": "[" * 30_000}, "cannot read"),
    ],
)
def test_numbers_and_tables_are_checked_by_the_rules(entered: Any, said: str) -> None:
    page, _ = page_for("lamb_mimes", ["Human", "Random", "Random", "Random"])
    game = page.session.game
    note = page.act("new_rules", entered)["rules"]["note"]
    assert said in note and "\n" not in note and page.session.game is game


def test_a_record_of_other_rules_loads_with_a_board_drawn_for_them() -> None:
    other, _ = page_for("wolf_and_sheep")
    other.act("new_rules", {"board": 0})  # 6x6
    saved = other.act("save_record")["records"]["text"]
    page, _ = page_for("wolf_and_sheep")
    view = page.act("load_record", saved)
    assert view["records"]["note"].startswith("Loaded") and page.session.game.rules.board == 6
    assert len(page.screen.targets()) == 36 and view["width"] == other.view()["width"]


def test_the_bots_delay_is_the_pages_to_set() -> None:
    page, clock = page_for("wolf_and_sheep", ["Human", "Sensible"])
    assert page.view()["bots"]["delay_ms"] == 500
    view = page.act("set_delay", 1500)
    assert view["bots"]["delay_ms"] == 1500
    view = page.act("play", 0)  # the human's move: the bot answers after the delay set
    assert view["wake"] == 1500
    clock.now += 1.4
    assert len(page.act("tick")["log"]) == 1
    clock.now += 0.1
    assert len(page.act("tick")["log"]) == 2
    for bad in (10, 2050, 1234, "fast", True, None):
        view = page.act("set_delay", bad)
        assert "the bots' delay is 50-2000 ms in steps of 50" in view["status"]["note"]
        assert view["bots"]["delay_ms"] == 1500
