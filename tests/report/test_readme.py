"""What a newcomer reads first: the README's links and example, and JupyterLab's default viewer."""

from __future__ import annotations

import contextlib
import io
import json
import re
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
README = (ROOT / "README.md").read_text(encoding="utf-8")


def test_readme_links_nothing_outside_the_repository() -> None:
    assert not re.search(r"https?://", README)
    for target in re.findall(r"\]\(([^)#]+)\)", README):  # markdown links resolve inside the repository
        assert (ROOT / target).resolve().is_relative_to(ROOT) and (ROOT / target).exists(), target
    assert "../" not in README


def test_readme_python_example_runs_and_prints_the_final_scores() -> None:
    [example] = re.findall(r"```python\n(.*?)```", README, re.S)
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        exec(compile(example, "README.md", "exec"), {})  # noqa: S102 - the README's own example
    first = out.getvalue().splitlines()[0]
    assert first.startswith("final scores: [") and "# e.g. final scores: [" in example


def test_jupyterlab_opens_notebooks_as_notebooks() -> None:
    settings = json.loads((ROOT / "jupyter" / "overrides.json").read_text(encoding="utf-8"))
    assert settings["@jupyterlab/docmanager-extension:plugin"]["defaultViewers"]["python"] == "Jupytext Notebook"
    makefile = (ROOT / "Makefile").read_text(encoding="utf-8")
    assert "share/jupyter/lab/settings/overrides.json" in makefile and "cp jupyter/overrides.json" in makefile
