"""One rule as one input, the same wherever a rule is offered: the app's Rules panel, its set-up
row and the Rule Lab. Each reads the rule's declaration (``rule(...)``: its ``label``, its
``choices`` worded by ``choice_labels``, its bounds), so that a value reads alike everywhere
("Mr. Wolf", never ``mr_wolf``).

A rule with choices, or a yes/no rule that words its two values, is a dropdown of those words;
another yes/no rule a tick box; a whole number a bounded number box; a table (a die's faces, the
Race's cards) JSON text, as records store it (``rule_text`` / ``rule_value``).
"""

from __future__ import annotations

from typing import Any

import ipywidgets as w

from ..core.rules import RuleInfo, rule_options, rule_text, rule_value

#: The bounds of a number box for a whole-number rule that declares none.
UNBOUNDED = 10**9


def rule_input(
    info: RuleInfo,
    value: Any,
    *,
    description: str | None = None,
    dropdown: bool = False,
    style: dict[str, str] | None = None,
    layout: w.Layout | None = None,
) -> w.Widget:
    """An input holding ``value`` for the rule ``info``, described by the rule's label unless
    ``description`` is given. ``dropdown=True`` offers a yes/no rule as a dropdown too."""
    description = info.label if description is None else description
    style = style or {"description_width": "initial"}
    options = rule_options(info)
    worded = bool(info.choice_labels)
    if options is not None and (dropdown or worded or not isinstance(info.default, bool)):
        return w.Dropdown(
            options=options,
            value=value,
            description=description,
            style=style,
            layout=layout or w.Layout(),
        )
    if isinstance(info.default, bool):
        return w.Checkbox(value=value, description=description, indent=False, style=style)
    if isinstance(info.default, int):
        return w.BoundedIntText(
            value=value,
            min=info.min if info.min is not None else -UNBOUNDED,
            max=info.max if info.max is not None else UNBOUNDED,
            description=description,
            style=style,
            layout=layout or w.Layout(),
        )
    return w.Textarea(
        value=rule_text(value),
        description=description,
        style=style,
        layout=layout or w.Layout(width="95%", height="60px"),
    )


def read_input(info: RuleInfo, widget: w.Widget) -> Any:
    """The rule value an input holds; text (a table) is read as JSON (``rule_value``:
    InvalidRules names the rule when it is not)."""
    if isinstance(widget, w.Textarea | w.Text):
        return rule_value(info.name, widget.value)
    return widget.value
