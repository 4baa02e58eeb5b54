"""The adapter's plain-Python half: the action encodings, explicit chance, and a missing open-spiel.

These run whether or not open-spiel is installed.
"""

from __future__ import annotations

import math
import random
import subprocess
import sys

import pytest

from engine.core import NullSink, make_agent, play_game
from engine.core.errors import UnknownName
from engine.gods.clock import sample_think
from engine.openspiel.chance import ThinkLaw
from engine.openspiel.codec import Codec, EncodingError, Kind
from engine.openspiel.spec import get_spec
from engine.registry import get_game

GAMES = [("caprices", "standard"), ("gardens", "base"), ("gardens", "gods-caprice"), ("gods", "standard")]


def test_codec_numbers_kinds_in_blocks_and_fields_as_digits() -> None:
    codec = Codec("toy", (Kind("a", ((0, 3),)), Kind("b", ((-1, 2), (0, 4))), Kind("c")))
    assert codec.size == 3 + 8 + 1
    assert [codec.encode("a", (v,)) for v in range(3)] == [0, 1, 2]
    assert codec.encode("b", (-1, 0)) == 3 and codec.encode("b", (-1, 3)) == 6 and codec.encode("b", (0, 0)) == 7
    assert codec.encode("c", ()) == 11
    assert all(codec.encode(*codec.decode(action)) == action for action in range(codec.size))
    with pytest.raises(EncodingError, match="outside"):
        codec.encode("a", (3,))
    with pytest.raises(EncodingError, match="not in the action encoding"):
        codec.encode("d", ())


def test_caprices_encoding_is_the_documented_one() -> None:
    """docs/openspiel.md: recruit c = c, rally c = D + c, ..., bourgeoise a b = 5D + aD + b, then the three plain."""
    from engine.caprices.commands import Command
    from engine.caprices.rules import DECK_SIZE as D
    spec = get_spec("caprices")
    game = get_game("caprices")
    state = game.initial_state(game.load_ruleset("standard"), 2, 0)
    codec = spec.codec(state)
    encode = lambda command: codec.encode(*spec.fields(command))  # noqa: E731
    assert encode(Command(0, "recruit", (7,))) == 7
    assert encode(Command(1, "rally", (7,))) == D + 7
    assert encode(Command(0, "take", (0,))) == 4 * D
    assert encode(Command(0, "bourgeoise", (3, 9))) == 5 * D + 3 * D + 9
    assert encode(Command(0, "pass")) == codec.size - 1 == 5 * D + D * D + 2


@pytest.mark.parametrize(("game_id", "ruleset"), GAMES)
def test_every_legal_command_has_its_own_action(game_id: str, ruleset: str) -> None:
    """Random games: each decision's legal commands encode to distinct ids within the declared range."""
    game, spec = get_game(game_id), get_spec(game_id)
    rules = game.load_ruleset(ruleset)
    checked = 0

    def check(state: object, player: int, legal: list, command: object) -> None:
        nonlocal checked
        codec = spec.codec(state)
        actions = [codec.encode(*spec.fields(c)) for c in legal]
        assert len(set(actions)) == len(actions), f"{game_id}: two legal commands share an action id"
        assert all(0 <= a < codec.size for a in actions)
        checked += 1

    for players in (2, max(game.facts.player_counts)):
        play_game(game, rules, [make_agent("random", game)] * players, players, NullSink(), observer=check)
    assert checked > 50


def test_think_time_outcomes_are_the_clock_law_rounded_to_steps() -> None:
    """Outcome k is the draw `sample_think` turns into k + 1 steps; the probabilities add up to 1."""
    game = get_game("gods")
    state = game.initial_state(game.load_ruleset("standard"), 2, 0)
    timing = state.config.timing["default"]
    law = ThinkLaw(timing.mu(state.config.think_ms["place"]), timing.sigma, state.config.think_resolution_ms)
    outcomes = law.outcomes()
    assert math.isclose(sum(p for _, p in outcomes), 1.0, abs_tol=1e-12)
    for k in (0, 5, 59, law.last_step() - 1):
        draw = law.normal_draw(k)
        rng = random.Random()
        rng.gauss = lambda mu=0.0, sigma=1.0, z=draw: z  # type: ignore[method-assign]
        assert sample_think(state, 0, "place", rng) == (k + 1) * law.step_ms
    # the law's mean is the ruleset's mean think time (6 s to place a tile) to within a step
    mean = sum((k + 1) * law.step_ms * p for k, p in outcomes)
    assert abs(mean - state.config.think_ms["place"]) < law.step_ms


