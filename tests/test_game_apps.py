"""Each game's app, played to the end through its buttons (no browser)."""

from __future__ import annotations

import asyncio

import pytest
from event_loop import run_loop
from rule_tables import TABLE_RULES

import sheepkit
from sheepkit.core.rules import rule_text
from sheepkit.core.words import words_for
from sheepkit.drawing import Frame, TextDrawing, drawing_for
from sheepkit.ui import GameApp, play

GAMES = [
    ("wolf_and_sheep", {}),
    ("wolf_and_sheep", {"board": 10}),
    ("wolf_and_sheep", {"rounds": 2}),
    ("shave_a_sheep", {}),
    ("shave_a_sheep", {"players": 4}),
    ("shave_a_sheep", {"players": 3, "wolf": "howling_wolf"}),
    ("shave_a_sheep", {"wolf": "mr_wolf", "shear_cost": 1}),
]


def click_through(app: GameApp, limit: int = 2000) -> int:
    clicks = 0
    while not app.state.is_over:
        assert clicks < limit, "the game did not end"
        if app.chance_box.layout.display != "none":
            app.roll_button.click()
        else:
            buttons = [b for b in app.move_buttons if b.layout.display != "none"]
            assert buttons, f"no move buttons at ply {app.state.ply}"
            assert not buttons[-1].disabled
            buttons[-1].click()
        clicks += 1
    return clicks


@pytest.mark.parametrize(("name", "rules"), GAMES)
def test_hot_seat_game_to_the_end_by_buttons(name: str, rules: dict) -> None:
    app = play(name, seats=["Human"] * rules.get("players", 2), **rules)
    assert not isinstance(app.drawing, TextDrawing)
    app.client_ready()  # as a browser would: from now on every change redraws the board
    clicks = click_through(app)
    assert clicks == len(app.state.history)
    assert "sk-over" in app.status._dom_classes
    assert str(app.state.outcome()) in app.status.value


@pytest.mark.parametrize("name", ["wolf_and_sheep", "shave_a_sheep"])
def test_human_against_the_sensible_bot(name: str) -> None:
    app = GameApp(name, seed=5, autoplay=False)
    assert app.seats[0] == "Human" and app.seats[1] == "Sensible"
    for _ in range(2000):
        if app.state.is_over:
            break
        if not app.screen.live.human_decides(app.state):
            assert app.step()
        elif app.chance_box.layout.display != "none":
            app.roll_button.click()
        else:
            next(b for b in app.move_buttons if b.layout.display != "none").click()
    assert app.state.is_over
    # Everything the human saw can be undone back to the start and redone.
    end = len(app.timeline) - 1
    while app.cursor:
        app.undo()
    app.controls.slider.value = end
    assert app.at_end


@pytest.mark.parametrize("name", ["wolf_and_sheep", "shave_a_sheep"])
def test_each_game_has_its_own_drawing_for(name: str) -> None:
    app = GameApp(name)
    view = drawing_for(app.game)
    assert not isinstance(view, TextDrawing)
    assert app.canvas.layout.width == f"{view.width}px"


def test_new_rules_give_a_board_of_the_new_size() -> None:
    app = GameApp("wolf_and_sheep", seats=["Human", "Human"])
    app.client_ready()
    small = app.canvas.width
    app.panel.squares.value = "light"  # a preference survives new rules
    app.rules_panel.inputs["board"].value = 10
    app.rules_panel.button.click()
    assert app.drawing.size == 10 and app.drawing.squares == "light"
    assert app.canvas.layout.width == f"{app.drawing.width}px"
    assert app.canvas.width == app.drawing.width and small > 0
    assert len(app.state.wolves) == 5


