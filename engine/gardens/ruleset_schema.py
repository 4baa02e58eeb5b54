"""Every key a Four Gardens ruleset may hold, and the bounds of its value (see engine.core.ruleset_schema).

Relations between values (sides per player count, the score bound, the
deck's cards) are checked in `config.build_config`.
"""

from __future__ import annotations

from engine.core.ruleset_schema import Bool, Choice, Int, Ints, Names, Rule, Table
from engine.gardens.rules import (
    COMPLETION_CHECKS,
    CONFLICT_KEYS,
    FIRST_PLAYERS,
    FORESIGHT_BLESSING_DRAWS,
    MATCHED_WHILE_RESOLVING,
    OFFERING_SINGLE_MARKER,
    UNCOVERED_ICONS,
    WILD_ADVANCES,
)

SCHEMA: dict[str, Rule] = {
    "players.counts": Ints(2, 4, max_len=3, column="num_players"),
    "players.first": Choice(*FIRST_PLAYERS),
    "turn.hand_size": Int(1, 10),
    "turn.actions": Int(1, 10),
    "turn.display_size": Int(0, 10),
    "turn.may_end_early": Bool(),
    "groundwork.max_active": Int(1, 10),
    "groundwork.copies_per_panorama": Int(1, 4),
    "groundwork.conflict_key": Choice(*CONFLICT_KEYS),
    "groundwork.completion_check": Choice(*COMPLETION_CHECKS),
    "groundwork.matched_while_resolving": Choice(*MATCHED_WHILE_RESOLVING),
    "groundwork.only_needed_resources": Bool(),
    "groundwork.chain_reward": Choice("god_advance"),
    "storage.capacity": Int(1, 20),
    "supply.per_resource": Int(1, 100),
    "pagoda.resources": Names(4, 4),
    "pagoda.side_counts": Ints(0, 3, min_len=4, max_len=4),
    "pagoda.sides_*p": Ints(0, 3, min_len=2, max_len=4),
    "pagoda.uncovered_icon": Choice(*UNCOVERED_ICONS),
    "gods.names": Names(1, 8),
    "gods.track_length": Int(1, 30, column="track_length"),
    "gods.wild_advance": Choice(*WILD_ADVANCES),
    "gods.start_space": Int(1, 30, column="to_space"),
    "gods.points": Ints(0, 50, max_len=30),
    "end.threshold_*p": Int(1, 70),
    "end.max_rounds": Int(1, 1000, column="rounds"),
    "bonus.*_values": Ints(0, 50, min_len=0, max_len=12, column="value"),
    "caprice.enabled": Bool(),
    "caprice.tiles": Names(0, 10),
    "caprice.cohesion_favor": Ints(0, 20, min_len=3, max_len=3),
    "caprice.cohesion_counts_gift_storage": Bool(),
    "caprice.foresight_blessing_draw": Choice(*FORESIGHT_BLESSING_DRAWS),
    "caprice.offering_single_marker": Choice(*OFFERING_SINGLE_MARKER),
    "caprice.*_action_points": Int(0, 3),
    "caprice.*": Int(0, 20),
    "deck.cards": Table(),
}
