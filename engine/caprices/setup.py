"""Setup: deal the hands, lay the face-down row, show the common Caprices, and find who starts.

Seed, "Setup": "deal 7 to each player, face down ... make a row of 6 Subject cards face down ... Place the 2
common Caprice cards (blue), face up ... Give each player a player aid at random, making sure to distribute
at least the one with the King. Whoever obtains that card takes the Royal Favour token and starts the game."
Who starts is the ruleset's `players.first`: seat 0, or the King aid dealt at random (a logged chance event);
in a Joust's later games, `joust.next_deal_first`. The row and the face-down Caprices are drawn when they
turn up (`rounds.round_start`).
"""

from __future__ import annotations

from engine.caprices import events as ev
from engine.caprices.rounds import round_start
from engine.caprices.rules import COMMON_CAPRICES
from engine.caprices.state import State
from engine.core.chance import Chance
from engine.core.events import Event

DEALT_TO_PLAYERS = {ev.HandDealt: ("cards",)}
"""What setup deals to a player, which a duplicate deal hands to another seat (engine.core.duplicate)."""


def setup(state: State, chance: Chance) -> list[Event]:
    """Deal hands, lay the face-down row, show the common Caprices, deal the King aid (if at random), start round 1.

    Cards are drawn as they are dealt (a recorded game names each hand); the
    row and the face-down Caprices are drawn when they turn up.
    """
    return deal_setup(state, chance, 0)


def deal_setup(state: State, chance: Chance, deal: int) -> list[Event]:
    """The setup of one game (deal) of the match: the first, or the next one of a Joust (`deal_started` first).

    For a later game the state still holds the last one's table: only the
    match so far is read from it (who started the last game, which Caprices
    the match has shown); every card is unseen again.
    """
    rules = state.rules
    unseen = list(range(len(rules.deck))) if deal else list(state.pile)
    events: list[Event] = [ev.DealStarted(deal)] if state.deals > 1 else []
    for player in range(state.num_players):
        hand = chance.draw("hand", unseen, rules.hand_size, owner=player)
        events.append(ev.HandDealt(player, tuple(hand)))
        dealt = set(hand)  # a set: this runs over the whole deck for every hand of every game
        unseen = [c for c in unseen if c not in dealt]
    events.append(ev.RowDealt(rules.row_size))
    events += [ev.CapriceRevealed(cid, 0, 0) for cid in COMMON_CAPRICES]
    if deal and rules.joust_next_first == "left":
        first = (state.deal_first + 1) % state.num_players
    elif rules.first_player == "random":
        first = chance.draw("king_aid", range(state.num_players))[0]
        events.append(ev.KingAidDealt(first))
    else:
        first = 0
    events += round_start(state, first, chance, unseen, new_deal=deal > 0)
    return events
