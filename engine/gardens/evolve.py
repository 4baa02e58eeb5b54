"""`evolve`: apply one event to the state (in place), then settle finished decisions.

Handlers never fail and never draw random numbers: every chance outcome is in
the event. Consequences that follow from the rules alone (a completed
groundwork queues its god advances, a panorama queues a bonus tile) are
pushed onto the `todo` stack here, so replay rebuilds them exactly.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core.events import Event
from engine.gardens import events as ev
from engine.gardens.completion import panorama_slot, queue_completions
from engine.gardens.flow import after_foresight, count_turn, end_reallocation, settle
from engine.gardens.state import STORAGE, SUPPLY, State, collect

FORCED_POPS = ("advance", "overflow", "lost")


def evolve(state: State, event: Event) -> State:
    """Apply one event and settle the decision stack."""
    state.legal_cache = None
    if state.turn_pending:
        count_turn(state)
    HANDLERS[type(event)](state, event)
    settle(state)
    return state


def _pop(state: State, kind: str, player: int | None = None) -> tuple[Any, ...] | None:
    """Remove the top decision if it is of this kind (and this player's)."""
    todo = state.todo
    if todo and todo[-1][0] == kind and (player is None or todo[-1][1] == player):
        return todo.pop()
    return None


# --- setup and cards -------------------------------------------------------------------------

def _cards_shuffled(state: State, e: ev.CardsShuffled) -> None:
    """Setup: every card; later: the discard pile (v1/v2 logs list the cards, taken as they are)."""
    if e.cards:
        state.deck = list(e.cards)
    elif e.source == "discard":
        state.deck = sorted(state.discard)
    else:
        state.deck = list(range(len(state.config.cards)))
    if e.source == "discard":
        state.discard = []


def _pagoda_built(state: State, e: ev.PagodaBuilt) -> None:
    state.levels = list(e.levels)
    state.rotation = list(e.rotations)


def _hand_dealt(state: State, e: ev.HandDealt) -> None:
    _from_deck(state, e.cards)
    state.players[e.player].hand.extend(e.cards)


def _display_refilled(state: State, e: ev.DisplayRefilled) -> None:
    _from_deck(state, e.cards)
    state.display.extend(e.cards)


def _from_deck(state: State, cards: tuple[int, ...]) -> None:
    deck = state.deck
    for card in cards:
        deck.remove(card)


def _tiles_shuffled(state: State, e: ev.CapriceTilesShuffled) -> None:
    state.tile_stack = list(e.tiles)


def _tile_revealed(state: State, e: ev.CapriceTileRevealed) -> None:
    state.tile_stack.remove(e.tile)
    state.tile_face_up.append(e.tile)


def _card_drawn(state: State, e: ev.CardDrawn) -> None:
    if e.source == "display":
        state.display.remove(e.card)
    else:
        state.deck.remove(e.card)
    state.players[e.player].hand.append(e.card)
    if e.revealed >= 0:  # the display refilled in its place
        state.deck.remove(e.revealed)
        state.display.append(e.revealed)
    top = state.todo[-1]
    if top[0] == "draw" and top[2] > 0:
        left = top[2] - 1
        state.todo[-1] = ("draw", top[1], left or after_foresight(state, e.player))


# --- turn structure (a turn passes by itself: flow.py) ---------------------------------------

def _turn_started(state: State, e: ev.TurnStarted) -> None:
    """A Foresight holder starts without it; a v1 start of any other turn changes nothing."""
    _pop(state, "turn_start", e.player)


def _actions_ended(state: State, e: ev.ActionsEnded) -> None:
    _pop(state, "main", e.player)  # a v1 end that was forced already happened by itself


def _turn_ended(state: State, e: ev.TurnEnded) -> None:
    """v1 logs only: the turn already passed by itself."""


def _game_ended(state: State, e: ev.GameEnded) -> None:
    _pop(state, "score")


def _player_scored(state: State, e: ev.PlayerScored) -> None:
    """Kept as logged, so the sealed digest covers every score component."""
    state.scoring_events.append(e)


# --- actions ---------------------------------------------------------------------------------

def _action_taken(state: State, e: ev.ActionTaken) -> None:
    p = state.players[e.player]
    p.hand.remove(e.card)
    state.actions_left -= 1
    if e.action == "lay":
        p.groundworks[e.card] = [0] * len(state.config.resources)
        return
    state.discard.append(e.card)
    if e.action == "wild":
        state.todo.append(("wild", e.player, "wild"))
    elif e.action == "reallocate":
        state.todo.append(("realloc", e.player))
    elif e.direction is not None:  # v2 rotate: the turn and the collection are this event's
        c = state.config.cards[e.card]
        _rotate(state, c.floor, e.direction)
        _collect(state, e.player, collect(state, e.player, c.collect_up)[0])


def _rotate(state: State, floor: int, direction: int) -> None:
    for level in range(floor, 4):
        state.rotation[level] = (state.rotation[level] + direction) % 4


def _collect(state: State, player: int, collected: tuple[int, ...]) -> None:
    storage = state.players[player].storage
    for resource in collected:
        storage[resource] += 1
        state.supply[resource] -= 1


def _pagoda_rotated(state: State, e: ev.PagodaRotated) -> None:
    _rotate(state, e.floor, e.direction)


def _resources_collected(state: State, e: ev.ResourcesCollected) -> None:
    _collect(state, e.player, e.collected)
    _pop(state, "collect")


def _resource_placed(state: State, e: ev.ResourcePlaced) -> None:
    p = state.players[e.player]
    if e.target != SUPPLY:
        r = state.config.resources.index(e.resource)
        state.supply[r] -= 1
        if e.target == STORAGE:
            p.storage[r] += 1
        else:
            p.groundworks[e.target][r] += 1
    top = state.todo.pop()
    last = not (top[0] == "place" and top[2] > 1)
    if not last:
        state.todo.append(("place", e.player, top[2] - 1))
    if state.config.completion_check == "on_match" or top[0] == "wild":
        if e.target >= 0:
            queue_completions(state, e.player, (e.target,))
    elif last:  # end_of_action: Abundance's placements are one act
        queue_completions(state, e.player, list(p.groundworks))


def _resource_moved(state: State, e: ev.ResourceMoved) -> None:
    p = state.players[e.player]
    r = state.config.resources.index(e.resource)
    if e.card == STORAGE:
        p.storage[r] -= 1
    else:
        p.groundworks[e.card][r] -= 1
    if e.target == SUPPLY:
        state.supply[r] += 1
        return
    p.groundworks[e.target][r] += 1
    if state.config.completion_check == "on_match":
        queue_completions(state, e.player, (e.target,))


def _reallocation_finished(state: State, e: ev.ReallocationFinished) -> None:
    if _pop(state, "realloc", e.player):  # (a v1 end that was the only choice already happened by itself)
        end_reallocation(state, e.player)


# --- completion, tracks, bonuses -------------------------------------------------------------

def _groundwork_completed(state: State, e: ev.GroundworkCompleted) -> None:
    config = state.config
    p = state.players[e.player]
    placed = p.groundworks.pop(e.card)
    for r, count in enumerate(placed):
        state.supply[r] += count
    p.completed += 1
    if p.completed >= config.thresholds[state.num_players]:
        state.end_triggered = True
    index = panorama_slot(state, e.player, e.card)
    done = config.cards[e.card]  # its panorama and size are the ruleset's
    if index == len(p.panoramas):
        p.panoramas.append([done.panorama, done.size, []])
    cards: list[int] = p.panoramas[index][2]
    cards.append(e.card)
    if len(cards) == done.size:
        state.todo.append(("panorama", e.player, index))
    # stacked so that this card's god resolves first, then each earlier card's (the set's chained rewards)
    for card in cards:
        state.todo.append(("advance", e.player, config.cards[card].god))


def _track_moved(state: State, e: ev.TrackMoved) -> None:
    state.players[e.player].track[state.config.gods.index(e.god)] = e.to_space
    if e.cause in FORCED_POPS:
        _pop(state, "advance")


def _panorama_completed(state: State, e: ev.PanoramaCompleted) -> None:
    _pop(state, "panorama")
    p = state.players[e.player]
    p.largest_panorama = max(p.largest_panorama, e.size)
    state.todo.append(("bonus", e.player))


def _bonus_tile_taken(state: State, e: ev.BonusTileTaken) -> None:
    _pop(state, "bonus")
    p = state.players[e.player]
    p.bonus_types.append(e.tile)
    if state.config.caprice:
        state.tile_face_up.remove(e.tile)
        if e.revealed_tile:
            state.tile_stack.remove(e.revealed_tile)
            state.tile_face_up.append(e.revealed_tile)
        p.tiles[e.tile] = "up"
        if e.tile in ("gift", "abundance", "offering", "recovery"):
            state.todo.append((e.tile, e.player))
        return
    state.base_tiles[e.tile].pop(0)
    if e.tile == "planning":
        p.capacity += e.value
    elif e.tile == "extra_rewards":
        p.extra_rewards += e.value
    else:
        state.todo.extend([("wild", e.player, "take_wilds")] * e.value)


# --- God's Caprice tiles ---------------------------------------------------------------------

def _tile_used(state: State, e: ev.TileUsed) -> None:
    p = state.players[e.player]
    values = state.config.caprice_values
    p.tiles[e.tile] = "favor" if e.option == "favor" else "down"
    if e.card >= 0 and e.tile in ("helping_hand", "abundance"):
        p.hand.remove(e.card)
        state.discard.append(e.card)
    if e.tile == "foresight":
        p.tiles[e.tile] = "active"
        _pop(state, "turn_start", e.player)
        _foresight_draw(state, e.player, int(values["foresight_extra_cards"]))
    elif e.tile == "sabotage" and e.option == "placed":
        p.tiles[e.tile] = "active"
        state.sabotage[e.player] = (e.target_player, e.card)
        state.actions_left -= values["action_points"]["sabotage"]
    elif e.tile == "sabotage":
        state.sabotage.pop(e.player, None)
    elif e.tile == "blessing":
        p.tiles[e.tile] = "active"  # until the end of the turn (its top-up after Foresight)
        extra = int(values["blessing_actions"]) - state.config.actions
        state.actions_left += extra - values["action_points"]["blessing"]
    elif e.tile == "helping_hand":
        state.actions_left -= values["action_points"]["helping_hand"]
        state.todo.append(("arrange", e.player, ()))
    elif e.tile == "gift":
        _pop(state, "gift")
        if e.option == "storage":
            p.capacity += int(values["gift_storage"])
    elif e.tile == "abundance":
        _pop(state, "abundance")
        state.todo.append(("place", e.player, p.capacity))
    else:  # offering, recovery: the track moves follow as their own events
        _pop(state, e.tile)


def _foresight_draw(state: State, player: int, cards: int) -> None:
    """This turn's draw takes exactly `cards` from the display."""
    todo = state.todo
    for i in range(len(todo) - 1, -1, -1):
        if todo[i][0] == "draw" and todo[i][1] == player:
            todo[i] = ("draw", player, cards)
            return


def _pagoda_arranged(state: State, e: ev.PagodaArranged) -> None:
    top = state.todo.pop()
    picks = (*top[2], (e.floor, state.config.resources.index(e.resource), e.value))
    if len(picks) < 4:
        state.todo.append(("arrange", e.player, picks))
        return
    side = state.config.sides[state.num_players][e.player]
    for level, resource, icons in picks:
        state.levels[level] = resource
        state.rotation[level] = (state.config.side_counts.index(icons) - side) % 4
    state.todo.append(("collect", e.player))


HANDLERS: dict[type, Callable[[State, Any], None]] = {
    ev.CardsShuffled: _cards_shuffled,
    ev.PagodaBuilt: _pagoda_built,
    ev.HandDealt: _hand_dealt,
    ev.DisplayRefilled: _display_refilled,
    ev.CapriceTilesShuffled: _tiles_shuffled,
    ev.CapriceTileRevealed: _tile_revealed,
    ev.TurnStarted: _turn_started,
    ev.ActionTaken: _action_taken,
    ev.PagodaRotated: _pagoda_rotated,
    ev.ResourcesCollected: _resources_collected,
    ev.ResourcePlaced: _resource_placed,
    ev.ResourceMoved: _resource_moved,
    ev.ReallocationFinished: _reallocation_finished,
    ev.GroundworkCompleted: _groundwork_completed,
    ev.TrackMoved: _track_moved,
    ev.PanoramaCompleted: _panorama_completed,
    ev.BonusTileTaken: _bonus_tile_taken,
    ev.TileUsed: _tile_used,
    ev.PagodaArranged: _pagoda_arranged,
    ev.ActionsEnded: _actions_ended,
    ev.CardDrawn: _card_drawn,
    ev.TurnEnded: _turn_ended,
    ev.PlayerScored: _player_scored,
    ev.GameEnded: _game_ended,
}
