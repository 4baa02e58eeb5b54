"""Argument types shared by every `balance` command: each value checked when it is parsed.

A bad value becomes a one-line argparse error naming the flag and what to
write instead (exit code 1, see `balance.cli`), never a traceback later on.
"""

from __future__ import annotations

import argparse
import math
import re
from collections.abc import Callable
from pathlib import Path

from lake.layout import RUN_ID_RULE, safe_run_id
from lake.spec import MAX_BATCH_SIZE, MAX_GAMES, MAX_SEED, MIN_SEED
from lake.store import is_url

MAX_WORKERS = 512


def bounded_int(low: int, high: int, what: str) -> Callable[[str], int]:
    """An integer type for argparse that must lie in low..high."""
    def parse(text: str) -> int:
        try:
            value = int(text.strip().replace("_", ""))
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a whole number ({what}), got {text!r}") from None
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{value} is out of range: {what} must be between {low:,} and {high:,}")
        return value

    parse.__name__ = "integer"
    return parse


def positive_float(high: float, what: str) -> Callable[[str], float]:
    def parse(text: str) -> float:
        try:
            value = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected a number ({what}), got {text!r}") from None
        if not math.isfinite(value) or not 0 < value <= high:
            raise argparse.ArgumentTypeError(f"{text} is out of range: {what} must be above 0 and at most {high}")
        return value

    parse.__name__ = "number"
    return parse


def run_id(text: str) -> str:
    if not safe_run_id(text):
        shown = text if len(text) <= 40 else text[:37] + "..."
        raise argparse.ArgumentTypeError(f"{shown!r} is not a valid run id: {RUN_ID_RULE}")
    return text


def lake(text: str) -> str:
    """A lake folder or an object-store URL (s3://bucket/prefix); a local path must not be a file."""
    if not text or "\x00" in text or "\n" in text:
        raise argparse.ArgumentTypeError("expected a folder path or a URL such as s3://bucket/lake")
    if not is_url(text) and Path(text).is_file():
        raise argparse.ArgumentTypeError(f"{text} is a file; the lake is a folder (or an s3:// URL)")
    return text


def output_file(text: str) -> Path:
    """A file to (re)write: not a folder, and not below a file."""
    path = _path(text)
    if path.is_dir():
        raise argparse.ArgumentTypeError(f"{text} is a folder; give a file path such as data/warehouse.duckdb")
    parent = next((p for p in path.parents if p.exists()), None)
    if parent is not None and not parent.is_dir():
        raise argparse.ArgumentTypeError(f"{parent} is a file, so {text} cannot be created")
    return path


def input_file(text: str) -> Path:
    path = _path(text)
    if not path.is_file():
        raise argparse.ArgumentTypeError(f"{text} does not exist or is not a file")
    return path


def output_folder(text: str) -> Path:
    path = _path(text)
    existing = next((p for p in (path, *path.parents) if p.exists()), None)
    if existing is not None and not existing.is_dir():
        raise argparse.ArgumentTypeError(f"{existing} is a file; give a folder path")
    return path


def input_folder(text: str) -> Path:
    path = _path(text)
    if not path.is_dir():
        raise argparse.ArgumentTypeError(f"{text} is not a folder")
    return path


def _path(text: str) -> Path:
    """A local path; a URL is refused here (only the lake may live on object storage)."""
    if not text or "\x00" in text:
        raise argparse.ArgumentTypeError("expected a path")
    if is_url(text):
        raise argparse.ArgumentTypeError(f"{text} is a URL; this must be a local path (only --lake may be s3://...)")
    return Path(text)


games = bounded_int(1, MAX_GAMES, "games per player count")
batch_size = bounded_int(1, MAX_BATCH_SIZE, "games per part file")
workers = bounded_int(1, MAX_WORKERS, "worker processes")
seed = bounded_int(MIN_SEED, MAX_SEED, "a 64-bit seed")


def memory_size(text: str) -> str:
    """A memory size DuckDB understands: a number and a unit, e.g. 1GB, 512MB."""
    match = re.fullmatch(r"\s*(\d+(?:\.\d+)?)\s*(KB|MB|GB|TB|KiB|MiB|GiB|TiB)\s*", text, re.IGNORECASE)
    if match is None or float(match.group(1)) <= 0:
        raise argparse.ArgumentTypeError(f"{text!r} is not a memory size; write a number and a unit, e.g. 1GB or 512MB")
    return f"{match.group(1)}{match.group(2)}"
