"""End scoring: the exact best choice of Knight and Minister options for one assembly.

Every (Knight target, Minister castes) choice is scored (`choices.py` keeps
that space small without losing the optimum); a Minister's run value is
solved in closed form per window of values (`runs.py`). Results are memoised
on the sorted assembly and the Caprices in play. `score_assembly` returns the
full breakdown (the greedy agent uses the faster `agents/estimate.py`).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from operator import itemgetter
from pathlib import Path
from types import MappingProxyType

from engine.caprices.assembly import Assembly
from engine.caprices.choices import Choice, classify_caprices, inert_targets, knight_targets, minister_options
from engine.caprices.conditions import AssemblyFacts, Test
from engine.caprices.families import unity_points
from engine.caprices.knight import knight_on_minister, knight_run_key
from engine.caprices.ministers import MinisterCombo, minister_combos, minister_values, run_ministers
from engine.caprices.rules import MINISTERS, PRINTED_CASTES, Card, Rules, compile_rules
from engine.caprices.runs import best_run, run_length
from engine.core.ruleset import Ruleset, load_ruleset

STANDARD_RULESET = Path(__file__).parent / "rulesets" / "standard.toml"
_CACHE_LIMIT = 200_000


@dataclass(frozen=True)
class Breakdown:
    """A player's best score and the choices that reach it."""

    total: int
    card_points: int
    order_points: int
    merchant_points: int
    unity_points: int
    caprice_points: int
    caprices: Mapping[str, int]
    run_length: int
    largest_family: int
    knight_target: str | None
    minister_choices: tuple[tuple[str, str, int | None], ...]
    """Each Minister's (printed kind, final caste, run value); a Minister the Knight transformed ends 'knight'."""
    knight_took_minister: bool = False
    """The Knight transformed a Minister turned Artisan/Merchant/Bourgeoise (`knight.takes_transformed_minister`)."""

    @property
    def total_value(self) -> int:
        """Sum of printed values (the tie-break)."""
        return self.card_points

    @property
    def ministers_transformed(self) -> int:
        """Ministers that took another caste."""
        return sum(1 for _, caste, _ in self.minister_choices if caste != "minister")


@lru_cache(maxsize=1)
def standard_rules() -> Rules:
    """The standard ruleset, compiled once."""
    return compile_rules(load_ruleset(STANDARD_RULESET, "caprices"))


def score_assembly(
    cards: Iterable[Card], caprices: Sequence[tuple[str, int]] = (), ruleset: Ruleset | Rules | None = None,
    rallied: Iterable[Card] = (),
) -> Breakdown:
    """The best score of an assembly of (caste, value) cards with the given non-common Caprices in play.

    `cards` are the hand and `rallied` the cards in front of the player: both
    score; the Knight transforms a card from the hand (a rallied one too only
    when the ruleset's `knight.takes_rallied` says so).
    """
    rules = _rules(ruleset)
    key = (tuple(sorted(cards)), tuple(caprices), tuple(sorted(rallied)))
    cached = rules.score_cache.get(key)
    if cached is None:
        _check(key[0] + key[2], key[1], rules)
        if len(rules.score_cache) >= _CACHE_LIMIT:
            rules.score_cache.clear()
        cached = rules.score_cache[key] = _best(key[0], key[1], rules, key[2])
    return cached


def _rules(ruleset: Ruleset | Rules | None) -> Rules:
    if ruleset is None:
        return standard_rules()
    return ruleset if isinstance(ruleset, Rules) else compile_rules(ruleset)


def _check(cards: tuple[Card, ...], caprices: tuple[tuple[str, int], ...], rules: Rules) -> None:
    for caste, value in cards:
        if caste not in PRINTED_CASTES:
            raise ValueError(f"unknown caste {caste!r}; known: {', '.join(PRINTED_CASTES)}")
        if not isinstance(value, int) or value < 0:
            raise ValueError(f"card value must be a non-negative integer, got {value!r}")
    for cid, _ in caprices:
        if cid not in rules.caprices:
            raise ValueError(f"unknown Caprice {cid!r} in ruleset {rules.name}; known: {', '.join(rules.caprices)}")


def _best(
    cards: tuple[Card, ...], caprices: tuple[tuple[str, int], ...], rules: Rules, rallied: tuple[Card, ...] = (),
) -> Breakdown:
    """The best choice for an assembly, spelled out."""
    asm, _, choice = _search(cards, caprices, rules, rallied)
    return _breakdown(asm, choice, caprices)


