"""The suite runs offline: tests/conftest.py refuses every connection outside loopback, and DuckDB is
opened with extension auto-install and auto-load off, through one helper."""

from __future__ import annotations

import ast
import errno
import socket
from pathlib import Path

import duckdb
import pytest

from warehouse.query import connect, one_value

ROOT = Path(__file__).resolve().parents[1]
SOURCES = ("engine", "lake", "simulate", "recorded", "warehouse", "reports", "show", "balance", "notebooks")


def test_a_connection_outside_loopback_is_refused() -> None:
    for family, address in ((socket.AF_INET, ("192.0.2.1", 80)), (socket.AF_INET6, ("2001:db8::1", 80, 0, 0))):
        with socket.socket(family, socket.SOCK_STREAM) as sock:  # documentation addresses: never routed anyway
            with pytest.raises(OSError, match="the tests run offline: no connection to ") as refused:
                sock.connect(address)
            assert refused.value.errno == errno.ENETUNREACH
            assert sock.connect_ex(address) == errno.ENETUNREACH
    with pytest.raises(OSError, match="no connection to 192.0.2.1"):
        socket.create_connection(("192.0.2.1", 80), timeout=1)


def test_a_loopback_connection_is_allowed() -> None:
    with socket.create_server(("127.0.0.1", 0)) as server, socket.create_connection(server.getsockname(), timeout=5):
        server.accept()[0].close()


def test_duckdb_never_fetches_an_extension() -> None:
    with connect() as con:
        assert one_value(con, "select current_setting('autoinstall_known_extensions')") is False
        assert one_value(con, "select current_setting('autoload_known_extensions')") is False
        with pytest.raises(duckdb.Error, match="httpfs"):
            con.execute("select * from 'https://example.org/events.parquet'")


def test_every_duckdb_connection_goes_through_the_offline_helper() -> None:
    calls = []
    for package in SOURCES:
        for path in sorted((ROOT / package).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if (isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) and node.value.id == "duckdb"
                        and node.attr in ("connect", "sql", "execute", "query", "read_parquet")):
                    calls.append(f"{path.relative_to(ROOT)}: duckdb.{node.attr}")
    assert calls == ["warehouse/query.py: duckdb.connect"]
