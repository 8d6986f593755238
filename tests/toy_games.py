"""Two tiny games that exercise the whole contract, and broken copies that check_game must catch.

- Dice race (perfect information, chance): players alternately roll a three-sided die and
  either bank the roll or double it; the first to reach the target wins.
- Secret high card (hidden information): each player is dealt a hidden card 1..3, then the
  first player guesses whether their card beats the other; a view shows only one's own card.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from sheepkit.core import CHANCE, Game, Outcome, Rules, State, rule

THIRD = Fraction(1, 3)


@dataclass(frozen=True)
class DiceRaceRules(Rules):
    target: int = rule(6, "points needed to win", min=2, max=30)
    players: int = rule(2, "number of players", choices=(2, 3))


class DiceRace(Game):
    name = "toy_dice_race"
    title = "Dice race"
    rules_type = DiceRaceRules
    min_players, max_players, players_rule = 2, 3, "players"

    @property
    def max_length(self) -> int:
        # Every turn adds at least 1 point to someone: at most players*(target-1)+1 turns.
        return 2 * (self.num_players * (self.rules.target - 1) + 1)

    def new_game(self) -> DiceRaceState:
        return DiceRaceState(self, (0,) * self.num_players, 0, None)

    def parse_move(self, text: str) -> Any:
        if text.startswith("roll "):
            return int(text[5:])
        if text in ("bank", "double"):
            return text
        raise ValueError(f"not a dice race move: {text!r}")


@dataclass(frozen=True)
class DiceRaceState(State):
    totals: tuple[int, ...]
    turn: int
    rolled: int | None

    @property
    def to_move(self) -> int | None:
        if max(self.totals) >= self.game.rules.target:
            return None
        return CHANCE if self.rolled is None else self.turn

    @property
    def acting_player(self) -> int | None:
        return None if self.is_over else self.turn  # each player rolls their own die

    def _legal_moves(self) -> tuple[Any, ...]:
        return ("bank", "double")

    def _chance_outcomes(self) -> tuple[tuple[Any, Fraction], ...]:
        return tuple((Roll(n), THIRD) for n in (1, 2, 3))

    def _apply(self, move: Any) -> DiceRaceState:
        if isinstance(move, Roll):
            return DiceRaceState(self.game, self.totals, self.turn, int(move))
        gain = self.rolled * (2 if move == "double" and self.rolled == 1 else 1)
        totals = list(self.totals)
        totals[self.turn] += gain
        nxt = (self.turn + 1) % self.game.num_players
        return DiceRaceState(self.game, tuple(totals), nxt, None)

    def scores(self) -> tuple[float, ...]:
        return tuple(float(t) for t in self.totals)

    def _outcome(self) -> Outcome | None:
        if not self.is_over:
            return None
        best = max(self.totals)
        winners = tuple(p for p, t in enumerate(self.totals) if t == best)
        return Outcome(winners, f"Player {winners[0] + 1} reached {best}.", self.scores())

    def __str__(self) -> str:
        return f"totals {self.totals}, turn {self.turn}, rolled {self.rolled}"


class Roll(int):
    def __str__(self) -> str:
        return f"roll {int(self)}"

    def __repr__(self) -> str:
        return f"Roll({int(self)})"


@dataclass(frozen=True)
class HighCardRules(Rules):
    pass


class HighCard(Game):
    name = "toy_high_card"
    title = "Secret high card"
    rules_type = HighCardRules
    hidden_information = True
    min_players = max_players = 2

    @property
    def max_length(self) -> int:
        return 3

    def new_game(self) -> HighCardState:
        return HighCardState(self, None, None)

    def parse_move(self, text: str) -> Any:
        if text.startswith("deal "):
            a, b = text[5:].split(",")
            return (int(a), int(b))
        if text in ("higher", "lower"):
            return text
        raise ValueError(f"not a high card move: {text!r}")


class Deal(tuple):
    def __str__(self) -> str:
        return f"deal {self[0]},{self[1]}"


@dataclass(frozen=True)
class HighCardView:
    game: Game
    player: int
    card: int | None
    to_move: int | None
    guess: str | None

    def determinize(self, rng: random.Random) -> HighCardState:
        other = rng.randint(1, 3)
        cards = (self.card, other) if self.player == 0 else (other, self.card)
        state = HighCardState(self.game, None, None)
        if self.card is None:
            return state
        state = state.play(Deal(cards))
        return state.play(self.guess) if self.guess else state


@dataclass(frozen=True)
class HighCardState(State):
    cards: tuple[int, int] | None
    guess: str | None

    @property
    def to_move(self) -> int | None:
        if self.cards is None:
            return CHANCE
        return 0 if self.guess is None else None

    def _legal_moves(self) -> tuple[Any, ...]:
        return ("higher", "lower")

    def _chance_outcomes(self) -> tuple[tuple[Any, Fraction], ...]:
        return tuple((Deal((a, b)), Fraction(1, 9)) for a in (1, 2, 3) for b in (1, 2, 3))

    def _apply(self, move: Any) -> HighCardState:
        if self.cards is None:
            return HighCardState(self.game, tuple(move), None)
        return HighCardState(self.game, self.cards, move)

    def view(self, player: int) -> HighCardView:
        card = self.cards[player] if self.cards else None
        return HighCardView(self.game, player, card, self.to_move, self.guess)

    def scores(self) -> tuple[float, ...]:
        if not self.is_over:
            return (0.0, 0.0)
        a, b = self.cards
        right = (a > b) if self.guess == "higher" else (a <= b)
        return (1.0, 0.0) if right else (0.0, 1.0)

    def _outcome(self) -> Outcome | None:
        if not self.is_over:
            return None
        winner = 0 if self.scores()[0] else 1
        return Outcome((winner,), f"Player 1 guessed {self.guess}.", self.scores())

    def __str__(self) -> str:
        return f"cards {self.cards}, guess {self.guess}"


# --- Broken games: each breaks one promise that check_game must notice -------------------
class LeakyHighCard(HighCard):
    name = "toy_leaky_high_card"

    def new_game(self) -> HighCardState:
        return LeakyHighCardState(self, None, None)


@dataclass(frozen=True)
class LeakyView(HighCardView):
    other: int | None = None  # the opponent's card: exactly what must not be shown

    def determinize(self, rng: random.Random) -> HighCardState:
        honest = HighCardView(self.game, self.player, self.card, self.to_move, self.guess)
        base = honest.determinize(rng)
        return LeakyHighCardState(self.game, base.cards, base.guess, history=base.history)


@dataclass(frozen=True)
class LeakyHighCardState(HighCardState):
    def view(self, player: int) -> LeakyView:
        card = self.cards[player] if self.cards else None
        other = self.cards[1 - player] if self.cards else None
        return LeakyView(self.game, player, card, self.to_move, self.guess, other)

    def _apply(self, move: Any) -> LeakyHighCardState:
        base = super()._apply(move)
        return LeakyHighCardState(self.game, base.cards, base.guess)


class LoadedDiceRace(DiceRace):
    name = "toy_loaded_dice_race"

    def new_game(self) -> DiceRaceState:
        return LoadedState(self, (0,) * self.num_players, 0, None)


@dataclass(frozen=True)
class LoadedState(DiceRaceState):
    def _chance_outcomes(self) -> tuple[tuple[Any, Fraction], ...]:
        return tuple((Roll(n), Fraction(1, 4)) for n in (1, 2, 3))  # sums to 3/4

    def _apply(self, move: Any) -> LoadedState:
        base = super()._apply(move)
        return LoadedState(self.game, base.totals, base.turn, base.rolled)


class EndlessDiceRace(DiceRace):
    name = "toy_endless_dice_race"

    @property
    def max_length(self) -> int:
        return 3  # a false promise: games are longer


# --- Games whose own code crashes: check_game names the seed, ply and move ---------------
class DeepDiceRace(DiceRace):
    """A chain search that never ends: reading the moves after a roll of 3 recurses forever."""

    name = "toy_deep_dice_race"

    def new_game(self) -> DiceRaceState:
        return DeepState(self, (0,) * self.num_players, 0, None)


def _chain(depth: int) -> int:
    return _chain(depth + 1) + 1


@dataclass(frozen=True)
class DeepState(DiceRaceState):
    def _legal_moves(self) -> tuple[Any, ...]:
        if self.rolled == 3:
            _chain(0)
        return super()._legal_moves()

    def _apply(self, move: Any) -> DeepState:
        base = super()._apply(move)
        return DeepState(self.game, base.totals, base.turn, base.rolled)


class Jump(tuple):
    """A move holding a list (a path of jumps): equal to itself, but not hashable."""

    def __str__(self) -> str:
        return f"jump {'-'.join(map(str, self[0]))}"


class ListMoveDiceRace(DiceRace):
    name = "toy_list_move_dice_race"

    def new_game(self) -> DiceRaceState:
        return ListMoveState(self, (0,) * self.num_players, 0, None)

    def parse_move(self, text: str) -> Any:
        if text.startswith("jump "):
            return Jump(([int(t) for t in text[5:].split("-")],))
        return super().parse_move(text)


@dataclass(frozen=True)
class ListMoveState(DiceRaceState):
    def _legal_moves(self) -> tuple[Any, ...]:
        return ("bank", Jump(([1, 2],)))

    def _apply(self, move: Any) -> ListMoveState:
        base = super()._apply("double" if isinstance(move, Jump) else move)
        return ListMoveState(self.game, base.totals, base.turn, base.rolled)


class GeneratorDiceRace(DiceRace):
    name = "toy_generator_dice_race"

    def new_game(self) -> DiceRaceState:
        return GeneratorState(self, (0,) * self.num_players, 0, None)


@dataclass(frozen=True)
class GeneratorState(DiceRaceState):
    def _legal_moves(self) -> Any:
        return (move for move in ("bank", "double"))  # not a tuple: read once, then empty

    def _apply(self, move: Any) -> GeneratorState:
        base = super()._apply(move)
        return GeneratorState(self.game, base.totals, base.turn, base.rolled)


class KeyErrorDiceRace(DiceRace):
    """Its parse_move looks the text up in a table and lets the KeyError out (not ValueError)."""

    name = "toy_key_error_dice_race"
    WORDS = {"bank": "bank", "roll 1": Roll(1), "roll 2": Roll(2), "roll 3": Roll(3)}

    def parse_move(self, text: str) -> Any:
        return self.WORDS[text]  # "double" is missing
