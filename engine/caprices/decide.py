"""decide: check a command against the rules and return its events (the state is not changed).

The game checks first that the game is on and it is the player's turn (`engine.core.decision.check_turn`,
in `game.py`). Then the command's form (its card count) is checked here, and its kind's rule, in its own
file, validates it and gives its events. The last decision of a round also yields the next round's reveals,
or the end scoring (`rounds.end_of_round`).
"""

from __future__ import annotations

from collections.abc import Callable

from engine.caprices import events as ev
from engine.caprices.commands import Command
from engine.caprices.discard import discard
from engine.caprices.rally import rally
from engine.caprices.recruit import draw_deck, pass_turn, recruit
from engine.caprices.replacement_turns import bourgeoise, noble, take, take_deck
from engine.caprices.rounds import end_of_round
from engine.caprices.setup import deal_setup
from engine.caprices.state import State
from engine.caprices.turn import Cards, Decision
from engine.core.chance import Chance
from engine.core.errors import IllegalCommand
from engine.core.events import Event

_HANDLERS: dict[str, Callable[[State, int, Cards, Chance], Decision]] = {
    "recruit": recruit, "draw_deck": draw_deck, "rally": rally, "bourgeoise": bourgeoise, "noble": noble,
    "discard": discard, "take": take, "take_deck": take_deck, "pass": pass_turn,
}
"""Each command kind's rule: (state, player, cards, chance) -> its events, whether the turn ends, the final assembly."""


def decide(state: State, command: Command, chance: Chance) -> list[Event]:
    """The events of `command`, given by the player to move (IllegalCommand names the rule it breaks)."""
    kind = command.kind
    handler = _HANDLERS.get(kind)
    if handler is None:
        raise IllegalCommand("command_kind", f"unknown command {kind!r}; known: {', '.join(_HANDLERS)}")
    _check_form(command)
    events, turn_over, final = handler(state, command.player, command.cards, chance)
    if turn_over and state.turns_in_round + 1 == state.num_players:
        events += end_of_round(state, final, chance, _unseen_after(state, events),
                               lambda: deal_setup(state, chance, state.deal + 1))
    return events


def _unseen_after(state: State, events: list[Event]) -> list[int]:
    """The unseen cards once this decision's draws from the pile are out (the state does not have them yet)."""
    drawn = [e.card for e in events if isinstance(e, ev.CardRecruited) and e.source == "deck"]
    return [c for c in state.pile if c not in drawn]


_CARDS_NAMED = {"draw_deck": 0, "take_deck": 0, "pass": 0, "bourgeoise": 2}
"""How many cards a command names (1 unless listed here)."""


def _check_form(command: Command) -> None:
    """The card count of each command kind, and one order for a pair: decide accepts exactly the listed form."""
    cards = command.cards
    wanted = _CARDS_NAMED.get(command.kind, 1)
    if len(cards) != wanted:
        raise IllegalCommand("card_count", f"{command.kind!r} names {wanted} card(s), got {cards}")
    if wanted == 2 and not cards[0] < cards[1]:
        raise IllegalCommand("card_order", f"name the two cards of {command.kind!r} lowest id first, got {cards}")
