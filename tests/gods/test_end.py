"""The end, from the seed's words (001): "Uma vez que o mundo esteja cheio ou os jogadores concordem
que não podem ser colocadas mais peças, o jogo termina" (once the world is full or the players agree
that no more tiles can be placed, the game ends)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from engine.core import ListSink, make_agent, play_game
from engine.gods import end, placement
from engine.gods.commands import ClaimGod, DeclareEnd, Discard, Draw, Place, PlaceCity, PlaceProphet, Wait
from engine.gods.events import PlanFailed
from engine.gods.game import GAME
from engine.gods.rules import config_of
from engine.gods.state import EMPTY, GodsState
from engine.gods.tiles import fits
from tests.gods.helpers import (
    RULESET,
    STANDARD_TEXT,
    TILES,
    apply,
    cell,
    do,
    events_of,
    fill_discard,
    four_landscape_hole,
    happen,
    lay,
    rule_of,
    ruleset_with,
    start,
    to_hand,
)

HOLE = cell(1, 1)  # forest, plains, mountain and sea around it: no tile face shows four landscapes
CORNER = cell(7, 7)


def fill_except(state: GodsState, *keep_empty: int) -> GodsState:
    """Lay tiles from the bag on every empty space but `keep_empty` (no rule checks: only fullness matters)."""
    for c in range(64):
        if state.tile_at[c] == EMPTY and state.city_at[c] == EMPTY and c not in keep_empty:
            state = lay(state, state.bag[state.bag_top], c % 8, c // 8)
    return state


def fitting(state: GodsState, space: int, pool: list[int]) -> tuple[int, int, int]:
    """(tile, face, rotation): the first tile of `pool` that fits the space, as the legal commands list it."""
    for tile in pool:
        for o in TILES.orientations_for(tile, state.pattern_at[space]):
            return tile, o.face, o.rotation
    raise AssertionError("test set-up: no tile of the pool fits")


def unfitting(state: GodsState, spaces: list[int], count: int) -> list[int]:
    """`count` bag tiles that fit none of the spaces."""
    out = [t for t in state.bag[state.bag_top:] if not any(TILES.orientations_for(t, state.pattern_at[s])
                                                            for s in spaces)]
    assert len(out) >= count, "test set-up: not enough unfitting tiles"
    return out[:count]


def hole_and_corner() -> tuple[GodsState, tuple[int, int, int]]:
    """Everything laid but the hole and the south-east corner; player 0 holds a tile for the corner."""
    state = four_landscape_hole(start(away=(1,)))
    state = fill_except(state, HOLE, CORNER)
    tile, face, rotation = fitting(state, CORNER, state.bag[state.bag_top:])
    to_hand(state, 0, tile)
    return state, (tile, face, rotation)


def test_when_no_tile_can_be_placed_any_more_the_players_agree_to_the_end_at_once() -> None:
    state, (tile, face, rotation) = hole_and_corner()
    assert not end.world_done(state)  # the corner can still take a tile
    state = do(state, Place(0, -1, tile, CORNER, face, rotation, at_ms=6000))
    assert state.tile_at[CORNER] == tile and state.clock_ms == 6000 and GAME.to_move(state) == 0
    # the hole shows four landscapes, so no tile in a hand, a discard area or the bag fits it, though the bag
    # still holds tiles: no drawing, discarding, cities or claims any more, the players agree to the end
    assert state.bag_left > 0 and end.world_done(state)
    assert GAME.legal_commands(state, 0) == [DeclareEnd(0)]
    for command in (Draw(0, 2), PlaceCity(0, HOLE), ClaimGod(0, 0), Wait(0)):
        assert rule_of(state, command) in ("world_done", "must_act")
    events = events_of(state, DeclareEnd(0))
    assert [e.TYPE for e in events] == ["landscape_scored"] * 4 + ["player_scored"] * 2 + ["game_ended"]
    state = apply(state, *events)
    assert (state.end_reason, state.clock_ms, GAME.to_move(state)) == ("stuck", 6000, None)


def test_the_player_who_placed_the_last_tile_may_still_put_a_prophet_on_it() -> None:
    state, (tile, face, rotation) = hole_and_corner()
    state = do(state, ClaimGod(0, 0))
    state = do(state, Place(0, -1, tile, CORNER, face, rotation))
    groups = state.groups_at[CORNER]
    assert groups is not None and end.world_done(state)
    assert GAME.legal_commands(state, 0) == [PlaceProphet(0, g) for g in range(max(groups) + 1)] + [DeclareEnd(0)]
    state = do(state, PlaceProphet(0, 0))
    assert GAME.legal_commands(state, 0) == [DeclareEnd(0)]


def test_a_full_world_ends_the_game() -> None:
    state = fill_except(start(away=(1,)), CORNER)
    tile, face, rotation = fitting(state, CORNER, state.bag[state.bag_top:])
    to_hand(state, 0, tile)
    state = do(state, Place(0, -1, tile, CORNER, face, rotation, at_ms=5000))
    assert state.full and GAME.legal_commands(state, 0) == [DeclareEnd(0)]
    state = do(state, DeclareEnd(0))
    assert (state.end_reason, state.clock_ms) == ("frame_full", 5000)


def test_a_tile_in_the_bag_that_fits_keeps_the_game_going() -> None:
    state = four_landscape_hole(start(away=(1,)))
    state = fill_except(state, HOLE, CORNER)
    # the corner fits some tile still in the bag; player 0 holds two that fit nowhere
    hand = unfitting(state, [CORNER], 2)
    for tile in hand:
        to_hand(state, 0, tile)
    assert not placement.placements(state, 0) and not end.world_done(state)
    assert Discard(0, hand[0]) in GAME.legal_commands(state, 0)


def test_when_only_tiles_in_sight_count_the_bag_must_be_empty_before_the_end(tmp_path: Path) -> None:
    begin = STANDARD_TEXT.index("kinds = { value = [")
    kinds = STANDARD_TEXT[begin:STANDARD_TEXT.index("], source", begin)]
    for considered, done in (("hands_discards_bag", True), ("hands_discards", False)):
        ruleset = ruleset_with(tmp_path, (kinds, 'kinds = { value = ["FFFF/MMMM * 40", "SSSS/PPPP * 60"'), (
            'tiles_considered = { value = "hands_discards_bag"', f'tiles_considered = {{ value = "{considered}"'))
        state = lay(lay(start(away=(1,), ruleset=ruleset), 0, 7, 6), 1, 6, 7)  # forest north and west of the corner
        state = fill_except(state, CORNER)  # the other 38 forest/mountain tiles go in too
        assert state.bag_left == 37 and len(config_of(ruleset).tiles) == 100
        # only a forest/mountain tile fits the corner and all 40 are in the world: the players who count
        # the bag know nothing fits; the players who count only what they see keep drawing
        assert end.world_done(state) is done, considered
    state.bag_top = len(state.bag)  # the bag runs out
    state.cache.clear()
    assert end.world_done(state) and GAME.legal_commands(state, 0) == [DeclareEnd(0)]


def test_a_tile_in_a_discard_area_that_fits_keeps_the_game_going() -> None:
    state = four_landscape_hole(start(away=(1,)))
    state = fill_except(state, HOLE, CORNER)
    tile, face, rotation = fitting(state, CORNER, state.bag[state.bag_top:])
    state = fill_discard(state, 1, [tile])
    state.bag_top = len(state.bag)  # the bag is empty: only the discarded tile fits
    state.cache.clear()
    assert not end.world_done(state)
    assert Place(0, 1, tile, CORNER, face, rotation) in GAME.legal_commands(state, 0)


def test_when_nobody_can_draw_discard_or_place_the_game_ends_though_the_bag_holds_a_fitting_tile() -> None:
    state = four_landscape_hole(start(away=(1,)))
    state = fill_except(state, HOLE, CORNER)
    for player in (0, 1):  # full hands of tiles that fit nowhere, full discard areas
        state = fill_discard(state, player, unfitting(state, [CORNER], 10))
        for tile in unfitting(state, [CORNER], 2):
            to_hand(state, player, tile)
    assert any(TILES.orientations_for(t, state.pattern_at[CORNER]) for t in state.bag[state.bag_top:])
    assert end.world_done(state) and GAME.legal_commands(state, 0) == [DeclareEnd(0)]
    assert apply(state, *events_of(state, DeclareEnd(0))).end_reason == "stuck"


def city_in_the_corner(state: GodsState) -> tuple[GodsState, tuple[int, int, int]]:
    """Every space holds a tile but the corner, which holds player 1's city; player 0 holds a tile that fits it."""
    state = fill_except(state, CORNER)
    state = happen(state, PlaceCity(1, CORNER))
    tile, face, rotation = fitting(state, CORNER, state.bag[state.bag_top:])
    to_hand(state, 0, tile)
    return state, (tile, face, rotation)


