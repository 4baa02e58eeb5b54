"""Hands and discard areas: the deal, drawing from the bag, discarding.

Seed: each player starts with two random tiles in hand (`hands.start_tiles`);
with both hands free a player draws two new tiles from the bag (public: one
or two, `hands.draw_one`); instead of placing a tile a player may put it into
its personal discard area, which holds at most ten (`discard.limit_<n>p`).
Taking a tile from any discard area is a placement (`placement`).

Every tile is drawn when it comes out (`chance.draw`), so the bag never has
an order a recorded playtest would have to invent.
"""

from __future__ import annotations

from engine.core.chance import Chance
from engine.core.errors import IllegalCommand
from engine.core.events import Event
from engine.gods.clock import mean_think_ms
from engine.gods.commands import DUE, Command, Discard, Draw
from engine.gods.events import TileDiscarded, TilesDealt, TilesDrawn
from engine.gods.state import GodsState

HAND = -1
"""A placement's source: the player's own hand (else the seat whose discard area the tile comes from)."""
HANDS = 2


DEALT_TO_PLAYERS = {TilesDealt: ("tiles", "tie_rank")}
"""What setup deals to a player, which a duplicate deal hands to another seat (engine.core.duplicate): the
starting tiles and the tie rank; the timing profile and think time are the seat's agent's and stay."""


def setup(state: GodsState, chance: Chance) -> list[Event]:
    """Deal each player's starting tiles from the bag, draw the tie order; everybody starts planning at 0."""
    config = state.config
    k = config.start_tiles
    seats = list(range(state.num_players))
    tie_order = chance.draw("tie_order", seats, len(seats))
    bag = list(range(len(config.tiles)))
    events: list[Event] = []
    for p, profile in enumerate(state.profile):
        tiles = chance.draw("tile", bag, k, owner=p)
        bag = [t for t in bag if t not in tiles]
        mean_ms = round(mean_think_ms(config, profile, "place"))
        events.append(TilesDealt(p, tuple(tiles), profile, mean_ms, tie_order.index(p)))
    return events


def draw_counts(state: GodsState) -> tuple[int, ...]:
    """How many tiles a draw may take: the ruleset's counts the bag can cover, else the last tiles."""
    left = state.bag_left
    counts = tuple(n for n in state.config.draw_counts if n <= left)
    return counts or ((left,) if left else ())


def can_discard(state: GodsState, player: int) -> bool:
    """Whether the player's discard area is below its limit."""
    return len(state.discards[player]) < state.config.discard_limit[state.num_players]


def hand_commands(state: GodsState, player: int) -> list[Command]:
    """Draws (both hands free) and discards (own area below its limit)."""
    hand = state.hands[player]
    out: list[Command] = []
    if not hand:
        out += [Draw(player, n) for n in draw_counts(state)]
    if can_discard(state, player):
        out += [Discard(player, t) for t in dict.fromkeys(hand)]
    return out


def check_draw(state: GodsState, c: Draw, when: str) -> None:
    """Both hands free; when planned, a count the bag allows; when due, a bag not empty."""
    if state.hands[c.player]:
        raise IllegalCommand("draw_needs_free_hands", "a player draws only with both hands free")
    if when == DUE:
        if not state.bag_left:
            raise IllegalCommand("bag_empty", "the bag is empty")
    elif c.count not in draw_counts(state):
        raise IllegalCommand("draw_count", f"cannot draw {c.count} (allowed {draw_counts(state)}, "
                                           f"bag has {state.bag_left})")


def draw_events(state: GodsState, c: Draw, chance: Chance) -> list[Event]:
    """The tiles are drawn now, when the hand goes into the bag (the bag may have run low: the last tiles)."""
    count = min(c.count, state.bag_left)
    return [TilesDrawn(c.player, tuple(chance.draw("tile", state.bag[state.bag_top:], count, owner=c.player)))]


def check_discard(state: GodsState, c: Discard, when: str) -> None:
    """A tile in hand, into an own discard area below its limit."""
    if c.tile not in state.hands[c.player]:
        raise IllegalCommand("tile_not_in_hand", f"tile {c.tile} is not in player {c.player}'s hands")
    if not can_discard(state, c.player):
        limit = state.config.discard_limit[state.num_players]
        raise IllegalCommand("discard_limit", f"the discard area already holds {limit} tiles")


def discard_events(state: GodsState, c: Discard) -> list[Event]:
    """The tile goes into the player's discard area (the plan says which)."""
    return [TileDiscarded(c.player)]
