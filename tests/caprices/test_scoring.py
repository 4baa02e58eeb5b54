"""End scoring known values: the seed's worked examples, each caste ability, each Caprice condition.

Cards are (caste, printed value). Bonuses: the seed's corrected example has
the two named Caprices bringing 30 points together; we put them in slots 2
(+20) and 4 (+10).
"""

from __future__ import annotations

import pytest

from engine.caprices.rules import compile_rules
from engine.caprices.scoring import score_assembly, standard_rules
from tests.caprices.helpers import load_edited

# The corrected example (seed, Scoring Example): 7 in hand + 3 rallied (Peasants 0, 2 and Artisan 1),
# printed values 24, run 0..6 (the even Minister stands for 4) containing Merchant 1, 4 Peasants,
# no Noble, the Minister becomes a Clerk.
CUNEGONDE = [
    ("peasant", 0), ("merchant", 1), ("peasant", 2), ("peasant", 3), ("minister_even", 1), ("bourgeoise", 5),
    ("peasant", 6), ("artisan", 1), ("artisan", 2), ("bourgeoise", 3),
]
NAMED = [("mon_peuple_m_adore", 20), ("pas_de_ramasse_miettes", 10)]
IN_FRONT = [("peasant", 0), ("peasant", 2), ("artisan", 1)]
IN_HAND = [card for card in CUNEGONDE if card not in IN_FRONT]


def test_corrected_worked_example_scores_104() -> None:
    result = score_assembly(IN_HAND, NAMED, None, IN_FRONT)  # "seven cards in her hand and three in front of her"
    assert len(IN_HAND) == 7 and result.card_points == 24
    assert (result.order_points, result.run_length) == (30, 7)
    assert result.merchant_points == 5
    assert (result.unity_points, result.largest_family) == (15, 4)
    assert result.caprices == {"mon_peuple_m_adore": 20, "pas_de_ramasse_miettes": 10}
    assert result.caprice_points == 30
    assert result.minister_choices == (("minister_even", "clerk", 4),)
    assert result.ministers_transformed == 1 and result.knight_target is None
    assert result.total == 24 + 30 + 5 + 15 + 30 == 104
    assert score_assembly(CUNEGONDE, NAMED).total == 104  # no Knight: where the cards lie does not matter


def test_worked_example_without_caprices_keeps_the_minister_in_the_run() -> None:
    result = score_assembly(CUNEGONDE)
    assert result.total == 24 + 30 + 5 + 15
    assert result.minister_choices[0][2] == 4


def test_merchant_example_run_of_six_worth_thirty() -> None:
    cards = [("merchant", 1), ("artisan", 2), ("peasant", 3), ("merchant", 4), ("clerk", 5), ("noble", 6),
             ("merchant", 8)]
    result = score_assembly(cards)
    assert result.run_length == 6
    assert result.order_points + result.merchant_points == 30
    assert result.merchant_points == 10  # Merchant 8 is outside the run


def test_clerk_example_two_clerks_score_as_three() -> None:
    result = score_assembly([("clerk", 0), ("clerk", 3)])
    assert (result.unity_points, result.largest_family) == (5, 3)


def test_one_clerk_counts_as_two_only_once() -> None:
    assert score_assembly([("clerk", 0)]).unity_points == 0
    assert score_assembly([("clerk", 0), ("clerk", 1), ("clerk", 2)]).unity_points == 15  # 3 + 1 = 4


def test_clerk_bonus_does_not_apply_to_other_caprices() -> None:
    four_clerks = [("clerk", v) for v in (0, 2, 4, 6)]
    result = score_assembly(four_clerks, [("une_grande_famille", 30), ("deux_clans", 10)])
    assert result.unity_points == 30  # counted as 5 for "L'union fait la force !"
    assert result.caprices == {"une_grande_famille": 0, "deux_clans": 0}  # but 4 for the others


def test_unity_example_several_families_add_up() -> None:
    cards = [("noble", v) for v in (3, 5, 7, 9)] + [("knight", v) for v in (4, 6, 8)]
    result = score_assembly(cards)
    assert result.unity_points == 15 + 5
    assert result.largest_family == 4


