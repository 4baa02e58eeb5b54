"""Four Gardens events: past-tense facts, chance outcomes included, and their typed columns."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pyarrow as pa

from engine.core.events import Event, fast_init

# Every field has a typed column: the sequence fields too (card ids, pagoda
# levels, collected resources), because a JSON payload costs ~3x more to log and
# these events are frequent (a display refill after most draws).
COLUMNS: dict[str, pa.DataType] = {
    "cards": pa.list_(pa.int16()),
    "collected": pa.list_(pa.int8()),
    "levels": pa.list_(pa.int8()),
    "rotations": pa.list_(pa.int8()),
    "tiles": pa.list_(pa.string()),
    "action": pa.string(),
    "card": pa.int16(),
    "revealed": pa.int16(),
    "revealed_tile": pa.string(),
    "source": pa.string(),
    "resource": pa.string(),
    "target": pa.int16(),
    "floor": pa.int8(),
    "direction": pa.int8(),
    "resources_collected": pa.int8(),
    "resources_lost": pa.int8(),
    "panorama": pa.string(),
    "colour": pa.string(),
    "size": pa.int8(),
    "position": pa.int8(),
    "god": pa.string(),
    "from_space": pa.int8(),
    "to_space": pa.int8(),
    "cause": pa.string(),
    "by_player": pa.int8(),
    "tile": pa.string(),
    "value": pa.int8(),
    "option": pa.string(),
    "target_player": pa.int8(),
    "score": pa.int32(),
    "rank": pa.int8(),
    "win_share": pa.float64(),
    "track_points": pa.int32(),
    "extra_rewards": pa.int32(),
    "favor": pa.int32(),
    "completed": pa.int16(),
    "largest_panorama": pa.int8(),
    "track_gods": pa.list_(pa.string()),
    "track_spaces": pa.list_(pa.int8()),
    "track_length": pa.int8(),
    "end_reason": pa.string(),
    "rounds": pa.int16(),
}


@dataclass(frozen=True, slots=True)
class CardsShuffled(Event):
    """The deck was made: every card at setup, or the discard pile when the deck ran out (no order:
    each draw picks a card at random).

    v3: `cards` is empty, as those cards follow from the state; v2 listed them
    (sorted) and v1 in a shuffled order (upcast.py).
    """

    TYPE = "cards_shuffled"
    VERSION = 3
    cards: tuple[int, ...]
    source: str  # "setup" | "discard"

    @classmethod
    def upcast(cls, fields: dict[str, Any], version: int) -> dict[str, Any]:
        return {**fields, "cards": ()}


@dataclass(frozen=True, slots=True)
class PagodaBuilt(Event):
    """The pagoda floors were stacked: resource per level (bottom first) and rotations."""

    TYPE = "pagoda_built"
    levels: tuple[int, ...]
    rotations: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class HandDealt(Event):
    """A player received their starting hand from the deck."""

    TYPE = "hand_dealt"
    player: int
    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class DisplayRefilled(Event):
    """Cards drawn from the deck were laid face up in the open display."""

    TYPE = "display_refilled"
    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class CapriceTilesShuffled(Event):
    """The God's Caprice tiles were shuffled face down (sorted: each reveal picks one at random)."""

    TYPE = "caprice_tiles_shuffled"
    VERSION = 2  # v1 logged the stack order (upcast.py)
    tiles: tuple[str, ...]

    @classmethod
    def upcast(cls, fields: dict[str, Any], version: int) -> dict[str, Any]:
        return {**fields, "tiles": tuple(sorted(fields["tiles"]))}


@dataclass(frozen=True, slots=True)
class CapriceTileRevealed(Event):
    """The top Caprice tile (drawn from the stack) was turned face up beside it."""

    TYPE = "caprice_tile_revealed"
    tile: str


@dataclass(frozen=True, slots=True)
class TurnStarted(Event):
    """A player holding an unused Foresight began the turn without using it (value: action points).

    v2: logged only then. Every other turn begins by itself when the previous
    one ends (the envelope's `turn` counts turns); v1 logged every turn start.
    """

    TYPE = "turn_started"
    VERSION = 2  # same fields (upcast.py: what a v1 row of an ordinary turn does)
    player: int
    value: int


@dataclass(frozen=True, slots=True)
class ActionTaken(Event):
    """A player spent an action point and a card on an action (lay, rotate, wild, reallocate).

    v2: Rotate & Collect is one event: `direction` the shaded floor and those above
    turned (+1 clockwise, -1 counter; the floor is the card's), `resources_collected`
    and `resources_lost` how many icons were taken into storage and not (which ones
    follow from the pagoda and storage). v1 logged the turn and the collection as
    `pagoda_rotated` and `resources_collected` events.
    """

    TYPE = "action_taken"
    VERSION = 2
    player: int
    action: str
    card: int
    direction: int | None = None
    resources_collected: int | None = None
    resources_lost: int | None = None

    @classmethod
    def upcast(cls, fields: dict[str, Any], version: int) -> dict[str, Any]:
        return {**fields, "direction": None, "resources_collected": None, "resources_lost": None}


@dataclass(frozen=True, slots=True)
class PagodaRotated(Event):
    """Retired (v1 logs only): the floor and those above turned; now part of `action_taken`."""

    TYPE = "pagoda_rotated"
    player: int
    floor: int
    direction: int


@dataclass(frozen=True, slots=True)
class ResourcesCollected(Event):
    """Resources taken from the pagoda into storage, in order; the rest was lost (Helping Hand; v1 also Rotate)."""

    TYPE = "resources_collected"
    player: int
    collected: tuple[int, ...]
    resources_collected: int
    resources_lost: int
    source: str  # "rotate" | "helping_hand"


