"""Declared ruleset keys: each game states, as data, which keys exist and the bounds of each value.

A game lists its keys once (`engine/<game>/ruleset_schema.py`):

    SCHEMA = {
        "setup.hand_size": Int(1, 30),
        "setup.bonus_tokens": Ints(0, 1000, max_len=10, column="bonus"),
        "timing.*.mean_ms": Number(1, 600_000),       # '*' stands for one key segment
        "caprices.*.condition": Table(),              # checked by the game's own builder
    }

and `load_ruleset(path, game, SCHEMA, columns)` checks every value before a
game is played: an unknown key is rejected with the closest known key
suggested; a value outside its rule's bounds, or too large for the lake
column it is written to (`column=`), is rejected naming the file, the key,
the bounds and the fix. Games keep only the checks that relate several
values (a deck big enough for the players, say) in their config builders.
"""

from __future__ import annotations

import difflib
import importlib
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.core.errors import RulesetError

DISPLAY_PREFIX = "names."  # display names: allowed in every ruleset, outside the digest (engine.core.ruleset)
_INT_RANGES = {"int4": 3, "int8": 7, "int16": 15, "int32": 31, "int64": 63}  # value bits (int4: tests)


@dataclass(frozen=True)
class Rule:
    """What one ruleset key may hold."""

    kind: str  # int | number | bool | choice | ints | names | text | table
    low: float | None = None
    high: float | None = None
    choices: tuple[Any, ...] = ()
    min_len: int = 0
    max_len: int = 1000
    column: str | None = None  # the lake column the value (or each item) is written to

    def describe(self) -> str:
        if self.kind in ("int", "number"):
            return f"a {'whole ' if self.kind == 'int' else ''}number from {self.low:g} to {self.high:g}"
        if self.kind == "ints":
            return f"a list of {self.min_len}-{self.max_len} whole numbers from {self.low:g} to {self.high:g}"
        if self.kind == "points":
            return f"a table of size = points entries with points from {self.low:g} to {self.high:g}"
        if self.kind == "choice":
            return "one of " + ", ".join(repr(c) for c in self.choices)
        if self.kind == "names":
            allowed = f" among {', '.join(self.choices)}" if self.choices else ""
            return f"a list of {self.min_len}-{self.max_len} names{allowed}"
        return {"bool": "true or false", "text": "a text", "table": "a table"}[self.kind]


def Int(low: int, high: int, column: str | None = None) -> Rule:  # noqa: N802 - reads as a type in a schema
    return Rule("int", low, high, column=column)


def Number(low: float, high: float) -> Rule:  # noqa: N802
    return Rule("number", low, high)


def Bool() -> Rule:  # noqa: N802
    return Rule("bool")


def Choice(*options: Any) -> Rule:  # noqa: N802
    return Rule("choice", choices=tuple(options))


def Ints(low: int, high: int, min_len: int = 1, max_len: int = 64, column: str | None = None) -> Rule:  # noqa: N802
    return Rule("ints", low, high, min_len=min_len, max_len=max_len, column=column)


def Names(min_len: int = 1, max_len: int = 64, among: tuple[str, ...] = ()) -> Rule:  # noqa: N802
    return Rule("names", choices=among, min_len=min_len, max_len=max_len)


def Text(max_len: int = 200) -> Rule:  # noqa: N802
    return Rule("text", max_len=max_len)


def Points(low: int, high: int, column: str | None = None) -> Rule:  # noqa: N802
    """A table of `size = points` entries (sizes are whole numbers, points within low..high)."""
    return Rule("points", low, high, min_len=1, max_len=100, column=column)


def Table() -> Rule:  # noqa: N802
    """A nested value (a condition, a card list, a points table) that the game's builder checks."""
    return Rule("table")


Schema = Mapping[str, Rule]


def check_values(values: Mapping[str, Any], schema: Schema, path: str, columns: Mapping[str, Any] | None) -> None:
    """Reject unknown keys and out-of-bounds values (RulesetError names file, key, bounds and fix).

    Display names (`names.<kind>.<id>`, `names.game`) are allowed in every ruleset: they name things for
    the reports and change no rule (they are also left out of the digest).
    """
    for key, value in values.items():
        if key.startswith(DISPLAY_PREFIX) and len(key.split(".")) in (2, 3):
            if not isinstance(value, str) or not value.strip():
                raise RulesetError(path, key, "a display name must be a non-empty text")
            continue
        rule = rule_for(schema, key)
        if rule is None:
            raise RulesetError(path, key, f"unknown key{_suggestion(schema, key)}; remove it or fix its name")
        problem = _value_problem(rule, value) or _column_problem(rule, value, columns)
        if problem:
            raise RulesetError(path, key, problem)