def _search(
    cards: tuple[Card, ...], caprices: tuple[tuple[str, int], ...], rules: Rules, rallied: tuple[Card, ...] = (),
) -> tuple[Assembly, int, Choice]:
    """The assembly's facts, its best total and the first choice (in enumeration order) reaching it.

    Pass 1 scores every choice without the Caprices; pass 2 tests the
    choice-dependent Caprices from the best pass-1 total down and stops once
    even all their bonuses could no longer catch up (a sound prune: the result
    is the exact optimum). Caprices met whatever the choice (`sure`) cannot
    change which choice is best and are added at the end.

    Without Ministers the choices are a Knight's few targets, so classifying
    the Caprices costs more than it saves: every choice-dependent one is
    tested and no caste is pruned as inert (the same optimum, and the same
    first choice reaching it). Choices with equal caste counts (e.g. the Knight
    taking one Merchant or another) share their Caprice points.
    """
    asm = Assembly(cards, rules, rallied)
    if asm.printed["minister_odd"] or asm.printed["minister_even"]:
        sure, tests, watched = classify_caprices(asm, caprices)
    else:  # at most a Knight's few targets: testing them all is cheaper than classifying
        sure, tests, watched = _static_points(asm, caprices), _choice_tests(rules, caprices), None
    options = _options(asm, watched)
    if not tests:  # no Caprice to test: the first choice (in enumeration order) with the best total
        best_choice = max(options, key=itemgetter(0))
        return asm, best_choice[0] + sure, (best_choice[2], best_choice[3].castes)
    if len(options) > 1:
        options.sort(key=itemgetter(0), reverse=True)  # stable: equal totals keep their enumeration order
    bonus_cap = sum(bonus for _, bonus in tests)
    best_total, best_index, best_choice = -1, 0, options[0]
    facts: dict[tuple[int, int], AssemblyFacts] = {}
    points: dict[tuple[MinisterCombo, str | None], int] = {}  # counts depend on the combo and target caste only
    for option in options:
        base, index = option[0], option[1]
        if base + bonus_cap < best_total:
            break
        key = (option[3], option[2][0] if option[2] else None)
        met = points.get(key)
        if met is None:
            met = points[key] = _caprice_points(asm, option, tests, facts)
        total = base + met
        if total > best_total or (total == best_total and index < best_index):
            best_total, best_index, best_choice = total, index, option
    return asm, best_total + sure, (best_choice[2], best_choice[3].castes)


def _static_points(asm: Assembly, caprices: tuple[tuple[str, int], ...]) -> int:
    """Bonuses of the Caprices no choice can change (printed values only) that the assembly meets."""
    static = [(cid, bonus) for cid, bonus in caprices if asm.rules.caprices[cid].static]
    if not static:
        return 0
    facts = AssemblyFacts(asm.values, asm.card_points, 0)
    return sum(bonus for cid, bonus in static if asm.rules.caprices[cid].test({}, facts))


def _choice_tests(rules: Rules, caprices: tuple[tuple[str, int], ...]) -> list[tuple[Test, int]]:
    """The tests of the Caprices some choice might change."""
    return [(rules.caprices[cid].test, bonus) for cid, bonus in caprices if not rules.caprices[cid].static]


Option = tuple[int, int, "Card | None", "MinisterCombo"]
"""(total without the undecided Caprices, enumeration index, Knight target, Minister castes)."""


