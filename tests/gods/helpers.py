"""Building 4 Gods positions for tests by applying events (the only way state changes)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.core.chance import Chance
from engine.core.errors import IllegalCommand
from engine.core.events import Event
from engine.core.ruleset import Ruleset
from engine.gods.board import cell_at
from engine.gods.commands import ACTION_OF, Command, Discard, Place, PlaceProphet
from engine.gods.decide import outcome, planned_event
from engine.gods.events import ActionPlanned, BagShuffled, TilesDealt
from engine.gods.game import GAME
from engine.gods.rules import RULESETS_DIR
from engine.gods.state import GodsState
from simulate.variants import variant_from_sets, variant_ruleset

RULESET = GAME.load_ruleset("standard")
STANDARD_TEXT = (RULESETS_DIR / "standard.toml").read_text(encoding="utf-8")
TILES = GAME.initial_state(RULESET, 2, 0).config.tiles
F, M, S, P = range(4)
AWAY = 10**9  # a wait so long that the player is out of the way for the whole test
NO_IDLE = variant_ruleset(GAME, RULESET, variant_from_sets(["end.idle_ms=0"]))
"""The standard rules without the idle end: for a test whose player comes back after AWAY (days of game time)."""


def tiles_of(kind_text: str) -> list[int]:
    """Tile ids of one kind of the standard set (e.g. 'FFFF/MMMM')."""
    ids = [t for t in range(len(TILES)) if TILES.kinds[TILES.kind_of[t]].text == kind_text]
    assert ids, f"the standard ruleset has no tile kind {kind_text!r} (tests rely on it)"
    return ids


FOREST_MOUNTAIN = tiles_of("FFFF/MMMM")  # face 0 all forest, face 1 all mountain
SEA_PLAINS = tiles_of("SSSS/PPPP")  # face 0 all sea, face 1 all plains
FOREST_SEA = tiles_of("FFFF/SSSS")
HALVES = tiles_of("FFMM/SSPP")  # face 0: north+east forest, south+west mountain


def ruleset_with(tmp_path: Path, *replacements: tuple[str, str]) -> Ruleset:
    """The standard ruleset with texts replaced (each must occur), loaded from a temporary file."""
    text = STANDARD_TEXT
    for old, new in replacements:
        assert old in text, f"test set-up: {old!r} not in standard.toml"
        text = text.replace(old, new, 1)
    path = tmp_path / "variant.toml"
    path.write_text(text, encoding="utf-8")
    return GAME.load_ruleset(str(path))


def apply(state: GodsState, *events: Event) -> GodsState:
    """Apply events in order."""
    for event in events:
        state = GAME.evolve(state, event)
    return state


def start(
    players: int = 2, hands: list[list[int]] | None = None, ruleset: Ruleset = RULESET, away: tuple[int, ...] = (),
    tie_order: list[int] | None = None,
) -> GodsState:
    """A game after setup with chosen hands (bag = every other tile in id order); `away` players wait for ages.

    Everybody starts planning at 0, in the tie order (default: seat order); a
    player that is away is busy with a wait of AWAY ms, so the others act alone.
    """
    hands = hands if hands is not None else [[] for _ in range(players)]
    dealt = [t for hand in hands for t in hand]
    order = tuple(dealt + [t for t in range(len(TILES)) if t not in dealt])
    state = GAME.initial_state(ruleset, players, 0)
    ranks = [(tie_order or list(range(players))).index(p) for p in range(players)]
    dealt_events = [TilesDealt(p, tuple(h), "default", 6000, ranks[p]) for p, h in enumerate(hands)]
    state = apply(state, BagShuffled(order), *dealt_events)
    return apply(state, *(ActionPlanned(p, "wait", AWAY) for p in away))


def to_hand(state: GodsState, player: int, tile: int) -> None:
    """Move a tile from the bag into a player's hand (test set-up only)."""
    assert tile in state.bag[state.bag_top:], f"tile {tile} is not in the bag any more"
    state.bag.remove(tile)
    state.bag.insert(state.bag_top, tile)
    state.bag_top += 1
    state.hands[player].append(tile)
    state.cache.clear()


def set_up(state: GodsState, *events: Event) -> GodsState:
    """Apply events as test set-up: no time passes and nobody's plan changes."""
    timing = state.clock_ms, list(state.plan), list(state.ready), list(state.just_placed)
    state = apply(state, *events)
    state.clock_ms, state.plan, state.ready, state.just_placed = timing
    state.cache.clear()
    return state


def happen(state: GodsState, command: Command) -> GodsState:
    """Plan a command and carry it out at once, without rule checks (test set-up: no time passes)."""
    planned = planned_event(command, ACTION_OF[type(command)], 0)
    return set_up(state, planned, *outcome(state, command, Chance(0)))


def lay(state: GodsState, tile: int, x: int, y: int, face: int = 0, rotation: int = 0, player: int = 0) -> GodsState:
    """Put a tile from the bag on the board without rule checks (through the player's hand, no time passes)."""
    to_hand(state, player, tile)
    return happen(state, Place(player, -1, tile, cell_at(x, y), face, rotation))


def fill_discard(state: GodsState, player: int, tiles: list[int]) -> GodsState:
    """Put tiles into a player's discard area through the hand (no rule checks, no time passes)."""
    for tile in tiles:
        to_hand(state, player, tile)
        state = happen(state, Discard(player, tile))
    return state


def put_prophet(state: GodsState, player: int, x: int, y: int, group: int = 0) -> GodsState:
    """A prophet of `player` on a tile's landscape group (no rule checks, no time passes)."""
    keep = state.just_placed[player]
    state.just_placed[player] = cell_at(x, y)
    state = happen(state, PlaceProphet(player, group))
    state.just_placed[player] = keep
    return state


def events_of(state: GodsState, command: object, seed: int = 0) -> list[Event]:
    """The events `decide` gives for a command (rules checked)."""
    return GAME.decide(state, command, Chance(seed))  # type: ignore[arg-type]


def do(state: GodsState, command: object, seed: int = 0) -> GodsState:
    """Decide a command (rules checked) and apply its events."""
    return apply(state, *events_of(state, command, seed))


def rule_of(state: GodsState, command: object) -> str:
    """The rule a command breaks (fails the test if it is legal)."""
    with pytest.raises(IllegalCommand) as err:
        GAME.decide(state, command, Chance(0))  # type: ignore[arg-type]
    return err.value.rule


def cell(x: int, y: int) -> int:
    """Cell index of column x, row y."""
    return cell_at(x, y)


def four_landscape_hole(state: GodsState) -> GodsState:
    """Tiles around (1, 1) showing forest N, plains E, mountain S, sea W: no tile face can fill it."""
    state = lay(state, FOREST_SEA[0], 1, 0, face=0)  # all forest
    state = lay(state, SEA_PLAINS[0], 2, 1, face=1)  # all plains
    state = lay(state, FOREST_MOUNTAIN[0], 1, 2, face=1)  # all mountain
    return lay(state, SEA_PLAINS[1], 0, 1, face=0)  # all sea
