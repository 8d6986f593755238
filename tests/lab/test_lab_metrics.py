"""Metrics on hand-made results and on toy games whose answers are known."""

from __future__ import annotations

import pytest
from lab_toys import CoinToss, FirstSeatWins, PickWinner, pick_self

from sheepkit.lab import GameRow, Results, report, simulate
from sheepkit.lab.metrics import (
    balance,
    decisions,
    drama,
    draws,
    duration,
    lead_changes,
    seat_win_rates,
    skill,
    winner_was_behind,
)


def row(index: int, winners: tuple[int, ...], trace=(), choices=(2, 1), capped=False) -> GameRow:
    return GameRow(
        index=index,
        seed=index,
        lineup=(0, 1),
        bots=("A", "B"),
        winners=winners,
        scores=trace[-1] if trace else (0.0, 0.0),
        plies=len(choices) * 2,
        turns=len(choices),
        capped=capped,
        reason="made by hand",
        choices=tuple(choices),
        score_trace=tuple(trace),
    )


def results(rows: list[GameRow], entrants=("A", "B")) -> Results:
    return Results("hand", {}, 2, ("Player 1", "Player 2"), entrants, 0, len(rows), rows=rows)


def by_name(metrics, name):
    return next(m for m in metrics if m.name == name)


def test_lead_changes_counted_by_hand() -> None:
    # Ties are nobody's lead: 1 leads, tie, 1 still, 2 leads (change), 1 again (change).
    trace = [(0, 0), (1, 0), (1, 1), (2, 1), (2, 3), (4, 3)]
    assert lead_changes(trace) == 2
    assert lead_changes([(0, 0), (0, 0)]) == 0
    assert lead_changes([(3, 1, 0), (3, 1, 4), (3, 5, 4)]) == 2


def test_comebacks_and_drama_means() -> None:
    behind = row(0, (0,), trace=[(0, 1), (2, 1)])  # winner trailed, one lead change
    ahead = row(1, (0,), trace=[(1, 0), (2, 0)])  # winner led throughout
    assert winner_was_behind(behind) and not winner_was_behind(ahead)
    changes, comebacks = drama(results([behind, ahead]))
    assert changes.value == 0.5
    assert comebacks.value == 0.5


def test_drama_is_not_measured_without_scores() -> None:
    changes, _ = drama(results([row(0, (0,))]))
    assert changes.value is None and "no score" in changes.explanation


def test_seat_rates_balance_draws_and_duration_by_hand() -> None:
    rows = [row(0, (0,)), row(1, (0,)), row(2, (0,)), row(3, (1,)), row(4, (0, 1))]
    r = results(rows)
    first, second = seat_win_rates(r)
    assert first.value == pytest.approx(3.5 / 5) and second.value == pytest.approx(1.5 / 5)
    assert balance(r).value == pytest.approx(0.2)  # fair is 0.5 each
    assert draws(r).value == pytest.approx(1 / 5)  # the shared win
    lengths = duration(r, target=(2, 2))
    assert by_name(lengths, "Length (turns)").value == 2
    assert by_name(lengths, "Length in 2-2 turns").value == 1
    real, branching = decisions(r)
    assert real.value == 0.5 and branching.value == 1.5


def test_skill_is_the_stronger_bots_win_rate() -> None:
    r = results([row(i, (0,) if i < 8 else (1,)) for i in range(10)])
    assert skill(r).value == pytest.approx(0.8)
    assert skill(r, stronger=1).value == pytest.approx(0.2)
    assert skill(results([row(0, (0,))], entrants=("A", "A"))).value is None


def test_a_fair_coin_is_balanced_and_has_no_decisions() -> None:
    r = simulate(CoinToss(), ["Random", "Random"], 400, seed=1, executor="serial")
    metrics = report(r)
    assert 0.4 < by_name(metrics, "Win rate: Player 1").value < 0.6
    low, high = by_name(metrics, "Win rate: Player 1").interval
    assert low < 0.5 < high
    assert by_name(metrics, "Length (turns)").value == 0
    assert by_name(metrics, "Real choices").value is None  # nobody ever chose
    assert by_name(metrics, "Draws").value == 0


def test_a_game_the_first_seat_always_wins() -> None:
    r = simulate(FirstSeatWins(turns=4), ["Random", "Random"], 30, executor="serial")
    metrics = report(r)
    assert by_name(metrics, "Win rate: Player 1").value == 1
    assert by_name(metrics, "Seat imbalance").value == 0.5
    assert by_name(metrics, "Real choices").value == 0  # every move is forced
    assert by_name(metrics, "Branching factor").value == 1
    assert by_name(metrics, "Length (turns)").value == 8
    assert by_name(metrics, "Length spread (turns)").value == 0


def test_skill_against_seat_advantage_with_rotation() -> None:
    # The picker (seat 1) decides. Rotated, pick_self wins only when it sits first, and the
    # random bot, sitting first, picks each seat half the time.
    r = simulate(PickWinner(), [pick_self, "Random"], 400, seed=2, rotate=True, executor="serial")
    metrics = report(r)
    assert 0.7 < by_name(metrics, "Stronger bot wins").value < 0.8  # 0.75 expected
    assert by_name(metrics, "Win rate: pick_self (bot 1)").value > 0.7


def test_report_rows_are_name_value_interval_explanation_kind_and_seat() -> None:
    seats = ("Player 1", "Player 2")
    for name, value, interval, explanation, kind, seat in report(results([row(0, (0,))])):
        assert isinstance(name, str) and explanation
        assert value is None or isinstance(value, float | int)
        assert interval is None or len(interval) == 2
        assert kind in ("rate", "count", "number")
        assert kind != "rate" or value is None or 0 <= value <= 1
        assert seat is None or seat in seats


def test_metrics_declare_their_kind_and_seat() -> None:
    """Tables and charts read these: a metric's name is only for people."""
    metrics = report(results([row(i, (i % 2,)) for i in range(6)]))
    kinds = {m.name: m.kind for m in metrics}
    for name in ("Seat imbalance", "Completion", "Draws", "Real choices", "Comebacks"):
        assert kinds[name] == "rate", name
    assert kinds["Games"] == "count"
    assert kinds["Length (turns)"] == kinds["Branching factor"] == "number"
    by_seat = {m.seat: m for m in metrics if m.seat is not None}
    assert list(by_seat) == ["Player 1", "Player 2"]
    assert by_seat["Player 1"] == by_name(metrics, "Win rate: Player 1")
