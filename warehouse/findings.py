"""Headline findings by play strength: one shape for every headline metric, and the robustness label.

`met_findings_by_lineup` (one row per finding cell and line-up) puts the
headline metrics side by side: seat win rates, Caprice and slot hit rates,
Four Gardens bonus-tile values, 4 Gods god win rates and the speed effect,
each with its estimate, 95% interval, n, the reference it is compared with
and whether the interval excludes it (`beyond_noise`). Only simulated games;
`agent_mix` is the line-up (`greedy`, `ismcts`, `random`, or a matchup such
as `greedy vs greedy-fast`).

`met_finding_labels` (one row per finding cell and ruleset) says whether the
finding rests on the kind of play, over the verdicts of `met_verdicts`
(tilted / fair / undecided from an anytime-valid confidence sequence,
`warehouse.verdicts`):

* **robust** - the same decided verdict under greedy self-play and under
  search (ismcts) self-play: fair under both, or tilted the same way;
* **agent-dependent** - both decided, differently (fair under one and tilted
  under the other, or tilted in opposite directions);
* **not shown** - undecided under either (or not played under one).

Random play is kept beside them as a labelled reference (`random_*`), never
in the label. Where a search line-up with a larger budget was played (e.g. 4x
the iterations, on a sample; beside a headline agent with no budget, such as
Four Gardens' `lookahead:0.5`, the other search with the largest one),
`stronger_*` holds its verdict and `strength` says whether the verdict moves
with strength: *converged* (the two strongest
give the same decided verdict), *changes with strength* (both decided,
differently) or *not known* (either undecided).
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from typing import Any

import duckdb
import pandas as pd

from engine.core.agents import SEARCH_AGENT_NAMES, make_agent
from engine.core.errors import BalanceError
from engine.registry import get_game
from simulate.sequential import TILTED, UNDECIDED
from warehouse.writeback import schema

Z = 1.96

# finding -> (table, SQL select of: game, [ruleset,] num_players, item, agent_mix, estimate, lo, hi, n, reference);
# a table without a ruleset column holds one ruleset per game (`rulesets_of`)
SOURCES: dict[str, tuple[str, str]] = {
    "seat_win_rate": ("met_seat_advantage", """
        select game, ruleset, num_players, cast(seat + 1 as varchar) as item, agent_mix,
               win_rate as estimate, win_lo as lo, win_hi as hi, n, reference
        from met_seat_advantage where source = 'simulated' and agent_mix not like '% vs %'"""),
    "caprice_hit_rate": ("met_caprice_hit_rate", """
        select 'caprices' as game, 0 as num_players, caprice_id as item, agent_mix,
               hit_rate as estimate, hit_lo as lo, hit_hi as hi, n, reference
        from met_caprice_hit_rate
        where source = 'simulated' and dimension = 'overall' and not is_common and agent_mix not like '% vs %'"""),
    "caprice_slot_hit_rate": ("met_caprice_slot_hit_rate", """
        select 'caprices' as game, cast(num_players as integer) as num_players, slot_label as item, agent_mix,
               hit_rate as estimate, hit_lo as lo, hit_hi as hi, n, reference
        from met_caprice_slot_hit_rate
        where source = 'simulated' and num_players <> 'all' and slot > 0 and agent_mix not like '% vs %'"""),
    "tile_value": ("met_gardens_bonus_tiles", """
        select 'gardens' as game, 0 as num_players, ruleset || ': ' || tile as item, agent_mix,
               score_diff as estimate, score_diff_lo as lo, score_diff_hi as hi, k as n, 0.0 as reference
        from met_gardens_bonus_tiles
        where source = 'simulated' and agent_mix not like '% vs %' and score_diff_lo is not null"""),
    "god_win_rate": ("met_gods_god_win_rate", """
        select 'gods' as game, 0 as num_players, god as item, agent_mix,
               win_rate as estimate, win_lo as lo, win_hi as hi, n, reference
        from met_gods_god_win_rate
        where source = 'simulated' and num_players = 'all' and god <> 'none' and agent_mix not like '% vs %'"""),
    "speed_effect": ("met_gods_speed", """
        select 'gods' as game, num_players, printf('faster side ×%.2f', relative_pace) as item,
               split_part(matchup, ' vs ', 1) as agent_mix,
               win_rate as estimate, win_lo as lo, win_hi as hi, n, reference
        from met_gods_speed where source = 'simulated' and relative_pace < 1 and matchup like '% vs %-fast'"""),
}


def speed_item(relative_pace: float) -> str:
    """The speed finding's item: the faster side at its relative pace (`met_gods_speed.relative_pace`, 2 decimals),
    as the SQL above writes it; a player count seats the faster side at more than one pace (3 players: one fast
    seat against two slow ones, or two against one), and each is its own cell."""
    return f"faster side ×{relative_pace:.2f}"


BY_LINEUP = ["game", "finding", "ruleset", "num_players", "item", "agent_mix", "estimate", "lo", "hi", "n", "reference",
             "beyond_noise"]


def by_lineup_model(con: duckdb.DuckDBPyConnection, catalogue: Any = None) -> pd.DataFrame:
    """`met_findings_by_lineup`: every headline metric present in the warehouse, in one shape."""
    present = {row[0] for row in con.execute("select table_name from information_schema.tables").fetchall()}
    frames = []
    for finding, (table, sql) in SOURCES.items():
        if table in present:
            frame = con.execute(sql).df()
            frame.insert(1, "finding", finding)
            if "ruleset" not in frame:
                frame.insert(2, "ruleset", rulesets_of(con, frame, finding))
            frames.append(frame)
    if not frames:
        return pd.DataFrame(columns=BY_LINEUP)
    rows = pd.concat(frames, ignore_index=True)
    rows["beyond_noise"] = (rows.reference < rows.lo) | (rows.reference > rows.hi)
    return rows[BY_LINEUP].astype({"num_players": "int32", "n": "int64"})


def rulesets_of(con: duckdb.DuckDBPyConnection, frame: pd.DataFrame, finding: str) -> list[str]:
    """The ruleset of each row of a table without a ruleset column: a tile's item names it, every other such
    table has one ruleset per game."""
    if finding == "tile_value":
        return [str(item).partition(": ")[0] for item in frame["item"]]
    games = con.execute("select game, min(ruleset) from fct_games where source = 'simulated' group by game").fetchall()
    by_game = dict(games)
    return [str(by_game.get(game, "")) for game in frame.game]


def labels_model(con: duckdb.DuckDBPyConnection, catalogue: Any = None) -> pd.DataFrame:
    """`met_finding_labels`: one row per finding cell and ruleset, greedy and search verdicts side by side."""
    rows = con.execute("select * from met_verdicts").df()
    keys = ["game", "finding", "ruleset", "num_players", "item"]
    out = []
    for key, cell in rows.groupby(keys, sort=True, dropna=False):
        out.append({**dict(zip(keys, key)), **_label_cell(cell)})
    return pd.DataFrame(out, columns=[*keys, *LABEL_COLUMNS])


PARTS = ("verdict", "estimate", "lo", "hi", "n", "reference")
LABEL_COLUMNS = [*[f"{side}_{part}" for side in ("greedy", "search", "random", "stronger") for part in PARTS],
                 "search_lineup", "label", "label_note", "stronger_lineup", "strength"]


def _label_cell(cell: pd.DataFrame) -> dict[str, Any]:
    by_mix = {row.agent_mix: row for row in cell.itertuples()}
    greedy = by_mix.get("greedy")
    searches = [row for mix, row in by_mix.items() if mix.startswith(SEARCH_AGENT_NAMES)]
    search = max(searches, key=lambda row: row.n) if searches else None
    values: dict[str, Any] = {}
    stronger = _stronger(cell.game.iloc[0], search, searches)
    for side, row in (("greedy", greedy), ("search", search), ("random", by_mix.get("random")),
                      ("stronger", stronger)):
        values.update(_side(side, row))
    values["search_lineup"] = search.agent_mix if search is not None else None
    values["label"], values["label_note"] = label(greedy, search)
    values["stronger_lineup"] = stronger.agent_mix if stronger is not None else None
    values["strength"] = strength(search, stronger)
    return values


def _stronger(game: str, search: Any, searches: list[Any]) -> Any:
    """The search line-up with the largest budget when it is larger than the headline search's (None: none).

    A headline agent without an iteration budget (Four Gardens' `strong` is `lookahead:0.5`, which matched the
    reference search head to head) is set beside the other line-up with the largest budget: the two strongest."""
    budgets = [(iterations(game, row.agent_mix), row) for row in searches if row is not search]
    known = [(budget, row) for budget, row in budgets if budget is not None]
    if search is None or not known:
        return None
    budget, row = max(known, key=lambda pair: pair[0])
    headline = iterations(game, search.agent_mix)
    return row if headline is None or budget > headline else None


@functools.lru_cache(maxsize=64)
def iterations(game: str, agent: str) -> int | None:
    """A search agent's iterations per decision (None for an agent that does not search or is unknown)."""
    try:
        return getattr(make_agent(agent, get_game(game)), "iterations", None)
    except BalanceError:
        return None


