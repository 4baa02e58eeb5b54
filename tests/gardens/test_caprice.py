"""The God's Caprice: setup, taking tiles, and every tile's timing, effect, flip and favor."""

from __future__ import annotations

import pytest

from engine.gardens.scoring import favor
from engine.gardens.state import STORAGE

PLANTS, STONE, WATER, WOOD = range(4)
SUN, MOON, RAIN, WIND = range(4)


def test_setup_shows_two_tiles_and_a_panorama_takes_one_and_reveals_the_next(caprice):
    s = caprice.state
    assert len(s.tile_face_up) == 2 and len(s.tile_stack) == 8
    assert caprice.state.base_tiles == {}  # base bonus tiles set aside
    next_tile = s.tile_stack[-1]
    taken = s.tile_face_up[0]
    caprice.push("bonus", 0)
    assert sorted(caprice.legal()) == sorted(("bonus", t) for t in s.tile_face_up)
    [event] = caprice.step("bonus", taken)
    assert event.TYPE == "bonus_tile_taken" and event.revealed_tile in s.tile_face_up
    assert next_tile in s.tile_face_up and taken not in s.tile_face_up and len(s.tile_stack) == 7


def _hold(table, player, tile, state="up"):
    table.state.players[player].tiles[tile] = state
    table.state.legal_cache = None


def test_foresight_six_card_display_then_take_three_from_it(caprice):
    s = caprice.state
    _hold(caprice, 0, "foresight")
    caprice.turn_of(0)
    assert caprice.frame == ("turn_start", 0) and caprice.legal() == [("start",), ("foresight",)]
    caprice.step("foresight")
    assert len(s.display) == 6 and caprice.frame[0] == "main"
    caprice.step("end")
    legal = caprice.legal()
    assert ("draw", -1) not in legal and len(legal) == 6  # no blind draw
    for _ in range(3):
        caprice.step(*caprice.legal()[0])
    assert len(s.display) == 3 and len(s.players[0].hand) == 8
    assert caprice.frame[:2] == ("main", 1)  # the turn passed by itself
    assert s.players[0].tiles["foresight"] == "down" and favor(s, 0) == 2


def test_a_foresight_holder_may_start_without_it(caprice):
    s = caprice.state
    _hold(caprice, 0, "foresight")
    caprice.turn_of(0)
    [event] = caprice.step("start")
    assert (event.TYPE, event.player) == ("turn_started", 0)
    assert caprice.frame[:2] == ("main", 0) and s.players[0].tiles["foresight"] == "up" and len(s.display) == 3


def test_sabotage_blocks_resources_until_the_owners_next_turn(caprice):
    s = caprice.state
    target = caprice.card("red-2", 2, "rotate")  # needs water 2, wood 1
    caprice.groundwork(1, target)
    _hold(caprice, 0, "sabotage")
    caprice.start_turn()
    caprice.step("sabotage", 1, target)
    assert s.sabotage == {0: (1, target)} and s.players[0].tiles["sabotage"] == "active"
    caprice.finish_turn()
    assert caprice.frame[:2] == ("main", 1)  # player 1
    wild = caprice.card("red-2", 1, "wild")
    caprice.give(1, wild)
    caprice.step("wild", wild)
    assert all(cmd[2] == STORAGE for cmd in caprice.legal())  # nothing onto the sabotaged card
    caprice.step("place", WATER, STORAGE)
    caprice.finish_turn()
    assert s.sabotage == {0: (1, target)}  # still there during player 2's turn
    caprice.finish_turn()
    assert caprice.frame[:2] == ("main", 0)  # the owner's next turn: lifted as it starts
    assert s.sabotage == {} and s.players[0].tiles["sabotage"] == "down"


def test_blessing_allows_four_cards_this_turn(caprice):
    _hold(caprice, 0, "blessing")
    caprice.start_turn()
    caprice.step("blessing")
    assert caprice.state.actions_left == 4
    for card in list(caprice.state.players[0].hand)[:4]:
        caprice.step("reallocate", card)  # nothing to move: the reallocation ends by itself
    # no action point left: the main phase ends by itself and the draw begins
    assert caprice.state.actions_left == 0 and caprice.state.players[0].tiles["blessing"] == "active"
    assert caprice.frame[:2] == ("draw", 0)
    while caprice.frame[0] == "draw":
        caprice.step("draw", -1)
    assert len(caprice.state.players[0].hand) == 5
    assert caprice.frame[:2] == ("main", 1) and caprice.state.players[0].tiles["blessing"] == "down"


