"""Hands, draws, discard areas, gods, prophets and cities, each checked when committed and when due."""

from __future__ import annotations

from pathlib import Path

from engine.gods.commands import (
    ClaimCity,
    ClaimGod,
    Discard,
    Draw,
    Place,
    PlaceCity,
    PlaceProphet,
    Wait,
)
from engine.gods.events import CityBroken
from engine.gods.game import GAME
from engine.gods.scoring import score_all
from tests.gods.helpers import (
    AWAY,
    FOREST_MOUNTAIN,
    FOREST_SEA,
    HALVES,
    NO_IDLE,
    SEA_PLAINS,
    F,
    apply,
    cell,
    do,
    events_of,
    fill_discard,
    four_landscape_hole,
    lay,
    rule_of,
    ruleset_with,
    start,
    to_hand,
)


def test_both_hands_free_draws_two_from_the_bag_when_the_draw_happens() -> None:
    state = start(away=(1,))
    assert [c for c in GAME.legal_commands(state, 0) if isinstance(c, Draw)] == [Draw(0, 2)]
    bag = sorted(state.bag[state.bag_top:])
    state = do(state, Draw(0, 2))
    drawn = state.hands[0]
    assert len(set(drawn)) == 2 and set(drawn) <= set(bag) and state.bag_left == len(bag) - 2
    assert sorted(state.bag[state.bag_top:] + drawn) == bag  # out of the bag, into the hand


def test_a_player_holding_a_tile_cannot_draw() -> None:
    state = start(hands=[[FOREST_MOUNTAIN[0]], []], away=(1,))
    assert rule_of(state, Draw(0, 2)) == "draw_needs_free_hands"


def test_discard_area_holds_at_most_its_limit() -> None:
    state = start(hands=[[FOREST_MOUNTAIN[0]], []], away=(1,))
    assert Discard(0, FOREST_MOUNTAIN[0]) in GAME.legal_commands(state, 0)
    state = fill_discard(state, 0, list(range(50, 60)))
    assert len(state.discards[0]) == 10
    assert Discard(0, FOREST_MOUNTAIN[0]) not in GAME.legal_commands(state, 0)
    assert rule_of(state, Discard(0, FOREST_MOUNTAIN[0])) == "discard_limit"


def test_with_a_free_hand_a_tile_is_taken_from_any_discard_area_and_placed() -> None:
    state = start(hands=[[SEA_PLAINS[0]], []], away=(1,))
    state = fill_discard(state, 1, [FOREST_MOUNTAIN[0]])
    take = Place(0, 1, FOREST_MOUNTAIN[0], cell(0, 0), 0, 0)
    assert take in GAME.legal_commands(state, 0)
    state = do(state, take)
    assert state.tile_at[cell(0, 0)] == FOREST_MOUNTAIN[0] and state.discards[1] == []
    assert state.hands[0] == [SEA_PLAINS[0]]


def test_with_both_hands_full_no_tile_is_taken_from_a_discard_area() -> None:
    state = start(hands=[[SEA_PLAINS[0], SEA_PLAINS[1]], []], away=(1,))
    state = fill_discard(state, 1, [FOREST_MOUNTAIN[0]])
    assert not [c for c in GAME.legal_commands(state, 0) if isinstance(c, Place) and c.source == 1]
    assert rule_of(state, Place(0, 1, FOREST_MOUNTAIN[0], cell(0, 0), 0, 0)) == "needs_free_hand"


def test_one_player_per_god_and_one_god_per_player() -> None:
    state = start(away=(1,))
    state = do(state, ClaimGod(0, F, at_ms=2500))
    assert state.god_of[F] == 0 and state.god_ms[0] == state.clock_ms == 2500
    assert rule_of(state, ClaimGod(0, 2)) == "one_god_each"
    state = start()
    state = do(state, ClaimGod(0, F, at_ms=2500))  # player 0 is thinking: player 1 plans at 0 too
    assert ClaimGod(1, F) in GAME.legal_commands(state, 1)  # the god is still free when player 1 looks


def test_a_prophet_needs_a_god_and_goes_only_on_the_tile_just_placed() -> None:
    state = start(hands=[[FOREST_MOUNTAIN[0], FOREST_MOUNTAIN[1]], []], away=(1,))
    state = do(state, Place(0, -1, FOREST_MOUNTAIN[0], cell(0, 0), 0, 0))
    assert rule_of(state, PlaceProphet(0, 0)) == "prophet_on_just_placed"  # no god yet
    state = do(state, ClaimGod(0, F))  # claiming a god keeps the tile "just placed"
    assert PlaceProphet(0, 0) in GAME.legal_commands(state, 0)
    state = do(state, Place(0, -1, FOREST_MOUNTAIN[1], cell(1, 0), 0, 0))
    assert GAME.legal_commands(state, 0)[0] == PlaceProphet(0, 0)
    events = events_of(state, PlaceProphet(0, 0))
    assert [e.TYPE for e in events] == ["action_planned", "prophet_placed"] and events[0].group == 0  # type: ignore
    state = apply(state, *events)
    assert state.prophets == [(cell(1, 0), 0, 0)] and state.prophets_left[0] == 7
    assert rule_of(state, PlaceProphet(0, 0)) == "prophet_on_just_placed"  # one prophet per tile


