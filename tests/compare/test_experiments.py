"""The three example experiments (one per game) played at a small scale and rendered as pages."""

from __future__ import annotations

import html
import re
from pathlib import Path

import duckdb
import pytest

from balance.cli import main
from reports.render import experiments_in, write_experiment_page
from simulate.experiment import load_experiment, plan_arms, run_arms, scaled
from warehouse.build import build

EXPERIMENTS = Path(__file__).resolve().parents[2] / "experiments"
WAREHOUSE_WORDS = re.compile(r"met_|fct_|diff_lo|diff_hi|beyond_noise|num_players|p_adjusted|level_kind")


def text_of(page: Path) -> str:
    """The page's visible text (tags, styles and image data removed)."""
    body = page.read_text(encoding="utf-8")
    body = re.sub(r"<style.*?</style>|<script.*?</script>", " ", body, flags=re.S)
    return html.unescape(re.sub(r"<[^>]+>", " ", body))


@pytest.fixture(scope="module")
def pages(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    root = tmp_path_factory.mktemp("experiments")
    lake, warehouse, out = root / "lake", root / "warehouse.duckdb", root / "reports"
    status = main(["compare", str(EXPERIMENTS / "caprices-bonus.toml"), "--games", "24", "--lake", str(lake),
                   "--warehouse", str(warehouse), "--out", str(out), "--workers", "1", "--no-progress"])
    assert status == 0
    for name, games in (("gardens-extra-rewards", 16), ("gods-discard", 12)):
        run_arms(plan_arms(scaled(load_experiment(EXPERIMENTS / f"{name}.toml"), games=games)), lake, 1, False)
    build(lake, warehouse)
    found = {name: write_experiment_page(warehouse, name, kind, out) for name, kind in experiments_in(warehouse)}
    found["warehouse"] = warehouse
    return found


def test_every_example_is_one_game_and_renders_as_its_page(pages: dict[str, Path]) -> None:
    games = {load_experiment(path).game for path in EXPERIMENTS.glob("*.toml")}
    assert games == {"caprices", "gardens", "gods"}
    assert pages["caprices-bonus"].name == "compare-caprices-bonus.html"
    assert pages["gardens-extra-rewards"].name == "sweep-gardens-extra-rewards.html"
    assert pages["gods-discard"].name == "sweep-gods-discard.html"


def test_the_compare_page_says_what_changed_beyond_noise_biggest_first(pages: dict[str, Path]) -> None:
    text = text_of(pages["caprices-bonus"])
    assert "What if? caprices-bonus" in text and "Is the +30 Caprice too generous?" in text
    assert "gentler bonuses" in text and "setup.bonus_tokens = [25, 20, 15, 10]" in text
    with duckdb.connect(str(pages["warehouse"]), read_only=True) as con:
        top = con.execute("""select metric from met_variant_diff
                             where experiment = 'caprices-bonus' and variant = 'gentler bonuses' and flagged
                             order by abs(diff) / min_effect desc limit 1""").fetchone()
    assert top is not None  # lower bonuses cost the Caprice points beyond noise even at 24 games
    section = text.split("gentler bonuses", 1)[1]
    listed = section.split("What changed beyond noise, biggest first", 1)[1]
    from warehouse.variant_metrics import METRICS

    first = listed.strip().splitlines()[1:6]
    assert any(METRICS[top[0]].title.lower() in line.lower() for line in first), first
    assert "paired games" in text and "narrower than comparing two separate samples" in text
    assert not WAREHOUSE_WORDS.search(text)
    assert "<img" in pages["caprices-bonus"].read_text()


@pytest.mark.parametrize(("name", "param", "charts"), [
    ("gardens-extra-rewards", "bonus.extra_rewards_values", ["Extra Rewards points per player", "Mean score"]),
    ("gods-discard", "discard.limit_4p", ["Game length", "Win rate", "Winning score"]),
])
def test_a_sweep_page_charts_each_chosen_measure_against_the_value(
    pages: dict[str, Path], name: str, param: str, charts: list[str],
) -> None:
    page = pages[name]
    text = text_of(page)
    assert f"Sweep: {param}" in text
    for title in charts:
        assert f"{title}" in text and f"against {param}" in text
    assert page.read_text().count("<img") >= len(charts)
    assert "What changed beyond noise, biggest first" in text
    assert not WAREHOUSE_WORDS.search(text)


def test_a_sweep_value_equal_to_the_baseline_changes_nothing(pages: dict[str, Path]) -> None:
    with duckdb.connect(str(pages["warehouse"]), read_only=True) as con:
        same = con.execute("""select max(abs(diff)), count(*) from met_variant_diff
                              where experiment = 'gods-discard' and param_value = '10'""").fetchone()
    assert same is not None and same[1] > 0 and same[0] == 0
