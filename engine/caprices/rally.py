"""Rally a Peasant or an Artisan: the card goes from the Zone face up in front of the player, and the turn ends.

Seed: "If a Peasant or an Artisan is in the Recruitment Zone, you may ... rally it: ... place it face up in
front of you. It will count at the end of the game as part of your hand. (To rally an Artisan, you must have
one in your hand that you reveal. You may rally only one Artisan in your game.) When you rally, do not
perform the action 2 - Discard." How many Artisans one may rally is `turns.max_rallied_artisans`.
"""

from __future__ import annotations

from engine.caprices import events as ev
from engine.caprices.state import DRAW, State
from engine.caprices.turn import Cards, Decision, last_turn, need_phase
from engine.core.chance import Chance
from engine.core.errors import IllegalCommand
from engine.core.events import Event

RALLYABLE = ("peasant", "artisan")
"""What may be rallied in front of a player (seed)."""


def rally(state: State, player: int, cards: Cards, chance: Chance) -> Decision:
    """Rally a Peasant, or an Artisan while an Artisan is in hand and none (ruleset: too many) was rallied."""
    need_phase(state, "rally", DRAW)
    card = cards[0]
    if card not in state.zone:
        raise IllegalCommand("rally_from_zone", f"card {card} is not face up in the Recruitment Zone")
    castes = state.rules.castes
    caste = castes[card]
    if caste not in RALLYABLE:
        raise IllegalCommand("rally_peasant_or_artisan", f"card {card} is a {caste}; only Peasants and Artisans rally")
    if caste == "artisan":
        if state.artisans_rallied[player] >= state.rules.max_rallied_artisans:
            raise IllegalCommand("one_rallied_artisan", f"player {player} already rallied an Artisan this game")
        if not any(castes[c] == "artisan" for c in state.hands[player]):
            raise IllegalCommand("rally_artisan_reveals_artisan", "rallying an Artisan needs an Artisan in hand")
    events: list[Event] = [ev.TurnTaken(player, "rally"), ev.CardRallied(player, card)]
    return events, True, (state.hands[player], state.rallied[player] + [card]) if last_turn(state) else None
