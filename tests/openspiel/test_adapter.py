"""Our games through OpenSpiel: its own checks, the same log as the driver, its IS-MCTS as an agent."""

from __future__ import annotations

import pickle
import random
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any, TypeVar

import duckdb
import pytest

pyspiel = pytest.importorskip("pyspiel", reason="open-spiel is not installed (the openspiel extra)")

from engine.core import Chance, ListSink, make_agent, play_game, replay  # noqa: E402
from engine.core.driver import apply_command, begin, seal, state_digest  # noqa: E402
from engine.core.events import GameStarted  # noqa: E402
from engine.openspiel.game import register  # noqa: E402
from engine.registry import get_game  # noqa: E402

T = TypeVar("T")
GAMES = [("caprices", "standard", 2), ("caprices", "standard", 5), ("gardens", "base", 2),
         ("gardens", "gods-caprice", 2), ("gods", "standard", 2), ("gods", "standard", 3)]


def load(game_id: str, ruleset: str, players: int, **params: Any) -> Any:
    register()
    return pyspiel.load_game(f"balance_{game_id}", {"players": players, "ruleset": ruleset, **params})


@pytest.mark.parametrize(("game_id", "ruleset", "players"), GAMES)
def test_openspiel_random_sim_test_passes(game_id: str, ruleset: str, players: int) -> None:
    """pyspiel.random_sim_test: legal actions, chance outcomes, clones, returns in bounds, serialization."""
    pyspiel.random_sim_test(load(game_id, ruleset, players), num_sims=1, serialize=True, verbose=False)


@pytest.mark.parametrize(("game_id", "ruleset", "players"), [g for g in GAMES if g[2] == 2 or g[0] == "gardens"])
def test_openspiel_games_sim_test_checks_pass(game_id: str, ruleset: str, players: int) -> None:
    """The checks of OpenSpiel's games_sim_test (clone, pyspiel and pickle serialization, terminal returns)."""
    from open_spiel.python.tests import games_sim_test
    games_sim_test.GamesSimTest().sim_game(load(game_id, ruleset, players))


