"""The Battle Sheep lesson: pictures of the rules, and seeded measurements of the game.

Every number the lesson's text quotes comes from a seeded run here, so it comes out the same
every time. The pictures are drawn by the app's own board view (sheepkit.ui.picture).
"""

from __future__ import annotations

import statistics
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import sheepkit

from ...bots import RandomBot, play_game
from ...lab import mean_interval, wilson
from . import geometry as geo
from .bots import GreedyBot, StrongBot, evaluate, first_reached, territory
from .engine import BattleSheepState

Interval = tuple[float, float]

# -- the rules in pictures ---------------------------------------------------------------------
SPLIT = """
@c3
.   .   .   .   .
  .   A16 .   .   .
.   .   .   .   B16
"""
EDGE = """
@c3
.   .   .   .   -   -
  A10 .   .   .   -   -
B6  .   .   -   -   -
"""
BEFORE_STACK = """
@c3
.   .   .   .   .
  A10 .   .   B3  .
.   .   .   .   .
"""
BLOCKED = """
@c3
.   B1  B2  .
  A1  A9  B1  .
.   A1  B3  .
"""
TIE = """
@c3
A1  A1  -   B1  B1
  -   -   -   B1  -
A1  -   -   -   -
"""
#: The ready-made fields, for pictures.
READY = ("tight", "open", "holes")


def position(text: str, players: int = 2, **rules: Any) -> BattleSheepState:
    """A made-up position in the text board format, Player 1 to move."""
    game = sheepkit.load("battle_sheep", players=players, **rules)
    return game.from_text(text)  # type: ignore[attr-defined, no-any-return]


#: Pictures use a smaller canvas than the app, shrunk less, so that their text stays readable.
PICTURE_SIZE = (400, 330)


def _picture(state: BattleSheepState, caption: str, move: str | None = None, **kw: Any) -> Any:
    from ...ui.picture import picture
    from .drawing import BattleSheepDrawing

    kw.setdefault(
        "drawing", BattleSheepDrawing(width=PICTURE_SIZE[0], height=PICTURE_SIZE[1], hints=False)
    )
    if move is None:
        return picture(state, caption=caption, **kw)
    split = state.parse(move)
    selection = (split.source, split.count)  # type: ignore[attr-defined]
    marks = kw["drawing"].selected_moves(state, selection)
    return picture(state, caption=caption, selection=selection, highlights=marks, **kw)


def before_after(text: str, move: str, before: str, after: str, scale: float = 0.75) -> Any:
    """Two pictures: the position with the chosen stack and its end hexes marked, then the
    position after ``move``."""
    from ...ui.picture import pictures

    state = position(text)
    return pictures(
        _picture(state, before, move, scale=scale),
        _picture(state.play(move), after, scale=scale),
    )


def rule_picture(text: str, caption: str, scale: float = 0.75, **rules: Any) -> Any:
    """One position, with its caption."""
    return _picture(position(text, **rules), caption, scale=scale)


# -- measurements ------------------------------------------------------------------------------
def field_pictures(scale: float = 0.7) -> Any:
    """The three ready-made fields for two players (8 tiles each)."""
    from ...ui.picture import pictures

    words = {
        "tight": "<b>tight</b>: packed close",
        "open": "<b>open</b>: long arms",
        "holes": "<b>holes</b>: gaps inside",
    }
    return pictures(
        *(
            _picture(sheepkit.load("battle_sheep", field=f).new_game(), words[f], scale=scale)
            for f in READY
        )
    )


@dataclass(frozen=True)
class Measure:
    """Seeded games of one kind: how long they last, and how often seat 1 wins."""

    name: str
    games: int
    length: float  # mean number of splits per game
    length_ci: Interval
    first: float  # share of the wins that went to Player 1 (a shared win is split)
    first_ci: Interval
    fair: float  # what the share would be if seats did not matter: 1 / players

    def line(self) -> str:
        lo, hi = self.first_ci
        return (
            f"{self.name:<24} {self.length:5.1f} splits   Player 1 wins "
            f"{self.first:6.1%} [{lo:.0%}, {hi:.0%}] (fair: {self.fair:.0%})"
        )


@lru_cache(maxsize=64)
def measure(
    name: str, n: int, players: int = 2, field: str = "random", bot: str = "Random", seed: int = 0
) -> Measure:
    """``n`` games between copies of ``bot``; with field='random' every game has its own field
    (seeds seed, seed+1, ...), otherwise all games share the ready-made field."""
    lengths, first = [], 0.0
    for i in range(n):
        rules = {"players": players, "field": field, "seed": seed + i}
        game = sheepkit.load("battle_sheep", **rules)
        bots = [GreedyBot() if bot == "Greedy" else RandomBot() for _ in range(players)]
        final = play_game(game, bots, seed=seed + i)
        lengths.append(sum(1 for m in final.history if type(m).__name__ == "Split"))
        winners = final.winners()
        first += 1 / len(winners) if 0 in winners else 0.0
    return Measure(
        name,
        n,
        statistics.fmean(lengths),
        mean_interval(lengths),
        first / n,
        wilson(first, n),
        1 / players,
    )


