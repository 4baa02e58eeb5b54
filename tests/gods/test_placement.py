"""Tiles, orientations and placement legality: corners first, two sides, matching edges."""

from __future__ import annotations

import pytest

from engine.core import state_digest
from engine.core.chance import Chance
from engine.core.errors import IllegalCommand
from engine.core.events import Event
from engine.gods import placement
from engine.gods.commands import Place
from engine.gods.game import GAME
from engine.gods.state import GodsState
from engine.gods.tiles import FREE, FaceError, fits, make_kind, parse_face, rotate
from tests.gods.helpers import FOREST_MOUNTAIN, HALVES, F, M, P, S, cell, do, lay, start


def decide(state: GodsState, command: Place) -> list[Event]:
    """The game's decide with a fixed rng."""
    return GAME.decide(state, command, Chance(0))


def test_face_text_gives_edges_and_groups() -> None:
    assert parse_face("FFMS") == ((F, F, M, S), (0, 0, 1, 2))
    assert parse_face("FMFM:0121") == ((F, M, F, M), (0, 1, 2, 1))


@pytest.mark.parametrize("text", ["FFF", "FFXM", "FMSP", "FMFM:0011", "FFMM:01"])
def test_bad_face_text_is_rejected(text: str) -> None:
    with pytest.raises(FaceError):
        parse_face(text)


def test_rotation_turns_edges_clockwise() -> None:
    # north edge moves to east after one quarter turn
    assert rotate((F, M, S, P), 1) == (P, F, M, S)


def test_orientations_are_both_faces_four_turns_without_duplicates() -> None:
    assert len(make_kind("FFMM/SSPP").orientations) == 8
    assert len(make_kind("FFFF/MMMM").orientations) == 2
    # a striped face looks the same after a half turn: 2 distinct turns per face
    assert len(make_kind("FMFM:0121/SPSP:0121").orientations) == 4


def test_fit_checks_only_constrained_edges() -> None:
    kind = make_kind("FFMM/SSPP")
    north_forest_only = F + FREE * 5 + FREE * 25 + FREE * 125
    fitting = [o for o in kind.orientations if fits(o, north_forest_only)]
    # FFMM keeps forest north unturned, or after three turns (the east forest edge comes round to north)
    assert {(o.face, o.rotation) for o in fitting} == {(0, 0), (0, 3)}


def test_first_tiles_go_in_the_corners() -> None:
    state = start(hands=[[FOREST_MOUNTAIN[0]], []], away=(1,))
    cells = {c.cell for c in placement.placements(state, 0)}
    assert cells == {cell(0, 0), cell(7, 0), cell(0, 7), cell(7, 7)}


def test_a_space_touching_one_side_is_illegal() -> None:
    state = start(hands=[[FOREST_MOUNTAIN[0]], []], away=(1,))
    with pytest.raises(IllegalCommand) as err:
        decide(state, Place(0, -1, FOREST_MOUNTAIN[0], cell(3, 0), 0, 0))
    assert err.value.rule == "two_sides"


def test_next_to_a_corner_tile_two_sides_are_touched() -> None:
    state = start(hands=[[FOREST_MOUNTAIN[1]], []], away=(1,))
    state = lay(state, FOREST_MOUNTAIN[0], 0, 0, face=0)  # forest in the north-west corner
    state = do(state, Place(0, -1, FOREST_MOUNTAIN[1], cell(1, 0), 0, 0))
    assert state.tile_at[cell(1, 0)] == FOREST_MOUNTAIN[1]
    assert state.sides_at[cell(2, 0)] == 2 and state.sides_at[cell(0, 1)] == 2
    assert state.sides_at[cell(1, 1)] == 1  # inner space: one tile, no frame


def test_a_mismatched_edge_is_illegal_and_changes_nothing() -> None:
    state = start(hands=[[FOREST_MOUNTAIN[1]], []], away=(1,))
    state = lay(state, FOREST_MOUNTAIN[0], 0, 0, face=0)
    before = state_digest(GAME, state)
    with pytest.raises(IllegalCommand) as err:
        decide(state, Place(0, -1, FOREST_MOUNTAIN[1], cell(1, 0), 1, 0))  # mountain face next to forest
    assert err.value.rule == "edges_match"
    assert state_digest(GAME, state) == before


def test_rotation_can_make_a_half_tile_fit() -> None:
    state = start(hands=[[HALVES[1]], []], away=(1,))
    state = lay(state, FOREST_MOUNTAIN[0], 0, 0, face=0)  # forest; its east edge faces (1, 0)'s west edge
    legal = {(c.face, c.rotation) for c in placement.placements(state, 0) if c.cell == cell(1, 0)}
    # face 0 is FFMM (N, E forest; S, W mountain): the west edge is forest after 2 or 3 turns
    assert legal == {(0, 2), (0, 3)}
    with pytest.raises(IllegalCommand):
        decide(state, Place(0, -1, HALVES[1], cell(1, 0), 0, 0))


def test_a_tile_not_in_hand_cannot_be_placed() -> None:
    state = start(hands=[[FOREST_MOUNTAIN[0]], []], away=(1,))
    with pytest.raises(IllegalCommand) as err:
        decide(state, Place(0, -1, FOREST_MOUNTAIN[1], cell(0, 0), 0, 0))
    assert err.value.rule == "tile_not_in_hand"


def test_an_orientation_lying_exactly_like_a_listed_one_is_refused_naming_the_listed_one() -> None:
    state = start(hands=[[FOREST_MOUNTAIN[0]], []], away=(1,))
    listed = [(c.face, c.rotation) for c in placement.placements(state, 0) if c.cell == cell(0, 0)]
    assert listed == [(0, 0), (1, 0)]  # all forest, all mountain: turning changes nothing
    with pytest.raises(IllegalCommand, match="face 0 rotation 0") as err:
        decide(state, Place(0, -1, FOREST_MOUNTAIN[0], cell(0, 0), 0, 2))
    assert err.value.rule == "duplicate_orientation"
