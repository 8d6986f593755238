"""The solver against an independent brute-force minimax, the cache, the Perfect bot, hints."""

from __future__ import annotations

import random
from functools import cache

import pytest

import sheepkit
from sheepkit.games.wolf_and_sheep import SHEEP, WOLVES
from sheepkit.games.wolf_and_sheep import solver as solver_module
from sheepkit.games.wolf_and_sheep.bots import SensibleBot
from sheepkit.games.wolf_and_sheep.perfect import (
    PerfectBot,
    explain_auto_victory,
    heatmap,
    hint,
)
from sheepkit.games.wolf_and_sheep.solver import Solution, solve


@pytest.fixture(scope="module", autouse=True)
def cache_dir(tmp_path_factory):
    mp = pytest.MonkeyPatch()
    path = tmp_path_factory.mktemp("sheepkit-cache")
    mp.setenv("SHEEPKIT_CACHE", str(path))
    solver_module.forget()
    yield path
    solver_module.forget()
    mp.undo()


def brute_force(game):
    """Plain minimax over the engine's own rules: (winning side, plies), quickest win first."""
    lay, auto = game.layout, game.auto_victory

    @cache
    def value(sheep, wolves, turn):
        moves, ending = lay.status(sheep, wolves, turn, auto)
        if ending is not None:
            return ending[0], 0
        results = []
        for source, target in moves:
            if turn == SHEEP:
                child = (target, wolves)
            else:
                child = (sheep, tuple(sorted(target if w == source else w for w in wolves)))
            side, plies = value(*child, 1 - turn)
            results.append((side, plies + 1))
        wins = [p for s, p in results if s == turn]
        if wins:
            return turn, min(wins)
        return 1 - turn, max(p for _, p in results)

    return value


@pytest.mark.parametrize("auto", [True, False])
def test_6x6_every_position_matches_brute_force(auto: bool) -> None:
    game = sheepkit.load("wolf_and_sheep", board=6, auto_victory=auto)
    solution = Solution(6, auto).solve_all()
    value = brute_force(game)
    checked = 0
    for mask in solution.rows:
        wolves = solution.board.wolves_of(mask)
        for sq in solution.board.dark:
            if sq not in wolves:
                for turn in (SHEEP, WOLVES):
                    assert solution.outcome(sq, wolves, turn) == value(sq, wolves, turn)
                    checked += 1
    assert checked == 23_400  # 780 formations, every sheep square, either side to move


def test_sampled_8x8_positions_match_brute_force() -> None:
    for auto in (True, False):
        game = sheepkit.load("wolf_and_sheep", auto_victory=auto)
        solution = solve(8, auto)
        value = brute_force(game)
        rng = random.Random(3)
        for _ in range(20):
            state = game.new_game()
            while not state.is_over and state.ply < 24:  # late enough for brute force
                state = state.play(rng.choice(state.legal_moves()))
            if not state.is_over:
                expected = value(state.sheep, state.wolves, state.turn)
                assert solution.outcome(state.sheep, state.wolves, state.turn) == expected


def test_solved_results_of_the_start() -> None:
    # seeds/wolf_and_sheep.md gives both settings: 6x6 is 19 plies with auto-victory, 25
    # without (the sheep then walks to the far row).
    for size, auto, result in [
        (6, True, (SHEEP, 19)),
        (6, False, (SHEEP, 25)),
        (8, True, (WOLVES, 44)),
        (8, False, (WOLVES, 44)),
    ]:
        game = sheepkit.load("wolf_and_sheep", board=size, auto_victory=auto)
        start = game.new_game()
        assert solve(size, auto).outcome(start.sheep, start.wolves, SHEEP) == result


@pytest.mark.slow  # two 8x8 solves, a few seconds each
def test_the_shipped_8x8_tables_are_the_solved_ones() -> None:
    # Shipped so that a browser page (Pyodide) never solves for seconds.
    for auto in (True, False):
        shipped = solver_module.shipped_table(8, auto)
        assert shipped is not None and shipped.auto_victory == auto
        assert shipped.rows == Solution(8, auto).solve_all().rows
    assert solver_module.shipped_table(6, True) is None  # solved in a moment instead


def test_a_damaged_shipped_table_is_solved_instead(monkeypatch) -> None:
    monkeypatch.setattr(solver_module, "table_name", lambda size, auto: "no_such_file.json")
    assert solver_module.shipped_table(8, True) is None
    solver_module.forget()
    try:
        seen: list[float] = []
        solution = solve(8, True, progress=seen.append)
        assert solution.outcome(4, (113, 115, 117, 119), SHEEP) == (WOLVES, 44)
    finally:
        solver_module.forget()


