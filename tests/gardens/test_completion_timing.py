"""When a matched groundwork is completed, and how completions that meet are resolved (seed 002).

The seed: "If you have resources on an Active Groundwork card which match the
ones asked for in its lower box, it is now completed" and "If multiple
Groundworks are completed at the same time, pick one to fully resolve before
resolving another"; Take Wilds gives "bonus Take Wild actions you can
immediately take and resolve at that point". What the seed leaves open is in
the ruleset: `groundwork.completion_check` (on_match | end_of_action) and
`groundwork.matched_while_resolving` (at_once | after_current).
"""

from __future__ import annotations

import pytest

from engine.core.errors import IllegalCommand
from engine.gardens.state import STORAGE

PLANTS, STONE, WATER, WOOD = range(4)
SUN, MOON, RAIN, WIND = range(4)


def _resolve_advances(table):
    while table.frame[0] == "advance":
        table.step(*table.legal()[0])


class _Garden:
    """Player 0 with red-2 #1 done, and three groundworks each one resource short:
    A = red-2 #2 (water 2 + wood 1; finishes the red 2-part panorama), B = orange-2 #1 (water 1 + wood 1),
    C = yellow-2 #1 (wood 1 + plants 1)."""

    def __init__(self, table):
        self.table = table
        first = table.card("red-2", 1, "rotate")
        self.a = table.card("red-2", 2, "rotate")
        self.b = table.card("orange-2", 1, "rotate")
        self.c = table.card("yellow-2", 1, "rotate")
        p = table.state.players[0]
        p.panoramas.append(["red-2", 2, [first]])
        p.completed = 1
        table.start_turn()
        table.groundwork(0, self.a, (0, 0, 2, 0))
        table.groundwork(0, self.b, (0, 0, 1, 0))
        table.groundwork(0, self.c, (0, 0, 0, 1))

    def reallocate(self):
        handcart = self.table.card("orange-3", 2, "none")
        self.table.give(0, handcart)
        self.table.step("reallocate", handcart)


def _match_a_and_b_in_one_reallocation(table):
    """end_of_action: two wood moved in one Reallocate match A and B at the same time."""
    table.use(completion_check="end_of_action")
    garden = _Garden(table)
    table.state.players[0].storage = [0, 0, 0, 2]
    garden.reallocate()
    table.step("move", STORAGE, garden.a, WOOD)
    table.step("move", STORAGE, garden.b, WOOD)  # nothing left to move: the Reallocate ends
    assert sorted(table.legal()) == sorted([("complete", garden.a), ("complete", garden.b)])
    return garden


@pytest.mark.parametrize("order", ["at_once", "after_current"])
def test_a_groundwork_completed_at_the_same_time_waits_until_the_first_is_fully_resolved(table, order):
    """Item 6: B, matched together with A, is not resolved in the middle of A's Take Wilds."""
    table.use(matched_while_resolving=order)
    garden = _match_a_and_b_in_one_reallocation(table)
    table.step("complete", garden.a)
    _resolve_advances(table)  # A's sun, then red-2 #1's wind (the set's earlier card)
    table.step("panorama")
    table.step("bonus", "take_wilds")  # highest value: 3 immediate wild actions
    for _ in range(3):
        assert table.frame == ("wild", 0, "take_wilds")  # B is never offered among A's wilds
        table.step("place", STONE, STORAGE)
    assert table.legal() == [("complete", garden.b)]  # A fully resolved: now B
    table.step("complete", garden.b)
    _resolve_advances(table)
    p = table.state.players[0]
    assert table.frame[0] == "main" and p.completed == 3 and p.track == [5, 3, 3, 4]


