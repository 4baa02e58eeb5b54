"""Hand-scored assemblies and scripted games for the seed readings of issue 8 (items 1-4).

Each test quotes the seed's words, scores the hand by hand in a comment, and
checks both the default reading (the seed's words) and the ruleset switch.
Cards are (caste, printed value); the standard ruleset's tables apply
(family 3 -> 5, run 6 -> 20, 7 -> 30; top entry 11 -> 70).
"""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from engine.caprices.agents.estimate import estimate_total
from engine.caprices.game import GAME
from engine.caprices.rules import compile_rules
from engine.caprices.scoring import score_assembly, standard_rules
from engine.core import ListSink, make_agent, play_game, replay, state_digest
from engine.core.events import Event
from engine.core.ruleset import Ruleset
from tests.caprices.helpers import edited_ruleset, load_edited

# --- item 1: "you may transform only one Subject card from your hand" ---------------------------------------
# Hand: Knights 9, 10, Nobles 3, 5, 7, Clerks 0, 2; rallied in front: Peasant 1, Artisan 8.
# Printed values 9+10+3+5+7+0+2 + 1+8 = 45; values 0-3, 5, 7-10 held: no run of 6.
# Families: 3 Nobles = 5, 2 Clerks count as 3 = 5, 2 Knights = 0. No Peasant, Artisan, Bourgeoise or Merchant
# in the hand, so the Knight transforms nothing: 45 + 10 = 55. If a rallied card could be taken, the Peasant
# would make a third Knight: + 5 = 60.
KNIGHT_HAND = [("knight", 9), ("knight", 10), ("noble", 3), ("noble", 5), ("noble", 7), ("clerk", 0), ("clerk", 2)]
RALLIED = [("peasant", 1), ("artisan", 8)]
TAKES_RALLIED = "takes_rallied = { value = false"


def test_the_knight_takes_a_card_from_the_hand_not_a_rallied_one(tmp_path: Path) -> None:
    rules = standard_rules()
    literal = score_assembly(KNIGHT_HAND, (), rules, RALLIED)
    assert (literal.total, literal.card_points, literal.unity_points, literal.knight_target) == (55, 45, 10, None)
    assert estimate_total(KNIGHT_HAND, (), rules, RALLIED) == 55
    other = load_edited(tmp_path, TAKES_RALLIED, TAKES_RALLIED.replace("false", "true"))
    reading = score_assembly(KNIGHT_HAND, (), other, RALLIED)
    assert (reading.total, reading.unity_points, reading.knight_target) == (60, 15, "peasant")
    # The same cards all in the hand: the Knight may take the Peasant under either reading.
    assert score_assembly(KNIGHT_HAND + RALLIED, (), rules).total == 60


# --- item 2: a transformed Minister "is then considered to belong to that Caste in all circumstances" ----------
# Hand: Knights 9, 10, an odd Minister, Nobles 3, 5, 7, Clerk 0. Printed 9+10+1+3+5+7+0 = 35; values 0, 3, 5,
# 7, 9, 10 (+ one odd value for the Minister): no run of 6. 3 Nobles = 5; 1 Clerk counts as 2: nothing.
# The odd Minister may become an Artisan, Merchant or Bourgeoise (not a Knight). Turned Bourgeoise, it is one of
# "your ... Bourgeoises", so the Knight may transform it: 3 Knights = 5 more, 35 + 5 + 5 = 45. Read as "each
# card changes caste once", the Knight has nothing to take: 40.
MINISTER_HAND = [("knight", 9), ("knight", 10), ("minister_odd", 1), ("noble", 3), ("noble", 5), ("noble", 7),
                 ("clerk", 0)]
TAKES_MINISTER = "takes_transformed_minister = { value = true"


def test_the_knight_may_transform_a_transformed_minister(tmp_path: Path) -> None:
    rules = standard_rules()
    result = score_assembly(MINISTER_HAND, (), rules)
    assert (result.total, result.unity_points, result.largest_family) == (45, 10, 3)
    assert result.knight_took_minister and result.knight_target in ("artisan", "merchant", "bourgeoise")
    assert result.minister_choices[0][:2] == ("minister_odd", "knight")
    assert estimate_total(MINISTER_HAND, (), rules) == 45
    once = load_edited(tmp_path, TAKES_MINISTER, TAKES_MINISTER.replace("true", "false"))
    plain = score_assembly(MINISTER_HAND, (), once)
    assert (plain.total, plain.knight_target, plain.knight_took_minister) == (40, None, False)


def test_a_knight_transformed_minister_merchant_leaves_the_merchant_bonus() -> None:
    # Hand: Knights 9, 10, Clerks 2, 3, 5, Nobles 4, 6, an odd Minister: printed 40. The Minister stands as 7:
    # run 2..7 of 6 = 20. 3 Clerks count as 4 = 15. Either the Minister turns Merchant and earns +5 in the run,
    # or it turns Merchant (or Bourgeoise) and the Knight makes it a third Knight (family of 3 = 5), still
    # standing as 7 but no longer a Merchant: 40 + 20 + 15 + 5 = 80 both ways, never both bonuses.
    cards = [("knight", 9), ("knight", 10), ("clerk", 2), ("clerk", 3), ("noble", 4), ("clerk", 5), ("noble", 6),
             ("minister_odd", 1)]
    result = score_assembly(cards)
    assert (result.total, result.order_points, result.run_length) == (80, 20, 6)
    assert result.merchant_points == (0 if result.knight_took_minister else 5)
    assert result.unity_points == (20 if result.knight_took_minister else 15)


