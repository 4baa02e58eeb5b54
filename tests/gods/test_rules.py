"""Hands, draws, discard areas, gods, prophets, cities and the end of the game."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from engine.core.errors import IllegalCommand
from engine.gods import rules
from engine.gods.commands import (
    ClaimCity,
    ClaimGod,
    DeclareEnd,
    Discard,
    Draw,
    Place,
    PlaceCity,
    PlaceProphet,
)
from engine.gods.config import RULESETS_DIR
from engine.gods.events import BagShuffled, CityBroken, ProphetPlaced, TileDiscarded
from engine.gods.game import GAME
from engine.gods.scoring import score_all
from engine.gods.state import GodsState
from tests.gods.helpers import (
    FOREST_MOUNTAIN,
    FOREST_SEA,
    HALVES,
    SEA_PLAINS,
    F,
    apply,
    cell,
    do,
    lay,
    set_ready,
    start,
    to_hand,
)

SLOW = 10**9  # a first think time so long that the other player acts first


def rule_of(state: GodsState, command: object) -> str:
    """The rule a command breaks (fails the test if it is legal)."""
    with pytest.raises(IllegalCommand) as err:
        GAME.decide(state, command, random.Random(0))  # type: ignore[arg-type]
    return err.value.rule


def fill_discard(state: GodsState, player: int, tiles: list[int]) -> GodsState:
    """Put tiles into a player's discard area through the hand."""
    for tile in tiles:
        to_hand(state, player, tile)
        state = apply(state, TileDiscarded(player, tile, 0, 0))
    return state


def test_both_hands_free_draws_one_or_two_from_the_top_of_the_bag() -> None:
    state = start(paces=[10, SLOW])
    assert {c for c in GAME.legal_commands(state, 0) if isinstance(c, Draw)} == {Draw(0, 1), Draw(0, 2)}
    state = do(state, Draw(0, 2))
    assert state.hands[0] == [0, 1] and state.bag_left == len(state.bag) - 2


def test_a_player_holding_a_tile_cannot_draw() -> None:
    state = start(hands=[[FOREST_MOUNTAIN[0]], []], paces=[10, SLOW])
    assert rule_of(state, Draw(0, 1)) == "draw_needs_free_hands"


def test_discard_area_holds_at_most_its_limit() -> None:
    state = start(hands=[[FOREST_MOUNTAIN[0]], []], paces=[10, SLOW])
    assert Discard(0, FOREST_MOUNTAIN[0]) in GAME.legal_commands(state, 0)
    state = fill_discard(state, 0, list(range(50, 60)))
    assert len(state.discards[0]) == 10
    assert Discard(0, FOREST_MOUNTAIN[0]) not in GAME.legal_commands(state, 0)
    assert rule_of(state, Discard(0, FOREST_MOUNTAIN[0])) == "discard_limit"


def test_with_a_free_hand_a_tile_is_taken_from_any_discard_area_and_placed() -> None:
    state = start(hands=[[SEA_PLAINS[0]], []], paces=[10, SLOW])
    state = fill_discard(state, 1, [FOREST_MOUNTAIN[0]])
    take = Place(0, 1, FOREST_MOUNTAIN[0], cell(0, 0), 0, 0)
    assert take in GAME.legal_commands(state, 0)
    state = do(state, take)
    assert state.tile_at[cell(0, 0)] == FOREST_MOUNTAIN[0] and state.discards[1] == []
    assert state.hands[0] == [SEA_PLAINS[0]]


def test_with_both_hands_full_no_tile_is_taken_from_a_discard_area() -> None:
    state = start(hands=[[SEA_PLAINS[0], SEA_PLAINS[1]], []], paces=[10, SLOW])
    state = fill_discard(state, 1, [FOREST_MOUNTAIN[0]])
    assert not [c for c in GAME.legal_commands(state, 0) if isinstance(c, Place) and c.source == 1]
    assert rule_of(state, Place(0, 1, FOREST_MOUNTAIN[0], cell(0, 0), 0, 0)) == "needs_free_hand"


def test_one_player_per_god_and_one_god_per_player() -> None:
    state = start(paces=[10, 20])
    state = do(state, ClaimGod(0, F))
    assert state.god_of[F] == 0 and state.god_ms[0] == state.clock_ms == 10
    assert ClaimGod(1, F) not in GAME.legal_commands(state, 1)
    assert rule_of(state, ClaimGod(1, F)) == "god_taken"
    set_ready(state, p1=SLOW)  # let player 0 act again
    assert rule_of(state, ClaimGod(0, 2)) == "one_god_each"


