"""The start of a turn and The God's Caprice tiles: their options, timing and events.

Timing follows the seed: Foresight at the start of your turn; Sabotage,
Blessing and Helping Hand any time during your turn (each for
`caprice.<tile>_action_points` action points, 0 by default); Gift, Abundance,
Offering and Recovery immediately when taken; Cohesion and Goodness are
passive. Used tiles flip face down; favor is counted at the end.
"""

from __future__ import annotations

from typing import Any

from engine.core.chance import Chance
from engine.core.events import Event
from engine.gardens import events as ev
from engine.gardens.moves import advance_events, display_events
from engine.gardens.state import State, collect

Command = tuple[Any, ...]

NO_CARD = -1


def turn_start_legal(state: State, player: int) -> list[Command]:
    """Start the turn; with an unused Foresight, optionally use it first."""
    if state.players[player].tiles.get("foresight") == "up":
        return [("start",), ("foresight",)]
    return [("start",)]


def turn_start_decide(state: State, player: int, command: Command, chance: Chance) -> list[Event]:
    """Use Foresight (widen the display) or start the turn without it."""
    if command[0] != "foresight":
        return [ev.TurnStarted(player, state.config.actions)]
    extra = int(state.config.caprice_values["foresight_extra_cards"])
    return [ev.TileUsed(player, "foresight", "used", NO_CARD, NO_CARD), *display_events(state, chance, extra)]


def main_tile_commands(state: State, player: int) -> list[Command]:
    """Blessing, Sabotage (per opponent groundwork) and Helping Hand (per card to discard), if held unused
    and the action points they cost are left."""
    tiles = state.players[player].tiles
    cost = state.config.caprice_values["action_points"]

    def usable(tile: str) -> bool:
        return tiles.get(tile) == "up" and state.actions_left >= cost[tile]

    legal: list[Command] = []
    if usable("blessing"):
        legal.append(("blessing",))
    if usable("sabotage"):
        for other, p in enumerate(state.players):
            if other != player:
                legal.extend(("sabotage", other, card) for card in p.groundworks)
    if usable("helping_hand"):
        legal.extend(("helping_hand", card) for card in state.players[player].hand)
    return legal


def main_tile_decide(state: State, player: int, command: Command, chance: Chance) -> list[Event]:
    kind = command[0]
    if kind == "blessing":
        return [ev.TileUsed(player, "blessing", "used", NO_CARD, NO_CARD)]
    if kind == "sabotage":
        return [ev.TileUsed(player, "sabotage", "placed", command[2], command[1])]
    return [ev.TileUsed(player, "helping_hand", "used", command[1], NO_CARD)]


def gift_legal(state: State, player: int) -> list[Command]:
    return [("gift", "storage"), ("gift", "favor")]


def gift_decide(state: State, player: int, command: Command, chance: Chance) -> list[Event]:
    return [ev.TileUsed(player, "gift", command[1], NO_CARD, NO_CARD)]


def offering_legal(state: State, player: int) -> list[Command]:
    """One marker back 1, another forward 2 (both still on their tracks); with one marker left,
    nothing or only its step forward (`caprice.offering_single_marker`); with none, nothing."""
    on = [g for g, space in enumerate(state.players[player].track) if space > 0]
    if len(on) == 1 and state.config.caprice_values["offering_single_marker"] == "forward":
        return [("offering", -1, on[0])]
    legal = [("offering", back, forward) for back in on for forward in on if back != forward]
    return legal or [("offering", -1, -1)]


def offering_decide(state: State, player: int, command: Command, chance: Chance) -> list[Event]:
    _, back, forward = command
    if forward < 0:
        return [ev.TileUsed(player, "offering", "none", NO_CARD, NO_CARD)]
    values = state.config.caprice_values
    gods = state.config.gods
    tracks = [list(p.track) for p in state.players]
    option = f"{gods[back] if back >= 0 else ''}>{gods[forward]}"
    events: list[Event] = []
    if back >= 0:
        space = tracks[player][back]
        to = max(0, space - int(values["offering_back"]))
        tracks[player][back] = to
        events.append(ev.TrackMoved(player, gods[back], space, to, "offering", player))
    for _ in range(int(values["offering_forward"])):
        events.extend(advance_events(state, player, forward, tracks, "offering"))
    # the tile's own event resolves the decision, so it comes last (flow.py)
    return [*events, ev.TileUsed(player, "offering", option, NO_CARD, NO_CARD)]


def recovery_legal(state: State, player: int) -> list[Command]:
    """Put a knocked-off marker back on space 3, or keep the tile face down for favor."""
    off = [g for g, space in enumerate(state.players[player].track) if space == 0]
    return [*(("recovery", g) for g in off), ("recovery", -1)]


def recovery_decide(state: State, player: int, command: Command, chance: Chance) -> list[Event]:
    god = command[1]
    if god < 0:
        return [ev.TileUsed(player, "recovery", "favor", NO_CARD, NO_CARD)]
    name = state.config.gods[god]
    space = int(state.config.caprice_values["recovery_space"])
    return [ev.TrackMoved(player, name, 0, space, "recovery", player),
            ev.TileUsed(player, "recovery", name, NO_CARD, NO_CARD)]  # the decision's own event last (flow.py)


def abundance_legal(state: State, player: int) -> list[Command]:
    """Which hand card to discard (none if the hand is empty)."""
    hand = state.players[player].hand
    return [("discard", card) for card in hand] or [("discard", NO_CARD)]


def abundance_decide(state: State, player: int, command: Command, chance: Chance) -> list[Event]:
    return [ev.TileUsed(player, "abundance", "used", command[1], NO_CARD)]


def arrange_legal(state: State, player: int) -> list[Command]:
    """Helping Hand, next level up: any floor not yet placed, turned to show 0-3 icons to the player."""
    placed = {resource for _level, resource, _icons in state.todo[-1][2]}
    resources = range(len(state.config.resources))
    return [("arrange", r, icons) for r in resources if r not in placed for icons in range(4)]


def arrange_decide(state: State, player: int, command: Command, chance: Chance) -> list[Event]:
    level = len(state.todo[-1][2])
    return [ev.PagodaArranged(player, level, state.config.resources[command[1]], command[2])]


def collect_legal(state: State, player: int) -> list[Command]:
    return [("collect", True), ("collect", False)]


def collect_decide(state: State, player: int, command: Command, chance: Chance) -> list[Event]:
    taken, lost = collect(state, player, command[1])
    return [ev.ResourcesCollected(player, taken, len(taken), lost, "helping_hand")]


CAPRICE_DECISIONS: dict[str, tuple[Any, Any]] = {
    "turn_start": (turn_start_legal, turn_start_decide),
    "gift": (gift_legal, gift_decide),
    "offering": (offering_legal, offering_decide),
    "recovery": (recovery_legal, recovery_decide),
    "abundance": (abundance_legal, abundance_decide),
    "arrange": (arrange_legal, arrange_decide),
    "collect": (collect_legal, collect_decide),
}
