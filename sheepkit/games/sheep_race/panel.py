"""The Sheep Race's own controls in the app: the roll, the paces that are not allowed (and
why), the results of each race, the standings, and a note on what sheepkit invented.

A race turn in the app: the human whose turn it is presses the app's Roll button (the roll is
public, ``rolled_in_the_open``, so the app neither rolls it by itself nor hides it, and passes
the device before it); the selected sheep is outlined on the board; the app's move buttons
offer the legal paces with their distance and cube cost, and this panel lists the other paces,
disabled, with the reason.
"""

from __future__ import annotations

import html
from typing import Any

import ipywidgets as w

from ...core import CHANCE
from ...ui.panel import Panel
from .engine import (
    HIDDEN,
    PACE,
    PACES,
    RACE_NAMES,
    VISIBLE,
    SheepRaceState,
    pace_problem,
)
from .rules import lane_odds
from .words import PLACES, pace_words


class SheepRacePanel(Panel):
    """Placed by the app under its move buttons; ``refresh(app)`` runs after every change."""

    def __init__(self, app: Any) -> None:
        self.illegal_box = w.VBox()
        self.illegal_box.add_class("sk-illegal-paces")
        self.payoffs = w.HTML()
        self.payoffs.add_class("sk-payoffs")
        self.results = w.HTML()
        self.results.add_class("sk-race-results")
        self.note = w.HTML(ours_note(app.game))
        self.note.add_class("sk-ours-note")
        super().__init__([self.illegal_box, self.payoffs, self.results, self.note])
        self.add_class("sk-race-panel")

    def refresh(self, app: Any) -> None:
        state = app.state
        self._illegal(app, state)
        self.results.value = "" if app.curtain_for is not None else results_html(state)
        self.note.value = ours_note(app.game)
        betting = isinstance(state, SheepRaceState) and state.phase in (VISIBLE, HIDDEN)
        self.payoffs.value = payoffs_html(state) if betting and app.curtain_for is None else ""

    def _illegal(self, app: Any, state: Any) -> None:
        human = (
            isinstance(state, SheepRaceState)
            and state.phase == PACE
            and state.to_move != CHANCE
            and app.is_human(state.to_move)
            and app.curtain_for is None
        )
        if not human:
            self.illegal_box.children = ()
            return
        lane = state.selected
        buttons = []
        for pace in PACES:
            problem = pace_problem(state.cubes[lane], state.in_end_zone(lane), pace)
            if problem is None:
                continue
            button = w.Button(
                description=f"{pace_words(pace)}: not allowed, {problem}",
                disabled=True,
                layout=w.Layout(width="auto"),
                tooltip=problem,
            )
            button.add_class("sk-pace-illegal")
            buttons.append(button)
        self.illegal_box.children = tuple(buttons)


def payoffs_html(state: Any) -> str:
    """What a bet on each lane pays in this race, beside how often the dice pick the lane."""
    rules = state.game.rules
    final = state.race == 2
    odds = lane_odds(rules.final_dice if final else rules.semifinal_dice)
    head = "<th>win</th>" if final else "<th>1st</th><th>2nd</th><th>3rd</th>"
    rows = []
    for lane in range(len(state.lanes)):
        pays = (
            [rules.final_payoffs[lane]]
            if final
            else [rules.semifinal_payoffs[k][lane] for k in range(3)]
        )
        cells = "".join(f"<td>{v}</td>" for v in pays)
        name = html.escape(state.game.card_name(state.lanes[lane]))
        rows.append(
            f"<tr><td>{lane + 1} {name}</td><td>{odds[f'lane {lane + 1}']}</td>{cells}</tr>"
        )
    return (
        "<div><b>What a bet pays</b> (and how often the dice pick the lane)</div>"
        "<table cellpadding='2' style='line-height:1.25'>"
        f"<tr><th>lane</th><th>picked</th>{head}</tr>{''.join(rows)}</table>"
    )


def ours_note(game: Any) -> str:
    """What sheepkit invented, said plainly (the rules may have changed the track)."""
    return (
        "<div style='font-size:0.9em;color:#555;max-width:420px'>Note: the rule text prints "
        "only one sheep card (Requeijao). The other eleven cards and the "
        f"{game.rules.track}-square track are sheepkit's own inventions.</div>"
    )


def results_html(state: Any) -> str:
    """The scored races (places, everyone's bets and points) and the running standings."""
    game = state.game
    n = game.rules.players
    rows = []
    for result in state.results:
        placed = ", ".join(
            f"{PLACES[i]} lane {lane + 1} {game.card_name(card)}"
            for i, (lane, card) in enumerate(zip(result.placings, result.cards, strict=True))
        )
        bets = "; ".join(
            f"{game.player_name(p)} {'+'.join(str(b + 1) for b in result.bets[p])}: "
            f"{result.points[p]}"
            for p in range(n)
        )
        rows.append(
            f"<li><b>{RACE_NAMES[result.race].capitalize()}:</b> {html.escape(placed)}<br>"
            f"<small>Bets and points: {html.escape(bets)}</small></li>"
        )
    ranking = sorted(range(n), key=lambda p: (-state.points[p], -state.stamps[p]))
    standings = ", ".join(f"{game.player_name(p)} {state.points[p]}" for p in ranking)
    table = (
        f"<ul style='margin:0;padding-left:1.2em'>{''.join(rows)}</ul>"
        if rows
        else "<div><i>No race scored yet.</i></div>"
    )
    return (
        f"<div style='max-width:460px'><div><b>Results</b></div>{table}<div><b>Standings</b> "
        f"(on a tie, the token on top first): {html.escape(standings)}</div></div>"
    )
