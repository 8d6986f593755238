"""The table authority with in-process devices: every refusal changes nothing, a dropped
device rejoins, an away seat goes to a bot, idle tables close, and every game is played to its
end at a table."""

from __future__ import annotations

import itertools
import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from table_devices import act_randomly, fingerprint, open_table, play_out, room

import sheepkit
from sheepkit.core import CHANCE
from sheepkit.tables import IDLE_CLOSE, MAX_MESSAGE, TableClient, TableService, local_client
from sheepkit.tables.authority import BURST, RACE_BOT_DELAY, RACE_WAIT, race_claims
from sheepkit.tables.protocol import Close, Message, Pong, SetRules, SetSeat, Start


def refused(device: TableClient, act: Callable[[], None], service: TableService) -> str:
    """The reason ``act`` was refused with; it must have changed nothing."""
    before = fingerprint(service)
    errors = len(device.errors)
    act()
    assert len(device.errors) == errors + 1, "not refused"
    assert fingerprint(service) == before, "a refusal changed the table"
    return device.errors[-1]


def wolf_table() -> tuple[TableService, Any, TableClient, TableClient]:
    service, clock = room()
    host, guest = open_table(service, "wolf_and_sheep", ["Human", "Human"])
    host.start()
    return service, clock, host, guest


def mover(*devices: TableClient) -> tuple[TableClient, TableClient]:
    """(the device to move, another)."""
    first, second = devices
    return (first, second) if first.snapshot.legal else (second, first)  # type: ignore[index]


def test_a_move_out_of_turn_an_illegal_and_a_stale_one_are_refused() -> None:
    service, _, host, guest = wolf_table()
    to_move, waiting = mover(host, guest)
    legal = to_move.snapshot.legal  # type: ignore[index]
    assert legal and waiting.snapshot.legal == []  # type: ignore[index]
    why = refused(waiting, lambda: waiting.move(legal[0]), service)
    assert why.startswith("it is not your turn")
    why = refused(to_move, lambda: to_move.move("z9-z10"), service)
    assert "z9-z10" in why
    stale = lambda: to_move.send_text(json.dumps({"op": "move", "move": legal[0], "ply": 0 + 99}))  # noqa: E731
    assert "older position" in refused(to_move, stale, service)
    to_move.move(legal[0])  # the same move, on the position shown: played
    assert host.snapshot.ply == guest.snapshot.ply == 1  # type: ignore[index]


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("not json", "not JSON"),
        ("[1, 2]", "JSON object"),
        ('{"move": "a1"}', 'no "op"'),
        ('{"op": "dance"}', "no op 'dance'"),
        ('{"op": "move", "move": 5, "ply": 0}', "'move' should be short text"),
        ('{"op": "move", "move": "a1", "ply": true}', "'ply' should be a whole number"),
        ('{"op": "ping", "extra": 1}', "ping takes no 'extra'"),
        ("[" * 50 + "]" * 50, "nests deeper"),
        ('{"op": "ping", "pad": "' + "x" * MAX_MESSAGE + '"}', "longer than"),
        (b'{"op": "ping"}', "not binary"),
    ],
)
def test_malformed_messages_are_refused_with_a_reason(text: Any, reason: str) -> None:
    service, _, host, _ = wolf_table()
    transport: Any = host.transport
    assert reason in refused(host, lambda: service.receive(transport.device, text), service)


def test_a_flood_is_refused_past_its_burst_and_read_again_later() -> None:
    service, clock, host, _ = wolf_table()
    pongs = []
    host.on(lambda message: pongs.append(message) if isinstance(message, Pong) else None)
    while not host.errors:  # open and start took two of the burst already
        host.send_text(json.dumps({"op": "ping"}))
    assert len(pongs) == BURST - 2 and host.errors[0].startswith("too many messages")
    why = refused(
        host, lambda: host.send_text(json.dumps({"op": "move", "move": "a1-b2", "ply": 0})), service
    )
    assert why.startswith("too many messages")
    clock.now += 1  # the bucket fills again
    host.send_text(json.dumps({"op": "ping"}))
    assert len(host.errors) == 2 and len(pongs) == BURST - 1


