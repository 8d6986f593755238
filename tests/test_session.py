"""The session: a game in progress apart from any widget (sheepkit.session)."""

from __future__ import annotations

import itertools
import json
import subprocess
import sys
import textwrap

import pytest
from hypothesis import given
from hypothesis import strategies as st
from toy_games import DiceRace, HighCard

import sheepkit
from sheepkit import play_game
from sheepkit.bots import RandomBot
from sheepkit.core import CHANCE, BadRecord, IllegalMove, replay
from sheepkit.session import EVENTS, HUMAN, Event, Session, SessionError

pytestmark = pytest.mark.usefixtures("dice_race_and_high_card")


def heard(session: Session) -> list[tuple[str, int | None]]:
    """Every event the session fires from now on, as (kind, seat)."""
    events: list[tuple[str, int | None]] = []

    def note(event: Event) -> None:
        assert event.source is session
        events.append((event.kind, event.seat))

    for kind in EVENTS:
        session.on(kind, note)
    return events


def snapshot(session: Session) -> tuple:
    return (list(session.timeline), session.cursor, session.seats, session.curtain_for)


# -- one seeding for every loop ------------------------------------------------------------
@pytest.mark.parametrize(
    ("name", "rules", "bots"),
    [
        ("wolf_and_sheep", {}, ["Random", "Sensible"]),
        ("shave_a_sheep", {"players": 3}, ["Sensible", "Random", "Random"]),
        ("sheep_race", {"players": 2}, ["Random", "Sensible"]),
        ("lamb_mimes", {"players": 2}, ["Random", "Random"]),
    ],
)
def test_stepping_a_session_plays_the_game_play_game_plays(name, rules, bots) -> None:
    game = sheepkit.load(name, **rules)
    session = Session(game, bots, seed=11)
    steps = 0
    while session.step():
        steps += 1
    assert session.state.is_over and steps > 0
    factories = sheepkit.bots.for_game(game)
    final = play_game(game, [factories[b]() for b in bots], seed=11)
    assert session.state.history == final.history
    assert session.record() == sheepkit.play_match(name, bots, seed=11, **rules)


def test_run_bots_observes_every_bot_move_and_stops_at_the_cap() -> None:
    seen = []
    session = Session(DiceRace(), ["Random", "Random"], seed=3)
    plies = session.run_bots(max_plies=5, observe=lambda b, legal, a: seen.append((b.ply, a.ply)))
    assert plies == 5 and session.state.ply == 5 and not session.state.is_over
    assert seen and all(after == before + 1 for before, after in seen)
    assert all(session.timeline[b].to_move not in (None, CHANCE) for b, _ in seen)


def test_run_bots_from_an_earlier_position_plays_on_from_there() -> None:
    session = Session(DiceRace(), ["Random", "Random"], seed=5)
    session.run_bots(limit=6)
    old_future = session.timeline[3]
    session.goto(2)
    events = heard(session)
    plies = session.run_bots()
    assert session.at_end and session.state.is_over and plies == session.state.ply - 2
    assert session.timeline[3] is not old_future
    assert events == [("moved", None), ("over", None)]


# -- the timeline -----------------------------------------------------------------------------
def test_undo_redo_goto_move_the_cursor_and_a_move_cuts_the_timeline() -> None:
    session = Session(DiceRace(), ["Human", "Human"], seed=4)
    session.roll("roll 1")
    session.play("bank")
    session.roll("roll 2")
    session.play("bank")
    events = heard(session)
    session.undo()
    assert session.cursor == 3  # back to the last human decision (a human roll counts)
    session.undo()
    assert session.cursor == 2
    session.redo()
    assert session.cursor == 3
    session.goto(99)  # clamped
    assert session.cursor == 4 and session.at_end
    session.goto(4)  # already there: no event
    assert events == [("browsed", None)] * 4
    session.goto(1)
    assert session.state.ply == 1 and len(session.timeline) == 5
    session.play("bank")  # from the past: cut there
    assert len(session.timeline) == 3 and session.at_end
    assert events[-1] == ("moved", None)


