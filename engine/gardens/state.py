"""The Four Gardens state: mutable, changed only by `evolve`, with a stack of pending decisions.

Pending decisions (`todo`) are small tuples `(kind, player, *args)`; the top
(last) one says who moves and what they may choose. Multi-step choices
(reallocation moves, wild placements, god choices, bonus tiles, tile options)
are successive entries, so legal-command lists stay short.

Frame kinds: turn_start, main, wild (source), realloc, complete (the cards
completed together, resolved one at a time), advance (god or WILD_GOD),
panorama (panorama id), bonus, draw (Foresight's cards still to take, -1 for a
normal draw, -2 for Blessing's top-up from the display only), turn_end, score,
and the expansion's gift, offering, recovery, abundance, place (remaining),
arrange (picks), collect. A turn_start decision exists only when the player
holds an unused Foresight; the other steps of a turn follow by themselves (flow.py).
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, field
from typing import Any

from engine.gardens.config import Config

STORAGE = -1  # placement target: the player's storage (planning area)
SUPPLY = -2  # placement target: back to the general supply (nothing placed)


@dataclass(slots=True)
class Player:
    """One player's garden, storage, tracks and bonus tiles."""

    hand: list[int]
    groundworks: dict[int, list[int]]  # card id -> resources placed on it, per type
    storage: list[int]  # resources in storage, per type
    capacity: int
    panoramas: list[list[Any]]  # [panorama id, size, [card ids]] in completion order
    track: list[int]  # space per god; 0 = knocked off for good
    completed: int = 0
    largest_panorama: int = 0
    extra_rewards: int = 0
    favor: int = 0
    bonus_types: list[str] = field(default_factory=list)
    tiles: dict[str, str] = field(default_factory=dict)  # caprice tile -> "up" | "active" | "down" | "favor"


@dataclass(slots=True)
class State:
    """A whole game: cards, pagoda, supply, tiles, players and pending decisions."""

    config: Config
    num_players: int
    players: list[Player]
    deck: list[int] = field(default_factory=list)  # top = last
    discard: list[int] = field(default_factory=list)
    display: list[int] = field(default_factory=list)
    levels: list[int] = field(default_factory=lambda: [0, 1, 2, 3])  # resource of each level, bottom first
    rotation: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    supply: list[int] = field(default_factory=list)
    base_tiles: dict[str, list[int]] = field(default_factory=dict)  # type -> values left, highest first
    tile_stack: list[str] = field(default_factory=list)  # caprice stack, top = last
    tile_face_up: list[str] = field(default_factory=list)
    sabotage: dict[int, tuple[int, int]] = field(default_factory=dict)  # owner -> (target player, card)
    todo: list[tuple[Any, ...]] = field(default_factory=list)
    current: int = 0
    actions_left: int = 0
    end_triggered: bool = False
    end_reason: str = ""
    round: int = 1
    turn: int = 0
    turn_pending: bool = False  # the turn passed to `current`; its first event counts it (turn, round)
    clock_ms: int = 0
    # the scoring events as logged, so the sealed digest covers every score component
    scoring_events: list[Any] = field(default_factory=list)
    legal_cache: list[Any] | None = None  # legal commands of the pending decision; evolve clears it


def new_state(config: Config, num_players: int) -> State:
    """The state before setup: empty deck, pagoda and tiles still to be placed by setup events."""
    players = [
        Player(hand=[], groundworks={}, storage=[0] * len(config.resources), capacity=config.storage,
               panoramas=[], track=[config.start_space] * len(config.gods))
        for _ in range(num_players)
    ]
    state = State(config=config, num_players=num_players, players=players)
    state.supply = [config.supply] * len(config.resources)
    if not config.caprice:
        state.base_tiles = {t: sorted(v, reverse=True) for t, v in config.base_tiles.items()}
    # seat 0's turn is open from the start (flow.open_turn, without tiles to lift or offer yet)
    state.actions_left = config.actions
    state.todo = [("turn_end", 0), ("draw", 0, -1), ("main", 0)]
    return state