def test_wolf_and_sheep_preferences_change_the_look_only() -> None:
    from fake_canvas import FakeCanvas

    from sheepkit.drawing import Frame

    app = GameApp("wolf_and_sheep", seats=["Human", "Human"])
    squares, theme = app.panel.squares, app.panel.theme

    def fills() -> list:
        canvas = FakeCanvas()
        app.drawing.draw(canvas, Frame(app.state, None))
        return [c for c in canvas.calls if c[0] == "fill_style"]

    standard = fills()
    squares.value = "light"
    theme.value = "dark"
    assert (app.drawing.squares, app.drawing.theme) == ("light", "dark")
    assert fills() != standard
    assert app.state == app.game.new_game()


def test_wolf_and_sheep_hint_button_tells_who_wins(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("SHEEPKIT_CACHE", str(tmp_path))
    app = GameApp("wolf_and_sheep", seats=["Human", "Human"])
    panel = app.panel
    panel.hint_button.click()
    assert "The Wolves win in 44 moves" in panel.hint_text.value
    app.client_ready()
    app.click_board(*app.drawing.centre(app.state.sheep))  # picking a piece keeps the hint
    assert app.selection == app.state.sheep
    assert "The Wolves win in 44 moves" in panel.hint_text.value
    app.play(app.state.legal_moves()[0])
    assert panel.hint_text.value == ""  # a hint is about one position only
    app.new_game({"board": 10})
    app.panel.hint_button.click()
    assert "10x10 the wolves win" in app.panel.hint_text.value


def test_wolf_and_sheep_offers_the_perfect_bot_only_where_it_is_perfect() -> None:
    app = GameApp("wolf_and_sheep", seats=["Human", "Perfect"], autoplay=False)
    assert "Perfect" in app.seat_pickers[1].options
    app.new_game({"board": 12})  # unsolved: before the fix a Perfect bot that played Sensible
    assert "Perfect" not in app.bot_factories and "Perfect" not in app.seat_pickers[1].options
    assert app.seats == ["Human", "Sensible"] and app.seat_pickers[1].value == "Sensible"
    app.new_game({"board": 10, "first": "wolves"})  # not the start of the shipped strategy
    assert "Perfect" not in app.seat_pickers[1].options
    app.new_game({"board": 10, "first": "sheep", "auto_victory": False})
    assert "Perfect" not in app.seat_pickers[1].options  # only the wolves' side is solved
    assert "Perfect wolves" in app.seat_pickers[1].options and app.seats[1] == "Sensible"


def test_match_score_is_shown_between_rounds() -> None:
    app = GameApp("wolf_and_sheep", seats=["Human", "Human"], autoplay=False)
    app.new_game({"rounds": 2})
    panel = app.panel
    assert "Match</b>: Player 1 0 – 0 Player 2" in panel.match.value
    assert "round 1 of 2, Player 1 plays the sheep" in panel.match.value
    while app.state.round == 1:
        app.play(app.state.legal_moves()[-1])
    assert "round 2 of 2, Player 2 plays the sheep" in panel.match.value
    assert " 1 – 0 " in panel.match.value or " 0 – 1 " in panel.match.value


def test_a_deal_shows_no_roll_button_but_the_race_dice_do() -> None:
    """The app deals cards by itself: no dead Roll button. The Sheep Race's public dice get
    the app's own Roll button, for the human whose turn it is."""
    app = GameApp(sheepkit.load("lamb_mimes", players=2), seats=["Human", "Human"])
    app.client_ready()
    assert app.state.to_move == sheepkit.CHANCE
    assert app.chance_box.layout.display == "none" and "dealt" in app.status.value
    race = GameApp(sheepkit.load("sheep_race", players=2), seats=["Human", "Human"], seed=2)
    race.client_ready()
    for _ in range(100):
        if race.state.to_move == sheepkit.CHANCE and race.state.rolled_in_the_open:
            break
        if race.curtain_for is not None:
            race.curtain_button.click()
        elif race.state.to_move == sheepkit.CHANCE:
            assert race.chance_box.layout.display == "none"  # the cards are turned up
            assert race.step()
        else:
            next(b for b in race.move_buttons if b.layout.display != "none").click()
    if race.curtain_for is not None:
        race.curtain_button.click()
    assert race.chance_box.layout.display != "none" and not race.roll_button.disabled
    assert "roll!" in race.status.value


def board_clicks_for_a_move(app: GameApp) -> list[tuple[float, float]]:
    """Canvas points whose clicks play some legal move here: one click, or a piece and then
    its target. Found by scanning the board, so it works for every game's view."""
    view, frame = app.drawing, app.screen.frame()
    points = [(x, y) for y in range(3, view.height, 6) for x in range(3, view.width, 6)]
    for x, y in points:
        selection, move = view.click(frame, x, y)
        if move is not None:
            return [(x, y)]
    tried = set()
    for x, y in points:
        selection, move = view.click(frame, x, y)
        if selection is None or repr(selection) in tried:
            continue
        tried.add(repr(selection))
        picked = Frame(frame.state, frame.viewer, selection, frame.highlights)
        for x2, y2 in points:
            if view.click(picked, x2, y2)[1] is not None:
                return [(x, y), (x2, y2)]
    return []


CLICKABLE = ["wolf_and_sheep", "shave_a_sheep", "battle_sheep", "lamb_mimes", "sheep_race"]


@pytest.mark.parametrize("name", CLICKABLE)
def test_board_takes_clicks_in_an_earlier_position(name: str) -> None:
    """After Undo or the History slider the status says "play a move to continue from here":
    the board must take that move by click, not only the move buttons."""
    game = sheepkit.load(name)
    app = GameApp(game, seats=["Human"] + ["Random"] * (game.num_players - 1), seed=3)
    app.autoplay = False
    app.client_ready()
    while sum(app.is_human(s.to_move) for s in app.timeline[:-1]) < 8 and not app.state.is_over:
        if not app.screen.live.human_decides(app.state):
            app.step()
        elif app.chance_box.layout.display != "none":
            app.roll_button.click()
        else:
            app.play(app.state.legal_moves()[-1])
    earlier = [i for i, s in enumerate(app.timeline[:-1]) if app.is_human(s.to_move)]
    for index in reversed(earlier):
        app.controls.slider.value = index  # the History slider
        assert not app.at_end and "continue from here" in app.status.value
        points = board_clicks_for_a_move(app)
        if points:
            break
    assert points, "no click on the board plays a move in any earlier position"
    for x, y in points:
        app.click_board(x, y)
    assert app.at_end and app.cursor == index + 1, "the click did not play from there"
    assert "continue from here" not in app.status.value


@pytest.mark.parametrize(("name", "players"), [("lamb_mimes", 3), ("sheep_race", 3)])
def test_a_deal_is_one_moment(name: str, players: int) -> None:
    """A card game's deal is made at once, not one card per bot delay: one step deals every
    card in a row and draws the board once; and it happens with auto-play off too."""
    game = sheepkit.load(name, players=players)
    app = GameApp(game, seats=["Human"] + ["Sensible"] * (players - 1), seed=4, autoplay=False)
    assert app.session.deals(app.state)
    draws = []
    app.client_ready()
    app.redraw = lambda *_: draws.append(app.state.ply)  # type: ignore[method-assign]
    assert app.step()
    assert not app.session.deals(app.state), "one step should deal every card in a row"
    assert app.state.ply > 5 and draws == [app.state.ply]

    async def watch() -> GameApp:
        later = GameApp(game, seats=["Human"] * players, seed=4, autoplay=False, speed_ms=2000)
        later.client_ready()
        for _ in range(50):  # well before one bot delay (2 s) has passed
            await asyncio.sleep(0.01)
            if not later.session.deals(later.state):
                break
        return later

    dealt = run_loop(watch())
    assert not dealt.session.deals(dealt.state) and dealt.state.ply > 5


def test_roll_buttons_rest_while_a_bot_rolls() -> None:
    """The status says "Player 2 (Sensible) rolls…": the Roll and rig buttons must not be
    live then (they were, and a click rolled for the bot)."""
    app = GameApp("shave_a_sheep", seats=["Human", "Sensible"], seed=8, autoplay=False)
    app.client_ready()
    assert app.state.is_chance and app.state.acting_player == 0
    assert not app.roll_button.disabled and not app.rig_button.disabled
    app.roll_button.click()
    while app.screen.live.human_decides(app.state):
        app.play(app.state.legal_moves()[0])
    assert app.state.is_chance and app.state.acting_player == 1
    assert "(Sensible) rolls" in app.status.value
    assert app.roll_button.disabled and app.rig_button.disabled and app.rig_choice.disabled
    ply = app.state.ply
    app.roll_button.click()
    app.rig_button.click()
    assert app.state.ply == ply, "a click rolled for the bot"
    assert app.step() and app.state.ply == ply + 1  # the bot's own roll


def test_sheep_race_bets_by_clicking_lanes() -> None:
    """The status promises moves "on the board" only where the board takes them: a lane
    click bets on it (two lanes for hidden bets); paces have buttons only."""
    from sheepkit.games.sheep_race.drawing import LANE_H, TOP
    from sheepkit.games.sheep_race.engine import Bet, Hidden

    game = sheepkit.load("sheep_race", players=3)
    app = GameApp(game, seats=["Human", "Human", "Human"], seed=2, autoplay=False)
    app.client_ready()
    lane_y = [TOP + (lane + 0.5) * LANE_H for lane in range(6)]
    seen = {"visible": False, "hidden": False, "pace": False}
    for _ in range(300):
        state = app.state
        if state.is_over or all(seen.values()):
            break
        if app.curtain_for is not None:
            app.curtain_button.click()
            continue
        if state.is_chance:
            app.step() if not app.screen.live.human_decides(state) else app.roll()
            continue
        moves = state.legal_moves()
        if any(isinstance(m, Bet) for m in moves):
            assert "or on the board" in app.status.value
            lane = next(m.lane for m in moves if isinstance(m, Bet))
            app.click_board(100, lane_y[lane])
            assert app.state.history[-1] == Bet(lane)
            seen["visible"] = True
        elif any(isinstance(m, Hidden) for m in moves):
            a, b = next(m.lanes for m in moves if isinstance(m, Hidden))
            app.click_board(100, lane_y[b])
            assert app.selection == b and app.state is state
            app.click_board(100, lane_y[a])
            assert app.state.history[-1] == Hidden((a, b))
            seen["hidden"] = True
        else:
            assert "or on the board" not in app.status.value
            assert "pick a move below." in app.status.value
            seen["pace"] = True
            app.play(moves[0])
    assert all(seen.values()), seen


def test_the_log_says_moves_in_words_beside_their_notation() -> None:
    app = GameApp("battle_sheep", seats=["Human", "Human"], seed=1, autoplay=False)
    move = app.state.legal_moves()[0]
    app.play(move)
    words = words_for(app.timeline[0].game).move_label(app.timeline[0], move)
    assert words != str(move)
    assert f"{app.game.player_name(0)}: {words} ({move})" in app.log.value


def test_no_move_buttons_while_a_bot_is_to_move() -> None:
    app = GameApp("wolf_and_sheep", seats=["Human", "Sensible"], seed=1, autoplay=False)
    assert [b for b in app.move_buttons if b.layout.display != "none"]
    app.play(app.state.legal_moves()[0])
    assert "(Sensible bot) is thinking" in app.status.value
    assert not [b for b in app.move_buttons if b.layout.display != "none"]


def test_set_up_row_offers_players_seats_and_variant_in_plain_words() -> None:
    """Where a class starts, above the board: how many players, who plays each seat, which
    variant, with labels a class reads ("Mr. Wolf", not mr_wolf)."""
    app = GameApp("shave_a_sheep", seats=["Human", "Sensible"], seed=1)
    setup = app.setup
    assert app.widget.children.index(setup.widget) < 2  # right under the title
    assert list(setup.inputs) == ["players", "wolf"]
    wolf = setup.inputs["wolf"]
    assert [label for label, _ in wolf.options] == ["Plain wolf", "Howling Wolf", "Mr. Wolf"]
    assert setup.widget.children[1] is setup.seats_box  # the seat pickers sit in the row
    setup.inputs["players"].value = 3
    assert app.game.rules.players == 3 and len(app.seat_pickers) == 3 and app.state.ply == 0
    wolf.value = "mr_wolf"
    assert app.game.rules.wolf == "mr_wolf" and app.game.rules.players == 3
    # The full editor says the same, and a change there shows in the row.
    assert "Mr. Wolf" in [label for label, _ in app.rules_panel.inputs["wolf"].options]
    app.new_game({"players": 4})
    assert setup.inputs["players"].value == 4 and setup.inputs["wolf"].value == "mr_wolf"


@pytest.mark.parametrize(
    ("name", "expected"),
    [
        ("wolf_and_sheep", ["board", "rounds"]),
        ("shave_a_sheep", ["players", "wolf"]),
        ("battle_sheep", ["players", "field"]),
        ("lamb_mimes", ["players", "match"]),
        ("sheep_race", ["players", "races"]),
    ],
)
def test_every_game_has_a_set_up_row(name: str, expected: list[str]) -> None:
    app = GameApp(name, seed=1, autoplay=False)
    assert list(app.setup.inputs) == expected
    for dropdown in app.setup.inputs.values():
        assert all("_" not in label for label, _ in dropdown.options), dropdown.options


def test_the_curtain_falls_for_a_seat_made_human_after_the_deal() -> None:
    """A deal is made at once, before anyone changes the seats: when the other seats turn
    human afterwards, the first handover still hides Player 1's hand from Player 2."""
    game = sheepkit.load("lamb_mimes", players=3)
    app = GameApp(game, seats=["Human", "Sensible", "Memory"], seed=5, autoplay=False)
    app.client_ready()
    app.step()  # the whole deal
    assert app.state.to_move == 0 and app.curtain_for is None
    for picker in app.seat_pickers[1:]:
        picker.value = "Human"
    app.play(app.state.legal_moves()[0])
    app.run_bots()  # any draws the move causes
    assert app.state.acting_player == 1
    assert app.curtain_for == 1, "Player 2 would see Player 1's hand"


@pytest.mark.parametrize(("name", "rule", "value"), TABLE_RULES)
def test_rules_panel_edits_a_table_as_json_and_names_a_bad_one(name, rule, value) -> None:
    app = GameApp(sheepkit.load(name), seed=3)
    default = getattr(app.game.rules, rule)
    box = app.rules_panel.inputs[rule]
    assert box.value == rule_text(default) and box.value.startswith("[[")
    box.value = rule_text(value)
    app.rules_panel.button.click()
    assert getattr(app.game.rules, rule) == value and app.rules_panel.error.value == ""
    assert app.rules_panel.inputs[rule].value == rule_text(value)  # shown as it reads
    for bad in ("((1, 2), (3, 4))", "[[1, 2], [3, 4]"):  # Python, not JSON; unclosed
        app.rules_panel.inputs[rule].value = bad
        app.rules_panel.button.click()
        assert f"rule &#x27;{rule}&#x27;: cannot read" in app.rules_panel.error.value
        assert getattr(app.game.rules, rule) == value  # nothing changed


def test_new_rules_remake_the_games_drawing_with_its_preferences_but_keep_an_authors() -> None:
    """The screen makes the drawing again for a game of other rules (the board's size may
    change), keeping the user's preferences; a drawing its author gave stays."""
    from sheepkit.drawing import drawing_for

    app = GameApp("wolf_and_sheep", seats=["Human", "Human"])
    first = app.drawing
    app.panel.theme.value = "dark"
    app.new_game({"board": 10})
    assert app.drawing is not first and app.drawing.theme == "dark"
    assert (app.canvas.width, app.canvas.height) == (app.drawing.width, app.drawing.height)
    own = drawing_for(app.game)
    authored = GameApp("wolf_and_sheep", seats=["Human", "Human"], drawing=own)
    authored.new_game({"board": 10})
    assert authored.drawing is own
