"""The index's agents section: what play the headline findings rest on.

Agents differing in strength is not an imbalance, so agent win rates are not
flagged; they say how good the players behind the findings are. Three views:
the ratings (Bradley-Terry on the Elo scale, `met_agent_ratings`), the
pairwise win rates of each pair of agents (`met_agent_pairwise`), and each
agent's win rate in mixed line-ups against the fair share (`met_agent_win_rate`).
"""

from __future__ import annotations

from typing import Any

import duckdb

from balance.headlines import has_table
from balance.page import escape
from balance.words import Names, count, pct, rate_ci

SEARCH = "ismcts"


def agents_section(con: duckdb.DuckDBPyConnection, names: Names) -> str:
    """Ratings, the pairwise matrix and mixed line-ups, with one sentence on what the headlines rest on."""
    intro = ("<p>Headline numbers come from the strongest self-play in the study: search (ismcts) where it was "
             "played, else greedy (a one-move-ahead player); each headline's label says whether greedy and search "
             "play agree. These tables say "
             "how strong those players are. A stronger agent winning more says how good the play is, not that the "
             "game is unfair.</p>")
    return intro + strength_sentences(con, names) + ratings_table(con, names) + pairwise_tables(con, names) + (
        mixed_table(con, names))


def strength_sentences(con: duckdb.DuckDBPyConnection, names: Names) -> str:
    """Per game and player count: how often the search agent beats greedy (the gap between the two plays)."""
    if not has_table(con, "met_agent_pairwise"):
        return ""
    rows = con.execute("select * from met_agent_pairwise where agent like ? and opponent = 'greedy' "
                       "order by game, ruleset, num_players, agent", [f"{SEARCH}%"]).df()
    items = "".join(
        f"<li>{escape(names.game(r.game))} ({escape(names.ruleset(r.ruleset))}), {r.num_players} players: "
        f"{escape(r.agent)} beats greedy in {rate_ci(r.win_rate, r.win_lo, r.win_hi)} of {count(r.n)} games"
        f"{'' if r.flagged else ' (not beyond noise: the two play about as well)'}.</li>"
        for r in rows.itertuples())
    return f"<ul>{items}</ul>" if items else ""


def ratings_table(con: duckdb.DuckDBPyConnection, names: Names) -> str:
    """One rating per agent, game, ruleset and player count, strongest first."""
    if not has_table(con, "met_agent_ratings"):
        return "<h3>Ratings</h3><p class='pending'>Not measured yet: no two-agent games in this warehouse.</p>"
    ratings = con.execute("select * from met_agent_ratings order by game, ruleset, num_players, rating desc").df()
    if ratings.empty:
        return "<h3>Ratings</h3><p class='pending'>Not measured yet: no two-agent games in this warehouse.</p>"
    rows = [[names.game(r.game), names.ruleset(r.ruleset), str(r.num_players), r.agent, f"{r.rating:+.0f}",
             f"{r.rating_lo:+.0f} to {r.rating_hi:+.0f}", count(r.games)] for r in ratings.itertuples()]
    return ("<h3>Ratings</h3><p class='note'>Bradley–Terry ratings on the Elo scale (400 points = odds of 10 to 1), "
            "centred on the agents' mean, with a 95% bootstrap interval over games; from every game with exactly "
            "two kinds of agent.</p>"
            + _table(["game", "ruleset", "players", "agent", "rating", "95% interval", "games"], rows, {2, 4, 5, 6}))


def pairwise_tables(con: duckdb.DuckDBPyConnection, names: Names) -> str:
    """Per game, ruleset and player count: the row agent's win rate against the column agent."""
    if not has_table(con, "met_agent_pairwise"):
        return ""
    cells = con.execute("select * from met_agent_pairwise order by game, ruleset, num_players").df()
    order = _rating_order(con)
    blocks = []
    for (game, ruleset, players), rows in cells.groupby(["game", "ruleset", "num_players"], sort=False):
        agents = sorted(set(rows.agent) | set(rows.opponent), key=lambda a: order.get((game, ruleset, players, a), 0))
        lookup = {(r.agent, r.opponent): r for r in rows.itertuples()}
        head = "".join(f"<th>against {escape(a)}</th>" for a in agents)
        body = "".join(f"<tr><th>{escape(a)}</th>" + "".join(_pair_cell(lookup.get((a, o))) for o in agents) + "</tr>"
                       for a in agents)
        blocks.append(f"<h4>{escape(names.game(game))} ({escape(names.ruleset(ruleset))}), {players} players</h4>"
                      f"<div class='table-wrap'><table><tr><th>win rate of</th>{head}</tr>{body}</table></div>")
    if not blocks:
        return ""
    return ("<h3>Head to head</h3><p class='note'>Win rate of the row agent against the column agent in games "
            "between the two (seats rotated; a shared win counts as a share), with its 95% interval and games; "
            "<span class='look'>orange</span> when the interval excludes 50%.</p>" + "".join(blocks))


def _pair_cell(row: Any) -> str:
    if row is None:
        return "<td></td>"
    css = " look" if row.flagged else ""
    return f"<td class='num{css}'>{rate_ci(row.win_rate, row.win_lo, row.win_hi)}, {count(row.n)}</td>"


def _rating_order(con: duckdb.DuckDBPyConnection) -> dict[tuple[str, str, int, str], float]:
    """Strongest agent first in each matrix (minus the rating sorts descending)."""
    if not has_table(con, "met_agent_ratings"):
        return {}
    found = con.execute("select game, ruleset, num_players, agent, rating from met_agent_ratings").fetchall()
    return {(g, r, int(p), a): -float(rating) for g, r, p, a, rating in found}


def mixed_table(con: duckdb.DuckDBPyConnection, names: Names) -> str:
    """Agent win rates in mixed line-ups against the fair share 1/P."""
    if not has_table(con, "met_agent_win_rate"):
        return "<h3>Mixed line-ups</h3><p class='pending'>No mixed line-ups in this warehouse.</p>"
    agents = con.execute("select * from met_agent_win_rate where source = 'simulated' "
                         "order by game, num_players, win_rate desc").df()
    if agents.empty:
        return "<h3>Mixed line-ups</h3><p class='pending'>No mixed line-ups in this warehouse.</p>"
    rows = [[names.game(r.game), str(r.num_players), r.agent, count(r.n), pct(r.win_rate),
             f"{pct(r.win_lo)}–{pct(r.win_hi)}", pct(r.reference)] for r in agents.itertuples()]
    return ("<h3>Mixed line-ups</h3><p class='note'>Win rate of each agent in games mixing kinds of agent (seats "
            "rotated) against the fair share 1/P.</p>"
            + _table(["game", "players", "agent", "player-games", "win rate", "95% interval", "fair share"], rows,
                     {1, 3, 4, 5, 6}))


def _table(headers: list[str], rows: list[list[str]], numeric: set[int]) -> str:
    """A plain HTML table of text cells, the `numeric` columns right-aligned."""
    head = "".join(f"<th>{escape(h)}</th>" for h in headers)
    opening = ["<td class='num'>" if i in numeric else "<td>" for i in range(len(headers))]
    body = "".join("<tr>" + "".join(f"{opening[i]}{escape(cell)}</td>" for i, cell in enumerate(row)) + "</tr>"
                   for row in rows)
    return f"<div class='table-wrap'><table><tr>{head}</tr>{body}</table></div>"
