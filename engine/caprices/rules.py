"""The ruleset compiled into `Rules` (its tables), with the castes and the fixed facts of the game.

Everything a designer may correct (deck, tables, Minister castes, Caprices)
comes from the ruleset TOML; this module only checks it and turns it into
fast lookups. Every problem raises `RulesetError` naming the file and key.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.caprices.conditions import (
    Bounds,
    Test,
    castes_used,
    compile_bounds,
    compile_condition,
    depends_on_choices,
)
from engine.core.ruleset import Ruleset

PRINTED_CASTES = (
    "peasant", "artisan", "bourgeoise", "knight", "noble", "minister_odd", "minister_even", "clerk", "merchant",
)
"""Castes printed on the Subject cards; the deck list follows this order."""

FINAL_CASTES = ("peasant", "artisan", "bourgeoise", "knight", "noble", "minister", "clerk", "merchant")
"""Castes at scoring: both Minister kinds are one caste, 'minister'."""

Card = tuple[str, int]
"""A Subject card as its printed caste and value."""

MINISTERS = ("minister_odd", "minister_even")
RUN_VALUES = ("printed", "natural", "integer")
"""What a Minister may stand for in the run: the printed values only, any number from 0, any integer."""
FIRST_PLAYERS = ("seat0", "random")
"""Who holds the Royal Favour in round 1: always seat 0, or whoever is dealt the King aid at random."""
NEXT_DEAL_FIRST = ("setup", "left")
"""Joust: who starts each later game: as at setup (`players.first`), or the left neighbour of the last starter."""
JOUST_TIE_BREAKS = ("total_value", "shared")
"""Joust: a tie on total score goes to the lowest summed card value, or is shared."""
REMAINING_TIES = ("shared",)
"""A tie left after the lowest-card-value tie-break: the tied players share the win (the seed says no more)."""
DRAW_STEPS = ("compulsory",)
"""The draw step of a turn: compulsory (a pass only when nothing can be drawn)."""

ORDER_ID, UNITY_ID = "de_l_ordre", "l_union_fait_la_force"
COMMON_CAPRICES = (ORDER_ID, UNITY_ID)
MAX_DEALS = 8
"""The most games a Joust match may have (`joust.deals`)."""
DECK_SIZE = 64
"""64 Subject cards (seed, Components)."""


@dataclass(frozen=True)
class Caprice:
    """One non-common Caprice card: its id, French name and compiled condition."""

    id: str
    name: str
    test: Test
    static: bool
    """True when no Knight/Minister choice can change whether it is met (values-only conditions)."""
    bounds: Bounds
    """Whether it can be met / missed given the ranges of caste counts the choices allow."""
    castes_used: frozenset[str] | None
    """Castes its condition reads (None: the whole caste structure)."""


@dataclass(eq=False)
class Rules:
    """A ruleset checked and compiled for play and scoring."""

    name: str
    path: str
    player_counts: tuple[int, ...]
    hand_size: int
    rounds: int
    row_size: int
    bonus_tokens: tuple[int, ...]
    deck: tuple[tuple[str, int], ...]
    order_points: dict[int, int]
    merchant_bonus: int
    merchant_on_shared_value: bool
    """A Merchant earns the bonus even when another card of the assembly holds its value (False: only the
    Merchant that alone holds its value is an integral part of the run)."""
    unity_points: dict[int, int]
    clerk_bonus: int
    minister_castes: dict[str, tuple[str, ...]]
    knight_takes_rallied: bool
    """The Knight may transform a rallied Peasant/Artisan (False: only a card from the hand, the seed's words)."""
    knight_takes_transformed_minister: bool
    """The Knight may transform a Minister turned Artisan, Merchant or Bourgeoise ("in all circumstances")."""
    run_values: str
    """What a Minister's 1 may become for 'De l'ordre !': one of RUN_VALUES."""
    first_player: str
    """Who starts: one of FIRST_PLAYERS."""
    joust_deals: int
    """Joust: games (deals) in a match; only the `caprices-joust` game plays more than one."""
    joust_reuse_caprices: bool
    joust_next_first: str
    joust_tie_break: str
    remaining_tie: str
    """A tie left after the card-value tie-break: one of REMAINING_TIES."""
    draw_step: str
    """One of DRAW_STEPS."""
    transformed_enables_knight: bool
    transformed_earns_merchant_bonus: bool
    keeps_run_value_when_transformed: bool
    printed_one_in_run: bool
    """An even Minister may also stand as its printed 1 in the run (an odd one always can)."""
    replacement_discards_takeable: bool
    bourgeoise_takes: int
    noble_takes: int
    max_rallied_artisans: int
    caprices: dict[str, Caprice]
    top_value: int = 0
    family_table: tuple[int, ...] = ()
    run_table: tuple[int, ...] = ()
    """Run points by run length (hot-path lookups; `run_points` beyond it)."""
    first_family: int = 0
    """The smallest card count that scores family points (len(family_table) if none does)."""
    castes: tuple[str, ...] = ()
    """The printed caste of each card id (the deck's castes, for quick lookups)."""
    knight_enablers: frozenset[int] = frozenset()
    """Card ids that can give their holder the Knight transformation (a Knight, or a Minister that may become one)."""
    caste_family: dict[str, tuple[int, ...]] = field(default_factory=dict, repr=False)
    """Per final caste, family points by card count with the Clerk bonus folded in (hot-path lookups)."""
    score_cache: dict[Any, Any] = field(default_factory=dict, repr=False)
    source: Ruleset | None = field(default=None, repr=False)
    """The loaded ruleset these rules were compiled from (the distilled agent learns for it: its digest, its games)."""

    def run_points(self, length: int) -> int:
        """Points of a run for 'De l'ordre !' (0 below 6; the table's top entry beyond it)."""
        return _table_lookup(self.order_points, length)

    def family_points(self, size: int) -> int:
        """Points of one family for 'L'union fait la force !'."""
        return _table_lookup(self.unity_points, size)


_COMPILED: dict[tuple[str, str], Rules] = {}


def compile_rules(ruleset: Ruleset) -> Rules:
    """The `Rules` of a loaded ruleset (checked once, then cached by file and digest)."""
    key = (ruleset.path, ruleset.digest)
    rules = _COMPILED.get(key)
    if rules is None:
        rules = _COMPILED[key] = _build(ruleset)
    return rules


def _build(rs: Ruleset) -> Rules:
    hand_size, row_size = _positive(rs, "setup.hand_size"), _positive(rs, "setup.row_size")
    deck = _deck(rs)
    counts = tuple(_int_list(rs, "players.counts"))
    for n in counts:
        if n < 2 or n * hand_size + row_size >= len(deck):
            raise rs.error("players.counts", f"{n} players cannot be dealt {hand_size} cards each plus the row")
    rounds = _positive(rs, "setup.rounds")
    if row_size < rounds:
        raise rs.error("setup.row_size", f"{row_size} row cards cannot give one reveal to each of {rounds} rounds")
    tokens = tuple(_int_list(rs, "setup.bonus_tokens"))
    caprices = _caprices(rs)
    if len(caprices) < len(tokens):
        raise rs.error("caprices", f"{len(caprices)} Caprices in the pool, fewer than the {len(tokens)} drawn")
    rules = Rules(
        source=rs, name=rs.name, path=rs.path, player_counts=counts, hand_size=hand_size,
        rounds=rounds, row_size=row_size, bonus_tokens=tokens, deck=deck,
        order_points=_points_table(rs, "order.points"), merchant_bonus=rs.require("order.merchant_bonus", int),
        merchant_on_shared_value=rs.require("order.merchant_on_shared_value", bool, earlier=True),
        unity_points=_points_table(rs, "unity.points"), clerk_bonus=rs.require("unity.clerk_bonus", int),
        minister_castes={m: _minister_castes(rs, m) for m in MINISTERS},
        knight_takes_rallied=rs.require("knight.takes_rallied", bool),
        knight_takes_transformed_minister=rs.require("knight.takes_transformed_minister", bool),
        run_values=rs.choice("minister.run_values", RUN_VALUES),
        first_player=rs.choice("players.first", FIRST_PLAYERS),
        joust_deals=rs.integer("joust.deals", 1, MAX_DEALS),
        joust_reuse_caprices=rs.require("joust.reuse_caprices", bool),
        joust_next_first=rs.choice("joust.next_deal_first", NEXT_DEAL_FIRST),
        joust_tie_break=rs.choice("joust.tie_break", JOUST_TIE_BREAKS),
        remaining_tie=rs.choice("end.remaining_tie", REMAINING_TIES, earlier="shared"),
        draw_step=rs.choice("turns.draw", DRAW_STEPS, earlier="compulsory"),
        transformed_enables_knight=rs.require("minister.transformed_enables_knight", bool),
        transformed_earns_merchant_bonus=rs.require("minister.transformed_earns_merchant_bonus", bool),
        keeps_run_value_when_transformed=rs.require("minister.keeps_run_value_when_transformed", bool),
        printed_one_in_run=rs.require("minister.printed_one_in_run", bool),
        replacement_discards_takeable=rs.require("turns.replacement_discards_takeable", bool),
        bourgeoise_takes=_positive(rs, "turns.bourgeoise_takes"), noble_takes=_positive(rs, "turns.noble_takes"),
        max_rallied_artisans=rs.require("turns.max_rallied_artisans", int), caprices=caprices,
        top_value=max(v for _, v in deck),
    )
    rules.family_table = tuple(rules.family_points(n) for n in range(len(deck) + 2))
    rules.castes = tuple(caste for caste, _ in deck)
    rules.run_table = tuple(rules.run_points(n) for n in range(rules.top_value + 2))
    rules.knight_enablers = frozenset(
        card for card, (caste, _) in enumerate(deck) if caste == "knight" or (
            caste in MINISTERS and rules.transformed_enables_knight and "knight" in rules.minister_castes[caste]))
    rules.first_family = next((n for n, points in enumerate(rules.family_table) if points), len(rules.family_table))
    rules.caste_family = {
        caste: tuple(rules.family_points(n + rules.clerk_bonus if caste == "clerk" and n else n)
                     for n in range(len(deck) + 2))
        for caste in FINAL_CASTES
    }
    return rules


def _deck(rs: Ruleset) -> tuple[tuple[str, int], ...]:
    unknown = [k for k in rs.values if k.startswith("deck.") and k[5:] not in PRINTED_CASTES]
    if unknown:
        raise rs.error(unknown[0], f"unknown caste; known: {', '.join(PRINTED_CASTES)}")
    deck = tuple((caste, v) for caste in PRINTED_CASTES for v in _int_list(rs, f"deck.{caste}"))
    if len(deck) != DECK_SIZE:
        raise rs.error("deck", f"has {len(deck)} cards; the game has {DECK_SIZE} Subject cards")
    for caste in MINISTERS:
        if any(v != 1 for c, v in deck if c == caste):
            raise rs.error(f"deck.{caste}", "Ministers are printed with value 1 (seed)")
    return deck


def _caprices(rs: Ruleset) -> dict[str, Caprice]:
    ids = dict.fromkeys(k.split(".")[1] for k in rs.values if k.startswith("caprices."))
    caprices = {}
    for cid in ids:
        if cid in COMMON_CAPRICES:
            raise rs.error(f"caprices.{cid}", "is a common Caprice, scored by [order]/[unity]; pick another id")
        name = rs.require(f"caprices.{cid}.name", str)
        node = rs[f"caprices.{cid}.condition"]
        test = compile_condition(node, FINAL_CASTES, rs.path, f"caprices.{cid}.condition")
        caprices[cid] = Caprice(cid, name, test, not depends_on_choices(node), compile_bounds(node), castes_used(node))
    return caprices


def _minister_castes(rs: Ruleset, minister: str) -> tuple[str, ...]:
    key = f"minister.{minister.split('_')[1]}_castes"
    castes = rs.require(key, list)
    for caste in castes:
        if caste not in FINAL_CASTES or caste == "minister":
            known = ", ".join(c for c in FINAL_CASTES if c != "minister")
            raise rs.error(key, f"unknown caste {caste!r}; known: {known}")
    return tuple(castes)


def _points_table(rs: Ruleset, key: str) -> dict[int, int]:
    table = rs.require(key, dict)
    out = {}
    for size, points in table.items():
        if not str(size).isdigit() or isinstance(points, bool) or not isinstance(points, int):
            raise rs.error(key, f"entries are size = points with integers, got {size} = {points!r}")
        out[int(size)] = points
    if not out:
        raise rs.error(key, "empty table")
    return dict(sorted(out.items()))


def _int_list(rs: Ruleset, key: str) -> list[int]:
    values = rs.require(key, list)
    if any(isinstance(v, bool) or not isinstance(v, int) or v < 0 for v in values):
        raise rs.error(key, f"expected a list of non-negative integers, got {values!r}")
    return values


def _positive(rs: Ruleset, key: str) -> int:
    value = rs.require(key, int)
    if value < 1:
        raise rs.error(key, f"must be at least 1, got {value}")
    return int(value)


def _table_lookup(table: Mapping[int, int], size: int) -> int:
    if size < min(table):
        return 0
    if size in table:
        return table[size]
    return table[max(k for k in table if k <= size)]
