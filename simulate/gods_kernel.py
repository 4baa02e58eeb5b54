"""The 4 Gods kernel held against the Python rules and search at length (the test suite runs the same checks small).

    python -m simulate.gods_kernel --games 100 --search-games 100

Rules: games of random, greedy and search (`ismcts:4` on the kernel) play at 2, 3 and 4 players, on the standard
ruleset and on one variant per reading of every ruleset option (and a what-if's numbers); at every decision
`rule_mismatches` compares the legal commands, greedy's values, the search's estimate, the state after commands
(think-time draws and the random stream's state included) and a re-deal for every player; one variant makes the
table go idle after 6 s (`end.idle_ms`). The stall: the 2-player game that waited for ever before the idle end,
every decision state from its last progress to its idle end, and `ismcts:100`'s trees just under the limit
(--stall-searches). Games: whole self-play
games of `ismcts:N` (N = --budget) on the kernel and in pure Python, their event logs compared event by event (the
last event seals the final state's digest). Prints what was compared and every mismatch (there must be none).
"""

from __future__ import annotations

import argparse
import sys
import time
from typing import Any

from engine.core import ListSink, make_agent, play_game
from engine.core.ruleset import Ruleset
from engine.gods.events import GameEnded
from engine.gods.game import GAME
from engine.gods.kernel.differential import rule_mismatches, search_agents, search_mismatches
from simulate.variants import variant_from_sets, variant_ruleset

VARIANTS = [
    [], ["actions.wait=when_nothing_else"], ["cities.placement=no_tile_of_the_set_fits"],
    ["cities.count_as_side=true"], ["cities.prophet_returns_when_broken=true"], ["prophets.per_placed_tile=2"],
    ["bonus.mass_of=largest_region"], ["bonus.mass_of=largest_region", "bonus.mass_measure=tiles"],
    ["bonus.mass_measure=tiles"], ["end.full_world=tiles_only"], ["end.tiles_considered=hands_discards"],
    ["hands.draw_one=true"], ["bonus.mass=[20,12,6]"], ["cities.points=10"], ["timing.default.sigma=0.0"],
    ["scoring.region_min_tiles=3", "bonus.groups_min_tiles=2", "cities.min_tile_sides=3", "prophets.per_player=3"],
    ["discard.limit_2p=2", "discard.limit_3p=2", "discard.limit_4p=2", "cities.markers=2", "hands.start_tiles=1"],
    ["end.idle_ms=6000"],
]
"""`--set` changes of the standard ruleset: every reading of every option `Rules` has, and a what-if's numbers."""
MIXES = ["random", "greedy", "ismcts:4"]


def ruleset_of(sets: list[str]) -> Ruleset:
    base = GAME.load_ruleset(GAME.default_ruleset)
    return variant_ruleset(GAME, base, variant_from_sets(sets)) if sets else base


def check_rules(games: int, out: dict[str, Any]) -> None:
    """`games` games per ruleset variant (players and agents rotating), every decision's state compared."""
    for sets in VARIANTS if games else []:
        ruleset = ruleset_of(sets)
        for k in range(games):
            players = 2 + k % 3
            agents = [make_agent(MIXES[(k + seat) % len(MIXES)], GAME) for seat in range(players)]
            where = f"{' '.join(sets) or 'standard'} game {k}"
            play_game(GAME, ruleset, agents, k, ListSink(), observer=_comparer(where, out))
            out["rule_games"] += 1
        _progress(out)


def _comparer(where: str, out: dict[str, Any]) -> Any:
    """An observer comparing the kernel with the Python rules at each decision state."""

    def observe(state: Any, player: int, legal: Any, command: Any) -> None:
        out["states"] += 1
        for found in rule_mismatches(state, out["states"], most_commands=3):
            out["mismatches"].append(f"{where} state {out['states']}: {found}")

    return observe