def test_new_game_keeps_seats_and_seed_and_takes_rule_changes() -> None:
    session = Session(DiceRace(), ["Human", "Random"], seed=4)
    session.roll("roll 2")
    events = heard(session)
    session.new_game({"target": 9})
    assert session.game.rules.target == 9 and session.state.ply == 0
    assert session.seats == ["Human", "Random"] and session.seed == 4
    session.new_game({"players": 3})
    assert session.seats == ["Human", "Random", "Random"]
    assert events == [("started", None), ("started", None)]
    with pytest.raises(sheepkit.core.InvalidRules):
        session.new_game({"target": "many"})
    assert session.game.rules.players == 3


def test_records_save_and_load_with_seats_and_seed() -> None:
    session = Session(DiceRace(), ["Human", "Random"], seed=8)
    session.roll()
    session.play(session.state.legal_moves()[0])
    session.run_bots()
    record = json.loads(session.save_record())
    assert record["seats"] == ["Human", "Random"] and record["seed"] == 8
    assert replay(record) == session.state
    other = Session(DiceRace(), ["Human", "Human"], seed=1)
    events = heard(other)
    other.load_record(record)
    assert other.state == session.state and other.at_end and events == [("started", None)]
    before = snapshot(other)
    with pytest.raises(BadRecord, match="this record is of Wolf and Sheep"):
        other.load_record(sheepkit.play_match("wolf_and_sheep", ["Random", "Random"]))
    with pytest.raises(BadRecord, match="at most"):
        other.load_record(" " * 100_001)
    assert snapshot(other) == before


# -- seats --------------------------------------------------------------------------------
def test_seats_change_mid_game() -> None:
    session = Session(DiceRace(), ["Human", "Human"], seed=10)
    session.roll()
    events = heard(session)
    assert not session.step(), "a human decides: step does nothing"
    session.set_seat(0, "Random")
    session.set_seat(0, "Random")  # no change, no event
    assert events == [("seat", 0)] and session.seats == ["Random", "Human"]
    assert session.pending() == "bot" and session.step()
    session.set_seat(1, RandomBot())  # a bot object
    session.set_seat(0, lambda view, legal, rng: legal[-1])  # a plain function
    assert session.seats == ["<lambda>", "Random"]
    session.run_bots()
    assert session.state.is_over and session.pending() is None


def test_setting_the_seat_to_move_to_a_bot_while_browsing_plays_from_there() -> None:
    """Issue 26: after Undo, the seat to move handed to a bot waited for ever (bots only play
    at the end of the timeline). The bot continues from the position shown."""
    session = Session(DiceRace(), ["Human", "Human"], seed=2)
    session.roll("roll 1")
    session.play("bank")
    session.roll("roll 3")
    session.undo()
    assert session.cursor == 2 and session.pending() is None
    session.set_seat(1, "Random")  # Player 2 rolls at ply 2
    assert session.at_end and len(session.timeline) == 3
    assert session.pending() == "bot" and session.step() and session.state.ply == 3
    # A seat not to act changes without touching the future.
    again = Session(DiceRace(), ["Human", "Human"], seed=2)
    again.roll("roll 1")
    again.play("bank")
    again.roll("roll 3")
    again.undo()
    again.set_seat(0, "MCTS")
    assert len(again.timeline) == 4 and again.cursor == 2 and again.pending() is None


