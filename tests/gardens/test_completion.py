"""Completion, god tracks, bonus tiles, the end of the game and tie-breaks, hand-checked."""

from __future__ import annotations

import pytest

from engine.gardens.rules import WILD_GOD
from engine.gardens.scoring import final_events

PLANTS, STONE, WATER, WOOD = range(4)
SUN, MOON, RAIN, WIND = range(4)


def _finish_with_wild(table, player, card):
    """Use a wild card to add the last missing resource to `card`."""
    wild = table.card("white-3", 1, "wild")
    table.give(player, wild)
    table.step("wild", wild)
    missing = [r for r, (have, want) in enumerate(zip(table.state.players[player].groundworks[card],
                                                       table.config.cards[card].cost)) if have < want]
    table.step("place", missing[0], card)


def test_completing_the_third_card_takes_the_earlier_cards_rewards(table):
    first, second = table.card("red-3", 1, "rotate"), table.card("red-3", 2, "rotate")
    third = table.card("red-3", 3, "rotate")  # god rain; cost plants 1, stone 1, wood 2
    cards = table.config.cards
    assert (cards[first].god, cards[second].god, cards[third].god) == (SUN, MOON, RAIN)
    p = table.state.players[0]
    p.panoramas.append(["red-3", 3, [first, second]])
    p.completed = 2
    table.start_turn()
    table.groundwork(0, third, (1, 1, 0, 1))
    _finish_with_wild(table, 0, third)
    assert table.legal() == [("complete", third)]
    table.step("complete", third)
    moved = []
    while table.frame[0] == "advance":
        moved += [(e.god, e.from_space, e.to_space) for e in table.step(*table.legal()[0])]
    # own god first, then the 2nd card's, then the 1st card's: each +1 from the start space 3
    assert moved == [("rain", 3, 4), ("moon", 3, 4), ("sun", 3, 4)]
    assert p.track == [4, 4, 4, 3] and p.completed == 3
    events = table.step("panorama")
    assert events[0].TYPE == "panorama_completed" and (events[0].panorama, events[0].size) == ("red-3", 3)
    assert table.frame[0] == "bonus" and p.largest_panorama == 3


def test_first_card_of_a_set_gives_only_its_own_god(table):
    card = table.card("red-3", 2, "rotate")
    table.start_turn()
    table.groundwork(0, card, (0, 0, 1, 1))
    _finish_with_wild(table, 0, card)
    table.step("complete", card)
    assert [f[0] for f in table.state.todo[-1:]] == ["advance"]
    table.step("advance", MOON)
    assert table.frame[0] == "main" and table.state.players[0].track == [3, 4, 3, 3]


def test_wild_god_chooses_each_time_it_triggers(table):
    wild_god = table.card("red-3", 3, god=WILD_GOD)
    other = table.card("red-3", 1, "rotate")
    p = table.state.players[0]
    p.panoramas.append(["red-3", 3, [wild_god]])
    p.track[RAIN] = 0  # knocked off: no longer a choice
    table.start_turn()
    table.groundwork(0, other, (0, 1, 0, 0))
    _finish_with_wild(table, 0, other)
    table.step("complete", other)
    table.step("advance", SUN)  # the new card's own god
    assert table.frame == ("advance", 0, WILD_GOD)
    assert table.legal() == [("advance", SUN), ("advance", MOON), ("advance", WIND)]
    table.step("advance", WIND)
    assert p.track == [4, 3, 0, 4]


def test_advancing_past_the_end_pushes_every_opponent_back(make_table):
    table = make_table(players=3)
    end = table.config.track_length
    tracks = [p.track for p in table.state.players]
    tracks[0][RAIN], tracks[1][RAIN], tracks[2][RAIN] = end, 5, 1
    table.push("advance", 0, RAIN)
    events = table.step("advance", RAIN)
    assert [(e.player, e.from_space, e.to_space, e.cause) for e in events] == [
        (1, 5, 4, "push"), (2, 1, 0, "push"), (0, end, end, "overflow"),  # the player's own event last
    ]
    assert [t[RAIN] for t in tracks] == [end, 4, 0]


def test_a_knocked_off_marker_never_advances_again(make_table):
    table = make_table(players=3)
    table.state.players[2].track[RAIN] = 0
    table.push("advance", 2, RAIN)
    events = table.step("advance", RAIN)
    assert [(e.from_space, e.to_space, e.cause) for e in events] == [(0, 0, "lost")]
    assert table.state.players[2].track[RAIN] == 0


