"""Rules: a frozen dataclass per game whose fields are the rule parameters.

Each field is declared with :func:`rule`, which records a plain-language description and the
allowed values, so that validation, the app's rules panel and the rule lab all read one source.
"""

from __future__ import annotations

import dataclasses
import json
import re
from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING, Any

from .errors import InvalidRules, shown

if TYPE_CHECKING:
    from typing_extensions import Self  # typing.Self from Python 3.11; only mypy reads this


def rule(
    default: Any,
    doc: str,
    *,
    choices: tuple[Any, ...] | None = None,
    min: int | None = None,
    max: int | None = None,
    label: str | None = None,
    choice_labels: dict[Any, str] | None = None,
    setup: bool = False,
) -> Any:
    """Declare one rule parameter (a dataclass field with its description and allowed values).

    ``choice_labels`` words the values for people (``{"mr_wolf": "Mr. Wolf"}``; a bool rule may
    word True and False). ``setup`` puts the rule in the app's set-up row, beside the number of
    players and the seats, where a class starts: the game's main variant."""
    meta = {
        "doc": doc,
        "choices": choices,
        "min": min,
        "max": max,
        "label": label,
        "choice_labels": choice_labels or {},
        "setup": setup,
    }
    return field(default=default, metadata=meta)


@dataclass(frozen=True)
class RuleInfo:
    """What the app and the lab need to know to offer one rule parameter."""

    name: str
    label: str
    doc: str
    default: Any
    choices: tuple[Any, ...] | None
    min: int | None
    max: int | None
    choice_labels: dict[Any, str] = field(default_factory=dict, hash=False)
    #: Offered in the app's set-up row (players and seats are always there).
    setup: bool = False

    def choice_label(self, value: Any) -> str:
        """A value in words: its declared label, else the value with spaces for underscores."""
        if value in self.choice_labels:
            return self.choice_labels[value]
        if isinstance(value, bool):
            return "Yes" if value else "No"
        return str(value).replace("_", " ")


#: The most values (counting nested ones) a structured rule may hold: every game's tables fit
#: well within it (The Sheep Race's 12 cards are 96), and each game bounds its own shapes.
MAX_RULE_ITEMS = 256


def _size(value: object, limit: int) -> int:
    """How many values ``value`` holds, counting nested tuples; stops once past ``limit``."""
    count = 0
    stack = [value]
    while stack and count <= limit:
        item = stack.pop()
        if isinstance(item, tuple):
            count += len(item)
            stack.extend(item)
    return count


def _short(value: object) -> str:
    return shown(value)


def _tupled(value: Any) -> Any:
    """JSON gives lists; rules hold tuples so that they stay hashable and immutable."""
    if isinstance(value, list | tuple):
        return tuple(_tupled(v) for v in value)
    return value


def _all_tupled(values: dict[str, Any]) -> dict[str, Any]:
    out = {}
    for name, value in values.items():
        try:
            out[name] = _tupled(value)
        except RecursionError:
            raise InvalidRules(f"rule {name!r} is nested too deeply", name) from None
    return out


def _listed(value: Any) -> Any:
    if isinstance(value, tuple):
        return [_listed(v) for v in value]
    return value


#: The most digits a number in a rule's text may have (no rule needs more than a few).
MAX_RULE_DIGITS = 100

#: The longest text read as one rule value: the largest table (The Sheep Race's cards) is
#: under a thousand characters written out.
MAX_RULE_TEXT = 20_000


def rule_options(info: RuleInfo) -> list[tuple[str, Any]] | None:
    """The values a rule may take, each in words: its choices, or a yes/no rule's two values;
    None for a number or a table."""
    if info.choices is not None:
        return [(info.choice_label(v), v) for v in info.choices]
    if isinstance(info.default, bool):
        return [(info.choice_label(v), v) for v in (True, False)]
    return None


def value_words(info: RuleInfo, value: Any) -> str:
    """A rule's value as the inputs word it: a choice's label, a table as JSON, else the
    number."""
    if rule_options(info) is not None:
        return info.choice_label(value)
    return rule_text(value) if isinstance(value, tuple) else str(value)


def rule_text(value: Any) -> str:
    """A rule value as the text the app's rules panel and the rule lab edit: JSON, as records
    store rules (tuples are written as lists): ``[["grow"], ["double"]]``."""
    return json.dumps(_listed(value))


