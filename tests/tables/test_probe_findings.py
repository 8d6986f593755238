"""What an outside probe of the table service found (issue 39), each held to in-process
devices: a seat taken up again frees the old connection's slot, nothing sent before a game's
end foretells a roll, any token is refused in words, every rule a game declares reaches a
table, throwaway tables close soon, and a move during a race is refused in plain words."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from rule_tables import TABLE_RULES
from table_devices import act_randomly, fingerprint, open_table, play_out, room

from sheepkit.core import load
from sheepkit.core.registry import games
from sheepkit.tables import TableService, authority, local_client
from sheepkit.tables.authority import Device
from sheepkit.tables.protocol import MAX_DEPTH


class Raw:
    """A device driven by raw JSON, whose connection the service may drop (as a websocket's
    handler: a drop closes the connection, and nothing tells the service again)."""

    def __init__(self, service: TableService) -> None:
        self.service = service
        self.heard: list[dict[str, Any]] = []
        self.dropped: list[str] = []
        self.device: Device = service.connect(
            lambda text: self.heard.append(json.loads(text)), self.dropped.append
        )

    def send(self, **message: Any) -> dict[str, Any]:
        self.service.receive(self.device, json.dumps(message))
        return self.heard[-1]


# ------------------------------------------------------------------ 1: takeovers leak slots --
def test_a_seat_taken_up_again_300_times_leaves_room_for_200_new_devices() -> None:
    service, clock = room()
    host, guest = open_table(service, "wolf_and_sheep", ["Human", "Human"])
    code, token = guest.code or "", guest.token or ""
    last: Raw | None = None
    for _ in range(300):
        clock.now += 1
        taker = Raw(service)
        assert taker.send(op="rejoin", code=code, token=token)["op"] == "state"
        if last is not None:
            assert last.dropped  # the old connection was closed
        last = taker
    assert last is not None
    assert service.connected == {last.device, host.transport.device}  # type: ignore[union-attr]
    service.disconnect(last.device)
    host.disconnect()
    fresh = [Raw(service) for _ in range(200)]
    assert len(service.connected) == 200
    assert all(not r.heard for r in fresh)


# --------------------------------------------------------------- 2: records foretell rolls --
def _keys(value: Any) -> set[str]:
    if isinstance(value, dict):
        return set(value) | {k for v in value.values() for k in _keys(v)}
    if isinstance(value, list):
        return {k for v in value for k in _keys(v)}
    return set()


@pytest.mark.parametrize("game", ["shave_a_sheep", "sheep_race"])
def test_nothing_sent_before_the_end_tells_the_seed(game: str) -> None:
    """Every frame to every device, a record asked at every ply among them: none holds the
    seed (the dice stream is ``chance_rng(seed)``) until the game is over; then the record
    holds it."""
    seed = 7_340_163_990_274_541
    clock = room()[1]
    service = TableService(clock=clock, seed=lambda: seed)
    seats = ["Human"] * load(game).num_players
    devices = open_table(service, game, seats)
    frames: list[tuple[bool, str]] = []  # (the game was over when sent, the frame)
    table = next(iter(service.tables.values()))
    for device in devices:
        transport: Any = device.transport
        send = transport.device.send

        def heard(text: str, send: Any = send) -> None:
            frames.append((table.stage == "over", text))
            send(text)

        transport.device.send = heard
    devices[0].start()
    rng, asked = random.Random(3), 0
    for _ in range(3000):
        clock.now += 0.1
        if table.stage != "playing":
            break
        if rng.random() < 0.3:
            rng.choice(devices).ask_record()
            asked += 1
        act_randomly(devices, rng)
    assert table.stage == "over" and asked > 10
    before = [text for over, text in frames if not over]
    records = [json.loads(t)["record"] for t in before if json.loads(t)["op"] == "record"]
    if not load(game).hidden_information:  # (a game with hidden cards gives none before)
        assert len(records) > 10 and len({len(r["history"]) for r in records}) > 5
    for text in before:
        assert "seed" not in _keys(json.loads(text)), text[:200]
        assert str(seed) not in text
    devices[1].ask_record()
    assert devices[1].record is not None and devices[1].record["seed"] == seed


def test_a_tables_seed_is_too_large_to_guess_from_its_rolls() -> None:
    service = TableService()  # (below 2**50 twenty times running: one chance in 8**20)
    seeds = [service.seed() for _ in range(20)]
    assert max(seeds) >= 2**50 and max(seeds) < 2**53


# ------------------------------------------------------------------ 3: non-ASCII tokens --
@settings(max_examples=200, deadline=None)
@given(st.text())
def test_any_token_is_refused_in_words_and_changes_nothing(token: str) -> None:
    service, _ = room()
    open_table(service, "wolf_and_sheep", ["Human", "Human"])
    code = next(iter(service.tables))
    stranger = Raw(service)
    before = fingerprint(service)
    answer = stranger.send(op="rejoin", code=code, token=token)
    assert answer["op"] == "error" and answer["reason"], answer
    assert fingerprint(service) == before


# ------------------------------------------------------------ 4: every rule at a table --
#: A rule that holds only beside another (its companions).
COMPANIONS: dict[tuple[str, str], dict[str, Any]] = {
    ("lamb_mimes", "hand_size"): {"players": 2},
    ("wolf_and_sheep", "sheep_start"): {"board": 12},
}
#: A value of each structured rule that is not its default.
NESTED: dict[tuple[str, str], Any] = {
    **{(game, name): value for game, name, value in TABLE_RULES},
    ("lamb_mimes", "mime_numbers"): (2, 3, 5, 7),
    ("sheep_race", "semifinal_dice"): ((1, 1, 2, 2, 3, 3), (2, 0, 0, 0, 0, 1)),
    ("sheep_race", "semifinal_payoffs"): (
        (10, 9, 8, 7, 6, 5),
        (5, 4, 3, 2, 1, 0),
        (3, 2, 1, 0, 0, 0),
    ),
    ("sheep_race", "final_payoffs"): (20, 15, 10, 5, 2, 0),
    ("sheep_race", "bonus"): (0, 5),
}


def _nested(game: str, name: str, default: Any) -> Any:
    if (game, name) in NESTED:
        return NESTED[game, name]
    if (game, name) == ("sheep_race", "cards"):  # the first card renamed and quicker
        first = ("Stilton", *default[0][1:6], default[0][6] + 1)
        return (first, *default[1:])
    raise AssertionError(f"no non-default value for {game}'s {name}: add one to NESTED")


def extreme_rules() -> list[tuple[str, dict[str, Any]]]:
    """Every rule of every registered game at each of its extremes: its least and greatest
    value, each choice, a bool's other value, a structured rule's other table."""
    cases: list[tuple[str, dict[str, Any]]] = []
    for key in games():
        for info in type(load(key).rules).infos():
            values: list[Any] = []
            if info.min is not None:
                values += [info.min, info.max]
            if info.choices is not None:
                values += [c for c in info.choices if c != info.default]
            if isinstance(info.default, bool):
                values.append(not info.default)
            if isinstance(info.default, tuple):
                values.append(_nested(key, info.name, info.default))
            assert values, f"{key}'s rule {info.name} has no extreme here"
            for value in values:
                rules = {**COMPANIONS.get((key, info.name), {}), info.name: value}
                cases.append((key, json.loads(json.dumps(rules))))
    return cases


def _depth(value: Any) -> int:
    return 1 + max(map(_depth, value), default=0) if isinstance(value, tuple | list) else 0


def test_a_message_may_nest_as_deep_as_the_deepest_rule() -> None:
    deepest = max(_depth(info.default) for key in games() for info in type(load(key).rules).infos())
    assert 2 + deepest <= MAX_DEPTH  # the message, its "rules", then the value's lists


@pytest.mark.parametrize(
    ("game", "rules"), extreme_rules(), ids=lambda v: v if isinstance(v, str) else None
)
def test_every_rule_at_its_extremes_opens_a_table_and_plays(
    game: str, rules: dict[str, Any]
) -> None:
    service, clock = room()
    count = load(game, **rules).num_players
    devices = open_table(service, game, ["Human"] + ["Random"] * (count - 1), rules)
    host = devices[0]
    assert host.snapshot is not None and host.snapshot.rules == load(game, **rules).rules.changes()
    host.set_rules(rules)  # the host's Rules panel sends them so too
    assert not host.errors, host.errors
    host.start()
    rng = random.Random(0)
    for _ in range(6):
        clock.now += 0.1
        act_randomly(devices, rng)
    assert not host.errors, host.errors
    assert host.snapshot.stage in ("playing", "over") and host.snapshot.ply > 0  # type: ignore[index]


# ------------------------------------------------------------ 6: throwaway tables close --
def test_a_lobby_whose_host_is_gone_closes_after_a_grace_for_a_reload() -> None:
    service, clock = room()
    for _ in range(40):  # forty throwaway connections: open a table, go
        device = local_client(service)
        device.open("wolf_and_sheep", ["Human", "Human"])
        device.disconnect()
    assert len(service.tables) == 40
    clock.now += authority.HOST_GRACE - 1
    assert service.close_idle() == []
    clock.now += 1
    assert len(service.close_idle()) == 40 and service.tables == {}
    host = local_client(service)
    host.open("wolf_and_sheep", ["Human", "Human"])
    assert host.seated is not None


def test_a_host_who_reloads_within_the_grace_keeps_the_lobby() -> None:
    service, clock = room()
    host, guest = open_table(service, "wolf_and_sheep", ["Human", "Human"])
    code, token = host.code or "", host.token or ""
    host.disconnect()
    clock.now += authority.HOST_GRACE - 1
    back = local_client(service)
    back.rejoin(code, token)
    clock.now += 10 * authority.HOST_GRACE
    assert service.close_idle() == [] and back.seated is not None
    back.start()
    assert back.snapshot.stage == "playing"  # type: ignore[index]
    back.disconnect()  # once the game is on, an away host waits like any seat
    clock.now += 10 * authority.HOST_GRACE
    assert service.close_idle() == [] and guest.seated is not None


def test_one_connection_holds_one_open_table_at_most() -> None:
    """A throwaway connection cannot open a second table: one seat per device, the host does
    not leave, and a seat taken up on another connection closes the old one."""
    service, _ = room()
    opener = Raw(service)
    seated = opener.send(op="open", game="wolf_and_sheep", seats=["Human", "Human"])
    code = next(iter(service.tables))
    token = next(m["token"] for m in opener.heard if m["op"] == "seated")
    again = opener.send(op="open", game="wolf_and_sheep", seats=["Human", "Human"])
    assert again["op"] == "error" and "one seat per device" in again["reason"], again
    assert opener.send(op="leave")["op"] == "error"
    assert Raw(service).send(op="rejoin", code=code, token=token)["op"] == "state"
    assert opener.dropped and opener.device not in service.connected
    assert len(service.tables) == 1 and seated["op"] == "state"


def test_a_finished_game_frees_its_table_soon() -> None:
    service, clock = room()
    host, guest = open_table(service, "wolf_and_sheep", ["Human", "Human"])
    host.start()
    play_out([host, guest], random.Random(4))
    code = host.code
    assert host.snapshot.stage == "over"  # type: ignore[index]
    guest.ask_record()  # (saving the record is no play: it keeps nothing open)
    clock.now += authority.OVER_CLOSE - 1
    assert service.close_idle() == []
    clock.now += 1
    assert service.close_idle() == [code]
    assert service.tables == {} and "over" in (guest.closed or "")


# ------------------------------------------------------------------- 7: a race's words --
def test_a_move_during_a_race_is_refused_in_plain_words() -> None:
    service = TableService(later=lambda seconds, callback: None, seed=lambda: 7)  # nobody claims
    rules = {"players": 2, "wolf": "howling_wolf"}
    host, guest = open_table(service, "shave_a_sheep", ["Human", "Human"], rules)
    host.start()
    state = host.state()
    assert state is not None
    host.roll(next(str(o) for o, _ in state.chance_outcomes() if "gray" in str(o)))
    ply = host.snapshot.ply  # type: ignore[index]
    assert host.snapshot.race  # type: ignore[index]
    guest.send_text(json.dumps({"op": "move", "move": "pass", "ply": ply}))
    assert guest.errors[-1] == "it is not your turn: it is a race (be the first to claim it)"


def test_the_hello_page_states_the_new_limits() -> None:
    limits = TableService().limits()
    assert limits["lobby_without_host_seconds"] == authority.HOST_GRACE == 60
    assert limits["game_over_close_seconds"] == authority.OVER_CLOSE == 300
    assert limits["tables_per_connection"] == 1
