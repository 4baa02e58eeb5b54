"""Four Gardens base actions in scripted situations: lay, rotate & collect, wild, reallocate, draw."""

from __future__ import annotations

import pytest

from engine.core.errors import IllegalCommand
from engine.gardens.game import GAME
from engine.gardens.state import STORAGE, SUPPLY

PLANTS, STONE, WATER, WOOD = range(4)


def test_same_panorama_and_number_cannot_be_laid_twice(table):
    """The seed's example: with a blue 2nd you can play an orange 2nd but not another blue 2nd;
    a blue 2nd may be played before the blue 1st."""
    table.start_turn()
    blue_second = table.card("blue-2", 2, "rotate")
    blue_second_copy = [c.id for c in table.config.cards if c.panorama == "blue-2" and c.position == 2][1]
    orange_second = table.card("orange-2", 2, "rotate")
    blue_first = table.card("blue-2", 1, "rotate")
    table.give(0, blue_second, blue_second_copy, orange_second, blue_first)
    table.state.actions_left = 4
    table.step("lay", blue_second)
    assert ("lay", blue_second_copy) not in table.legal()
    with pytest.raises(IllegalCommand) as err:
        table.step("lay", blue_second_copy)
    assert err.value.rule == "same_panorama_number"
    table.step("lay", orange_second)  # other colour, same number: fine
    table.step("lay", blue_first)  # the 1st after the 2nd: order does not matter
    assert set(table.state.players[0].groundworks) == {blue_second, orange_second, blue_first}


KEYS = ("colour_and_number", "panorama_and_number")


def test_shipped_default_is_the_seeds_colour_and_number(table):
    assert table.config.conflict_key == "colour_and_number"


@pytest.mark.parametrize("key", KEYS)
def test_seed_example_blue_second_blocks_blue_second_not_orange_under_both_keys(table, key):
    """Both readings agree on the seed's own example (all cards 2-part panoramas)."""
    table.use_conflict_key(key)
    table.start_turn()
    blue_second, blue_second_copy = [c.id for c in table.config.cards if c.panorama == "blue-2" and c.position == 2]
    orange_second = table.card("orange-2", 2, "rotate")
    table.give(0, blue_second, blue_second_copy, orange_second)
    table.step("lay", blue_second)
    assert ("lay", orange_second) in table.legal() and ("lay", blue_second_copy) not in table.legal()
    with pytest.raises(IllegalCommand) as err:
        table.step("lay", blue_second_copy)
    assert err.value.rule == "same_panorama_number"
    table.step("lay", orange_second)
    assert set(table.state.players[0].groundworks) == {blue_second, orange_second}


@pytest.mark.parametrize(("key", "allowed"), [("colour_and_number", False), ("panorama_and_number", True)])
def test_blue_two_part_second_vs_blue_three_part_second(table, key, allowed):
    """Same colour and number, different panorama size: only the panorama reading allows both."""
    table.use_conflict_key(key)
    table.start_turn()
    two_part, three_part = table.card("blue-2", 2, "rotate"), table.card("blue-3", 2, "rotate")
    table.give(0, two_part, three_part)
    table.step("lay", two_part)
    assert (("lay", three_part) in table.legal()) is allowed
    if allowed:
        table.step("lay", three_part)
        assert set(table.state.players[0].groundworks) == {two_part, three_part}
    else:
        with pytest.raises(IllegalCommand) as err:
            table.step("lay", three_part)
        assert err.value.rule == "same_panorama_number"


@pytest.mark.parametrize(("key", "allowed"), [("colour_and_number", False), ("panorama_and_number", True)])
def test_completed_card_of_the_other_size_blocks_only_under_colour_key(table, key, allowed):
    table.use_conflict_key(key)
    done = table.card("blue-3", 1, "rotate")
    table.state.players[0].panoramas.append(["blue-3", 3, [done]])
    table.start_turn()
    card = table.card("blue-2", 1, "rotate")
    table.give(0, card)
    assert (("lay", card) in table.legal()) is allowed


def test_completed_cards_also_block_the_same_number(table):
    first, copy = table.card("red-3", 1, "rotate"), table.card("red-3", 1, "wild")
    table.state.players[0].panoramas.append(["red-3", 3, [first]])
    table.start_turn()
    table.give(0, copy)
    assert ("lay", copy) not in table.legal()


def test_at_most_three_groundworks(table):
    table.start_turn()
    cards = [table.card(f"{colour}-2", 1, "rotate") for colour in ("red", "orange", "yellow", "green")]
    table.give(0, *cards)
    table.state.actions_left = 4
    for card in cards[:3]:
        table.step("lay", card)
    with pytest.raises(IllegalCommand) as err:
        table.step("lay", cards[3])
    assert err.value.rule == "groundwork_limit"
    assert len(table.state.players[0].groundworks) == 3


