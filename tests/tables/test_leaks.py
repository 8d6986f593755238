"""Hidden information stays on its owner's device, tested on what goes over the wire.

Differential tests: the same table is run twice, the second time with only another seat's
hidden cards (Lamb Mimes) or hidden bets (The Sheep Race) changed, every move mirrored; every
message to seat 0 must be the same in both, up to the point the rules reveal that information
(seat 0's view of the two true states differs). And check_game's wire check catches a view
that sends more than it compares and a log that names a hidden card."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable
from typing import Any

import pytest
from table_devices import open_table, room
from toy_games import HighCard, HighCardState, HighCardView

import sheepkit
from sheepkit.core.check import GameCheckFailed, check_game
from sheepkit.core.words import Words
from sheepkit.tables import TableClient


class Recorded:
    """A table of human devices in every seat, every message to each recorded."""

    def __init__(self, game: str, rules: dict[str, Any], deal: list[str] | None) -> None:
        self.service, self.clock = room()
        seats = ["Human"] * sheepkit.load(game, **rules).num_players
        self.devices = open_table(self.service, game, seats, rules)
        self.heard: list[list[dict[str, Any]]] = [[] for _ in seats]
        for seat, device in enumerate(self.devices):
            device.on(lambda message, seat=seat: self.heard[seat].append(message.as_dict()))
        (self.table,) = self.service.tables.values()
        session = self.table.session
        for outcome in deal or []:  # the deal, made by the test (as the table would)
            session.roll(session.state.parse(outcome))
        self.devices[0].start()

    def actor(self) -> TableClient | None:
        for device in self.devices:
            snap = device.snapshot
            if snap and snap.stage == "playing" and (snap.legal or snap.may_roll):
                return device
        return None

    def view(self, seat: int) -> Any:
        return self.table.session.state.view(seat)


def shown(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """The messages as compared: without the table's code (each table has its own) and the
    seat's token (each device has its own)."""
    return [
        {k: v for k, v in m.items() if k not in ("code", "token")}
        for m in messages
        if m["op"] != "seated"
    ]


def mirrored(
    game: str,
    rules: dict[str, Any],
    deals: tuple[list[str] | None, list[str] | None] = (None, None),
    choose: Callable[[int, list[str], random.Random], tuple[str, str]] | None = None,
) -> tuple[int, bool]:
    """Run table A and its changed twin B in lockstep; (steps whose messages to seat 0 were
    compared, whether another seat was told something different meanwhile)."""
    a, b = Recorded(game, rules, deals[0]), Recorded(game, rules, deals[1])
    rng = random.Random(8)
    compared, others_differ = 0, False
    assert shown(a.heard[0]) == shown(b.heard[0])
    others_differ = any(shown(a.heard[s]) != shown(b.heard[s]) for s in range(1, len(a.heard)))
    for _ in range(3000):
        a.clock.now += 0.1
        b.clock.now += 0.1
        actor = a.actor()
        if actor is None:
            break
        seat = actor.seat or 0
        twin = b.devices[a.devices.index(actor)]
        counts = [len(h) for h in (*a.heard, *b.heard)]
        snap, twin_snap = actor.snapshot, twin.snapshot
        assert snap is not None and twin_snap is not None
        if snap.legal:
            move, other = (choose or (lambda s, legal, r: (r.choice(legal),) * 2))(
                seat, snap.legal, rng
            )
            if other not in twin_snap.legal:
                break  # B cannot mirror A: the changed information is being played
            actor.move(move)
            twin.move(other)
        else:
            actor.roll()
            twin.roll()
        if a.view(0) != b.view(0):
            break  # the rules revealed it to seat 0: from here the messages may differ
        new_a = [h[n:] for h, n in zip(a.heard, counts, strict=False)]
        new_b = [h[n:] for h, n in zip(b.heard, counts[len(a.heard) :], strict=False)]
        assert shown(new_a[0]) == shown(new_b[0]), f"seat 0 was told more at step {compared}"
        others_differ |= any(
            shown(x) != shown(y) for x, y in zip(new_a[1:], new_b[1:], strict=True)
        )
        compared += 1
    return compared, others_differ


