"""The greedy agent's fast score estimate, and the fast run finders (sliding windows, prefix counts).

The estimate scores one greedily built choice exactly, so it can never beat
the exact optimum and must equal it when there is nothing to choose.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from engine.caprices.agents.estimate import estimate_total
from engine.caprices.rules import Rules, compile_rules
from engine.caprices.runs import best_run, longest_run, windows
from engine.caprices.scoring import standard_rules
from tests.caprices.helpers import load_edited, score_total
from tests.caprices.test_scoring import CUNEGONDE, NAMED

SWITCHES = [
    "transformed_enables_knight = { value = true",
    "transformed_earns_merchant_bonus = { value = true",
    "keeps_run_value_when_transformed = { value = true",
    "printed_one_in_run = { value = true",
]


def _random_cases(rules: Rules, seed: int, count: int) -> list[tuple[list[tuple[str, int]], list[tuple[str, int]]]]:
    rng = random.Random(seed)
    pool = list(rules.caprices)
    cases = []
    for _ in range(count):
        cards = rng.sample(list(rules.deck), rng.randint(6, 11))
        caprices = list(zip(rng.sample(pool, 4), (30, 20, 15, 10)))[:rng.randint(0, 4)]
        cases.append((cards, caprices))
    return cases


def _has_choice(cards: list[tuple[str, int]]) -> bool:
    return any(caste in ("knight", "minister_odd", "minister_even") for caste, _ in cards)


def test_estimate_is_a_lower_bound_and_exact_when_nothing_is_chosen() -> None:
    rules = standard_rules()
    equal = 0
    cases = _random_cases(rules, 11, 400)
    for cards, caprices in cases:
        exact, estimate = score_total(cards, caprices, rules), estimate_total(cards, caprices, rules)
        assert estimate <= exact, (cards, caprices)
        if not _has_choice(cards):
            assert estimate == exact, (cards, caprices)
        equal += estimate == exact
    # Quality, not only soundness: at the time of writing 87% of such assemblies are estimated exactly.
    assert equal >= 0.8 * len(cases)


@pytest.mark.parametrize("switch", SWITCHES)
def test_estimate_stays_a_lower_bound_under_other_minister_rules(tmp_path: Path, switch: str) -> None:
    rules = compile_rules(load_edited(tmp_path, switch, switch.replace("true", "false")))
    for cards, caprices in _random_cases(rules, 12, 150):
        assert estimate_total(cards, caprices, rules) <= score_total(cards, caprices, rules), (cards, caprices)


def test_estimate_finds_the_worked_example_choice() -> None:
    # The Minister must become a Clerk (pas de ramasse-miettes) while standing for 4 in the run: 104.
    assert estimate_total(CUNEGONDE, NAMED, standard_rules()) == 104


def test_estimate_turns_a_minister_into_a_knight_for_a_caprice() -> None:
    cards = [("knight", 4), ("minister_even", 1), ("artisan", 2), ("peasant", 7)]
    caprices = [("vive_la_chevalerie", 30)]  # at least 2 Knights
    # The Minister-Knight meets it, then the Knight turns a Peasant or Artisan into a third Knight (family 5).
    assert estimate_total(cards, caprices, standard_rules()) == 14 + 30 + 5 == score_total(cards, caprices,
                                                                                            standard_rules())


def test_estimate_joins_a_minister_to_the_clerks() -> None:
    cards = [("clerk", 2), ("clerk", 5), ("minister_even", 1), ("peasant", 3)]
    # 3 Clerks count as 4 for the family: 15 points on top of the printed 11.
    assert estimate_total(cards, (), standard_rules()) == 11 + 15


def test_sliding_longest_run_equals_the_longest_listed_window() -> None:
    rng = random.Random(5)
    for _ in range(2000):
        present = frozenset(rng.sample(range(12), rng.randint(0, 10)))
        top = max(10, max(present, default=0))
        odd, even = rng.randint(0, 3), rng.randint(0, 3)
        listed = max((w[1] for w in windows(present, top, odd, even, 1)), default=0)
        assert longest_run(present, top, odd, even) == listed, (sorted(present), odd, even)


def _best_run_reference(rules: Rules, present, merchants, top, odd, even, merchant_odd, merchant_even):
    """The plain definition: every listed window, its Merchants counted value by value."""
    best, best_points, best_length = (0, 0, None), 0, 0
    for window in windows(present, top, odd, even, min(rules.order_points)):
        start, length, missing_odd, missing_even = window
        held = [v for v in range(start, start + length) if v in present]
        in_run = sum(1 for v in held if v in merchants)
        plain_odd = sum(1 for v in held if v % 2 and v not in merchants)
        plain_even = len(held) - in_run - plain_odd
        in_run += min(merchant_odd, missing_odd + plain_odd) + min(merchant_even, missing_even + plain_even)
        points = rules.run_points(length) + in_run * rules.merchant_bonus
        if points > best_points or (points == best_points and length > best_length):
            best, best_points, best_length = (rules.run_points(length), in_run, window), points, length
    return best


def test_best_run_matches_a_window_by_window_reference(tmp_path: Path) -> None:
    # Ministers by parity only: the printed-1 cases are checked against the brute force in test_scoring.
    rules = compile_rules(load_edited(tmp_path, SWITCHES[3], SWITCHES[3].replace("true", "false")))
    rng = random.Random(8)
    for _ in range(1500):
        top = rng.choice([10, 11])
        present = frozenset(rng.sample(range(top + 1), rng.randint(0, top + 1)))
        merchants = frozenset(v for v in present if rng.random() < 0.3)
        args = (present, merchants, top, rng.randint(0, 3), rng.randint(0, 3), rng.randint(0, 2), rng.randint(0, 2))
        assert best_run(rules, *args) == (*_best_run_reference(rules, *args), None), args


def test_best_run_with_the_printed_one_never_pays_less() -> None:
    rules = standard_rules()
    rng = random.Random(9)
    for _ in range(1500):
        present = frozenset(rng.sample(range(11), rng.randint(0, 11)))
        merchants = frozenset(v for v in present if rng.random() < 0.3)
        odd, even = rng.randint(0, 3), rng.randint(0, 3)
        args = (present, merchants, 10, odd, even, rng.randint(0, odd), rng.randint(0, even))
        run, in_run, window, on_one = best_run(rules, *args)
        plain = _best_run_reference(rules, *args)
        assert run + 5 * in_run >= plain[0] + 5 * plain[1], args
        if on_one is not None:  # only when it pays more, and only on a 1 not held by a Merchant
            assert run + 5 * in_run > plain[0] + 5 * plain[1] or window[1] > (plain[2] or (0, 0))[1], args
            assert window[0] <= 1 < window[0] + window[1] and not (1 in present and 1 in merchants), args
