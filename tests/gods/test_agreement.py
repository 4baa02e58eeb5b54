"""`decide` accepts exactly the commands `legal_commands` lists (issue item 10: breaking a city once the
frame was full was accepted by decide but never listed), on states sampled from played games."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from engine.core import ListSink, make_agent, play_game
from engine.core.chance import Chance
from engine.core.errors import IllegalCommand
from engine.core.ruleset import Ruleset
from engine.gods.commands import (
    ClaimCity,
    ClaimGod,
    Command,
    DeclareEnd,
    Discard,
    Draw,
    Place,
    PlaceCity,
    PlaceProphet,
    Wait,
)
from engine.gods.game import GAME
from engine.gods.state import GodsState
from tests.gods.helpers import RULESET, ruleset_with


def universe(state: GodsState, player: int) -> list[Command]:
    """Commands near the legal ones: every tile in sight (and one from the bag) on every space in
    every orientation, every draw count, god, group, city space and city, waiting and ending."""
    tiles = [(-1, t) for t in state.hands[player]] + [(o, t) for o, pile in enumerate(state.discards) for t in pile]
    tiles.append((-1, state.bag[state.bag_top]) if state.bag_left else (-1, 0))
    out: list[Command] = [Place(player, s, t, c, f, r) for s, t in tiles for c in range(64) for f in (0, 1)
                          for r in range(4)]
    out += [Draw(player, n) for n in range(4)] + [Discard(player, t) for _, t in tiles]
    out += [ClaimGod(player, g) for g in range(5)] + [PlaceProphet(player, g) for g in range(5)]
    out += [PlaceCity(player, c) for c in range(64)] + [ClaimCity(player, i) for i in range(9)]
    return out + [Wait(player), DeclareEnd(player), Wait(1 - player if player else 1)]


def sampled_states(ruleset: Ruleset, players: int, agent: str, seed: int, every: int) -> list[tuple[GodsState, int]]:
    """Copies of every `every`-th decision's state, and the last one (the end)."""
    states: list[tuple[GodsState, int]] = []
    count = 0

    def observe(state: GodsState, player: int, legal: Any, command: Any) -> None:
        nonlocal count
        count += 1
        if count % every == 0 or isinstance(command, (DeclareEnd, PlaceProphet)):
            states.append((state.copy(), player))

    play_game(GAME, ruleset, [make_agent(agent, GAME) for _ in range(players)], seed, ListSink(), observer=observe)
    return states


def disagreements(state: GodsState, player: int) -> list[str]:
    legal = set(GAME.legal_commands(state, player))
    out = []
    for command in universe(state, player):
        try:
            GAME.decide(state, command, Chance(0))
            accepted = True
        except IllegalCommand:
            accepted = False
        if accepted != (command in legal):
            out.append(f"{command!r}: decide {'accepts' if accepted else 'rejects'}, legal "
                       f"{'lists' if command in legal else 'omits'} it")
    return out


@pytest.mark.parametrize(("variant", "players", "agent", "seed"), [
    ("standard", 2, "random", 1), ("standard", 4, "greedy", 2), ("tiles_only", 3, "random", 3),
    ("when_nothing_else", 2, "greedy", 4),
])
def test_decide_accepts_exactly_the_listed_commands(tmp_path: Path, variant: str, players: int, agent: str,
                                                    seed: int) -> None:
    ruleset = {
        "standard": RULESET,
        "tiles_only": ruleset_with(tmp_path, ('value = "tiles_and_cities"', 'value = "tiles_only"'),
                                   ("count_as_side = { value = false", "count_as_side = { value = true")),
        "when_nothing_else": ruleset_with(tmp_path, ('value = "any_time"', 'value = "when_nothing_else"')),
    }[variant]
    states = sampled_states(ruleset, players, agent, seed, every=25)
    assert any(s.tiles_on_board > 40 for s, _ in states) and len(states) >= 6
    problems = [p for state, player in states for p in disagreements(state, player)]
    assert not problems, "\n".join(problems[:10])
