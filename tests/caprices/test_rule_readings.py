"""Issue 28, items 1-3: the Caprices readings that lived in code, now ruleset values with provenance.

Each test quotes the seed, checks the ruleset marks the reading `assumed` with a note, and checks the
behaviour the value names (hand-scored where it is a score).
"""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.caprices.agents.estimate import estimate_total
from engine.caprices.end_of_game import rank_players
from engine.caprices.game import GAME
from engine.caprices.rules import compile_rules
from engine.caprices.scoring import score_assembly, standard_rules
from engine.core.errors import RulesetError
from tests.caprices.helpers import load_edited


def _provenance(key: str) -> tuple[str, str]:
    found = GAME.load_ruleset("standard").provenance[key]
    return found.source, found.note


# --- item 1: "In case of a tie, the tied player with the lowest total value of Subject cards wins." ----------
# Scores 50, 50, 40 with card values 20, 20, 10: the two 50s tie on the value too; the seed says no more.
def test_a_tie_left_after_the_card_value_tie_break_is_shared(tmp_path: Path) -> None:
    source, note = _provenance("end.remaining_tie")
    assert source == "assumed" and "share" in note
    assert rank_players([(50, 20), (50, 20), (40, 10)]) == ([1, 1, 3], [0.5, 0.5, 0.0])
    assert rank_players([(50, 20), (50, 19), (40, 10)]) == ([2, 1, 3], [0.0, 1.0, 0.0])  # the seed's tie-break
    with pytest.raises(RulesetError, match="end.remaining_tie"):
        load_edited(tmp_path, 'remaining_tie = { value = "shared"', 'remaining_tie = { value = "seat_order"')


# --- item 2: "each Merchant that is an integral part of a valid run ... earns you +5 points" ----------------
# Clerk 2, Peasant 3, Peasant 4, Merchant 4, Bourgeoise 5, Noble 6, Knight 7: printed 2+3+4+4+5+6+7 = 31, the
# run 2..7 (6 cards) = 20, no family of 3. The Merchant 4 shares its value with Peasant 4: counted as part of
# the run it earns +5 (56); read as "integral" (the run stands without it) it earns nothing (51).
SHARED_VALUE = [("clerk", 2), ("peasant", 3), ("peasant", 4), ("merchant", 4), ("bourgeoise", 5), ("noble", 6),
                ("knight", 7)]
MERCHANT_SWITCH = "merchant_on_shared_value = { value = true"


def test_a_merchant_whose_value_another_card_holds_earns_the_bonus_unless_the_ruleset_says_integral(
    tmp_path: Path,
) -> None:
    source, note = _provenance("order.merchant_on_shared_value")
    assert source == "assumed" and "integral" in note
    rules = standard_rules()
    default = score_assembly(SHARED_VALUE, (), rules)
    assert (default.total, default.order_points, default.merchant_points) == (56, 20, 5)
    assert estimate_total(SHARED_VALUE, (), rules) == 56
    integral = compile_rules(load_edited(tmp_path, MERCHANT_SWITCH, MERCHANT_SWITCH.replace("true", "false")))
    strict = score_assembly(SHARED_VALUE, (), integral)
    assert (strict.total, strict.order_points, strict.merchant_points) == (51, 20, 0)
    assert estimate_total(SHARED_VALUE, (), integral) == 51
    # a Merchant alone on its value is integral under both readings: Peasant 4 -> Peasant 1 breaks nothing
    alone = [("clerk", 2), ("peasant", 3), ("peasant", 1), ("merchant", 4), ("bourgeoise", 5), ("noble", 6),
             ("knight", 7)]
    assert score_assembly(alone, (), rules).merchant_points == score_assembly(alone, (), integral).merchant_points


# --- item 3: "1 - Draw a Card: Recruit a face-up Subject card from the Recruitment Zone, or the top card" -------
def test_the_draw_is_compulsory_and_marked_so(tmp_path: Path) -> None:
    source, note = _provenance("turns.draw")
    assert source == "assumed" and "compulsory" in note
    assert compile_rules(GAME.load_ruleset("standard")).draw_step == "compulsory"
    with pytest.raises(RulesetError, match="turns.draw"):
        load_edited(tmp_path, 'draw = { value = "compulsory"', 'draw = { value = "optional"')
    # the behaviour itself: tests/caprices/test_rules.py::test_a_player_who_can_draw_nothing_passes


def test_a_ruleset_written_before_these_keys_reads_as_the_engine_did_then(tmp_path: Path) -> None:
    """An old run's manifest keeps its ruleset text: without the new keys its games must still replay alike."""
    text = (Path(GAME.load_ruleset("standard").path)).read_text(encoding="utf-8")
    old = "\n".join(line for line in text.splitlines()
                    if not line.startswith(("merchant_on_shared_value", "remaining_tie", "draw = ")))
    path = tmp_path / "old.toml"
    path.write_text(old, encoding="utf-8")
    rules = compile_rules(GAME.load_ruleset(str(path)))
    assert (rules.merchant_on_shared_value, rules.remaining_tie, rules.draw_step) == (True, "shared", "compulsory")
    assert score_assembly(SHARED_VALUE, (), rules).total == 56
