"""Four Gardens rules as data (`Rules`): a ruleset file checked and turned into fixed tables.

Every number the rules need comes from the ruleset TOML (with provenance);
this module only validates it and lays it out for fast lookup. Any problem
raises `RulesetError` naming the file, the key and what is wrong.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from engine.core.ruleset import Ruleset

WILD_GOD = -1
ACTIONS = ("none", "rotate", "wild")
CAPRICE_TILES = (
    "foresight", "sabotage", "blessing", "helping_hand", "gift",
    "cohesion", "abundance", "goodness", "offering", "recovery",
)
BASE_TILES = ("planning", "take_wilds", "extra_rewards")
CONFLICT_KEYS = ("colour_and_number", "panorama_and_number")  # what two display cards may not share (Lay Groundwork)
COMPLETION_CHECKS = ("on_match", "end_of_action")  # when a matched groundwork is completed (see base.toml)
MATCHED_WHILE_RESOLVING = ("at_once", "after_current")  # a groundwork matched while another completion resolves
UNCOVERED_ICONS = ("lost", "stop")  # collecting an icon the supply cannot cover
FORESIGHT_BLESSING_DRAWS = ("display", "any", "none")  # Blessing's top-up to 5 after Foresight's 3 cards
OFFERING_SINGLE_MARKER = ("nothing", "forward")  # Offering with one marker left on the tracks
FIRST_PLAYERS = ("seat0",)  # who takes the first turn (the seed has no rule)
WILD_ADVANCES = ("tracks_still_on", "any_track")  # the tracks a wild-god advance offers
TILE_ACTION_KEYS = ("sabotage", "blessing", "helping_hand")  # tiles used "during your turn": action points each costs
MAX_SCORE = 200  # GAME.facts.score_bounds upper end; a ruleset allowing more is rejected


@dataclass(frozen=True, slots=True)
class Card:
    """One garden card: its panorama slot, its requirement, its god and its action."""

    id: int
    colour: str
    size: int
    position: int
    panorama: str  # colour + size: the set this card belongs to
    cost: tuple[int, ...]  # resources required, indexed like Rules.resources
    god: int  # index into Rules.gods, or WILD_GOD
    action: str  # "none" | "rotate" | "wild"
    floor: int  # rotate: lowest level turned (0 = bottom); else -1
    collect_up: bool  # rotate: collect bottom to top


@dataclass(frozen=True, slots=True)
class Rules:
    """Everything the rules read, validated once per ruleset."""

    player_counts: tuple[int, ...]
    first_player: str  # one of FIRST_PLAYERS: seat 0 opens the game (setup.py)
    hand_size: int
    actions: int
    display_size: int
    may_end_early: bool
    max_groundworks: int
    copies_per_panorama: int
    conflict_key: str  # one of CONFLICT_KEYS
    only_needed: bool
    completion_check: str  # one of COMPLETION_CHECKS
    matched_while_resolving: str  # one of MATCHED_WHILE_RESOLVING
    uncovered_icon: str  # one of UNCOVERED_ICONS
    storage: int
    supply: int
    resources: tuple[str, ...]
    side_counts: tuple[int, ...]
    sides: dict[int, tuple[int, ...]]
    gods: tuple[str, ...]
    track_length: int
    wild_advance: str  # one of WILD_ADVANCES
    start_space: int
    points: tuple[int, ...]
    thresholds: dict[int, int]
    max_rounds: int
    base_tiles: dict[str, tuple[int, ...]]
    caprice: bool
    caprice_tiles: tuple[str, ...]
    caprice_values: dict[str, Any]
    cards: tuple[Card, ...]
    # derived once from the fields above (also by dataclasses.replace), for the hot legality checks:
    # per card, what Lay Groundwork's rule compares (`conflict_key`): colour_and_number = (colour, number),
    # whatever the panorama's size (the seed's wording); panorama_and_number = (colour + size, number)
    slot_keys: tuple[tuple[str, int], ...] = field(init=False)
    costs: tuple[tuple[int, ...], ...] = field(init=False)  # per card: its requirement
    needs: tuple[tuple[tuple[int, int], ...], ...] = field(init=False)  # per card: (resource, count) it requires
    card_commands: tuple[tuple[tuple[Any, ...], ...], ...] = field(init=False)  # per card: its non-lay actions
    draw_commands: tuple[tuple[str, int], ...] = field(init=False)  # per card: taking it from the display
    # (side, up, rotations...) -> the level of each icon in collecting order (pagoda.icon_levels)
    icon_orders: dict[tuple[Any, ...], tuple[int, ...]] = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        by_colour = self.conflict_key == "colour_and_number"
        keys = tuple((c.colour if by_colour else c.panorama, c.position) for c in self.cards)
        object.__setattr__(self, "slot_keys", keys)
        object.__setattr__(self, "costs", tuple(c.cost for c in self.cards))
        needs = tuple(tuple((r, want) for r, want in enumerate(c.cost) if want) for c in self.cards)
        object.__setattr__(self, "needs", needs)
        object.__setattr__(self, "card_commands", tuple(_card_commands(c) for c in self.cards))
        object.__setattr__(self, "draw_commands", tuple(("draw", c.id) for c in self.cards))
        object.__setattr__(self, "icon_orders", {})


def _card_commands(card: Card) -> tuple[tuple[Any, ...], ...]:
    """A card's main-phase actions besides laying it, in the order the legal list gives them."""
    if card.action == "rotate":
        return ("rotate", card.id, 1), ("rotate", card.id, -1), ("reallocate", card.id)
    if card.action == "wild":
        return ("wild", card.id), ("reallocate", card.id)
    return (("reallocate", card.id),)


