"""Legal commands: placement, hands, discards, gods, prophets, cities, the end.

Each rule is a small function over the state. "Progress" commands (place,
draw, discard, prophet) move the game on; claims (god, city) are bounded
side actions. When no player has a progress command the world is done
(frame full, or nobody can place), and any player may declare the end.
Commands are cached per state version: to_move and the driver share them.
"""

from __future__ import annotations

from engine.gods.board import CELLS, CONSTRAINED
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
)
from engine.gods.state import EMPTY, NOBODY, GodsState

HAND = -1
HANDS = 2


def open_cells(state: GodsState) -> list[int]:
    """Empty spaces (no tile, no city) touching at least two sides (cached per state version)."""
    key = ("open", state.version)
    cells = state.cache.get(key)
    if cells is None:
        tile_at, city_at, sides = state.tile_at, state.city_at, state.sides_at
        cells = [c for c in range(CELLS) if tile_at[c] == EMPTY and city_at[c] == EMPTY and sides[c] >= 2]
        state.cache[key] = cells
    return cells  # type: ignore[no-any-return]


def tile_sources(state: GodsState, player: int) -> list[tuple[int, int]]:
    """(source, tile) a player may place: own hand; any discard area with a free hand (one tile per kind)."""
    sources = [(HAND, t) for t in state.hands[player]]
    if len(state.hands[player]) < HANDS:
        kind_of = state.config.tiles.kind_of
        for owner, pile in enumerate(state.discards):
            kinds: set[int] = set()
            for t in pile:
                if kind_of[t] not in kinds:
                    kinds.add(kind_of[t])
                    sources.append((owner, t))
    return sources


def placements(state: GodsState, player: int) -> list[Command]:
    """Every distinct legal placement (cities count as spaces a fitting tile may break)."""
    if state.full:
        return []
    sources = tile_sources(state, player)
    if not sources:
        return []
    cells = open_cells(state) + [c.cell for c in state.cities if c.broken_by == NOBODY]
    tiles = state.config.tiles
    tables = [(source, tile, tiles.fits[tiles.kind_of[tile]]) for source, tile in sources]
    pattern_at = state.pattern_at
    out: list[Command] = []
    for cell in cells:
        pattern = pattern_at[cell]
        for source, tile, table in tables:
            for o in table[pattern]:
                out.append(Place(player, source, tile, cell, o.face, o.rotation))
    return out


def hand_commands(state: GodsState, player: int) -> list[Command]:
    """Draws (both hands free) and discards (own area below its limit)."""
    if state.full:
        return []
    hand = state.hands[player]
    out: list[Command] = []
    if not hand and state.bag_left:
        out += [Draw(player, n) for n in state.config.draw_counts if n <= state.bag_left]
    if len(state.discards[player]) < state.config.discard_limit[state.num_players]:
        out += [Discard(player, t) for t in dict.fromkeys(hand)]
    return out


def prophet_commands(state: GodsState, player: int) -> list[Command]:
    """A prophet on a free group of the tile just placed (needs a god and a prophet left)."""
    cell = state.just_placed[player]
    if cell == EMPTY or state.player_god[player] == NOBODY or not state.prophets_left[player]:
        return []
    groups = state.groups_at[cell]
    assert groups is not None
    taken = {g for c, g, _ in state.prophets if c == cell}
    return [PlaceProphet(player, g) for g in range(max(groups) + 1) if g not in taken]


def claim_commands(state: GodsState, player: int) -> list[Command]:
    """God claims, city placements and city claims."""
    out: list[Command] = []
    has_god = state.player_god[player] != NOBODY
    if not has_god:
        out += [ClaimGod(player, g) for g, owner in enumerate(state.god_of) if owner == NOBODY]
    if len(state.cities) < state.config.city_markers:
        out += [PlaceCity(player, c) for c in city_spaces(state, player)]
    if has_god and state.prophets_left[player]:
        out += [ClaimCity(player, i) for i, c in enumerate(state.cities) if c.claimant == c.broken_by == NOBODY]
    return out


def city_spaces(state: GodsState, player: int) -> list[int]:
    """Open spaces the player may believe unfillable (see cities.placement in the ruleset)."""
    config = state.config
    cells = [c for c in open_cells(state) if CONSTRAINED[state.pattern_at[c]] >= config.city_min_tile_sides]
    if config.city_placement == "no_tile_of_the_set_fits":
        return [c for c in cells if not config.tiles.any_fits[state.pattern_at[c]]]
    seen = {*state.hands[player], *(t for pile in state.discards for t in pile)}
    fits_of = config.tiles.orientations_for
    return [c for c in cells if not any(fits_of(t, state.pattern_at[c]) for t in seen)]


def progress_commands(state: GodsState, player: int) -> list[Command]:
    """Commands that move the game on (cached per state version)."""
    key = ("progress", player, state.version)
    cached = state.cache.get(key)
    if cached is None:
        cached = state.cache[key] = (
            prophet_commands(state, player) + placements(state, player) + hand_commands(state, player)
        )
    return cached  # type: ignore[no-any-return]


def world_done(state: GodsState) -> bool:
    """No player has a progress command left: the frame is full or nobody can place."""
    key = ("done", state.version)
    done = state.cache.get(key)
    if done is None:
        done = state.cache[key] = all(not progress_commands(state, p) for p in range(state.num_players))
    return done  # type: ignore[no-any-return]


def legal_commands(state: GodsState, player: int) -> list[Command]:
    """All commands the player may give now (cached per state version)."""
    key = ("legal", player, state.version)
    legal = state.cache.get(key)
    if legal is None:
        legal = state.cache[key] = _legal(state, player)
    return list(legal)  # a copy: callers may reorder it


def _legal(state: GodsState, player: int) -> list[Command]:
    if state.end_reason:
        return []
    progress = progress_commands(state, player)
    if progress:
        return progress + claim_commands(state, player)
    if world_done(state):
        return claim_commands(state, player) + [DeclareEnd(player)]
    return claim_commands(state, player)


def end_reason(state: GodsState) -> str:
    """Why the world is done: frame_full, bag_empty (and nobody can place) or stuck."""
    if state.full:
        return "frame_full"
    return "bag_empty" if not state.bag_left else "stuck"