def test_helping_hand_rearranges_the_pagoda_and_collects(caprice):
    s = caprice.state
    _hold(caprice, 0, "helping_hand")
    caprice.start_turn()
    card = s.players[0].hand[0]
    caprice.step("helping_hand", card)
    assert card in s.discard and caprice.frame == ("arrange", 0, ())
    assert len(caprice.legal()) == 16
    for resource, icons in ((WOOD, 3), (WATER, 0), (PLANTS, 2), (STONE, 1)):
        caprice.step("arrange", resource, icons)
    assert s.levels == [WOOD, WATER, PLANTS, STONE]
    assert caprice.frame == ("collect", 0)
    events = caprice.step("collect", False)  # top to bottom: stone 1, plants 2, (water 0), wood 1 of 3
    assert events[0].collected == (STONE, PLANTS, PLANTS, WOOD) and events[0].resources_lost == 2
    assert s.players[0].tiles["helping_hand"] == "down" and s.actions_left == 3  # free, no action point


def test_gift_storage_or_favor(caprice):
    caprice.push("bonus", 0)
    s = caprice.state
    s.tile_face_up[0] = "gift"
    caprice.step("bonus", "gift")
    assert sorted(caprice.legal()) == [("gift", "favor"), ("gift", "storage")]
    caprice.step("gift", "storage")
    assert s.players[0].capacity == 6 and favor(s, 0) == 0
    _hold(caprice, 1, "gift")
    caprice.push("gift", 1)
    caprice.step("gift", "favor")
    assert s.players[1].capacity == 4 and favor(s, 1) == 2


def test_cohesion_favor_by_tiles_held(caprice):
    s = caprice.state
    _hold(caprice, 0, "cohesion")
    assert favor(s, 0) == 1
    _hold(caprice, 0, "goodness")
    assert favor(s, 0) == 3
    _hold(caprice, 0, "blessing", "down")
    _hold(caprice, 0, "sabotage", "down")
    assert favor(s, 0) == 5  # 3 or more tiles: 5, however many


def test_abundance_discards_then_places_storage_size_resources(caprice):
    s = caprice.state
    gw = caprice.card("red-2", 1, "rotate")  # stone 1, water 1
    caprice.groundwork(0, gw)
    caprice.push("bonus", 0)
    s.tile_face_up[0] = "abundance"
    caprice.step("bonus", "abundance")
    card = s.players[0].hand[0]
    caprice.step("discard", card)
    assert card in s.discard and caprice.frame == ("place", 0, 4)
    caprice.step("place", STONE, gw)
    caprice.step("place", WATER, gw)
    assert caprice.legal() == [("complete", gw)]  # matched: completed at once (groundwork.completion_check)
    caprice.step("complete", gw)
    caprice.step("advance", caprice.config.cards[gw].god)
    assert caprice.frame == ("place", 0, 2)  # then Abundance's placements go on
    caprice.step("place", WOOD, STORAGE)
    caprice.step("place", -1, -2)  # the excess goes back to the supply
    assert caprice.frame[:2] == ("main", 0)
    assert s.players[0].storage == [0, 0, 0, 1] and favor(s, 0) == 1


def test_abundance_as_one_act_completes_when_all_are_placed(caprice):
    caprice.use(completion_check="end_of_action")
    s = caprice.state
    gw = caprice.card("red-2", 1, "rotate")  # stone 1, water 1
    caprice.groundwork(0, gw)
    caprice.push("abundance", 0)
    caprice.step("discard", s.players[0].hand[0])
    caprice.step("place", STONE, gw)
    caprice.step("place", WATER, gw)
    assert caprice.frame == ("place", 0, 2)
    caprice.step("place", WOOD, STORAGE)
    caprice.step("place", -1, -2)
    assert caprice.legal() == [("complete", gw)]  # checked once all are placed


