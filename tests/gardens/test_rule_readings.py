"""Issue 28, items 4-5: the Four Gardens readings that lived in code, now ruleset values with provenance."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.core import ListSink, make_agent, play_game
from engine.core.errors import RulesetError
from engine.gardens.game import GAME, RULESETS_DIR
from engine.gardens.rules import WILD_GOD

SUN, MOON, RAIN, WIND = range(4)
RULESETS = ("base", "gods-caprice")


def _marked(ruleset: str, key: str) -> str:
    found = GAME.load_ruleset(ruleset).provenance[key]
    assert found.source == "assumed", f"{ruleset}: {key} is {found.source}"
    return found.note


def _edited(tmp_path: Path, old: str, new: str) -> Path:
    text = (RULESETS_DIR / "base.toml").read_text(encoding="utf-8")
    assert old in text, f"test setup: {old!r} not in base.toml"
    path = tmp_path / "edited.toml"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return path


# --- item 4: the seed has no first-player rule; seat 0 starts and runs rotate the seats -------------------------
@pytest.mark.parametrize("ruleset", RULESETS)
def test_seat_zero_takes_the_first_turn_as_the_ruleset_says(ruleset: str, tmp_path: Path) -> None:
    assert "no rule" in _marked(ruleset, "players.first")
    rules = GAME.load_ruleset(ruleset)
    sink = ListSink()
    play_game(GAME, rules, [make_agent("random", GAME) for _ in range(3)], seed=7, sink=sink)
    players = [e.player for e in sink.events if hasattr(e, "player")]
    assert players[0] == 0
    with pytest.raises(RulesetError, match="players.first"):
        GAME.load_ruleset(str(_edited(tmp_path, 'first = { value = "seat0"', 'first = { value = "random"')))


# --- item 5: "Some cards have the Wild God symbol, for this you can choose which God to advance on" ------------
def test_a_wild_god_advance_offers_the_tracks_the_player_is_still_on_or_any(table) -> None:
    assert "tracks_still_on" in _marked("base", "gods.wild_advance")
    wild_god = table.card("red-3", 3, god=WILD_GOD)
    p = table.state.players[0]
    p.track[RAIN] = 0  # knocked off: "can no longer advance on that God track"
    table.state.todo.append(("advance", 0, WILD_GOD))
    table.state.legal_cache = None
    assert wild_god >= 0 and table.legal() == [("advance", SUN), ("advance", MOON), ("advance", WIND)]
    table.use(wild_advance="any_track")
    assert table.legal() == [("advance", g) for g in (SUN, MOON, RAIN, WIND)]
    moved = table.step("advance", RAIN)  # the step is lost: the marker stays off the track
    assert [(e.god, e.to_space, e.cause) for e in moved] == [("rain", 0, "lost")]
    assert p.track[RAIN] == 0


# --- the other reading of groundwork.only_needed_resources, as the assumptions screen plays it --------------------
def test_greedy_plays_on_when_a_groundwork_may_take_more_than_it_needs(tmp_path: Path) -> None:
    # with the switch off a full groundwork still takes resources; the greedy scorer divided by the zero left
    # (the study's assumptions screen crashed on it): such a placement is worth nothing, and games finish
    rules = GAME.load_ruleset(_edited(tmp_path, "only_needed_resources = { value = true",
                                      "only_needed_resources = { value = false"))
    for seed in range(3):
        sink = ListSink()
        play_game(GAME, rules, [make_agent("greedy", GAME) for _ in range(3)], seed=seed, sink=sink)
        assert type(sink.events[-1]).__name__ == "GameSealed"  # played to the end
