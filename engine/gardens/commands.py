"""Legal commands and `decide` for the base game's decisions.

Commands are small tuples, e.g. ("lay", card), ("rotate", card, +1),
("place", resource, target), ("move", from, to, resource). Each decision kind
on the `todo` stack has a legal-commands function and a decide function that
turns a legal command into events. Chance (reshuffles) is drawn here and
written into the events.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core.chance import Chance
from engine.core.events import Event
from engine.gardens import events as ev
from engine.gardens.caprice import CAPRICE_DECISIONS, main_tile_commands, main_tile_decide
from engine.gardens.config import WILD_GOD
from engine.gardens.moves import advance_events, refill_card, top_card
from engine.gardens.scoring import final_events
from engine.gardens.state import (
    STORAGE,
    SUPPLY,
    State,
    bonus_options,
    collect,
    panorama_copies,
    sabotaged,
)

Command = tuple[Any, ...]


# --- main phase: the four actions ------------------------------------------------------------

def main_legal(state: State, player: int) -> list[Command]:
    """The four actions for each hand card, plus ending the turn and any Caprice tile use."""
    config = state.config
    p = state.players[player]
    legal: list[Command] = []
    if state.actions_left > 0:
        card_commands = config.card_commands
        if len(p.groundworks) < config.max_groundworks:
            slot_keys, taken, copies = config.slot_keys, _slots_taken(state, player), panorama_copies(state, player)
            for card in p.hand:
                if taken.get(slot_keys[card], 0) < copies:
                    legal.append(("lay", card))
                legal.extend(card_commands[card])
        else:
            for card in p.hand:
                legal.extend(card_commands[card])
    if config.may_end_early or not legal:
        legal.append(("end",))
    if config.caprice:
        legal.extend(main_tile_commands(state, player))
    return legal


def can_lay(state: State, player: int, card: int) -> bool:
    """Lay Groundwork's restriction: no card sharing `groundwork.conflict_key` (colour and number,
    or panorama and number) with a card in the display (groundworks and panoramas), beyond the
    copies allowed (1, or 2 with Goodness)."""
    taken = _slots_taken(state, player)
    return taken.get(state.config.slot_keys[card], 0) < panorama_copies(state, player)


def _slots_taken(state: State, player: int) -> dict[tuple[str, int], int]:
    """How many display cards (groundworks and panoramas) hold each conflict slot (`Config.slot_keys`)."""
    slot_keys = state.config.slot_keys
    p = state.players[player]
    taken: dict[tuple[str, int], int] = {}
    for card in p.groundworks:
        key = slot_keys[card]
        taken[key] = taken.get(key, 0) + 1
    for _pid, _size, done in p.panoramas:
        for card in done:
            key = slot_keys[card]
            taken[key] = taken.get(key, 0) + 1
    return taken


def main_decide(state: State, player: int, command: Command, chance: Chance) -> list[Event]:
    """Events of one main-phase command."""
    kind = command[0]
    if kind == "end":
        return [ev.ActionsEnded(player)]
    if kind == "lay":
        return [ev.ActionTaken(player, "lay", command[1])]
    if kind == "rotate":
        return rotate_events(state, player, command[1], command[2])
    if kind in ("wild", "reallocate"):
        return [ev.ActionTaken(player, kind, command[1])]
    return main_tile_decide(state, player, command, chance)


def rotate_events(state: State, player: int, card: int, direction: int) -> list[Event]:
    """Discard a pagoda card, turn its floor and those above, collect the side facing the player."""
    c = state.config.cards[card]
    rotation = [(r + direction) % 4 if level >= c.floor else r for level, r in enumerate(state.rotation)]
    taken, lost = collect(state, player, c.collect_up, rotation)
    return [ev.ActionTaken(player, "rotate", card, direction, len(taken), lost)]


# --- placing one resource (wild card, Take Wilds tile, Abundance) ----------------------------

def place_legal(state: State, player: int) -> list[Command]:
    """One resource of any type the supply has, onto a groundwork that can take it or storage."""
    config = state.config
    p = state.players[player]
    room = sum(p.storage) < p.capacity
    legal: list[Command] = []
    for r, left in enumerate(state.supply):
        if left <= 0:
            continue
        if room:
            legal.append(("place", r, STORAGE))
        for card, placed in p.groundworks.items():
            if accepts(state, player, card, placed, r):
                legal.append(("place", r, card))
    if not legal or config.caprice and state.todo[-1][0] == "place":
        legal.append(("place", -1, SUPPLY))  # nothing fits (or Abundance excess back to the supply)
    return legal


def accepts(state: State, player: int, card: int, placed: list[int], resource: int) -> bool:
    """Whether a groundwork may receive one more of `resource` now."""
    if state.sabotage and sabotaged(state, player, card):
        return False
    return not state.config.only_needed or placed[resource] < state.config.cards[card].cost[resource]


def place_decide(state: State, player: int, command: Command, chance: Chance) -> list[Event]:
    """Take the chosen resource from the supply onto its target."""
    top = state.todo[-1]
    source = top[2] if top[0] == "wild" else "abundance"
    resource = state.config.resources[command[1]] if command[1] >= 0 else ""
    return [ev.ResourcePlaced(player, resource, command[2], source)]


# --- reallocation ----------------------------------------------------------------------------

DONE: Command = ("done",)


def realloc_legal(state: State, player: int) -> list[Command]:
    """Moves storage->groundwork, groundwork->groundwork, storage->supply, one resource each; or done.

    (Runs after every move of a reallocation, a third of a random game's decisions: kept lean, with
    plain loops rather than comprehensions; the order of the list is part of the game.)
    """
    p = state.players[player]
    groundworks, storage = p.groundworks, p.storage
    legal: list[Command] = [DONE]
    if not groundworks:  # (often: only storage -> supply)
        for r, count in enumerate(storage):
            if count:
                legal.append(("move", STORAGE, SUPPLY, r))
        return legal
    takers = _takers(state, player)  # per resource: groundworks that accept one more (in groundwork order)
    for r, count in enumerate(storage):
        if count:
            legal.append(("move", STORAGE, SUPPLY, r))
            for dst in takers[r]:
                legal.append(("move", STORAGE, dst, r))
    if len(groundworks) > 1:
        for src, held in groundworks.items():
            for r, count in enumerate(held):
                if count:
                    for dst in takers[r]:
                        if dst != src:
                            legal.append(("move", src, dst, r))
    return legal


def _takers(state: State, player: int) -> list[list[int]]:
    """For each resource, the player's groundworks that may receive one more now (same test as `accepts`)."""
    config = state.config
    blocked = {card for target, card in state.sabotage.values() if target == player} if state.sabotage else ()
    takers: list[list[int]] = [[], [], [], []]  # (`pagoda.resources` names exactly four)
    needs = config.needs
    for dst, placed in state.players[player].groundworks.items():
        if dst in blocked:
            continue
        if not config.only_needed:
            for wanted in takers:
                wanted.append(dst)
            continue
        for r, want in needs[dst]:
            if placed[r] < want:
                takers[r].append(dst)
    return takers


