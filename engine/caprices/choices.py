"""The space of end-scoring choices for one assembly, and the sound reductions that keep it small.

A choice is a Knight target (or none) plus a caste for each Minister. Two
reductions never change the optimum: Caprices met (or missed) whatever the
choice are settled once by interval bounds on each caste's count, and castes
that nothing left undecided can tell apart ("inert") are tried only once.
"""

from __future__ import annotations

from engine.caprices.assembly import Assembly
from engine.caprices.conditions import AssemblyFacts, Test
from engine.caprices.knight import KNIGHT_TARGETS, MINISTER_TARGET
from engine.caprices.ministers import MinisterCombo
from engine.caprices.rules import MINISTERS, Card
from engine.caprices.runs import run_length

Choice = tuple[Card | None, tuple[tuple[str, str], ...]]
"""A Knight target (or None) and each Minister's (printed kind, final caste)."""


def classify_caprices(
    asm: Assembly, caprices: tuple[tuple[str, int], ...],
) -> tuple[int, list[tuple[Test, int]], frozenset[str] | None]:
    """Points of the Caprices met whatever the choice; tests of those some choices meet and others miss,
    and the castes these read.

    A Caprice met (or missed) whatever the choice cannot change which choice
    is best; interval bounds on each caste's count over all choices find most
    of them, so the search tests only the rest.
    """
    if not caprices:
        return 0, [], frozenset()
    rules = asm.rules
    low, high = _count_ranges(asm)
    run_fixed = rules.keeps_run_value_when_transformed
    ministers = (asm.printed["minister_odd"], asm.printed["minister_even"])
    longest = run_length(rules, asm.present, asm.top, *ministers, asm.one)
    facts = AssemblyFacts(asm.values, asm.card_points, longest)
    undecided = []
    sure = 0
    watched: frozenset[str] | None = frozenset()
    for cid, bonus in caprices:
        caprice = rules.caprices[cid]
        if caprice.static:
            sure += bonus if caprice.test({}, facts) else 0
            continue
        can_meet, can_miss = caprice.bounds(low, high, facts, run_fixed)
        if not can_miss:
            sure += bonus
        elif can_meet:
            undecided.append((caprice.test, bonus))
            used = caprice.castes_used
            watched = None if used is None or watched is None else watched | used
    return sure, undecided, watched


def _count_ranges(asm: Assembly) -> tuple[dict[str, int], dict[str, int]]:
    """The lowest and highest count of each final caste over every choice."""
    rules = asm.rules
    low = {c: n for c, n in asm.printed.items() if c not in MINISTERS}
    high = dict(low)
    knight_possible = asm.printed["knight"] > 0
    for minister in MINISTERS:
        n = asm.printed[minister]
        if n:
            high["minister"] = high.get("minister", 0) + n
            for caste in rules.minister_castes[minister]:
                high[caste] = high.get(caste, 0) + n
            knight_possible = knight_possible or (
                rules.transformed_enables_knight and "knight" in rules.minister_castes[minister])
    if knight_possible:
        for target in KNIGHT_TARGETS:
            if low.get(target):
                low[target] -= 1
        high["knight"] = high.get("knight", 0) + 1
    return low, high


def _inert(asm: Assembly, caste: str, watched: frozenset[str] | None) -> bool:
    """Whether a caste is interchangeable with any other inert one for this assembly.

    True when no undecided Caprice reads it, no count it can reach scores a
    family, and it has no run or Knight effect.
    """
    rules = asm.rules
    if watched is None or caste in watched:
        return False
    if caste == "merchant" and rules.transformed_earns_merchant_bonus and rules.keeps_run_value_when_transformed:
        return False
    if caste == "knight" and rules.transformed_enables_knight:
        return False
    most = 0 if caste == "minister" else asm.printed[caste]
    for minister in MINISTERS:
        if caste == "minister" or caste in rules.minister_castes[minister]:
            most += asm.printed[minister]
    if caste == "clerk" and most:
        most += rules.clerk_bonus
    if caste == "knight":
        most += 1  # the Knight's own transformation can add one more Knight
    return most < rules.first_family


def minister_options(asm: Assembly, minister: str, watched: frozenset[str] | None) -> tuple[str, ...]:
    """The castes worth trying for one Minister kind: the non-inert ones and one inert representative."""
    if not asm.printed[minister]:
        return ()
    out: list[str] = []
    inert_seen = False
    for caste in ("minister", *asm.rules.minister_castes[minister]):
        if _inert(asm, caste, watched):
            if inert_seen:
                continue
            inert_seen = True
        out.append(caste)
    return tuple(out)


def inert_targets(asm: Assembly, watched: frozenset[str] | None) -> dict[str, bool]:
    """Per non-Merchant Knight target caste, whether it is inert (`_inert`): computed once per assembly."""
    return {caste: _inert(asm, caste, watched) for caste in KNIGHT_TARGETS if caste != "merchant"}


def knight_targets(asm: Assembly, combo: MinisterCombo, inert: dict[str, bool]) -> list[Card]:
    """Cards worth transforming into a Knight under one Minister choice.

    One card of each non-Merchant caste the Knight may take (a printed one, or
    a Minister turned that caste when the ruleset allows it: either changes
    the same counts), inert castes (`inert_targets`) tried once; every printed
    Merchant value; and a Minister-Merchant of each kind (leaving it changes
    the run bonus).
    """
    via_minister = asm.rules.knight_takes_transformed_minister
    added = combo.added_counts
    targets: list[Card] = []
    inert_seen = False
    for caste, is_inert in inert.items():
        if not (caste in asm.knight_castes or (via_minister and caste in added)):
            continue
        if is_inert:
            if inert_seen:
                continue
            inert_seen = True
        targets.append((caste, 0))
    targets += [("merchant", v) for v in sorted(asm.merchants)]  # Merchants are never rallied: all in hand
    if via_minister:
        targets += [("merchant", MINISTER_TARGET[kind]) for kind in combo.merchant_kinds]
    return targets


