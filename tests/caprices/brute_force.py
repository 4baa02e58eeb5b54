"""An independent brute force of the end scoring, written from the seed's words, for checking the optimiser.

Every Minister caste, every explicit Minister run value (its parity's values
within a generous range, and its printed 1 when the ruleset allows it), every
Knight target card (a hand card, or a rallied one, or a transformed Minister,
as the ruleset's switches say). It shares no code with `engine/caprices`
except the compiled tables and Caprice tests.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from functools import lru_cache
from itertools import product

from engine.caprices.conditions import AssemblyFacts
from engine.caprices.rules import Rules

Card = tuple[str, int]
KNIGHT_TAKES = ("peasant", "artisan", "bourgeoise", "merchant")
MINISTER_KINDS = ("minister_odd", "minister_even")


def brute_force(hand: Sequence[Card], rallied: Sequence[Card], caprices: Sequence[tuple[str, int]],
                rules: Rules) -> int:
    """The best total over every choice, each scored from scratch."""
    cards = list(hand) + list(rallied)
    from_hand = [True] * len(hand) + [False] * len(rallied)
    ministers = [i for i, (caste, _) in enumerate(cards) if caste in MINISTER_KINDS]
    values = tuple(v for _, v in cards)
    value_options = tuple(_minister_values(rules, cards[i][0], len(ministers)) for i in ministers)
    best = -1
    for castes in product(*[("minister", *rules.minister_castes[cards[i][0]]) for i in ministers]):
        final = [caste for caste, _ in cards]
        for i, caste in zip(ministers, castes):
            final[i] = caste
        knights = "knight" in (final if rules.transformed_enables_knight else [caste for caste, _ in cards])
        for target in [None, *(_targets(rules, cards, final, from_hand) if knights else [])]:
            now = list(final)
            if target is not None:
                now[target] = "knight"
            counts = Counter(now)
            unity = sum(rules.family_points(n + (rules.clerk_bonus if caste == "clerk" else 0))
                        for caste, n in counts.items())
            held = tuple((v, now[i] == "merchant") for i, (caste, v) in enumerate(cards) if caste not in MINISTER_KINDS)
            in_run = tuple(_run_role(rules, now[i]) for i in ministers)
            for order, longest in _runs(rules, held, in_run, value_options):
                facts = AssemblyFacts(values, sum(values), longest)
                bonus = sum(b for cid, b in caprices if rules.caprices[cid].test(counts, facts))
                best = max(best, sum(values) + order + unity + bonus)
    return best


def _targets(rules: Rules, cards: list[Card], final: list[str], from_hand: list[bool]) -> list[int]:
    out = []
    for i, (printed, _) in enumerate(cards):
        if not (from_hand[i] or rules.knight_takes_rallied):
            continue
        if printed in MINISTER_KINDS and not rules.knight_takes_transformed_minister:
            continue
        if final[i] in KNIGHT_TAKES:
            out.append(i)
    return out


def _run_role(rules: Rules, caste: str) -> tuple[bool, bool]:
    """(stands in the run, counts as a Merchant there) for a Minister of this final caste."""
    stands = caste == "minister" or rules.keeps_run_value_when_transformed
    return stands, stands and caste == "merchant" and rules.transformed_earns_merchant_bonus


def _minister_values(rules: Rules, kind: str, ministers: int) -> tuple[int | None, ...]:
    parity = 1 if kind == "minister_odd" else 0
    if rules.run_values == "printed":
        low, high = 0, rules.top_value
    else:
        low = -2 * ministers - 2 if rules.run_values == "integer" else 0
        high = rules.top_value + 2 * ministers + 2
    options = {v for v in range(low, high + 1) if v % 2 == parity}
    if rules.printed_one_in_run:
        options.add(1)
    return (*sorted(options), None)


@lru_cache(maxsize=4096)
def _runs(rules: Rules, held: tuple[tuple[int, bool], ...], in_run: tuple[tuple[bool, bool], ...],
          value_options: tuple[tuple[int | None, ...], ...]) -> frozenset[tuple[int, int]]:
    """Every (run points with Merchants, longest run) some assignment of Minister values reaches."""
    out = set()
    for chosen in product(*value_options):
        slots: dict[int, bool] = {}
        for v, merchant in held:
            slots[v] = slots.get(v, False) or merchant
        for v, (stands, merchant) in zip(chosen, in_run):
            if v is not None and stands:
                slots[v] = slots.get(v, False) or merchant
        out.add(_score_slots(rules, slots))
    return frozenset(out)


def _score_slots(rules: Rules, slots: dict[int, bool]) -> tuple[int, int]:
    """Best run points (with Merchants) over every window of consecutive held values, and the longest run."""
    order = longest = 0
    shortest = min(rules.order_points)
    for start in slots:
        end = start
        while end in slots:
            length = end - start + 1
            longest = max(longest, length)
            if length >= shortest:
                merchants = sum(1 for v in range(start, end + 1) if slots[v])
                order = max(order, rules.run_points(length) + rules.merchant_bonus * merchants)
            end += 1
    return order, longest
