"""`balance bench`: games/s and events/s per agent, logging overhead, pipeline scaling; search agents'
seconds per game and iterations per second; the event writer against the eventsourcing library's SQLite
store; with `--table`, the performance table for every game (bytes per event on disk included); with
`--side-by-side A,B`, two agents' CPU seconds per self-play game on the same seeds (issue 25)."""

from __future__ import annotations

import argparse
from typing import Any

from balance import args as arg
from balance.output import add_json_flag, emit
from engine.core.agents import make_agent
from engine.core.errors import UnknownName
from engine.core.game import Game
from engine.registry import GAMES, get_game
from lake.spec import DEFAULT_BATCH_SIZE, RunSpec, SpecError, parse_int_list, parse_name_list
from simulate.agent_bench import searchable_cells, side_by_side
from simulate.bench import SearchThroughput, Throughput, logging_overhead, pipeline_throughput_fresh, search_throughput
from simulate.writer_bench import PeerMissing, WriterFigure, compare_writers, lake_bytes_per_event


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--game", help="game id (default: caprices; with --side-by-side: every searchable game)")
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
    parser.add_argument("--side-by-side", metavar="AGENTS",
                        help="instead: CPU seconds per self-play game of two or more agents (e.g. strong,ismcts-ref), "
                             "same seeds, for every searchable game (that knows them all; or --game, --ruleset) and "
                             "ruleset at --counts; a Markdown table")
    parser.add_argument("--counts", default="2,3,4", help="player counts for --side-by-side (default: 2,3,4)")
    parser.add_argument("--table", action="store_true",
                        help="instead: the performance table for every game (random agents, one core, logged; "
                             "logging overhead; bytes per event; the writer against eventsourcing's SQLite store)")
    add_json_flag(parser)


