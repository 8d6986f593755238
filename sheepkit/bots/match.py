"""play_match: one complete, reproducible game between bots."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from ..core import CHANCE, Game, State, load
from .base import Bot, BotFunction, as_bot, bot_name


def seat_rng(seed: int, seat: int) -> random.Random:
    """Each seat's own random stream, so one bot's choices never shift another's dice."""
    return random.Random(f"sheepkit-seat-{seed}-{seat}")


def play_game(game: Game | str, bots: Sequence[Bot | BotFunction], seed: int = 0) -> State:
    """Play one game to the end and return the final state."""
    if isinstance(game, str):
        game = load(game)
    if len(bots) != game.num_players:
        raise ValueError(
            f"{game.title} with these rules has {game.num_players} players, "
            f"but {len(bots)} bots were given"
        )
    seats = [as_bot(b) for b in bots]
    dice = random.Random(f"sheepkit-chance-{seed}")
    rngs = [seat_rng(seed, s) for s in range(len(seats))]
    state = game.new_game()
    while not state.is_over:
        mover = state.to_move
        if mover == CHANCE:
            state = state.play(state.sample_chance(dice))
        else:
            move = seats[mover].choose(state.view(mover), state.legal_moves(), rngs[mover])
            state = state.play(move)
    return state


def play_match(
    game: Game | str, bots: Sequence[Bot | BotFunction], seed: int = 0
) -> dict[str, Any]:
    """Play one game between ``bots`` (one per seat) and return its record."""
    final = play_game(game, bots, seed)
    return final.record(seats=[bot_name(as_bot(b)) for b in bots], seed=seed)
