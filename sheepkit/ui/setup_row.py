"""The app's set-up row, where a class starts: how many players, who plays each seat, and the
game's main variant, in plain words. The full rules editor stays in the Rules panel below."""

from __future__ import annotations

import html
from typing import TYPE_CHECKING, Any

import ipywidgets as w

from ..core import Game, InvalidRules
from ..core.rules import RuleInfo, Rules, rule_options
from ..session import HUMAN
from .rule_inputs import rule_input

if TYPE_CHECKING:
    from .app import GameApp


def setup_rules(game_type: type[Game[Any, Any, Any]], rules: Rules) -> list[RuleInfo]:
    """The rules offered in the set-up row: the game's ``players_rule`` (how many play) and
    those declared ``setup``."""
    return [
        info
        for info in rules.infos()
        if info.name == game_type.players_rule
        or (info.setup and (info.choices is not None or isinstance(info.default, bool)))
    ]


def _options(game_type: type[Game[Any, Any, Any]], info: RuleInfo) -> list[tuple[str, Any]]:
    if info.name == game_type.players_rule:
        return [(f"{n} players", n) for n in game_type.player_counts()]
    return rule_options(info) or []


class SetupRow:
    """Dropdowns for the set-up rules (a change starts a new game) above the seat pickers."""

    def __init__(self, app: GameApp) -> None:
        self.app = app
        self.inputs: dict[str, w.Dropdown] = {}
        self._syncing = False
        self.rules_box = w.HBox(layout=w.Layout(flex_flow="row wrap", align_items="center"))
        self.pickers = [self._seat_picker(p) for p in range(app.game.num_players)]
        self.seats_box = w.HBox(self.pickers, layout=w.Layout(flex_flow="row wrap"))
        self.note = w.HTML()
        self.widget = w.VBox(
            [self.rules_box, self.seats_box, self.note], layout=w.Layout(margin="0 0 8px")
        )
        self.widget.add_class("sk-setup")
        self.show(app.game.rules)

    # -------------------------------------------------------------- the seat pickers --
    def _seat_picker(self, player: int) -> w.Dropdown:
        picker = w.Dropdown(
            options=[HUMAN, *self.app.screen.live.bot_factories],
            description=self.app.game.player_name(player),
            style={"description_width": "initial"},
            layout=w.Layout(width="auto", margin="0 16px 4px 0"),
        )
        picker.add_class("sk-seat")
        picker.observe(lambda c, p=player: self._picked(p, c["new"]), "value")
        return picker

    def _picked(self, player: int, name: str) -> None:
        if not self._syncing:
            self.app.set_seat(player, name)

    def sync_pickers(self) -> None:
        """One picker per seat, offering the game's bots, showing who sits there."""
        live = self.app.screen.live
        if len(self.pickers) != live.game.num_players:
            self.pickers = [self._seat_picker(p) for p in range(live.game.num_players)]
            self.seats_box.children = self.pickers
        self._syncing = True
        try:
            options = [HUMAN, *live.bot_factories]
            for picker, name in zip(self.pickers, live.seats, strict=True):
                if list(picker.options) != options:
                    picker.options = options
                picker.value = name if name in options else None
        finally:
            self._syncing = False

    # ------------------------------------------------------------- the set-up rules --

    def show(self, rules: Rules) -> None:
        """Offer (or re-show) the set-up rules of ``rules``, without starting a game."""
        game_type = type(self.app.game)
        infos = setup_rules(game_type, rules)
        if [i.name for i in infos] != list(self.inputs):
            self.inputs = {
                info.name: self._dropdown(info, getattr(rules, info.name)) for info in infos
            }
            self.rules_box.children = tuple(self.inputs.values())
        self._syncing = True
        try:
            for info in infos:
                dropdown = self.inputs[info.name]
                dropdown.options = _options(game_type, info)
                dropdown.value = getattr(rules, info.name)
        finally:
            self._syncing = False

    def _dropdown(self, info: RuleInfo, value: Any) -> w.Dropdown:
        layout = w.Layout(width="auto", margin="0 16px 4px 0")
        if info.name == type(self.app.game).players_rule:  # a count, not a rule's words
            dropdown = w.Dropdown(
                options=_options(type(self.app.game), info),
                value=value,
                description="Players",
                style={"description_width": "initial"},
                layout=layout,
            )
        else:
            dropdown = rule_input(info, value, dropdown=True, layout=layout)
        dropdown.tooltip = info.doc
        dropdown.add_class(f"sk-setup-{info.name.replace('_', '-')}")
        dropdown.observe(lambda change, name=info.name: self._changed(name, change["new"]), "value")
        return dropdown

    def _changed(self, name: str, value: Any) -> None:
        if self._syncing or getattr(self.app.game.rules, name) == value:
            return
        try:
            self.app.new_game({name: value})
        except InvalidRules as e:
            self.note.value = f"<span style='color:#b00020'>{html.escape(str(e))}</span>"
            self.show(self.app.game.rules)
            return
        self.note.value = ""
