"""The verdict table in the designer's words: tilted, fair or undecided, per play strength.

Every card and list that says whether a headline cell needs a look reads
`met_verdicts` (`warehouse.verdicts`) through this module, so the index, the
cards and the lists tell one truth. A verdict always names its play, its games
and its minimum: "seat 1 at 2 players is fair within ±2 points under ismcts
self-play (1,840 games)". A tilted cell is sized by the smallest effect its
games support (the sequence's bound nearest the reference), not by its
estimate, and by what to expect on fresh games (its estimate shrunk over its
family: `warehouse.shrinkage`); an undecided one says how many more games (and minutes on this
machine) would decide it.
"""

from __future__ import annotations

import functools
from collections.abc import Callable
from pathlib import Path
from typing import Any

import duckdb
import pandas as pd

from engine.core.errors import BalanceError
from engine.registry import get_game
from reports.kit.notebook import play_lineups
from reports.kit.words import count, pct
from reports.page import escape
from simulate import sequential
from warehouse.display_names import Names
from warehouse.query import connect

TABLE = "met_verdicts"
# finding -> how one of its cells reads (the item is a seat number from 1, a Caprice id, "ruleset: tile" ...)
ITEM_WORDS: dict[str, Callable[[Names, Any], str]] = {
    "seat_win_rate": lambda names, r: f"{names.game(r.game)}{other_ruleset(names, r)} seat {r.item} at "
                                      f"{r.num_players} players",
    "caprice_hit_rate": lambda names, r: names("caprices", r.item),
    "caprice_slot_hit_rate": lambda names, r: f"{r.item} slot at {r.num_players} players",
    "tile_value": lambda names, r: _tile_words(names, r.item),
    "god_win_rate": lambda names, r: f"{names('landscapes', r.item)} god",
    "speed_effect": lambda names, r: f"{r.item} at {r.num_players} players",
}
QUESTION_WORDS = {
    "seat_win_rate": "Seat win rates", "caprice_hit_rate": "Caprice hit rates",
    "caprice_slot_hit_rate": "Bonus-slot hit rates", "tile_value": "Bonus-tile values (takers against completers)",
    "god_win_rate": "4 Gods god win rates", "speed_effect": "4 Gods: the faster side's win rate",
}
POINTS = {"tile_value"}  # findings measured in points; the others are rates


def other_ruleset(names: Names, row: Any) -> str:
    """' (The God's Caprice)' for a cell of a game's other ruleset, so two rulesets' cells never read alike."""
    ruleset = getattr(row, "ruleset", None)
    if not isinstance(ruleset, str) or not ruleset or ruleset == _default_ruleset(str(row.game)):
        return ""
    return f" ({names.ruleset(ruleset)})"


@functools.lru_cache(maxsize=32)
def _default_ruleset(game: str) -> str:
    try:
        return get_game(game).default_ruleset
    except BalanceError:  # a game this install does not know: name every ruleset
        return ""


def read_verdicts(con: duckdb.DuckDBPyConnection, where: str = "true", params: list[Any] | None = None
                  ) -> pd.DataFrame:
    """Rows of `met_verdicts` (empty when the warehouse has none)."""
    try:
        return con.execute(f"select * from {TABLE} where {where} order by game, finding, ruleset, agent_mix, "
                           "num_players, item", params or []).df()
    except duckdb.CatalogException:
        return pd.DataFrame()


def strongest(rows: pd.DataFrame) -> pd.DataFrame:
    """The rows of the strongest play present per game and ruleset (search, else greedy, else random)."""
    if rows.empty:
        return rows
    kept = [group[group.agent_mix == play_lineups(group)[0]]
            for _, group in rows.groupby(["game", "ruleset"], sort=False, dropna=False) if play_lineups(group)]
    return pd.concat(kept) if kept else rows.iloc[0:0]


