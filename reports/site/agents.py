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

from engine.core.agents import SEARCH_AGENT_NAMES
from reports.findings.headlines import has_table
from reports.kit.words import count, pct, rate_ci
from reports.page import escape
from warehouse.display_names import Names


def agents_section(con: duckdb.DuckDBPyConnection, names: Names) -> str:
    """Ratings, the pairwise matrix and mixed line-ups, with one sentence on what the headlines rest on."""
    intro = ("<p>Headline numbers come from the strongest self-play in the study: search (ismcts) where it was "
             "played, else greedy (a one-move-ahead player); each headline's label says whether greedy and search "
             "play agree. These tables say "
             "how strong those players are. A stronger agent winning more says how good the play is, not that the "
             "game is unfair.</p>")
    return intro + strength_sentences(con, names) + ratings_table(con, names) + pairwise_table(con, names) + (
        mixed_table(con, names))


def strength_sentences(con: duckdb.DuckDBPyConnection, names: Names) -> str:
    """Per game and player count: how often the search agent beats greedy (the gap between the two plays)."""
    if not has_table(con, "met_agent_pairwise"):
        return ""
    searched = " or ".join("agent like ?" for _ in SEARCH_AGENT_NAMES)
    rows = con.execute(f"select * from met_agent_pairwise where ({searched}) and opponent = 'greedy' "
                       "order by game, ruleset, num_players, agent", [f"{n}%" for n in SEARCH_AGENT_NAMES]).df()
    items = "".join(
        f"<li>{escape(names.game(r.game))} ({escape(names.ruleset(r.ruleset))}), {r.num_players} players: "
        f"{escape(r.agent)} beats greedy in {rate_ci(r.win_rate, r.win_lo, r.win_hi)} of {count(r.n)} games"
        f"{'' if r.flagged else ' (not beyond noise: the two play about as well)'}.</li>"
        for r in rows.itertuples())
    return f"<ul>{items}</ul>" if items else ""


def ratings_table(con: duckdb.DuckDBPyConnection, names: Names) -> str:
    """One rating per agent, game, ruleset and player count, strongest first."""
    if not has_table(con, "met_agent_ratings"):
        return "<p class='pending'>Ratings: not measured yet (no two-agent games in this warehouse).</p>"
    ratings = con.execute("select * from met_agent_ratings order by game, ruleset, num_players, rating desc").df()
    if ratings.empty:
        return "<p class='pending'>Ratings: not measured yet (no two-agent games in this warehouse).</p>"
    rows = [[names.game(r.game), names.ruleset(r.ruleset), str(r.num_players), r.agent, *_rating_cells(r),
             count(r.games)] for r in ratings.itertuples()]
    return _folded(f"Ratings: {len(rows)} agents by game, ruleset and player count",
                   "Bradley–Terry ratings on the Elo scale (400 points = odds of 10 to 1), centred on the agents' "
                   "mean, with a 95% bootstrap interval over games; from every game with exactly two kinds of agent.",
                   _table(["game", "ruleset", "players", "agent", "rating", "95% interval", "games"], rows,
                          {2, 4, 5, 6}))


def _rating_cells(row: Any) -> list[str]:
    """The rating and its interval, or why the games fix none (a one-sided pairing has no finite rating)."""
    note = getattr(row, "note", None)
    if isinstance(note, str):
        return ["—", note]
    return [f"{row.rating:+.0f}", f"{row.rating_lo:+.0f} to {row.rating_hi:+.0f}"]


def pairwise_table(con: duckdb.DuckDBPyConnection, names: Names) -> str:
    """One row per pair of agents that met: the winner's win rate against the other, with n."""
    if not has_table(con, "met_agent_pairwise"):
        return ""
    pairs = con.execute("""
        select * from met_agent_pairwise
        where win_rate > 0.5 or (win_rate = 0.5 and agent < opponent)
        order by game, ruleset, num_players, win_rate desc, agent""").df()
    if pairs.empty:
        return ""
    rows = [[names.game(r.game), names.ruleset(r.ruleset), str(r.num_players), r.agent, r.opponent,
             rate_ci(r.win_rate, r.win_lo, r.win_hi), count(r.n), "yes" if r.flagged else "no"]
            for r in pairs.itertuples()]
    return _folded(f"Head to head: {len(rows)} pairs of agents",
                   "Win rate of the first agent against the second in games between the two (seats rotated; a "
                   "shared win counts as a share), with its 95% interval; beyond noise when the interval excludes "
                   "50%.",
                   _table(["game", "ruleset", "players", "agent", "against", "win rate", "games", "beyond noise"],
                          rows, {2, 5, 6}))


def _folded(summary: str, note: str, table: str) -> str:
    """A table folded under a one-line summary: the section stays short, the numbers a click away."""
    return f"<details><summary>{escape(summary)}</summary><p class='note'>{escape(note)}</p>{table}</details>"


def mixed_table(con: duckdb.DuckDBPyConnection, names: Names) -> str:
    """Agent win rates in mixed line-ups against the fair share 1/P."""
    if not has_table(con, "met_agent_win_rate"):
        return "<p class='pending'>Mixed line-ups: none in this warehouse.</p>"
    agents = con.execute("select * from met_agent_win_rate where source = 'simulated' "
                         "order by game, num_players, win_rate desc").df()
    if agents.empty:
        return "<p class='pending'>Mixed line-ups: none in this warehouse.</p>"
    rows = [[names.game(r.game), str(r.num_players), r.agent, count(r.n), pct(r.win_rate),
             f"{pct(r.win_lo)}–{pct(r.win_hi)}", pct(r.reference)] for r in agents.itertuples()]
    return _folded(f"Mixed line-ups: {len(rows)} agents' win rates against the fair share",
                   "Win rate of each agent in games mixing kinds of agent (seats rotated) against the fair share 1/P.",
                   _table(["game", "players", "agent", "player-games", "win rate", "95% interval", "fair share"], rows,
                          {1, 3, 4, 5, 6}))


def _table(headers: list[str], rows: list[list[str]], numeric: set[int]) -> str:
    """A plain HTML table of text cells, the `numeric` columns right-aligned."""
    head = "".join(f"<th>{escape(h)}</th>" for h in headers)
    opening = ["<td class='num'>" if i in numeric else "<td>" for i in range(len(headers))]
    body = "".join("<tr>" + "".join(f"{opening[i]}{escape(cell)}</td>" for i, cell in enumerate(row)) + "</tr>"
                   for row in rows)
    return f"<div class='table-wrap'><table><tr>{head}</tr>{body}</table></div>"
