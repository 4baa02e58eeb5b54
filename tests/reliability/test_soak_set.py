"""`make soak` covers every kill point: each named `kill_point(...)` in the code is reached by a test of
tests/reliability, which is what the soak target runs (with BALANCE_SOAK_KILLS set, so the syscall kill
points of ingest and `runs remove` are taken at every rename, link and unlink)."""

from __future__ import annotations

import ast
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
CODE = ("engine", "lake", "simulate", "recorded", "warehouse", "reports", "show", "balance")


def kill_point_names() -> dict[str, str]:
    """Every literal name passed to `kill_point` in the shipped code -> the file that names it."""
    found = {}
    for folder in CODE:
        for path in sorted((ROOT / folder).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if (isinstance(node, ast.Call) and getattr(node.func, "id", None) == "kill_point"
                        and node.args and isinstance(node.args[0], ast.Constant)):
                    found[node.args[0].value] = str(path.relative_to(ROOT))
    return found


def reliability_strings() -> set[str]:
    strings: set[str] = set()
    for path in (ROOT / "tests" / "reliability").glob("test_*.py"):
        strings |= {node.value for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
                    if isinstance(node, ast.Constant) and isinstance(node.value, str)}
    return strings


def test_every_named_kill_point_is_taken_by_a_reliability_test() -> None:
    names = kill_point_names()
    assert {"build:tables written", "build:before replace", "incremental:inputs written",
            "incremental:before commit", "report:staged"} <= set(names)  # the issue 27 points, found by the scan
    missing = {name: where for name, where in names.items() if name not in reliability_strings()}
    assert missing == {}, f"kill points no test of tests/reliability takes (so `make soak` misses): {missing}"


def test_make_soak_runs_the_whole_reliability_suite_with_the_soak_settings() -> None:
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    recipe = re.search(r"^soak:.*\n\t(.+)$", makefile, re.M)
    assert recipe is not None
    command = recipe.group(1)
    assert "BALANCE_SOAK_KILLS=" in command and command.rstrip().endswith(" tests/reliability"), command
    options = command.split(" pytest ", 1)[1].split()
    assert "-k" not in options and "-m" not in options, command  # nothing of the suite left out
