"""4 Gods in the default study of `balance run`: the line-ups the report's questions need."""

from __future__ import annotations

from reports.findings.precision import HEADLINES
from simulate.study import load_study


def test_the_default_study_plays_gods_random_greedy_and_greedy_against_greedy_fast() -> None:
    gods = [spec for spec in load_study() if spec.game == "gods"]
    lineups = {spec.agents for spec in gods}
    assert {("random",), ("greedy",), ("greedy", "greedy-fast")} <= lineups
    for spec in gods:
        assert set(spec.players) <= {2, 3, 4} and spec.ruleset == "standard"
        assert spec.games % len(spec.agents) == 0, f"{spec.run_id}: seats rotate fully only in whole cycles"
    speed_2p = sum(s.games for s in gods if s.agents == ("greedy", "greedy-fast") and 2 in s.players)
    assert speed_2p >= 1000  # the headline: about +-3 points or better on each side's win rate


def test_balance_run_prints_the_gods_headline_half_widths() -> None:
    assert any("met_gods_speed" in sql for sql in HEADLINES.values())
    assert any("met_gods_god_win_rate" in sql for sql in HEADLINES.values())
