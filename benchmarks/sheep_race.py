"""The Sheep Race: random tournaments on one core, the Strong bot's time, bot strength.

    python benchmarks/sheep_race.py [--tournaments N] [--strong-decisions N] [--sensible N]
        [--round-robin G] [--players P] [--strong-iterations I] [--card-balance N]

Targets: 1,000 random 4-player tournaments in under 5 s; the Strong bot under 2 s per
decision. ``--sensible``: one Sensible bot against Random bots in every seat in turn.
``--round-robin``: Random, Sensible and Strong meet G times in every seat order
(``sheepkit.lab.tournament``, one process); the Strong bot runs on an iteration budget
without its time limit, so the table is the same on any machine. ``--card-balance``: each
card's share of the semifinals it ran, over N tournaments for every player count from 2 to 6,
with random paces and with the Sensible bot's careful paces (the cards are ours: none may be
hopeless or dominant; an even share is 1 in 6, 17%).
"""

from __future__ import annotations

import argparse
import random
import statistics
import time

import sheepkit
from sheepkit import CHANCE
from sheepkit.bots import RandomBot
from sheepkit.games.sheep_race import SensibleBot, StrongBot
from sheepkit.games.sheep_race.lesson import bot_round_robin, card_balance, play_races


def random_tournaments(count: int) -> None:
    """Random bots through the bot protocol: each move is chosen from the mover's view."""
    game = sheepkit.load("sheep_race", players=4)
    start = time.perf_counter()
    finals = play_races(game, count, seed=1, chooser=RandomBot().choose)
    plies = [state.ply for state in finals]
    elapsed = time.perf_counter() - start
    print(
        f"{count} random 4-player tournaments (three races each): {elapsed:.2f} s; "
        f"plies mean {statistics.mean(plies):.0f} (max {max(plies)}, bound {game.max_length})"
    )


def strong_decisions(count: int) -> None:
    """Time the Strong bot at the decisions of one seeded tournament (betting and paces)."""
    game = sheepkit.load("sheep_race", players=4)
    rng = random.Random(2)
    bot = StrongBot()
    times: list[float] = []
    state = game.new_game()
    while not state.is_over and len(times) < count:
        mover = state.to_move
        if mover == CHANCE:
            state = state.play(state.sample_chance(rng))
            continue
        legal = state.legal_moves()
        start = time.perf_counter()
        move = bot.choose(state.view(mover), legal, rng)
        if len(legal) > 1:
            times.append(time.perf_counter() - start)
        state = state.play(move)
    print(
        f"Strong bot, {len(times)} decisions: mean {statistics.mean(times):.2f} s, "
        f"max {max(times):.2f} s"
    )


def sensible_against_random(count: int, players: int) -> None:
    """One Sensible bot against Random bots, taking each seat in turn."""
    game = sheepkit.load("sheep_race", players=players)
    wins = 0
    for seed in range(count):
        seat = seed % players
        bots = [SensibleBot() if s == seat else RandomBot() for s in range(players)]
        wins += sheepkit.play_game(game, bots, seed=seed).winners() == (seat,)
    print(
        f"Sensible against {players - 1} Random: won {wins} of {count} tournaments "
        f"({wins / count:.0%}; an even share is {1 / players:.0%})"
    )


def round_robin(games: int, players: int, iterations: int) -> None:
    result = bot_round_robin(games, seed=1, players=players, strong_iterations=iterations)
    runs = result.results
    print(
        f"Round robin, {players}-player tournaments, {games} per seat order, Strong at "
        f"{iterations} iterations: {len(runs)} tournaments in {runs.seconds:.0f} s"
    )
    print(result)


def card_shares(tournaments: int) -> None:
    """The lowest and highest share of semifinal wins of any card, per player count."""
    for players in range(2, 7):
        game = sheepkit.load("sheep_race", players=players)
        for how, kwargs in (("random", {}), ("careful", {"chooser": SensibleBot().choose})):
            start = time.perf_counter()
            rates = sorted(
                card_balance(game, tournaments, seed=7, **kwargs).items(), key=lambda item: item[1]
            )
            (low, low_rate), (high, high_rate) = rates[0], rates[-1]
            print(
                f"{players} players, {how:<7} paces: lowest {low} {low_rate:.1%}, "
                f"highest {high} {high_rate:.1%} ({time.perf_counter() - start:.0f} s)"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--tournaments", type=int, default=1000, help="random tournaments")
    parser.add_argument("--strong-decisions", type=int, default=12, help="timed decisions")
    parser.add_argument("--sensible", type=int, default=400, help="Sensible vs Random games")
    parser.add_argument("--round-robin", type=int, default=0, help="games per seat order")
    parser.add_argument("--players", type=int, default=4, help="for --sensible, --round-robin")
    parser.add_argument("--strong-iterations", type=int, default=600, help="for --round-robin")
    parser.add_argument("--card-balance", type=int, default=0, help="tournaments per count")
    args = parser.parse_args()
    if args.tournaments:
        random_tournaments(args.tournaments)
    if args.strong_decisions:
        strong_decisions(args.strong_decisions)
    if args.sensible:
        sensible_against_random(args.sensible, args.players)
    if args.round_robin:
        round_robin(args.round_robin, args.players, args.strong_iterations)
    if args.card_balance:
        card_shares(args.card_balance)


if __name__ == "__main__":
    main()