def test_a_taken_seat_cannot_be_sat_in_nor_rejoined_with_a_wrong_token() -> None:
    service, _, host, guest = wolf_table()
    intruder = local_client(service)
    code = host.code or ""
    assert "is taken" in refused(intruder, lambda: intruder.sit(code, 1), service)
    why = refused(intruder, lambda: intruder.rejoin(code, "not-the-token"), service)
    assert "holds no seat" in why
    # Another table's token does not open this table's seat either.
    other = local_client(service)
    other.open("wolf_and_sheep", ["Human", "Human"])
    why = refused(intruder, lambda: intruder.rejoin(code, other.token or ""), service)
    assert "holds no seat" in why
    assert "no table" in refused(intruder, lambda: intruder.sit("ZZZZ", 1), service)
    # A seated device cannot take a second seat.
    assert "one seat per device" in refused(guest, lambda: guest.sit(code, 0), service)


@pytest.mark.parametrize(
    ("op", "words"),
    [
        (Start(), "only the host may start"),
        (SetRules(rules={}), "only the host may change the rules"),
        (SetSeat(seat=0, who="Random"), "only the host may choose"),
        (Close(), "only the host may close"),
    ],
)
def test_a_guest_cannot_do_what_only_the_host_does(op: Message, words: str) -> None:
    service, _ = room()
    _, guest = open_table(service, "shave_a_sheep", ["Human", "Human"])
    assert words in refused(guest, lambda: guest.send(op), service)


def test_the_number_of_tables_and_devices_is_bounded() -> None:
    service, _ = room(max_tables=2, max_devices=3)
    hosts = [local_client(service) for _ in range(3)]
    hosts[0].open("wolf_and_sheep", ["Human", "Human"])
    hosts[1].open("wolf_and_sheep", ["Human", "Human"])
    why = refused(hosts[2], lambda: hosts[2].open("wolf_and_sheep", ["Human", "Human"]), service)
    assert "2 tables open" in why
    with pytest.raises(sheepkit.tables.ProtocolError, match="full"):
        local_client(service)
    assert len(service.connected) == 3


def test_open_refuses_unknown_games_rules_seats_and_bots() -> None:
    service, _ = room()
    host = local_client(service)
    for message, words in [
        ({"game": "chess", "seats": ["Human"]}, "no game 'chess'"),
        ({"game": "wolf_and_sheep", "seats": ["Human"]}, "has 2 seats"),
        ({"game": "wolf_and_sheep", "seats": ["Human", "Stockfish"]}, "no bot named"),
        ({"game": "wolf_and_sheep", "seats": ["Random", "Human"]}, "host sits in a human"),
        ({"game": "lamb_mimes", "rules": {"players": 9}, "seats": ["Human"]}, "cannot be played"),
    ]:
        assert words in refused(
            host, lambda m=message: host.send_text(json.dumps({"op": "open", **m})), service
        )


def test_the_host_chooses_rules_and_bots_before_the_start_and_not_after() -> None:
    service, _ = room()
    (host,) = open_table(service, "lamb_mimes", ["Human", "Random", "Random", "Random"])
    host.set_rules({"players": 3})
    snap = host.snapshot
    assert snap is not None and len(snap.seats) == 3 and snap.rules == {"players": 3}
    host.set_seat(2, "Human")
    assert "nobody sits there" in refused(host, host.start, service)
    host.set_seat(2, "Sensible")
    host.start()
    assert host.snapshot.stage == "playing"  # type: ignore[index]
    assert "before the game starts" in refused(host, lambda: host.set_rules({}), service)
    why = refused(host, lambda: host.set_seat(1, "Human"), service)
    assert "only a seat whose player is away" in why


def test_a_dropped_device_rejoins_its_seat_and_the_game_goes_on() -> None:
    service, _, host, guest = wolf_table()
    rng = random.Random(3)
    for _ in range(4):
        act_randomly([host, guest], rng)
    code, token, ply = guest.code or "", guest.token or "", guest.snapshot.ply  # type: ignore[index]
    guest.disconnect()
    assert host.snapshot.seats[1]["away"] is True  # type: ignore[index]
    again = local_client(service)
    again.rejoin(code, token)
    assert again.seat == 1 and again.snapshot.ply == ply  # type: ignore[index]
    assert host.snapshot.seats[1]["away"] is False  # type: ignore[index]
    play_out([host, again], rng)
    assert host.snapshot.stage == again.snapshot.stage == "over"  # type: ignore[index]


def test_a_rejoin_from_another_connection_drops_the_old_one() -> None:
    service, _, host, guest = wolf_table()
    reloaded = local_client(service)
    reloaded.rejoin(guest.code or "", guest.token or "")
    assert reloaded.seat == 1
    assert guest.closed is not None and "another connection" in guest.closed
    assert host.snapshot.seats[1]["away"] is False  # type: ignore[index]


