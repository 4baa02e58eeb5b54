"""The Four Gardens state (mutable, changed only by `evolve`, with a stack of pending decisions) and views of it.

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
holds an unused Foresight; the other steps of a turn follow by themselves (turn.py).

A player's view (`GardensView`) shows everything except the deck order, opponents'
hands and the Caprice stack; `resample_hidden` deals what the viewer has not seen anew.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from engine.gardens.rules import Rules

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

    config: Rules
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


Handlers = dict[type, Callable[["State", Any], None]]
"""What each rule file gives `evolve`: its event classes and the function applying each."""
Decisions = dict[str, tuple[Callable[..., list[Any]], Callable[..., list[Any]]]]
"""What each rule file gives `commands`: per decision kind, (legal commands, decide) functions."""


def new_state(config: Rules, num_players: int) -> State:
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
    # seat 0's turn is open from the start (turn.open_turn, without tiles to lift or offer yet)
    state.actions_left = config.actions
    state.todo = [("turn_end", 0), ("draw", 0, -1), ("main", 0)]
    return state


def clone(state: State) -> State:
    """A deep copy sharing what never changes in place: the config, decision frames, commands and events.

    Written out field by field because the search clones a state per iteration and `copy.deepcopy` took half
    of its CPU time (8.7 of 16.9 s in two self-play games at 2 players); tests/gardens/test_clone.py holds it
    equal to a deep copy with no shared mutable part.
    """
    return State(
        state.config, state.num_players, [_clone_player(p) for p in state.players], list(state.deck),
        list(state.discard), list(state.display), list(state.levels), list(state.rotation), list(state.supply),
        {kind: list(values) for kind, values in state.base_tiles.items()}, list(state.tile_stack),
        list(state.tile_face_up), dict(state.sabotage), list(state.todo), state.current, state.actions_left,
        state.end_triggered, state.end_reason, state.round, state.turn, state.turn_pending, state.clock_ms,
        list(state.scoring_events), None if state.legal_cache is None else list(state.legal_cache),
    )


def _clone_player(p: Player) -> Player:
    return Player(
        list(p.hand), {card: list(placed) for card, placed in p.groundworks.items()}, list(p.storage), p.capacity,
        [[pid, size, list(cards)] for pid, size, cards in p.panoramas], list(p.track), p.completed,
        p.largest_panorama, p.extra_rewards, p.favor, list(p.bonus_types), dict(p.tiles),
    )


def pop_decision(state: State, kind: str, player: int | None = None) -> tuple[Any, ...] | None:
    """Remove the top decision if it is of this kind (and this player's): the one an event resolves."""
    todo = state.todo
    if todo and todo[-1][0] == kind and (player is None or todo[-1][1] == player):
        return todo.pop()
    return None


def current_round(state: State) -> int:
    """The round being played, also at a turn's first decision (before its first event counts it)."""
    return state.round + 1 if state.turn_pending and state.current == 0 else state.round


class GardensView:
    """A player's window on the state.

    It reads the live state through properties that expose only public facts
    (cheap for agents that ignore it). Equality and hashing use `snapshot()`, a
    plain tuple of everything visible, so a view can be compared with the view
    of a resampled state; an agent that keeps a view across moves should keep
    its snapshot.
    """

    __slots__ = ("_state", "player")

    def __init__(self, state: State, player: int) -> None:
        self._state = state
        self.player = player

    @property
    def config(self) -> Rules:
        return self._state.config

    @property
    def frame(self) -> tuple[Any, ...]:
        """The decision being made now."""
        return self._state.todo[-1]

    @property
    def me(self) -> Player:
        return self._state.players[self.player]

    @property
    def hand(self) -> tuple[int, ...]:
        return tuple(self._state.players[self.player].hand)

    @property
    def tracks(self) -> tuple[tuple[int, ...], ...]:
        return tuple(tuple(p.track) for p in self._state.players)

    @property
    def num_players(self) -> int:
        return self._state.num_players

    @property
    def display(self) -> tuple[int, ...]:
        return tuple(self._state.display)

    @property
    def supply(self) -> tuple[int, ...]:
        return tuple(self._state.supply)

    @property
    def base_tiles(self) -> dict[str, list[int]]:
        return self._state.base_tiles

    @property
    def round(self) -> int:
        """The round being played."""
        return current_round(self._state)

    @property
    def actions_left(self) -> int:
        return self._state.actions_left

    @property
    def rotation(self) -> list[int]:
        return list(self._state.rotation)

    @property
    def levels(self) -> list[int]:
        """The resource of each pagoda level, bottom first."""
        return list(self._state.levels)

    @property
    def side(self) -> int:
        """The pagoda side this player faces."""
        return self._state.config.sides[self._state.num_players][self.player]

    def snapshot(self) -> tuple[Any, ...]:
        """Everything this player can see, as nested tuples."""
        s = self._state
        return (
            self.player, tuple(s.todo), s.current, s.actions_left, s.round, s.turn, s.turn_pending,
            tuple(sorted(self.hand)),
            tuple(_public(p) for p in s.players), len(s.deck), tuple(s.discard), tuple(s.display),
            tuple(s.levels), tuple(s.rotation), tuple(s.supply),
            tuple(sorted((k, tuple(v)) for k, v in s.base_tiles.items())), len(s.tile_stack),
            tuple(s.tile_face_up), tuple(sorted(s.sabotage.items())), s.end_triggered,
        )

    def __eq__(self, other: object) -> bool:
        return isinstance(other, GardensView) and self.snapshot() == other.snapshot()

    def __hash__(self) -> int:
        return hash(self.snapshot())

    def __repr__(self) -> str:
        return f"GardensView(player={self.player}, frame={self.frame!r})"


def _public(p: Player) -> tuple[Any, ...]:
    """A player's public side (the hand only as its size)."""
    return (
        len(p.hand), tuple(sorted((c, tuple(r)) for c, r in p.groundworks.items())), tuple(p.storage), p.capacity,
        tuple((pid, size, tuple(cards)) for pid, size, cards in p.panoramas), tuple(p.track), p.completed,
        p.largest_panorama, p.extra_rewards, p.favor, tuple(p.bonus_types), tuple(sorted(p.tiles.items())),
    )


def resample_hidden(state: State, player: int, rng: random.Random) -> State:
    """A copy with opponents' hands re-dealt from everything `player` has not seen.

    The deck and the Caprice stack hold no order (what comes out is drawn when it is revealed).
    """
    copy = clone(state)
    copy.legal_cache = None
    others = [i for i in range(copy.num_players) if i != player]
    pool = list(copy.deck)
    for i in others:
        pool.extend(copy.players[i].hand)
    pool.sort()
    rng.shuffle(pool)
    for i in others:
        size = len(copy.players[i].hand)
        copy.players[i].hand = [pool.pop() for _ in range(size)]
    copy.deck = sorted(pool)
    return copy


def fingerprint(state: State) -> tuple[Any, ...]:
    """Everything that defines the state (not the config), as primitives for the digest."""
    players = tuple((tuple(p.hand), _public(p)) for p in state.players)
    return (
        players, tuple(state.deck), tuple(state.discard), tuple(state.display), tuple(state.levels),
        tuple(state.rotation), tuple(state.supply), tuple(sorted((k, tuple(v)) for k, v in state.base_tiles.items())),
        tuple(state.tile_stack), tuple(state.tile_face_up), tuple(sorted(state.sabotage.items())), tuple(state.todo),
        state.current, state.actions_left, state.end_triggered, state.end_reason, state.round, state.turn,
        state.turn_pending,
        tuple(state.scoring_events),
    )
