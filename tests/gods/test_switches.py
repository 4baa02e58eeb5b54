"""Ruleset switches from the seed's words (001): drawing two, a city as a side, and their provenance."""

from __future__ import annotations

from pathlib import Path

from engine.gods import placement
from engine.gods.commands import Draw, Place, PlaceCity
from engine.gods.game import GAME
from tests.gods.helpers import (
    FOREST_MOUNTAIN,
    RULESET,
    cell,
    do,
    happen,
    lay,
    rule_of,
    ruleset_with,
    start,
)


def test_with_both_hands_free_a_player_draws_two() -> None:
    """Seed: "Quando um jogador tem ambas as mãos livres, ele pode puxar duas novas peças do saco"."""
    state = start(away=(1,))
    assert [c for c in GAME.legal_commands(state, 0) if isinstance(c, Draw)] == [Draw(0, 2)]
    assert rule_of(state, Draw(0, 1)) == "draw_count"
    state.bag_top = len(state.bag) - 1  # one tile left: it is drawn alone
    state.cache.clear()
    assert [c for c in GAME.legal_commands(state, 0) if isinstance(c, Draw)] == [Draw(0, 1)]
    state = do(state, Draw(0, 1))
    assert state.bag_left == 0 and len(state.hands[0]) == 1


def test_drawing_one_is_a_switch_marked_as_contradicting_the_seed(tmp_path: Path) -> None:
    provenance = RULESET.provenance["hands.draw_one"]
    assert RULESET.values["hands.draw_one"] is False and provenance.source == "seed"
    assert "CONTRADICTS the seed" in provenance.note and "public" in provenance.note
    one = ruleset_with(tmp_path, ("draw_one = { value = false", "draw_one = { value = true"))
    state = start(away=(1,), ruleset=one)
    assert [c for c in GAME.legal_commands(state, 0) if isinstance(c, Draw)] == [Draw(0, 1), Draw(0, 2)]


def test_a_city_counts_as_a_side_only_when_the_ruleset_says_so(tmp_path: Path) -> None:
    """Seed: a tile "deve estar adjacente a dois lados" - to the frame or to tiles placed before."""
    inner = cell(1, 1)  # no frame side: a forest tile north of it, a city west of it
    for counts, sides in ((False, 1), (True, 2)):
        ruleset = RULESET if not counts else ruleset_with(
            tmp_path, ("count_as_side = { value = false", "count_as_side = { value = true"))
        state = start(hands=[[FOREST_MOUNTAIN[1], FOREST_MOUNTAIN[2]], []], away=(1,), ruleset=ruleset)
        state = lay(state, FOREST_MOUNTAIN[0], 1, 0, face=0)
        state = lay(state, FOREST_MOUNTAIN[3], 0, 2, face=0)  # the city's space touches the frame and this tile
        state = happen(state, PlaceCity(1, cell(0, 1)))
        assert state.sides_at[inner] == sides and (inner in placement.open_cells(state)) is counts
        assert (Place(0, -1, FOREST_MOUNTAIN[1], inner, 0, 0) in GAME.legal_commands(state, 0)) is counts
    # a tile breaking the city takes its place as a side: the side is not counted twice
    state = do(state, Place(0, -1, FOREST_MOUNTAIN[2], cell(0, 1), 0, 0))
    assert state.cities[0].broken_by == 0 and state.sides_at[inner] == 2
    assert state.sides_at[cell(0, 0)] == 4  # frame 2, the tile east of it, the city then the tile south of it
