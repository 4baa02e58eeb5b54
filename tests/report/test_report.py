"""`balance run` end to end on a tiny study, then the reports' content and failure modes."""

from __future__ import annotations

import html
import re
import shutil
from pathlib import Path

import pytest

from balance.cli import main
from reports.render import ReportError, build_reports, notebooks_for
from simulate.runner import run as run_spec
from simulate.study import load_screens, load_study, scaled_games

NOTEBOOKS = Path(__file__).resolve().parents[2] / "notebooks"
pytestmark = pytest.mark.xdist_group("report_study")


def test_run_writes_every_report_with_hidden_code_and_embedded_charts(study: Path) -> None:
    reports = study / "reports"
    [screen] = load_screens(study / "study.toml")
    assert sorted(p.name for p in reports.glob("*.html")) == [
        "caprices.html", f"compare-{screen.experiment().name}.html", "index.html", "overview.html"]
    for name in ("caprices.html", "overview.html"):
        page = (reports / name).read_text()
        assert "data:image/png;base64" in page
        assert "def q(sql" not in page and "import duckdb" not in page
        assert "Traceback" not in page


def test_index_answers_first_then_lists_flags_assumptions_and_runs(study: Path) -> None:
    page = (study / "reports" / "index.html").read_text()
    for spec in load_study(study / "study.toml"):
        assert spec.run_id in page  # in the data appendix
    assert page.index("Is the first seat favoured?") < page.index("Where to look") < page.index("Data appendix")
    assert "Which Caprices are too easy or too hard?" in page and "Is the +30 slot too generous?" in page
    assert "Mon peuple m&#x27;adore !" in page  # display names from the ruleset, accents and all
    assert "<strong>peasant</strong>: 0, 1, 2, 3, 4, 5, 6, 7" in page  # deck section, plain values
    assert "Not measured yet" in page  # gardens and gods are absent from the tiny study: said, not faked


def test_the_study_s_assumptions_screen_is_on_the_index_beside_every_finding_it_bears_on(study: Path) -> None:
    page = html.unescape((study / "reports" / "index.html").read_text())
    [screen] = load_screens(study / "study.toml")
    name = screen.experiment().name
    section = page[page.index("<section id='assumptions-that-matter'>"):]
    assert (f"<h3>caprices: random self-play, 4 paired games per arm at 3 players (experiment {name}, "
            f"<a href='compare-{name}.html'>every measure</a>)</h3>") in section
    assert section.count("<li><strong>") == 11 and re.search(r"moves nothing \(none of \d+ measures", section)
    cards = {re.search(r"<h3>([^<]*)", card).group(1): card
             for card in re.findall(r"<article class='finding'>(.*?)</article>", page, flags=re.S)}
    for question in ("Is the first seat favoured?", "Which Caprices are too easy or too hard?",
                     "Is the +30 slot too generous?"):
        note = re.search(r"<p class='note assumed'>([^<]*)</p>", cards[question]).group(1)
        assert note.startswith(("Rests on no assumption that moves it (screened: caprices: 11 assumed values, "
                                "random self-play, 4 paired games at 3 players", "Assumed values that move it: ")), note
    assert "Assumed values that move it: not measured yet" not in page  # the screen ran: measured, not pending


def test_findings_list_example_games_whose_commands_replay_them(study: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    page = (study / "reports" / "index.html").read_text()
    commands = re.findall(r"<li>([^<]*): <code>balance show (--lake [^<]*)</code></li>", page)
    whys = [html.unescape(why) for why, _ in commands]
    assert any(why.startswith("seat 1 wins by ") for why in whys)  # the first-seat finding (uniform random games)
    assert any(" met (+" in why for why in whys)  # the hardest Caprices met
    assert any(why.startswith("the winner met the +30 Caprice") for why in whys)
    assert 5 <= len(commands) <= 3 * 3
    for _, flags in commands[:2] + commands[-1:]:
        assert f"--lake {study / 'lake'} " in flags
        capsys.readouterr()
        assert main(["show", *html.unescape(flags).split()]) == 0
        assert "Final scoring" in capsys.readouterr().out


def test_rerun_does_not_duplicate_games_and_says_nothing_was_played(
    study: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    import duckdb

    args = ["run", "--study", str(study / "study.toml"), "--lake", str(study / "lake"),
            "--warehouse", str(study / "wh.duckdb"), "--out", str(study / "reports"), "--no-progress"]
    shutil.rmtree(study / "reports")
    first = (study / "run.log").read_text()
    assert first.count("played now in") == 2 and "nothing played" not in first  # both runs played at first
    assert "report 1 of 4: running notebook overview.py" in first  # progress lines, also off a terminal
    assert "11 assumed values against their alternative, random self-play at [3] players, 4 paired games per arm " \
           "(48 games played in " in first
    assert main(args) == 0
    again = capsys.readouterr().out
    assert again.count("all already in the lake, nothing played") == 2 and "played now" not in again
    assert "4 paired games per arm (every arm already in the lake)" in again
    with duckdb.connect(str(study / "wh.duckdb"), read_only=True) as con:
        assert con.execute("select count(*) from fct_games where in_study").fetchone() == (4 * 40 + 2 * 6,)
        assert con.execute("select count(*) from fct_games where not in_study").fetchone() == (12 * 4,)  # the screen


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