def test_goodness_allows_each_panorama_twice(caprice):
    s = caprice.state
    first, copy = caprice.card("red-3", 1, "rotate"), caprice.card("red-3", 1, "wild")
    s.players[0].panoramas.append(["red-3", 3, [first]])
    caprice.start_turn()
    caprice.give(0, copy)
    assert ("lay", copy) not in caprice.legal()
    _hold(caprice, 0, "goodness")
    caprice.step("lay", copy)
    s.players[0].groundworks[copy] = list(caprice.config.cards[copy].cost)
    s.todo.append(("complete", 0, (copy,)))
    caprice.step("complete", copy)
    assert [pano[2] for pano in s.players[0].panoramas] == [[first], [copy]]  # a second red 3-part panorama


@pytest.mark.parametrize(
    ("key", "allowed"),
    [
        # colour + number: two blue 2nds of any sizes, so the third is refused
        ("colour_and_number", {"blue-2 a": True, "blue-3 a": True, "blue-2 b": False}),
        # panorama + number: each panorama's 2nd twice
        ("panorama_and_number", {"blue-2 a": True, "blue-3 a": True, "blue-2 b": True}),
    ],
)
def test_goodness_doubles_the_allowance_under_either_conflict_key(caprice, key, allowed):
    caprice.use_conflict_key(key)
    s = caprice.state
    blue2 = [c.id for c in caprice.config.cards if c.panorama == "blue-2" and c.position == 2]
    blue3 = caprice.card("blue-3", 2, "rotate")
    cards = {"blue-2 a": blue2[0], "blue-3 a": blue3, "blue-2 b": blue2[1]}
    caprice.start_turn()
    caprice.give(0, *cards.values())
    _hold(caprice, 0, "goodness")
    for name, card in cards.items():
        assert (("lay", card) in caprice.legal()) is allowed[name], name
        if allowed[name]:
            caprice.step("lay", card)
    assert len(s.players[0].groundworks) == sum(allowed.values())


def test_offering_one_back_another_forward_two(caprice):
    s = caprice.state
    s.players[0].track = [3, 3, 10, 3]
    s.players[1].track[RAIN] = 6
    caprice.push("offering", 0)
    events = caprice.step("offering", SUN, RAIN)
    moves = [(e.player, e.god, e.from_space, e.to_space) for e in events if e.TYPE == "track_moved"]
    # rain is at the end: each forward step pushes the opponents on rain back instead
    assert moves == [(0, "sun", 3, 2), (1, "rain", 6, 5), (2, "rain", 3, 2), (0, "rain", 10, 10),
                     (1, "rain", 5, 4), (2, "rain", 2, 1), (0, "rain", 10, 10)]
    assert events[-1].TYPE == "tile_used"  # the tile's own event last
    assert s.players[0].tiles["offering"] == "down"


def test_recovery_returns_a_knocked_off_marker_on_space_3_or_gives_favor(caprice):
    s = caprice.state
    s.players[0].track[MOON] = 0
    caprice.push("recovery", 0)
    assert caprice.legal() == [("recovery", MOON), ("recovery", -1)]
    caprice.step("recovery", MOON)
    assert s.players[0].track[MOON] == 3 and favor(s, 0) == 0 and s.players[0].tiles["recovery"] == "down"
    _hold(caprice, 1, "recovery")
    caprice.push("recovery", 1)
    assert caprice.legal() == [("recovery", -1)]
    caprice.step("recovery", -1)
    assert favor(s, 1) == 2


def _use_four_cards_with_foresight_and_blessing(caprice):
    s = caprice.state
    _hold(caprice, 0, "foresight")
    _hold(caprice, 0, "blessing")
    caprice.turn_of(0)
    caprice.step("foresight")
    caprice.step("blessing")
    for card in list(s.players[0].hand)[:4]:
        caprice.step("reallocate", card)  # nothing to move: ends by itself
    assert caprice.frame[:2] == ("draw", 0)  # no action point left: the main phase ended by itself
    for _ in range(3):  # Foresight: 3 cards from the six-card display, none from the deck
        assert ("draw", -1) not in caprice.legal()
        caprice.step(*caprice.legal()[0])
    assert len(s.players[0].hand) == 4