@dataclass(frozen=True, slots=True)
class ResourcePlaced(Event):
    """One resource taken from the supply onto a groundwork (target card) or storage (-1), or none (-2)."""

    TYPE = "resource_placed"
    player: int
    resource: str
    target: int
    source: str  # "wild" | "take_wilds" | "abundance"


@dataclass(frozen=True, slots=True)
class ResourceMoved(Event):
    """Reallocation: one resource moved from storage (-1) or a groundwork to a groundwork or the supply (-2)."""

    TYPE = "resource_moved"
    player: int
    resource: str
    card: int  # from
    target: int  # to


@dataclass(frozen=True, slots=True)
class ReallocationFinished(Event):
    """The player chose to stop moving resources while moves were left.

    v2: logged only for that choice; with no move left a reallocation ends by
    itself (v1 logged every end).
    """

    TYPE = "reallocation_finished"
    VERSION = 2  # same fields (upcast.py: what a v1 row of a forced end does)
    player: int


@dataclass(frozen=True, slots=True)
class GroundworkCompleted(Event):
    """A groundwork met its requirement and joined the panorama area.

    v2: the card alone; its panorama, colour, size and position are the ruleset's
    (`Rules.cards`). v1 logged them too (dropped on reading: upcast.py).
    """

    TYPE = "groundwork_completed"
    VERSION = 2
    player: int
    card: int

    @classmethod
    def upcast(cls, fields: dict[str, Any], version: int) -> dict[str, Any]:
        return {"player": fields["player"], "card": fields["card"]}


@dataclass(frozen=True, slots=True)
class TrackMoved(Event):
    """A marker moved on a god track; to_space 0 = knocked off for good."""

    TYPE = "track_moved"
    player: int
    god: str
    from_space: int
    to_space: int
    cause: str  # advance | overflow | lost | push | offering | recovery
    by_player: int


@dataclass(frozen=True, slots=True)
class PanoramaCompleted(Event):
    """A player finished a whole panorama (set)."""

    TYPE = "panorama_completed"
    player: int
    panorama: str
    colour: str
    size: int


@dataclass(frozen=True, slots=True)
class BonusTileTaken(Event):
    """A bonus tile was taken for a panorama (value: the base tile's value, 0 for Caprice tiles).

    v2: `revealed_tile` is the Caprice tile turned face up in its place ("" none);
    v1 logged that as a separate `caprice_tile_revealed`.
    """

    TYPE = "bonus_tile_taken"
    VERSION = 2
    player: int
    tile: str
    value: int
    revealed_tile: str = ""

    @classmethod
    def upcast(cls, fields: dict[str, Any], version: int) -> dict[str, Any]:
        return {**fields, "revealed_tile": ""}


@dataclass(frozen=True, slots=True)
class TileUsed(Event):
    """A Caprice tile was used (option names the choice; card / target_player where relevant)."""

    TYPE = "tile_used"
    player: int
    tile: str
    option: str
    card: int
    target_player: int


@dataclass(frozen=True, slots=True)
class PagodaArranged(Event):
    """Helping Hand: one level of the pagoda got a floor, turned to show `value` icons to the player."""

    TYPE = "pagoda_arranged"
    player: int
    floor: int
    resource: str
    value: int


@dataclass(frozen=True, slots=True)
class ActionsEnded(Event):
    """The player chose to stop spending action points (or had no card left to spend them on).

    v2: logged only then; with no action point left the main phase ends by
    itself (v1 logged every end).
    """

    TYPE = "actions_ended"
    VERSION = 2  # same fields (upcast.py: what a v1 row of a forced end does)
    player: int


@dataclass(frozen=True, slots=True)
class CardDrawn(Event):
    """A card drawn into hand from the display or the deck.

    v2: `revealed` is the card drawn from the deck (or the reshuffled discard)
    to refill the display in its place (-1 none); v1 logged that as a separate
    `display_refilled`.
    """

    TYPE = "card_drawn"
    VERSION = 2
    player: int
    card: int
    source: str  # "display" | "deck"
    revealed: int = -1

    @classmethod
    def upcast(cls, fields: dict[str, Any], version: int) -> dict[str, Any]:
        return {**fields, "revealed": -1}


@dataclass(frozen=True, slots=True)
class TurnEnded(Event):
    """Retired (v1 logs only): a turn ended. A turn now ends by itself after its draw."""

    TYPE = "turn_ended"
    player: int


@dataclass(frozen=True, slots=True)
class PlayerScored(Event):
    """Final score of one player with its components, rank and share of the win."""

    TYPE = "player_scored"
    player: int
    score: int
    rank: int
    win_share: float
    track_points: int
    extra_rewards: int
    favor: int
    completed: int
    largest_panorama: int
    track_gods: tuple[str, ...]  # god names, in the ruleset's order
    track_spaces: tuple[int, ...]  # final space on each god's track (0 = knocked off)
    track_length: int  # the last space of every track


@dataclass(frozen=True, slots=True)
class GameEnded(Event):
    """The game is over (end_reason: threshold | round_limit)."""

    TYPE = "game_ended"
    end_reason: str
    rounds: int


EVENT_TYPES: tuple[type[Event], ...] = (
    CardsShuffled, PagodaBuilt, HandDealt, DisplayRefilled, CapriceTilesShuffled, CapriceTileRevealed,
    TurnStarted, ActionTaken, PagodaRotated, ResourcesCollected, ResourcePlaced, ResourceMoved,
    ReallocationFinished, GroundworkCompleted, TrackMoved, PanoramaCompleted, BonusTileTaken, TileUsed,
    PagodaArranged, ActionsEnded, CardDrawn, TurnEnded, PlayerScored, GameEnded,
)
for _cls in EVENT_TYPES:  # one or more events per decision of every game: built without dataclass overhead
    fast_init(_cls)