def schema_of(ruleset_game: str) -> Schema:
    """The declared keys of a game's rulesets (`engine/<game>/ruleset_schema.py`); empty for a game that
    declares none (a test's toy game)."""
    try:
        module = importlib.import_module(f"engine.{ruleset_game}.ruleset_schema")
    except ModuleNotFoundError:
        return {}
    return module.SCHEMA  # type: ignore[no-any-return]


def rule_for(schema: Schema, key: str) -> Rule | None:
    """The rule of `key`: an exact entry, else the first pattern whose '*'s match single segments."""
    if key in schema:
        return schema[key]
    for pattern, rule in schema.items():
        if "*" in pattern and _pattern(pattern).fullmatch(key):
            return rule
    return None


def column_fits(rule: Rule, columns: Mapping[str, Any]) -> bool:
    """True when the rule's bounds fit the integer type of its lake column (a conformance check)."""
    bits = _column_bits(rule.column, columns)
    if bits is None or rule.low is None or rule.high is None:
        return True
    return -(1 << bits) <= rule.low and rule.high <= (1 << bits) - 1


def _value_problem(rule: Rule, value: Any) -> str | None:
    if _matches(rule, value):
        return None
    if rule.kind == "names" and rule.choices and isinstance(value, list):
        unknown = next((v for v in value if v not in rule.choices), None)
        if unknown is not None:
            return f"unknown name {_shown(unknown)}; expected {rule.describe()}"
    return f"is {_shown(value)}; expected {rule.describe()}"


def _matches(rule: Rule, value: Any) -> bool:
    if rule.kind == "int":
        return _int_in(value, rule)
    if rule.kind == "number":
        return isinstance(value, (int, float)) and not isinstance(value, bool) and rule.low <= value <= rule.high  # type: ignore[operator]
    if rule.kind == "bool":
        return isinstance(value, bool)
    if rule.kind == "choice":
        return any(value == c and type(value) is type(c) for c in rule.choices)
    if rule.kind == "ints":
        return isinstance(value, list) and rule.min_len <= len(value) <= rule.max_len and all(
            _int_in(v, rule) for v in value)
    if rule.kind == "names":
        return isinstance(value, list) and rule.min_len <= len(value) <= rule.max_len and all(
            isinstance(v, str) and v and (not rule.choices or v in rule.choices) for v in value)
    if rule.kind == "points":
        return isinstance(value, dict) and rule.min_len <= len(value) <= rule.max_len and all(
            str(k).isdigit() and _int_in(v, rule) for k, v in value.items())
    if rule.kind == "text":
        return isinstance(value, str) and len(value) <= rule.max_len
    return isinstance(value, (dict, list))


def _int_in(value: Any, rule: Rule) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and rule.low <= value <= rule.high  # type: ignore[operator]


def _column_problem(rule: Rule, value: Any, columns: Mapping[str, Any] | None) -> str | None:
    bits = _column_bits(rule.column, columns or {})
    if bits is None:
        return None
    items = list(value.values()) if isinstance(value, dict) else value if isinstance(value, list) else [value]
    low, high = -(1 << bits), (1 << bits) - 1
    bad = [v for v in items if isinstance(v, int) and not low <= v <= high]
    if bad:
        return f"value {bad[0]} does not fit the lake column '{rule.column}' ({low} to {high})"
    return None


def _column_bits(column: str | None, columns: Mapping[str, Any]) -> int | None:
    if column is None or column not in columns:
        return None
    dtype = columns[column]
    name = str(getattr(dtype, "value_type", dtype))  # list<int16> -> int16
    return _INT_RANGES.get(name)


def _suggestion(schema: Schema, key: str) -> str:
    known = [k for k in schema if "*" not in k]
    close = difflib.get_close_matches(key, known, n=1, cutoff=0.6)
    if close:
        return f"; did you mean '{close[0]}'?"
    patterns = [k for k in schema if "*" in k and k.split(".")[0] == key.split(".")[0]]
    if patterns:
        return f"; keys of [{key.split('.')[0]}] look like {', '.join(patterns)}"
    return f"; known sections: {', '.join(sorted({k.split('.')[0] for k in schema}))}"


def _pattern(pattern: str) -> re.Pattern[str]:
    return re.compile(".".join("[^.]+" if part == "*" else re.escape(part).replace(r"\*", "[^.]*")
                               for part in pattern.split(".")))


def _shown(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."
