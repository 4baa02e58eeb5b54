"""The greedy evaluation, the agents' choices, and what a player's view hides."""

from __future__ import annotations

import random

from engine.core import ListSink, make_agent, play_game, state_digest
from engine.gods.commands import ClaimGod, Discard, Draw, PlaceProphet, Wait
from engine.gods.game import GAME
from tests.gods.helpers import FOREST_MOUNTAIN, RULESET, F, do, lay, put_prophet, start


def test_greedy_values_a_prophet_only_where_it_would_hold_the_majority() -> None:
    state = start(players=2)
    for x, tile in enumerate(FOREST_MOUNTAIN[:3]):
        state = lay(state, tile, x, 0, face=0)  # a forest region of 3 tiles, player 0 just placed (2, 0)
    state = put_prophet(put_prophet(state, 1, 0, 0), 1, 1, 0)
    state.just_placed[0] = 2  # cell (2, 0)
    assert GAME.greedy_value(GAME.view(state, 0), PlaceProphet(0, 0)) < 0  # 1 vs 2: no majority
    state.prophets = state.prophets[:1]
    assert GAME.greedy_value(GAME.view(state, 0), PlaceProphet(0, 0)) < 0  # 1 vs 1: tied is not leading
    state.prophets = []
    # alone in a 3-tile region: 3 tiles - 1 prophet, minus the value of keeping the prophet
    assert GAME.greedy_value(GAME.view(state, 0), PlaceProphet(0, 0)) == 3 - 1 - 1.5


def test_greedy_claims_a_god_before_drawing() -> None:
    view = GAME.view(start(players=2), 0)
    assert GAME.greedy_value(view, ClaimGod(0, F)) > GAME.greedy_value(view, Draw(0, 2))


def test_greedy_beats_random_with_seats_rotating() -> None:
    wins = 0.0
    for seed in range(6):
        names = ["greedy", "random"] if seed % 2 == 0 else ["random", "greedy"]
        sink = ListSink()
        play_game(GAME, RULESET, [make_agent(n, GAME) for n in names], seed, sink)
        wins += sum(e.win_share for e in sink.events if e.TYPE == "player_scored" and names[e.player] == "greedy")
    assert wins >= 5


def test_the_view_hides_the_bag_order_other_hands_and_what_the_others_plan() -> None:
    state = start(players=3, hands=[[0, 1], [2, 3], [4]])
    state = do(state, Wait(0, at_ms=500))
    state = do(state, Discard(1, 2, at_ms=7000))  # player 1 plans to discard tile 2, done at 7000
    assert GAME.to_move(state) == 2
    clone = GAME.resample_hidden(state, 2, random.Random(3))
    assert GAME.view(clone, 2) == GAME.view(state, 2)
    assert clone.plan[1] != state.plan[1] or clone.ready[1] != state.ready[1]  # the plan in progress is re-dealt
    for other in (0, 1):  # a plausible plan of its own, due after now (0), in a millisecond of its own
        assert clone.plan[other] in GAME.legal_commands(clone, other) and clone.ready[other] > 0
    assert clone.ready[0] != clone.ready[1]
    assert GAME.to_move(clone) == 2  # nothing comes due before the player who is planning
    state = start(players=3, hands=[[0, 1], [2, 3], [4]])
    clone = GAME.resample_hidden(state, 0, random.Random(1))
    assert state_digest(GAME, clone) != state_digest(GAME, state)
    assert GAME.view(clone, 0) == GAME.view(state, 0)
    assert clone.hands[0] == [0, 1] and [len(h) for h in clone.hands] == [2, 2, 1]
    assert sorted(clone.bag[clone.bag_top:] + clone.hands[1] + clone.hands[2]) == sorted(
        state.bag[state.bag_top:] + state.hands[1] + state.hands[2]
    )
    assert GAME.view(state, 1) != GAME.view(state, 0)
