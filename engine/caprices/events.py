"""The events of Les caprices du roi (names and fields are a shared contract with the warehouse)."""

from __future__ import annotations

from dataclasses import dataclass

import pyarrow as pa

from engine.core.events import Event, fast_init

COLUMNS: dict[str, pa.DataType] = {
    "card": pa.int16(), "source": pa.string(), "action": pa.string(),
    "caprice_id": pa.string(), "slot": pa.int8(), "bonus": pa.int16(),
    "cards": pa.list_(pa.int16()), "caprice_ids": pa.list_(pa.string()), "count": pa.int8(),
    "score": pa.int32(), "card_points": pa.int16(), "order_points": pa.int16(), "merchant_points": pa.int16(),
    "unity_points": pa.int16(), "caprice_points": pa.int16(), "total_value": pa.int16(), "rank": pa.int8(),
    "win_share": pa.float64(), "knight_target": pa.string(), "ministers_transformed": pa.int8(),
    "run_length": pa.int8(), "largest_family": pa.int8(),
}
JOUST_COLUMNS: dict[str, pa.DataType] = {**COLUMNS, "deal": pa.int8()}
"""A Joust match's columns: every caprices column, and the game of the match."""


@dataclass(frozen=True, slots=True)
class DealStarted(Event):
    """Joust only: game `deal` (0-based) of the match starts; the table is cleared, the match scores stay."""

    TYPE = "deal_started"
    deal: int


@dataclass(frozen=True, slots=True)
class HandDealt(Event):
    """A player's starting hand, dealt from the shuffled pile."""

    TYPE = "hand_dealt"
    player: int
    cards: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class RowDealt(Event):
    """`count` Subject cards go face down into the row; each is known only when `subject_revealed` turns it up."""

    TYPE = "row_dealt"
    VERSION = 2  # v1 listed the cards: the log now holds only outcomes that were seen
    count: int


@dataclass(frozen=True, slots=True)
class CapriceRevealed(Event):
    """A Caprice is face up: slot 0 for the two common ones, 1..4 for the drawn ones."""

    TYPE = "caprice_revealed"
    caprice_id: str
    slot: int
    bonus: int


@dataclass(frozen=True, slots=True)
class KingAidDealt(Event):
    """The player aids are dealt at random (ruleset `players.first = "random"`): `player` got the King and starts."""

    TYPE = "king_aid_dealt"
    player: int


@dataclass(frozen=True, slots=True)
class RoundStarted(Event):
    """A round starts with the holder of the Royal Favour."""

    TYPE = "round_started"
    player: int


@dataclass(frozen=True, slots=True)
class SubjectRevealed(Event):
    """The leftmost face-down row card is turned up (drawn from the unseen cards) and joins the Recruitment Zone."""

    TYPE = "subject_revealed"
    VERSION = 2  # v1 also carried the card's caste and value, which the ruleset's deck gives
    card: int


@dataclass(frozen=True, slots=True)
class TurnTaken(Event):
    """A player starts a turn of a kind: recruit, rally, bourgeoise, noble (or pass if nothing can be drawn)."""

    TYPE = "turn_taken"
    player: int
    action: str


@dataclass(frozen=True, slots=True)
class CardRecruited(Event):
    """A card goes into a player's hand from the Zone or the top of the pile (drawn from the unseen cards)."""

    TYPE = "card_recruited"
    VERSION = 2  # v1 also carried the card's caste and value, which the ruleset's deck gives
    player: int
    card: int
    source: str


@dataclass(frozen=True, slots=True)
class CardRallied(Event):
    """A Peasant or Artisan goes from the Zone face up in front of a player."""

    TYPE = "card_rallied"
    VERSION = 2  # v1 also carried the card's caste and value, which the ruleset's deck gives
    player: int
    card: int


@dataclass(frozen=True, slots=True)
class CardDiscarded(Event):
    """A card goes from a player's hand to the Recruitment Zone."""

    TYPE = "card_discarded"
    VERSION = 2  # v1 also carried the card's caste and value, which the ruleset's deck gives
    player: int
    card: int


@dataclass(frozen=True, slots=True)
class RoyalFavourPassed(Event):
    """The Royal Favour goes to the left: player is the new holder."""

    TYPE = "royal_favour_passed"
    player: int


@dataclass(frozen=True, slots=True)
class CapriceMet(Event):
    """At the end, a Caprice a player meets (common ones: slot 0, bonus = run/family points)."""

    TYPE = "caprice_met"
    player: int
    caprice_id: str
    slot: int
    bonus: int


@dataclass(frozen=True, slots=True)
class _Scored(Event):
    """The fields of a scored assembly (not an event itself: `player_scored` and `deal_scored` share them)."""

    player: int
    score: int
    card_points: int
    order_points: int
    merchant_points: int
    unity_points: int
    caprice_points: int
    total_value: int
    rank: int
    win_share: float
    knight_target: str | None
    ministers_transformed: int
    run_length: int
    largest_family: int


@dataclass(frozen=True, slots=True)
class PlayerScored(_Scored):
    """A player's final score, its components, rank and share of the win (Joust: of the match, see below).

    In a Joust match (game `caprices-joust`) it follows the last game: the
    score and its components are summed over the games (`deal_scored`), as is
    total_value (the tie-break); run_length and largest_family are the best
    game's, knight_target is null, ministers_transformed is summed.
    """

    TYPE = "player_scored"


@dataclass(frozen=True, slots=True)
class DealScored(_Scored):
    """Joust only: a player's score in one game (`deal`) of the match, as `player_scored` for a single game."""

    TYPE = "deal_scored"
    deal: int


@dataclass(frozen=True, slots=True)
class GameEnded(Event):
    """All players are scored."""

    TYPE = "game_ended"


EVENT_TYPES: tuple[type[Event], ...] = (
    HandDealt, RowDealt, CapriceRevealed, KingAidDealt, RoundStarted, SubjectRevealed, TurnTaken,
    CardRecruited, CardRallied, CardDiscarded, RoyalFavourPassed, CapriceMet, PlayerScored, GameEnded,
)
JOUST_EVENT_TYPES: tuple[type[Event], ...] = (DealStarted, DealScored)
"""Events only a Joust match logs (game `caprices-joust`), besides every event above."""
for _cls in EVENT_TYPES + JOUST_EVENT_TYPES:  # ~120 events per game of every simulation: built without
    fast_init(_cls)                          # the dataclass __init__'s per-field object.__setattr__
