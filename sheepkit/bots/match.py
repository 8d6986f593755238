"""play_game and play_match: one complete, reproducible game between bots.

``play_game`` is the one game loop: ``sheepkit.lab`` plays its games with it too (its rows add
a ply cap and what it measures move by move), so a row replays exactly with ``play_game``.
"""

from __future__ import annotations

import random
import sys
from collections.abc import Callable, Sequence
from typing import Any, TypeVar, overload

from ..core import Game, Move, State, load
from .base import Bot, BotFunction, as_bot, bot_name

S = TypeVar("S", bound=State[Any, Any])

#: Told of every move a bot makes: the state before it, the moves it chose among, the state
#: after (the lab counts real choices and traces the scores with it).
MoveObserver = Callable[[S, tuple[Move, ...], S], None]


def seat_rng(seed: int, seat: int) -> random.Random:
    """Each seat's own random stream, so one bot's choices never shift another's dice."""
    return random.Random(f"sheepkit-seat-{seed}-{seat}")


def chance_rng(seed: int) -> random.Random:
    """The stream of a game's dice, shuffles and draws."""
    return random.Random(f"sheepkit-chance-{seed}")


@overload
def play_game(
    game: Game[Any, Any, S],
    bots: Sequence[Bot | BotFunction],
    seed: int = 0,
    *,
    start: S | None = None,
    max_plies: int | None = None,
    observe: MoveObserver[S] | None = None,
) -> S: ...


@overload
def play_game(
    game: str,
    bots: Sequence[Bot | BotFunction],
    seed: int = 0,
    *,
    start: State[Any, Any] | None = None,
    max_plies: int | None = None,
    observe: MoveObserver[State[Any, Any]] | None = None,
) -> State[Any, Any]: ...


def play_game(
    game: Game[Any, Any, Any] | str,
    bots: Sequence[Bot | BotFunction],
    seed: int = 0,
    *,
    start: State[Any, Any] | None = None,
    max_plies: int | None = None,
    observe: MoveObserver[Any] | None = None,
) -> State[Any, Any]:
    """Play one game to the end (or to ``max_plies`` plies) and return the last state.

    The dice come from ``chance_rng(seed)`` and seat ``s``'s bot draws from
    ``seat_rng(seed, s)``, so a game depends only on the bots and ``seed``. ``start`` is
    the position to play from (default ``game.new_game()``); ``observe(before, legal,
    after)`` is called after every move a bot makes. A game stopped by ``max_plies`` is not
    over (``state.is_over`` is False)."""
    from ..session import Session  # the session seats bots: it sits above this module

    if isinstance(game, str):
        game = load(game)
    if len(bots) != game.num_players:
        raise ValueError(
            f"{game.title} with these rules has {game.num_players} players, "
            f"but {len(bots)} bots were given"
        )
    session = Session(game, bots, seed=seed, start=start)
    session.run_bots(sys.maxsize, max_plies=max_plies, observe=observe)
    return session.state


def play_match(
    game: Game[Any, Any, Any] | str, bots: Sequence[Bot | BotFunction], seed: int = 0
) -> dict[str, Any]:
    """Play one game between ``bots`` (one per seat) and return its record."""
    final = play_game(game, bots, seed)
    return final.record(seats=[bot_name(as_bot(b)) for b in bots], seed=seed)
