"""The Caprice condition language: small declarative trees over a final assembly.

A condition is a TOML inline table, checked once when the ruleset loads and
compiled into a closure `test(counts, facts) -> bool`, where `counts` maps each
final caste (after the Knight/Minister choices) to its number of cards and
`facts` holds what the choices cannot change (printed values, best run).

    { caste = "peasant", min = 3, max = 5 }     cards of a caste ("minister" = untransformed)
    { has = "clerk" }  { lacks = "noble" }       at least one / none of a caste
    { measure = "value_sum", min = 45 }          see MEASURES
    { values_at_least = 7, min = 3 }             cards by printed value (also values_at_most)
    { all = [..] }  { any = [..] }  { not = {..} }
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from engine.core.errors import RulesetError

FAMILY_MIN = 3
"""A family is at least 3 cards of one caste (seed, 'L'union fait la force !')."""

MEASURES = ("value_sum", "cards", "distinct_castes", "run_length", "largest_family", "families")
_BOUNDS = {"min", "max"}


@dataclass(frozen=True, slots=True)
class AssemblyFacts:
    """What no scoring choice changes: printed values and the best run length."""

    values: tuple[int, ...]
    value_sum: int
    run_length: int


Test = Callable[[Mapping[str, int], AssemblyFacts], bool]


def compile_condition(node: Any, castes: tuple[str, ...], path: str, key: str) -> Test:
    """Check one condition tree and compile it; errors name the file and key path."""
    if not isinstance(node, dict) or not node:
        raise RulesetError(path, key, f"a condition is an inline table, got {node!r}")
    if "all" in node or "any" in node:
        return _compile_group(node, castes, path, key)
    if "not" in node:
        _only(node, {"not"}, path, key)
        inner = compile_condition(node["not"], castes, path, f"{key}.not")
        return lambda counts, facts: not inner(counts, facts)
    if "has" in node or "lacks" in node:
        word = "has" if "has" in node else "lacks"
        _only(node, {word}, path, key)
        caste = _caste(node[word], castes, path, f"{key}.{word}")
        if word == "has":
            return lambda counts, facts: counts.get(caste, 0) > 0
        return lambda counts, facts: counts.get(caste, 0) == 0
    low, high = _bounds(node, path, key)
    if "caste" in node:
        _only(node, {"caste"} | _BOUNDS, path, key)
        caste = _caste(node["caste"], castes, path, f"{key}.caste")
        return lambda counts, facts: low <= counts.get(caste, 0) <= high
    if "values_at_least" in node or "values_at_most" in node:
        return _compile_values(node, low, high, path, key)
    if "measure" in node:
        _only(node, {"measure"} | _BOUNDS, path, key)
        return _compile_measure(node["measure"], low, high, path, key)
    raise RulesetError(path, key, f"unknown condition {sorted(node)}; use caste, has, lacks, measure, "
                       "values_at_least, values_at_most, all, any or not")


def castes_used(node: dict[str, Any]) -> frozenset[str] | None:
    """Castes a (checked) condition reads; None when it reads the whole caste structure (e.g. families)."""
    if "all" in node or "any" in node:
        used: set[str] = set()
        for item in node["all"] if "all" in node else node["any"]:
            part = castes_used(item)
            if part is None:
                return None
            used |= part
        return frozenset(used)
    if "not" in node:
        return castes_used(node["not"])
    for word in ("caste", "has", "lacks"):
        if word in node:
            return frozenset([node[word]])
    if node.get("measure") in ("distinct_castes", "largest_family", "families"):
        return None
    return frozenset()


_CHOICE_MEASURES = ("distinct_castes", "largest_family", "families", "run_length")


def depends_on_choices(node: dict[str, Any]) -> bool:
    """Whether a (checked) condition can change with the Knight/Minister choices: castes or the run."""
    if "all" in node or "any" in node:
        return any(depends_on_choices(item) for item in (node["all"] if "all" in node else node["any"]))
    if "not" in node:
        return depends_on_choices(node["not"])
    return bool({"caste", "has", "lacks"} & set(node)) or node.get("measure") in _CHOICE_MEASURES


def _compile_group(node: dict[str, Any], castes: tuple[str, ...], path: str, key: str) -> Test:
    word = "all" if "all" in node else "any"
    _only(node, {word}, path, key)
    items = node[word]
    if not isinstance(items, list) or not items:
        raise RulesetError(path, f"{key}.{word}", "expects a non-empty list of conditions")
    parts = tuple(compile_condition(item, castes, path, f"{key}.{word}[{i}]") for i, item in enumerate(items))
    if len(parts) == 2:  # the common case, without a generator per test (a hot path of end scoring)
        first, second = parts
        if word == "all":
            return lambda counts, facts: first(counts, facts) and second(counts, facts)
        return lambda counts, facts: first(counts, facts) or second(counts, facts)
    if word == "all":
        return lambda counts, facts: all(part(counts, facts) for part in parts)
    return lambda counts, facts: any(part(counts, facts) for part in parts)


def _compile_values(node: dict[str, Any], low: int, high: float, path: str, key: str) -> Test:
    word = "values_at_least" if "values_at_least" in node else "values_at_most"
    _only(node, {word} | _BOUNDS, path, key)
    threshold = _int(node[word], path, f"{key}.{word}")
    if word == "values_at_least":
        return lambda counts, facts: low <= len([v for v in facts.values if v >= threshold]) <= high
    return lambda counts, facts: low <= len([v for v in facts.values if v <= threshold]) <= high


def _compile_measure(measure: Any, low: int, high: float, path: str, key: str) -> Test:
    """One of MEASURES; the caste-based ones never include the Clerk bonus."""
    if measure == "value_sum":
        return lambda counts, facts: low <= facts.value_sum <= high
    if measure == "run_length":
        return lambda counts, facts: low <= facts.run_length <= high
    if measure == "cards":
        return lambda counts, facts: low <= len(facts.values) <= high
    if measure == "distinct_castes":
        return lambda counts, facts: low <= len(counts) - list(counts.values()).count(0) <= high
    if measure == "largest_family":
        return lambda counts, facts: low <= max(counts.values(), default=0) <= high
    if measure == "families":
        return lambda counts, facts: low <= len([n for n in counts.values() if n >= FAMILY_MIN]) <= high
    raise RulesetError(path, f"{key}.measure", f"unknown measure {measure!r}; known: {', '.join(MEASURES)}")


def _bounds(node: dict[str, Any], path: str, key: str) -> tuple[int, float]:
    if "min" not in node and "max" not in node:
        raise RulesetError(path, key, "needs min and/or max")
    low = _int(node.get("min", 0), path, f"{key}.min")
    high = _int(node["max"], path, f"{key}.max") if "max" in node else float("inf")
    return low, high


def _only(node: dict[str, Any], allowed: set[str], path: str, key: str) -> None:
    extra = set(node) - allowed
    if extra:
        raise RulesetError(path, key, f"unexpected keys {sorted(extra)} (allowed here: {sorted(allowed)})")


def _caste(name: Any, castes: tuple[str, ...], path: str, key: str) -> str:
    if name not in castes:
        raise RulesetError(path, key, f"unknown caste {name!r}; known: {', '.join(castes)}")
    return str(name)


def _int(value: Any, path: str, key: str) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise RulesetError(path, key, f"expected an integer, got {value!r}")
    return value


Bounds = Callable[[Mapping[str, int], Mapping[str, int], AssemblyFacts, bool], tuple[bool, bool]]
"""bounds(low counts, high counts, facts, run_fixed) -> (can be met, can be missed) over every choice."""

_UNDECIDED = (True, True)


def compile_bounds(node: dict[str, Any]) -> Bounds:
    """Three-valued version of a checked condition over ranges of caste counts (for pruning the search)."""
    if "all" in node or "any" in node:
        parts = tuple(compile_bounds(item) for item in (node["all"] if "all" in node else node["any"]))
        if len(parts) == 2:  # the common case, without building lists (classification runs per assembly)
            return _pair_bounds(parts[0], parts[1], "all" in node)
        if "all" in node:
            return lambda lo, hi, facts, fixed: _all_bounds([p(lo, hi, facts, fixed) for p in parts])
        return lambda lo, hi, facts, fixed: _any_bounds([p(lo, hi, facts, fixed) for p in parts])
    if "not" in node:
        inner = compile_bounds(node["not"])
        return lambda lo, hi, facts, fixed: inner(lo, hi, facts, fixed)[::-1]
    if "has" in node or "lacks" in node:
        caste, low, high = (node["has"], 1, float("inf")) if "has" in node else (node["lacks"], 0, 0)
    elif "caste" in node:
        caste, low, high = node["caste"], node.get("min", 0), node.get("max", float("inf"))
    elif node.get("measure") == "largest_family":
        low, high = node.get("min", 0), node.get("max", float("inf"))
        return lambda lo, hi, facts, fixed: _range_bounds(max(lo.values(), default=0), max(hi.values(), default=0),
                                                          low, high)
    elif node.get("measure") in ("distinct_castes", "families"):
        low, high = node.get("min", 0), node.get("max", float("inf"))
        least = 1 if node["measure"] == "distinct_castes" else FAMILY_MIN
        return lambda lo, hi, facts, fixed: _range_bounds(
            sum(1 for n in lo.values() if n >= least), sum(1 for n in hi.values() if n >= least), low, high)
    elif node.get("measure") == "run_length":
        test = compile_condition(node, (), "", "")
        return lambda lo, hi, facts, fixed: (test({}, facts), not test({}, facts)) if fixed else _UNDECIDED
    elif depends_on_choices(node):
        return lambda lo, hi, facts, fixed: _UNDECIDED
    else:
        test = compile_condition(node, (), "", "")
        return lambda lo, hi, facts, fixed: (test({}, facts), not test({}, facts))
    return lambda lo, hi, facts, fixed: _range_bounds(lo.get(caste, 0), hi.get(caste, 0), low, high)


def _pair_bounds(first: Bounds, second: Bounds, both: bool) -> Bounds:
    """Bounds of `all` (both=True) or `any` of two conditions."""
    def bounds(lo: Mapping[str, int], hi: Mapping[str, int], facts: AssemblyFacts, fixed: bool) -> tuple[bool, bool]:
        meet1, miss1 = first(lo, hi, facts, fixed)
        meet2, miss2 = second(lo, hi, facts, fixed)
        if both:
            return meet1 and meet2, miss1 or miss2
        return meet1 or meet2, miss1 and miss2
    return bounds


def _range_bounds(lowest: int, highest: int, low: float, high: float) -> tuple[bool, bool]:
    can_meet = highest >= low and lowest <= high
    can_miss = lowest < low or highest > high
    return can_meet, can_miss


def _all_bounds(parts: list[tuple[bool, bool]]) -> tuple[bool, bool]:
    return all(meet for meet, _ in parts), any(miss for _, miss in parts)


def _any_bounds(parts: list[tuple[bool, bool]]) -> tuple[bool, bool]:
    return any(meet for meet, _ in parts), all(miss for _, miss in parts)
