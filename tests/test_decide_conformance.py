"""Every game: `decide` accepts every listed command and rejects, with IllegalCommand, what the list omits.

States are sampled from random and greedy games at the smallest and largest
player count (`tests/command_check.py` says which omitted commands are tried).
"""

from __future__ import annotations

from typing import Any

import pytest

from engine.core import ListSink, make_agent, play_game
from engine.registry import GAMES, get_game
from tests.command_check import CommandProbe

SEEDS = (0, 1)
SAMPLE_ONE_IN = {"gardens": 40}
"""Decisions per sampled state (3 unless listed): Four Gardens games have ~10x more decisions than the others,
so every game gets a few dozen sampled states per play (a few seconds per game in all)."""


KNOWN_MISMATCHES: dict[str, str] = {}  # game id -> why its decide and legal_commands still disagree (xfail, strict)


def _cases() -> list[Any]:
    return [
        pytest.param(game_id, agent, marks=[pytest.mark.xfail(strict=True, reason=KNOWN_MISMATCHES[game_id])]
                     if game_id in KNOWN_MISMATCHES else [])
        for game_id in GAMES for agent in ("random", "greedy")
    ]


@pytest.mark.parametrize(("game_id", "agent"), _cases())
def test_decide_rejects_exactly_what_legal_commands_omits(game_id: str, agent: str) -> None:
    game = get_game(game_id)
    ruleset = game.load_ruleset(game.default_ruleset)
    counts = game.facts.player_counts
    probes = []
    for players in sorted({counts[0], counts[-1]}):
        for seed in SEEDS:
            probe = CommandProbe(game, seed, every=SAMPLE_ONE_IN.get(game_id, 3))
            play_game(game, ruleset, [make_agent(agent, game) for _ in range(players)], seed, ListSink(),
                      observer=probe)
            probes.append(probe)
    findings = [f for probe in probes for f in probe.findings]
    accepted, rejected = sum(p.accepted for p in probes), sum(p.rejected for p in probes)
    assert accepted > 0 and rejected > 100, f"{game_id}: too few commands tried ({accepted} / {rejected})"
    shown = "\n".join(dict.fromkeys(findings))
    assert not findings, f"{game_id}: {len(findings)} mismatches between decide and legal_commands:\n{shown[:4000]}"


class _Hiding:
    """A game that lists fewer commands than its `decide` accepts (the kind of bug of issue 8 item 10):
    caprices, with the draw from the pile left out of the list in every even round."""

    def __init__(self, game: Any) -> None:
        self._game = game

    def __getattr__(self, name: str) -> Any:
        return getattr(self._game, name)

    def legal_commands(self, state: Any, player: int) -> list[Any]:
        legal = list(self._game.legal_commands(state, player))
        if state.round % 2 == 0:
            legal = [c for c in legal if c.kind != "draw_deck"] or legal
        return legal


class _Crashing(_Hiding):
    """A `decide` that crashes (instead of raising IllegalCommand) on a card id it does not know."""

    def legal_commands(self, state: Any, player: int) -> list[Any]:
        return list(self._game.legal_commands(state, player))

    def decide(self, state: Any, command: Any, chance: Any) -> Any:
        if any(card >= 64 for card in command.cards):
            raise IndexError("card id out of range")
        return self._game.decide(state, command, chance)


@pytest.mark.parametrize(("broken", "expected"), [(_Hiding, "but accepted by decide"), (_Crashing, "crashed decide")])
def test_the_check_finds_a_broken_game(broken: type, expected: str) -> None:
    game = broken(get_game("caprices"))
    ruleset = game.load_ruleset("standard")
    findings = []
    for seed in range(3):
        probe = CommandProbe(game, seed, every=1)
        play_game(game, ruleset, [make_agent("random", game) for _ in range(3)], seed, ListSink(), observer=probe)
        findings += probe.findings
    assert any(expected in finding for finding in findings), findings[:5]
