"""`lookahead` (one ply on the turn's outcome): what it picks, and on each real game: same seed, same game; one
determinisation per candidate command; a decision depends on the player's view only."""

from __future__ import annotations

import math
import random
from typing import Any

import pytest

from engine.core import ListSink, make_agent, play_game
from engine.core.errors import UnknownName
from engine.core.game import InfoSet
from engine.core.kernel import switch
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
def test_deterministic_one_world_per_candidate_and_view_only(game_id: str, agent: str, monkeypatch: Any) -> None:
    """Issue 25, item 5 (also for Four Gardens' `strong`, which is `lookahead`): same seed, same game; at most
    one determinisation per legal command of a decision (its budget); the true state and a re-dealt twin (same
    view, other hidden facts) give the same decision. (The Python search, whose determinisations can be counted:
    Four Gardens' compiled one decides alike and is held to the twin test in tests/gardens/test_kernel.py.)"""
    monkeypatch.setenv(switch.SWITCH, "off")
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
    screen = make_agent(agent, game).screen
    looked = [(legal, drawn) for player, legal, drawn in used if player == 1]
    assert all(drawn <= (legal if screen is None else max(2, math.ceil(screen * legal))) for legal, drawn in looked)
    assert any(drawn > 1 for _legal, drawn in looked)  # it did look, at several commands
    assert checked and any(checked)


def test_a_screened_look_plays_only_greedys_best_share() -> None:
    """`lookahead:0.5` (Four Gardens' `strong`) looks only at the best half of the commands by greedy's value:
    every command it plays at a decision with four or more is one greedy ranks in that half."""
    game = get_game("gardens")
    agent = make_agent("lookahead:0.5", game)
    ranks: list[tuple[int, int]] = []  # (commands greedy ranks above the one played, legal commands)

    def observe(state: Any, player: int, legal: Any, command: Any) -> None:
        view = game.view(state, player)
        if player == 0 and len(legal) >= 4 and game.search.strategic(view):
            value = game.greedy_value(view, command)
            ranks.append((sum(game.greedy_value(view, c) > value for c in legal), len(legal)))

    play_game(game, game.load_ruleset("base"), [agent, make_agent("greedy", game)], 4, ListSink(), observer=observe)
    assert len(ranks) > 10 and any(above > 0 for above, _n in ranks)  # it does overrule greedy's first choice
    assert all(above < math.ceil(n / 2) for above, n in ranks)


@pytest.mark.parametrize("name", ["lookahead:0", "lookahead:1", "lookahead:half", "lookahead:"])
def test_a_share_outside_zero_and_one_is_refused_by_name(name: str) -> None:
    with pytest.raises(UnknownName, match="SHARE.*between 0 and 1"):
        make_agent(name, get_game("gardens"))


def test_its_counters_say_what_it_looked_at() -> None:
    game = get_game("caprices")
    agent = make_agent("lookahead", game)
    assert isinstance(agent, LookaheadAgent)
    play_game(game, game.load_ruleset(game.default_ruleset), [agent, make_agent("greedy", game)], 3, ListSink())
    assert agent.decisions_searched > 0 and agent.iterations_run >= 2 * agent.decisions_searched


def test_four_gardens_strong_is_the_screened_lookahead_under_its_own_name() -> None:
    agent = make_agent("strong", get_game("gardens"))
    assert isinstance(agent, LookaheadAgent) and agent.name == "strong" and agent.screen == 0.5
    assert not isinstance(make_agent("strong", get_game("caprices")), LookaheadAgent)
