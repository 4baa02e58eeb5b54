"""The robust / agent-dependent label of a headline finding, read from the warehouse.

A finding is *robust* when it is beyond noise with the same sign under greedy
and ismcts self-play, *agent-dependent* when they disagree, otherwise *not
shown* (the search-agents work stores the label in the warehouse). Until a
warehouse holds labels, `label_for` returns None and the index says the finding
is not labelled yet rather than guessing.
"""

from __future__ import annotations

import duckdb

LABEL_TABLE = "met_finding_labels"  # (finding, label): one row per headline finding


def label_for(con: duckdb.DuckDBPyConnection, finding: str) -> str | None:
    """'robust', 'agent-dependent' or 'not shown' for a finding; None when the warehouse has no labels."""
    try:
        row = con.execute(f"select label from {LABEL_TABLE} where finding = ? limit 1", [finding]).fetchone()
    except duckdb.CatalogException:
        return None
    return str(row[0]) if row else None
