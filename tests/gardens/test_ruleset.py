"""Ruleset files: both load, carry provenance, and malformed ones are rejected naming file and key."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.core.errors import RulesetError, UnknownName
from engine.gardens.game import GAME, RULESETS_DIR

BASE = (RULESETS_DIR / "base.toml").read_text()


@pytest.mark.parametrize("name", ["base", "gods-caprice"])
def test_shipped_rulesets_load_with_provenance(name):
    ruleset = GAME.load_ruleset(name)
    config = GAME.config(ruleset)
    assert len(config.cards) == 70 and len(config.gods) == 4 and config.storage == 4
    assert {p.source for p in ruleset.provenance.values()} <= {"seed", "public", "assumed"}
    assert "deck.cards" in ruleset.assumed() and "gods.points" in ruleset.assumed()
    assert config.thresholds == {2: 10, 3: 9, 4: 8}
    assert config.caprice == (name == "gods-caprice")
    assert config.conflict_key == "colour_and_number" and "groundwork.conflict_key" in ruleset.assumed()


SWITCHES = {
    "base": ("groundwork.completion_check", "groundwork.matched_while_resolving", "pagoda.uncovered_icon"),
    "gods-caprice": ("caprice.foresight_blessing_draw", "caprice.offering_single_marker",
                     "caprice.cohesion_counts_gift_storage", "caprice.sabotage_action_points",
                     "caprice.blessing_action_points", "caprice.helping_hand_action_points"),
}


@pytest.mark.parametrize("name", ["base", "gods-caprice"])
def test_choices_the_seed_leaves_open_are_marked_assumed(name):
    """Issue 8: each reading the code chose is a ruleset value marked `assumed`, with a note."""
    ruleset = GAME.load_ruleset(name)
    keys = SWITCHES["base"] + (SWITCHES["gods-caprice"] if name == "gods-caprice" else ())
    for key in (*keys, "bonus.planning_values"):
        assert key in ruleset.assumed() and len(ruleset.provenance[key].note) > 40, key
    config = GAME.config(ruleset)
    assert (config.completion_check, config.matched_while_resolving, config.uncovered_icon) == (
        "on_match", "at_once", "lost")


@pytest.mark.parametrize(
    ("old", "new", "key"),
    [
        ('completion_check = { value = "on_match"', 'completion_check = { value = "later"',
         "groundwork.completion_check"),
        ('matched_while_resolving = { value = "at_once"', 'matched_while_resolving = { value = 1',
         "groundwork.matched_while_resolving"),
        ('uncovered_icon = { value = "lost"', 'uncovered_icon = { value = "skip"', "pagoda.uncovered_icon"),
    ],
)
def test_bad_switch_values_name_the_key(tmp_path, old, new, key):
    path = _broken(tmp_path, old, new)
    with pytest.raises(RulesetError) as err:
        GAME.load_ruleset(path)
    assert err.value.key == key


def test_previous_conflict_key_still_loads(tmp_path):
    old = 'conflict_key = { value = "colour_and_number"'
    path = _broken(tmp_path, old, old.replace("colour", "panorama"))
    assert GAME.config(GAME.load_ruleset(path)).conflict_key == "panorama_and_number"


def _broken(tmp_path: Path, old: str, new: str) -> str:
    assert old in BASE
    path = tmp_path / "broken.toml"
    path.write_text(BASE.replace(old, new, 1))
    return str(path)


@pytest.mark.parametrize(
    ("old", "new", "key"),
    [
        ('points = { value = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]', 'points = { value = [1, 2, 3]', "gods.points"),
        ('sides_2p = { value = [0, 2]', 'sides_2p = { value = [0, 0]', "pagoda.sides_2p"),
        ('god = "sun", action = "rotate", floor = 2', 'god = "thor", action = "rotate", floor = 2',
         "deck.cards[4].god"),
        ('capacity = { value = 4,', 'capacity = { value = "four",', "storage.capacity"),
        ('chain_reward = { value = "god_advance"', 'chain_reward = { value = "coins"', "groundwork.chain_reward"),
        ('start_space = { value = 3,', 'start_space = { value = 30,', "gods.start_space"),
        ('conflict_key = { value = "colour_and_number"', 'conflict_key = { value = "colour"',
         "groundwork.conflict_key"),
    ],
)
def test_malformed_ruleset_names_file_and_key(tmp_path, old, new, key):
    path = _broken(tmp_path, old, new)
    with pytest.raises(RulesetError) as err:
        GAME.load_ruleset(path)
    assert err.value.key == key and err.value.path == path
    assert key in str(err.value) and "broken.toml" in str(err.value)


def test_missing_key_is_named(tmp_path):
    path = tmp_path / "short.toml"
    path.write_text("\n".join(line for line in BASE.splitlines() if not line.startswith("max_rounds")))
    with pytest.raises(RulesetError, match="end.max_rounds"):
        GAME.load_ruleset(str(path))


def test_unknown_ruleset_name_lists_the_known_ones():
    with pytest.raises(UnknownName, match="base, gods-caprice"):
        GAME.load_ruleset("nope")
