"""The exact end-scoring optimiser against an independent brute force (`brute_force.py`), under every switch.

Assemblies are random: 6-11 cards with at most two Ministers, some Peasants
and Artisans rallied in front of the player, four Caprices in play.
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from engine.caprices.game import GAME
from engine.caprices.rally import RALLYABLE
from engine.caprices.rules import Rules, compile_rules
from engine.caprices.scoring import _search, score_assembly, standard_rules
from tests.caprices.brute_force import brute_force
from tests.caprices.helpers import edited_ruleset, load_edited

Cards = list[tuple[str, int]]


def _cases(rules: Rules, seed: int, count: int, wanted: tuple[str, ...] = ()) -> list[tuple[Cards, Cards,
                                                                                         list[tuple[str, int]]]]:
    """(hand, rallied, caprices): at most two Ministers; `wanted`: castes each present at least once."""
    rng = random.Random(seed)
    deck, pool = list(rules.deck), list(rules.caprices)
    out = []
    while len(out) < count:
        cards = rng.sample(deck, rng.randint(6, 11))
        if sum(1 for c, _ in cards if c.startswith("minister")) > 2 or not {c for c, _ in cards} >= set(wanted):
            continue
        rallied = [card for card in cards if card[0] in RALLYABLE and rng.random() < 0.5]
        hand = [card for card in cards if card not in rallied]
        out.append((hand, rallied, list(zip(rng.sample(pool, 4), (30, 20, 15, 10)))))
    return out


def _check(rules: Rules, cases: list[tuple[Cards, Cards, list[tuple[str, int]]]]) -> int:
    """Assert optimiser == brute force on every case; returns how many differ from the standard rules' optimum."""
    changed = 0
    for hand, rallied, caprices in cases:
        expected = brute_force(hand, rallied, caprices, rules)
        assert score_assembly(hand, caprices, rules, rallied).total == expected, (hand, rallied, caprices)
        found = _search(tuple(sorted(hand)), tuple(caprices), rules, tuple(sorted(rallied)))[1]
        assert found == expected, (hand, rallied, caprices)
        changed += expected != score_assembly(hand, caprices, standard_rules(), rallied).total
    return changed


def test_exact_optimum_matches_the_brute_force_under_the_standard_rules() -> None:
    rules = standard_rules()
    assert (rules.run_values, rules.knight_takes_rallied, rules.knight_takes_transformed_minister) == (
        "natural", False, True)
    _check(rules, _cases(rules, 20261130, 150))


SWITCHES = {
    "rallied": ("takes_rallied = { value = false", "takes_rallied = { value = true"),
    "printed_only": ("takes_transformed_minister = { value = true", "takes_transformed_minister = { value = false"),
    "printed_values": ('run_values = { value = "natural"', 'run_values = { value = "printed"'),
    "integer_values": ('run_values = { value = "natural"', 'run_values = { value = "integer"'),
    "no_enable": ("transformed_enables_knight = { value = true", "transformed_enables_knight = { value = false"),
    "no_printed_one": ("printed_one_in_run = { value = true", "printed_one_in_run = { value = false"),
}


@pytest.mark.parametrize("switch", sorted(SWITCHES))
def test_exact_optimum_matches_the_brute_force_under_each_switch(tmp_path: Path, switch: str) -> None:
    rules = compile_rules(load_edited(tmp_path, *SWITCHES[switch]))
    wanted = {"rallied": ("knight",), "printed_only": ("knight", "minister_odd")}.get(switch, ("minister_odd",))
    changed = _check(rules, _cases(rules, 20261201 + len(switch), 150, wanted))
    assert changed > 0, f"no case where {switch} changes the optimum: the comparison would prove nothing"


SWAPPED = 'odd_castes = { value = ["artisan", "merchant", "bourgeoise"]'
ONE_MISSING = [("peasant", 0), ("peasant", 2), ("peasant", 3), ("artisan", 4), ("artisan", 5), ("artisan", 6)]


def test_exact_optimum_matches_the_brute_force_with_even_merchant_ministers(tmp_path: Path) -> None:
    # Even Ministers may become Merchants here: a Merchant-Minister standing as 1 earns the Merchant bonus.
    path = edited_ruleset(tmp_path, SWAPPED, SWAPPED.replace('"merchant", ', ""))
    text = path.read_text(encoding="utf-8").replace('even_castes = { value = ["clerk", "knight", "noble"]',
                                                    'even_castes = { value = ["clerk", "merchant", "noble"]')
    path.write_text(text, encoding="utf-8")
    rules = compile_rules(GAME.load_ruleset(str(path)))
    cards = [*ONE_MISSING, ("minister_even", 1)]
    assert score_assembly(cards, (), rules).merchant_points == 5  # the Merchant-Minister as 1 in the run 0..6
    assert score_assembly(cards, (), rules).total == brute_force(cards, (), (), rules)
    _check(rules, _cases(rules, 20261202, 30, ("minister_even",)))