def test_bonus_tile_highest_value_left_and_never_the_same_type_twice(table):
    table.push("bonus", 1)
    table.step("bonus", "extra_rewards")
    assert table.state.players[1].extra_rewards == 6
    table.push("bonus", 0)
    events = table.step("bonus", "extra_rewards")
    assert events[0].value == 5  # the 6 is gone: the highest value left
    table.push("bonus", 0)
    assert ("bonus", "extra_rewards") not in table.legal()
    assert sorted(table.legal()) == [("bonus", "planning"), ("bonus", "take_wilds")]
    table.step("bonus", "planning")
    assert table.state.players[0].capacity == 5


def test_take_wilds_gives_that_many_immediate_wild_actions(table):
    table.push("bonus", 0)
    table.step("bonus", "take_wilds")  # highest value: 3
    for _ in range(3):
        assert table.frame == ("wild", 0, "take_wilds")
        table.step("place", PLANTS, -1)
    assert table.state.players[0].storage == [3, 0, 0, 0]
    assert table.frame[:2] == ("main", 0)


def test_simultaneous_completions_resolve_one_at_a_time_in_chosen_order(table):
    table.use(completion_check="end_of_action")  # a Reallocate is one act: both match when it ends
    a = table.card("red-2", 1, "rotate")  # stone 1, water 1
    b = table.card("orange-2", 1, "rotate")  # water 1, wood 1
    table.start_turn()
    table.groundwork(0, a, (0, 1, 0, 0))
    table.groundwork(0, b, (0, 0, 0, 1))
    table.state.players[0].storage = [0, 0, 2, 0]
    handcart = table.card("orange-3", 2, "none")
    table.give(0, handcart)
    table.step("reallocate", handcart)
    table.step("move", -1, a, WATER)
    table.step("move", -1, b, WATER)  # nothing left to move: the reallocation ends by itself
    assert sorted(table.legal()) == sorted([("complete", a), ("complete", b)])
    table.step("complete", b)
    table.step("advance", table.config.cards[b].god)
    assert table.legal() == [("complete", a)]  # fully resolved b before a
    table.step("complete", a)
    table.step("advance", table.config.cards[a].god)
    assert table.frame[0] == "main" and table.state.players[0].completed == 2


def _complete_one(table, player):
    card = table.card("red-2", 1, "rotate")
    table.groundwork(player, card, (0, 1, 0, 0))
    _finish_with_wild(table, player, card)
    table.step("complete", card)
    table.step(*table.legal()[0])


def test_end_trigger_finishes_the_round(table):
    table.state.players[0].completed = 9  # 2 players: the 10th completion triggers the end
    table.start_turn()
    _complete_one(table, 0)
    assert table.state.end_triggered
    table.finish_turn()
    assert table.frame[:2] == ("main", 1)  # seat 1 still plays its turn
    table.finish_turn()
    assert table.frame == ("score", 0)
    events = table.step("score")
    assert [e.TYPE for e in events] == ["player_scored", "player_scored", "game_ended"]
    assert events[-1].end_reason == "threshold" and table.state.todo == []


def test_end_triggered_by_the_last_seat_ends_at_once(make_table):
    table = make_table(players=4)
    table.state.players[3].completed = 7  # 4 players: 8 completions
    table.turn_of(3)
    _complete_one(table, 3)
    table.finish_turn()
    assert table.frame == ("score", 0)


def test_ties_broken_by_completed_then_largest_panorama_then_shared(make_table):
    table = make_table(players=4)
    players = table.state.players
    for p in players:
        p.track = [4, 4, 4, 4]
    players[0].completed, players[0].largest_panorama = 6, 2
    players[1].completed, players[1].largest_panorama = 6, 3
    players[2].completed, players[2].largest_panorama = 5, 3
    players[3].completed, players[3].largest_panorama = 6, 3
    scored = final_events(table.state)[:4]
    assert {e.score for e in scored} == {16}
    assert [e.rank for e in scored] == [3, 1, 4, 1]
    assert [e.win_share for e in scored] == [0.0, 0.5, 0.0, 0.5]


def test_score_is_track_points_plus_extra_rewards(table):
    p = table.state.players[0]
    p.track = [10, 0, 1, 5]  # points = space number; knocked off = 0
    p.extra_rewards = 6
    scored = final_events(table.state)[0]
    assert (scored.track_points, scored.extra_rewards, scored.score) == (16, 6, 22)


@pytest.mark.parametrize(("players", "threshold"), [(2, 10), (3, 9), (4, 8)])
def test_end_is_triggered_exactly_at_the_threshold(make_table, players, threshold):
    table = make_table(players=players)
    table.state.players[0].completed = threshold - 2
    table.start_turn()
    _complete_one(table, 0)
    assert not table.state.end_triggered  # one short
    table.state.actions_left = 3
    card = table.card("orange-2", 1, "rotate")
    table.groundwork(0, card, (0, 0, 0, 1))
    _finish_with_wild(table, 0, card)
    table.step("complete", card)
    assert table.state.players[0].completed == threshold and table.state.end_triggered
