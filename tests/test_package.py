"""The distribution from outside: every imported package declared in the right extra, and a wheel that,
installed (not editable) into a fresh venv, runs a small study into every report page from an empty folder."""

from __future__ import annotations

import ast
import functools
import json
import os
import re
import shutil
import subprocess
import sys
import sysconfig
import tomllib
import zipfile
from collections.abc import Iterator
from importlib import metadata
from pathlib import Path

import pytest

from reports.render import NOTEBOOKS_DIR, ReportError, execute_notebook, notebooks_for

ROOT = Path(__file__).resolve().parents[1]
PROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
FIRST_PARTY = {"engine", "lake", "simulate", "recorded", "warehouse", "reports", "show", "balance", "notebooks",
               "tests"}
# where a package is needed only with an extra installed: imported lazily, or by a module only JupyterLab loads
EXTRA_OF = {"ipywidgets": "lab", "dask": "dask", "fsspec": "s3", "eventsourcing": "bench", "pyspiel": "openspiel",
            "open_spiel": "openspiel"}
# modules only ever imported where their extra is installed (JupyterLab; importlib behind a name, which says which
# extra is missing: engine/core/agents.py AGENT_FAMILIES, checked by tests/openspiel/test_without_pyspiel.py)
LAB_ONLY_MODULES = {"show/widget.py", "engine/openspiel/game.py", "engine/openspiel/agent.py"}
GAMES = ("caprices", "gardens", "gods")
# one game keeps the run short (each notebook executes in a kernel); the wheel's listing covers the other notebooks
TINY_STUDY = '[defaults]\nseed = 5\n\n[[run]]\ngame = "caprices"\nplayers = [2, 3]\nagents = ["random"]\ngames = 20\n'


def _name(requirement: str) -> str:
    return re.sub(r"[-_.]+", "-", re.match(r"[A-Za-z0-9_.-]+", requirement).group()).lower()  # type: ignore[union-attr]


DECLARED = {"": {_name(r) for r in PROJECT["dependencies"]}} | {
    extra: {_name(r) for r in reqs} for extra, reqs in PROJECT["optional-dependencies"].items()}


def _imports(path: Path) -> Iterator[tuple[str, bool]]:
    """Each third-party top-level name `path` imports, and whether at module level."""
    tree = ast.parse(path.read_text(encoding="utf-8"))
    module_level = {id(node) for node in tree.body}
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
            names = [node.module]
        else:
            continue
        for name in {n.split(".")[0] for n in names} - FIRST_PARTY - set(sys.stdlib_module_names):
            yield name, id(node) in module_level


@functools.cache
def _providers() -> dict[str, list[str]]:
    return metadata.packages_distributions()  # scans every installed distribution: once


def _distributions(name: str) -> set[str]:
    return {_name(dist) for dist in _providers().get(name, [])}


def test_every_imported_package_is_declared_in_the_extra_that_needs_it() -> None:
    wrong = []
    for package in sorted(FIRST_PARTY - {"tests"}):
        for path in sorted((ROOT / package).rglob("*.py")):
            module = str(path.relative_to(ROOT))
            for name, at_module_level in _imports(path):
                extra = EXTRA_OF.get(name, "")
                if not _distributions(name) & DECLARED[extra]:
                    wrong.append(f"{module}: {name} is not in [{extra or 'dependencies'}]")
                if extra and at_module_level and module not in LAB_ONLY_MODULES:
                    wrong.append(f"{module}: {name} ([{extra}]) is imported at module level")
    everything = set().union(*DECLARED.values())
    for path in sorted((ROOT / "tests").rglob("*.py")):  # the tests run with every extra installed (test.lock)
        wrong += [f"{path.relative_to(ROOT)}: {name} is not declared" for name, _ in _imports(path)
                  if not _distributions(name) & everything]
    assert not wrong
    assert not {"jupyterlab", "ipywidgets", "playwright", "pytest", "mypy"} & DECLARED[""]


def _fresh_venv(where: Path) -> Path:
    """A venv without pip that sees the project venv's packages (a .pth line) but not this checkout."""
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(where)], check=True)
    python = where / "bin" / "python"
    purelib = subprocess.run([python, "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
                             check=True, capture_output=True, text=True).stdout.strip()
    (Path(purelib) / "project-deps.pth").write_text(sysconfig.get_path("purelib") + "\n", encoding="utf-8")
    return python


def _wheel(tmp_path: Path) -> Path:
    """The wheel, built from a copy of the sources (a build/ left in the checkout would leak stale files)."""
    source = tmp_path / "source"
    source.mkdir()
    for name in ("pyproject.toml", "README.md"):
        shutil.copy(ROOT / name, source / name)
    for package in FIRST_PARTY - {"tests"}:
        shutil.copytree(ROOT / package, source / package, ignore=shutil.ignore_patterns("__pycache__", "tests"))
    subprocess.run([sys.executable, "-m", "pip", "wheel", "-q", "--no-deps", "--no-build-isolation", "--no-index",
                    "-w", str(tmp_path / "dist"), str(source)], check=True)
    [wheel] = (tmp_path / "dist").glob("boardgame_balance-*.whl")
    return wheel


def test_the_wheel_installed_in_a_fresh_venv_writes_every_report_page(tmp_path: Path) -> None:
    wheel = _wheel(tmp_path)
    shipped = set(zipfile.ZipFile(wheel).namelist())
    assert {"simulate/study.toml", "notebooks/overview.py", *(f"notebooks/{g}.py" for g in GAMES)} <= shipped
    python = _fresh_venv(tmp_path / "venv")
    subprocess.run([sys.executable, "-m", "pip", "--python", str(python), "install", "-q", "--no-deps", "--no-index",
                    str(wheel)], check=True)
    empty = tmp_path / "empty"
    empty.mkdir()
    (empty / "tiny.toml").write_text(TINY_STUDY, encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}  # the wheel's code, not this checkout's
    env["JUPYTER_PATH"] = str(Path(sys.prefix) / "share" / "jupyter")  # nbconvert's templates: data files of the deps
    result = subprocess.run([tmp_path / "venv" / "bin" / "balance", "run", "--study", "tiny.toml", "--no-progress"],
                            cwd=empty, env=env, capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    pages = sorted(p.name for p in (empty / "reports" / "html").glob("*.html"))
    assert pages == ["caprices.html", "index.html", "overview.html"]
    [manifest, *_] = sorted((empty / "data" / "lake" / "runs").glob("*/manifest.json"))
    assert json.loads(manifest.read_text())["code_version"] == f"boardgame-balance {PROJECT['version']}"  # no git


def test_a_missing_notebook_is_an_error_naming_it(tmp_path: Path) -> None:
    assert notebooks_for(["caprices-joust"]) == [NOTEBOOKS_DIR / "overview.py"]  # listed even if a wheel lacked it
    with pytest.raises(ReportError, match=r"missing notebook .*overview\.py: the installation is incomplete"):
        execute_notebook(tmp_path / "overview.py", tmp_path / "wh.duckdb", tmp_path / "staging")