@pytest.mark.parametrize(("size", "points"), [(2, 0), (3, 5), (4, 15), (5, 30), (6, 50), (7, 75), (8, 75), (11, 75)])
def test_family_table_and_75_cap(size: int, points: int) -> None:
    cards = [("peasant", 2 * (i % 2)) for i in range(size)]  # values 0/2: never a run
    assert score_assembly(cards).unity_points == points


@pytest.mark.parametrize(("length", "points"), [(5, 0), (6, 20), (7, 30), (8, 40), (11, 70)])
def test_run_table(length: int, points: int) -> None:
    castes = ["peasant", "artisan", "bourgeoise", "noble", "clerk"]
    cards = [(castes[v % 5], v) for v in range(length)]
    assert score_assembly(cards).order_points == points


def test_knight_transforms_the_card_that_helps_most() -> None:
    cards = [("knight", 5), ("knight", 8), ("peasant", 0), ("peasant", 3), ("peasant", 9), ("bourgeoise", 9)]
    result = score_assembly(cards)
    assert result.knight_target == "bourgeoise"  # keeps the 3 Peasants: 5 + 5
    assert result.unity_points == 10


def test_knight_needs_a_knight_and_never_takes_a_noble() -> None:
    assert score_assembly([("peasant", 0), ("noble", 5), ("noble", 6)]).knight_target is None
    nobles = [("knight", 4), ("knight", 5), ("noble", 7)]
    assert score_assembly(nobles).unity_points == 0


def test_knight_transforming_a_merchant_outside_the_run() -> None:
    run = [("merchant", 0), ("clerk", 1), ("noble", 2), ("merchant", 3), ("clerk", 4), ("noble", 5)]
    cards = [*run, ("merchant", 9), ("knight", 7), ("knight", 8), ("knight", 10)]
    result = score_assembly(cards)
    assert result.knight_target == "merchant"  # the Merchant 9: 4 Knights = 15, both run Merchants kept
    assert result.merchant_points == 10 and result.unity_points == 15 + 5


def test_odd_minister_fills_an_odd_gap_but_even_cannot() -> None:
    base = [("peasant", 0), ("artisan", 1), ("peasant", 2), ("bourgeoise", 4), ("clerk", 5)]
    odd = score_assembly([*base, ("minister_odd", 1)])
    assert (odd.run_length, odd.order_points) == (6, 20)
    assert odd.minister_choices[0][2] == 3
    assert odd.card_points == 13  # the Minister still counts 1
    assert score_assembly([*base, ("minister_even", 1)]).order_points == 0


PRINTED_ONE = "printed_one_in_run = { value = true"
# Peasants 0, 2, 3 and Artisans 4, 5, 6: printed 21 (the Minister counts 1), two families of 3 (5 + 5);
# only the value 1 is missing from the run 0..6.
ONE_MISSING = [("peasant", 0), ("peasant", 2), ("peasant", 3), ("artisan", 4), ("artisan", 5), ("artisan", 6)]


def test_an_even_minister_may_stand_as_its_printed_one(tmp_path) -> None:
    even = score_assembly([*ONE_MISSING, ("minister_even", 1)])
    assert (even.run_length, even.order_points) == (7, 30)
    assert even.minister_choices[0][2] == 1
    assert even.total == 21 + 30 + 5 + 5 == 61
    odd = score_assembly([*ONE_MISSING, ("minister_odd", 1)])  # also an Artisan: a family of 4
    assert (odd.run_length, odd.total) == (7, 21 + 30 + 15 + 5)
    off = load_edited(tmp_path, PRINTED_ONE, PRINTED_ONE.replace("true", "false"))
    assert score_assembly([*ONE_MISSING, ("minister_even", 1)], (), off).total == 21 + 5 + 5 == 31
    assert score_assembly([*ONE_MISSING, ("minister_odd", 1)], (), off).total == 71


def test_the_printed_one_counts_for_run_length_caprices() -> None:
    cards = [*ONE_MISSING, ("clerk", 7), ("minister_even", 1)]  # run 0..7 only with the Minister as 1
    assert score_assembly(cards, [("l_ordre_parfait", 30)]).caprices == {"l_ordre_parfait": 30}