def _options(asm: Assembly, watched: frozenset[str] | None) -> list[Option]:
    """Every distinct (Knight target, Minister castes) choice scored without the Caprices (the hot loop).

    Family points change only for the castes a choice touches, so a Knight
    target is scored as a delta on its Minister choice; the run changes only
    when the Knight takes a Merchant (printed, or a Minister-Merchant). Interchangeable castes (`_inert`) are
    enumerated once. No caste counts are built here: the few choices whose
    Caprices get tested build theirs (`_choice_counts`).
    """
    rules = asm.rules
    family, merchant_bonus = rules.caste_family, rules.merchant_bonus
    base = asm.base_counts
    base_unity = sum(family[c][n] for c, n in base.items())
    inert: dict[str, bool] | None = None  # worked out on the first choice that has a Knight
    out: list[Option] = []
    runs: dict[tuple[object, ...], int] = {}
    odd, even = (minister_options(asm, m, watched) for m in MINISTERS)
    for combo in minister_combos(rules, odd, asm.printed["minister_odd"], even, asm.printed["minister_even"]):
        unity = base_unity
        for caste, n in combo.added:
            before = base.get(caste, 0)
            unity += family[caste][before + n] - family[caste][before]
        run_key = combo.run_key
        plain_run = runs.get(run_key, -1)
        if plain_run < 0:
            run, in_run, _, _ = best_run(rules, asm.present, asm.merchant_values, asm.top, *run_key, asm.one)
            plain_run = runs[run_key] = run + in_run * merchant_bonus
        out.append((asm.card_points + plain_run + unity, len(out), None, combo))
        if not (asm.printed["knight"] or combo.makes_knight):
            continue
        added = combo.added_counts
        knights = base.get("knight", 0) + added.get("knight", 0)
        knight_gain = family["knight"][knights + 1] - family["knight"][knights]
        if inert is None:
            inert = inert_targets(asm, watched)
        for target in knight_targets(asm, combo, inert):
            caste = target[0]
            n = base.get(caste, 0) + added.get(caste, 0)
            total = asm.card_points + unity + knight_gain + family[caste][n - 1] - family[caste][n]
            if caste == "merchant":
                merchant_key = (target, run_key)
                merchant_run = runs.get(merchant_key, -1)
                if merchant_run < 0:
                    merchants = asm.merchants_after(target)
                    key = knight_run_key(combo.run_key, target)
                    run, in_run, _, _ = best_run(rules, asm.present, merchants, asm.top, *key, asm.one)
                    merchant_run = runs[merchant_key] = run + in_run * merchant_bonus
                total += merchant_run
            else:
                total += plain_run
            out.append((total, len(out), target, combo))
    return out


def _choice_counts(asm: Assembly, knight: Card | None, combo: MinisterCombo) -> dict[str, int]:
    """Final caste counts of one choice (castes reached by a Minister or the Knight included, even at 0)."""
    counts = dict(asm.base_counts)
    for caste, n in combo.added:
        counts[caste] = counts.get(caste, 0) + n
    if knight is not None:
        counts[knight[0]] -= 1
        counts["knight"] = counts.get("knight", 0) + 1
    return counts


def _caprice_points(
    asm: Assembly, option: Option, tests: list[tuple[Test, int]],
    facts_by_run: dict[tuple[int, int], AssemblyFacts],
) -> int:
    """Bonuses of the undecided Caprices one choice meets (`facts_by_run` memoises facts per run Ministers)."""
    combo = option[3]
    counts = _choice_counts(asm, option[2], combo)
    run_key = (combo.run_odd, combo.run_even)
    facts = facts_by_run.get(run_key)
    if facts is None:
        longest = run_length(asm.rules, asm.present, asm.top, combo.run_odd, combo.run_even, asm.one)
        facts = facts_by_run[run_key] = AssemblyFacts(asm.values, asm.card_points, longest)
    points = 0
    for test, bonus in tests:
        if test(counts, facts):
            points += bonus
    return points


def _breakdown(asm: Assembly, choice: Choice, caprices: tuple[tuple[str, int], ...]) -> Breakdown:
    knight, castes = choice
    rules = asm.rules
    counts = _final_counts(asm, knight, castes)
    castes, took_minister = knight_on_minister(asm.knight_castes, knight, castes)
    run_odd, run_even, merchant_odd, merchant_even = run_ministers(rules, castes)
    merchants = asm.merchants_after(knight)
    order, in_run, window, on_one = best_run(rules, asm.present, merchants, asm.top,
                                             run_odd, run_even, merchant_odd, merchant_even, asm.one)
    unity, largest = unity_points(rules, counts)
    longest = run_length(rules, asm.present, asm.top, run_odd, run_even, asm.one)
    facts = AssemblyFacts(asm.values, asm.card_points, longest)
    met = {cid: bonus if rules.caprices[cid].test(counts, facts) else 0 for cid, bonus in caprices}
    merchant_points = in_run * rules.merchant_bonus
    caprice_points = sum(met.values())
    return Breakdown(
        total=asm.card_points + order + merchant_points + unity + caprice_points,
        card_points=asm.card_points, order_points=order, merchant_points=merchant_points, unity_points=unity,
        caprice_points=caprice_points, caprices=MappingProxyType(met), run_length=window[1] if window else 0,
        largest_family=largest,
        knight_target=knight[0] if knight else None,
        minister_choices=minister_values(asm, castes, window, merchants, on_one),
        knight_took_minister=took_minister,
    )


def _final_counts(asm: Assembly, knight: Card | None, castes: tuple[tuple[str, str], ...]) -> dict[str, int]:
    counts = {c: n for c, n in asm.printed.items() if c not in MINISTERS}
    for _, caste in castes:
        counts[caste] = counts.get(caste, 0) + 1
    if knight is not None:
        counts[knight[0]] -= 1
        counts["knight"] = counts.get("knight", 0) + 1
    return counts


