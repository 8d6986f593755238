"""play_game and play_match: one complete, reproducible game between bots.

Both run on ``sheepkit.session.Session``, the one game loop, with a bot in every seat; the app
runs on it too, and ``sheepkit.lab`` plays its games with ``play_game`` (its rows add a ply cap
and what it measures move by move), so a row replays exactly with ``play_game``, and a game
played in the app with the same bots and seed is the same game. This module sits on the
session (which seats the bots), so the bots import neither.
"""

from __future__ import annotations

import sys
from collections.abc import Sequence
from typing import Any, TypeVar, overload

from .bots.specs import BotSpec, bot_maker
from .core import Game, State, load
from .session import HUMAN, MoveObserver, Session, chance_rng, seat_rng

S = TypeVar("S", bound=State[Any, Any])


@overload
def play_game(
    game: Game[Any, Any, S],
    bots: Sequence[BotSpec],
    seed: int = 0,
    *,
    start: S | None = None,
    max_plies: int | None = None,
    observe: MoveObserver[S] | None = None,
) -> S: ...


@overload
def play_game(
    game: str,
    bots: Sequence[BotSpec],
    seed: int = 0,
    *,
    start: State[Any, Any] | None = None,
    max_plies: int | None = None,
    observe: MoveObserver[State[Any, Any]] | None = None,
) -> State[Any, Any]: ...


def play_game(
    game: Game[Any, Any, Any] | str,
    bots: Sequence[BotSpec],
    seed: int = 0,
    *,
    start: State[Any, Any] | None = None,
    max_plies: int | None = None,
    observe: MoveObserver[Any] | None = None,
) -> State[Any, Any]:
    """Play one game to the end (or to ``max_plies`` plies) and return the last state.

    ``bots`` are bot specs, one per seat (``sheepkit.bots.specs``: a name such as "Random", a
    bot class, a bot object or a function). The dice come from ``chance_rng(seed)`` and seat
    ``s``'s bot draws from ``seat_rng(seed, s)``, so a game depends only on the bots and
    ``seed``. ``start`` is the position to play from (default ``game.new_game()``);
    ``observe(before, legal, after)`` is called after every move a bot makes. A game stopped
    by ``max_plies`` is not over (``state.is_over`` is False).

    It runs on a ``sheepkit.session.Session`` with a bot in every seat, as the app and the lab
    do, so a game played in the app with these bots and seed is this game."""
    return _session(game, bots, seed, start, max_plies, observe).state


def play_match(
    game: Game[Any, Any, Any] | str, bots: Sequence[BotSpec], seed: int = 0, **rules: Any
) -> dict[str, Any]:
    """Play one game between ``bots`` (one bot spec per seat, as ``play_game`` takes them) and
    return its record, with the seats' names and the seed. Rule changes are keywords:
    ``play_match("wolf_and_sheep", ["Random", "Sensible"], board=10)``."""
    if isinstance(game, str):
        game = load(game, **rules)
    elif rules:
        game = type(game)(game.rules.replace(**rules))
    return _session(game, bots, seed, None, None, None).record()


def _session(
    game: Game[Any, Any, Any] | str,
    bots: Sequence[BotSpec],
    seed: int,
    start: State[Any, Any] | None,
    max_plies: int | None,
    observe: MoveObserver[Any] | None,
) -> Session:
    """A session with ``bots`` in the seats, played to the end (or the cap)."""
    if isinstance(game, str):
        game = load(game)
    if isinstance(bots, (str, bytes)) or not isinstance(bots, Sequence):
        raise TypeError(f"bots must be a list of bot specs, one per seat, not {bots!r}")
    if len(bots) != game.num_players:
        raise ValueError(
            f"{game.title} with these rules has {game.num_players} players, "
            f"but {len(bots)} bots were given"
        )
    if HUMAN in bots:
        raise ValueError(f"{HUMAN!r} is no bot: every seat of a match needs one")
    for spec in bots:
        if isinstance(spec, (str, type)):
            bot_maker(game, spec)  # refused as the lab refuses it (the session checks objects)
    session = Session(game, bots, seed=seed, start=start, keep_timeline=False)
    session.run_bots(sys.maxsize, max_plies=max_plies, observe=observe)
    return session


__all__ = ["MoveObserver", "chance_rng", "play_game", "play_match", "seat_rng"]