def build_rules(rs: Ruleset) -> Rules:
    """Validate a loaded ruleset and build the rules tables (RulesetError on any fault)."""
    resources = tuple(_str_list(rs, "pagoda.resources", 4, 4))
    gods = tuple(_str_list(rs, "gods.names", 1, 8))
    track_length = rs.integer("gods.track_length", 1, 30)
    points = tuple(_int_list(rs, "gods.points", track_length, track_length))
    counts = tuple(_int_list(rs, "players.counts", 1, 3))
    if not set(counts) <= {2, 3, 4}:
        raise rs.error("players.counts", "Four Gardens supports 2, 3 or 4 players")
    caprice = rs.require("caprice.enabled", bool)
    config = Rules(
        player_counts=counts,
        first_player=rs.choice("players.first", FIRST_PLAYERS, earlier="seat0"),
        hand_size=rs.integer("turn.hand_size", 1, 10),
        actions=rs.integer("turn.actions", 1, 10),
        display_size=rs.integer("turn.display_size", 0, 10),
        may_end_early=rs.require("turn.may_end_early", bool),
        max_groundworks=rs.integer("groundwork.max_active", 1, 10),
        copies_per_panorama=rs.integer("groundwork.copies_per_panorama", 1, 4),
        conflict_key=rs.choice("groundwork.conflict_key", CONFLICT_KEYS),
        only_needed=rs.require("groundwork.only_needed_resources", bool),
        completion_check=rs.choice("groundwork.completion_check", COMPLETION_CHECKS),
        matched_while_resolving=rs.choice("groundwork.matched_while_resolving", MATCHED_WHILE_RESOLVING),
        uncovered_icon=rs.choice("pagoda.uncovered_icon", UNCOVERED_ICONS),
        storage=rs.integer("storage.capacity", 1, 20),
        supply=rs.integer("supply.per_resource", 1, 100),
        resources=resources,
        side_counts=tuple(_int_list(rs, "pagoda.side_counts", 4, 4)),
        sides={n: tuple(_int_list(rs, f"pagoda.sides_{n}p", n, n)) for n in counts},
        gods=gods,
        track_length=track_length,
        wild_advance=rs.choice("gods.wild_advance", WILD_ADVANCES, earlier="tracks_still_on"),
        start_space=rs.integer("gods.start_space", 1, track_length),
        points=points,
        thresholds={n: rs.integer(f"end.threshold_{n}p", 1, 70) for n in counts},
        max_rounds=rs.integer("end.max_rounds", 1, 1000),
        base_tiles={t: tuple(_int_list(rs, f"bonus.{t}_values", 0, 12)) for t in BASE_TILES},
        caprice=caprice,
        caprice_tiles=tuple(_str_list(rs, "caprice.tiles", 1, 10)) if caprice else (),
        caprice_values=_caprice_values(rs) if caprice else {},
        cards=_cards(rs, resources, gods),
    )
    _check_consistency(rs, config)
    return config


