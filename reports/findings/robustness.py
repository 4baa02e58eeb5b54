"""The robust / agent-dependent label of a headline finding, read from the warehouse.

The search-agents work stores one label per finding cell in
`met_finding_labels` (game, finding, num_players, item, the greedy and search
line-ups' estimates, `label`, `label_note`): *robust* when the cell is beyond
noise with the same sign under greedy and under search (ismcts) self-play,
*agent-dependent* when the two disagree, otherwise *not shown*.

A headline card names a few cells (the flagged Caprices, seat 1 at each player
count ...). Its label is the most cautious one among them: it says *robust*
only when every cell it names is robust. The note beside it says, in the
designer's words, which cells carry which label and why (the table's own
sentence), with the greedy and search figures where the two disagree. Until a
warehouse holds labels, `robustness` returns None and the card says it is not
labelled yet rather than guessing.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

import duckdb
import pandas as pd

from reports.kit.verdicts import ITEM_WORDS
from reports.kit.words import rate_ci, value_ci
from warehouse.display_names import Names

LABEL_TABLE = "met_finding_labels"
CAUTION = ("agent-dependent", "not shown", "robust")  # the card shows the first of these any named cell has
MAX_NAMED = 6  # cells named per label in a note; the rest are counted

Cell = tuple[str, int, str]  # (game, num_players, item) as met_finding_labels keys them

@dataclass(frozen=True)
class Robustness:
    """A card's label (robust / agent-dependent / not shown) and the plain reason."""

    label: str
    note: str


def robustness(con: duckdb.DuckDBPyConnection, finding: str, names: Names,
               cells: Iterable[Cell] | None = None) -> Robustness | None:
    """The label of the cells a card names (all the finding's cells when `cells` is None or matches none).

    None when the warehouse has no label table (a warehouse built before labels existed).
    """
    try:
        rows = con.execute(f"select * from {LABEL_TABLE} where finding = ? order by game, num_players, item",
                           [finding]).df()
    except duckdb.CatalogException:
        return None
    if rows.empty:
        return Robustness("not shown", "not measured under both greedy and search (ismcts) self-play in this "
                                       "warehouse, so whether it rests on the kind of play is unknown")
    wanted = {(str(g), int(p), str(i)) for g, p, i in cells} if cells is not None else set()
    keys = list(zip(rows.game.astype(str), rows.num_players.astype(int), rows["item"].astype(str), strict=True))
    named = rows[[key in wanted for key in keys]] if wanted else rows
    if named.empty:
        named = rows
    present = set(named.label)
    label = next((label for label in CAUTION if label in present), "not shown")
    return Robustness(label, _note(finding, named, names))


def _note(finding: str, rows: pd.DataFrame, names: Names) -> str:
    """Per label and reason: how many of the named cells, which ones, and (where play disagrees) both figures."""
    words = ITEM_WORDS.get(finding, lambda _names, r: str(r.item))
    parts = []
    for (label, why), group in sorted(rows.groupby(["label", "label_note"], sort=False),
                                      key=lambda kv: CAUTION.index(kv[0][0]) if kv[0][0] in CAUTION else 9):
        shown = [words(names, r) + (_both(finding, r) if label == "agent-dependent" else "")
                 for r in group.head(MAX_NAMED).itertuples()]
        more = f" and {len(group) - MAX_NAMED} more" if len(group) > MAX_NAMED else ""
        share = f"{len(group)} of {len(rows)}" if len(rows) > 1 else "it"
        parts.append(f"{label.capitalize()} for {share} ({why}): {'; '.join(shown)}{more}.")
    return " ".join(parts)


def _both(finding: str, row: Any) -> str:
    """' (greedy 4.9% (4.5–5.3%), search 12.0% (…))': the two kinds of play side by side."""
    sides = []
    for side, title in (("greedy", "greedy"), ("search", row.search_lineup or "search")):
        estimate = getattr(row, f"{side}_estimate")
        if estimate is None or pd.isna(estimate):
            continue
        lo, hi = getattr(row, f"{side}_lo"), getattr(row, f"{side}_hi")
        sides.append(f"{title} {value_ci(estimate, lo, hi, 2, signed=True)} points" if finding == "tile_value"
                     else f"{title} {rate_ci(estimate, lo, hi)}")
    return f" ({', '.join(sides)})" if sides else ""
