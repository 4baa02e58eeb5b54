"""The space of end-scoring choices for one assembly, and the sound reductions that keep it small.

A choice is a Knight target (or none) plus a caste for each Minister. Two
reductions never change the optimum: Caprices met (or missed) whatever the
choice are settled once by interval bounds on each caste's count, and castes
that nothing left undecided can tell apart ("inert") are tried only once.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from itertools import combinations_with_replacement, product

from engine.caprices.conditions import AssemblyFacts, Test
from engine.caprices.rules import KNIGHT_TARGETS, MINISTERS, PRINTED_CASTES, Rules
from engine.caprices.runs import run_frame, run_length

Card = tuple[str, int]
MINISTER_TARGET = {"minister_odd": -1, "minister_even": -2}
"""A Knight target ("merchant", MINISTER_TARGET[kind]) is a Minister of that kind turned Merchant."""


class Assembly:
    """Facts of one assembly that do not depend on the choices.

    `cards` are the hand, `rallied` the cards in front of the player; both
    score, but the Knight takes a rallied card only when the ruleset says so.
    Run values live in the frame of `runs.run_frame` (shifted up when a
    Minister may stand below 0).
    """

    def __init__(self, cards: tuple[Card, ...], rules: Rules, rallied: tuple[Card, ...] = ()) -> None:
        self.rules = rules
        printed: dict[str, int] = dict.fromkeys(PRINTED_CASTES, 0)
        merchants: dict[int, int] = {}
        for caste, value in cards + rallied:
            printed[caste] += 1
            if caste == "merchant":
                merchants[value] = merchants.get(value, 0) + 1
        self.printed = printed
        self.base_counts = {c: n for c, n in printed.items() if n and c not in MINISTERS}
        """Counts of the printed non-Minister castes present (before any choice)."""
        takeable = cards + rallied if rules.knight_takes_rallied else cards
        self.knight_castes = frozenset(c for c, _ in takeable if c in KNIGHT_TARGETS)
        """Printed castes with a card the Knight may transform."""
        self.merchants = merchants
        held = [v for c, v in cards + rallied if c not in MINISTERS]
        self.shift, self.top = run_frame(rules, held, printed["minister_odd"] + printed["minister_even"])
        self.present = frozenset(v + self.shift for v in held)
        """Values held by non-Minister cards (in the run frame); Ministers reach the run through `runs.best_run`."""
        self.merchant_values = frozenset(v + self.shift for v in merchants)
        self.one = 1 + self.shift
        """Where a Minister's printed 1 lies in the run frame."""
        self.values = tuple(v for _, v in cards + rallied)
        self.card_points = sum(self.values)

    def merchants_after(self, knight: Card | None) -> frozenset[int]:
        """Merchant values (run frame) left once the Knight has (perhaps) transformed a printed Merchant."""
        if knight is None or knight[0] != "merchant" or knight[1] < 0 or self.merchants[knight[1]] > 1:
            return self.merchant_values
        return self.merchant_values - {knight[1] + self.shift}


Choice = tuple["Card | None", tuple[tuple[str, str], ...]]


class MinisterCombo:
    """One joint caste choice for all Ministers, with what it implies (computed once per assembly)."""

    __slots__ = ("castes", "added", "added_counts", "run_odd", "run_even", "merchant_odd", "merchant_even",
                 "run_key", "makes_knight", "merchant_kinds")

    def __init__(self, rules: Rules, castes: tuple[tuple[str, str], ...]) -> None:
        self.castes = castes
        self.added_counts = dict(Counter(c for _, c in castes))
        self.added = tuple(self.added_counts.items())
        self.run_key = run_ministers(rules, castes)
        self.run_odd, self.run_even, self.merchant_odd, self.merchant_even = self.run_key
        self.makes_knight = rules.transformed_enables_knight and any(c == "knight" for _, c in castes)
        self.merchant_kinds = tuple(m for m in MINISTERS if (m, "merchant") in castes)
        """Minister kinds with one turned Merchant (a Knight target when the ruleset allows it)."""


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


def knight_run_key(combo: MinisterCombo, knight: Card | None) -> tuple[int, int, int, int]:
    """The run Ministers once the Knight has (perhaps) transformed a Minister-Merchant that earned the bonus."""
    run_odd, run_even, merchant_odd, merchant_even = combo.run_key
    if knight is not None and knight[1] == MINISTER_TARGET["minister_odd"] and merchant_odd:
        return run_odd, run_even, merchant_odd - 1, merchant_even
    if knight is not None and knight[1] == MINISTER_TARGET["minister_even"] and merchant_even:
        return run_odd, run_even, merchant_odd, merchant_even - 1
    return combo.run_key


@lru_cache(maxsize=1024)
def minister_combos(
    rules: Rules, odd_castes: tuple[str, ...], odd: int, even_castes: tuple[str, ...], even: int,
) -> list[MinisterCombo]:
    """Every joint Minister caste choice; Ministers of one parity are alike, so each parity is a multiset."""
    per_parity = [
        [tuple((m, c) for c in combo) for combo in combinations_with_replacement(castes, n)]
        for m, castes, n in zip(MINISTERS, (odd_castes, even_castes), (odd, even))
    ]
    return [MinisterCombo(rules, odd + even) for odd, even in product(*per_parity)]


def run_ministers(rules: Rules, castes: tuple[tuple[str, str], ...]) -> tuple[int, int, int, int]:
    """Ministers able to stand in the run, and those among them that are Merchants, per parity."""
    run = [0, 0]
    merchant = [0, 0]
    for printed, caste in castes:
        parity = 1 if printed == "minister_odd" else 0
        if caste == "minister" or rules.keeps_run_value_when_transformed:
            run[parity] += 1
            if caste == "merchant" and rules.transformed_earns_merchant_bonus:
                merchant[parity] += 1
    return run[1], run[0], merchant[1], merchant[0]
