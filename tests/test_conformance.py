"""Every registered game, at every player count, with random and greedy agents."""

from __future__ import annotations

import pytest

from engine.registry import GAMES, get_game
from tests.conformance import play_checked

SEEDS = range(6)


def _cases() -> list[tuple[str, str, int, str]]:
    cases = []
    for game_id in GAMES:
        game = get_game(game_id)
        rulesets = getattr(game, "conformance_rulesets", (game.default_ruleset,))
        for ruleset in rulesets:
            for players in game.facts.player_counts:
                for agent in ("random", "greedy"):
                    cases.append((game_id, ruleset, players, agent))
    return cases


@pytest.mark.parametrize(("game_id", "ruleset", "players", "agent"), _cases())
def test_game_conforms(game_id: str, ruleset: str, players: int, agent: str) -> None:
    game = get_game(game_id)
    changed = decisions = 0
    for seed in SEEDS:
        probe = play_checked(game, ruleset, players, agent, seed)
        changed += probe.resamples_that_changed
        decisions += probe.decisions
    assert decisions > 0, f"{game_id}: no decision was ever asked of an agent"
    hidden = getattr(game, "has_hidden_information", True)
    if hidden:
        assert changed > 0, f"{game_id}: resample_hidden never changed anything, so the leak check proved nothing"