@pytest.mark.parametrize(("mode", "deck_offered"), [("display", False), ("any", True)])
def test_foresight_with_blessing_tops_the_hand_up_to_five(caprice, mode, deck_offered):
    """Foresight: 'take 3 cards from the display (You may not draw face-down from the deck!)';
    Blessing: 'draw cards until you have 5 cards in hand again'. Both hold: 3, then a 4th."""
    caprice.use(foresight_blessing_draw=mode)
    s = caprice.state
    _use_four_cards_with_foresight_and_blessing(caprice)
    assert caprice.frame[0] == "draw"
    assert (("draw", -1) in caprice.legal()) is deck_offered
    caprice.step("draw", s.display[0])
    assert len(s.players[0].hand) == 5 and len(s.display) == 3  # the display is refilled as in a normal draw
    assert caprice.frame[:2] == ("main", 1)  # the turn passed
    assert s.players[0].tiles["foresight"] == "down" and s.players[0].tiles["blessing"] == "down"


def test_foresight_with_blessing_as_foresight_alone_leaves_four(caprice):
    caprice.use(foresight_blessing_draw="none")
    _use_four_cards_with_foresight_and_blessing(caprice)
    assert caprice.frame[:2] == ("main", 1) and len(caprice.state.players[0].hand) == 4


@pytest.mark.parametrize(("mode", "legal", "wind"), [("nothing", ("offering", -1, -1), 5),
                                                     ("forward", ("offering", -1, WIND), 7)])
def test_offering_with_a_single_marker_left(caprice, mode, legal, wind):
    """'Move one of your favor markers back 1 space and another ... forward 2': one marker left."""
    caprice.use(offering_single_marker=mode)
    s = caprice.state
    s.players[0].track = [0, 0, 0, 5]
    caprice.push("offering", 0)
    assert caprice.legal() == [legal]
    caprice.step(*legal)
    assert s.players[0].track == [0, 0, 0, wind] and s.players[0].tiles["offering"] == "down"


@pytest.mark.parametrize(("counted", "expected"), [(True, 5), (False, 3)])
def test_cohesion_counts_the_storage_tiles_gift_attached(caprice, counted, expected):
    """Gift + Cohesion: 2 Caprice tiles and 2 base storage bonus tiles = 4 collected bonus tiles -> 5 favor."""
    caprice.use(cohesion_counts_gift_storage=counted)
    s = caprice.state
    _hold(caprice, 0, "cohesion")
    _hold(caprice, 0, "gift")
    caprice.push("gift", 0)
    caprice.step("gift", "storage")
    assert s.players[0].capacity == 6 and favor(s, 0) == expected


def test_tiles_used_during_the_turn_can_cost_an_action_point(caprice):
    """`caprice.<tile>_action_points`: 0 by default (free); at 1 each needs and spends a point."""
    s = caprice.state
    caprice.use(action_points={"sabotage": 1, "blessing": 1, "helping_hand": 1})
    target = caprice.card("red-2", 2, "rotate")
    caprice.groundwork(1, target)
    for tile in ("sabotage", "blessing", "helping_hand"):
        _hold(caprice, 0, tile)
    caprice.start_turn()
    caprice.step("sabotage", 1, target)
    assert s.actions_left == 2
    caprice.step("blessing")
    assert s.actions_left == 2  # +1 card for the turn, -1 for using it
    caprice.step("helping_hand", s.players[0].hand[0])
    assert s.actions_left == 1
    for pick in ((WOOD, 3), (WATER, 0), (PLANTS, 2), (STONE, 1)):
        caprice.step("arrange", *pick)
    caprice.step("collect", True)
    _hold(caprice, 0, "helping_hand")
    caprice.step("reallocate", s.players[0].hand[0])
    caprice.step("done")
    # no point left for the Helping Hand held again: the main phase ended by itself
    assert s.actions_left == 0 and caprice.frame[:2] == ("draw", 0)
