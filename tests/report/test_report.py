"""`balance run` end to end on a tiny study, then the reports' content and failure modes."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from balance.cli import main
from balance.report import ReportError, build_reports, notebooks_for
from balance.study import load_study, scaled_games
from simulate.runner import run as run_spec

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
TINY_STUDY = """
[defaults]
seed = 11
batch_size = 100

[[run]]
game = "caprices"
players = [2, 3, 4, 5]
agents = ["random"]
games = 40

[[run]]
game = "caprices"
players = [2, 4]
agents = ["random", "greedy"]
games = 6
"""


@pytest.fixture(scope="module")
def study(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A tiny study played, built and reported by `balance run` (executes every notebook once)."""
    root = tmp_path_factory.mktemp("study")
    (root / "study.toml").write_text(TINY_STUDY)
    args = ["run", "--study", str(root / "study.toml"), "--lake", str(root / "lake"),
            "--warehouse", str(root / "wh.duckdb"), "--out", str(root / "reports"), "--no-progress"]
    assert main(args) == 0
    return root


def test_run_writes_every_report_with_hidden_code_and_embedded_charts(study: Path) -> None:
    reports = study / "reports"
    assert sorted(p.name for p in reports.glob("*.html")) == ["caprices.html", "index.html", "overview.html"]
    for name in ("caprices.html", "overview.html"):
        page = (reports / name).read_text()
        assert "data:image/png;base64" in page
        assert "def q(sql" not in page and "import duckdb" not in page
        assert "Traceback" not in page


def test_index_lists_runs_flags_samples_and_assumed_values(study: Path) -> None:
    page = (study / "reports" / "index.html").read_text()
    for spec in load_study(study / "study.toml"):
        assert spec.run_id in page
    assert "Flagged imbalances" in page
    assert "deck.peasant" in page  # an assumed value of the standard caprices ruleset
    assert "git:" in page or "balance " in page  # code version from the manifests


def test_rerun_does_not_duplicate_games(study: Path) -> None:
    import duckdb

    args = ["run", "--study", str(study / "study.toml"), "--lake", str(study / "lake"),
            "--warehouse", str(study / "wh.duckdb"), "--out", str(study / "reports"), "--no-progress"]
    shutil.rmtree(study / "reports")
    assert main(args) == 0
    with duckdb.connect(str(study / "wh.duckdb"), read_only=True) as con:
        assert con.execute("select count(*) from fct_games").fetchone() == (4 * 40 + 2 * 6,)


def test_failing_notebook_is_named_and_earlier_reports_stay(study: Path, tmp_path: Path) -> None:
    notebooks = tmp_path / "notebooks"
    notebooks.mkdir()
    (notebooks / "overview.py").write_text(
        '# %% tags=["parameters"]\nwarehouse = ""\n\n# %%\nraise RuntimeError("chart broke")\n'
    )
    out = tmp_path / "reports"
    shutil.copytree(study / "reports", out)
    before = (out / "index.html").read_text()
    with pytest.raises(ReportError, match=r"overview\.py.*chart broke"):
        build_reports(study / "wh.duckdb", out, notebooks)
    assert (out / "index.html").read_text() == before
    assert not list(out.glob(".staging-*"))


def test_notebooks_for_absent_games_are_skipped() -> None:
    assert [p.stem for p in notebooks_for(["toy"], NOTEBOOKS)] == ["overview"]  # a game without a notebook
    assert [p.stem for p in notebooks_for(["caprices"], NOTEBOOKS)] == ["overview", "caprices"]


def test_missing_warehouse_is_a_user_error(tmp_path: Path) -> None:
    assert main(["report", "--warehouse", str(tmp_path / "none.duckdb"), "--out", str(tmp_path)]) == 1


def test_study_scale_keeps_whole_seat_rotations() -> None:
    assert scaled_games(2400, 0.1, 2) == 240
    assert scaled_games(5, 0.5, 2) == 4
    assert scaled_games(1, 0.01, 3) == 3


def test_rerun_after_a_ruleset_change_refuses_to_mix_rules(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    ruleset = tmp_path / "mine.toml"
    standard = Path(__file__).resolve().parents[2] / "engine" / "caprices" / "rulesets" / "standard.toml"
    ruleset.write_text(standard.read_text())
    study = tmp_path / "study.toml"
    study.write_text(f'[[run]]\ngame = "caprices"\nruleset = "{ruleset}"\nplayers = [3]\nagents = ["random"]\n'
                     "games = 3\nseed = 1\nbatch_size = 3\n")
    [spec] = load_study(study)
    run_spec(spec, tmp_path / "lake", workers=1, progress=False)
    ruleset.write_text(standard.read_text().replace("hand_size = { value = 7,", "hand_size = { value = 6,"))
    args = ["run", "--study", str(study), "--lake", str(tmp_path / "lake"), "--warehouse", str(tmp_path / "wh.duckdb"),
            "--out", str(tmp_path / "reports"), "--no-progress"]
    assert main(args) == 1
    err = capsys.readouterr().err
    assert "ruleset_digest" in err and "--lake NEWDIR" in err and not (tmp_path / "wh.duckdb").exists()