def lamb_mimes_deals() -> tuple[list[str], list[str]]:
    """A deal of three hands, and the same deal with one card of seat 1's and one of seat 2's
    exchanged (seat 0's hand, the discard pile's first card: the same)."""
    game = sheepkit.load("lamb_mimes", players=3)
    state, rng = game.new_game(), random.Random(2)
    deal: list[tuple[int | None, str]] = []
    while state.to_move == sheepkit.CHANCE:
        move = state.sample_chance(rng)
        deal.append((state.acting_player, str(move)))
        state = state.play(move)
    ones = [i for i, (p, _) in enumerate(deal) if p == 1]
    twos = [i for i, (p, _) in enumerate(deal) if p == 2]
    i, j = next((i, j) for i in ones for j in twos if deal[i][1] != deal[j][1])
    changed = [m for _, m in deal]
    changed[i], changed[j] = changed[j], changed[i]
    return [m for _, m in deal], changed


def test_three_player_lamb_mimes_tells_no_seat_anothers_hand() -> None:
    compared, others_differ = mirrored("lamb_mimes", {"players": 3}, lamb_mimes_deals())
    assert others_differ, "the changed hands were never told to their owners"
    assert compared >= 3


def test_the_sheep_race_tells_no_seat_anothers_hidden_bets() -> None:
    def choose(seat: int, legal: list[str], rng: random.Random) -> tuple[str, str]:
        hidden = [m for m in legal if m.startswith("bet hidden")]
        if seat == 1 and hidden:
            return hidden[0], hidden[1]  # B's seat 1 hides other bets
        move = rng.choice(legal)
        return move, move

    compared, others_differ = mirrored("sheep_race", {"players": 3}, choose=choose)
    assert others_differ, "the changed bets were never told to their owner"
    assert compared >= 10


# -- check_game's wire check, on broken copies of the toy card game ---------------------------


@dataclasses.dataclass(frozen=True)
class OversharingView(HighCardView):
    """The view compares as before, but carries the other player's card along."""

    theirs: int | None = dataclasses.field(default=None, compare=False)

    def determinize(self, rng: random.Random) -> OversharingState:
        state = OversharingState(self.game, None, None)
        for move in super().determinize(rng).history:
            state = state.play(move)
        return state


class OversharingState(HighCardState):
    def _apply(self, move: Any) -> OversharingState:
        after = super()._apply(move)
        return OversharingState(self.game, after.cards, after.guess)

    def view(self, player: int) -> HighCardView:
        base = super().view(player)
        theirs = self.cards[1 - player] if self.cards else None
        return OversharingView(**dataclasses.asdict(base) | {"game": self.game}, theirs=theirs)


class Oversharing(HighCard):
    name = "toy_oversharing"

    def new_game(self) -> OversharingState:
        return OversharingState(self, None, None)


class TellingWords(Words[Any]):
    def log_label(self, state: Any, move: Any, viewer: int | None) -> str | None:
        if state.cards is None:
            return "the cards are dealt"
        return f"Player 1 says {move} holding {state.cards[0]}"  # reads player 1's card


@pytest.fixture
def registered() -> Any:
    def register(game_type: type, words: Any = None) -> None:
        sheepkit.register(game_type, words=words)
        names.append(game_type.name)

    names: list[str] = []
    yield register
    for name in names:
        sheepkit.core.registry.unregister(name)


def test_check_game_catches_a_view_that_sends_more_than_it_compares(registered: Any) -> None:
    registered(Oversharing)
    with pytest.raises(GameCheckFailed, match="what a table sends player"):
        check_game(Oversharing(), games=5)


@pytest.mark.usefixtures("dice_race_and_high_card")
def test_check_game_catches_a_log_line_that_reads_a_hidden_card(registered: Any) -> None:
    class Telling(HighCard):
        name = "toy_telling"

    registered(Telling, TellingWords)
    with pytest.raises(GameCheckFailed, match=r"log line for (higher|lower)"):
        check_game(Telling(), games=5)
    check_game(HighCard(), games=5)  # the honest game passes
