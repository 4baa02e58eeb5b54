"""warehouse: DuckDB models over the lake: staging -> intermediate -> facts -> metrics."""

from pathlib import Path

DEFAULT_WAREHOUSE = Path("data/warehouse.duckdb")
"""Where the warehouse is written and read unless a command is told otherwise."""