def test_a_prophet_needs_a_god_and_goes_only_on_the_tile_just_placed() -> None:
    state = start(hands=[[FOREST_MOUNTAIN[0], FOREST_MOUNTAIN[1]], []], paces=[10, SLOW])
    state = do(state, Place(0, -1, FOREST_MOUNTAIN[0], cell(0, 0), 0, 0))
    assert rule_of(state, PlaceProphet(0, 0)) == "prophet_on_just_placed"  # no god yet
    state = do(state, ClaimGod(0, F))  # claiming a god keeps the tile "just placed"
    assert PlaceProphet(0, 0) in GAME.legal_commands(state, 0)
    state = do(state, Place(0, -1, FOREST_MOUNTAIN[1], cell(1, 0), 0, 0))
    assert GAME.legal_commands(state, 0)[0] == PlaceProphet(0, 0)
    events = GAME.decide(state, PlaceProphet(0, 0), random.Random(0))
    assert isinstance(events[0], ProphetPlaced)
    assert (events[0].x, events[0].y, events[0].landscape, events[0].region_size) == (1, 0, "forest", 2)
    state = apply(state, *events)
    assert state.prophets == [(cell(1, 0), 0, 0)] and state.prophets_left[0] == 7
    assert rule_of(state, PlaceProphet(0, 0)) == "prophet_on_just_placed"  # one prophet per tile


def test_the_ruleset_may_allow_more_prophets_on_the_tile_just_placed(tmp_path: Path) -> None:
    text = (RULESETS_DIR / "standard.toml").read_text(encoding="utf-8")
    path = tmp_path / "two_prophets.toml"
    path.write_text(text.replace("per_placed_tile = { value = 1", "per_placed_tile = { value = 2"), encoding="utf-8")
    state = start(hands=[[HALVES[0]], []], paces=[10, SLOW], ruleset=GAME.load_ruleset(str(path)))
    state = do(state, ClaimGod(0, F))
    state = do(state, Place(0, -1, HALVES[0], cell(0, 0), 0, 0))  # forest group 0, mountain group 1
    state = do(state, PlaceProphet(0, 1))
    assert GAME.legal_commands(state, 0)[0] == PlaceProphet(0, 0)  # the other group is still free
    state = do(state, PlaceProphet(0, 0))
    assert rule_of(state, PlaceProphet(0, 0)) == "prophet_on_just_placed"
    assert state.prophets == [(0, 1, 0), (0, 0, 0)]


def test_another_action_ends_the_chance_for_a_prophet() -> None:
    state = start(hands=[[FOREST_MOUNTAIN[0], SEA_PLAINS[0]], []], paces=[10, SLOW])
    state = do(state, ClaimGod(0, F))
    state = do(state, Place(0, -1, FOREST_MOUNTAIN[0], cell(0, 0), 0, 0))
    state = do(state, Discard(0, SEA_PLAINS[0]))
    assert rule_of(state, PlaceProphet(0, 0)) == "prophet_on_just_placed"


def four_landscape_hole(state: GodsState) -> GodsState:
    """Tiles around (1, 1) showing forest N, plains E, mountain S, sea W: no tile face can fill it."""
    state = lay(state, FOREST_SEA[0], 1, 0, face=0)  # all forest
    state = lay(state, SEA_PLAINS[0], 2, 1, face=1)  # all plains
    state = lay(state, FOREST_MOUNTAIN[0], 1, 2, face=1)  # all mountain
    return lay(state, SEA_PLAINS[1], 0, 1, face=0)  # all sea


def test_a_city_goes_on_a_space_believed_unfillable_and_anyone_may_claim_it() -> None:
    state = start(hands=[[FOREST_MOUNTAIN[1]], []], paces=[10, 20])
    state = four_landscape_hole(state)
    assert PlaceCity(0, cell(1, 1)) in GAME.legal_commands(state, 0)
    assert rule_of(state, PlaceCity(0, cell(7, 7))) == "city_space"  # a free corner: anything fits
    state = do(state, PlaceCity(0, cell(1, 1)))
    assert state.city_at[cell(1, 1)] == 0 and state.cities[0].placed_by == 0
    assert rule_of(state, ClaimCity(1, 0)) == "claim_city"  # player 1 has no god yet
    state = do(state, ClaimGod(1, 2))
    set_ready(state, p0=SLOW)
    state = do(state, ClaimCity(1, 0))
    assert state.cities[0].claimant == 1 and state.prophets_left[1] == 7
    assert [s.city_points for s in score_all(state)] == [0, 5]