def _fixed_pagoda(table):
    """Plants bottom, stone, water, wood top; side 0 reads 3,2,1,0 bottom to top (the setup face)."""
    table.state.levels = [PLANTS, STONE, WATER, WOOD]
    table.state.rotation = [3, 2, 1, 0]


def test_setup_pagoda_shows_3210_on_one_face(table):
    from engine.gardens.pagoda import facing

    assert [icons for _r, icons in facing(table.state, 0)] == [3, 2, 1, 0]
    assert sorted(table.state.levels) == [0, 1, 2, 3]


@pytest.mark.parametrize(
    ("direction", "rotation", "taken", "lost"),
    [
        # +1: levels 1-3 turn; side 0 then reads plants 3, stone 3, water 2, wood 1; bottom-up stops at 4
        (1, [3, 3, 2, 1], (PLANTS, PLANTS, PLANTS, STONE), 5),
        # -1: side 0 reads plants 3, stone 1, water 0, wood 3
        (-1, [3, 1, 0, 3], (PLANTS, PLANTS, PLANTS, STONE), 3),
    ],
)
def test_rotate_turns_shaded_floor_and_above_then_collects_bottom_up(table, direction, rotation, taken, lost):
    _fixed_pagoda(table)
    table.start_turn()
    card = table.card("red-3", 1, "rotate")  # shaded floor 2 (index 1), collect bottom to top
    assert table.config.cards[card].floor == 1 and table.config.cards[card].collect_up
    table.give(0, card)
    events = table.step("rotate", card, direction)
    assert table.state.rotation == rotation
    [rotated] = events  # one event: the action with its turn and collection
    assert (rotated.action, rotated.direction) == ("rotate", direction)
    assert (rotated.resources_collected, rotated.resources_lost) == (len(taken), lost)
    assert table.state.players[0].storage == [taken.count(r) for r in range(4)]
    assert table.state.players[0].storage == [3, 1, 0, 0]
    assert card in table.state.discard and table.state.actions_left == 2


def test_collect_top_down_stops_when_storage_is_full_without_skipping(table):
    _fixed_pagoda(table)
    table.state.players[0].storage = [0, 0, 2, 0]  # 2 of 4 spaces used
    table.start_turn()
    card = table.card("red-2", 1, "rotate")  # shaded floor 2 (index 1), collect top to bottom
    assert not table.config.cards[card].collect_up
    table.give(0, card)
    events = table.step("rotate", card, -1)  # side 0 reads plants 3, stone 1, water 0, wood 3
    collected = table.events_of(events, "action_taken")[0]
    # the first two wood fit; the third wood is lost and nothing below may be taken instead
    assert (collected.resources_collected, collected.resources_lost) == (2, 1 + 1 + 3)
    assert table.state.players[0].storage == [0, 0, 2, 2]


@pytest.mark.parametrize(
    ("mode", "taken", "lost"),
    [
        # the 3 plants the supply cannot cover are lost, then stone 3 and a water fill storage
        ("lost", (STONE, STONE, STONE, WATER), 3 + 1 + 1),
        # collecting ends at the first uncovered plant: nothing is taken
        ("stop", (), 3 + 3 + 2 + 1),
    ],
)
def test_an_icon_the_supply_cannot_cover(table, mode, taken, lost):
    """`pagoda.uncovered_icon`: the seed stops collecting only when all are collected or storage is full."""
    table.use(uncovered_icon=mode)
    _fixed_pagoda(table)
    table.state.supply[PLANTS] = 0
    table.start_turn()
    card = table.card("red-3", 1, "rotate")  # floor 2 and above, bottom to top
    table.give(0, card)
    events = table.step("rotate", card, 1)  # side 0 reads plants 3, stone 3, water 2, wood 1
    collected = table.events_of(events, "action_taken")[0]
    assert (collected.resources_collected, collected.resources_lost) == (len(taken), lost)
    assert table.state.players[0].storage == [taken.count(r) for r in range(4)]


def test_second_player_collects_from_their_own_side(table):
    _fixed_pagoda(table)
    table.turn_of(1)
    card = table.card("red-3", 1, "rotate")
    table.give(1, card)
    table.step("rotate", card, 1)  # rotation [3,3,2,1]; side 2 reads 1, 1, 0, 3 bottom-up
    assert table.state.players[1].storage == [1, 1, 0, 2]  # plants, stone, wood, wood