def rule_value(name: str, text: str) -> Any:
    """The rule value that JSON ``text`` (as :func:`rule_text` writes it) holds, lists read as
    tuples. Text that is not JSON raises InvalidRules naming the rule ``name``; whether the
    value suits the rule is for the rules themselves to check."""
    if len(text) > MAX_RULE_TEXT:
        raise InvalidRules(
            f"rule {name!r}: cannot read {len(text):,} characters as a value; a rule's text "
            f"has at most {MAX_RULE_TEXT:,}",
            name,
        )
    digits = max((len(run) for run in re.findall(r"[0-9]+", text)), default=0)
    if digits > MAX_RULE_DIGITS:  # Python itself refuses ints past 4,300 digits, in its words
        raise InvalidRules(
            f"rule {name!r}: a number of {digits:,} digits is far beyond any rule's range", name
        )
    try:
        return _tupled(json.loads(text))
    except RecursionError:
        raise InvalidRules(f"rule {name!r} is nested too deeply", name) from None
    except ValueError as e:
        raise InvalidRules(
            f"rule {name!r}: cannot read {_short(text)} as a value ({e}); write it as JSON, "
            f"e.g. {rule_text((1, 2))} or {rule_text(('a', 'b'))}",
            name,
        ) from None


@dataclass(frozen=True)
class Rules:
    """Base class of every game's rules. Subclasses are frozen dataclasses of `rule` fields."""

    def __post_init__(self) -> None:
        for f in fields(self):
            self._check_field(f, getattr(self, f.name))
        try:
            self.check()
        except InvalidRules:
            raise
        except (TypeError, ValueError, IndexError, KeyError, AttributeError) as e:
            # A safety net: every game checks the shape of its structured values itself and
            # names the field; a shape it did not foresee is still bad rules, not a crash.
            raise InvalidRules(f"{type(self).__qualname__}: malformed rule values ({e})") from None

    def _check_field(self, f: dataclasses.Field[Any], value: Any) -> None:
        meta = f.metadata
        name = f.name
        kind: type[object] = type(f.default)  # every rule field has a default
        if kind is bool:
            ok = isinstance(value, bool)
        elif kind is int:
            ok = isinstance(value, int) and not isinstance(value, bool)
        else:
            ok = isinstance(value, kind)
        if not ok:
            raise InvalidRules(
                f"rule {name!r} must be of type {kind.__name__}, not {type(value).__name__} "
                f"({_short(value)})",
                name,
            )
        if kind is tuple and _size(value, MAX_RULE_ITEMS) > MAX_RULE_ITEMS:
            raise InvalidRules(
                f"rule {name!r} holds more than {MAX_RULE_ITEMS} values; no game uses so many",
                name,
            )
        choices = meta.get("choices")
        if choices is not None and value not in choices:
            allowed = ", ".join(repr(c) for c in choices)
            raise InvalidRules(f"rule {name!r} must be one of {allowed}; got {_short(value)}", name)
        low, high = meta.get("min"), meta.get("max")
        if (low is not None and value < low) or (high is not None and value > high):
            raise InvalidRules(
                f"rule {name!r} must be between {low} and {high}; got {_short(value)}", name
            )

    def check(self) -> None:
        """Checks that involve several fields or structured values; raise InvalidRules."""

    @classmethod
    def infos(cls) -> tuple[RuleInfo, ...]:
        """Every rule parameter with its description and allowed values, in declaration order."""
        return tuple(
            RuleInfo(
                name=f.name,
                label=f.metadata.get("label") or f.name.replace("_", " ").capitalize(),
                doc=f.metadata.get("doc", ""),
                default=f.default,
                choices=f.metadata.get("choices"),
                min=f.metadata.get("min"),
                max=f.metadata.get("max"),
                choice_labels=dict(f.metadata.get("choice_labels") or {}),
                setup=bool(f.metadata.get("setup", False)),
            )
            for f in fields(cls)
        )

    @classmethod
    def _check_names(cls, values: dict[str, Any]) -> None:
        known = [f.name for f in fields(cls)]
        for name in values:
            if name not in known:
                raise InvalidRules(
                    f"{cls.__qualname__} has no rule {name!r}; its rules are: " + ", ".join(known),
                    name,
                )

    @classmethod
    def from_dict(cls, data: object) -> Self:
        """Rules from a mapping of rule names to values (a record's, JSON's lists read as
        tuples), naming any rule the game does not have. Changing some rules of others is
        :meth:`replace`."""
        if not isinstance(data, dict):
            raise InvalidRules(
                f"rules must be a mapping of rule names to values, not {_short(data)}"
            )
        for key in data:
            if not isinstance(key, str):
                raise InvalidRules(f"rule names are text, not {_short(key)}")
        cls._check_names(data)
        return cls(**_all_tupled(data))

    def to_dict(self) -> dict[str, Any]:
        """JSON-able values of every rule."""
        return {f.name: _listed(getattr(self, f.name)) for f in fields(self)}

    def changes(self) -> dict[str, Any]:
        """Only the rules that differ from the defaults, JSON-able."""
        defaults = type(self)()
        return {k: v for k, v in self.to_dict().items() if getattr(defaults, k) != _tupled(v)}

    def replace(self, **changes: Any) -> Self:
        """A copy with some rules changed; the new values are validated."""
        merged = {f.name: getattr(self, f.name) for f in fields(self)}
        self._check_names(changes)
        merged.update(_all_tupled(changes))
        return type(self)(**merged)
