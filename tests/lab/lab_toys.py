"""Games with known answers for the lab's metrics (not registered: the lab must cope).

- CoinToss: one fair coin decides the winner; nobody ever chooses anything.
- FirstSeatWins: each player makes ``turns`` forced moves; the first seat always wins.
- PickWinner: the first player picks who wins (two legal moves, the rest forced).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from sheepkit.core import CHANCE, Game, Outcome, Rules, State, rule

HALF = Fraction(1, 2)


@dataclass(frozen=True)
class ToyRules(Rules):
    players: int = rule(2, "number of players", min=2, max=4)
    turns: int = rule(3, "forced moves per player", min=1, max=20)


class ToyGame(Game):
    rules_type = ToyRules
    min_players, max_players, players_rule = 2, 4, "players"

    @property
    def max_length(self) -> int:
        return self.num_players * self.rules.turns + 1

    def parse_move(self, text: str) -> Any:
        return text


@dataclass(frozen=True)
class ToyState(State):
    winner: int | None = None

    def _chance_outcomes(self) -> tuple[tuple[Any, Fraction], ...]:
        return (("heads", HALF), ("tails", HALF))

    def scores(self) -> tuple[float, ...]:
        return tuple(float(p == self.winner) for p in range(self.game.num_players))

    def _outcome(self) -> Outcome | None:
        if self.winner is None:
            return None
        return Outcome((self.winner,), f"Player {self.winner + 1} wins.", self.scores())

    def __str__(self) -> str:
        return f"{self.history}"


class CoinToss(ToyGame):
    name = "toy_coin_toss"
    title = "Coin toss"

    def new_game(self) -> CoinTossState:
        return CoinTossState(self)


@dataclass(frozen=True)
class CoinTossState(ToyState):
    @property
    def to_move(self) -> int | None:
        return None if self.winner is not None else CHANCE

    def _legal_moves(self) -> tuple[Any, ...]:
        return ()

    def _apply(self, move: Any) -> CoinTossState:
        return CoinTossState(self.game, 0 if move == "heads" else 1)


class FirstSeatWins(ToyGame):
    name = "toy_first_seat_wins"
    title = "First seat wins"

    def new_game(self) -> ForcedState:
        return ForcedState(self)


@dataclass(frozen=True)
class ForcedState(ToyState):
    @property
    def to_move(self) -> int | None:
        if self.winner is not None:
            return None
        return len(self.history) % self.game.num_players

    def _legal_moves(self) -> tuple[Any, ...]:
        return ("wait",)

    def _apply(self, move: Any) -> ForcedState:
        done = len(self.history) + 1 >= self.game.num_players * self.game.rules.turns
        return ForcedState(self.game, 0 if done else None)


class PickWinner(ToyGame):
    """Player 1 picks who wins; a bot that picks itself wins every game it starts."""

    name = "toy_pick_winner"
    title = "Pick the winner"

    def new_game(self) -> PickState:
        return PickState(self)


@dataclass(frozen=True)
class PickState(ToyState):
    @property
    def to_move(self) -> int | None:
        return None if self.winner is not None else 0

    def _legal_moves(self) -> tuple[Any, ...]:
        return tuple(f"p{p + 1}" for p in range(self.game.num_players))

    def _apply(self, move: Any) -> PickState:
        return PickState(self.game, int(move[1:]) - 1)


def pick_self(view: Any, legal_moves: Any, rng: Any) -> Any:
    """A picklable plain-function bot: always names its own seat."""
    return legal_moves[view.to_move]