def sentence(row: Any, names: Names) -> str:
    """One cell's verdict in words, with its play, games, sequence and minimum."""
    what = ITEM_WORDS.get(row.finding, lambda _n, r: str(r.item))(names, row)
    play = f"under {row.agent_mix} self-play, {_sample(row)}"
    value, low, high, minimum = _shown(row, row.estimate), _shown(row, row.cs_lo), _shown(row, row.cs_hi), \
        _gap(row, row.min_effect)
    if row.verdict == "fair":
        return f"{what} is fair within ±{minimum} ({value}, {low}–{high}; {play})"
    if row.verdict == "tilted":
        side = "above" if row.estimate > row.reference else "below"
        return (f"{what} is tilted: {value} ({low}–{high}), at least {_gap(row, abs(row.effect_at_least))} "
                f"{side} {_shown(row, row.reference)} ({play}){_shrunk(row)}")
    return f"{what} is undecided ({value}, {low}–{high}; {play}): {needs(row)}"


def _sample(row: Any) -> str:
    """The games behind a cell (a rate over player-games counts its games; a tile value its takers)."""
    if row.finding in POINTS:
        return f"{count(row.n)} takers"
    games = getattr(row, "games", None)
    return f"{count(int(row.n if games is None or pd.isna(games) else games))} games"


def _shrunk(row: Any) -> str:
    """The size to expect on fresh games: the estimate shrunk over its family (warehouse.shrinkage)."""
    shrunk = getattr(row, "shrunk_estimate", None)
    if shrunk is None or pd.isna(shrunk):
        return ""
    return (f"; expect about {_shown(row, float(shrunk))} on fresh games (its estimate shrunk over the "
            f"{count(int(row.family_cells))} cells of its family, empirical Bayes)")


def needs(row: Any) -> str:
    """What an undecided cell would take, in games and minutes on this machine."""
    if row.more_games is None or pd.isna(row.more_games):
        return sequential.BEYOND_REACH
    minutes = ("" if row.minutes_to_decide is None or pd.isna(row.minutes_to_decide)
               else f", {_minutes(float(row.minutes_to_decide))} on this machine")
    fair = getattr(row, "games_if_fair", None)
    design = "" if fair is None or pd.isna(fair) else f"; a fair one needs about {count(int(fair))} in all"
    return f"about {count(int(row.more_games))} more games would decide it if the estimate held{minutes}{design}"


def _shown(row: Any, value: float) -> str:
    return f"{value:+.2f} points" if row.finding in POINTS else pct(value)


def _gap(row: Any, value: float) -> str:
    return f"{value:.2f} points" if row.finding in POINTS else f"{100 * value:.1f} points"


def _minutes(minutes: float) -> str:
    if minutes < 1:
        return "under a minute"
    if minutes < 120:
        return f"about {minutes:.0f} minute{'' if round(minutes) == 1 else 's'}"
    return f"about {minutes / 60:.1f} hours"


def counts_line(rows: pd.DataFrame) -> str:
    """'3 tilted, 1 fair, 10 undecided of 14'."""
    tally = rows.verdict.value_counts()
    return (f"{tally.get('tilted', 0)} tilted, {tally.get('fair', 0)} fair, {tally.get('undecided', 0)} undecided "
            f"of {len(rows)}")


def verdicts_section(con: duckdb.DuckDBPyConnection, names: Names) -> str:
    """Per question, game and ruleset: the verdicts at every strength, tilted cells named, all cells a click away."""
    rows = read_verdicts(con)
    if rows.empty:
        return "<p class='pending'>No verdicts in this warehouse (rebuild it with `balance warehouse build`).</p>"
    blocks = []
    several = rows.groupby("game").ruleset.nunique()
    for (finding, game, ruleset), group in rows.groupby(["finding", "game", "ruleset"], sort=False, dropna=False):
        title = f"{QUESTION_WORDS.get(finding, finding)}: {names.game(game)}"
        if several.get(game, 1) > 1 and finding != "tile_value":  # a tile's item names its ruleset
            title += f" ({names.ruleset(ruleset)})"
        lines = []
        for mix in play_lineups(group):
            cells = group[group.agent_mix == mix]
            tilted = cells[cells.verdict == "tilted"]
            named = "".join(f"<li>{escape(sentence(r, names))}</li>" for r in tilted.itertuples())
            closest = cells[cells.verdict == "undecided"].sort_values("more_games", na_position="last").head(1)
            hint = "".join(f"<li class='note'>Closest undecided: {escape(sentence(r, names))}</li>"
                           for r in closest.itertuples())
            lines.append(f"<p><strong>{escape(mix)} self-play</strong>{' (a reference)' if mix == 'random' else ''}: "
                         f"{counts_line(cells)} cells (family of {count(cells.family_cells.iloc[0])}).</p>"
                         f"<ul>{named}{hint}</ul>")
        lines.append(strength_words(con, finding, game, ruleset, names))
        every = "".join(f"<li>{escape(sentence(r, names))}</li>" for r in group.itertuples())
        blocks.append(f"<h3>{escape(title)}</h3>{''.join(lines)}"
                      f"<details><summary>Every cell at every strength ({len(group)})</summary><ul>{every}</ul>"
                      "</details>")
    return (f"<p>{escape(INTRO)}</p>" + "".join(blocks))


