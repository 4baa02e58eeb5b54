"""What one player may see: everything except the deck order, opponents' hands and the Caprice stack.

The view reads the live state through properties that expose only public
facts (cheap for agents that ignore it). Equality and hashing use
`snapshot()`, a plain tuple of everything visible, so a view can be compared
with the view of a resampled state; an agent that keeps a view across moves
should keep its snapshot.
"""

from __future__ import annotations

import random
from typing import Any

from engine.gardens.config import Config
from engine.gardens.state import Player, State, clone, collect, current_round


class GardensView:
    """A player's window on the state."""

    __slots__ = ("_state", "player")

    def __init__(self, state: State, player: int) -> None:
        self._state = state
        self.player = player

    @property
    def config(self) -> Config:
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

    def collect_preview(self, up: bool, rotation: list[int] | None = None) -> tuple[tuple[int, ...], int]:
        """What this player would collect from the (public) pagoda."""
        return collect(self._state, self.player, up, rotation)

    @property
    def rotation(self) -> list[int]:
        return list(self._state.rotation)

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
