"""4 Gods as an OpenSpiel game: its action encoding and the law of its think times.

Kinds in this order (T = tiles in the ruleset, 64 cells of the 8 x 8 world,
P = the most players): `Place source tile cell face rotation` (source -1 =
own hand, else the seat whose discard area it comes from: P + 1 values; face
0-1, rotation 0-3), `Draw count` (1-4), `Discard tile`, `ClaimGod landscape`
(0-3), `PlaceProphet group` (0-7), `PlaceCity cell`, `ClaimCity city` (0-63),
`Wait`, `DeclareEnd`. A command's `at_ms` is never set here: its think time is
the chance node that follows it.
"""

from __future__ import annotations

import dataclasses
from typing import Any

from engine.gods.board import CELLS
from engine.gods.clock import profile_timing
from engine.gods.commands import ACTION_OF, Command
from engine.gods.state import GodsState, GodsView
from engine.gods.tiles import LANDSCAPES
from engine.openspiel.chance import ThinkLaw
from engine.openspiel.codec import Codec, Kind
from engine.openspiel.spec import Spec

MAX_DRAW = 4
MAX_GROUPS = 8  # landscape groups of one tile (a tile has four sides)


def codec(state: GodsState) -> Codec:
    config = state.config
    tile, cell = (0, len(config.tiles.kind_of)), (0, CELLS)
    return Codec("gods", (
        Kind("Place", ((-1, max(config.player_counts) + 1), tile, cell, (0, 2), (0, 4))),
        Kind("Draw", ((1, MAX_DRAW),)),
        Kind("Discard", (tile,)),
        Kind("ClaimGod", ((0, len(LANDSCAPES)),)),
        Kind("PlaceProphet", ((0, MAX_GROUPS),)),
        Kind("PlaceCity", (cell,)),
        Kind("ClaimCity", (cell,)),
        Kind("Wait"),
        Kind("DeclareEnd"),
    ))


def fields(command: Command) -> tuple[str, tuple[int, ...]]:
    values = tuple(getattr(command, f.name) for f in dataclasses.fields(command) if f.name not in ("player", "at_ms"))
    return type(command).__name__, values


def view_key(view: GodsView) -> tuple[Any, ...]:
    """The view without the ruleset tables."""
    return tuple(getattr(view, f.name) for f in dataclasses.fields(view) if f.name != "config")


def think_law(state: GodsState, command: Command) -> ThinkLaw:
    """The lognormal law `clock.sample_think` draws the command's think time from."""
    config = state.config
    timing = profile_timing(config, state.profile[command.player])
    return ThinkLaw(timing.mu(config.think_ms[ACTION_OF[type(command)]]), timing.sigma, config.think_resolution_ms)


def longest_think(state: GodsState) -> int:
    """The most think-time outcomes of any action type at any seat's pace."""
    config = state.config
    laws = (ThinkLaw(profile_timing(config, profile).mu(config.think_ms[action]), profile_timing(config, profile).sigma,
                     config.think_resolution_ms) for profile in state.profile for action in ACTION_OF.values())
    return max(law.last_step() for law in laws)


def copy_state(state: GodsState) -> GodsState:
    return state.copy()


SPEC = Spec("gods", codec, fields, copy_state, view_key, lambda state: len(state.config.tiles.kind_of),
            think_law, longest_think)