def _check_consistency(rs: Ruleset, config: Rules) -> None:
    if rs.require("groundwork.chain_reward", str) != "god_advance":
        raise rs.error("groundwork.chain_reward", "only 'god_advance' is implemented")
    for n, sides in config.sides.items():
        if len(set(sides)) != n or not all(0 <= s < 4 for s in sides):
            raise rs.error(f"pagoda.sides_{n}p", "needs distinct sides 0-3, one per seat")
    if sorted(config.side_counts) != [0, 1, 2, 3]:
        raise rs.error("pagoda.side_counts", "each floor shows 0, 1, 2 and 3 icons once")
    for tile in config.caprice_tiles:
        if tile not in CAPRICE_TILES:
            raise rs.error("caprice.tiles", f"unknown tile {tile!r}; known: {', '.join(CAPRICE_TILES)}")
    best = len(config.gods) * max(config.points) + max(config.base_tiles["extra_rewards"], default=0) + 12
    if best > MAX_SCORE:
        raise rs.error("gods.points", f"allows scores up to {best}, above the declared bound {MAX_SCORE}")


def _caprice_values(rs: Ruleset) -> dict[str, Any]:
    keys = ("face_up", "foresight_extra_cards", "foresight_favor", "blessing_actions", "gift_storage",
            "gift_favor", "abundance_favor", "goodness_copies", "offering_back", "offering_forward",
            "recovery_space", "recovery_favor")
    values: dict[str, Any] = {k: rs.integer(f"caprice.{k}", 0, 20) for k in keys}
    values["cohesion_favor"] = tuple(_int_list(rs, "caprice.cohesion_favor", 3, 3))
    values["cohesion_counts_gift_storage"] = rs.require("caprice.cohesion_counts_gift_storage", bool)
    values["foresight_blessing_draw"] = rs.choice("caprice.foresight_blessing_draw", FORESIGHT_BLESSING_DRAWS)
    values["offering_single_marker"] = rs.choice("caprice.offering_single_marker", OFFERING_SINGLE_MARKER)
    values["action_points"] = {t: rs.integer(f"caprice.{t}_action_points", 0, 3) for t in TILE_ACTION_KEYS}
    return values


def _cards(rs: Ruleset, resources: tuple[str, ...], gods: tuple[str, ...]) -> tuple[Card, ...]:
    raw = rs.require("deck.cards", list)
    if not raw:
        raise rs.error("deck.cards", "the deck is empty")
    return tuple(_card(rs, i, item, resources, gods) for i, item in enumerate(raw))


def _card(rs: Ruleset, i: int, item: Any, resources: tuple[str, ...], gods: tuple[str, ...]) -> Card:
    key = f"deck.cards[{i}]"
    if not isinstance(item, dict):
        raise rs.error(key, "each card is an inline table { colour, size, position, cost, god, action }")
    try:
        colour, size, position = str(item["colour"]), int(item["size"]), int(item["position"])
        cost_table, god_name, action = dict(item["cost"]), str(item["god"]), str(item["action"])
    except (KeyError, TypeError, ValueError) as exc:
        raise rs.error(key, f"missing or malformed field {exc}") from None
    if not 1 <= position <= size <= 5:
        raise rs.error(key, "needs 1 <= position <= size <= 5")
    unknown = set(cost_table) - set(resources)
    if unknown or not all(isinstance(v, int) and v > 0 for v in cost_table.values()):
        raise rs.error(f"{key}.cost", f"resources must be among {resources} with positive counts")
    if god_name != "wild" and god_name not in gods:
        raise rs.error(f"{key}.god", f"{god_name!r} is neither 'wild' nor one of {gods}")
    if action not in ACTIONS:
        raise rs.error(f"{key}.action", f"must be one of {ACTIONS}")
    floor, collect_up = -1, False
    if action == "rotate":
        floor = int(item.get("floor", 0)) - 1
        if not 0 <= floor < 4 or item.get("collect") not in ("up", "down"):
            raise rs.error(key, "a rotate card needs floor = 1-4 and collect = 'up' or 'down'")
        collect_up = item["collect"] == "up"
    cost = tuple(int(cost_table.get(r, 0)) for r in resources)
    god = WILD_GOD if god_name == "wild" else gods.index(god_name)
    return Card(i, colour, size, position, f"{colour}-{size}", cost, god, action, floor, collect_up)


def _int_list(rs: Ruleset, key: str, min_len: int, max_len: int) -> list[int]:
    value = rs.require(key, list)
    if not min_len <= len(value) <= max_len or not all(isinstance(v, int) and not isinstance(v, bool) for v in value):
        raise rs.error(key, f"must be a list of {min_len}-{max_len} integers")
    return value


def _str_list(rs: Ruleset, key: str, min_len: int, max_len: int) -> list[str]:
    value = rs.require(key, list)
    if not min_len <= len(value) <= max_len or not all(isinstance(v, str) for v in value):
        raise rs.error(key, f"must be a list of {min_len}-{max_len} names")
    if len(set(value)) != len(value):
        raise rs.error(key, "names must be distinct")
    return value