def test_the_package_imports_without_pyspiel_and_os_ismcts_names_the_extra() -> None:
    """With pyspiel made unimportable, everything but game.py / agent.py imports, and the agent says why not."""
    code = """
import sys
sys.modules['pyspiel'] = None
import engine.openspiel, engine.openspiel.codec, engine.openspiel.chance, engine.openspiel.spec
import engine.openspiel.caprices, engine.openspiel.gardens, engine.openspiel.gods
from engine.core import make_agent
from engine.core.errors import UnknownName
from engine.registry import get_game
try:
    make_agent('os-ismcts:10', get_game('caprices'))
except UnknownName as exc:
    print(exc)
assert 'pyspiel' not in [m for m in sys.modules if sys.modules[m] is not None]
"""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert "needs the 'openspiel' extra" in out and "pip install 'boardgame-balance[openspiel]'" in out


def test_os_ismcts_names_are_checked() -> None:
    pytest.importorskip("pyspiel", reason="open-spiel is not installed (the openspiel extra)")
    with pytest.raises(UnknownName, match="whole number"):
        make_agent("os-ismcts:0", get_game("caprices"))
    with pytest.raises(UnknownName, match="first simulation only expands the root"):
        make_agent("os-ismcts:1", get_game("caprices"))
    assert make_agent("os-ismcts:7", get_game("gods")).simulations == 7


def test_head_to_head_rotates_seats_and_counts_each_agents_cpu() -> None:
    from engine.openspiel.headtohead import head_to_head
    result = head_to_head("caprices", "standard", ("greedy", "random"), games=10, seed=0)
    assert result["games"] == 10 and result["low"] <= result["share"] <= result["high"]
    assert result["share"] >= 0.7, "greedy beats random (97% over 300 games, README)"
    greedy_cpu, random_cpu = result["cpu_per_game"]
    assert greedy_cpu > random_cpu > 0.0


def test_head_to_head_in_two_processes_plays_the_same_games() -> None:
    from engine.openspiel.headtohead import head_to_head
    one = head_to_head("caprices", "standard", ("ismcts:5", "greedy"), games=6, seed=3)
    two = head_to_head("caprices", "standard", ("ismcts:5", "greedy"), games=6, seed=3, workers=2)
    assert (one["share"], one["low"], one["high"]) == (two["share"], two["low"], two["high"])
    assert all(cpu > 0.0 for cpu in two["cpu_per_game"])


def test_tally_of_a_run_cut_short_is_the_run_of_its_first_games(capsys: pytest.CaptureFixture[str]) -> None:
    from engine.openspiel.headtohead import head_to_head, tally
    whole = head_to_head("caprices", "standard", ("greedy", "random"), games=6, seed=5, progress=True)
    lines = capsys.readouterr().err.splitlines()
    assert tally(lines)["share"] == whole["share"] and tally(lines)["games"] == 6
    cut = [line for line in lines if not line.startswith(("game 3 ", "game 5 "))]  # game 3 unfinished, 5 done
    first_two = head_to_head("caprices", "standard", ("greedy", "random"), games=2, seed=5)
    assert tally(cut)["games"] == 2 and tally(cut)["share"] == first_two["share"]


def test_os_ismcts_at_two_simulations_never_searches_and_more_simulations_search_more() -> None:
    from engine.openspiel.rollout_bench import search_share
    searched, contested = search_share("caprices", "standard", 2, games=3)
    assert searched == 0 and contested > 0, "N - 1 = 1 simulation after the root is never below L >= 2"
    few, _ = search_share("caprices", "standard", 8, games=3)
    many, _ = search_share("caprices", "standard", 10, games=3)
    assert 0 < few < many <= contested
