"""The search agent on the toy game: names, budget, determinism, and that it sees only the player's view."""

from __future__ import annotations

import random
from typing import Any

import pytest

from engine.core import ListSink, UnknownName, make_agent, play_game
from engine.core.game import InfoSet
from engine.core.ismcts import IsmctsAgent, Node
from engine.registry import GAMES, get_game
from tests.toygame import GAME, ToyState

RULESET = GAME.load_ruleset("toy")


def test_names_give_budget_and_rollout_policy() -> None:
    plain = make_agent("ismcts", GAME)
    assert isinstance(plain, IsmctsAgent) and plain.iterations == GAME.search.iterations
    assert plain.policy.name == "random"
    tuned = make_agent("ismcts:40:greedy", GAME)
    assert tuned.iterations == 40 and tuned.policy.name == "greedy" and tuned.name == "ismcts:40:greedy"
    assert make_agent("ismcts:7", GAME).iterations == 7


@pytest.mark.parametrize(
    ("name", "message"),
    [("ismcts:0", "whole number"), ("ismcts:x", "whole number"), ("ismcts:5:ismcts", "plain agent"),
     ("ismcts:5:nope", "no agent 'nope'"), ("ismcts:1:random:3", "write ismcts"), ("ismctsx", "no agent")],
)
def test_bad_names_are_user_errors(name: str, message: str) -> None:
    with pytest.raises(UnknownName, match=message):
        make_agent(name, GAME)


def test_a_game_without_a_search_profile_is_refused() -> None:
    with pytest.raises(UnknownName, match="search profile"):
        make_agent("ismcts")


def test_every_registered_game_offers_ismcts() -> None:
    for game_id in GAMES:
        assert make_agent("ismcts:3", get_game(game_id)).iterations == 3


def _play(names: list[str], seed: int) -> list[Any]:
    sink = ListSink()
    play_game(GAME, RULESET, [make_agent(n, GAME) for n in names], seed, sink)
    return sink.events


def test_same_seed_same_game() -> None:
    for seed in range(5):
        assert _play(["ismcts:30", "ismcts:30:greedy"], seed) == _play(["ismcts:30", "ismcts:30:greedy"], seed)


class CountingGame:
    """The toy game, counting determinisations (each iteration samples exactly one)."""

    def __init__(self) -> None:
        self.samples = 0

    def __getattr__(self, name: str) -> Any:
        return getattr(GAME, name)

    def resample_hidden(self, state: ToyState, player: int, rng: random.Random) -> ToyState:
        self.samples += 1
        return GAME.resample_hidden(state, player, rng)


def test_budget_is_obeyed_per_decision() -> None:
    counting = CountingGame()
    decisions: list[tuple[int, int, int]] = []  # (player, legal commands, determinisations used)

    def observe(state: Any, player: int, legal: Any, command: Any) -> None:
        decisions.append((player, len(legal), counting.samples))
        counting.samples = 0

    for seed in range(6):
        play_game(counting, RULESET, [make_agent("ismcts:25", GAME), make_agent("random", GAME)],  # type: ignore[arg-type]
                  seed, ListSink(), observer=observe)
    searched = [(player, used) for player, _, used in decisions if player == 0]
    assert searched and all(used <= 25 for _, used in searched)
    # a decision right after another player's is searched from a fresh root: exactly the budget
    fresh = [used for (player, _, used), previous in zip(decisions[1:], decisions) if player == 0 and previous[0] == 1]
    assert fresh and all(used == 25 for used in fresh)
    assert all(used == 0 for player, _, used in decisions if player == 1)


def _midgame(seed: int) -> ToyState:
    state = GAME.initial_state(RULESET, 3, seed)
    rng = random.Random(seed)
    for event in GAME.setup(state, rng):
        GAME.evolve(state, event)
    for command in ("draw", "draw"):
        for event in GAME.decide(state, command, rng):
            GAME.evolve(state, event)
    return state


def _hidden_swapped(state: ToyState, player: int) -> ToyState:
    """The same state with an opponent's card and the deck's top card swapped: only hidden facts differ."""
    other = ToyState(list(state.deck), [list(h) for h in state.hands], list(state.stopped), state.limit,
                     state.current, state.round, state.turn, state.clock_ms)
    opponent = next(p for p in range(len(other.hands)) if p != player and other.hands[p])
    other.hands[opponent][0], other.deck[0] = other.deck[0], other.hands[opponent][0]
    return other


