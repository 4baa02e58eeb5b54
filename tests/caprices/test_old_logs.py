"""Logs written before the card events' schema v2 (which dropped caste and value) still read and replay."""

from __future__ import annotations

import pyarrow as pa
import pyarrow.compute as pc

from engine.caprices import events as ev
from engine.caprices.rules import compile_rules
from engine.core import EventBuffer, ListSink, events_from_table, make_agent, play_game, replay
from engine.registry import get_game

GAME = get_game("caprices")
CARD_EVENTS = (ev.SubjectRevealed, ev.CardRecruited, ev.CardRallied, ev.CardDiscarded)


def _as_v1(table: pa.Table, deck: list[tuple[str, int]]) -> pa.Table:
    """The table as schema v1 wrote it: card events at version 1 with the card's caste and value columns."""
    card_rows = pc.is_in(table.column("event_type"), pa.array([cls.TYPE for cls in CARD_EVENTS]))
    cards = table.column("card").to_pylist()
    castes = [deck[c][0] if c is not None and hit else None for c, hit in zip(cards, card_rows.to_pylist())]
    values = [deck[c][1] if c is not None and hit else None for c, hit in zip(cards, card_rows.to_pylist())]
    version = pc.if_else(card_rows, pa.scalar(1, pa.int16()), table.column("schema_version"))
    table = table.set_column(table.schema.get_field_index("schema_version"), "schema_version", version)
    table = table.append_column("caste", pa.array(castes, pa.string()))
    return table.append_column("value", pa.array(values, pa.int8()))


def test_v1_card_events_with_caste_and_value_read_and_replay() -> None:
    ruleset = GAME.load_ruleset("standard")
    agents = [make_agent("greedy", GAME), make_agent("random", GAME), make_agent("random", GAME)]
    sink, buffer = ListSink(), EventBuffer(GAME.columns)
    play_game(GAME, ruleset, agents, 11, sink)
    play_game(GAME, ruleset, agents, 11, buffer)
    deck = list(compile_rules(ruleset).deck)
    old = _as_v1(buffer.to_table("old"), deck)
    assert pc.sum(pc.equal(old.column("schema_version"), 1)).as_py() > 20  # the card events are v1 now
    assert set(old.column("caste").drop_null().to_pylist()) >= {"peasant", "artisan"}
    [(_, events)] = list(events_from_table(old, GAME.event_types))
    assert events == sink.events
    replay(GAME, ruleset, events)

