"""`lookahead` (one ply on the turn's outcome): what it picks, and on each real game: same seed, same game; one
determinisation per candidate command; a decision depends on the player's view only."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine.core import ListSink, make_agent, play_game
from engine.core.errors import UnknownName
from engine.core.game import InfoSet
from engine.core.lookahead import LookaheadAgent
from engine.registry import get_game
from tests.test_ismcts_games import CountingGame, same_choice_on_a_twin
from tests.toygame import GAME, ToyState

GAMES = ["caprices", "gardens", "gods"]


def test_it_takes_the_command_with_the_larger_lead() -> None:
    """Toy game (limit 10). The look re-deals the deck and the opponent's hand from their pooled cards, so each
    case makes every re-deal agree: holding 2 against 1 with only 1s left, a draw leads by 2 and stopping by 1
    (draw); holding 9 with only 3s and a 5 left, any draw busts (stop)."""
    agent = make_agent("lookahead", GAME)
    for hand, other, deck, best in (([2], [1], [1, 1, 1], "draw"), ([9], [5], [3, 3, 3], "stop")):
        state = ToyState(deck=deck, hands=[hand, other], stopped=[False, False], limit=10)
        for seed in range(5):
            assert agent.search(GAME, InfoSet(GAME, state, 0, 0), ["draw", "stop"], random.Random(seed)) == best


def test_it_needs_a_game_with_a_search_profile_and_an_information_set() -> None:
    with pytest.raises(UnknownName, match="search profile"):
        make_agent("lookahead")
    with pytest.raises(TypeError, match="InfoSet"):
        make_agent("lookahead", GAME).choose(GAME, None, ["draw", "stop"], random.Random(1))


def _play(game: Any, names: list[str], seed: int, observer: Any = None) -> list[Any]:
    sink = ListSink()
    real = get_game(game.id)
    play_game(game, real.load_ruleset(real.default_ruleset), [make_agent(n, real) for n in names], seed, sink,
              observer=observer)
    return sink.events


@pytest.mark.parametrize(("game_id", "agent"), [*((g, "lookahead") for g in GAMES), ("gardens", "strong")])
def test_deterministic_one_world_per_candidate_and_view_only(game_id: str, agent: str) -> None:
    """Issue 25, item 5 (also for Four Gardens' `strong`, which is `lookahead`): same seed, same game; at most
    one determinisation per legal command of a decision (its budget); the true state and a re-dealt twin (same
    view, other hidden facts) give the same decision."""
    game = get_game(game_id)
    counting = CountingGame(game)
    used: list[tuple[int, int, int]] = []  # (player, legal commands, determinisations drawn)
    checked: list[bool] = []

    def observe(state: Any, player: int, legal: Any, command: Any) -> None:
        used.append((player, len(legal), counting.samples))
        counting.samples = 0
        if player == 1 and len(legal) > 1 and len(checked) < 2 and len(used) % 5 == 0:
            checked.append(same_choice_on_a_twin(game, agent, state, player, legal))
            counting.samples = 0

    events = _play(counting, ["greedy", agent], 6, observe)
    assert events == _play(game, ["greedy", agent], 6)
    looked = [(legal, drawn) for player, legal, drawn in used if player == 1]
    assert all(drawn <= legal for legal, drawn in looked)
    assert any(drawn > 1 for _legal, drawn in looked)  # it did look, at several commands
    assert checked and any(checked)


def test_its_counters_say_what_it_looked_at() -> None:
    game = get_game("caprices")
    agent = make_agent("lookahead", game)
    assert isinstance(agent, LookaheadAgent)
    play_game(game, game.load_ruleset(game.default_ruleset), [agent, make_agent("greedy", game)], 3, ListSink())
    assert agent.decisions_searched > 0 and agent.iterations_run >= 2 * agent.decisions_searched


def test_four_gardens_strong_is_lookahead_under_its_own_name() -> None:
    agent = make_agent("strong", get_game("gardens"))
    assert isinstance(agent, LookaheadAgent) and agent.name == "strong"
    assert not isinstance(make_agent("strong", get_game("caprices")), LookaheadAgent)