def test_cache_round_trip_and_damaged_file(cache_dir) -> None:
    solver_module.forget()
    seen: list[float] = []
    fresh = solve(6, True, progress=seen.append)
    assert seen[-1] == 1.0 and seen == sorted(seen)
    path = solver_module.cache_path(6, True)
    assert path.exists() and not list(cache_dir.glob("*.tmp"))
    solver_module.forget()
    loaded = solve(6, True)
    assert loaded is not fresh and loaded.rows == fresh.rows
    data = bytearray(path.read_bytes())
    data[len(data) // 2] ^= 0xFF
    path.write_bytes(bytes(data))
    solver_module.forget()
    again = solve(6, True)  # the damaged file is noticed, solved again and rewritten
    assert again.rows == fresh.rows
    solver_module.forget()
    assert solve(6, True).rows == fresh.rows
    path.write_bytes(b"garbage")
    solver_module.forget()
    assert solve(6, True).rows == fresh.rows


def test_made_up_positions_outside_the_start_tree_are_solved_on_demand() -> None:
    game = sheepkit.load("wolf_and_sheep", board=6)
    state = game.position("A1", ["A5", "B6", "F2"], WOLVES)  # A5 is not reached from the start
    value = brute_force(game)
    assert solve(6, True).outcome(state.sheep, state.wolves, WOLVES) == value(
        state.sheep, state.wolves, WOLVES
    )


# -- the Perfect bot and hints -------------------------------------------------------------
def opponents():
    return [sheepkit.RandomBot(), SensibleBot(), sheepkit.MCTSBot(iterations=30)]


@pytest.mark.parametrize("size", [6, 8])
def test_perfect_bot_never_loses_a_won_position(size: int) -> None:
    game = sheepkit.load("wolf_and_sheep", board=size)
    solution = solve(size, True)
    bot = PerfectBot()
    for seed in range(4):
        for other in opponents():
            for perfect_side in (SHEEP, WOLVES):
                seats = [bot, other] if perfect_side == SHEEP else [other, bot]
                rng = random.Random(seed)
                state = game.new_game()
                winning = False
                while not state.is_over:
                    if state.turn == perfect_side:
                        winner, _ = solution.outcome(state.sheep, state.wolves, state.turn)
                        winning = winning or winner == perfect_side
                    move = seats[state.to_move].choose(state, state.legal_moves(), rng)
                    state = state.play(move)
                if winning:
                    assert state.winners() == (perfect_side,)


def test_perfect_bot_takes_the_quickest_win() -> None:
    game = sheepkit.load("wolf_and_sheep", board=6)
    rng = random.Random(0)
    final = sheepkit.play_game(game, [PerfectBot(), PerfectBot()], seed=1)
    assert final.winners() == (SHEEP,) and final.ply == 19
    off = sheepkit.load("wolf_and_sheep", board=6, auto_victory=False)
    final = sheepkit.play_game(off, [PerfectBot(), PerfectBot()], seed=1)
    assert final.winners() == (SHEEP,) and final.ply == 25
    final = sheepkit.play_game(sheepkit.load("wolf_and_sheep"), [PerfectBot(), PerfectBot()])
    assert final.winners() == (WOLVES,) and final.ply == 44
    assert rng  # seeded games above are reproducible by their seeds


def test_hint_agrees_with_the_solver() -> None:
    game = sheepkit.load("wolf_and_sheep")
    solution = solve(8, True)
    rng = random.Random(7)
    state = game.new_game()
    while not state.is_over:
        h = hint(state)
        assert (h.winner, h.plies) == solution.outcome(state.sheep, state.wolves, state.turn)
        assert h.player == state.to_move or h.winner != state.turn
        for move, plies in h.keeping:
            after = state.play(move)
            assert solution.outcome(after.sheep, after.wolves, after.turn) == (h.winner, plies)
        if h.winner == state.turn:
            assert h.keeping and h.keeping[0][1] == h.plies - 1
        state = state.play(rng.choice(state.legal_moves()))
    assert hint(state).plies == 0 and hint(state).keeping == ()


def test_auto_victory_explanation() -> None:
    game = sheepkit.load("wolf_and_sheep")
    state = game.position("C5", ["E7", "H8", "G3", "E1"])
    why = explain_auto_victory(state)
    assert why.fires and "B6" in why.reason
    names = sheepkit.games.wolf_and_sheep.square_name
    assert [names(s) for s in why.unreachable] == ["B6"]
    assert [names(w) for w in why.guards[game.parse_move("C5-D6").target]] == ["E7"]
    e7 = game.parse_move("E7-D6").source
    assert {names(s) for s in why.reach[e7]} >= {"D6", "F6", "A3", "E1"}
    assert names(min(why.reach[e7])) == "A1" or "A1" not in {names(s) for s in why.reach[e7]}
    calm = explain_auto_victory(game.position("C5", ["A7", "E7", "G3", "E1"]))
    assert not calm.fires and calm.unreachable == ()


def test_heatmap_covers_every_empty_square() -> None:
    game = sheepkit.load("wolf_and_sheep")
    picture = heatmap(game, ["B8", "D8", "F8", "H8"], SHEEP)
    assert len(picture) == 28 and picture["E1"] == (WOLVES, 44)
    assert all(side in (SHEEP, WOLVES) for side, _ in picture.values())
