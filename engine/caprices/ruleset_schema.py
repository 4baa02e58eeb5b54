"""Every key a Les caprices du roi ruleset may hold, and the bounds of its value (see engine.core.ruleset_schema).

Bounds are wide enough for any variant a designer may try and narrow enough
that every value fits the lake column it is logged in; relations between
values (enough cards for the players, say) are checked in `rules.compile_rules`.
"""

from __future__ import annotations

from engine.caprices.rules import (
    DRAW_STEPS,
    FIRST_PLAYERS,
    JOUST_TIE_BREAKS,
    MAX_DEALS,
    NEXT_DEAL_FIRST,
    PRINTED_CASTES,
    REMAINING_TIES,
    RUN_VALUES,
)
from engine.core.ruleset_schema import Bool, Choice, Int, Ints, Names, Points, Rule, Table, Text

CASTE_NAMES = ("peasant", "artisan", "bourgeoise", "knight", "noble", "clerk", "merchant")

SCHEMA: dict[str, Rule] = {
    "players.counts": Ints(2, 8, max_len=7, column="num_players"),
    "players.first": Choice(*FIRST_PLAYERS),
    "setup.hand_size": Int(1, 30),
    "setup.rounds": Int(1, 30),
    "setup.row_size": Int(1, 30),
    "setup.bonus_tokens": Ints(0, 1000, min_len=0, max_len=10, column="bonus"),
    **{f"deck.{caste}": Ints(0, 100, min_len=0, max_len=64) for caste in PRINTED_CASTES},
    "order.points": Points(0, 1000, column="order_points"),
    "order.merchant_bonus": Int(0, 100),
    "order.merchant_on_shared_value": Bool(),
    "end.remaining_tie": Choice(*REMAINING_TIES),
    "unity.points": Points(0, 1000, column="unity_points"),
    "unity.clerk_bonus": Int(0, 10),
    "minister.odd_castes": Names(0, 7, among=CASTE_NAMES),
    "minister.even_castes": Names(0, 7, among=CASTE_NAMES),
    "minister.transformed_enables_knight": Bool(),
    "minister.transformed_earns_merchant_bonus": Bool(),
    "minister.keeps_run_value_when_transformed": Bool(),
    "minister.printed_one_in_run": Bool(),
    "minister.run_values": Choice(*RUN_VALUES),
    "knight.takes_rallied": Bool(),
    "knight.takes_transformed_minister": Bool(),
    "joust.deals": Int(1, MAX_DEALS),
    "joust.reuse_caprices": Bool(),
    "joust.next_deal_first": Choice(*NEXT_DEAL_FIRST),
    "joust.tie_break": Choice(*JOUST_TIE_BREAKS),
    "turns.draw": Choice(*DRAW_STEPS),
    "turns.replacement_discards_takeable": Bool(),
    "turns.bourgeoise_takes": Int(1, 10),
    "turns.noble_takes": Int(1, 10),
    "turns.max_rallied_artisans": Int(0, 10),
    "caprices.*.name": Text(),
    "caprices.*.condition": Table(),
}
