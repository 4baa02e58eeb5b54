"""'L'union fait la force !': a family is at least 3 cards of one caste; its points grow with its size.

Seed: "Have a family of at least 3 cards of the same Caste. The limit is set at 75 points maximum, even if
you have more than 7 cards of the same Caste ... for this Caprice, 1 Clerk counts as 2, only once." The
points by size are `unity.points` (compiled into `Rules.family_points` and its tables), the Clerk's extra
card `unity.clerk_bonus`.
"""

from __future__ import annotations

from collections.abc import Mapping

from engine.caprices.rules import Rules


def unity_points(rules: Rules, counts: Mapping[str, int]) -> tuple[int, int]:
    """Family points (Clerk bonus included) and the largest family counted (0 if none)."""
    points = largest = 0
    table = rules.family_table
    for caste, n in counts.items():
        if caste == "clerk":
            n += rules.clerk_bonus
        family = table[n] if n < len(table) else rules.family_points(n)
        if family:
            points += family
            largest = max(largest, n)
    return points, largest
