"""`balance bench`: games/s and events/s per agent, logging overhead, pipeline scaling; search agents'
seconds per game and iterations per second."""

from __future__ import annotations

import argparse

from balance import args as arg
from engine.core.agents import make_agent
from engine.registry import get_game
from simulate.bench import SearchThroughput, Throughput, logging_overhead, pipeline_throughput_fresh, search_throughput
from simulate.spec import RunSpec, SpecError, parse_int_list, parse_name_list


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--game", default="caprices", help="game id (default: caprices)")
    parser.add_argument("--games", type=arg.bounded_int(1, 1_000_000, "games per measurement"), default=200,
                        help="games per measurement (default: 200)")
    parser.add_argument("--players", type=arg.bounded_int(1, 64, "players"), default=4,
                        help="player count (default: 4)")
    parser.add_argument("--agents", default="random,greedy,ismcts",
                        help="agent types, each measured alone (default: random,greedy,ismcts)")
    parser.add_argument("--search-games", type=arg.bounded_int(1, 100_000, "games per search figure"), default=10,
                        help="games per search agent (ismcts...) figure (default: 10)")
    parser.add_argument("--workers", default="1,2", help="worker counts for the pipeline figure (default: 1,2)")
    parser.add_argument("--ruleset", help="ruleset name or .toml path (default: the game's default)")
    parser.add_argument("--seed", type=arg.seed,
                        default=0)
    parser.add_argument("--repeats", type=arg.bounded_int(1, 100, "repeats"), default=3,
                        help="timed repeats per mode; the best is kept (default: 3)")


def run(args: argparse.Namespace) -> int:
    game = get_game(args.game)
    ruleset = args.ruleset or game.default_ruleset
    workers = parse_int_list(args.workers, "--workers")
    if any(w < 1 for w in workers):
        raise SpecError("--workers: every worker count must be at least 1")
    print(f"balance bench: game {args.game}, {args.players} players, {args.games} games per figure, "
          "wall-clock on this machine (shared machines give noisy figures)")
    print(f"one core, warm caches, best of {args.repeats}: events logged vs discarded, per agent type")
    agents = parse_name_list(args.agents)
    searching = [name for name in agents if getattr(make_agent(name, game), "searches", False)]
    plain = [name for name in agents if name not in searching]
    print(f"{'agent':8} {'mode':32} {'games/s':>10} {'events/s':>12}")
    for agent in plain:
        spec = RunSpec(args.game, ruleset, (args.players,), (agent,), args.games, args.seed, args.games, "bench")
        discarded, logged = logging_overhead(game, spec, max(1, args.repeats))
        for figure in (discarded, logged):
            _print_row(agent, figure)
        print(f"{agent:8} {'logging overhead (logged/discarded)':32} {logged.seconds / discarded.seconds:>10.2f}")
        print(f"{agent:8} {'bytes per event on disk':32} {logged.bytes_per_event:>10.2f}  "
              f"({logged.bytes_on_disk / logged.games:,.0f} per game, one {logged.games}-game file)")
    if searching:
        print(f"search agents, uniform line-up, one core, {args.search_games} games each, CPU time:")
        print(f"{'agent':18} {'s/game':>8} {'iterations/s':>13} {'iterations/decision':>20} {'searched/game':>14}")
        for agent in searching:
            spec = RunSpec(args.game, ruleset, (args.players,), (agent,), args.search_games, args.seed,
                           args.search_games, "bench")
            _print_search_row(agent, search_throughput(game, spec))
    lineup = tuple(plain)
    if not lineup:
        return 0
    print("pipeline through runner.run, each in a fresh process (cold caches, pool start-up included):")
    for count in workers:
        batch = max(1, args.games // (4 * count))
        spec = RunSpec(args.game, ruleset, (args.players,), lineup, args.games, args.seed, batch, f"bench-w{count}")
        _print_row(",".join(lineup), pipeline_throughput_fresh(spec, count))
    return 0


def _print_search_row(agent: str, figure: SearchThroughput) -> None:
    print(f"{agent:18} {figure.seconds_per_game:>8.2f} {figure.iterations_per_s:>13.0f} "
          f"{figure.iterations_per_decision:>20.0f} {figure.decisions / figure.games:>14.1f}")


def _print_row(agent: str, figure: Throughput) -> None:
    print(f"{agent:8} {figure.label:32} {figure.games_per_s:>10.1f} {figure.events_per_s:>12.0f}")
