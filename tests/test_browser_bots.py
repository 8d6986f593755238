"""Bots in the browser (Pyodide): every search is capped so the page keeps answering, and the
bots that play weaker there say so. The browser is simulated (``sys.platform``) and the clock
is a fake one that jumps a second per reading, so no test depends on this machine's speed."""

from __future__ import annotations

import random
import sys
from types import SimpleNamespace

import pytest

import sheepkit
from sheepkit.bots import for_game, mcts
from sheepkit.games.battle_sheep import bots as battle_bots
from sheepkit.games.shave_a_sheep import solver
from sheepkit.games.shave_a_sheep.bots import OptimalBot
from sheepkit.ui.lab_widgets import bot_descriptions_html

WEAKER = "In the browser it thinks for at most 1.5 s a move"


def fake_clock() -> SimpleNamespace:
    """A stand-in for the time module whose perf_counter advances 1 s per call."""
    ticks = iter(range(10**9))
    return SimpleNamespace(perf_counter=lambda: float(next(ticks)))


@pytest.fixture
def browser(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "platform", "emscripten")


def searches(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """Count MCTS iterations (calls of _simulate) from now on."""
    calls: list[int] = []
    simulate = mcts.MCTSBot._simulate

    def counted(self, *args):
        calls.append(1)
        return simulate(self, *args)

    monkeypatch.setattr(mcts.MCTSBot, "_simulate", counted)
    return calls


def first_choice(game_name: str, bot) -> object:
    state = sheepkit.load(game_name).new_game()
    rng = random.Random(1)
    while state.to_move == sheepkit.CHANCE:
        state = state.play(state.sample_chance(rng))
    return bot.choose(state.view(state.to_move), state.legal_moves(), rng)


def test_an_uncapped_mcts_bot_is_capped_in_the_browser_only(monkeypatch) -> None:
    monkeypatch.setattr(mcts, "time", fake_clock())
    calls = searches(monkeypatch)
    first_choice("wolf_and_sheep", mcts.MCTSBot(iterations=50))
    assert len(calls) == 50  # on a server: every iteration, however long it takes
    calls.clear()
    monkeypatch.setattr(sys, "platform", "emscripten")
    first_choice("wolf_and_sheep", mcts.MCTSBot(iterations=50))
    assert 1 <= len(calls) <= 3  # the fake clock passes 1.5 s after two readings


def test_battle_sheep_strong_bot_stops_in_the_browser_even_without_a_limit(
    monkeypatch, browser
) -> None:
    monkeypatch.setattr(battle_bots, "time", fake_clock())
    game = sheepkit.load("battle_sheep")
    bot = battle_bots.StrongBot(nodes=None, time_limit=None)  # a lesson's uncapped bot
    state = game.new_game()
    rng = random.Random(3)
    while state.phase != battle_bots.START:  # lay the tiles at random, then choose a start
        state = state.play(rng.choice(state.legal_moves()))
    move = bot.choose(state, state.legal_moves(), rng)
    assert move in state.legal_moves() and bot.depth_reached <= 1


def test_optimal_bot_never_solves_in_the_browser(monkeypatch, tmp_path, browser) -> None:
    monkeypatch.setattr(solver, "_SOLUTIONS", {})
    monkeypatch.setenv("SHEEPKIT_CACHE", str(tmp_path))

    def no_solving(*args, **kwargs):
        raise AssertionError("solved in the browser")

    monkeypatch.setattr(solver.Solution, "__init__", no_solving)
    monkeypatch.setattr(mcts, "time", fake_clock())
    # Rules without a shipped table: it plays like the MCTS bot (capped), without solving.
    game = sheepkit.load("shave_a_sheep", wool=8)
    state = game.new_game().play("roll white")
    move = OptimalBot().choose(state, state.legal_moves(), random.Random(1))
    assert move in state.legal_moves()
    # The base game's table ships: it plays the perfect move, read from the table.
    base = sheepkit.load("shave_a_sheep").new_game().play("roll white/green")
    table = solver.load_shipped(base.game.rules)
    assert table is not None
    assert OptimalBot().choose(base, base.legal_moves(), random.Random(1)) == table.best_move(base)


def test_bots_that_play_weaker_in_the_browser_say_so_there(browser) -> None:
    for name in sheepkit.games():
        game = sheepkit.load(name)
        bots = {bot: make() for bot, make in for_game(game).items()}
        assert WEAKER in bots["MCTS"].description, name
        if "Strong" in bots:
            assert WEAKER in bots["Strong"].description, name
        assert WEAKER not in bots["Random"].description
    optimal = OptimalBot().description
    assert "In the browser" in optimal and "weaker than on a server" in optimal
    assert WEAKER in bot_descriptions_html("battle_sheep")  # what the apps show


def test_on_a_server_the_descriptions_say_nothing_about_the_browser() -> None:
    text = bot_descriptions_html()
    assert "In the browser" not in text
