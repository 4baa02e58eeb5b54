"""`--json`: one JSON document on stdout for scripts; every other line a command prints goes to stderr.

A command adds the flag with `add_json_flag` and hands its result to `emit`;
`balance.cli` sends the command's text to stderr while it runs and then
writes the document, with the envelope every document shares (`command`,
`version`, `exit_code`; an error document carries `error`). The keys of each
command's document are described in docs/json.md and checked against
docs/json.schema.json by the tests.
"""

from __future__ import annotations

import argparse
import json
import math
from importlib.metadata import PackageNotFoundError, version
from pathlib import PurePath
from typing import TYPE_CHECKING, Any, TextIO

if TYPE_CHECKING:  # pandas is imported by the commands that make tables, not by every command's start
    import pandas as pd


def add_json_flag(parser: argparse.ArgumentParser, default: Any = False) -> None:
    parser.add_argument("--json", action="store_true", default=default,
                        help="print one JSON document on stdout (docs/json.md); messages and progress go to stderr")


def emit(args: argparse.Namespace, document: dict[str, Any]) -> None:
    """Keep the command's result; `balance.cli` writes it once the command has returned."""
    args.json_document = document


def distribution_version() -> str:
    """`boardgame-balance 0.1.0`: the installed distribution's name and version (a source tree never installed
    says so)."""
    from lake.manifest import DISTRIBUTION  # pyarrow and the lake only when a version is asked for

    try:
        return f"{DISTRIBUTION} {version(DISTRIBUTION)}"
    except PackageNotFoundError:
        return f"{DISTRIBUTION} (not installed: pip install -e .)"


def write_document(out: TextIO, command: str, exit_code: int, document: dict[str, Any]) -> None:
    """The document with its envelope, as one line of strict JSON (NaN and infinity become null)."""
    whole = {"command": command, "version": distribution_version().split(" ", 1)[1], "exit_code": exit_code,
             **document}
    out.write(json.dumps(plain(whole), allow_nan=False, ensure_ascii=False) + "\n")
    out.flush()


def records(frame: pd.DataFrame) -> list[dict[str, Any]]:
    """A table's rows as JSON objects, numpy numbers as Python numbers, missing values as null."""
    return [plain(row) for row in json.loads(frame.to_json(orient="records", date_format="iso"))]


def plain(value: Any) -> Any:
    """`value` with every part made JSON-safe: numpy scalars unwrapped, paths as text, NaN and infinity null."""
    if isinstance(value, dict):
        return {str(key): plain(item) for key, item in value.items()}
    if isinstance(value, list | tuple | set | frozenset):
        return [plain(item) for item in value]
    if isinstance(value, PurePath):
        return str(value)
    if hasattr(value, "item") and not isinstance(value, str | bytes):  # a numpy scalar
        value = value.item()
    if isinstance(value, float) and not math.isfinite(value):
        return None
    if type(value).__name__ in ("NAType", "NaTType"):  # pandas' missing values
        return None
    return value
