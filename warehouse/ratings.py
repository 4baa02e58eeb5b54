"""`met_agent_ratings`: a Bradley-Terry rating per agent, from every two-agent game in the lake.

Grain: one row per game, ruleset, player count and agent. The model (fitted
with `choix`, a maintained library for Luce-choice models) says agent i beats
agent j with probability 1 / (1 + exp(theta_j - theta_i)); a game counts as
the win shares the two agents took (a shared win is split). Ratings are
printed on the Elo scale (400 points = odds of 10 to 1), centred so the
agents' mean is 0. The 95% interval is a percentile bootstrap: the games of
each pairing are resampled with replacement and the model refitted, so the
interval is about the games played, not about a model approximation.
The ratings exist only when every agent has both won and lost against the
others through some chain of games (the win graph is strongly connected):
when one agent won every game against another and nothing else links them,
the fitted gap is infinite, and what a fit prints is the small
regularisation (`ALPHA`) alone; every resample gives the same games, so the
bootstrap reads "+816 to +816". Such a group gets no rating and no interval,
only a `note` saying why ("not estimable: every game between greedy and random
won by greedy").
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Callable
from typing import Any

import choix
import duckdb
import numpy as np
import pandas as pd

from warehouse.writeback import schema

ELO = 400 / math.log(10)
ALPHA = 0.01
BOOTSTRAP = 200
SEED = 2026  # fixed: the same lake gives the same intervals

QUERY = """
    select game, ruleset, num_players, agent, opponent, agent_share, opponent_share
    from fct_agent_matches
    order by game, ruleset, num_players, agent, opponent, run_id, game_id
"""

COLUMNS = ("game", "ruleset", "num_players", "agent", "rating", "rating_lo", "rating_hi", "games", "wins",
           "opponents", "method", "note")
METHOD = "Bradley-Terry (choix ILSR), Elo scale, mean 0; 95% percentile bootstrap over games"

Pairing = tuple[str, str]
Shares = list[tuple[float, float]]


def ratings_model(con: duckdb.DuckDBPyConnection, catalogue: Any = None) -> pd.DataFrame:
    """`met_agent_ratings` from `fct_agent_matches` (the builder writes the frame as a table)."""
    groups: dict[tuple[str, str, int], dict[Pairing, Shares]] = defaultdict(lambda: defaultdict(list))
    for game, ruleset, players, agent, opponent, share, other in con.execute(QUERY).fetchall():
        groups[(game, ruleset, players)][(agent, opponent)].append((share, other))
    rows = [row for key, pairings in groups.items() for row in _rate_group(key, pairings)]
    frame = pd.DataFrame(rows, columns=list(COLUMNS))
    return frame.astype({"num_players": "int32", "games": "int64", "opponents": "int32"})


PYTHON_MODELS: dict[str, tuple[Callable[[duckdb.DuckDBPyConnection, Any], pd.DataFrame], str, str]] = {
    "met_agent_ratings": (ratings_model, "fct_agent_matches", "one row per game, ruleset, player count and agent"),
}

# name -> key (as in a model's `-- key:` header)
PYTHON_KEYS = {"met_agent_ratings": "game, ruleset, num_players, agent"}

# name -> the columns it writes, with their types (warehouse.writeback)
PYTHON_SCHEMAS = {"met_agent_ratings": schema(
    "game string, ruleset string, num_players int32, agent string, rating double, rating_lo double, "
    "rating_hi double, games int64, wins double, opponents int32, method string, note string")}


def _rate_group(key: tuple[str, str, int], pairings: dict[Pairing, Shares]) -> list[dict[str, object]]:
    agents = sorted({name for pair in pairings for name in pair})
    index = {name: i for i, name in enumerate(agents)}
    shares = {pair: np.array(games, dtype=float) for pair, games in pairings.items()}
    totals = {pair: (float(games[:, 0].sum()), float(games[:, 1].sum())) for pair, games in shares.items()}
    note = not_estimable(agents, totals)
    if note is None:
        ratings = fit(len(agents), index, totals)
        draws = np.array([fit(len(agents), index, resampled) for resampled in _bootstraps(shares)])
        lo, hi = np.percentile(draws, [2.5, 97.5], axis=0)
    else:  # a fit would print the regularisation, and every resample the same: no figure at all
        ratings = lo = hi = np.full(len(agents), np.nan)
    game, ruleset, players = key
    rows = []
    for name, i in index.items():
        mine = [(pair, total) for pair, total in totals.items() if name in pair]
        rows.append({
            "game": game, "ruleset": ruleset, "num_players": players, "agent": name, "rating": float(ratings[i]),
            "rating_lo": float(lo[i]), "rating_hi": float(hi[i]),
            "games": sum(len(pairings[pair]) for pair, _ in mine),
            "wins": sum(total[0] if pair[0] == name else total[1] for pair, total in mine),
            "opponents": len(mine), "method": METHOD, "note": note,
        })
    return rows


def not_estimable(agents: list[str], totals: dict[Pairing, tuple[float, float]]) -> str | None:
    """Why these games fix no rating (None when they do): the ratings exist only when each agent reaches
    every other through wins, i.e. the directed graph 'took a win share from' is strongly connected."""
    beat: dict[str, set[str]] = {name: set() for name in agents}
    beaten_by: dict[str, set[str]] = {name: set() for name in agents}
    for (agent, opponent), (won, lost) in totals.items():
        for winner, loser, share in ((agent, opponent, won), (opponent, agent, lost)):
            if share > 0:
                beat[winner].add(loser)
                beaten_by[loser].add(winner)
    if _reach(agents[0], beat) == set(agents) == _reach(agents[0], beaten_by):
        return None
    reasons = [f"every game between {a} and {b} won by {a if won else b}"
               for (a, b), (won, lost) in sorted(totals.items()) if (won > 0) != (lost > 0)]
    met = {name: beat[name] | beaten_by[name] for name in agents}
    together = _reach(agents[0], met)
    if together != set(agents):
        reasons.append(f"{', '.join(sorted(together))} never met {', '.join(sorted(set(agents) - together))}")
    return "not estimable: " + "; ".join(reasons)


def _reach(start: str, edges: dict[str, set[str]]) -> set[str]:
    seen, todo = {start}, [start]
    while todo:
        for nxt in edges[todo.pop()] - seen:
            seen.add(nxt)
            todo.append(nxt)
    return seen


def fit(size: int, index: dict[str, int], totals: dict[Pairing, tuple[float, float]]) -> np.ndarray:
    """Elo-scale Bradley-Terry ratings (mean 0) from the summed win shares of each pairing."""
    wins = np.zeros((size, size))
    for (agent, opponent), (won, lost) in totals.items():
        wins[index[agent], index[opponent]] += won
        wins[index[opponent], index[agent]] += lost
    theta = choix.ilsr_pairwise_dense(wins, alpha=ALPHA)
    return np.asarray(ELO * (theta - theta.mean()))


def _bootstraps(shares: dict[Pairing, np.ndarray]) -> list[dict[Pairing, tuple[float, float]]]:
    """`BOOTSTRAP` resamples: each pairing's games drawn with replacement, as many as it has; summed."""
    rng = np.random.default_rng(SEED)
    samples = []
    for _ in range(BOOTSTRAP):
        sample = {}
        for pair, games in shares.items():
            picked = games[rng.integers(0, len(games), len(games))]
            sample[pair] = (float(picked[:, 0].sum()), float(picked[:, 1].sum()))
        samples.append(sample)
    return samples