def test_an_even_minister_fills_an_even_gap_or_the_one_whichever_pays() -> None:
    # Two even Ministers, values 1 and 8 missing from 0..9: one stands as 1, the other as 8.
    cards = [("peasant", 0), ("clerk", 2), ("peasant", 3), ("noble", 4), ("artisan", 5), ("noble", 6),
             ("artisan", 7), ("bourgeoise", 9), ("minister_even", 1), ("minister_even", 1)]
    result = score_assembly(cards)
    assert result.run_length == 10
    assert sorted(v for _, _, v in result.minister_choices) == [1, 8]


def test_minister_transformation_chosen_to_meet_a_caprice() -> None:
    result = score_assembly([("minister_even", 1), ("noble", 6), ("peasant", 2)], [("noblesse_oblige", 30)])
    assert result.minister_choices == (("minister_even", "noble", None),)
    assert result.caprice_points == 30


def test_minister_stays_a_minister_when_that_pays() -> None:
    cards = [("minister_even", 1), ("minister_odd", 1), ("peasant", 2)]
    result = score_assembly(cards, [("le_conseil_des_ministres", 20)])
    assert result.caprice_points == 20 and result.ministers_transformed == 0


def test_minister_knight_enables_the_knight_ability(tmp_path) -> None:
    cards = [("minister_even", 1), ("peasant", 0), ("bourgeoise", 9)]
    result = score_assembly(cards, [("vive_la_chevalerie", 30)])
    assert result.caprice_points == 30 and result.knight_target is not None
    off = load_edited(tmp_path, "transformed_enables_knight = { value = true",
                      "transformed_enables_knight = { value = false")
    assert score_assembly(cards, [("vive_la_chevalerie", 30)], off).caprice_points == 0


def test_minister_merchant_earns_the_merchant_bonus(tmp_path) -> None:
    cards = [("peasant", 0), ("artisan", 1), ("peasant", 2), ("minister_odd", 1), ("bourgeoise", 4), ("clerk", 5)]
    result = score_assembly(cards)
    assert result.minister_choices == (("minister_odd", "merchant", 3),)
    assert (result.order_points, result.merchant_points) == (20, 5)
    off = load_edited(tmp_path, "transformed_earns_merchant_bonus = { value = true",
                      "transformed_earns_merchant_bonus = { value = false")
    assert score_assembly(cards, (), off).merchant_points == 0


def test_transformed_minister_keeps_its_run_value_only_if_the_ruleset_says_so(tmp_path) -> None:
    off = load_edited(tmp_path, "keeps_run_value_when_transformed = { value = true",
                      "keeps_run_value_when_transformed = { value = false")
    result = score_assembly(CUNEGONDE, NAMED, off)
    assert result.minister_choices == (("minister_even", "minister", 4),)  # the run (35) beats the Clerk (10)
    assert result.total == 24 + 30 + 5 + 15 + 20


def test_scoring_is_memoised_and_order_independent() -> None:
    a = score_assembly(CUNEGONDE, NAMED)
    assert score_assembly(list(reversed(CUNEGONDE)), NAMED) is a


def test_unknown_caste_or_caprice_is_rejected() -> None:
    with pytest.raises(ValueError, match="jester"):
        score_assembly([("jester", 3)])
    with pytest.raises(ValueError, match="no_such"):
        score_assembly([("peasant", 3)], [("no_such", 10)])