def test_once_tiles_and_cities_fill_the_world_no_city_is_broken() -> None:
    state, (tile, face, rotation) = city_in_the_corner(start(away=(1,)))
    assert state.full and GAME.legal_commands(state, 0) == [DeclareEnd(0)]
    assert rule_of(state, Place(0, -1, tile, CORNER, face, rotation)) == "world_done"  # decide agrees


def test_when_only_tiles_fill_the_world_a_fitting_tile_still_breaks_the_city(tmp_path: Path) -> None:
    tiles_only = ruleset_with(tmp_path, ('full_world = { value = "tiles_and_cities"',
                                         'full_world = { value = "tiles_only"'))
    state, (tile, face, rotation) = city_in_the_corner(start(away=(1,), ruleset=tiles_only))
    breaking = Place(0, -1, tile, CORNER, face, rotation)
    assert not state.full and breaking in GAME.legal_commands(state, 0)
    assert [e.TYPE for e in events_of(state, breaking)] == ["action_planned", "tile_placed", "city_broken"]


def test_a_break_planned_before_the_world_filled_up_fails_when_due() -> None:
    """A transcript: player 0 goes for the city, player 1 fills the last space first and sends a prophet."""
    state = fill_except(start(), CORNER, cell(0, 7))
    state = happen(state, PlaceCity(1, CORNER))
    tile, face, rotation = fitting(state, CORNER, state.bag[state.bag_top:])
    to_hand(state, 0, tile)
    last, last_face, last_rotation = fitting(state, cell(0, 7), state.bag[state.bag_top:])
    to_hand(state, 1, last)
    state = do(state, Place(0, -1, tile, CORNER, face, rotation, at_ms=5000))  # t=0: player 0 plans the break
    state = do(state, ClaimGod(1, 0, at_ms=1000))  # t=0: player 1 plans a god claim, done at 1000
    assert (state.clock_ms, GAME.to_move(state), state.god_of[0]) == (1000, 1, 1)
    state = do(state, Place(1, -1, last, cell(0, 7), last_face, last_rotation, at_ms=3000))
    assert state.full and state.clock_ms == 3000  # tiles and the city fill the world
    groups = state.groups_at[cell(0, 7)]
    assert groups is not None
    prophets = [PlaceProphet(1, g) for g in range(max(groups) + 1)]
    assert GAME.legal_commands(state, 1) == [*prophets, DeclareEnd(1)]
    events = events_of(state, PlaceProphet(1, 0, at_ms=6000))
    # at 5000 player 0's break comes due on a full world and fails; its time is spent
    assert events[1] == PlanFailed(0, "world_done")
    state = apply(state, *events)
    assert (state.clock_ms, GAME.to_move(state), state.city_at[CORNER]) == (5000, 0, 0)
    assert GAME.legal_commands(state, 0) == [Wait(0)]  # player 1's prophet is on its way: nothing to agree yet
    assert rule_of(state, DeclareEnd(0)) == "prophet_pending"
    state = do(state, Wait(0, at_ms=7000))  # the prophet lands at 6000
    assert (state.clock_ms, GAME.to_move(state), len(state.prophets)) == (6000, 1, 1)
    assert GAME.legal_commands(state, 1) == [DeclareEnd(1)]
    state = do(state, DeclareEnd(1))
    assert (state.end_reason, state.clock_ms) == ("frame_full", 6000)


