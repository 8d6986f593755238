"""check_game tests a game's own sample_chance against its chance_outcomes, statistically."""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any

import pytest
from toy_games import DiceRace, DiceRaceState, Roll

import sheepkit
from sheepkit.core import GameCheckFailed, check_game
from sheepkit.core.check import sampling_error


@dataclass(frozen=True)
class BiasedState(DiceRaceState):
    """Rolls 1 half the time (the die's faces are equally likely: a third each)."""

    def sample_chance(self, rng: random.Random) -> Any:
        return Roll(1) if rng.random() < 0.5 else Roll(rng.choice((2, 3)))

    def _apply(self, move: Any) -> BiasedState:
        base = super()._apply(move)
        return BiasedState(self.game, base.totals, base.turn, base.rolled)


@dataclass(frozen=True)
class FairState(BiasedState):
    """A sampler of its own that is exact."""

    def sample_chance(self, rng: random.Random) -> Any:
        return Roll(rng.randint(1, 3))

    def _apply(self, move: Any) -> FairState:
        base = super()._apply(move)
        return FairState(self.game, base.totals, base.turn, base.rolled)


class BiasedDiceRace(DiceRace):
    name = "toy_biased_dice_race"

    def new_game(self) -> DiceRaceState:
        return BiasedState(self, (0,) * self.num_players, 0, None)


class FairDiceRace(DiceRace):
    name = "toy_fair_dice_race"

    def new_game(self) -> DiceRaceState:
        return FairState(self, (0,) * self.num_players, 0, None)


def test_check_game_fails_a_biased_sampler() -> None:
    sheepkit.register(BiasedDiceRace)
    try:
        with pytest.raises(GameCheckFailed, match="sample_chance does not draw") as caught:
            check_game(BiasedDiceRace.name, games=3)
        assert "roll 1 came" in str(caught.value)
    finally:
        sheepkit.unregister(BiasedDiceRace.name)


def test_check_game_passes_an_exact_sampler_of_a_games_own() -> None:
    sheepkit.register(FairDiceRace)
    try:
        check_game(FairDiceRace.name, [{}, {"players": 3}], games=20)
    finally:
        sheepkit.unregister(FairDiceRace.name)


def test_an_exact_sampler_passes_for_every_seed_tried() -> None:
    # The false-alarm rate is 1e-6 per test: two hundred seeds all pass.
    state = FairDiceRace().new_game()
    assert all(sampling_error(state, seed) is None for seed in range(200))
    assert sampling_error(BiasedDiceRace().new_game(), 0) is not None


@pytest.mark.parametrize(
    ("name", "least"), [("sheep_race", 3), ("lamb_mimes", 4), ("shave_a_sheep", 1)]
)
def test_the_shipped_samplers_draw_every_kind_of_chance_node_exactly(name: str, least: int) -> None:
    # Every kind of chance node a seeded game reaches (the Race's first player, deal and
    # dice; Lamb Mimes' deal, start, reveal and draw; Shave a Sheep's die and race).
    rng = random.Random(3)
    state = sheepkit.load(name).new_game()
    kinds: set[type] = set()
    while not state.is_over:
        if state.is_chance:
            kind = type(state.options()[0]), getattr(state, "phase", None)
            if kind not in kinds:
                kinds.add(kind)
                assert sampling_error(state, len(kinds)) is None
            state = state.play(state.sample_chance(rng))
        else:
            state = state.play(rng.choice(state.legal_moves()))
    assert len(kinds) >= least