def test_the_host_hands_an_away_seat_to_a_bot_and_the_player_takes_it_back() -> None:
    service, _, host, guest = wolf_table()
    if guest.snapshot.legal == []:  # type: ignore[index]
        act_randomly([host], random.Random(1))
    assert guest.snapshot.legal  # type: ignore[index]
    code, token = guest.code or "", guest.token or ""
    guest.disconnect()
    ply = host.snapshot.ply  # type: ignore[index]
    host.set_seat(1, "Random")
    snap = host.snapshot
    assert snap is not None and snap.seats[1]["who"] == "Random" and snap.ply == ply + 1
    back = local_client(service)
    back.rejoin(code, token)
    assert back.snapshot.seats[1]["who"] == "Human"  # type: ignore[index]
    play_out([host, back], random.Random(2))
    assert back.snapshot.stage == "over"  # type: ignore[index]


def test_an_idle_table_closes_and_a_record_is_saved_before() -> None:
    service, clock, host, guest = wolf_table()
    act_randomly([host, guest], random.Random(1))
    guest.ask_record()
    assert guest.record is not None and len(guest.record["history"]) == 1
    code = host.code
    clock.now += IDLE_CLOSE - 1
    assert service.close_idle() == []
    host.send_text(json.dumps({"op": "ping"}))  # a ping is no play: it does not keep the table open
    clock.now += 1
    assert service.close_idle() == [code]
    assert service.tables == {}
    assert guest.closed is not None and "30 minutes" in guest.closed


def test_a_record_of_hidden_cards_waits_for_the_end() -> None:
    service, _ = room()
    host, guest = open_table(service, "lamb_mimes", ["Human", "Human"], {"players": 2})
    host.start()
    assert "when the game ends" in refused(guest, guest.ask_record, service)
    play_out([host, guest], random.Random(5))
    guest.ask_record()
    assert guest.record is not None and guest.record["game"] == "lamb_mimes"


def test_the_host_may_set_the_die_and_every_seat_reads_it() -> None:
    service, _ = room()
    host, guest = open_table(service, "shave_a_sheep", ["Human", "Human"])
    host.start()
    rng = random.Random(0)
    for _ in range(200):
        if host.snapshot.may_roll and host.snapshot.acting == 1:  # type: ignore[index]
            break
        act_randomly([host, guest], rng)
    else:
        pytest.skip("no roll of the guest's came up")
    game = host.game()
    state = host.state()
    assert game is not None and state is not None
    outcome = str(state.chance_outcomes()[0][0])
    assert "only the host" in refused(guest, lambda: guest.roll(outcome), service)
    host.roll(outcome)
    line = f"The host set the die to {outcome}"
    assert line in host.snapshot.log and line in guest.snapshot.log  # type: ignore[index]


def test_a_bots_think_runs_apart_and_moves_wait_for_it() -> None:
    waiting: list[tuple[Callable[[], Any], Callable[[object], None]]] = []
    service = TableService(think=lambda work, done: waiting.append((work, done)))
    (host,) = open_table(service, "wolf_and_sheep", ["Human", "Random"])
    host.start()
    rng = random.Random(0)
    for _ in range(100):
        if waiting:
            break
        act_randomly([host], rng)
    snap = host.snapshot
    assert snap is not None and snap.legal == []  # nothing to do while the bot thinks
    ply = snap.ply
    work, done = waiting.pop()
    done(work())
    assert host.snapshot.ply == ply + 1 and host.snapshot.legal  # type: ignore[index]


GAMES = {
    "wolf_and_sheep": ({}, ["Human", "Human"]),
    "battle_sheep": ({"players": 3}, ["Human", "Greedy", "Human"]),
    "lamb_mimes": ({"players": 3}, ["Human", "Human", "Sensible"]),
    "shave_a_sheep": ({}, ["Human", "Human"]),
    "sheep_race": ({"players": 3}, ["Human", "Sensible", "Human"]),
}


