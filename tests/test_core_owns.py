"""What core does once for every engine: the history, reading moves by their text, caching
the outcome, and one verb per concept (``make``/``replace`` for states and rules alike)."""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
from toy_games import DiceRace, DiceRaceState, Roll

import sheepkit
from sheepkit import unregister
from sheepkit.core import Game, IllegalMove, Rules, State, check_game, register


class PlainDiceRace(DiceRace):
    """The dice race without a move reader of its own: its moves are read by their text."""

    name = "toy_plain_dice_race"
    parse_move = Game.parse_move  # the default, whatever DiceRace says


@pytest.fixture(autouse=True)
def registered() -> Iterator[None]:
    register(DiceRace)
    register(PlainDiceRace)
    yield
    unregister(PlainDiceRace.name)
    unregister(DiceRace.name)  # other tests count the registered games


def test_core_appends_the_history_that_apply_never_writes() -> None:
    state = DiceRace().new_game()
    assert state.history == ()
    rolled = state.play(Roll(2))
    banked = rolled.play("bank")
    assert (rolled.history, banked.history) == ((Roll(2),), (Roll(2), "bank"))
    assert state.history == () and rolled.history == (Roll(2),)  # nothing changed in place


@pytest.mark.parametrize("name", sheepkit.games())
def test_every_path_that_plays_a_move_sets_the_history(name: str) -> None:
    # The engines' fast paths (a listed move, a face of the die) and core's slow one (text).
    rng = random.Random(7)
    state = sheepkit.load(name).new_game()
    played = []
    for ply in range(40):
        if state.is_over:
            break
        move = state.sample_chance(rng) if state.is_chance else rng.choice(state.legal_moves())
        state = state.play(str(move) if ply % 3 == 0 else move)
        played.append(move)
        assert state.history == tuple(played)


def test_make_takes_the_history_by_name_only() -> None:
    game = DiceRace()
    assert DiceRaceState.make(game, (0, 0), 0, None).history == ()
    made = DiceRaceState.make(game, (0, 0), 0, 2, history=(Roll(2),))
    assert made.history == (Roll(2),) and made == DiceRaceState(
        game, (0, 0), 0, 2, history=(Roll(2),)
    )
    with pytest.raises(TypeError):
        DiceRaceState.make(game, (), (0, 0), 0, None)  # the old order: history second


def test_a_game_without_parse_move_reads_its_moves_by_their_text() -> None:
    state = PlainDiceRace().new_game()
    assert state.play(" roll 3 ") == state.play(Roll(3))
    with pytest.raises(IllegalMove, match="names none of the options"):
        state.play("roll three")
    with pytest.raises(ValueError, match="names none of the options"):
        PlainDiceRace().parse_move("roll 3")
    check_game(PlainDiceRace.name, [{}, {"target": 3}], games=10)


def test_the_outcome_is_computed_once_per_state(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[State] = []
    judge = DiceRaceState._outcome

    def counted(self: DiceRaceState):  # type: ignore[no-untyped-def]
        calls.append(self)
        return judge(self)

    monkeypatch.setattr(DiceRaceState, "_outcome", counted)
    final = DiceRace(target=3).random_playout(random.Random(1))
    calls.clear()
    assert final.outcome() is final.outcome() is not None
    assert str(final) and final.winners() and calls == [final]
    assert final.replace(turn=final.turn).outcome() == final.outcome()  # judged afresh
    assert len(calls) == 2


def test_rules_and_states_share_their_verbs() -> None:
    rules = DiceRace().rules
    assert rules.replace(target=9).target == 9 and type(rules).from_dict({"target": 9}).target == 9
    state = DiceRace().new_game()
    assert state.replace(turn=1).turn == 1
    for old in ("evolve",):
        assert not hasattr(State, old)
    assert not hasattr(Rules, "make")