def realloc_decide(state: State, player: int, command: Command, chance: Chance) -> list[Event]:
    """One move, or the end of the reallocation."""
    if command[0] == "done":
        return [ev.ReallocationFinished(player)]
    return [ev.ResourceMoved(player, state.config.resources[command[3]], command[1], command[2])]


# --- completion, gods, panoramas, bonus tiles ------------------------------------------------

def complete_legal(state: State, player: int) -> list[Command]:
    """Which of the groundworks completed together to resolve (fully) next."""
    groundworks = state.players[player].groundworks
    return [("complete", card) for card in state.todo[-1][2] if card in groundworks]


def complete_decide(state: State, player: int, command: Command, chance: Chance) -> list[Event]:
    return [ev.GroundworkCompleted(player, command[1])]


def advance_legal(state: State, player: int) -> list[Command]:
    """The card's god, or for a wild god any track the player is still on."""
    god = state.todo[-1][2]
    if god != WILD_GOD:
        return [("advance", god)]
    track = state.players[player].track
    on = [g for g, space in enumerate(track) if space > 0]
    return [("advance", g) for g in (on or range(len(track)))]


def advance_decide(state: State, player: int, command: Command, chance: Chance) -> list[Event]:
    tracks = [list(p.track) for p in state.players]
    return advance_events(state, player, command[1], tracks, "advance")


def panorama_decide(state: State, player: int, command: Command, chance: Chance) -> list[Event]:
    pid, size, cards = state.players[player].panoramas[state.todo[-1][2]]
    return [ev.PanoramaCompleted(player, pid, state.config.cards[cards[0]].colour, size)]


def bonus_legal(state: State, player: int) -> list[Command]:
    return [("bonus", tile) for tile in bonus_options(state, player)]


def bonus_decide(state: State, player: int, command: Command, chance: Chance) -> list[Event]:
    """Take a base tile (its highest value left) or a face-up Caprice tile (then reveal the next)."""
    tile = command[1]
    if not state.config.caprice:
        return [ev.BonusTileTaken(player, tile, state.base_tiles[tile][0])]
    revealed = chance.draw("tile", state.tile_stack)[0] if state.tile_stack else ""
    return [ev.BonusTileTaken(player, tile, 0, revealed)]


# --- drawing and turn flow -------------------------------------------------------------------

def draw_legal(state: State, player: int) -> list[Command]:
    """A display card, or (in a normal draw, not under Foresight) the top of the deck."""
    draw_commands = state.config.draw_commands
    legal: list[Command] = [draw_commands[card] for card in state.display]
    if state.todo[-1][2] == -1 and (state.deck or state.discard):
        legal.append(("draw", -1))
    return legal


def draw_decide(state: State, player: int, command: Command, chance: Chance) -> list[Event]:
    card = command[1]
    if card < 0:
        events, top = top_card(state, chance)
        return [*events, ev.CardDrawn(player, top, "deck")]
    if state.todo[-1][2] >= 0:  # Foresight: the display is not refilled
        return [ev.CardDrawn(player, card, "display")]
    events, revealed = refill_card(state, chance)  # normal draw or top-up: refilled at once
    return [*events, ev.CardDrawn(player, card, "display", revealed)]


def score_decide(state: State, player: int, command: Command, chance: Chance) -> list[Event]:
    return final_events(state)


DECISIONS: dict[str, tuple[Callable[..., list[Command]], Callable[..., list[Event]]]] = {
    "main": (main_legal, main_decide),
    "wild": (place_legal, place_decide),
    "place": (place_legal, place_decide),
    "realloc": (realloc_legal, realloc_decide),
    "complete": (complete_legal, complete_decide),
    "advance": (advance_legal, advance_decide),
    "panorama": (lambda s, p: [("panorama",)], panorama_decide),
    "bonus": (bonus_legal, bonus_decide),
    "draw": (draw_legal, draw_decide),
    "score": (lambda s, p: [("score",)], score_decide),
    **CAPRICE_DECISIONS,
}