@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_game_is_played_to_its_end_at_a_table(game: str) -> None:
    assert set(GAMES) == set(sheepkit.games())
    rules, seats = GAMES[game]
    service, _ = room()
    devices = open_table(service, game, seats, rules)
    devices[0].start()
    play_out(devices, random.Random(11))
    for device in devices:
        snap = device.snapshot
        assert snap is not None and snap.stage == "over" and snap.outcome, device.errors
        assert device.errors == []
    (table,) = service.tables.values()
    assert table.session.state.is_over
    # What each device drew from is that seat's knowledge of the true final state.
    for device in devices:
        state, seat = device.state(), device.seat
        assert state is not None and seat is not None
        assert state.view(seat) == table.session.state.view(seat)


def test_each_log_line_carries_its_plies_as_the_app_numbers_them() -> None:
    # The deal is one line of many plies: a device numbers the lines after it by their own
    # plies (as the app's log does), not by counting lines back from the table's ply.
    service, _ = room()
    host, guest = open_table(service, "lamb_mimes", ["Human", "Human"], {"players": 2})
    host.start()
    for device in (host, guest):
        snap = device.snapshot
        assert snap is not None
        plies, lines = snap.log_plies, snap.log
        assert len(plies) == len(lines) >= 1
        first, last = plies[0]
        assert first == 1 and last > 1, plies  # the deals, folded into one line
        assert plies[-1][1] == snap.ply, (plies, snap.ply)
        assert all(a[1] < b[0] for a, b in itertools.pairwise(plies)), plies


def test_a_guest_leaves_the_lobby_and_its_seat_is_free_again() -> None:
    service, _ = room()
    host, guest = open_table(service, "wolf_and_sheep", ["Human", "Human"])
    code, token = host.code or "", guest.token or ""
    guest.leave()
    assert guest.seated is None and guest.snapshot is None and guest.errors == []
    seats = host.snapshot.seats  # type: ignore[index]
    assert seats[1] == {
        "name": "Wolves",
        "who": "Human",
        "taken": False,
        "away": False,
        "you": False,
    }
    assert "holds no seat" in refused(guest, lambda: guest.rejoin(code, token), service)
    other = local_client(service)
    other.sit(code, 1)  # the seat is free for another pupil
    assert other.seat == 1 and other.errors == []
    guest.open("wolf_and_sheep", ["Human", "Human"])  # the same connection, free to sit again
    assert guest.seated is not None and len(guest.errors) == 1  # (the refused rejoin)


def test_a_guest_who_leaves_mid_game_hands_the_seat_to_the_games_bot() -> None:
    service, _ = room()
    host, guest, other = open_table(service, "lamb_mimes", ["Human"] * 3, {"players": 3})
    host.start()
    ply = host.snapshot.ply  # type: ignore[index]
    guest.leave()
    (table,) = service.tables.values()
    bot = sheepkit.session.own_bot(table.session.game)
    snap = host.snapshot
    assert snap is not None and snap.seats[1]["who"] == bot and not snap.seats[1]["taken"]
    line = f"Player 2 left the table: the {bot} bot plays on for them"
    assert line in snap.log and line in other.snapshot.log  # type: ignore[index]
    assert snap.ply >= ply
    play_out([host, other], random.Random(4))
    assert host.snapshot.stage == other.snapshot.stage == "over"  # type: ignore[index]


def test_leaving_is_refused_to_a_device_that_sits_nowhere_and_to_the_host() -> None:
    service, _, host, _ = wolf_table()
    stranger = local_client(service)
    assert "sits at no table" in refused(stranger, stranger.leave, service)
    assert "close it instead" in refused(host, host.leave, service)


class Timers:
    """The service's ``later``: each wait is kept, to be run by the test."""

    def __init__(self) -> None:
        self.waiting: list[tuple[float, Callable[[], None]]] = []

    def __call__(self, seconds: float, callback: Callable[[], None]) -> None:
        self.waiting.append((seconds, callback))

    def run(self, seconds: float) -> None:
        """Every wait of ``seconds`` or less, in order of its time (as the event loop would)."""
        due = sorted((w for w in self.waiting if w[0] <= seconds), key=lambda w: w[0])
        self.waiting = [w for w in self.waiting if w[0] > seconds]
        for _, callback in due:
            callback()


def howl_table(seats: list[str]) -> tuple[TableService, Timers, list[TableClient]]:
    """A started Howling Wolf table where the host has rolled gray: a race is on."""
    timers = Timers()
    service = TableService(later=timers, seed=lambda: 7)
    rules = {"players": len(seats), "wolf": "howling_wolf"}
    devices = open_table(service, "shave_a_sheep", seats, rules)
    host = devices[0]
    host.start()
    state = host.state()
    assert state is not None and host.snapshot.may_roll  # type: ignore[index]
    gray = next(str(o) for o, _ in state.chance_outcomes() if "gray" in str(o))
    host.roll(gray)
    return service, timers, devices


