"""Setup: the deck, the pagoda, the hands, the open display and (with The God's Caprice) the bonus tiles.

Seed and public: 70 garden cards, shuffled; a 5-card hand each and 3 cards
face up; the pagoda's four floors stacked in random order with one face
reading 3, 2, 1, 0 icons bottom to top. The God's Caprice sets the base bonus
tiles aside, shuffles its own and lays 2 face up. The table before setup is
`state.new_state`; the game then opens with seat 0's turn (`players.first`: the seed has no rule).
"""

from __future__ import annotations

from engine.core.chance import Chance
from engine.core.events import Event
from engine.gardens import events as ev
from engine.gardens.state import State

DEALT_TO_PLAYERS = {ev.HandDealt: ("cards",)}
"""What setup deals to a player, which a duplicate deal hands to another seat (engine.core.duplicate)."""


def setup(state: State, chance: Chance) -> list[Event]:
    """Shuffle the deck, stack the pagoda, deal hands and the display, lay out Caprice tiles.

    Every card and tile is drawn as it is dealt or turned up (`chance.draw`),
    so a recorded game can name them; the pagoda's floor order is drawn whole.
    """
    config = state.config
    deck = list(range(len(config.cards)))
    levels = chance.draw("pagoda", range(4), 4)
    # one face reads 3,2,1,0 bottom to top: side 0 of level L shows 3 - L icons
    rotations = tuple(config.side_counts.index(3 - level) for level in range(4))
    events: list[Event] = [ev.CardsShuffled((), "setup"), ev.PagodaBuilt(tuple(levels), rotations)]
    for player in range(state.num_players):
        hand = chance.draw("hand", deck, config.hand_size, owner=player)
        events.append(ev.HandDealt(player, tuple(hand)))
        deck = [c for c in deck if c not in hand]
    events.append(ev.DisplayRefilled(tuple(chance.draw("display", deck, config.display_size))))
    if config.caprice:
        tiles = sorted(config.caprice_tiles)
        events.append(ev.CapriceTilesShuffled(tuple(tiles)))
        face_up = chance.draw("tile", tiles, int(config.caprice_values["face_up"]))
        events.extend(ev.CapriceTileRevealed(tile) for tile in face_up)
    return events
