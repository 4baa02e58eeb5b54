"""`clone`, a deep copy written out by hand (the search's hot path): equal to `copy.deepcopy`, sharing nothing."""

from __future__ import annotations

import copy
import dataclasses
from typing import Any

import pytest

from engine.core import NullSink, make_agent, play_game
from engine.gardens.game import GAME
from engine.gardens.state import Player, State, clone


def _mutable_parts(value: Any, path: str = "state") -> dict[int, str]:
    """id -> where, for every list, dict and dataclass reachable from `value` (the config left out)."""
    found: dict[int, str] = {id(value): path} if isinstance(value, State | Player | list | dict) else {}
    if isinstance(value, State | Player):
        for field in dataclasses.fields(value):
            if field.name != "config":
                found |= _mutable_parts(getattr(value, field.name), f"{path}.{field.name}")
    elif isinstance(value, list | tuple):
        for i, item in enumerate(value):
            found |= _mutable_parts(item, f"{path}[{i}]")
    elif isinstance(value, dict):
        for key, item in value.items():
            found |= _mutable_parts(item, f"{path}[{key!r}]")
    return found


@pytest.mark.parametrize("ruleset_name", ["base", "gods-caprice"])
@pytest.mark.parametrize("players", [2, 4])
def test_clone_equals_a_deep_copy_and_shares_nothing_mutable_at_every_decision(ruleset_name: str,
                                                                              players: int) -> None:
    checked = 0

    def check(state: State, player: int, legal: Any, command: Any) -> None:
        nonlocal checked
        copied = clone(state)
        assert copied == copy.deepcopy(state, memo={id(state.config): state.config})
        assert copied.config is state.config
        shared = _mutable_parts(state).keys() & _mutable_parts(copied).keys()
        assert not shared, [_mutable_parts(state)[i] for i in shared]
        checked += 1

    ruleset = GAME.load_ruleset(ruleset_name)
    play_game(GAME, ruleset, [make_agent("random", GAME) for _ in range(players)], 7, NullSink(), observer=check)
    assert checked > 100


def test_clone_names_every_field_of_state_and_player() -> None:
    # clone passes the fields positionally: a new field must be added there too, or this fails
    assert len(dataclasses.fields(State)) == 24 and len(dataclasses.fields(Player)) == 12
