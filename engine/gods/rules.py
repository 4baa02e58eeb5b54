"""Legal commands: placement, hands, discards, gods, prophets, cities, waiting, the end.

Each rule is a small function over the state; `decide` checks a command
with the same functions, so the two agree. Commands are cached per state
version: the driver, `to_move` and `decide` share them.

The end (seed: "once the world is full or the players agree that no more
tiles can be placed, the game ends"): the world is *done* when it is full
(`end.full_world`), when no tile still in play fits any space a tile may go
(`end.tiles_considered`: which tiles the players count), or when nobody can
place, draw or discard any more. From then on a player may only put a
prophet on the tile it has just placed, and otherwise agrees to the end
(`DeclareEnd`), or waits while another player's prophet is on its way.
"""

from __future__ import annotations

from engine.gods.board import CONSTRAINED
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
from engine.gods.state import EMPTY, NOBODY, GodsState

HAND = -1
HANDS = 2


def open_cells(state: GodsState) -> list[int]:
    """Empty spaces (no tile, no city) touching at least two sides, in cell order (kept up by evolve)."""
    return state.open_cells


def tile_spaces(state: GodsState) -> list[int]:
    """Spaces a fitting tile may go: open spaces and unbroken cities (none once the world is full)."""
    if state.full:
        return []
    return open_cells(state) + [c.cell for c in state.cities if c.broken_by == NOBODY]


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
    """Every distinct legal placement (one orientation per distinct way a tile can lie)."""
    sources = tile_sources(state, player)
    if not sources:
        return []
    cells = tile_spaces(state)
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


def draw_counts(state: GodsState) -> tuple[int, ...]:
    """How many tiles a draw may take: the ruleset's counts the bag can cover, else the last tiles."""
    left = state.bag_left
    counts = tuple(n for n in state.config.draw_counts if n <= left)
    return counts or ((left,) if left else ())


def hand_commands(state: GodsState, player: int) -> list[Command]:
    """Draws (both hands free) and discards (own area below its limit)."""
    hand = state.hands[player]
    out: list[Command] = []
    if not hand:
        out += [Draw(player, n) for n in draw_counts(state)]
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
    kind_of = config.tiles.kind_of
    seen = _kinds(kind_of, state.hands[player])
    for pile in state.discards:
        seen |= _kinds(kind_of, pile)
    fit_mask = config.tiles.fit_mask
    return [c for c in cells if not fit_mask[state.pattern_at[c]] & seen]


def world_done(state: GodsState) -> bool:
    """Full, or nothing can be placed: no tile in play fits anywhere, or nobody can place, draw or discard."""
    key = ("done", state.version)
    done = state.cache.get(key)
    if done is None:
        done = state.cache[key] = _world_done(state)
    return done  # type: ignore[no-any-return]


def _world_done(state: GodsState) -> bool:
    if state.full:
        return True
    fit_mask = state.config.tiles.fit_mask
    fitting = 0  # a bit per tile kind that fits some space
    for cell in tile_spaces(state):
        fitting |= fit_mask[state.pattern_at[cell]]
    if not fitting & kinds_in_play(state):
        return True
    return not any(_can_progress(state, p, fitting) for p in range(state.num_players))


def kinds_in_play(state: GodsState) -> int:
    """A bit per tile kind the players count as still to be placed (`end.tiles_considered`)."""
    tiles = state.config.tiles
    if state.config.tiles_considered == "hands_discards":
        if state.bag_left:
            return -1  # nobody can see into the bag: any tile may still come
        return _kinds(tiles.kind_of, [t for hand in state.hands for t in hand] + [t for d in state.discards for t in d])
    return state.kinds_left


def _kinds(kind_of: tuple[int, ...], tiles: list[int]) -> int:
    mask = 0
    for tile in tiles:
        mask |= 1 << kind_of[tile]
    return mask


def _can_progress(state: GodsState, player: int, fitting: int) -> bool:
    """Whether the player can draw, discard or place a tile (on a space some kind in `fitting` fits)."""
    hand = state.hands[player]
    if (not hand and state.bag_left) or (hand and len(state.discards[player]) < state.config.discard_limit[
            state.num_players]):
        return True
    kind_of = state.config.tiles.kind_of
    mine = _kinds(kind_of, hand)
    if len(hand) < HANDS:
        mine |= _kinds(kind_of, [t for pile in state.discards for t in pile])
    return bool(mine & fitting)


def prophet_pending(state: GodsState) -> bool:
    """Some player is on its way to put a prophet on the tile it has just placed."""
    return any(isinstance(plan, PlaceProphet) for plan in state.plan)


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
    places = placements(state, player)
    if places:
        state.cache[("done", state.version)] = False  # a tile in play fits a space: the world is not done
    elif world_done(state):
        ending: list[Command] = [Wait(player)] if prophet_pending(state) else [DeclareEnd(player)]
        return prophet_commands(state, player) + ending
    out = prophet_commands(state, player) + places + hand_commands(state, player) + claim_commands(state, player)
    if not out or state.config.wait_rule == "any_time":
        out.append(Wait(player))
    return out


def end_reason(state: GodsState) -> str:
    """Why the world is done: frame_full, bag_empty (and nothing more fits) or stuck."""
    if state.full:
        return "frame_full"
    return "bag_empty" if not state.bag_left else "stuck"
