"""The engine core on a tiny test game: driver, replay, buffer, rulesets, agents."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from engine.core import (
    ListSink,
    ReplayError,
    RulesetError,
    UnknownName,
    load_ruleset,
    make_agent,
    play_game,
    replay,
)
from engine.registry import get_game
from tests.conformance import play_checked
from tests.toygame import GAME, CardDrawn
from warehouse.runs import ObservedRun, display_names


def _play(seed: int = 1) -> list:
    sink = ListSink()
    play_game(GAME, GAME.load_ruleset("toy"), [make_agent("random"), make_agent("greedy")], seed, sink)
    return sink.events


@pytest.mark.parametrize("seed", range(20))
def test_toy_game_conforms(seed: int) -> None:
    play_checked(GAME, "toy", 2 + seed % 2, "random" if seed % 3 else "greedy", seed, every=1)


def test_replay_rejects_a_removed_event() -> None:
    events = _play()
    drawn = next(i for i, e in enumerate(events) if isinstance(e, CardDrawn))
    with pytest.raises(ReplayError, match="digest mismatch"):
        replay(GAME, GAME.load_ruleset("toy"), events[:drawn] + events[drawn + 1 :])


def test_replay_rejects_a_changed_event() -> None:
    events = _play()
    i = next(i for i, e in enumerate(events) if isinstance(e, CardDrawn))
    events[i] = dataclasses.replace(events[i], card=events[i].card + 100)
    with pytest.raises(ReplayError, match="seq"):
        replay(GAME, GAME.load_ruleset("toy"), events)


def test_replay_rejects_a_truncated_log() -> None:
    with pytest.raises(ReplayError, match="truncated"):
        replay(GAME, GAME.load_ruleset("toy"), _play()[:-1])


def test_replay_rejects_another_ruleset(tmp_path: Path) -> None:
    text = Path("tests/data/toy.toml").read_text().replace("value = 15", "value = 14")
    other = tmp_path / "other.toml"
    other.write_text(text)
    with pytest.raises(ReplayError, match="ruleset digest"):
        replay(GAME, load_ruleset(other, "toy"), _play())


@pytest.mark.parametrize(
    ("text", "key", "reason"),
    [
        ("[deck]\nvalue = [1]\nsource = 'seed'\n", "meta", "missing"),
        ("[meta]\ngame = 'toy'\nname = 'x'\n[limit]\nvalue = 3\nsource = 'guess'\n", "limit", "source must be"),
        ("limit = 3\n[meta]\ngame = 'toy'\nname = 'x'\n", "limit", "bare value"),
        ("[meta]\ngame = 'toy'\nname = 'x'\n[limit]\nsource = 'seed'\n", "limit", "no value"),
        ("[meta]\ngame = 'other'\nname = 'x'\n", "meta.game", "expected 'toy'"),
        ("[meta]\ngame = 'toy'\nname = 'x'\n[a.b]\nvalue = 1\nsource = 'seed'\ncolour = 2\n", "a.b", "unexpected"),
        ("[meta\n", "-", "not valid TOML"),
    ],
)
def test_malformed_ruleset_names_file_and_key(tmp_path: Path, text: str, key: str, reason: str) -> None:
    path = tmp_path / "bad.toml"
    path.write_text(text)
    with pytest.raises(RulesetError) as info:
        load_ruleset(path, "toy")
    assert info.value.key == key and str(path) in str(info.value) and reason in str(info.value)


def test_ruleset_lists_assumed_values_and_checks_types() -> None:
    ruleset = GAME.load_ruleset("toy")
    assert set(ruleset.assumed()) == {"deck", "limit"}
    assert ruleset.require("limit", int) == 15
    with pytest.raises(RulesetError, match="'limit': expected str"):
        ruleset.require("limit", str)
    assert ruleset.integer("limit", 1, 15) == 15
    with pytest.raises(RulesetError, match="'limit': must be between 1 and 10, got 15"):
        ruleset.integer("limit", 1, 10)
    assert ruleset.choice("limit", (14, 15)) == 15
    with pytest.raises(RulesetError, match="'limit': must be one of 1, 2, got 15"):
        ruleset.choice("limit", (1, 2))


def test_unknown_names_list_the_known_ones() -> None:
    with pytest.raises(UnknownName, match="known agents: greedy, random"):
        make_agent("clever")
    with pytest.raises(UnknownName, match="known games:"):
        get_game("chess")


def test_same_seed_same_log_and_other_seed_other_log() -> None:
    assert _play(3) == _play(3)
    assert _play(3) != _play(4)


def test_display_names_are_outside_the_ruleset_digest(tmp_path: Path) -> None:
    """Renaming a Caprice or tile in [names] changes no rule, so the lake's runs stay valid."""
    game = get_game("caprices")
    original = Path(game.load_ruleset("standard").path)
    renamed = tmp_path / "standard.toml"
    text = original.read_text(encoding="utf-8")
    renamed.write_text(text.replace('de_l_ordre = { value = "De l\'ordre !"', 'de_l_ordre = { value = "Order!"'))
    assert renamed.read_text() != text
    assert load_ruleset(renamed, "caprices").digest == load_ruleset(original, "caprices").digest
    changed_rule = tmp_path / "rule.toml"
    changed_rule.write_text(text.replace("hand_size = { value = 7,", "hand_size = { value = 6,"))
    assert load_ruleset(changed_rule, "caprices").digest != load_ruleset(original, "caprices").digest


