"""The `balance` command: a thin layer over engine, simulate, warehouse and reports."""