def brute_force_done(state: GodsState) -> bool:
    """Done by the seed's words, checked without the engine's tables: the world is full, or no tile
    outside the world fits any space in any orientation, or nobody can draw, discard or place."""
    if state.full:
        return True
    tiles = state.config.tiles
    spaces = [c for c in range(64) if state.tile_at[c] == EMPTY and (state.city_at[c] != EMPTY or
                                                                      state.sides_at[c] >= 2)]

    def fits_somewhere(pool: list[int]) -> bool:
        return any(fits(tiles.orientation(t, f, r), state.pattern_at[c]) for t in pool for c in spaces
                   for f in (0, 1) for r in range(4))

    on_board = set(state.tile_at)
    if not fits_somewhere([t for t in range(len(tiles)) if t not in on_board]):
        return True
    limit = state.config.discard_limit[state.num_players]
    for hand, pile in zip(state.hands, state.discards):
        if (not hand and state.bag_left) or (hand and len(pile) < limit):
            return False
        if fits_somewhere(hand + ([t for d in state.discards for t in d] if len(hand) < 2 else [])):
            return False
    return True


def test_games_end_exactly_when_nothing_more_can_be_placed() -> None:
    checked: Counter[bool] = Counter()

    def observe(state: GodsState, player: int, legal: object, command: object) -> None:
        if isinstance(command, DeclareEnd) or state.turn % 7 == 0:
            assert end.world_done(state) == brute_force_done(state), f"turn {state.turn}"
            assert placement.open_cells(state) == [c for c in range(64) if state.tile_at[c] == state.city_at[c] == EMPTY
                                               and state.sides_at[c] >= 2]  # kept up by evolve
            checked[isinstance(command, DeclareEnd)] += 1

    for seed, agent, players in ((1, "random", 4), (2, "greedy", 2), (3, "greedy", 4), (4, "random", 2)):
        play_game(GAME, RULESET, [make_agent(agent, GAME) for _ in range(players)], seed, ListSink(),
                  observer=observe)
    assert checked[True] == 4 and checked[False] > 40
