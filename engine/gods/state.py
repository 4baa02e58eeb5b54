"""The 4 Gods game state and its player view.

The state changes only through `evolve` (see `evolve.py`). Besides the facts
(`tile_at`, hands, ...) it keeps derived per-cell data updated by evolve so
placement legality is a table look-up: `pattern_at` (constraint pattern of
each cell, see `tiles`), `sides_at` (sides touching the frame or a tile),
`open_cells` (empty spaces touching two sides, in cell order),
`placed_of_kind` (tiles of each kind in the world) and `kinds_left` (a bit
per tile kind with a tile outside the world).
4 Gods is played in real time, so `round` stays 0: `clock_ms` (simulated
time) is its time axis and `turn` counts planned actions.

Real time: `plan[p]` is the command player p committed to (None while it
plans), `plan_start[p]` when it started thinking and `ready[p]` when the
plan comes due (or, with no plan, since when the player has been planning).
`progress_ms` is when the last progress happened (`events.PROGRESS`); like
the derived tables it follows from the events and stays out of the digest.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from engine.gods.board import ALL_FREE, CELLS, FRAME_SIDES
from engine.gods.commands import Wait
from engine.gods.rules import Rules

NOBODY = -1
EMPTY = -1


@dataclass
class City:
    """A city marker: where, who placed it, who holds it by prophet, who broke it."""

    cell: int
    placed_by: int
    claimant: int = NOBODY
    broken_by: int = NOBODY


@dataclass
class GodsState:
    """Everything about one game of 4 Gods at one simulated moment."""

    config: Rules
    num_players: int
    bag: list[int] = field(default_factory=list)
    bag_top: int = 0
    hands: list[list[int]] = field(default_factory=list)
    discards: list[list[int]] = field(default_factory=list)
    tile_at: list[int] = field(default_factory=lambda: [EMPTY] * CELLS)
    face_at: list[int] = field(default_factory=lambda: [EMPTY] * CELLS)
    rot_at: list[int] = field(default_factory=lambda: [EMPTY] * CELLS)
    edges_at: list[tuple[int, ...] | None] = field(default_factory=lambda: [None] * CELLS)
    groups_at: list[tuple[int, ...] | None] = field(default_factory=lambda: [None] * CELLS)
    city_at: list[int] = field(default_factory=lambda: [EMPTY] * CELLS)
    pattern_at: list[int] = field(default_factory=lambda: [ALL_FREE] * CELLS)
    sides_at: list[int] = field(default_factory=lambda: list(FRAME_SIDES))
    open_cells: list[int] = field(default_factory=lambda: [c for c in range(CELLS) if FRAME_SIDES[c] >= 2])
    placed_of_kind: list[int] = field(default_factory=list)
    kinds_left: int = 0
    cities: list[City] = field(default_factory=list)
    god_of: list[int] = field(default_factory=lambda: [NOBODY] * 4)
    player_god: list[int] = field(default_factory=list)
    god_ms: list[int] = field(default_factory=list)
    prophets_left: list[int] = field(default_factory=list)
    prophets: list[tuple[int, int, int]] = field(default_factory=list)  # (cell, group, player)
    just_placed: list[int] = field(default_factory=list)
    profile: list[str] = field(default_factory=list)
    plan: list[Any] = field(default_factory=list)  # a Command, or None while the player plans
    plan_start: list[int] = field(default_factory=list)
    ready: list[int] = field(default_factory=list)
    tie_rank: list[int] = field(default_factory=list)  # order of the seats at equal times (drawn at setup)
    filled: int = 0
    tiles_on_board: int = 0
    end_reason: str = ""
    # the scoring events as logged: kept so the sealed digest covers every score component
    scored: list[Any] = field(default_factory=list)
    round: int = 0
    turn: int = 0
    clock_ms: int = 0
    progress_ms: int = 0  # when a tile last moved (events.PROGRESS): the idle end's start (end.idle)
    version: int = 0
    cache: dict[Any, Any] = field(default_factory=dict, repr=False, compare=False)

    @property
    def bag_left(self) -> int:
        """Tiles still in the bag."""
        return len(self.bag) - self.bag_top

    @property
    def full(self) -> bool:
        """The world is full: every space holds a tile or a city, or (`end.full_world = tiles_only`) a tile."""
        if self.config.full_world == "tiles_only":
            return self.tiles_on_board == CELLS
        return self.filled == CELLS

    def copy(self) -> GodsState:
        """An independent copy (the config is shared, the legal-command cache is not)."""
        clone = copy.copy(self)
        for name in ("bag", "tile_at", "face_at", "rot_at", "edges_at", "groups_at", "city_at", "pattern_at",
                     "sides_at", "open_cells", "placed_of_kind", "god_of", "player_god", "god_ms", "prophets_left",
                     "prophets", "just_placed", "profile", "plan", "plan_start", "ready", "tie_rank", "scored"):
            setattr(clone, name, list(getattr(self, name)))
        clone.hands = [list(h) for h in self.hands]
        clone.discards = [list(d) for d in self.discards]
        clone.cities = [copy.copy(c) for c in self.cities]
        clone.cache = {}
        return clone


def new_state(config: Rules, profiles: list[str]) -> GodsState:
    """The state before setup: empty world, nobody has tiles or gods; each seat's timing profile."""
    n = len(profiles)
    return GodsState(
        config, n, bag=list(range(len(config.tiles))), hands=[[] for _ in range(n)], discards=[[] for _ in range(n)],
        player_god=[NOBODY] * n,
        god_ms=[NOBODY] * n, prophets_left=[config.prophets] * n, just_placed=[EMPTY] * n, profile=list(profiles),
        plan=[None] * n, plan_start=[0] * n, ready=[0] * n, tie_rank=list(range(n)),
        placed_of_kind=[0] * len(config.tiles.kinds),
        kinds_left=sum(1 << k for k, count in enumerate(config.tiles.count_of_kind) if count),
    )