def strength(search: Any, stronger: Any) -> str | None:
    """Does the verdict move with strength? converged / changes with strength / not known (None: no larger budget)."""
    if search is None or stronger is None:
        return None
    if UNDECIDED in (search.verdict, stronger.verdict):
        return "not known"
    return "converged" if _way(search) == _way(stronger) else "changes with strength"


def label(greedy: Any, search: Any) -> tuple[str, str]:
    """(label, a plain sentence why) from the greedy and the search line-up's verdicts (None: not played).

    Robust: the same decided verdict (fair, or tilted the same way) under both; agent-dependent: both decided,
    differently; not shown: either undecided (or not played).
    """
    if greedy is None or search is None:
        missing = "greedy" if greedy is None else "search (ismcts)"
        return "not shown", f"not measured under {missing} self-play"
    undecided = [name for name, row in (("greedy", greedy), ("search", search)) if row.verdict == UNDECIDED]
    if undecided:
        return "not shown", f"undecided under {' and '.join(undecided)} play"
    g_way, s_way = _way(greedy), _way(search)
    if g_way == s_way:
        return "robust", f"{g_way} under greedy and under search self-play"
    return "agent-dependent", f"{g_way} under greedy play, {s_way} under search play"


def _way(row: Any) -> str:
    if row.verdict != TILTED:
        return str(row.verdict)
    return "tilted up" if row.estimate > row.reference else "tilted down"