def strength_words(con: duckdb.DuckDBPyConnection, finding: str, game: str, ruleset: str, names: Names) -> str:
    """Does the verdict move with strength? The cells a larger search budget was played on, and those it changes."""
    try:
        rows = con.execute("select * from met_finding_labels where finding = ? and game = ? and ruleset = ? "
                           "and strength is not null", [finding, game, ruleset]).df()
    except duckdb.CatalogException:
        return ""
    if rows.empty:
        return ""
    tally = rows.strength.value_counts()
    words = ITEM_WORDS.get(finding, lambda _n, r: str(r.item))
    changed = "".join(f"<li>{escape(words(names, r))}: {escape(str(r.search_verdict))} under "
                      f"{escape(r.search_lineup)}, {escape(str(r.stronger_verdict))} under "
                      f"{escape(r.stronger_lineup)}</li>"
                      for r in rows[rows.strength == "changes with strength"].itertuples())
    return (f"<p>Stronger play ({escape(', '.join(sorted(set(rows.stronger_lineup))))}, on {len(rows)} cells): "
            f"{tally.get('converged', 0)} converged (the two strongest agree), "
            f"{tally.get('changes with strength', 0)} change with strength, {tally.get('not known', 0)} not known "
            f"(undecided under one of them).</p>" + (f"<ul>{changed}</ul>" if changed else ""))


INTRO = ("Each headline cell per kind of play: tilted (beyond noise and at least the minimum that matters from its "
         "reference), fair (within ± the minimum) or undecided, from confidence sequences that stay valid however "
         "often the study looked while it kept playing, with one correction over the cells of each question, game, "
         "ruleset and kind of play. A tilted cell's size is the smallest effect its games support.")


def decided_counts(warehouse: Path) -> list[str]:
    """Per kind of play: how many headline cells are decided (for `balance run`'s closing lines)."""
    with connect(str(warehouse), read_only=True) as con:
        rows = read_verdicts(con)
    lines = []
    for kind, group in rows.groupby(rows.agent_mix.map(_kind), sort=True) if len(rows) else ():
        decided = int((group.verdict != "undecided").sum())
        lines.append(f"headline cells decided under {kind} play: {decided} of {len(group)} "
                     f"({100 * decided / len(group):.0f}%; {counts_line(group)})")
    return lines


def _kind(mix: str) -> str:
    return "search" if mix.startswith("ismcts") else mix


def _tile_words(names: Names, item: str) -> str:
    ruleset, _, tile = item.partition(": ")
    return f"{names.ruleset(ruleset)}: {names('tiles', tile)}" if tile else names("tiles", item)


def lead_markdown(rows: pd.DataFrame, names: Names) -> str:
    """A game page's first words: per question, the strongest play's verdicts, tilted cells named."""
    decided = strongest(rows)
    if decided.empty:
        return "No verdicts for this game in this warehouse (rebuild it with `balance warehouse build`)."
    lines = []
    for (finding, ruleset), group in decided.groupby(["finding", "ruleset"], sort=False, dropna=False):
        where = f" ({names.ruleset(ruleset)})" if decided.ruleset.nunique() > 1 and finding != "tile_value" else ""
        tilted = [f"    - {sentence(r, names)}" for r in group[group.verdict == "tilted"].itertuples()]
        fair = [f"    - {sentence(r, names)}" for r in group[group.verdict == "fair"].head(3).itertuples()]
        lines.append(f"- **{QUESTION_WORDS.get(finding, finding)}{where}** under {group.agent_mix.iloc[0]} "
                     f"self-play: {counts_line(group)} cells.")
        lines += tilted + fair
    return "\n".join(lines) + ("\n\nEvery cell at every strength: the index, *Tilted, fair or undecided*.")
