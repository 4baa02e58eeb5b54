"""Malformed rulesets are rejected with the file, the key and the reason."""

from __future__ import annotations

import pytest

from engine.caprices.game import GAME
from engine.core.errors import RulesetError, UnknownName
from tests.caprices.helpers import edited_ruleset, load_edited

CASES = [
    # (old text, new text, key named in the error, words in the reason)
    ('peasant = { value = [0, 1, 2', 'jester = { value = [0, 1, 2', "deck.jester",
     "unknown key; did you mean 'deck.peasant'?"),
    ('artisan = { value = [1, 2, 3, 4, 5, 6, 7, 8]', 'artisan = { value = [1, 2, 3]', "deck", "has 59 cards"),
    ('artisan = { value = [1, 2, 3, 4, 5, 6, 7, 8]', 'artisan = { value = "eight"', "deck.artisan", "expected a list"),
    ('counts = { value = [2, 3, 4, 5]', 'counts = { value = [1, 2, 3]', "players.counts", "whole numbers from 2 to 8"),
    ('counts = { value = [2, 3, 4, 5]', 'counts = { value = [2, 9]', "players.counts", "from 2 to 8"),
    ('merchant_bonus = { value = 5,', 'merchant_bonus = { value = "5",', "order.merchant_bonus",
     "expected a whole number from 0 to 100"),
    ('clerk_bonus = { value = 1,', 'clerk_bonus_typo = { value = 1,', "unity.clerk_bonus_typo",
     "did you mean 'unity.clerk_bonus'?"),
    ('{ caste = "noble", min = 2 }', '{ caste = "nobel", min = 2 }', "caprices.noblesse_oblige.condition.caste",
     "unknown caste 'nobel'"),
    ('{ caste = "knight", min = 2 }', '{ kaste = "knight", min = 2 }', "caprices.vive_la_chevalerie.condition",
     "unknown condition"),
    ('{ measure = "value_sum", min = 45 }', '{ measure = "value_total", min = 45 }',
     "caprices.le_tresor_royal.condition.measure", "unknown measure"),
    ('{ caste = "merchant", min = 2 }', '{ caste = "merchant", most = 2 }', "caprices.les_bons_comptes.condition",
     "needs min"),
    ('{ all = [{ lacks = "clerk" }, { lacks = "merchant" }] }', '{ all = [] }',
     "caprices.ni_clerc_ni_marchand.condition.all", "non-empty list"),
    ('{ caste = "artisan", min = 3 }', '{ caste = "artisan", min = "three" }',
     "caprices.les_artisans_du_roi.condition.min", "integer"),
    ('odd_castes = { value = ["artisan", "merchant", "bourgeoise"]', 'odd_castes = { value = ["artisan", "duke"]',
     "minister.odd_castes", "unknown name 'duke'"),
    ('points = { value = { 6 = 20', 'points = { value = { six = 20', "order.points", "size = points"),
    ('hand_size = { value = 7, source = "seed"', 'hand_size = { value = 7, source = "guess"', "setup.hand_size",
     "source must be"),
]


@pytest.mark.parametrize(("old", "new", "key", "reason"), CASES, ids=[c[2] + ":" + c[3] for c in CASES])
def test_malformed_ruleset_names_file_and_key(tmp_path, old: str, new: str, key: str, reason: str) -> None:
    path = edited_ruleset(tmp_path, old, new)
    with pytest.raises(RulesetError) as info:
        GAME.load_ruleset(str(path))
    assert info.value.path == str(path)
    assert info.value.key == key
    assert reason in info.value.reason


def test_standard_ruleset_loads_with_provenance() -> None:
    ruleset = GAME.load_ruleset("standard")
    assert ruleset.provenance["order.merchant_bonus"].source == "seed"
    assert "deck.peasant" in ruleset.assumed()
    # Readings of the seed, listed among the assumptions: the blind Bourgeoise pile take, the Minister's printed 1.
    assert {"turns.bourgeoise_takes", "minister.printed_one_in_run"} <= set(ruleset.assumed())
    assert "not implemented" in ruleset.provenance["turns.bourgeoise_takes"].note
    assert all(p.note for p in ruleset.provenance.values())


def test_unknown_ruleset_name_lists_the_known_ones() -> None:
    with pytest.raises(UnknownName, match="standard"):
        GAME.load_ruleset("nope")


def test_a_designer_adds_a_caprice_by_editing_the_file(tmp_path) -> None:
    extra = '''
[caprices.la_cour_des_miracles]
name = { value = "La cour des miracles !", source = "assumed", note = "test" }
condition = { source = "assumed", note = "test", value = { any = [{ caste = "peasant", min = 5 },
  { not = { has = "noble" } }] } }
'''
    path = tmp_path / "more.toml"
    path.write_text(edited_ruleset(tmp_path, "[meta]", "[meta]").read_text() + extra)
    ruleset = GAME.load_ruleset(str(path))
    from engine.caprices.scoring import score_assembly
    assert score_assembly([("peasant", 1)], [("la_cour_des_miracles", 30)], ruleset).caprice_points == 30
    assert score_assembly([("noble", 3)], [("la_cour_des_miracles", 30)], ruleset).caprice_points == 0


def test_player_count_outside_the_ruleset_is_refused(tmp_path) -> None:
    ruleset = load_edited(tmp_path, "counts = { value = [2, 3, 4, 5]", "counts = { value = [3, 4]")
    with pytest.raises(RulesetError, match="2 players"):
        GAME.initial_state(ruleset, 2, seed=1)