def test_a_race_is_won_by_the_first_claim_that_arrives_from_a_device() -> None:
    service, timers, (host, guest) = howl_table(["Human", "Human", "Sensible"])
    for device, seat in ((host, 0), (guest, 1)):
        snap = device.snapshot
        assert snap is not None and snap.race and snap.claim == f"howl {seat + 1}"
        assert snap.legal == [] and not snap.may_roll
    # The bot's claim and the time limit wait on the event loop.
    assert sorted(seconds for seconds, _ in timers.waiting)[-1] == RACE_WAIT
    assert all(0.4 <= s <= 1.5 for s, _ in timers.waiting[:-1]) and len(timers.waiting) == 2
    guest.claim()
    snap = host.snapshot
    assert snap is not None and not snap.race and snap.claim is None
    assert "Player 2 howls first" in " ".join(snap.log)
    assert guest.snapshot.legal  # type: ignore[index]  # the winner picks a sheep
    # Too late: the host's claim, then the bot's and the time limit, change nothing.
    assert "no race to win now" in refused(host, host.claim, service)
    before = fingerprint(service)
    timers.run(RACE_WAIT)
    assert fingerprint(service) == before


def test_a_bot_claims_a_race_nobody_presses_and_a_race_times_out_at_random() -> None:
    _, timers, (host, guest) = howl_table(["Human", "Human", "Sensible"])
    timers.run(RACE_BOT_DELAY[1])  # nobody pressed: the bot was quicker
    snap = host.snapshot
    assert snap is not None and not snap.race
    assert "Player 3 howls first" in " ".join(snap.log)
    _, timers, (host, guest) = howl_table(["Human", "Human"])
    assert [s for s, _ in timers.waiting] == [RACE_WAIT]  # no bot: only the time limit
    guest.disconnect()  # away: it cannot stall the table
    timers.run(RACE_WAIT)
    snap = host.snapshot
    assert snap is not None and not snap.race
    assert "Nobody claimed the race in 10 s: chance chose" in snap.log
    assert " howls first" in " ".join(snap.log)


def test_a_claim_is_refused_when_no_race_is_on_and_to_a_seat_not_in_it() -> None:
    service, _, host, _ = wolf_table()
    assert "no race to win now" in refused(host, host.claim, service)
    stranger = local_client(service)
    assert "sits at no table" in refused(stranger, stranger.claim, service)
    timers = Timers()
    service = TableService(later=timers, seed=lambda: 7)
    rules = {"players": 2, "wolf": "howling_wolf", "roller_can_howl": False}
    host, _ = open_table(service, "shave_a_sheep", ["Human", "Human"], rules)
    host.start()
    state = host.state()
    assert state is not None
    host.roll(next(str(o) for o, _ in state.chance_outcomes() if "gray" in str(o)))
    assert host.snapshot.race and host.snapshot.claim is None  # type: ignore[index]
    assert "Player 1 is not in this race" in refused(host, host.claim, service)


def test_only_a_race_a_game_opts_into_is_left_to_the_devices() -> None:
    """Shave a Sheep's howl is a race (its outcomes say who claims them); the Sheep Race's draw
    for who goes first names a player too, but nobody claims it: it is drawn at once."""
    howl = sheepkit.load("shave_a_sheep", wolf="howling_wolf", players=3).new_game()
    gray = next(o for o, _ in howl.chance_outcomes() if "gray" in str(o))
    assert set(race_claims(howl.play(gray))) == {0, 1, 2}
    timers = Timers()
    service = TableService(later=timers, seed=lambda: 7)
    host, _ = open_table(service, "sheep_race", ["Human", "Human"], {"players": 2})
    host.start()
    snap = host.snapshot
    assert snap is not None and not snap.race and snap.ply >= 1 and timers.waiting == []
    for game in GAMES:
        rules, _ = GAMES[game]
        state = sheepkit.load(game, **rules).new_game()
        rng = random.Random(3)
        while not state.is_over:
            assert not race_claims(state) or game == "shave_a_sheep", (game, state.ply)
            chance = state.to_move == CHANCE
            state = state.play(
                state.sample_chance(rng) if chance else rng.choice(state.legal_moves())
            )