def test_wild_places_one_resource_on_a_groundwork_or_in_storage(table):
    table.start_turn()
    gw = table.card("red-2", 2, "rotate")  # needs water 2, wood 1
    table.groundwork(0, gw)
    wild = table.card("red-2", 1, "wild")
    table.give(0, wild)
    table.step("wild", wild)
    legal = table.legal()
    assert ("place", WATER, gw) in legal and ("place", PLANTS, gw) not in legal  # only what it still needs
    assert ("place", PLANTS, STORAGE) in legal
    table.step("place", WATER, gw)
    assert table.state.players[0].groundworks[gw] == [0, 0, 1, 0]
    assert table.state.supply[WATER] == table.config.supply - 1
    assert table.frame[0] == "main"


def test_wild_with_full_storage_only_offers_groundworks(table):
    table.start_turn()
    table.state.players[0].storage = [1, 1, 1, 1]
    gw = table.card("red-2", 2, "rotate")
    table.groundwork(0, gw)
    wild = table.card("red-2", 1, "wild")
    table.give(0, wild)
    table.step("wild", wild)
    assert sorted(table.legal()) == [("place", WATER, gw), ("place", WOOD, gw)]


def test_reallocate_moves_and_returns_to_supply_and_completes_at_the_matching_move(table):
    """'If you have resources on an Active Groundwork card which match ..., it is now completed':
    the move that matches it completes it there and then; the reallocation goes on afterwards."""
    table.start_turn()
    a = table.card("red-2", 2, "rotate")  # water 2, wood 1; god sun
    b = table.card("red-2", 1, "rotate")  # stone 1, water 1
    table.groundwork(0, a, (0, 0, 1, 0))
    table.groundwork(0, b, (0, 0, 1, 0))
    table.state.players[0].storage = [1, 1, 0, 1]
    handcart = table.card("orange-3", 2, "none")
    table.give(0, handcart)
    table.step("reallocate", handcart)
    legal = table.legal()
    assert ("move", STORAGE, SUPPLY, PLANTS) in legal and ("move", b, a, WATER) in legal
    assert ("move", STORAGE, a, PLANTS) not in legal  # a does not need plants
    table.step("move", STORAGE, SUPPLY, PLANTS)
    table.step("move", b, a, WATER)
    assert table.frame[0] == "realloc"  # a still lacks its wood
    table.step("move", STORAGE, a, WOOD)
    assert table.legal() == [("complete", a)]  # matched: completed now, in the middle of the reallocation
    events = table.step("complete", a)
    assert table.events_of(events, "groundwork_completed")[0].card == a
    table.step("advance", table.config.cards[a].god)
    assert table.frame[0] == "realloc"  # then the reallocation goes on
    table.step("move", STORAGE, b, STONE)  # nothing is left to move: the reallocation ends by itself
    p = table.state.players[0]
    assert p.storage == [0, 0, 0, 0] and a not in p.groundworks and p.groundworks[b] == [0, 1, 0, 0]
    # (the scripted resources were conjured, so the supply gains them:) 1 plant dumped, a's 2 water + 1 wood
    assert table.state.supply == [16, 15, 17, 16]
    assert table.frame[0] == "main"


def test_draw_back_up_to_five_from_display_and_deck(table):
    table.start_turn()
    p = table.state.players[0]
    p.hand[:] = p.hand[:2]
    table.step("end")
    shown = list(table.state.display)
    table.step("draw", shown[0])
    assert len(table.state.display) == 3 and shown[0] in p.hand
    deck = list(table.state.deck)
    drawn = table.events_of(table.step("draw", -1), "card_drawn")[0].card
    assert p.hand[-1] == drawn and drawn in deck and drawn not in table.state.deck
    table.step("draw", -1)
    assert len(p.hand) == 5 and table.frame[:2] == ("main", 1)  # the turn passed by itself


def test_empty_deck_reshuffles_discard_as_an_event(table):
    s = table.state
    table.start_turn()
    s.players[0].hand.pop()
    s.discard.extend(s.deck)
    s.deck.clear()
    before = sorted(s.discard)
    table.step("end")
    events = table.step("draw", -1)
    shuffled = table.events_of(events, "cards_shuffled")[0]
    assert shuffled.cards == () and shuffled.source == "discard"  # the deck is the discard pile: no need to list it
    drawn = table.events_of(events, "card_drawn")[0].card
    assert drawn in before and s.discard == [] and sorted(s.deck + [drawn]) == before


def test_illegal_command_changes_nothing(table):
    table.start_turn()
    before = GAME.fingerprint(table.state)
    not_in_hand = table.state.deck[0]
    with pytest.raises(IllegalCommand) as err:
        GAME.decide(table.state, ("lay", not_in_hand), table.rng)
    assert err.value.rule == "card_not_in_hand"
    assert GAME.fingerprint(table.state) == before