def run(args: argparse.Namespace) -> int:
    chosen = args.game
    args.game = args.game or "caprices"
    if args.side_by_side:
        return _side_by_side(args, chosen)
    if args.table:
        return _table(args)
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
    document: dict[str, Any] = {"game": args.game, "ruleset": ruleset, "players": args.players,
                                "games": args.games, "repeats": args.repeats, "agents": [], "search": [],
                                "pipeline": [], "writers": None}
    emit(args, document)  # filled in as the figures come
    for agent in plain:
        spec = RunSpec(args.game, ruleset, (args.players,), (agent,), args.games, args.seed, args.games, "bench")
        discarded, logged = logging_overhead(game, spec, max(1, args.repeats))
        for figure in (discarded, logged):
            _print_row(agent, figure)
        print(f"{agent:8} {'logging overhead (logged/discarded)':32} {logged.seconds / discarded.seconds:>10.2f}")
        print(f"{agent:8} {'bytes per event on disk':32} {logged.bytes_per_event:>10.2f}  "
              f"({logged.bytes_on_disk / logged.games:,.0f} per game, one {logged.games}-game file)")
        document["agents"].append({"agent": agent, "discarded": _figure(discarded), "logged": _figure(logged),
                                   "overhead": logged.seconds / discarded.seconds,
                                   "bytes_per_event": logged.bytes_per_event})
    if searching:
        print(f"search agents, uniform line-up, one core, {args.search_games} games each, CPU time:")
        print(f"{'agent':18} {'s/game':>8} {'iterations/s':>13} {'iterations/decision':>20} {'searched/game':>14}")
        for agent in searching:
            spec = RunSpec(args.game, ruleset, (args.players,), (agent,), args.search_games, args.seed,
                           args.search_games, "bench")
            searched = search_throughput(game, spec)
            _print_search_row(agent, searched)
            document["search"].append({"agent": agent, "games": searched.games,
                                       "seconds_per_game": searched.seconds_per_game,
                                       "iterations_per_s": searched.iterations_per_s,
                                       "iterations_per_decision": searched.iterations_per_decision,
                                       "searched_decisions_per_game": searched.decisions / searched.games})
    lineup = tuple(plain)
    if not lineup:
        return 0
    print("pipeline through runner.run, each in a fresh process (cold caches, pool start-up included):")
    for count in workers:
        batch = max(1, args.games // (4 * count))
        spec = RunSpec(args.game, ruleset, (args.players,), lineup, args.games, args.seed, batch, f"bench-w{count}")
        figure = pipeline_throughput_fresh(spec, count)
        _print_row(",".join(lineup), figure)
        document["pipeline"].append({"workers": count, "agents": list(lineup), **_figure(figure)})
    document["writers"] = _print_writers(game, RunSpec(args.game, ruleset, (args.players,), lineup, args.games,
                                                       args.seed, args.games, "bench-writer"), args.repeats)
    return 0


def _table(args: argparse.Namespace) -> int:
    """The issue-14 table: per game, random agents logged on one core, the overhead, bytes per event."""
    print(f"balance bench --table: {args.players} players, random agents, {args.games} games per figure, one core, "
          f"best of {args.repeats}; bytes per event from a {DEFAULT_BATCH_SIZE}-game part file written by the runner "
          "(random,greedy); wall-clock on this machine (shared machines give noisy figures)")
    print(f"{'game':10} {'logged games/s':>15} {'logged events/s':>16} {'overhead':>9} {'bytes/event':>12}")
    rows = []
    for name in sorted(GAMES):
        if name == "caprices-joust":
            continue  # a match of four caprices games: the same events as caprices
        game = get_game(name)
        spec = RunSpec(name, game.default_ruleset, (args.players,), ("random",), args.games, args.seed, args.games,
                       "bench")
        discarded, logged = logging_overhead(game, spec, max(1, args.repeats))
        size_spec = RunSpec(name, game.default_ruleset, (args.players,), ("random", "greedy"), DEFAULT_BATCH_SIZE,
                            args.seed, DEFAULT_BATCH_SIZE, "bench-bytes")
        size, events = lake_bytes_per_event(game, size_spec)
        print(f"{name:10} {logged.games_per_s:>15.1f} {logged.events_per_s:>16,.0f} "
              f"{logged.seconds / discarded.seconds:>9.2f} {size / events:>12.2f}")
        rows.append({"game": name, "logged": _figure(logged), "overhead": logged.seconds / discarded.seconds,
                     "bytes_per_event": size / events})
    caprices = get_game("caprices")
    writers = _print_writers(caprices, RunSpec("caprices", caprices.default_ruleset, (args.players,), ("random",),
                                               args.games, args.seed, args.games, "bench-writer"), args.repeats)
    emit(args, {"players": args.players, "games": args.games, "repeats": args.repeats, "table": rows,
                "writers": writers})
    return 0


def _side_by_side(args: argparse.Namespace, chosen_game: str | None) -> int:
    """Issue 25's speed table: each agent's CPU seconds per self-play game, same seeds, and the ratio."""
    agents = parse_name_list(args.side_by_side)
    if len(agents) < 2:
        raise SpecError("--side-by-side: name two or more agents, e.g. strong,ismcts-ref")
    counts = parse_int_list(args.counts, "--counts")
    cells = [cell for cell in searchable_cells(counts) if all(_knows(cell[0], name) for name in agents)
             and chosen_game in (None, cell[0].id) and args.ruleset in (None, cell[1])]
    if chosen_game is not None or args.ruleset is not None:
        get_game(args.game)  # an unknown game is named with the known ones
        if not cells:
            raise SpecError(f"--side-by-side: no searchable cell of game {args.game!r}"
                            + (f", ruleset {args.ruleset!r}" if args.ruleset else "") + f" knows {', '.join(agents)}")
    if not cells:
        for name in agents:
            make_agent(name, get_game(args.game))  # UnknownName lists the known agents
        raise SpecError(f"--side-by-side: no game knows every one of {', '.join(agents)}")
    print(f"balance bench --side-by-side {','.join(agents)}: {args.search_games} self-play games per cell, "
          f"seeds {args.seed}..{args.seed + args.search_games - 1}, the agents alternating game by game, "
          "CPU seconds per game (process time)")
    head = " | ".join(f"{name} s/game" for name in agents)
    print(f"| game | ruleset | players | {head} | {agents[0]} / {agents[-1]} |")
    print("|---|---|---|" + "---|" * (len(agents) + 1))
    rows = []
    for game, ruleset, players in cells:
        cell = side_by_side(game, ruleset, players, agents, args.search_games, args.seed)
        times = " | ".join(f"{cell.per_game(i):.3f}" for i in range(len(agents)))
        print(f"| {cell.game} | {cell.ruleset} | {cell.players} | {times} | {cell.ratio():.3f} |", flush=True)
        rows.append({"game": cell.game, "ruleset": cell.ruleset, "players": cell.players, "ratio": cell.ratio(),
                     "cpu_s_per_game": {name: cell.per_game(i) for i, name in enumerate(agents)}})
    emit(args, {"agents": agents, "games_per_cell": args.search_games, "side_by_side": rows})
    return 0


def _knows(game: Game, name: str) -> bool:
    """Whether `name` is an agent of `game` (a game's own agents, e.g. ismcts-skim in 4 Gods, skip the others)."""
    try:
        make_agent(name, game)
    except UnknownName:
        return False
    return True


def _figure(figure: Throughput) -> dict[str, Any]:
    return {"label": figure.label, "games": figure.games, "events": figure.events, "seconds": figure.seconds,
            "games_per_s": figure.games_per_s, "events_per_s": figure.events_per_s}


def _print_writers(game: object, spec: RunSpec, repeats: int) -> dict[str, Any]:
    """The writer comparison printed, and returned for --json (`skipped` says why when the peer is missing)."""
    print(f"event writer alone, the same {spec.game} events ({spec.total_games} games), made durable on disk, "
          f"best of {repeats} (simulate/writer_bench.py says exactly what each side does):")
    try:
        figures = compare_writers(game, spec, max(1, repeats))  # type: ignore[arg-type]
    except PeerMissing as exc:
        print(f"  skipped: {exc}")
        return {"skipped": str(exc), "figures": []}
    ours = figures[0]
    for figure in figures:
        ratio = "" if figure is ours else f"  ours is {ours.events_per_s / figure.events_per_s:.1f}x faster"
        print(f"  {figure.label:58} {figure.events_per_s:>11,.0f} events/s "
              f"{figure.bytes / figure.events:>8.1f} bytes/event{ratio}")
    _print_writer_stages(ours, min(figures[1:], key=lambda figure: figure.seconds))
    return {"skipped": None, "figures": [{"label": f.label, "events": f.events, "seconds": f.seconds,
                                          "events_per_s": f.events_per_s, "bytes_per_event": f.bytes / f.events}
                                         for f in figures]}


def _print_writer_stages(ours: WriterFigure, fastest_peer: WriterFigure) -> None:
    """Where our writer's time goes, and the ratio each stage alone would allow against the fastest peer."""
    peer_ns = 1e9 * fastest_peer.seconds / fastest_peer.events
    parts = ", ".join(f"{name} {1e9 * seconds / ours.events:,.0f} ns" for name, seconds in ours.stages)
    print(f"  balance's writer per event: {parts}; eventsourcing's fastest recorder {peer_ns:,.0f} ns")
    for name, seconds in ours.stages:
        print(f"    {name:42} alone would be {fastest_peer.seconds / seconds:>6.1f}x the fastest recorder")
    if ours.encoder_floor is not None:
        seconds, size = ours.encoder_floor
        print(f"    {'Arrow Parquet encoder, compression off':42} alone would be "
              f"{fastest_peer.seconds / seconds:>6.1f}x the fastest recorder ({size / ours.events:.1f} bytes/event)")


def _print_search_row(agent: str, figure: SearchThroughput) -> None:
    print(f"{agent:18} {figure.seconds_per_game:>8.2f} {figure.iterations_per_s:>13.0f} "
          f"{figure.iterations_per_decision:>20.0f} {figure.decisions / figure.games:>14.1f}")


def _print_row(agent: str, figure: Throughput) -> None:
    print(f"{agent:8} {figure.label:32} {figure.games_per_s:>10.1f} {figure.events_per_s:>12.0f}")
