"""`balance ladder`: a round robin of agents (every pairing, seats rotated) into the lake, then ratings.

Each pairing A-B is one run (line-up A,B cycled over the seats and rotated
game by game), so every agent sits in every seat equally often. Runs are
resumed: re-running a ladder, or growing it by one agent, plays only the
games not yet in the lake. The warehouse is then built and the ladder's
pairwise win-rate matrix (`met_agent_pairwise`) and Bradley-Terry ratings
(`met_agent_ratings`) are printed for this game, ruleset and player count.
"""

from __future__ import annotations

import argparse
import math
from itertools import combinations
from pathlib import Path
from typing import Any

from balance import args as arg
from balance.output import add_json_flag, emit, records
from engine.core.agents import make_agent
from engine.registry import get_game
from lake.layout import DEFAULT_LAKE
from lake.spec import RunSpec, SpecError, parse_name_list
from simulate.runner import run as run_spec
from warehouse import DEFAULT_WAREHOUSE
from warehouse.build import build
from warehouse.query import connect

BATCHES_PER_PAIRING = 4  # several part files per pairing, so search agents' slow games spread over the workers


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--game", required=True, help="game id, e.g. caprices")
    parser.add_argument("--agents", required=True, help="two or more agent names, e.g. random,greedy,ismcts:100")
    parser.add_argument("--games", type=arg.games, required=True,
                        help="games per pairing (a multiple of 2 rotates fully)")
    parser.add_argument("--players", type=arg.bounded_int(1, 64, "players"), default=2,
                        help="player count (default: 2)")
    parser.add_argument("--ruleset", help="ruleset name or .toml path (default: the game's default ruleset)")
    parser.add_argument("--seed", type=arg.seed, default=0, help="ladder seed (default: 0)")
    parser.add_argument("--lake", type=arg.lake, default=str(DEFAULT_LAKE),
                        help=f"lake folder or URL (default: {DEFAULT_LAKE})")
    parser.add_argument("--warehouse", type=arg.output_file, default=DEFAULT_WAREHOUSE,
                        help=f"DuckDB file to (re)build (default: {DEFAULT_WAREHOUSE})")
    parser.add_argument("--no-warehouse", action="store_true", help="only play the games; build the warehouse later")
    parser.add_argument("--workers", type=arg.workers, help="local worker processes (default: all cores)")
    parser.add_argument("--no-progress", action="store_true", help="no progress bars")
    add_json_flag(parser)


def pairings(args: argparse.Namespace) -> list[RunSpec]:
    """One run spec per pairing of the ladder's agents; errors name the flag at fault."""
    game = get_game(args.game)
    agents = parse_name_list(args.agents)
    if len(agents) < 2:
        raise SpecError(f"--agents: a ladder needs at least two agents, got {list(agents)}")
    if len(set(agents)) != len(agents):
        raise SpecError(f"--agents: an agent is listed twice: {list(agents)}")
    for name in agents:
        make_agent(name, game)  # UnknownName lists the known agents
    if args.players not in game.facts.player_counts:
        raise SpecError(f"--players: {args.game} is played by {list(game.facts.player_counts)} players, "
                        f"not {args.players}")
    ruleset = args.ruleset or game.default_ruleset
    batch = max(1, math.ceil(args.games / BATCHES_PER_PAIRING))
    return [RunSpec(args.game, ruleset, (args.players,), (a, b), args.games, args.seed, batch)
            for a, b in combinations(agents, 2)]


def run(args: argparse.Namespace) -> int:
    specs = pairings(args)
    played = []
    for spec in specs:
        manifest = run_spec(spec, args.lake, workers=args.workers, resume=True, progress=not args.no_progress)
        print(f"{spec.run_id}: {' vs '.join(spec.agents)}, {manifest.totals['games']} games in the lake")
        played.append({"run_id": spec.run_id, "agents": list(spec.agents), "games": manifest.totals["games"]})
    ruleset = get_game(args.game).load_ruleset(specs[0].ruleset).name
    document = {"game": args.game, "ruleset": ruleset, "players": args.players, "lake": args.lake,
                "pairings": played, "warehouse": None, "ratings": [], "pairwise": []}
    if args.no_warehouse:
        emit(args, document)
        return 0
    result = build(args.lake, args.warehouse)
    print(f"built {result.warehouse} in {result.seconds:.1f}s")
    agents = sorted(set(parse_name_list(args.agents)))
    table = read_ladder(args.warehouse, args.game, ruleset, args.players)
    emit(args, {**document, "warehouse": str(args.warehouse), **table})
    for line in ladder_lines(table, args.game, ruleset, args.players, agents):
        print(line)
    return 0


def read_ladder(warehouse: Path, game: str, ruleset: str, players: int) -> dict[str, list[dict[str, Any]]]:
    """The ratings (strongest first) and the pairwise cells of one game, ruleset and player count."""
    where = "game = ? and ruleset = ? and num_players = ?"
    with connect(str(warehouse), read_only=True) as con:
        ratings = con.execute(
            f"select agent, rating, rating_lo, rating_hi, games, note from met_agent_ratings where {where} "
            "order by rating desc", [game, ruleset, players]).df()
        pairwise = con.execute(
            f"select agent, opponent, win_rate, win_lo, win_hi, n from met_agent_pairwise where {where} "
            "order by agent, opponent", [game, ruleset, players]).df()
    return {"ratings": records(ratings), "pairwise": records(pairwise)}


def ladder_lines(table: dict[str, list[dict[str, Any]]], game: str, ruleset: str, players: int,
                 agents: list[str]) -> list[str]:
    """The ratings and the pairwise matrix of these agents, as text lines."""
    cells = {(c["agent"], c["opponent"]): c for c in table["pairwise"]}
    lines = [f"ratings, {game} ({ruleset}) {players} players: Bradley-Terry, Elo scale, mean 0, 95% bootstrap "
             "(all two-agent games in the lake)"]
    lines += [f"  {r['agent']:22} {_rating_text(r)}  {r['games']} games" for r in table["ratings"]]
    lines.append("win rate of the row agent against the column agent, with its 95% interval and games:")
    lines.append(" " * 24 + "".join(f"{name[:20]:>22}" for name in agents))
    for agent in agents:
        row = []
        for opponent in agents:
            cell = cells.get((agent, opponent))
            row.append(f"{'':>22}" if cell is None else
                       f"{cell['win_rate']:>6.1%} ({cell['win_lo']:.0%}-{cell['win_hi']:.0%}) {cell['n']:>3}".rjust(22))
        lines.append(f"  {agent[:22]:22}" + "".join(row))
    return lines


def _rating_text(rating: dict[str, Any]) -> str:
    """The rating and its interval, or why the games fix none (e.g. one agent won every game)."""
    if rating.get("note"):
        return f"{'-':>7}  ({rating['note']})"
    return f"{rating['rating']:7.0f}  ({rating['rating_lo']:.0f} to {rating['rating_hi']:.0f})"