def test_display_names_are_allowed_in_every_ruleset_but_must_be_text(tmp_path: Path) -> None:
    game = get_game("gods")
    text = Path(game.load_ruleset("standard").path).read_text(encoding="utf-8")
    bad = tmp_path / "bad.toml"
    bad.write_text(text.replace('forest = { value = "forest"', "forest = { value = 3"))
    with pytest.raises(RulesetError, match="names.landscapes.forest.*non-empty text"):
        game.load_ruleset(str(bad))


def test_fast_init_builds_the_same_frozen_event() -> None:
    from engine.core.events import Event, fast_init

    @dataclasses.dataclass(frozen=True, slots=True)
    class Moved(Event):
        TYPE = "moved"
        player: int
        to: tuple[int, ...]
        why: str | None = None

    slow = Moved(1, (2, 3))
    fast_init(Moved)
    fast = Moved(1, (2, 3))
    assert fast == slow and hash(fast) == hash(slow) and repr(fast) == repr(slow)
    assert Moved(player=1, to=(2,), why="x").why == "x"
    with pytest.raises(dataclasses.FrozenInstanceError):
        fast.player = 2  # type: ignore[misc]
    with pytest.raises(TypeError, match="missing 1 required positional argument: 'to'"):
        Moved(1)  # type: ignore[call-arg]

    @dataclasses.dataclass(frozen=True, slots=True)
    class Checked(Event):
        TYPE = "checked"
        value: int

        def __post_init__(self) -> None:
            assert self.value >= 0

    with pytest.raises(TypeError, match="__post_init__"):
        fast_init(Checked)

    @dataclasses.dataclass(frozen=True, slots=True)
    class Base(Event):
        player: int

    @dataclasses.dataclass(frozen=True, slots=True)
    class Scored(Base):  # a field of its own and one inherited (its slot lives on the base class)
        TYPE = "scored"
        score: int

    slow_scored = Scored(2, 40)
    fast_init(Scored)
    assert Scored(2, 40) == slow_scored and repr(Scored(score=40, player=2)) == repr(slow_scored)


def test_an_agent_that_reads_no_view_plays_the_same_game() -> None:
    seen: list[object] = []

    class Watching(type(make_agent("random"))):  # type: ignore[misc]
        reads_view = True

        def choose(self, game, view, legal, rng):  # type: ignore[no-untyped-def]
            seen.append(view)
            return super().choose(game, view, legal, rng)

    class Blind(Watching):
        reads_view = False

    logs = []
    for agent in (Watching, Blind):
        sink = ListSink()
        play_game(GAME, GAME.load_ruleset("toy"), [agent(), agent()], 3, sink)
        logs.append(sink.events)
    assert logs[0] == logs[1] and len(logs[0]) > 2
    views = len(seen) // 2
    assert all(v is not None for v in seen[:views]) and all(v is None for v in seen[views:])


def test_a_game_playing_another_games_rulesets_is_named_by_its_own_title() -> None:
    """The Joust plays the caprices rulesets: its reports say 'Joust', not the single game's title twice."""
    ruleset = get_game("caprices").load_ruleset("standard")
    names = display_names(ruleset, ruleset, ObservedRun("caprices-joust", "r1", "standard", ruleset.digest))
    assert names[("caprices-joust", "standard", "game", "caprices-joust")] == "Les caprices du roi (Joust)"
    single = display_names(ruleset, ruleset, ObservedRun("caprices", "r2", "standard", ruleset.digest))
    assert single[("caprices", "standard", "game", "caprices")] == "Les caprices du roi"
    assert not any(kind == "games" for _game, _ruleset, kind, _id in single)
    assert ruleset.display_names("caprices-joust")[("game", "caprices-joust")] == "Les caprices du roi (Joust)"
    assert ("games", "caprices-joust") not in ruleset.display_names()  # a title, not a kind of thing
