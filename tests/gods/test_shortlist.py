"""4 Gods' `shortlist` and `strong` (issue 25): what it looks at, what it plays, and what a run records.

Determinism, the budget and the twin-state check (it never reads hidden
facts) are in tests/test_ismcts_games.py, for `shortlist` and `strong`; the estimate it
scores with equals the reference search's in tests/gods/test_quick_estimate.py.
"""

from __future__ import annotations

import random
from typing import Any

from engine.core.agents import make_agent, strong_record
from engine.core.driver import NullSink, play_game
from engine.core.game import InfoSet
from engine.gods.agents.greedy import greedy_value
from engine.gods.agents.shortlist import SHORTLIST_PLAYERS, UNSEARCHED, WORLDS, GodsStrong, _screened
from engine.gods.commands import Discard, Place, Wait
from engine.gods.game import GAME
from tests.gods.helpers import RULESET


def test_strong_is_the_shortlist_at_two_players_and_the_compiled_larger_search_at_three_and_four() -> None:
    strong = make_agent("strong", GAME)
    assert isinstance(strong, GodsStrong) and strong.name == "strong" and strong.searches
    assert strong.plays == f"shortlist:{WORLDS}@2p+ismcts:100" and SHORTLIST_PLAYERS == (2,)
    assert strong.search_agent.compiled is not None  # on the kernel (the same decisions as in Python)
    assert strong_record(["strong", "greedy"], GAME) == {"strong_plays": strong.plays}
    for players, alike in ((2, "shortlist"), (3, "ismcts:100"), (4, "ismcts:100")):
        state, player, legal = _mid_game(players)
        info = InfoSet(GAME, state, player, 0)
        agent = make_agent("strong", GAME)
        chosen = agent.search(GAME, info, legal, random.Random(3))
        assert chosen == make_agent(alike, GAME).search(GAME, info, legal, random.Random(3)), players
        # the sub-agent that searched is the one for this player count (the other never ran)
        searched = (agent.shortlist.decisions_searched, agent.search_agent.decisions_searched)
        assert searched == ((1, 0) if alike == "shortlist" else (0, 1)), (players, searched)


def _mid_game(players: int) -> tuple[Any, int, list[Any]]:
    """A decision with a choice, a dozen decisions into a greedy game."""
    seen: list[tuple[Any, int, list[Any]]] = []

    def keep(state: Any, player: int, legal: Any, command: Any) -> None:
        if len(seen) < 40:
            seen.append((state.copy(), player, list(legal)))

    play_game(GAME, RULESET, [make_agent("greedy", GAME) for _ in range(players)], 5, NullSink(), observer=keep)
    return next(decision for decision in seen[12:] if _searched_by_the_shortlist(decision))


def _searched_by_the_shortlist(decision: tuple[Any, int, list[Any]]) -> bool:
    """Whether the shortlist would search this decision (close commands to look at), not play greedy's own."""
    state, player, legal = decision
    view = GAME.view(state, player)
    return len(legal) > 1 and _screened(legal, [greedy_value(view, c) for c in legal], random.Random(0))[1] is None


def test_the_screen_plays_greedy_where_nothing_comes_close_and_looks_at_close_places() -> None:
    place = [Place(0, -1, tile, 9, 0, 0) for tile in range(4)]
    assert _screened(place, [5.0, 3.9, 3.0, 1.0], random.Random(1)) == ([0], place[0])
    shortlist, unsearched = _screened(place, [3.0, 5.0, 4.5, 4.1], random.Random(1))
    assert unsearched is None and shortlist == [1, 2, 3]  # within MARGIN of the best, greedy's order
    kinds = [Discard(0, 3), Wait(0), Discard(0, 4)]
    assert all(isinstance(c, UNSEARCHED) for c in kinds)
    for seed in range(6):  # every close command of those kinds: greedy's choice, ties at random
        shortlist, chosen = _screened(kinds, [0.1, 0.0, 0.1], random.Random(seed))
        assert shortlist == [0, 2, 1] and chosen in (kinds[0], kinds[2])
    mixed = [Discard(0, 3), Place(0, -1, 1, 9, 0, 0)]
    assert _screened(mixed, [0.1, 0.1], random.Random(1)) == ([0, 1], None)  # a placement among them: looked at
    lead = [Discard(0, 3), Place(0, -1, 1, 9, 0, 0)]
    assert _screened(lead, [2.0, 1.5], random.Random(1)) == ([0, 1], lead[0])  # a discard that leads outright


def test_in_play_it_searches_some_decisions_and_otherwise_plays_a_greedy_best() -> None:
    agent = make_agent("shortlist", GAME)
    seen: list[tuple[Any, list[Any], Any, int]] = []  # (view, legal, command, decisions searched so far)

    def record(state: Any, player: int, legal: Any, command: Any) -> None:
        if player == 0 and len(legal) > 1:  # the observer runs once the agent has chosen
            seen.append((GAME.view(state, 0), list(legal), command, agent.decisions_searched))

    play_game(GAME, RULESET, [agent, make_agent("greedy", GAME)], 7, NullSink(), observer=record)
    greedy_best = []
    for (view, legal, command, searched), before in zip(seen, [0] + [n for *_, n in seen]):
        if searched == before:
            greedy_best.append(greedy_value(view, command) == max(greedy_value(view, c) for c in legal))
    assert agent.decisions_searched > 10 and len(greedy_best) > 10 and all(greedy_best)