def test_the_strict_city_rule_allows_only_spaces_no_tile_of_the_set_fits(tmp_path: Path) -> None:
    text = (RULESETS_DIR / "standard.toml").read_text(encoding="utf-8")
    path = tmp_path / "strict.toml"
    strict = text.replace('value = "no_visible_tile_fits"', 'value = "no_tile_of_the_set_fits"')
    path.write_text(strict, encoding="utf-8")
    state = start(hands=[[SEA_PLAINS[2]], []], paces=[10, 20], ruleset=GAME.load_ruleset(str(path)))
    state = lay(state, FOREST_SEA[0], 1, 0, face=0)
    state = lay(state, FOREST_SEA[1], 0, 1, face=0)  # (1, 1) needs forest north and west: many tiles fit
    assert rule_of(state, PlaceCity(0, cell(1, 1))) == "city_space"
    state = lay(state, SEA_PLAINS[0], 2, 1, face=1)  # plains east
    state = lay(state, FOREST_MOUNTAIN[0], 1, 2, face=1)  # mountain south
    # clockwise from north F, P, M, F: the face FFMP (clockwise F, F, M, P) shows it only mirrored,
    # and a face is never mirrored, so no tile of the set fits
    assert PlaceCity(0, cell(1, 1)) in GAME.legal_commands(state, 0)


def test_a_fitting_tile_breaks_a_city_and_the_breaker_holds_it() -> None:
    state = start(hands=[[SEA_PLAINS[2]], []], paces=[10, 20])
    state = lay(state, FOREST_SEA[0], 1, 0, face=0)
    state = lay(state, FOREST_SEA[1], 0, 1, face=0)  # (1, 1) needs forest north and west
    state = do(state, PlaceCity(0, cell(1, 1)))  # player 0 sees only a sea/plains tile: believes it unfillable
    state = do(state, ClaimGod(1, 2))
    set_ready(state, p0=SLOW)
    state = do(state, ClaimCity(1, 0))
    set_ready(state, p0=0, p1=SLOW)
    to_hand(state, 0, FOREST_MOUNTAIN[0])
    events = GAME.decide(state, Place(0, -1, FOREST_MOUNTAIN[0], cell(1, 1), 0, 0), random.Random(0))
    assert isinstance(events[-1], CityBroken) and events[-1].claimant == 1
    state = apply(state, *events)
    assert state.tile_at[cell(1, 1)] == FOREST_MOUNTAIN[0] and state.city_at[cell(1, 1)] == -1
    assert (state.cities[0].broken_by, state.cities[0].claimant) == (0, -1)
    assert [s.city_points for s in score_all(state)] == [5, 0]


def test_the_end_cannot_be_declared_while_someone_can_still_play() -> None:
    state = start(hands=[[FOREST_MOUNTAIN[0]], []], paces=[10, SLOW])
    assert DeclareEnd(0) not in GAME.legal_commands(state, 0)
    assert rule_of(state, DeclareEnd(0)) == "world_not_done"


def test_empty_bag_and_empty_hands_end_the_game() -> None:
    state = start(paces=[10, 20])
    state = apply(state, BagShuffled(()))  # a bag with no tiles left
    assert GAME.legal_commands(state, 0)[-1] == DeclareEnd(0)
    state = do(state, DeclareEnd(0))
    assert state.end_reason == "bag_empty" and GAME.to_move(state) is None


def test_a_full_frame_ends_the_game() -> None:
    state = start(hands=[[HALVES[0]], []], paces=[10, 20])
    pool = iter(state.bag[state.bag_top:])
    for c in range(64):
        state = lay(state, next(pool), c % 8, c // 8)  # no rule checks: only fullness matters here
    assert state.full and not rules.progress_commands(state, 0)
    state = do(state, DeclareEnd(0))
    assert state.end_reason == "frame_full"


def test_when_nobody_can_place_but_the_bag_is_not_empty_the_game_is_stuck() -> None:
    state = start(hands=[[SEA_PLAINS[2], SEA_PLAINS[3]], [FOREST_MOUNTAIN[2], FOREST_MOUNTAIN[3]]], paces=[10, 20])
    state = four_landscape_hole(state)
    pool = iter(state.bag[state.bag_top:])
    for c in range(64):
        if state.tile_at[c] == -1 and c != cell(1, 1):
            state = lay(state, next(pool), c % 8, c // 8)  # no rule checks: only the hole at (1, 1) matters
    state = fill_discard(state, 0, [next(pool) for _ in range(10)])
    state = fill_discard(state, 1, [next(pool) for _ in range(10)])
    assert state.bag_left > 0 and rules.world_done(state)
    assert DeclareEnd(0) in GAME.legal_commands(state, 0)
    state = do(state, DeclareEnd(0))
    assert state.end_reason == "stuck"


def test_a_random_game_ends_for_a_stated_reason_with_one_score_per_player() -> None:
    from engine.core import ListSink, make_agent, play_game

    sink = ListSink()
    final = play_game(GAME, GAME.load_ruleset("standard"), [make_agent("random", GAME) for _ in range(3)], 4, sink)
    assert final.end_reason in ("frame_full", "bag_empty", "stuck")
    types = [e.TYPE for e in sink.events]
    assert types[-9:] == ["landscape_scored"] * 4 + ["player_scored"] * 3 + ["game_ended", "game_sealed"]
    assert sum(e.win_share for e in sink.events if e.TYPE == "player_scored") == pytest.approx(1.0)