def first_player(n_random: int = 300, n_greedy: int = 30, seed: int = 0) -> list[Measure]:
    """Player 1's share of wins with 2, 3 and 4 players: random players on many random
    fields, and two Greedy bots (slower, so fewer games)."""
    rows = [measure(f"{p} players, Random", n_random, players=p, seed=seed) for p in (2, 3, 4)]
    rows.append(measure("2 players, Greedy", n_greedy, bot="Greedy", seed=seed))
    return rows


def field_shapes(n: int = 300, seed: int = 0) -> list[Measure]:
    """Random players on the three ready-made fields, and on random fields."""
    return [
        measure(
            f"field '{field}'" if field in READY else "2 players, Random", n, field=field, seed=seed
        )
        for field in (*READY, "random")
    ]


def holes_table(fields: int = 300) -> list[tuple[int, int, float]]:
    """Random fields sorted by how many holes they have: (holes, fields, mean pastures that
    touch the outside). A field with holes has edges inside it too."""
    from .fields import random_field

    by_holes: dict[int, list[int]] = {}
    for seed in range(fields):
        field = random_field(seed, 8)
        by_holes.setdefault(min(geo.holes(field), 3), []).append(len(geo.outer_edge(field)))
    return [(h, len(v), statistics.fmean(v)) for h, v in sorted(by_holes.items())]


#: Light tints of the players' colours for territory, and grey for a contested pasture.
TINTS = ("#A9CCE8", "#F2C2A0", "#9FD9C6", "#EBC6DA")
CONTESTED = "#CFCFCF"


def territory_picture(state: BattleSheepState, caption: str, scale: float = 0.75) -> Any:
    """``state`` with every empty pasture tinted in the colour of the player who reaches it
    first (grey: two players at once), as the bots count territory."""
    from ...ui.picture import picture
    from .drawing import GRASS, BattleSheepDrawing

    owners = first_reached(state)

    class TerritoryView(BattleSheepDrawing):
        def pasture_colour(self, state: BattleSheepState, cell: int) -> str:
            owner = owners.get(cell)
            if owner is None:
                return GRASS
            return CONTESTED if owner == -2 else TINTS[owner]

    return picture(
        state,
        caption=caption,
        scale=scale,
        drawing=TerritoryView(width=PICTURE_SIZE[0], height=PICTURE_SIZE[1], hints=False),
    )


def strong_move(state: BattleSheepState, nodes: int = 3000) -> Any:
    """The Strong bot's move in ``state`` with a fixed budget (the same every run)."""
    import random

    bot = StrongBot(nodes=nodes, time_limit=None)
    return bot.choose(state, state.legal_moves(), random.Random(0)), bot.depth_reached


def territory_pictures(text: str) -> Any:
    """Territory before and after the Strong bot's move in the position ``text``."""
    from ...ui.picture import pictures

    def reached(state: BattleSheepState) -> str:
        owners = list(first_reached(state).values())
        return f"Player 1 reaches {owners.count(0)} empty hexes first, Player 2 {owners.count(1)}"

    state = position(text)
    move, _ = strong_move(state)
    after = state.play(move)
    return pictures(
        territory_picture(state, f"Before: {reached(state)}."),
        territory_picture(after, f"After the Strong bot's {move}: {reached(after)}."),
    )


def what_strong_sees(state: BattleSheepState, nodes: int = 3000) -> str:
    """What the Strong bot counts in ``state``, and the move it picks with a node budget."""

    claim, mobile, _ = territory(state)
    scores = state.scores()
    name = state.game.player_name
    lines = [f"{'':<16}{'pastures':>9}{'can claim':>10}{'stacks that move':>18}"]
    for p in range(state.game.rules.players):
        lines.append(f"{name(p):<16}{scores[p]:>9}{claim[p]:>10}{mobile[p]:>18}")
    me = state.to_move
    assert me is not None
    lines.append(f"Value for {name(me)}: {evaluate(state, me, (1.0, 0.0, 0.0)):+.0f}")
    move, depth = strong_move(state, nodes)
    after = state.play(move)
    lines.append(
        f"Strong plays {move} (searched {depth} moves deep); value after: "
        f"{evaluate(after, me, (1.0, 0.0, 0.0)):+.0f}"
    )
    return "\n".join(lines)