def clone(state: State) -> State:
    """A deep copy sharing the immutable config."""
    return copy.deepcopy(state, memo={id(state.config): state.config})


def side_of(state: State, player: int) -> int:
    """The pagoda side this player faces."""
    return state.config.sides[state.num_players][player]


def facing(state: State, side: int) -> list[tuple[int, int]]:
    """(resource, icons) on one pagoda side for each level, bottom first."""
    counts = state.config.side_counts
    return [(state.levels[lv], counts[(side + state.rotation[lv]) % 4]) for lv in range(4)]


def collect(state: State, player: int, up: bool, rotation: list[int] | None = None) -> tuple[tuple[int, ...], int]:
    """What collecting this player's side would take (in order) and how many icons are lost.

    Resources are taken level by level in the card's direction, one at a time,
    until storage is full; nothing is skipped. An icon the supply cannot cover
    is lost, and collecting goes on or ends there (`pagoda.uncovered_icon`).
    `rotation` overrides the pagoda's (to look at it after a turn).
    """
    p = state.players[player]
    room = p.capacity - sum(p.storage)
    supply = list(state.supply)
    levels = state.levels
    taken: list[int] = []
    lost = 0
    stop = state.config.uncovered_icon == "stop"
    for level in icon_levels(state, player, up, state.rotation if rotation is None else rotation):
        resource = levels[level]
        if room > 0 and supply[resource] > 0:
            taken.append(resource)
            supply[resource] -= 1
            room -= 1
        else:
            lost += 1
            if stop:  # `pagoda.uncovered_icon`: no icon may be passed over, so collecting ends here
                room = 0
    return tuple(taken), lost


def icon_levels(state: State, player: int, up: bool, rotation: list[int]) -> tuple[int, ...]:
    """The level of each icon on this player's side, in the order collected (bottom first when `up`);
    worked out once per side, direction and rotation (`Config.icon_orders`: at most 2,048 of them)."""
    config = state.config
    side = config.sides[state.num_players][player]
    key = (side, up, *rotation)
    icons = config.icon_orders.get(key)
    if icons is None:
        counts = config.side_counts
        order = range(4) if up else range(3, -1, -1)
        icons = tuple(level for level in order for _ in range(counts[(side + rotation[level]) % 4]))
        config.icon_orders[key] = icons
    return icons


def current_round(state: State) -> int:
    """The round being played, also at a turn's first decision (before its first event counts it)."""
    return state.round + 1 if state.turn_pending and state.current == 0 else state.round


def bonus_options(state: State, player: int) -> list[str]:
    """Bonus tiles this player may take now (never the same base type twice)."""
    if state.config.caprice:
        return list(state.tile_face_up)
    taken = state.players[player].bonus_types
    return [t for t, values in state.base_tiles.items() if values and t not in taken]


def still_needed(config: Config, card: int, placed: list[int], resource: int) -> bool:
    """Whether the groundwork `card` with `placed` resources still needs `resource`."""
    return placed[resource] < config.cards[card].cost[resource]


def satisfied(config: Config, card: int, placed: list[int]) -> bool:
    """Whether a groundwork's resources meet its requirement."""
    for r, want in config.needs[card]:  # noqa: SIM110 - a loop: all() over a generator costs twice as much here
        if placed[r] < want:
            return False
    return True


def sabotaged(state: State, player: int, card: int) -> bool:
    """Whether an opponent's Sabotage blocks resources on this groundwork."""
    return any(target == (player, card) for target in state.sabotage.values())


def panorama_copies(state: State, player: int) -> int:
    """Display cards this player may have in one conflict slot (`Config.slot_keys`): 1, or 2 with Goodness."""
    if state.players[player].tiles.get("goodness"):
        return int(state.config.caprice_values["goodness_copies"])
    return state.config.copies_per_panorama
