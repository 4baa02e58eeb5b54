"""The designer's words: display names, numbers and intervals as a person writes them.

Display names come from the warehouse's `display_names` table (the rulesets'
`[names]` tables and each Caprice's `name`); an id without one is shown with
its underscores as spaces. Seats are numbered from 1 (seat 1 plays first).
"""

from __future__ import annotations

import json
import math
from typing import Any


def pct(x: float) -> str:
    """A rate as a percentage with one decimal."""
    return "–" if x is None or (isinstance(x, float) and math.isnan(x)) else f"{100 * x:.1f}%"


def points(x: float, digits: int = 1) -> str:
    """A rate difference in percentage points, signed."""
    return f"{100 * x:+.{digits}f} points"


def rate_ci(rate: float, lo: float, hi: float) -> str:
    """'32.5% (31.6–33.4%)'."""
    return f"{pct(rate)} ({pct(lo).rstrip('%')}–{pct(hi)})"


def value_ci(value: float, lo: float, hi: float, digits: int = 1, signed: bool = False) -> str:
    """'+1.9 (1.7 to 2.1)' for values that may be negative."""
    sign = "+" if signed else ""
    return f"{value:{sign}.{digits}f} ({lo:.{digits}f} to {hi:.{digits}f})"


def count(n: Any) -> str:
    """A count as an integer with thousands separators."""
    return "–" if n is None or (isinstance(n, float) and math.isnan(n)) else f"{int(round(float(n))):,}"


def agents_words(agents: str) -> str:
    """A seat-by-seat agent list ('greedy,greedy,greedy') as its kinds of play ('greedy', 'greedy + random')."""
    return " + ".join(sorted(set(str(agents).split(","))))


def seat(index: Any) -> str:
    """Seat index 0 (plays first) as 'seat 1'."""
    return f"seat {int(index) + 1}"


def plain_value(raw: str) -> str:
    """A ruleset value (stored as JSON) in plain words: lists comma-separated, tables as key → value."""
    try:
        value = json.loads(raw)
    except (TypeError, json.JSONDecodeError):
        return str(raw)
    return _plain(value)


def _plain(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        if len(value) > 12 or any(isinstance(v, dict | list) for v in value):
            return f"{len(value)} entries (listed in the ruleset file)"
        return ", ".join(_plain(v) for v in value)
    if isinstance(value, dict):
        return ", ".join(f"{k} → {_plain(v)}" for k, v in value.items())
    return str(value)

