"""The slowest single move of every bot each game app offers, as in a fresh browser page.

    python benchmarks/browser_moves.py [games-per-bot] [--browser]

Each bot plays seat 1 against Random bots for a few seeded games of the app's default rules,
in a fresh process with an empty disk cache (the browser keeps none), and the longest
``choose`` call is reported, first-use work (solving a table) included. Pyodide runs the
engines about five times slower than CPython, so a bot whose slowest move here is over
0.4 s needs a cap in the browser (a move must come in 2 s there). ``--browser`` pretends to
be Pyodide (``sys.platform = "emscripten"``) so the browser caps apply; the times are still
CPython's. Measured on a shared 2-core machine (other jobs running), 2 games per bot:
uncapped, MCTS took up to 7.4 s a move in Lamb Mimes, 3.7 s in the Sheep Race, 1.1 s in
Battle Sheep, 0.8 s in Wolf and Sheep; with --browser every search stayed within 1.5-1.9 s.
Wolf and Sheep's Perfect bot solves the 8x8 board on its first move (2.8-4.6 s here, with no
disk cache), which no cap can shorten: it needs a shipped table.
"""

from __future__ import annotations

import os
import random
import sys
import tempfile
import time

os.environ["SHEEPKIT_CACHE"] = tempfile.mkdtemp(prefix="sheepkit-bench-")
if "--browser" in sys.argv:
    sys.platform = "emscripten"

import sheepkit
from sheepkit import CHANCE
from sheepkit.bots import RandomBot, as_bot, for_game


def slowest_move(game_name: str, bot_name: str, games: int) -> tuple[float, float, int]:
    """(slowest move, first move, moves timed) of ``bot_name`` in seat 1 over ``games``."""
    game = sheepkit.load(game_name)
    bot = as_bot(for_game(game)[bot_name]())
    worst = first = 0.0
    moves = 0
    for g in range(games):
        rng = random.Random(g)
        state = game.new_game()
        others = RandomBot()
        while not state.is_over and state.ply < 2000:
            mover = state.to_move
            if mover == CHANCE:
                state = state.play(state.sample_chance(rng))
                continue
            legal = state.legal_moves()
            if mover == 0:
                began = time.perf_counter()
                move = bot.choose(state.view(mover), legal, rng)
                took = time.perf_counter() - began
                first = first or took
                worst = max(worst, took)
                moves += 1
            else:
                move = others.choose(state.view(mover), legal, rng)
            state = state.play(move)
    return worst, first, moves


def main() -> None:
    numbers = [a for a in sys.argv[1:] if not a.startswith("--")]
    games = int(numbers[0]) if numbers else 2
    print(f"{'game':<16}{'bot':<10}{'slowest':>9}{'first':>9}{'moves':>7}   (CPython, seconds)")
    for name in sheepkit.games():
        for bot in for_game(sheepkit.load(name)):
            worst, first, moves = slowest_move(name, bot, games)
            if "--browser" in sys.argv:  # capped: 1.5 s plus the last step of the search
                flag = "  <- over the cap and its margin (1.8 s)" if worst > 1.8 else ""
            else:
                flag = "  <- over 0.4 s: needs a browser cap" if worst > 0.4 else ""
            print(f"{name:<16}{bot:<10}{worst:9.3f}{first:9.3f}{moves:7d}{flag}")


if __name__ == "__main__":
    main()