class RecordingChance(Chance):
    """The driver's chance, remembering each item drawn as its place in the pool left (the adapter's outcome)."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.outcomes: list[int] = []

    def draw(self, what: str, pool: Sequence[T], count: int = 1, owner: int | None = None) -> list[T]:
        items, left = super().draw(what, pool, count, owner), list(pool)
        for item in items:
            self.outcomes.append(left.index(item))
            left.remove(item)
        return items


def play_directly(game_id: str, ruleset: str, players: int, seed: int) -> tuple[list, list, list[int], list[int]]:
    """A game of random choices by the driver's own steps: its events, the commands, the draws and think times."""
    game = get_game(game_id)
    rules = game.load_ruleset(ruleset)
    chance, rng, sink = RecordingChance(seed), random.Random(seed), ListSink()
    start = GameStarted(seed, players, rules.name, rules.digest, ("random",) * players)
    state, seq = begin(game, rules, start, chance, sink)
    commands: list[Any] = []
    while (player := game.to_move(state)) is not None:
        commands.append(rng.choice(list(game.legal_commands(state, player))))
        state, seq = apply_command(game, state, commands[-1], chance, sink, 0, seq)
    seal(game, state, sink, 0, seq)
    thinks = [e.think_ms // state.config.think_resolution_ms for e in sink.events if e.TYPE == "action_planned"]
    return sink.events, commands, chance.outcomes, thinks


@pytest.mark.parametrize(("game_id", "ruleset", "players"), [g for g in GAMES if g[2] <= 3])
def test_playing_through_openspiel_gives_the_same_events_and_digest(game_id: str, ruleset: str, players: int) -> None:
    """Same seed, same choices, same chance outcomes: the adapter's log is the driver's, seal and digest included."""
    played_alike(game_id, ruleset, players, seed=11)


def test_a_4_gods_table_going_idle_ends_alike_through_openspiel(tmp_path: Path) -> None:
    """The idle end (here after 6 s without a tile moving) reached through the adapter as through the driver."""
    standard = get_game("gods").load_ruleset("standard")
    idle = tmp_path / "idle.toml"
    idle.write_text(standard.text.replace("idle_ms = { value = 300000", "idle_ms = { value = 6000"), encoding="utf-8")
    assert played_alike("gods", str(idle), 2, seed=1)[-2].end_reason == "idle"


def played_alike(game_id: str, ruleset: str, players: int, seed: int) -> list[Any]:
    """Play a random game directly and through the adapter with the same choices and outcomes; the two logs must
    be equal and replay to the sealed digest. Returns the log."""
    events, commands, draws, thinks = play_directly(game_id, ruleset, players, seed)
    agents = ",".join(["random"] * players)
    game = load(game_id, ruleset, players, seed=seed, agents=agents)
    state = game.new_initial_state()
    draws_left, thinks_left, commands_left = iter(draws), iter(thinks), iter(commands)
    spec, codec = game.spec, game.codec
    while not state.is_terminal():
        if state.is_chance_node():
            think = state.action_to_string(pyspiel.PlayerId.CHANCE, state.chance_outcomes()[0][0]).startswith("think")
            state.apply_action(next(thinks_left) - 1 if think else next(draws_left))
        else:
            state.apply_action(codec.encode(*spec.fields(next(commands_left))))
    assert next(commands_left, None) is None and next(draws_left, None) is None and next(thinks_left, None) is None
    assert len(state.history()) <= game.max_game_length()
    assert state.events() == events
    engine = get_game(game_id)
    final = replay(engine, engine.load_ruleset(ruleset), state.events())
    assert state_digest(engine, final) == events[-1].digest
    return events


def test_returns_are_win_shares_or_scores() -> None:
    for returns in ("win_share", "score"):
        game = load("caprices", "standard", 3, returns=returns)
        state = game.new_initial_state()
        rng = random.Random(3)
        while not state.is_terminal():
            actions = [a for a, _ in state.chance_outcomes()] if state.is_chance_node() else state.legal_actions()
            state.apply_action(rng.choice(actions))
        scores = get_game("caprices").scores(state.engine_state())
        if returns == "score":
            assert state.returns() == scores
        else:
            best = max(scores)
            assert state.returns() == [1.0 / scores.count(best) if s == best else 0.0 for s in scores]


def test_resample_keeps_the_information_state_and_re_deals_the_rest() -> None:
    game = load("caprices", "standard", 2)
    state = game.new_initial_state()
    rng = random.Random(5)
    while state.is_chance_node() or len(state.history()) < 40:
        actions = [a for a, _ in state.chance_outcomes()] if state.is_chance_node() else state.legal_actions()
        state.apply_action(rng.choice(actions))
    player = state.current_player()
    samples = [state.resample_from_infostate(player, pyspiel.UniformProbabilitySampler(0.0, 1.0)) for _ in range(8)]
    assert {s.information_state_string(player) for s in samples} == {state.information_state_string(player)}
    other = 1 - player
    assert len({s.engine_state().hands[other].__repr__() for s in samples}) > 1, "the opponent's hand is re-dealt"


def test_os_ismcts_plays_a_game_the_driver_logs_and_replays() -> None:
    for game_id in ("caprices", "gods", "gardens"):
        game = get_game(game_id)
        rules = game.load_ruleset(game.default_ruleset)
        sink = ListSink()
        budget = "os-ismcts:2" if game_id != "caprices" else "os-ismcts:8"
        agents = [make_agent(budget, game), make_agent("random", game)]
        if game_id != "caprices":  # 4 Gods and Four Gardens are long: one decision each is enough to see it search
            agents = [_FirstDecisions(agents[0], make_agent("random", game)), agents[1]]
        play_game(game, rules, agents, 2, sink)
        replay(game, rules, sink.events)
        assert sink.events[0].agents[0] == budget


class _FirstDecisions:
    """The OpenSpiel agent for the first three decisions, then a random one (keeps a long game fast)."""

    def __init__(self, searcher: Any, rest: Any) -> None:
        self.searcher, self.rest, self.left = searcher, rest, 3
        self.name, self.searches, self.reads_view = searcher.name, True, True

    def search(self, game: Any, info: Any, legal: Sequence[Any], rng: random.Random) -> Any:
        self.left -= 1
        if self.left >= 0:
            return self.searcher.search(game, info, legal, rng)
        return self.rest.choose(game, None, legal, rng)


def test_os_ismcts_games_go_to_the_lake_like_any_other(tmp_path: Path) -> None:
    lake = tmp_path / "lake"
    base = [sys.executable, "-m", "balance.cli"]
    subprocess.run([*base, "simulate", "--game", "caprices", "--games", "2", "--players", "2", "--agents",
                    "os-ismcts:3,greedy", "--lake", str(lake), "--seed", "4", "--workers", "1"],
                   check=True, capture_output=True, text=True)
    verified = subprocess.run([*base, "verify", "--lake", str(lake)], check=True, capture_output=True, text=True)
    assert "2 game(s)" in verified.stdout and "every game replays to its sealed digest" in verified.stdout
    started = duckdb.sql(f"select agents from read_parquet('{lake}/events/**/*.parquet', union_by_name=true) "
                         "where event_type = 'game_started' order by game_id").fetchall()
    assert [row[0] for row in started] == [["os-ismcts:3", "greedy"], ["greedy", "os-ismcts:3"]]


def test_a_command_waiting_for_its_chance_is_known_to_its_player_only() -> None:
    game = load("caprices", "standard", 2)
    state = game.new_initial_state()
    rng = random.Random(2)
    while True:
        if state.is_chance_node():
            state.apply_action(rng.choice([a for a, _ in state.chance_outcomes()]))
            continue
        player = state.current_player()
        draw_deck = [a for a in state.legal_actions() if state.action_to_string(player, a) == "draw_deck"]
        if draw_deck:
            state.apply_action(draw_deck[0])
            break
        state.apply_action(rng.choice(state.legal_actions()))
    assert state.is_chance_node()
    assert "draw_deck" in state.information_state_string(player)
    assert state.information_state_string(1 - player).endswith("pending None")
    assert pickle.loads(pickle.dumps(state)).information_state_string(player) == state.information_state_string(player)
