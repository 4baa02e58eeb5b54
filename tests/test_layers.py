"""The import graph: no circles anywhere, and the notebooks stand above the report kit, never on the command line.

The layers themselves (engine < lake < simulate | recorded < warehouse < reports | show < balance) are the
import-linter contract in pyproject.toml (`make layers`); a contract of layers cannot see a circle inside one
package, so this test walks the whole graph, imports inside functions included.
"""

from __future__ import annotations

import ast
from pathlib import Path

import grimp

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("engine", "lake", "simulate", "recorded", "warehouse", "reports", "show", "balance")


def circles(graph: dict[str, set[str]]) -> list[list[str]]:
    """The strongly connected components of more than one module (Tarjan's algorithm, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for start in sorted(graph):
        if start in index:
            continue
        work = [(start, iter(sorted(graph[start])))]
        index[start] = low[start] = len(index)
        stack.append(start)
        on_stack.add(start)
        while work:
            node, children = work[-1]
            child = next(children, None)
            if child is None:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))
            elif child not in index:
                index[child] = low[child] = len(index)
                stack.append(child)
                on_stack.add(child)
                work.append((child, iter(sorted(graph.get(child, ())))))
            elif child in on_stack:
                low[node] = min(low[node], index[child])
    return found


def test_no_module_imports_itself_through_others() -> None:
    built = grimp.build_graph(*PACKAGES)
    graph = {m: set(built.find_modules_directly_imported_by(m)) for m in built.modules}
    assert circles(graph) == []


def test_circles_are_found() -> None:
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert circles({"a": {"b"}, "b": set()}) == []


def _imports(path: Path) -> list[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            found += [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            found += [f"{node.module}.{alias.name}" for alias in node.names]
    return found


# The starter notebook stands where its user stands, above everything: it may use the toolkit's Python API
# (`balance.api`, what a notebook user calls to simulate, build, connect and show). The report's own notebooks
# are executed by the report layer (reports.render), so they must not reach the layer above it at all.
STARTERS = {"explore.py"}


def test_notebooks_use_the_report_kit_and_show_never_the_command_line() -> None:
    notebooks = sorted((ROOT / "notebooks").glob("*.py"))
    assert len(notebooks) >= 7 and {n.name for n in notebooks} >= STARTERS
    for notebook in notebooks:
        for name in _imports(notebook):
            if name.split(".")[0] != "balance":
                continue
            assert notebook.name in STARTERS, f"{notebook.name} imports {name}: a report page uses reports/ or show/"
            assert name == "balance.api", f"{notebook.name} imports {name}: use balance.api, never the command line"


def test_the_starter_notebook_uses_the_python_api() -> None:
    assert "balance.api" in _imports(ROOT / "notebooks" / "explore.py")
