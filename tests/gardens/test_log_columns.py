"""Four Gardens logs every event field in a typed column (no JSON payload) and reads it back intact."""

from __future__ import annotations

import pytest

from engine.core import EventBuffer, ListSink, make_agent, play_game
from engine.core.driver import replay
from engine.core.logread import events_from_table
from engine.gardens.game import GAME


@pytest.mark.parametrize("ruleset", ["base", "gods-caprice"])
def test_sequence_fields_are_typed_columns_and_round_trip(ruleset: str) -> None:
    rules = GAME.load_ruleset(ruleset)
    buffer, sink = EventBuffer(GAME.columns), ListSink()
    agents = [make_agent("random", GAME) for _ in range(3)]
    play_game(GAME, rules, agents, 4, buffer, game_id=4)
    play_game(GAME, rules, agents, 4, sink, game_id=4)
    table = buffer.to_table("r")
    assert table.column("payload").null_count == table.num_rows
    assert table.schema.field("cards").type == GAME.columns["cards"]
    ((game_id, events),) = list(events_from_table(table, GAME.event_types))
    assert game_id == 4 and events == sink.events
    replay(GAME, rules, events)
