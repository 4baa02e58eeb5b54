"""'De l'ordre !' runs: which value windows a set of cards plus Ministers can fill, and the best one to score.

Ministers stand for any value of their parity, so a window of values is
reachable when its missing odd and even values do not outnumber the odd and
even Ministers. Which values a Minister may take is the ruleset switch
`minister.run_values` (`run_frame`): the printed values only, any number from
0 (a run 5..10 extended by an odd Minister as 11), or any integer; below 0 the
values are shifted up by an even amount so every function here works on
values from 0 (parities unchanged). With the ruleset switch `minister.printed_one_in_run`, an even
Minister may also stand as its printed 1 (the seed's "may change"): `best_run`
and `run_length` then also try one even Minister fixed on the value 1.
Merchant-Ministers (when the ruleset lets them earn the Merchant bonus) are
best placed on a missing value or on a value held by a non-Merchant, which
gives the closed form in `_parity_run`. Results are cached on
small hashable keys, so a game's many evaluations reuse them.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache

from engine.caprices.rules import Rules

Window = tuple[int, int, int, int]
"""(first value, length, missing odd values, missing even values)."""


def run_frame(rules: Rules, present: Iterable[int], ministers: int) -> tuple[int, int]:
    """(shift, top): values are moved up by `shift` (even, so parities hold) and runs use the values 0..top.

    `printed`: the printed values (0..the deck's highest); `natural`: any
    number from 0, so at most one value per Minister above the highest held
    one; `integer`: also one value per Minister below 0, hence the shift.
    """
    high = max(present, default=-1)
    if rules.run_values == "printed":
        return 0, max(rules.top_value, high, 0)
    shift = ministers + ministers % 2 if rules.run_values == "integer" else 0
    return shift, max(high + shift + ministers, 0)


@lru_cache(maxsize=100_000)
def windows(present: frozenset[int], top: int, odd: int, even: int, shortest: int) -> tuple[Window, ...]:
    """Every reachable window of at least `shortest` values within 0..top."""
    out = []
    for start in range(top + 1):
        missing = [0, 0]
        for end in range(start, top + 1):
            if end not in present:
                missing[end % 2] += 1
                if missing[1] > odd or missing[0] > even:
                    break
            if end - start + 1 >= shortest:
                out.append((start, end - start + 1, missing[1], missing[0]))
    return tuple(out)


@lru_cache(maxsize=100_000)
def longest_run(present: frozenset[int], top: int, odd: int, even: int) -> int:
    """Length of the longest reachable run of any length (for Caprice conditions).

    One sliding window over 0..top: a sub-window of a reachable window is
    reachable, so the longest one is found without listing them all.
    """
    best = start = 0
    missing = [0, 0]
    for end in range(top + 1):
        if end not in present:
            missing[end % 2] += 1
            while missing[1] > odd or missing[0] > even:
                if start not in present:
                    missing[start % 2] -= 1
                start += 1
        if end - start + 1 > best:
            best = end - start + 1
    return best


def run_length(rules: Rules, present: frozenset[int], top: int, odd: int, even: int, one: int = 1) -> int:
    """`longest_run`, with an even Minister also able to stand as its printed 1 when the ruleset says so.

    `one` is where the value 1 lies in the (shifted) frame of `present` (`run_frame`).
    """
    best = longest_run(present, top, odd, even)
    if rules.printed_one_in_run and even and one not in present:
        best = max(best, longest_run(present | {one}, top, odd, even - 1))
    return best


OnOne = str | None
"""Which even Minister stands as its printed 1 in the best run: None, "plain" or "merchant" (a Merchant-Minister)."""


@lru_cache(maxsize=200_000)
def best_run(
    rules: Rules, present: frozenset[int], merchants: frozenset[int], top: int,
    odd: int, even: int, merchant_odd: int, merchant_even: int, one: int = 1,
) -> tuple[int, int, Window | None, OnOne]:
    """(run points, Merchants counted in the run, window, even Minister on 1) paying the most; longer runs win ties.

    Without `printed_one_in_run` it is `_parity_run`. With it, each way one even
    Minister can stand as 1 (a plain one on a missing 1, a Merchant-Minister on
    a 1 not held by a Merchant) is scored as that value held, with one even
    Minister fewer; the best case wins (ties keep the earlier case). Every
    assignment of Ministers to values falls in one case, so this stays exact.
    `one` is where the value 1 lies in the frame of `present` (`run_frame`).
    """
    best: tuple[int, int, Window | None, OnOne] = (
        *_parity_run(rules, present, merchants, top, odd, even, merchant_odd, merchant_even), None)
    if not (rules.printed_one_in_run and even):
        return best
    with_one = present | {one}
    cases: list[tuple[frozenset[int], int, OnOne]] = []
    if one not in present and even > merchant_even:
        cases.append((merchants, merchant_even, "plain"))
    if merchant_even and not (one in present and one in merchants):
        cases.append((merchants | {one}, merchant_even - 1, "merchant"))
    bonus = rules.merchant_bonus
    for case_merchants, case_merchant_even, on_one in cases:
        run, in_run, window = _parity_run(rules, with_one, case_merchants, top, odd, even - 1,
                                          merchant_odd, case_merchant_even)
        if window is None:
            continue
        points, best_points = run + in_run * bonus, best[0] + best[1] * bonus
        if points > best_points or (points == best_points and window[1] > (best[2][1] if best[2] else 0)):
            best = (run, in_run, window, on_one)
    return best


@lru_cache(maxsize=200_000)
def _parity_run(
    rules: Rules, present: frozenset[int], merchants: frozenset[int], top: int,
    odd: int, even: int, merchant_odd: int, merchant_even: int,
) -> tuple[int, int, Window | None]:
    """(run points, Merchants counted in the run, window) paying the most, each Minister on a value of its parity;
    longer runs win ties.

    Windows are visited as `windows` lists them (by start, then length). The
    furthest reachable end of each start comes from one sliding window, and
    each window is scored in O(1) from prefix counts (a cache miss here is
    frequent: assemblies vary a lot).
    """
    size = top + 1
    counts = _prefix_counts(present, merchants, size)
    held, held_merchants, held_plain_odd, missing_odd_before, missing_even_before = counts
    shortest, bonus, table = min(rules.order_points), rules.merchant_bonus, rules.run_table
    best: tuple[int, int, Window | None] = (0, 0, None)
    best_points, best_length = 0, 0
    for start, reach in enumerate(_reaches(present, size, odd, even)):
        for end in range(start + shortest - 1, reach + 1):
            missing_odd = missing_odd_before[end + 1] - missing_odd_before[start]
            missing_even = missing_even_before[end + 1] - missing_even_before[start]
            in_run = held_merchants[end + 1] - held_merchants[start]
            plain_odd = held_plain_odd[end + 1] - held_plain_odd[start]
            plain_even = held[end + 1] - held[start] - in_run - plain_odd
            in_run += min(merchant_odd, missing_odd + plain_odd) + min(merchant_even, missing_even + plain_even)
            length = end - start + 1
            run = table[length] if length < len(table) else rules.run_points(length)
            points = run + in_run * bonus
            if points > best_points or (points == best_points and length > best_length):
                best = (run, in_run, (start, length, missing_odd, missing_even))
                best_points, best_length = points, length
    return best


def _prefix_counts(present: frozenset[int], merchants: frozenset[int], size: int) -> tuple[list[int], ...]:
    """Counts of values below i (for i in 0..size): held, held Merchants, held odd non-Merchants,
    missing odd, missing even (one pass: a hot path of the greedy agent, 3x faster than five accumulates)."""
    held, merchant, plain_odd, missing_odd, missing_even = [0], [0], [0], [0], [0]
    h = m = p = mo = me = 0
    for v in range(size):
        if v in present:
            h += 1
            if v in merchants:
                m += 1
            elif v & 1:
                p += 1
        elif v & 1:
            mo += 1
        else:
            me += 1
        held.append(h)
        merchant.append(m)
        plain_odd.append(p)
        missing_odd.append(mo)
        missing_even.append(me)
    return held, merchant, plain_odd, missing_odd, missing_even


@lru_cache(maxsize=100_000)  # two calls in three repeat one (the same values with other Merchant counts)
def _reaches(present: frozenset[int], size: int, odd: int, even: int) -> tuple[int, ...]:
    """For each start, the last value a reachable window from it can end on (start - 1 if none)."""
    reaches = []
    reach = -1
    missing = [0, 0]
    for start in range(size):
        if reach < start - 1:
            reach, missing = start - 1, [0, 0]
        while reach + 1 < size:
            value = reach + 1
            if value not in present:
                parity = value % 2
                if missing[parity] + 1 > (odd if parity else even):
                    break
                missing[parity] += 1
            reach = value
        reaches.append(reach)
        if reach >= start and start not in present:
            missing[start % 2] -= 1
    return tuple(reaches)