# -- chance ------------------------------------------------------------------------------
def test_who_rolls_and_rigged_rolls() -> None:
    session = Session(DiceRace(), ["Human", "Random"], seed=6)
    assert session.may_roll() and session.human_decides() and session.pending() is None
    session.roll("roll 3")  # the host rigs it
    assert list(map(str, session.state.history)) == ["roll 3"]
    session.play("bank")
    assert session.pending() == "bot" and not session.human_decides()
    session.roll("roll 2")  # a teacher may roll (or rig) for a bot too
    assert str(session.state.history[-1]) == "roll 2"
    with pytest.raises(SessionError, match="not a chance node"):
        session.roll()
    session.claims_chance = lambda state: True  # a view's own buttons settle chance now
    session.run_bots()
    assert session.state.to_move == CHANCE and session.pending() is None and not session.step()


def test_hidden_deals_are_made_at_once_and_never_rolled_by_a_human() -> None:
    session = Session(HighCard(), ["Human", "Human"], seed=11)
    assert session.deals() and not session.may_roll() and not session.human_decides()
    assert session.pending() == "deal"
    events = heard(session)
    assert session.step() and session.state.to_move == 0
    assert events == [("moved", None)]


def test_the_curtain_falls_when_the_device_passes_to_another_human() -> None:
    session = Session(sheepkit.load("lamb_mimes", players=2), ["Human", "Human"], seed=3)
    session.step()  # the deal
    events = heard(session)
    first = session.state.to_move
    assert session.viewer() == first and session.curtain_for is None
    for _ in range(200):  # until the other human must act
        mover = session.state.acting_player
        if session.state.to_move == CHANCE and not session.human_decides():
            session.step()
        else:
            session.play(session.state.legal_moves()[0])
        if session.curtain_for is not None:
            break
    other = session.curtain_for
    assert other is not None and other != mover and ("curtain", None) in events
    assert session.pending() is None and not session.step()
    before = snapshot(session)
    with pytest.raises(SessionError, match="must pass to"):
        session.play(session.state.legal_moves()[0])
    assert snapshot(session) == before
    session.lift_curtain()
    assert session.curtain_for is None and session.viewer() == other
    assert events[-1] == ("curtain", None)


def test_one_human_among_bots_gets_no_curtain() -> None:
    session = Session(sheepkit.load("lamb_mimes", players=2), ["Human", "Random"], seed=5)
    while not session.state.is_over:
        if not session.step():
            session.play(session.state.legal_moves()[0])
        assert session.curtain_for is None
        assert session.viewer() in (0, None)


def test_game_over_is_an_event() -> None:
    session = Session(DiceRace(), ["Random", "Random"], seed=1)
    events = heard(session)
    session.run_bots()
    assert events == [("moved", None), ("over", None)]


# -- bad input: refused, named, nothing changed -----------------------------------------------
def test_bad_input_is_refused_and_changes_nothing() -> None:
    session = Session("wolf_and_sheep", ["Human", "Sensible"], seed=1)
    session.play(session.state.legal_moves()[0])
    assert session.state.to_move == 1
    before = snapshot(session)
    events = heard(session)
    with pytest.raises(SessionError, match="played by the Sensible bot: use step"):
        session.play(session.state.legal_moves()[0])
    with pytest.raises(IllegalMove):
        session.step() and session.play("Z9-Z8")  # the bot moves, then a nonsense move
    after_bot = snapshot(session)
    with pytest.raises(SessionError, match="no seat 2: Wolf and Sheep has seats 0 to 1"):
        session.set_seat(2, "Random")
    with pytest.raises(SessionError, match="no seat -1"):
        session.view(-1)
    with pytest.raises(SessionError, match=r"no bot named 'Cleverest'.*Random, .*MCTS, or Human$"):
        session.set_seat(0, "Cleverest")
    with pytest.raises(TypeError, match="42 is not a bot"):
        session.set_seat(0, 42)  # type: ignore[arg-type]
    with pytest.raises(SessionError, match="no event 'moves'"):
        session.on("moves", print)  # type: ignore[arg-type]
    assert snapshot(session) == after_bot and after_bot[0][: len(before[0])] == before[0]
    assert [kind for kind, _ in events] == ["moved"]  # the bot's move only