def test_decisions_depend_on_the_view_only() -> None:
    differing = 0
    for seed in range(12):
        state = _midgame(seed)
        player = state.current
        twin = _hidden_swapped(state, player)
        assert GAME.view(twin, player) == GAME.view(state, player)
        differing += twin.hands != state.hands
        trees = [_tree(world, player, seed) for world in (state, twin)]
        assert trees[0] == trees[1]
    assert differing == 12


def _tree(state: ToyState, player: int, seed: int) -> list[Any]:
    """The search tree's statistics, two levels deep, after a search from `state` with a fixed seed."""
    root = make_agent("ismcts:60", GAME).grow(GAME, InfoSet(GAME, state, player, 4), Node(player), random.Random(seed))
    return [(command, child.visits, child.total, sorted((c, n.visits, n.total) for c, n in child.children.items()))
            for command, child in root.children.items()]


def test_search_beats_random_at_push_your_luck() -> None:
    wins = 0.0
    for seed in range(60):
        names = ["ismcts:60", "random"] if seed % 2 == 0 else ["random", "ismcts:60"]
        events = _play(names, seed)
        final = events[-1]
        assert final.TYPE == "game_sealed"
        scores = GAME.scores(_final_state(events))
        me = names.index("ismcts:60")
        wins += 1.0 if scores[me] > scores[1 - me] else 0.5 if scores[me] == scores[1 - me] else 0.0
    assert wins / 60 > 0.6, f"ismcts won only {wins} of 60 against random"


def _final_state(events: list[Any]) -> ToyState:
    from engine.core import fold

    return fold(GAME, RULESET, events[:-1])  # type: ignore[no-any-return]


def test_every_searchable_game_names_a_strong_agent_and_the_reference() -> None:
    """`ismcts-ref` searches in every game; `strong` is whatever each game's strong agent is (Caprices': a policy
    distilled from the search, which does not search at play time), under its own name."""
    for game_id in GAMES:
        game = get_game(game_id)
        for name in ("strong", "ismcts-ref"):
            agent = make_agent(name, game)
            assert agent.name == name and (agent.searches or name == "strong"), f"{game_id}: {name}"
        assert make_agent("strong", game).searches == (game_id != "caprices"), game_id  # a Joust keeps the search


def test_stopping_early_makes_the_same_decision_with_fewer_iterations() -> None:
    saved = 0
    for seed in range(12):
        state = _midgame(seed)
        player = state.current
        info = InfoSet(GAME, state, player, 4)
        legal = GAME.legal_commands(state, player)
        full = make_agent("ismcts:200", GAME)
        early = IsmctsAgent("early", 200, full.policy, full.tactical, full.profile, stop_early=True)
        assert early.search(GAME, info, legal, random.Random(seed)) == full.search(GAME, info, legal,
                                                                                  random.Random(seed))
        assert full.iterations_run == 200 and early.iterations_run <= 200
        saved += 200 - early.iterations_run
    assert saved > 0, "the search never stopped early: the check proved nothing"


def test_a_decisive_greedy_lead_is_played_without_searching() -> None:
    # the toy game's greedy values are 1 for the command it likes and 0 for the other: a lead of exactly 1
    for seed in range(6):
        state = _midgame(seed)
        player = state.current
        info = InfoSet(GAME, state, player, 4)
        legal = GAME.legal_commands(state, player)
        liked = max(legal, key=lambda command: GAME.greedy_value(info.view(), command))
        base = make_agent("ismcts:50", GAME)
        decisive = IsmctsAgent("m", 50, base.policy, base.tactical, base.profile, decisive_margin=1.0)
        assert decisive.search(GAME, info, legal, random.Random(seed)) == liked
        assert decisive.iterations_run == 0
        close = IsmctsAgent("m", 50, base.policy, base.tactical, base.profile, decisive_margin=1.5)
        close.search(GAME, info, legal, random.Random(seed))
        assert close.iterations_run == 50