# --- item 3: "you may change the '1' of these Ministers into any number (even or odd, depending on the card)" --
# Hand: Peasant 5, Clerk 6, Bourgeoises 7 and 9, Artisan 8, Noble 10, an odd Minister. Printed 46.
# Any number: the Minister stands as 11, run 5..11 of 7 = 30; it also turns Bourgeoise (3 Bourgeoises = 5) or
# Merchant (+5 in the run): 46 + 30 + 5 = 81. Printed values only (0..10): the run stays 5..10 = 20: 71.
RUN_HAND = [("peasant", 5), ("clerk", 6), ("bourgeoise", 7), ("artisan", 8), ("bourgeoise", 9), ("noble", 10),
            ("minister_odd", 1)]
RUN_VALUES = 'run_values = { value = "natural"'


def test_a_minister_may_stand_above_the_highest_printed_value(tmp_path: Path) -> None:
    result = score_assembly(RUN_HAND)
    assert (result.total, result.order_points, result.run_length) == (81, 30, 7)
    assert result.minister_choices[0][2] == 11
    printed = score_assembly(RUN_HAND, (), load_edited(tmp_path, RUN_VALUES, RUN_VALUES.replace("natural", "printed")))
    assert (printed.total, printed.order_points, printed.run_length) == (71, 20, 6)


# Clerk 0, Peasant 1, Artisan 2, Bourgeoise 3, Noble 4, Merchant 5, an odd Minister: printed 16. The run 0..5
# (20) holds Merchant 5 (+5); the odd Minister turned Merchant stands on 1 or 3 in it (+5): 46 under "natural"
# (nothing odd above 5 without a 6). Under "integer" it stands as -1: run -1..5 of 7 = 30, +5 +5: 56.
LOW_HAND = [("clerk", 0), ("peasant", 1), ("artisan", 2), ("bourgeoise", 3), ("noble", 4), ("merchant", 5),
            ("minister_odd", 1)]


def test_negative_values_only_under_the_integer_reading(tmp_path: Path) -> None:
    natural = score_assembly(LOW_HAND)
    assert (natural.total, natural.run_length, natural.merchant_points) == (46, 6, 10)
    integer = load_edited(tmp_path, RUN_VALUES, RUN_VALUES.replace("natural", "integer"))
    result = score_assembly(LOW_HAND, (), integer)
    assert (result.total, result.run_length, result.merchant_points) == (56, 7, 10)
    assert result.minister_choices == (("minister_odd", "merchant", -1),)
    assert estimate_total(LOW_HAND, (), compile_rules(integer)) == 56


def test_a_run_longer_than_the_table_scores_its_top_entry() -> None:
    # Printed 0..10 in eleven cards, plus an odd and an even Minister as 11 and 12: a run of 13, beyond the
    # table's last entry (11 -> 70), scores 70.
    castes = ["peasant", "artisan", "bourgeoise", "noble", "clerk"]
    cards = [(castes[v % 5] if v >= 3 or castes[v % 5] != "noble" else "clerk", v) for v in range(11)]
    result = score_assembly([*cards, ("minister_odd", 1), ("minister_even", 1)])
    assert (result.run_length, result.order_points) == (13, 70)
    assert sorted(v for _, _, v in result.minister_choices) == [11, 12]


# --- item 4: "Give each player a player aid at random ... Whoever obtains that card ... starts the game." ------
FIRST = 'first = { value = "seat0"'


def _starters(ruleset: Ruleset, seed: int, players: int = 4) -> tuple[list[int], list[Event]]:
    sink = ListSink()
    final = play_game(GAME, ruleset, [make_agent("random", GAME) for _ in range(players)], seed, sink)
    assert state_digest(GAME, replay(GAME, ruleset, sink.events)) == state_digest(GAME, final)
    return [e.player for e in sink.events if e.TYPE == "round_started"], sink.events


def test_seat_zero_starts_under_the_standard_ruleset() -> None:
    starters, events = _starters(GAME.load_ruleset("standard"), 3)
    assert starters == [0, 1, 2, 3, 0, 1]
    assert not any(e.TYPE == "king_aid_dealt" for e in events)


@pytest.mark.parametrize("players", [2, 4, 5])
def test_the_king_aid_dealt_at_random_picks_the_first_player(tmp_path: Path, players: int) -> None:
    ruleset = load_edited(tmp_path, FIRST, FIRST.replace("seat0", "random"))
    firsts: Counter[int] = Counter()
    for seed in range(12 * players):
        starters, events = _starters(ruleset, seed, players)
        [dealt] = [e.player for e in events if e.TYPE == "king_aid_dealt"]
        assert starters == [(dealt + r) % players for r in range(6)]  # then the Favour passes to the left
        firsts[dealt] += 1
    assert set(firsts) == set(range(players))  # every seat drew the King at least once


def test_a_recorded_game_names_who_was_dealt_the_king_aid(tmp_path: Path) -> None:
    # export -> ingest of simulated games with the King aid dealt at random: the record gives the seat
    from balance.cli import main
    from lake.verify import verify
    from tests.recorded.test_round_trip import lake_games

    ruleset = edited_ruleset(tmp_path, FIRST, FIRST.replace("seat0", "random"))
    simulated, recorded, out = tmp_path / "sim", tmp_path / "rec", tmp_path / "export.json"
    assert main(["simulate", "--game", "caprices", "--ruleset", str(ruleset), "--players", "4", "--agents",
                 "random", "--games", "3", "--seed", "5", "--lake", str(simulated), "--workers", "1",
                 "--no-progress"]) == 0
    assert main(["export", "--lake", str(simulated), "--out", str(out)]) == 0
    assert '"king_aid"' in out.read_text(encoding="utf-8")
    assert main(["ingest", str(out), "--lake", str(recorded)]) == 0
    before, after = lake_games(simulated, "caprices"), lake_games(recorded, "caprices")
    assert len(before) == 3 and before == after
    assert verify(recorded, workers=1).ok
