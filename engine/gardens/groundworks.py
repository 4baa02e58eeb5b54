"""Groundworks: laying them, the resources they accept, and completing them when their requirement is met.

Seed: Lay Groundwork plays a hand card face up, at most 3 at a time, never a
second card of the same colour and panorama number in your display (Goodness:
twice). Resources go onto a groundwork from the wild action, Take Wilds and
Abundance (wild.py) or a reallocation (reallocate.py). A groundwork whose
resources match its requirement is completed: the resources return to the
supply, the card joins a panorama (panoramas.py) and advances its god and the
gods of the cards already in that panorama (tracks.py); groundworks completed
together are resolved one at a time, in the order the player picks.

The decisions here are `complete` (which one to resolve first); a match is
found by `evolve` after each event that moves resources (`queue_completions`).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

from engine.core.chance import Chance
from engine.core.events import Event
from engine.gardens import events as ev
from engine.gardens.caprice import sabotaged
from engine.gardens.end import count_completion
from engine.gardens.panoramas import join_panorama
from engine.gardens.rules import Rules
from engine.gardens.state import Decisions, Handlers, State

Command = tuple[Any, ...]


def can_lay(state: State, player: int, card: int) -> bool:
    """Lay Groundwork's restriction: no card sharing `groundwork.conflict_key` (colour and number,
    or panorama and number) with a card in the display (groundworks and panoramas), beyond the
    copies allowed (1, or 2 with Goodness)."""
    taken = slots_taken(state, player)
    return taken.get(state.config.slot_keys[card], 0) < panorama_copies(state, player)


def slots_taken(state: State, player: int) -> dict[tuple[str, int], int]:
    """How many display cards (groundworks and panoramas) hold each conflict slot (`Rules.slot_keys`)."""
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


def panorama_copies(state: State, player: int) -> int:
    """Display cards this player may have in one conflict slot (`Rules.slot_keys`): 1, or 2 with Goodness."""
    if state.players[player].tiles.get("goodness"):
        return int(state.config.caprice_values["goodness_copies"])
    return state.config.copies_per_panorama


def lay(state: State, player: int, card: int) -> None:
    """The card (already out of the hand) becomes an active groundwork with no resources on it."""
    state.players[player].groundworks[card] = [0] * len(state.config.resources)


def accepts(state: State, player: int, card: int, placed: list[int], resource: int) -> bool:
    """Whether a groundwork may receive one more of `resource` now."""
    if state.sabotage and sabotaged(state, player, card):
        return False
    return not state.config.only_needed or placed[resource] < state.config.cards[card].cost[resource]


def satisfied(config: Rules, card: int, placed: list[int]) -> bool:
    """Whether a groundwork's resources meet its requirement."""
    for r, want in config.needs[card]:  # noqa: SIM110 - a loop: all() over a generator costs twice as much here
        if placed[r] < want:
            return False
    return True


def queue_completions(state: State, player: int, cards: Iterable[int]) -> None:
    """Open the completion of those `cards` whose resources now match and that wait in no decision yet.

    Groundworks matched together wait in one ("complete", player, cards) decision and are
    resolved one at a time. One matched while another completion resolves is resolved at once
    (a decision on top) or, under `after_current`, joins the decision already waiting below.
    """
    config = state.config
    groundworks = state.players[player].groundworks
    matched = [c for c in cards if c in groundworks and satisfied(config, c, groundworks[c])]
    if not matched:
        return
    todo = state.todo
    frames = [i for i, frame in enumerate(todo) if frame[0] == "complete" and frame[1] == player]
    waiting = {card for i in frames for card in todo[i][2]}
    new = tuple(c for c in matched if c not in waiting)
    if not new:
        return
    if frames and config.matched_while_resolving == "after_current":
        todo[frames[0]] = ("complete", player, todo[frames[0]][2] + new)
    else:
        todo.append(("complete", player, new))


def complete_legal(state: State, player: int) -> list[Command]:
    """Which of the groundworks completed together to resolve (fully) next."""
    groundworks = state.players[player].groundworks
    return [("complete", card) for card in state.todo[-1][2] if card in groundworks]


def complete_decide(state: State, player: int, command: Command, chance: Chance) -> list[Event]:
    return [ev.GroundworkCompleted(player, command[1])]


def completion_done(state: State, frame: tuple[Any, ...]) -> bool:
    """Whether every groundwork of a `complete` decision is resolved."""
    groundworks = state.players[frame[1]].groundworks
    return not any(card in groundworks for card in frame[2])


def _groundwork_completed(state: State, e: ev.GroundworkCompleted) -> None:
    config = state.config
    p = state.players[e.player]
    placed = p.groundworks.pop(e.card)
    for r, count in enumerate(placed):
        state.supply[r] += count
    count_completion(state, e.player)
    cards = join_panorama(state, e.player, e.card)
    # stacked so that this card's god resolves first, then each earlier card's (the set's chained rewards)
    for card in cards:
        state.todo.append(("advance", e.player, config.cards[card].god))


HANDLERS: Handlers = {ev.GroundworkCompleted: _groundwork_completed}
DECISIONS: Decisions = {"complete": (complete_legal, complete_decide)}
