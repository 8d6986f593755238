"""The app seated at a table (its screen shows a ``TableGame``): drawn from the snapshot's
stand-in for its own seat, moves from the server's legal list sent as notation, nothing played
locally; and the browser memory (sheepkit.ui.table_memory) that lets a reload find its seat."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from app_driver import move_buttons

import sheepkit
from sheepkit.core import State
from sheepkit.session import SessionError
from sheepkit.tables.client import TableClient
from sheepkit.tables.protocol import REPLIES, from_dict
from sheepkit.tables.protocol import State as StateMessage
from sheepkit.tables.table_game import TableGame
from sheepkit.ui import GameApp
from sheepkit.ui.table_memory import PREFIX, TableMemory, table_from_query


def snapshot(state: State, seat: int, **extra: Any) -> StateMessage:
    """What the table's server would send ``seat`` about ``state`` (knowledge left out: the
    tests hand the stand-in over directly)."""
    legal = [str(m) for m in state.legal_moves()] if state.to_move == seat else []
    sent = {
        "op": "state",
        "code": "K7QX",
        "knowledge": None,
        "race": False,
        "host": False,
        "claim": None,
        "seat": seat,
        "stage": "over" if state.is_over else "playing",
        "ply": state.ply,
        "to_move": state.to_move,
        "acting": state.acting_player,
        "legal": legal,
        "may_roll": False,
        "log": [f"line {i}" for i in range(state.ply)],
        "log_plies": [[i + 1, i + 1] for i in range(state.ply)],
        "seats": [
            {"name": state.game.player_name(p), "who": "Human", "taken": True, "away": p == 2}
            for p in range(state.game.num_players)
        ],
        "outcome": None,
        "rules": state.game.rules.to_dict(),
        "game": state.game.name,
        **extra,
    }
    message = from_dict(sent, REPLIES)
    assert isinstance(message, StateMessage)
    return message


class Recorder:
    """A transport that keeps what its client sends, as JSON objects."""

    def __init__(self) -> None:
        self.sent: list[dict[str, Any]] = []

    def send(self, text: str) -> None:
        self.sent.append(json.loads(text))

    def close(self) -> None:
        pass


def recording() -> tuple[TableClient, list[dict[str, Any]]]:
    """A client whose messages are kept in the list returned with it."""
    client, transport = TableClient(), Recorder()
    client.transport = transport
    return client, transport.sent


def seated(app: GameApp, state: State, seat: int) -> list[dict[str, Any]]:
    """``app`` at a table in ``state`` as ``seat``; the messages it sends are returned."""
    client, sent = recording()
    table = TableGame(state.game, seat, client)
    stand_in = state.view(seat).determinize(random.Random(0))
    table.show(snapshot(state, seat), stand_in)
    app.screen.show(table)
    return sent


def test_a_seat_clicks_the_board_and_sends_the_moves_notation() -> None:
    app = GameApp("wolf_and_sheep", seed=1)
    own = app.session
    state = app.game.new_game()
    sent = seated(app, state, seat=0)
    assert isinstance(app.screen.live, TableGame) and app.session is own
    for hidden in (
        app.controls.undo_button,
        app.controls.redo_button,
        app.controls.slider,
        app.setup.widget,
    ):
        assert hidden.layout.display == "none"
    assert "Your turn" in app.status.value
    drawing = app.drawing
    app.click_board(*drawing.centre(state.sheep))
    app.click_board(*drawing.centre(state.legal_moves()[0].target))
    assert sent == [{"op": "move", "move": str(state.legal_moves()[0]), "ply": 0}]
    assert app.state is app.screen.live.state  # nothing was played here: the server decides
    assert own.ply == 0
    app.screen.show(own)
    assert app.screen.live is own and app.state is own.state
    assert app.controls.undo_button.layout.display is None


def test_out_of_turn_nothing_is_offered_or_sent() -> None:
    app = GameApp("wolf_and_sheep", seed=1)
    state = app.game.new_game()
    sent = seated(app, state, seat=1)  # the wolves: the sheep moves first
    assert move_buttons(app) == []
    assert "Waiting for" in app.status.value
    with pytest.raises(SessionError, match="not your turn"):
        app.play(state.legal_moves()[0])
    app.click_board(*app.drawing.centre(state.sheep))
    assert sent == []
    with pytest.raises(SessionError):
        app.new_game()


def test_lamb_mimes_shows_only_the_seats_own_hand_and_its_log() -> None:
    game = sheepkit.load("lamb_mimes", players=3)
    app = GameApp(game, ["Human", "Human", "Human"], seed=3)
    state = sheepkit.play_game(game, ["Random"] * 3, seed=3, max_plies=40)
    while state.to_move is None or state.to_move < 0:  # to a seat's decision
        state = state.play(state.sample_chance(random.Random(1)))
    seat = state.to_move
    sent = seated(app, state, seat)
    buttons = move_buttons(app)
    assert sorted(b.tooltip for b in buttons) == sorted(str(m) for m in state.legal_moves())
    buttons[0].click()
    assert sent[0]["op"] == "move" and sent[0]["move"] == buttons[0].tooltip
    # The drawing and the words read the stand-in for this seat, whose own hand is the true one.
    assert app.screen.frame().viewer == seat
    assert app.state.view(seat) == state.view(seat)
    shown = [line for line in app.log.value.split("</li>") if "line" in line]
    assert len(shown) == state.ply


def test_the_host_alone_may_rig_a_roll() -> None:
    game = sheepkit.load("sheep_race", players=2)
    state = game.new_game()
    while not (state.to_move == -1 and state.rolled_in_the_open):
        state = state.play(
            state.sample_chance(random.Random(0)) if state.is_chance else state.legal_moves()[0]
        )
    for host, shown in ((True, None), (False, "none")):
        app = GameApp(game, ["Human", "Human"], seed=1)
        client, sent = recording()
        table = TableGame(game, state.acting_player, client)
        table.show(
            snapshot(state, state.acting_player, may_roll=True, host=host),
            state.view(state.acting_player).determinize(random.Random(0)),
        )
        app.screen.show(table)
        assert app.chance_box.layout.display is None and not app.roll_button.disabled
        assert app.rig_button.layout.display == shown
        app.roll_button.click()
        assert sent == [{"op": "roll", "outcome": None}]


def test_the_query_string_names_a_table() -> None:
    assert table_from_query("?table=k7qx") == "K7QX"
    assert table_from_query("a=1&table=ABCD") == "ABCD"
    assert table_from_query("?table=<script>") is None
    assert table_from_query("") is None


def test_the_browser_memory_reports_seats_and_keeps_new_ones() -> None:
    reports: list[dict[str, Any]] = []
    memory = TableMemory(reports.append)
    page = {"query": "?table=K7QX", "seats": {"K7QX": {"seat": 1, "token": "secret"}}}
    memory.inbox.value = json.dumps(page)
    assert reports == [page]
    assert memory.seat_for("K7QX") == {"seat": 1, "token": "secret"}
    assert memory.query() == "?table=K7QX"
    memory.remember("ABCD", 2, "other")
    assert PREFIX + "ABCD" in memory.script.value and "replaceState" in memory.script.value
    assert memory.seat_for("ABCD") == {"seat": 2, "token": "other"}
    memory.forget("K7QX")
    assert memory.seat_for("K7QX") is None and "removeItem" in memory.script.value
    # What is not a report changes nothing.
    for junk in ("not json", "[1, 2]", "x" * 20_000):
        memory.inbox.value = junk
    assert len(reports) == 1