@pytest.mark.parametrize(("order", "nested"), [("at_once", True), ("after_current", False)])
def test_a_groundwork_matched_by_the_first_ones_take_wilds(table, order, nested):
    """C is matched by A's second wild: it was not completed at the same time as A, so 'it is now
    completed' resolves it at once (at_once); after_current makes it wait for A's last wild. B, which
    was matched together with A, waits for A in both readings."""
    table.use(matched_while_resolving=order)
    garden = _match_a_and_b_in_one_reallocation(table)
    table.step("complete", garden.a)
    _resolve_advances(table)
    table.step("panorama")
    table.step("bonus", "take_wilds")
    table.step("place", STONE, STORAGE)
    table.step("place", PLANTS, garden.c)  # C now matches
    if nested:
        assert table.legal() == [("complete", garden.c)]
        table.step("complete", garden.c)
        _resolve_advances(table)
        assert table.frame == ("wild", 0, "take_wilds")  # then A's third wild
        table.step("place", STONE, STORAGE)
        assert table.legal() == [("complete", garden.b)]
    else:
        assert table.frame == ("wild", 0, "take_wilds")  # A's third wild first
        table.step("place", STONE, STORAGE)
        assert sorted(table.legal()) == sorted([("complete", garden.b), ("complete", garden.c)])
        table.step("complete", garden.c)
        _resolve_advances(table)
        assert table.legal() == [("complete", garden.b)]
    table.step("complete", garden.b)
    _resolve_advances(table)
    assert table.frame[0] == "main" and table.state.players[0].completed == 4


def test_a_matched_groundwork_completes_at_once_and_cannot_hand_its_resources_on(table):
    """Item 7, the seed's literal words (default on_match): the move that matches A completes it."""
    garden = _Garden(table)
    p = table.state.players[0]
    p.groundworks[garden.b] = [0, 0, 0, 1]  # B lacks a water
    p.storage = [1, 0, 0, 1]
    garden.reallocate()
    events = table.step("move", STORAGE, garden.a, WOOD)
    assert [e.TYPE for e in events] == ["resource_moved"]
    assert table.legal() == [("complete", garden.a)]  # nothing else may happen first
    table.step("complete", garden.a)
    assert garden.a not in p.groundworks  # flipped: its resources are back in the supply
    _resolve_advances(table)
    table.step("panorama")
    table.step("bonus", "extra_rewards")
    assert table.frame[0] == "realloc"  # the reallocation goes on
    assert not any(move[1:2] == (garden.a,) for move in table.legal())
    with pytest.raises(IllegalCommand):
        table.step("move", garden.a, garden.b, WATER)
    table.step("done")
    assert p.completed == 2 and table.frame[0] == "main"


def test_as_one_act_a_matched_groundwork_may_hand_its_resources_on(table):
    """The other reading (end_of_action): only what matches when the Reallocate ends completes."""
    table.use(completion_check="end_of_action")
    garden = _Garden(table)
    p = table.state.players[0]
    p.groundworks[garden.b] = [0, 0, 0, 1]  # B lacks a water
    p.storage = [0, 0, 0, 1]
    garden.reallocate()
    table.step("move", STORAGE, garden.a, WOOD)  # A matches ...
    assert table.frame[0] == "realloc"
    table.step("move", garden.a, garden.b, WATER)  # ... and hands a water on to B
    table.step("done")  # (B could still hand it back: stopping here is a choice)
    assert table.legal() == [("complete", garden.b)]  # A never completes
    table.step("complete", garden.b)
    _resolve_advances(table)
    assert p.groundworks[garden.a] == [0, 0, 1, 1] and p.completed == 2


@pytest.mark.parametrize("check", ["on_match", "end_of_action"])
def test_a_wild_that_matches_a_groundwork_completes_it_under_both_checks(table, check):
    table.use(completion_check=check)
    card = table.card("red-2", 1, "rotate")  # stone 1, water 1
    table.start_turn()
    table.groundwork(0, card, (0, 1, 0, 0))
    wild = table.card("white-3", 1, "wild")
    table.give(0, wild)
    table.step("wild", wild)
    table.step("place", WATER, card)
    assert table.legal() == [("complete", card)]
