"""Ministers: at the end each may take another caste or stay a Minister, and stands for a value in the run.

Seed: "Can transform into another Caste: once you have made your choice, the Minister is then considered to
belong to that Caste in all circumstances. You may also decide that the card simply remains a Minister":
odd Ministers into an Artisan, a Merchant or a Bourgeoise, even ones into a Clerk, a Knight or a Noble
(`minister.odd_castes` / `even_castes`). "Can replace any even/odd value: you may change the '1' of these
Ministers into any number (even or odd, depending on the card) for the Caprice 'De l'ordre !'. However, the
value of the Minister always remains 1 point." `runs.py` places them in the run; the ruleset readings
(`minister.*`: whether a transformed Minister keeps its run value, earns the Merchant bonus, enables the
Knight) are read here and there.
"""

from __future__ import annotations

from collections import Counter
from functools import lru_cache
from itertools import combinations_with_replacement, product

from engine.caprices.assembly import Assembly
from engine.caprices.rules import MINISTERS, Rules
from engine.caprices.runs import OnOne, Window


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


def minister_values(
    asm: Assembly, castes: tuple[tuple[str, str], ...], window: Window | None,
    merchants: frozenset[int], on_one: OnOne = None,
) -> tuple[tuple[str, str, int | None], ...]:
    """Each Minister's (printed, final caste, run value): Merchant-Ministers take free slots first.

    `on_one` (from `best_run`): an even Minister of that kind stands as its printed 1, which no odd one takes.
    Values are worked out in the run frame and reported as printed numbers.
    """
    if window is None:
        return tuple((p, c, None) for p, c in castes)
    start, length = window[0], window[1]
    slots = range(start, start + length)
    rules = asm.rules
    one = asm.one if on_one is not None and asm.one in slots else None
    out = []
    for printed in MINISTERS:
        parity = 1 if printed == "minister_odd" else 0
        missing = [v for v in slots if v % 2 == parity and v not in asm.present and v != one]
        plain = [v for v in slots if v % 2 == parity and v in asm.present and v not in merchants and v != one]
        mine = [c for p, c in castes if p == printed]
        earns = rules.keeps_run_value_when_transformed and rules.transformed_earns_merchant_bonus
        earners = [c for c in mine if earns and c == "merchant"]
        others = [c for c in mine if not (earns and c == "merchant")]
        one_left = one is not None and printed == "minister_even"
        for caste in earners:
            if one_left and on_one == "merchant":
                slot, one_left = one, False
            else:
                slot = missing.pop(0) if missing else (plain.pop(0) if plain else None)
            out.append((printed, caste, slot))
        for caste in others:
            can_run = caste == "minister" or rules.keeps_run_value_when_transformed
            if one_left and can_run:
                out.append((printed, caste, one))
                one_left = False
            else:
                out.append((printed, caste, missing.pop(0) if missing and can_run else None))
    return tuple((p, c, None if v is None else v - asm.shift) for p, c, v in out)