def test_the_ruleset_may_allow_more_prophets_on_the_tile_just_placed(tmp_path: Path) -> None:
    two = ruleset_with(tmp_path, ("per_placed_tile = { value = 1", "per_placed_tile = { value = 2"))
    state = start(hands=[[HALVES[0]], []], away=(1,), ruleset=two)
    state = do(state, ClaimGod(0, F))
    state = do(state, Place(0, -1, HALVES[0], cell(0, 0), 0, 0))  # forest group 0, mountain group 1
    state = do(state, PlaceProphet(0, 1))
    assert GAME.legal_commands(state, 0)[0] == PlaceProphet(0, 0)  # the other group is still free
    state = do(state, PlaceProphet(0, 0))
    assert rule_of(state, PlaceProphet(0, 0)) == "prophet_on_just_placed"
    assert state.prophets == [(0, 1, 0), (0, 0, 0)]


def test_another_action_ends_the_chance_for_a_prophet() -> None:
    state = start(hands=[[FOREST_MOUNTAIN[0], SEA_PLAINS[0]], []], away=(1,))
    state = do(state, ClaimGod(0, F))
    state = do(state, Place(0, -1, FOREST_MOUNTAIN[0], cell(0, 0), 0, 0))
    state = do(state, Discard(0, SEA_PLAINS[0]))
    assert rule_of(state, PlaceProphet(0, 0)) == "prophet_on_just_placed"


def test_a_city_goes_on_a_space_believed_unfillable_and_anyone_may_claim_it() -> None:
    state = start(hands=[[FOREST_MOUNTAIN[1]], []], away=(1,), ruleset=NO_IDLE)
    state = four_landscape_hole(state)
    assert PlaceCity(0, cell(1, 1)) in GAME.legal_commands(state, 0)
    assert rule_of(state, PlaceCity(0, cell(7, 7))) == "city_space"  # a free corner: anything fits
    state = do(state, PlaceCity(0, cell(1, 1)))
    assert state.city_at[cell(1, 1)] == 0 and state.cities[0].placed_by == 0
    state = do(state, Wait(0, at_ms=2 * AWAY))  # player 0 steps away; player 1 is back at AWAY
    assert GAME.to_move(state) == 1
    assert rule_of(state, ClaimCity(1, 0)) == "claim_city"  # player 1 has no god yet
    state = do(state, ClaimGod(1, 2))
    state = do(state, ClaimCity(1, 0))
    assert state.cities[0].claimant == 1 and state.prophets_left[1] == 7
    assert [s.city_points for s in score_all(state)] == [0, 5]


def test_the_strict_city_rule_allows_only_spaces_no_tile_of_the_set_fits(tmp_path: Path) -> None:
    strict = ruleset_with(tmp_path, ('value = "no_visible_tile_fits"', 'value = "no_tile_of_the_set_fits"'))
    state = start(hands=[[SEA_PLAINS[2]], []], away=(1,), ruleset=strict)
    state = lay(state, FOREST_SEA[0], 1, 0, face=0)
    state = lay(state, FOREST_SEA[1], 0, 1, face=0)  # (1, 1) needs forest north and west: many tiles fit
    assert rule_of(state, PlaceCity(0, cell(1, 1))) == "city_space"
    state = lay(state, SEA_PLAINS[0], 2, 1, face=1)  # plains east
    state = lay(state, FOREST_MOUNTAIN[0], 1, 2, face=1)  # mountain south
    # clockwise from north F, P, M, F: the face FFMP (clockwise F, F, M, P) shows it only mirrored,
    # and a face is never mirrored, so no tile of the set fits
    assert PlaceCity(0, cell(1, 1)) in GAME.legal_commands(state, 0)


def test_a_fitting_tile_breaks_a_city_and_the_breaker_holds_it() -> None:
    state = start(hands=[[SEA_PLAINS[2]], []], away=(1,), ruleset=NO_IDLE)
    state = lay(state, FOREST_SEA[0], 1, 0, face=0)
    state = lay(state, FOREST_SEA[1], 0, 1, face=0)  # (1, 1) needs forest north and west
    state = do(state, PlaceCity(0, cell(1, 1)))  # player 0 sees only a sea/plains tile: believes it unfillable
    state = do(state, Wait(0, at_ms=AWAY + 10_000))  # player 1 comes back at AWAY
    state = do(state, ClaimGod(1, 2, at_ms=AWAY + 100))
    state = do(state, ClaimCity(1, 0, at_ms=AWAY + 200))
    state = do(state, Wait(1, at_ms=3 * AWAY))  # player 0 is back at AWAY + 10 s
    to_hand(state, 0, FOREST_MOUNTAIN[0])
    events = events_of(state, Place(0, -1, FOREST_MOUNTAIN[0], cell(1, 1), 0, 0))
    assert isinstance(events[-1], CityBroken) and events[-1].claimant == 1
    state = apply(state, *events)
    assert state.tile_at[cell(1, 1)] == FOREST_MOUNTAIN[0] and state.city_at[cell(1, 1)] == -1
    assert (state.cities[0].broken_by, state.cities[0].claimant) == (0, -1)
    assert [s.city_points for s in score_all(state)] == [5, 0]
