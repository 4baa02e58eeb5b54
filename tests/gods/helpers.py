"""Building 4 Gods positions for tests by applying events (the only way state changes)."""

from __future__ import annotations

import random

from engine.core.events import Event
from engine.core.ruleset import Ruleset
from engine.gods.board import cell_at
from engine.gods.events import BagShuffled, TilePlaced, TilesDealt
from engine.gods.game import GAME
from engine.gods.state import GodsState

RULESET = GAME.load_ruleset("standard")
TILES = GAME.initial_state(RULESET, 2, 0).config.tiles
F, M, S, P = range(4)


def tiles_of(kind_text: str) -> list[int]:
    """Tile ids of one kind of the standard set (e.g. 'FFFF/MMMM')."""
    ids = [t for t in range(len(TILES)) if TILES.kinds[TILES.kind_of[t]].text == kind_text]
    assert ids, f"the standard ruleset has no tile kind {kind_text!r} (tests rely on it)"
    return ids


FOREST_MOUNTAIN = tiles_of("FFFF/MMMM")  # face 0 all forest, face 1 all mountain
SEA_PLAINS = tiles_of("SSSS/PPPP")  # face 0 all sea, face 1 all plains
FOREST_SEA = tiles_of("FFFF/SSSS")
HALVES = tiles_of("FFMM/SSPP")  # face 0: north+east forest, south+west mountain


def apply(state: GodsState, *events: Event) -> GodsState:
    """Apply events in order."""
    for event in events:
        state = GAME.evolve(state, event)
    return state


def start(
    players: int = 2, hands: list[list[int]] | None = None, paces: list[int] | None = None, ruleset: Ruleset = RULESET
) -> GodsState:
    """A game after setup with chosen hands (bag = every other tile in id order) and first think times.

    paces[p] is player p's first think time in ms (default 10, 20, ...), so the
    players act in seat order unless a test says otherwise.
    """
    hands = hands if hands is not None else [[] for _ in range(players)]
    dealt = [t for hand in hands for t in hand]
    order = tuple(dealt + [t for t in range(len(TILES)) if t not in dealt])
    paces = paces if paces is not None else [10 * (p + 1) for p in range(players)]
    state = GAME.initial_state(ruleset, players, 0)
    return apply(state, BagShuffled(order), *(dealt_event(p, h, paces[p], p) for p, h in enumerate(hands)))


def dealt_event(player: int, hand: list[int], think_ms: int, lot: int, profile: str = "default") -> TilesDealt:
    """A tiles_dealt event: the starting hand and the first think time (mean 4000 ms, the standard default)."""
    return TilesDealt(player, tuple(hand), profile, 4000, think_ms, lot)


def to_hand(state: GodsState, player: int, tile: int) -> None:
    """Move a tile from the bag into a player's hand (test set-up only)."""
    assert tile in state.bag[state.bag_top:], f"tile {tile} is not in the bag any more"
    state.bag.remove(tile)
    state.bag.insert(state.bag_top, tile)
    state.bag_top += 1
    state.hands[player].append(tile)


def lay(state: GodsState, tile: int, x: int, y: int, face: int = 0, rotation: int = 0, player: int = 0) -> GodsState:
    """Put a tile from the bag on the board without rule checks (through the player's hand)."""
    to_hand(state, player, tile)
    return apply(state, TilePlaced(player, tile, x, y, face, rotation, -1, 0, 0))


def do(state: GodsState, command: object, seed: int = 0) -> GodsState:
    """Decide a command (rules checked) and apply its events."""
    return apply(state, *GAME.decide(state, command, random.Random(seed)))  # type: ignore[arg-type]


def cell(x: int, y: int) -> int:
    """Cell index of column x, row y."""
    return cell_at(x, y)


def set_ready(state: GodsState, **ready_ms: int) -> None:
    """Move players' next-ready times (test set-up: who acts next), e.g. set_ready(state, p0=0, p1=10**9)."""
    for name, ms in ready_ms.items():
        state.ready[int(name.removeprefix("p"))] = ms
    state.cache.clear()  # cached legal commands and next actor depend on ready times
