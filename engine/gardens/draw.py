"""The cards: the deck, the open display, and drawing back up to the hand size at the end of a turn.

Seed: after the actions, draw back up to 5 cards from the open display (3
face up) and/or the deck. A display card taken is replaced at once; when the
deck runs out the discard pile is shuffled into a new one (no order: each
draw picks a card at random, named in its event). Foresight and Blessing
change the draw (caprice.py): Foresight's cards come from the display only.
"""

from __future__ import annotations

from typing import Any

from engine.core.chance import Chance
from engine.core.events import Event
from engine.gardens import events as ev
from engine.gardens.state import Decisions, Handlers, State

Command = tuple[Any, ...]


def top_card(state: State, chance: Chance) -> tuple[list[Event], int]:
    """The top card of the deck (drawn now), reshuffling the discard pile first if the deck is empty."""
    if state.deck:
        return [], chance.draw("deck", state.deck)[0]
    pool = sorted(state.discard)
    return [ev.CardsShuffled((), "discard")], chance.draw("deck", pool)[0]


def refill_card(state: State, chance: Chance) -> tuple[list[Event], int]:
    """The card that refills one display slot (-1: none left), reshuffling the discard pile first if needed."""
    if state.deck:
        return [], chance.draw("display", state.deck)[0]
    if not state.discard:
        return [], -1
    pool = sorted(state.discard)
    return [ev.CardsShuffled((), "discard")], chance.draw("display", pool)[0]


def display_events(state: State, chance: Chance, count: int) -> list[Event]:
    """Lay up to `count` deck cards face up, reshuffling the discard pile when the deck runs out."""
    deck = state.deck
    if len(deck) >= count:
        return [ev.DisplayRefilled(tuple(chance.draw("display", deck, count)))]
    events: list[Event] = [ev.DisplayRefilled(tuple(chance.draw("display", deck, len(deck))))] if deck else []
    pool = sorted(state.discard)
    rest = min(count - len(deck), len(pool))
    if rest:
        events.append(ev.CardsShuffled((), "discard"))
        events.append(ev.DisplayRefilled(tuple(chance.draw("display", pool, rest))))
    return events


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


def draw_done(state: State, player: int, remaining: int) -> bool:
    """Whether the draw is over: the hand is full, Foresight's cards are taken, or nothing is left to draw."""
    if remaining >= 0:  # Foresight: take exactly this many more from the display
        return remaining == 0 or not state.display
    full = len(state.players[player].hand) >= state.config.hand_size
    if remaining == -2:  # Blessing's top-up after Foresight: from the display only
        return full or not state.display
    return full or not (state.display or state.deck or state.discard)


def after_foresight(state: State, player: int) -> int:
    """What the draw does once Foresight's cards are taken: stop (0) or Blessing's top-up to the hand size."""
    mode = state.config.caprice_values["foresight_blessing_draw"]
    if mode == "none" or state.players[player].tiles.get("blessing") != "active":
        return 0
    return -2 if mode == "display" else -1


def _cards_shuffled(state: State, e: ev.CardsShuffled) -> None:
    """Setup: every card; later: the discard pile."""
    if e.source == "discard":
        state.deck = sorted(state.discard)
        state.discard = []
    else:
        state.deck = list(range(len(state.config.cards)))


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


HANDLERS: Handlers = {
    ev.CardsShuffled: _cards_shuffled, ev.HandDealt: _hand_dealt, ev.DisplayRefilled: _display_refilled,
    ev.CardDrawn: _card_drawn,
}
DECISIONS: Decisions = {"draw": (draw_legal, draw_decide)}
