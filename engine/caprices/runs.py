"""'De l'ordre !' runs: which value windows a set of cards plus Ministers can fill, and the best one to score.

Ministers stand for any value of their parity, so a window of values is
reachable when its missing odd and even values do not outnumber the odd and
even Ministers. Merchant-Ministers (when the ruleset lets them earn the
Merchant bonus) are best placed on a missing value or on a value held by a
non-Merchant, which gives the closed form in `best_run`. Results are cached on
small hashable keys, so a game's many evaluations reuse them.
"""

from __future__ import annotations

from functools import lru_cache

from engine.caprices.cards import Rules

Window = tuple[int, int, int, int]
"""(first value, length, missing odd values, missing even values)."""


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


@lru_cache(maxsize=200_000)
def best_run(
    rules: Rules, present: frozenset[int], merchants: frozenset[int], top: int,
    odd: int, even: int, merchant_odd: int, merchant_even: int,
) -> tuple[int, int, Window | None]:
    """(run points, Merchants counted in the run, window) paying the most; longer runs win ties."""
    best: tuple[int, int, Window | None] = (0, 0, None)
    best_points, best_length = 0, 0
    for window in windows(present, top, odd, even, min(rules.order_points)):
        start, length, missing_odd, missing_even = window
        held = [v for v in range(start, start + length) if v in present]
        in_run = sum(1 for v in held if v in merchants)
        plain_odd = sum(1 for v in held if v % 2 and v not in merchants)
        plain_even = len(held) - in_run - plain_odd
        in_run += min(merchant_odd, missing_odd + plain_odd) + min(merchant_even, missing_even + plain_even)
        run = rules.run_points(length)
        points = run + in_run * rules.merchant_bonus
        if points > best_points or (points == best_points and length > best_length):
            best, best_points, best_length = (run, in_run, window), points, length
    return best
