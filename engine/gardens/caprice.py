"""The God's Caprice: its ten bonus tiles, their options, timing and effects.

Timing follows the seed: Foresight at the start of your turn; Sabotage,
Blessing and Helping Hand any time during your turn (each for
`caprice.<tile>_action_points` action points, 0 by default); Gift, Abundance,
Offering and Recovery immediately when taken; Cohesion and Goodness are
passive (Goodness: groundworks.panorama_copies). Used tiles flip face down;
favor is counted at the end (scoring.py). The setup (tiles shuffled, two face
up) is setup.py's, taking a tile bonus_tiles.py's.
"""

from __future__ import annotations

from typing import Any

from engine.core.chance import Chance
from engine.core.events import Event
from engine.gardens import events as ev
from engine.gardens.draw import display_events
from engine.gardens.pagoda import collect
from engine.gardens.state import Decisions, Handlers, State, pop_decision
from engine.gardens.tracks import advance_events

Command = tuple[Any, ...]

NO_CARD = -1


def turn_start_legal(state: State, player: int) -> list[Command]:
    """Start the turn without Foresight, or use it first (the decision exists only while it is unused)."""
    return [("start",), ("foresight",)]


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
    # the tile's own event resolves the decision, so it comes last (turn.py)
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
            ev.TileUsed(player, "recovery", name, NO_CARD, NO_CARD)]  # the decision's own event last (turn.py)


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


def sabotaged(state: State, player: int, card: int) -> bool:
    """Whether an opponent's Sabotage blocks resources on this groundwork."""
    return any(target == (player, card) for target in state.sabotage.values())


def _tiles_shuffled(state: State, e: ev.CapriceTilesShuffled) -> None:
    state.tile_stack = list(e.tiles)


def _tile_revealed(state: State, e: ev.CapriceTileRevealed) -> None:
    state.tile_stack.remove(e.tile)
    state.tile_face_up.append(e.tile)


def _tile_used(state: State, e: ev.TileUsed) -> None:
    p = state.players[e.player]
    p.tiles[e.tile] = "favor" if e.option == "favor" else "down"
    if e.card >= 0 and e.tile in ("helping_hand", "abundance"):
        p.hand.remove(e.card)
        state.discard.append(e.card)
    TILE_EFFECTS.get(e.tile, _immediate_tile_used)(state, e)


def _foresight_used(state: State, e: ev.TileUsed) -> None:
    """This turn's draw takes exactly `foresight_extra_cards` from the display."""
    state.players[e.player].tiles[e.tile] = "active"
    pop_decision(state, "turn_start", e.player)
    todo = state.todo
    cards = int(state.config.caprice_values["foresight_extra_cards"])
    for i in range(len(todo) - 1, -1, -1):
        if todo[i][0] == "draw" and todo[i][1] == e.player:
            todo[i] = ("draw", e.player, cards)
            return


def _sabotage_used(state: State, e: ev.TileUsed) -> None:
    """Placed on an opponent's groundwork (for its action points), or lifted at the start of the next turn."""
    if e.option != "placed":
        state.sabotage.pop(e.player, None)
        return
    state.players[e.player].tiles[e.tile] = "active"
    state.sabotage[e.player] = (e.target_player, e.card)
    state.actions_left -= state.config.caprice_values["action_points"]["sabotage"]


def _blessing_used(state: State, e: ev.TileUsed) -> None:
    """More action points this turn; active until the turn ends (its top-up after Foresight)."""
    values = state.config.caprice_values
    state.players[e.player].tiles[e.tile] = "active"
    extra = int(values["blessing_actions"]) - state.config.actions
    state.actions_left += extra - values["action_points"]["blessing"]


def _helping_hand_used(state: State, e: ev.TileUsed) -> None:
    state.actions_left -= state.config.caprice_values["action_points"]["helping_hand"]
    state.todo.append(("arrange", e.player, ()))


def _gift_used(state: State, e: ev.TileUsed) -> None:
    pop_decision(state, "gift")
    if e.option == "storage":
        state.players[e.player].capacity += int(state.config.caprice_values["gift_storage"])


def _abundance_used(state: State, e: ev.TileUsed) -> None:
    pop_decision(state, "abundance")
    state.todo.append(("place", e.player, state.players[e.player].capacity))


def _immediate_tile_used(state: State, e: ev.TileUsed) -> None:
    """Offering, Recovery: the track moves came as their own events before."""
    pop_decision(state, e.tile)


TILE_EFFECTS = {"foresight": _foresight_used, "sabotage": _sabotage_used, "blessing": _blessing_used,
                "helping_hand": _helping_hand_used, "gift": _gift_used, "abundance": _abundance_used}


def _pagoda_arranged(state: State, e: ev.PagodaArranged) -> None:
    """Helping Hand: one more level placed; with all four, the pagoda is rebuilt and the player collects."""
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


HANDLERS: Handlers = {
    ev.CapriceTilesShuffled: _tiles_shuffled, ev.CapriceTileRevealed: _tile_revealed, ev.TileUsed: _tile_used,
    ev.PagodaArranged: _pagoda_arranged,
}
DECISIONS: Decisions = {
    "turn_start": (turn_start_legal, turn_start_decide),
    "gift": (gift_legal, gift_decide),
    "offering": (offering_legal, offering_decide),
    "recovery": (recovery_legal, recovery_decide),
    "abundance": (abundance_legal, abundance_decide),
    "arrange": (arrange_legal, arrange_decide),
    "collect": (collect_legal, collect_decide),
}