def _side(side: str, row: Any) -> dict[str, Any]:
    if row is None:
        return {f"{side}_{part}": None for part in PARTS}
    return {f"{side}_verdict": str(row.verdict), f"{side}_estimate": float(row.estimate),
            f"{side}_lo": float(row.cs_lo), f"{side}_hi": float(row.cs_hi), f"{side}_n": int(row.n),
            f"{side}_reference": float(row.reference)}


PYTHON_MODELS: dict[str, tuple[Callable[[duckdb.DuckDBPyConnection, Any], pd.DataFrame], str, str]] = {
    "met_findings_by_lineup": (by_lineup_model, "met_seat_advantage",
                               "one row per headline finding cell and line-up"),
    "met_finding_labels": (labels_model, "met_verdicts", "one row per headline finding cell and ruleset"),
}

# name -> key (as in a model's `-- key:` header)
PYTHON_KEYS = {
    "met_findings_by_lineup": "game, finding, ruleset, num_players, item, agent_mix",
    "met_finding_labels": "game, finding, ruleset, num_players, item",
}

# name -> the columns it writes, with their types (warehouse.writeback)
PYTHON_SCHEMAS = {
    "met_findings_by_lineup": schema(
        "game string, finding string, ruleset string, num_players int32, item string, agent_mix string, "
        "estimate double, "
        "lo double, hi double, n int64, reference double, beyond_noise bool"),
    "met_finding_labels": schema(", ".join([
        "game string, finding string, ruleset string, num_players int32, item string",
        *(f"{side}_verdict string, {side}_estimate double, {side}_lo double, {side}_hi double, {side}_n int64, "
          f"{side}_reference double" for side in ("greedy", "search", "random", "stronger")),
        "search_lineup string, label string, label_note string, stronger_lineup string, strength string"])),
}
