"""The app's Rules section: one input per rule of the game, and a button to start again."""

from __future__ import annotations

import html
from collections.abc import Callable
from typing import Any

import ipywidgets as w

from ..core import InvalidRules
from ..core.rules import RuleInfo, Rules
from ..session import SessionError
from .rule_inputs import read_input, rule_input


class RulesPanel:
    """One input per rule parameter, read from the Rules dataclass, and a button to apply."""

    def __init__(self, rules: Rules, apply: Callable[[Rules], None]) -> None:
        self.apply = apply
        self.inputs: dict[str, w.Widget] = {}
        self.error = w.HTML()
        self.button = w.Button(
            description="New game with these rules",
            button_style="success",
            layout=w.Layout(width="auto"),
        )
        self.button.add_class("sk-apply-rules")
        self.button.on_click(lambda _: self._apply())
        self.widget = w.VBox()
        self.widget.add_class("sk-rules")
        self.show(rules)

    def show(self, rules: Rules) -> None:
        self.rules = rules
        self.inputs = {
            info.name: self._input(info, getattr(rules, info.name)) for info in rules.infos()
        }
        rows = [
            w.VBox([box, w.HTML(f"<small>{html.escape(info.doc)}</small>")])
            for info, box in zip(rules.infos(), self.inputs.values(), strict=True)
        ]
        self.widget.children = (*rows, self.button, self.error)

    @staticmethod
    def _input(info: RuleInfo, value: Any) -> w.Widget:
        return rule_input(info, value, style={"description_width": "140px"})

    def values(self) -> dict[str, Any]:
        """Each rule's value as the inputs hold it; InvalidRules names a rule whose text is
        not a value."""
        infos = {info.name: info for info in self.rules.infos()}
        return {name: read_input(infos[name], box) for name, box in self.inputs.items()}

    def _apply(self) -> None:
        try:
            rules = self.rules.replace(**self.values())
        except (InvalidRules, ValueError) as e:
            self.error.value = f"<span style='color:#b00020'>{html.escape(str(e))}</span>"
            return
        self.error.value = ""
        try:
            self.apply(rules)
        except SessionError as e:  # at a table: only the host chooses, before the start
            self.error.value = f"<span style='color:#b00020'>{html.escape(str(e))}</span>"
