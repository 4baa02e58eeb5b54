"""Issue 28, item 6: the 4 Gods deadlock end, now a ruleset value with provenance."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.core.errors import RulesetError
from engine.gods.game import GAME
from engine.gods.rules import config_of
from tests.gods.helpers import ruleset_with


# "once the world is full or the players agree that no more tiles can be placed, the game ends": every hand
# full and every discard area at its limit while a fitting tile is still in the bag is read as that agreement.
# The behaviour: tests/gods/test_end.py::test_when_nobody_can_draw_discard_or_place_the_game_ends_though_the_bag_
# holds_a_fitting_tile.
def test_the_deadlock_end_is_a_ruleset_value_marked_assumed(tmp_path: Path) -> None:
    rules = GAME.load_ruleset("standard")
    found = rules.provenance["end.when_stuck"]
    assert (rules["end.when_stuck"], found.source) == ("game_ends", "assumed")
    assert "discard area" in found.note and "bag" in found.note
    assert config_of(rules).when_stuck == "game_ends"
    with pytest.raises(RulesetError, match="end.when_stuck"):
        ruleset_with(tmp_path, ('when_stuck = { value = "game_ends"', 'when_stuck = { value = "play_on"'))
