"""The minutes a verdict says it would take come from the study's own runs: a what-if arm's pace is left out."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

from reports.kit.verdicts import _minutes
from warehouse.verdicts import seconds_per_game


def _run(seconds: float, games: int, experiment: dict[str, Any] | None = None,
         players: tuple[int, ...] = (2,)) -> SimpleNamespace:
    manifest = {"game": "caprices", "ruleset": {"name": "standard"}, "kind": "simulated",
                "spec": {"agents": ["greedy"], "players": list(players)},
                "timings": {"seconds": seconds, "games_played_now": games},
                "extra": {"experiment": experiment} if experiment else {}}
    return SimpleNamespace(manifest=manifest)


class _Catalogue:
    def __init__(self, *runs: SimpleNamespace) -> None:
        self.runs = runs

    def complete_runs(self) -> tuple[SimpleNamespace, ...]:
        return self.runs


def test_a_what_if_arm_does_not_move_the_study_s_seconds_per_game() -> None:
    study = _run(10.0, 100)
    variant = _run(900.0, 100, {"name": "slow", "role": "variant"})
    unpooled_baseline = _run(900.0, 100, {"name": "slow", "role": "baseline"})
    pooled_baseline = _run(30.0, 100, {"name": "fast", "role": "baseline", "pool": True})
    key = ("caprices", "standard", "greedy", 2)
    assert seconds_per_game(_Catalogue(study, variant, unpooled_baseline))[key] == 0.1  # type: ignore[arg-type]
    assert seconds_per_game(_Catalogue(study, pooled_baseline))[key] == 0.2  # type: ignore[arg-type]


def test_each_player_count_keeps_its_own_pace() -> None:
    """4 Gods' strong agent is twenty times dearer at 3-4 players than at 2: one pace would mislead both."""
    two, three_four = _run(10.0, 100, players=(2,)), _run(400.0, 200, players=(3, 4))
    four_alone = _run(300.0, 100, players=(4,))
    pace = seconds_per_game(_Catalogue(two, three_four, four_alone))  # type: ignore[arg-type]
    key = ("caprices", "standard", "greedy")
    assert pace[(*key, 2)] == 0.1 and pace[(*key, 3)] == 2.0 and pace[(*key, 4)] == 3.0
    assert pace[(*key, 0)] == 710.0 / 400  # a cell pooled over counts: every run


def test_minutes_are_said_in_words_with_the_right_number() -> None:
    assert _minutes(0.4) == "under a minute"
    assert _minutes(1.2) == "about 1 minute"
    assert _minutes(7.0) == "about 7 minutes"
    assert _minutes(150.0) == "about 2.5 hours"