def test_bad_seats_at_the_start() -> None:
    with pytest.raises(SessionError, match="Wolf and Sheep has 2 players; 3 seats were given"):
        Session("wolf_and_sheep", ["Human"] * 3)
    with pytest.raises(SessionError, match="no bot named 'Sensibel'"):
        Session("wolf_and_sheep", ["Human", "Sensibel"])


@given(seat=st.one_of(st.integers(), st.booleans(), st.text(max_size=3), st.none()))
def test_any_seat_outside_the_table_is_refused(seat: object) -> None:
    session = Session("wolf_and_sheep", ["Human", "Human"], seed=1)
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < 2:
        session.set_seat(seat, "Random")
        assert session.seats[seat] == "Random"
        return
    with pytest.raises(SessionError, match="no seat"):
        session.set_seat(seat, "Random")  # type: ignore[arg-type]
    assert session.seats == ["Human", "Human"]


def test_views_are_per_seat() -> None:
    session = Session(sheepkit.load("lamb_mimes", players=2), ["Human", "Human"], seed=2)
    session.step()
    assert session.view(0) == session.state.view(0) and session.view(1) != session.view(0)
    assert HUMAN == "Human"


# -- no widget library --------------------------------------------------------------------
def test_the_session_plays_a_whole_game_with_no_ipywidgets() -> None:
    code = textwrap.dedent(
        """
        import sys
        for name in ("ipywidgets", "ipycanvas", "IPython", "traitlets", "comm"):
            sys.modules[name] = None  # import of it fails
        from sheepkit.session import Session
        session = Session("wolf_and_sheep", ["Human", "Sensible"], seed=4)
        while not session.state.is_over:
            if not session.step():
                session.play(session.state.legal_moves()[0])
        session.undo()
        assert not session.at_end
        print(session.state.is_over, len(session.timeline) > 10)
        assert not [m for m in sys.modules if m.startswith("sheepkit.ui")]
        """
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["False", "True"]


OPS = st.lists(
    st.tuples(
        st.sampled_from(["play", "roll", "step", "undo", "redo", "goto", "seat", "new"]),
        st.integers(-2, 12),
        st.sampled_from(["Human", "Random", "MCTS", "Nobody"]),
    ),
    max_size=40,
)


@given(ops=OPS)
def test_any_sequence_of_actions_keeps_the_timeline_whole(ops: list) -> None:
    """Whatever is asked, in any order: the timeline stays a game (each state the one before
    it after its move), the cursor on it, and a refused action changes nothing."""
    session = Session(DiceRace(), ["Human", "Human"], seed=9)
    session.bot_factories["MCTS"] = lambda: sheepkit.MCTSBot(iterations=20)
    for op, number, name in ops:
        before = snapshot(session)
        try:
            if op == "play":
                legal = session.state.legal_moves() if not session.state.is_over else ()
                session.play(legal[number % len(legal)] if legal else "bank")
            elif op == "roll":
                session.roll()
            elif op == "step":
                session.step()
            elif op in ("undo", "redo"):
                getattr(session, op)()
            elif op == "goto":
                session.goto(number)
            elif op == "seat":
                session.set_seat(number, name)
            else:
                session.new_game()
        except (SessionError, IllegalMove):
            assert snapshot(session) == before
        timeline = session.timeline
        assert 0 <= session.cursor < len(timeline)
        for earlier, later in itertools.pairwise(timeline):
            assert later == earlier.play(later.history[-1])


def test_a_session_that_keeps_no_timeline_keeps_the_start_and_the_last_position() -> None:
    """play_game's session: every move is in the last state's history, no position between."""
    kept = Session(DiceRace(), ["Random", "Random"], seed=7)
    kept.run_bots()
    lean = Session(DiceRace(), ["Random", "Random"], seed=7, keep_timeline=False)
    assert lean.run_bots() == kept.state.ply
    assert lean.timeline == [kept.timeline[0], kept.state] and lean.at_end
