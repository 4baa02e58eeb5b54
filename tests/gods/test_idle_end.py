"""The idle end (`end.idle_ms`): the seed ends the game "once the world is full or the players agree that no
more tiles can be placed", and a table does not wait for ever for one player who could act but only waits.
When nobody has drawn, placed or discarded a tile or placed a city marker for `end.idle_ms` of game time, the
next player to plan may only agree the end (end reason `idle`)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.core import ListSink, make_agent, play_game, replay
from engine.core.driver import state_digest
from engine.core.errors import RulesetError
from engine.gods import end
from engine.gods.board import cell_at
from engine.gods.commands import ClaimGod, DeclareEnd, Discard, Draw, Place, PlaceCity, Wait
from engine.gods.game import GAME
from engine.gods.rules import config_of
from engine.gods.state import GodsState
from lake.manifest import manifest_ruleset
from simulate.variants import variant_from_sets, variant_ruleset
from tests.gods.helpers import (
    FOREST_MOUNTAIN,
    RULESET,
    SEA_PLAINS,
    apply,
    do,
    events_of,
    four_landscape_hole,
    rule_of,
    ruleset_with,
    start,
)

LIMIT = config_of(RULESET).idle_ms
CORNER = cell_at(0, 0)
HOLE = cell_at(1, 1)  # four_landscape_hole: no tile fits it, a city may go there
IDLE_LINE = f"idle_ms = {{ value = {LIMIT}"


def test_the_idle_end_is_a_ruleset_value_marked_assumed(tmp_path: Path) -> None:
    found = RULESET.provenance["end.idle_ms"]
    assert (RULESET["end.idle_ms"], found.source) == (LIMIT, "assumed") and LIMIT == 300_000
    assert "concordem" in found.note and "p99.9" in found.note  # the seed's words, the measured gaps
    assert config_of(ruleset_with(tmp_path, (IDLE_LINE, "idle_ms = { value = 0"))).idle_ms == 0
    with pytest.raises(RulesetError, match="end.idle_ms"):
        ruleset_with(tmp_path, (IDLE_LINE, "idle_ms = { value = -1"))


def test_a_table_idle_for_the_limit_agrees_the_end_and_just_under_it_plays_on() -> None:
    state = start(away=(1,))
    state = do(state, Wait(0, at_ms=LIMIT - 100))  # player 0 looks again just under the limit
    assert not end.idle(state) and Draw(0, 2) in GAME.legal_commands(state, 0)
    state = do(state, Wait(0, at_ms=LIMIT))  # and at the limit: nobody has moved a tile since the start
    assert end.idle(state) and not end.world_done(state)
    assert GAME.legal_commands(state, 0) == [DeclareEnd(0)]
    assert rule_of(state, Draw(0, 2)) == rule_of(state, ClaimGod(0, 0)) == "idle"
    events = events_of(state, DeclareEnd(0))
    assert [e.TYPE for e in events] == ["landscape_scored"] * 4 + ["player_scored"] * 2 + ["game_ended"]
    state = apply(state, *events)
    assert (state.end_reason, state.clock_ms, GAME.to_move(state)) == ("idle", LIMIT, None)


def test_without_a_limit_the_table_waits_for_ever(tmp_path: Path) -> None:
    state = start(away=(1,), ruleset=ruleset_with(tmp_path, (IDLE_LINE, "idle_ms = { value = 0")))
    state = do(state, Wait(0, at_ms=10 * LIMIT))
    assert not end.idle(state) and Draw(0, 2) in GAME.legal_commands(state, 0)
    assert rule_of(state, DeclareEnd(0)) == "world_not_done"


def _after(state: GodsState, command: object) -> int:
    """When the table last saw progress after the command (planned at once, due at 1000 ms)."""
    return do(state, command).progress_ms


def test_a_tile_drawn_placed_or_discarded_or_a_city_placed_is_progress_a_god_claim_is_not() -> None:
    hands = [[FOREST_MOUNTAIN[0], SEA_PLAINS[0]], []]
    assert _after(start(away=(1,)), Draw(0, 2, at_ms=1000)) == 1000
    assert _after(start(hands=hands, away=(1,)), Place(0, -1, FOREST_MOUNTAIN[0], CORNER, 0, 0, at_ms=1000)) == 1000
    assert _after(start(hands=hands, away=(1,)), Discard(0, SEA_PLAINS[0], at_ms=1000)) == 1000
    assert _after(four_landscape_hole(start(away=(1,))), PlaceCity(0, HOLE, at_ms=1000)) == 1000
    assert _after(start(away=(1,)), ClaimGod(0, 0, at_ms=1000)) == 0
    state = do(start(away=(1,)), Draw(0, 2, at_ms=1000))
    state = do(state, Wait(0, at_ms=1000 + LIMIT - 100))
    assert not end.idle(state)  # the wait counts from the draw
    assert end.idle(do(state, Wait(0, at_ms=1000 + LIMIT)))


@pytest.mark.parametrize(("looks_at", "reason"), [(LIMIT + 1000, "idle"), (LIMIT + 6000, "")])
def test_a_plan_under_way_at_the_limit_lands_if_nobody_agreed_the_end_first(looks_at: int, reason: str) -> None:
    """Player 0 plans a tile just under the limit, due 5 s after it; player 1 looks again before or after."""
    state = start(hands=[[FOREST_MOUNTAIN[0]], []])
    state = do(state, Wait(0, at_ms=LIMIT - 100))
    state = do(state, Wait(1, at_ms=looks_at))
    state = do(state, Place(0, -1, FOREST_MOUNTAIN[0], CORNER, 0, 0, at_ms=LIMIT + 5000))
    if reason:  # player 1 looks first: the table has been idle, it may only agree the end; the tile never lands
        assert GAME.legal_commands(state, 1) == [DeclareEnd(1)]
        state = do(state, DeclareEnd(1))
        assert (state.end_reason, state.tile_at[CORNER], state.clock_ms) == ("idle", -1, LIMIT + 1000)
    else:  # the tile lands first: that is progress
        assert (state.tile_at[CORNER], state.progress_ms, GAME.to_move(state)) == (FOREST_MOUNTAIN[0], LIMIT + 5000, 0)
        assert not end.idle(state) and not end.idle(do(state, Wait(0, at_ms=LIMIT + 7000)))


def test_a_game_that_never_ended_now_ends_idle_and_its_log_replays() -> None:
    """Seed 94 of the 2-player gate with the mass bonus doubled (docs/benchmarks.md): `ismcts:100` in seat 1
    waited for ever with one space of the world left, until the driver's event guard stopped it: the other seat
    could only wait (a tile that fits nowhere in hand, its discard area full), and it would not place."""
    ruleset = variant_ruleset(GAME, RULESET, variant_from_sets(["bonus.mass=[20,12,6]"]))
    sink = ListSink()
    final = play_game(GAME, ruleset, [make_agent("ismcts-ref", GAME), make_agent("ismcts:100", GAME)], 94, sink)
    assert final.end_reason == "idle" and not end.world_done(final) and final.filled == 63
    assert final.clock_ms - final.progress_ms >= LIMIT and len(sink.events) < 1000
    replayed = replay(GAME, ruleset, sink.events)
    assert (replayed.progress_ms, replayed.end_reason) == (final.progress_ms, "idle")
    assert state_digest(GAME, replayed) == sink.events[-1].digest


def test_a_run_written_before_the_key_reads_as_no_limit() -> None:
    """The ruleset text an old run kept in its manifest has no end.idle_ms: its games replay as they were."""
    manifest = json.loads((Path(__file__).parent / "data/schema1_lake/runs/gods-schema1/manifest.json").read_text())
    ruleset = manifest_ruleset(GAME, manifest)
    assert "end.idle_ms" not in ruleset.values and config_of(ruleset).idle_ms == 0