def check_games(games: int, budget: int, out: dict[str, Any]) -> None:
    """`games` self-play games of `ismcts:budget`, kernel against Python, at 2-4 players, three in four on a what-if
    (`bonus.mass=[20,12,6]`, `cities.points=10`, the idle end after 6 s), three games in a row on each."""
    what_ifs = [[], ["bonus.mass=[20,12,6]"], ["cities.points=10"], ["end.idle_ms=6000"]]
    for k in range(games):
        players, sets = 2 + k % 3, what_ifs[k // 3 % len(what_ifs)]
        logs = []
        for which in (0, 1):
            agents = [search_agents(budget)[which] for _ in range(players)]
            sink = ListSink()
            play_game(GAME, ruleset_of(sets), agents, 50_000 + k, sink)
            logs.append(sink.events)
            out["iterations"] += sum(agent.iterations_run for agent in agents) if which == 0 else 0
        out["events"] += len(logs[0])
        out["whole_games"] += 1
        ended = logs[0][-2]  # game_ended, then the seal
        out["idle_games"] += isinstance(ended, GameEnded) and ended.end_reason == "idle"
        if logs[0] != logs[1]:
            out["mismatches"].append(f"self-play game {k} ({players}p {' '.join(sets)}): the event logs differ")
        if k % 10 == 9:
            _progress(out)


STALL = (["bonus.mass=[20,12,6]"], ("ismcts-ref", "ismcts:100"), 94)
"""A game that never ended before the idle end (docs/benchmarks.md): `ismcts:100` in seat 1 only waited."""


def check_stall(searches: int, out: dict[str, Any]) -> None:
    """The stalled game, now ended idle: every decision state from its last progress on compared, and the search
    trees of `ismcts:100` at `searches` of them (the limit inside the tree at the last)."""
    sets, agents, seed = STALL
    states: list[Any] = []
    observe = lambda state, player, legal, command: states.append(state.copy())  # noqa: E731
    final = play_game(GAME, ruleset_of(sets), [make_agent(a, GAME) for a in agents], seed, ListSink(),
                      observer=observe)
    stalled = [state for state in states if state.progress_ms == final.progress_ms]
    out["rule_games"] += 1
    for k, state in enumerate(stalled):
        out["states"] += 1
        out["mismatches"] += [f"stalled game state {k}: {found}" for found in rule_mismatches(state, k)]
    for k, state in enumerate(stalled[-searches - 1:-1] if searches else []):
        player = GAME.to_move(state)
        assert player is not None  # a decision state: someone plans
        legal = GAME.legal_commands(state, player)
        out["mismatches"] += [f"stalled game search {k}: {m}" for m in search_mismatches(state, player, legal, k, 100)]
        out["trees"] += 1
    if final.end_reason != "idle":
        out["mismatches"].append(f"the stalled game ended {final.end_reason!r}, not idle")
    _progress(out)


def _progress(out: dict[str, Any]) -> None:
    """What has been compared so far (a long run can be cut short and still say it)."""
    print(f"  so far: {out['states']:,} states of {out['rule_games']} games, {out['whole_games']} whole games "
          f"({out['iterations']:,} search iterations), {len(out['mismatches'])} mismatches", flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m simulate.gods_kernel", description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10, help="games per ruleset variant, every state compared")
    parser.add_argument("--search-games", type=int, default=10, help="whole self-play games, kernel vs Python")
    parser.add_argument("--budget", type=int, default=25, help="the search's iterations in the whole games")
    parser.add_argument("--stall-searches", type=int, default=4,
                        help="search trees of ismcts:100 compared in the game that stalled before the idle end")
    args = parser.parse_args(argv)
    out: dict[str, Any] = {"states": 0, "rule_games": 0, "whole_games": 0, "events": 0, "iterations": 0,
                           "trees": 0, "idle_games": 0, "mismatches": []}
    started = time.process_time()
    check_stall(args.stall_searches, out)
    check_rules(args.games, out)
    check_games(args.search_games, args.budget, out)
    for line in out["mismatches"][:50]:
        print(line, file=sys.stderr)
    print(f"4 Gods kernel vs Python: {out['states']:,} decision states of {out['rule_games']} games ({len(VARIANTS)} "
          f"rulesets, and the stalled game with {out['trees']} search trees); {out['whole_games']} "
          f"whole self-play games of ismcts:{args.budget} ({out['idle_games']} ended idle; {out['events']:,} events, "
          f"{out['iterations']:,} search iterations); {len(out['mismatches'])} mismatches; "
          f"{time.process_time() - started:.0f} CPU s")
    return 1 if out["mismatches"] else 0


if __name__ == "__main__":
    raise SystemExit(main())