# One passing and one failing assembly per Caprice (no Ministers/Knights, so no choice can change them).
P, A, B, N, C, M = "peasant", "artisan", "bourgeoise", "noble", "clerk", "merchant"
CAPRICE_CASES = {
    "mon_peuple_m_adore": ([(P, 0), (P, 1), (P, 5)], [(P, 0), (P, 1), (P, 5), (N, 3)]),
    "pas_de_ramasse_miettes": ([(C, 0)], [(P, 0)]),
    "noblesse_oblige": ([(N, 3), (N, 4)], [(N, 3)]),
    "vive_la_chevalerie": ([("knight", 3), ("knight", 4)], [("knight", 3), (N, 4)]),
    "les_bons_comptes": ([(M, 1), (M, 4)], [(M, 1)]),
    "pas_de_gueux_a_la_cour": ([(A, 1)], [(A, 1), (P, 0)]),
    "le_tresor_royal": ([(N, 10), (N, 9), (B, 9), (B, 8), (A, 8), (P, 1)], [(N, 10), (N, 9), (B, 9), (B, 8), (A, 8)]),
    "point_d_orgueil": ([(N, 7), (P, 0)], [(N, 8), (P, 0)]),
    "les_grands_du_royaume": ([(N, 7), (B, 8), (A, 9)], [(N, 7), (B, 8), (A, 6)]),
    "les_petites_gens": ([(P, 0), (P, 1), (C, 2), (C, 0)], [(P, 0), (P, 1), (C, 2), (C, 3)]),
    "une_cour_bigarree": ([(P, 0), (A, 1), (B, 9), (N, 8), (C, 2), (M, 6)], [(P, 0), (A, 1), (B, 9), (N, 8), (C, 2)]),
    "l_ordre_parfait": ([(P, v) if v % 2 else (C, v) for v in range(8)],
                        [(P, v) if v % 2 else (C, v) for v in range(7)]),
    "une_grande_famille": ([(A, v) for v in range(1, 6)], [(A, v) for v in range(1, 5)]),
    "deux_clans": ([(A, 1), (A, 3), (A, 5), (B, 2), (B, 4), (B, 9)], [(A, 1), (A, 3), (A, 5), (B, 2), (B, 4)]),
    "ni_clerc_ni_marchand": ([(P, 0), (N, 5)], [(P, 0), (M, 5)]),
    "les_artisans_du_roi": ([(A, 1), (A, 3), (A, 5)], [(A, 1), (A, 3)]),
    "la_bourgeoisie_triomphante": ([(B, 2), (B, 4), (N, 5)], [(B, 2), (B, 4), (N, 5), (N, 6)]),
    "le_conseil_des_ministres": ([("minister_odd", 1), ("minister_even", 1)], [("minister_odd", 1), (P, 3)]),
    "le_juste_milieu": ([(P, 0), (P, 2), (N, 5), (N, 7), (A, 1), (B, 9), (C, 3), (M, 6)],
                        [(P, 0), (P, 2), (P, 4), (N, 7), (A, 1), (B, 9), (C, 3), (M, 6)]),
}


def test_every_caprice_in_the_ruleset_has_cases() -> None:
    assert set(CAPRICE_CASES) == set(standard_rules().caprices)
    assert len(CAPRICE_CASES) == 19


@pytest.mark.parametrize("caprice_id", sorted(CAPRICE_CASES))
def test_caprice_condition_passes_and_fails(caprice_id: str) -> None:
    passing, failing = CAPRICE_CASES[caprice_id]
    assert score_assembly(passing, [(caprice_id, 15)]).caprices[caprice_id] == 15
    assert score_assembly(failing, [(caprice_id, 15)]).caprices[caprice_id] == 0


ENABLES = "transformed_enables_knight = { value = true"


def test_a_minister_knight_plus_the_printed_knight_transformation_make_a_family(tmp_path) -> None:
    # Found by comparing with the pre-optimisation scorer, which pruned the Minister-Knight as 'inert'
    # (2 Knights at most) and scored 36: the printed Knight's transformation makes the third Knight.
    rules = compile_rules(load_edited(tmp_path, ENABLES, ENABLES.replace("true", "false")))
    cards = [("merchant", 4), ("peasant", 1), ("artisan", 2), ("bourgeoise", 2), ("noble", 9),
             ("minister_even", 1), ("knight", 4), ("peasant", 0), ("merchant", 3)]
    caprices = [("point_d_orgueil", 30), ("deux_clans", 20), ("le_conseil_des_ministres", 15), ("le_juste_milieu", 10)]
    result = score_assembly(cards, caprices, rules)
    assert (result.total, result.unity_points, result.largest_family) == (41, 5, 3)
    assert result.minister_choices == (("minister_even", "knight", None),) and result.knight_target is not None


def test_compile_is_cached_per_ruleset() -> None:
    rules = standard_rules()
    assert compile_rules is not None and rules.family_points(7) == 75