@dataclass(frozen=True)
class GodsView:
    """What one player may see: the world, own hands, every discard area, the time it plans at, when a tile last
    moved.

    Not the bag order, other players' hands, or what others plan and when they will be done (`agents.hidden`).
    """

    player: int
    config: Rules
    tile_at: tuple[int, ...]
    edges_at: tuple[tuple[int, ...] | None, ...]
    groups_at: tuple[tuple[int, ...] | None, ...]
    city_at: tuple[int, ...]
    pattern_at: tuple[int, ...]
    hand: tuple[int, ...]
    hand_counts: tuple[int, ...]
    discards: tuple[tuple[int, ...], ...]
    bag_left: int
    cities: tuple[tuple[int, int, int, int], ...]
    god_of: tuple[int, ...]
    prophets_left: tuple[int, ...]
    prophets: tuple[tuple[int, int, int], ...]
    just_placed: int
    clock_ms: int
    progress_ms: int  # when a tile last moved: everybody at the table sees it (the idle end, `end.idle`)


def view_of(state: GodsState, player: int) -> GodsView:
    """The player's view of a state."""
    return GodsView(
        player, state.config, tuple(state.tile_at), tuple(state.edges_at), tuple(state.groups_at),
        tuple(state.city_at), tuple(state.pattern_at), tuple(state.hands[player]),
        tuple(map(len, state.hands)), tuple(map(tuple, state.discards)), state.bag_left,
        tuple([(c.cell, c.placed_by, c.claimant, c.broken_by) for c in state.cities]), tuple(state.god_of),
        tuple(state.prophets_left), tuple(state.prophets), state.just_placed[player], _moment(state, player),
        state.progress_ms,
    )


def _moment(state: GodsState, player: int) -> int:
    """What the player's clock shows: when it plans (its wait may end after the last event), else now."""
    plan = state.plan[player]
    planning = plan is None or isinstance(plan, Wait)
    return max(state.clock_ms, state.ready[player]) if planning else state.clock_ms


def fingerprint(state: GodsState) -> Any:
    """The facts of a state (derived tables and caches left out) for the digest."""
    return (
        state.bag, state.bag_top, state.hands, state.discards, state.tile_at, state.face_at, state.rot_at,
        state.city_at, [(c.cell, c.placed_by, c.claimant, c.broken_by) for c in state.cities], state.god_of,
        state.player_god, state.god_ms, state.prophets_left, state.prophets, state.just_placed, state.profile,
        state.plan, state.plan_start, state.ready, state.tie_rank, state.end_reason, state.turn, state.clock_ms,
        state.scored,
    )
