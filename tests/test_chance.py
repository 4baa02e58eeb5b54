"""Chance: seeded draws in simulation, recorded outcomes (checked) in a replayed playtest."""

from __future__ import annotations

import random

import pytest

from engine.core.chance import Chance, ChanceError, Outcome, ScriptedChance


def test_seeded_draws_are_distinct_members_and_reproducible() -> None:
    pool = list(range(20))
    first = Chance(7).draw("card", pool, 5)
    assert first == Chance(7).draw("card", pool, 5)
    assert len(set(first)) == 5 and set(first) <= set(pool)
    assert Chance(7).draw("card", pool)[0] in pool


def test_scripted_draws_follow_the_record_by_kind() -> None:
    chance = ScriptedChance()
    chance.give([Outcome("caprice", "C", ("c",)), Outcome("card", "7", (7,)), Outcome("card", "3", (3,))])
    assert chance.draw("card", [1, 3, 7], 2) == [7, 3]  # kinds are matched, order within a kind kept
    assert chance.draw("caprice", ["a", "c"]) == ["c"]
    assert chance.leftover() == []


def test_identical_cards_take_the_first_copy_still_in_the_pool() -> None:
    chance = ScriptedChance()
    chance.give([Outcome("card", "Mo", (40, 41, 42)), Outcome("card", "Mo", (40, 41, 42))])
    assert chance.draw("card", [41, 42, 5], 2) == [41, 42]


def test_scripted_outcome_that_cannot_come_out_is_refused_by_code() -> None:
    chance = ScriptedChance()
    chance.give([Outcome("card", "K10", (9,))])
    with pytest.raises(ChanceError) as info:
        chance.draw("card", [1, 2])
    assert info.value.code == "impossible_outcome" and "K10" in str(info.value)
    with pytest.raises(ChanceError) as missing:
        chance.draw("card", [1, 2])
    assert missing.value.code == "missing_outcome"


def test_scripted_chance_refuses_unrecorded_random_numbers() -> None:
    chance = ScriptedChance()
    with pytest.raises(ChanceError) as info:
        chance.shuffle([1, 2, 3])
    assert info.value.code == "unrecorded_chance"
    with pytest.raises(ChanceError):
        chance.random()
    assert isinstance(chance, random.Random)
