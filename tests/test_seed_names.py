"""Seeds (the rule texts) are named by file name in code and docs, never by an absolute path (issue 8 item 15)."""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SOURCES = ("engine", "simulate", "warehouse", "balance", "notebooks", "tests", "docs", "README.md")
SUFFIXES = {".py", ".md", ".toml", ".sql", ".txt"}
SEED_FILES = {
    "000_c5ba414c2151a4d9.txt", "001_69c5d6f1f0851656.txt", "002_05ffca6d2afa4994.txt", "003_30aa0a9c23cb511b.txt",
}
# a path with a folder before the seed's file name, or any absolute path into the work area
ABSOLUTE = re.compile(r"[\w.~-]*/[\w./-]*\b\d{3}_[0-9a-f]{16}\.txt|(?<![\w.])/" + "work/")
SEED_NAME = re.compile(r"\b\d{3}_[0-9a-f]{16}\.txt\b")


def _files() -> list[Path]:
    out = []
    for name in SOURCES:
        path = ROOT / name
        out += [path] if path.is_file() else [p for p in path.rglob("*") if p.suffix in SUFFIXES and p.is_file()]
    return out


def test_seeds_are_named_by_file_name_only() -> None:
    files = _files()
    assert len(files) > 50, "the scan found almost no files: the check would prove nothing"
    offenders = []
    for path in files:
        for number, line in enumerate(path.read_text(encoding="utf-8", errors="replace").splitlines(), 1):
            if ABSOLUTE.search(line):
                offenders.append(f"{path.relative_to(ROOT)}:{number}: {line.strip()}")
            offenders += [f"{path.relative_to(ROOT)}:{number}: unknown seed {name}"
                          for name in SEED_NAME.findall(line) if name not in SEED_FILES]
    assert not offenders, "name seeds by file name (e.g. 003_30aa0a9c23cb511b.txt):\n" + "\n".join(offenders)


def test_the_check_catches_an_absolute_seed_path() -> None:
    name = "003_30aa0a9c23cb511b" + ".txt"  # split so this file does not trip its own scan
    work = "/" + "work"
    assert ABSOLUTE.search(f"Seed: {work}/shared/seeds/{name}.")
    assert ABSOLUTE.search(f"the lake at {work}/wt/x/data")
    assert ABSOLUTE.search(f"see ../shared/seeds/{name}")
    assert not ABSOLUTE.search(f"Seed: `{name}` (its rule text, by file name).")
