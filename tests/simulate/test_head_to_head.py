"""The head-to-head gate: seats rotate, each deal is played from every seat, ties split, Wilson interval."""

from __future__ import annotations

import pytest

import simulate.head_to_head as h2h
from engine.registry import get_game


def test_the_new_agent_sits_in_every_seat_on_every_deal(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[tuple[tuple[str, ...], int]] = []
    real = h2h.play_game

    def recording(game: object, ruleset: object, agents: list, seed: int, *rest: object) -> object:
        seen.append((tuple(a.name for a in agents), seed))
        return real(game, ruleset, agents, seed, *rest)  # type: ignore[arg-type]

    monkeypatch.setattr(h2h, "play_game", recording)
    result = h2h.head_to_head(get_game("caprices"), "standard", 3, "greedy", "random", 6, seed=10)
    assert seen == [(("greedy", "random", "random"), 10), (("random", "greedy", "random"), 10),
                    (("random", "random", "greedy"), 10), (("greedy", "random", "random"), 11),
                    (("random", "greedy", "random"), 11), (("random", "random", "greedy"), 11)]
    assert result.games == 6 and 0 <= result.wins <= 6


def test_a_stronger_agent_wins_beyond_the_fair_share_and_ties_split() -> None:
    result = h2h.head_to_head(get_game("caprices"), "standard", 2, "greedy", "random", 40, seed=3)
    low, high = result.interval()
    assert low > 0.5 and low <= result.share <= high
    same = h2h.head_to_head(get_game("caprices"), "standard", 2, "greedy", "greedy", 2, seed=3)
    assert same.wins in (0.0, 0.5, 1.0, 1.5, 2.0)


def test_the_command_prints_the_share_and_interval(capsys: pytest.CaptureFixture[str]) -> None:
    assert h2h.main(["--game", "caprices", "--new", "greedy", "--yardstick", "random", "--games", "4"]) == 0
    out = capsys.readouterr().out
    assert "greedy against random: win share" in out and "Wilson 95%" in out and "4 games" in out


def test_a_what_if_variant_is_played_by_both_agents(capsys: pytest.CaptureFixture[str],
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """`--set` (issue 25, item 4): every game of the gate is played on the changed ruleset."""
    played: list[object] = []
    real = h2h.play_game

    def recording(game: object, ruleset: object, *rest: object) -> object:
        played.append(ruleset["bonus.extra_rewards_values"])  # type: ignore[index]
        return real(game, ruleset, *rest)  # type: ignore[arg-type]

    monkeypatch.setattr(h2h, "play_game", recording)
    argv = ["--game", "gardens", "--new", "greedy", "--yardstick", "random", "--games", "2",
            "--set", "bonus.extra_rewards_values=[11,10,9,8]"]
    assert h2h.main(argv) == 0
    assert played == [[11, 10, 9, 8], [11, 10, 9, 8]]
    assert "gardens base + bonus.extra_rewards_values = [11, 10, 9, 8] 2p" in capsys.readouterr().out


def test_a_wrong_set_names_the_key(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit):
        h2h.main(["--game", "gardens", "--games", "2", "--set", "bonus.extra_reward_values=[1,1,1,1]"])
    assert "extra_reward_values" in capsys.readouterr().err
