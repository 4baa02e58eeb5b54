"""Four Gardens (and The God's Caprice) told turn by turn: actions, resources, completions, god tracks, bonus tiles.

Cards are named as the move notation writes them (`red2-1a`: colour, panorama
size, position, copy letter; docs/recorded-games.md lists each card's cost,
god and action). A block is the setup or one player's turn. After a turn the
table shows the pagoda, the display and each garden: groundworks with their
resources, storage, god tracks, panoramas and bonus tiles (`hidden` adds
each hand).
"""

from __future__ import annotations

from typing import Any

from engine.core.events import Event
from engine.gardens import events as ev
from engine.gardens.notation import card_names
from engine.gardens.pagoda import facing, side_of
from engine.gardens.state import STORAGE, SUPPLY, State
from show.naming import Naming, describe_unknown, plural

ACTIONS = {"lay": "lays groundwork", "rotate": "rotates & collects with", "wild": "takes a wild with",
           "reallocate": "reallocates with"}
TRACK_CAUSES = {"advance": "", "offering": " (Offering)", "recovery": " (Recovery)"}
SETUP = (ev.CardsShuffled, ev.PagodaBuilt, ev.HandDealt, ev.DisplayRefilled, ev.CapriceTilesShuffled,
         ev.CapriceTileRevealed)
END = (ev.PlayerScored, ev.GameEnded)
END_REASONS = {"threshold": "a player reached the completed-groundwork threshold", "round_limit": "the round limit"}


class Narrator:
    """Words for one game of Four Gardens."""

    def __init__(self, naming: Naming) -> None:
        self.n = naming
        self.playing = False  # a player acted: setup is over (the first turn's events carry turn 0 as setup's do)

    def card(self, state: State, card: int) -> str:
        return card_names(state.config).text(card)

    def god(self, name: str) -> str:
        return self.n("gods", name)

    def tile(self, name: str) -> str:
        return self.n("tiles", name)

    def place(self, state: State, target: int) -> str:
        if target == STORAGE:
            return "storage"
        if target == SUPPLY:
            return "the supply"
        return self.card(state, target)

    def before(self, state: State, event: Event) -> Any:
        if isinstance(event, ev.ActionTaken) and event.action == "rotate":
            return state.config.cards[event.card].floor
        return None

    def block(self, state: State, event: Event) -> tuple[Any, str]:
        if isinstance(event, END):
            return "end", "End of the game"
        if isinstance(event, SETUP) and not self.playing:
            return "setup", "Setup"
        self.playing = True
        turn = state.turn + state.turn_pending
        round_ = state.round + (state.turn_pending and state.current == 0)
        return ("turn", turn), f"Round {round_}, {self.n.seat(state.current)}'s turn"

    def line(self, state: State, event: Event, before: Any) -> str | None:  # noqa: C901 - one case per event
        seat, card = self.n.seat, self.card
        config = state.config
        if isinstance(event, ev.CardsShuffled):
            return "the deck is shuffled" if event.source == "setup" else "the discard pile is shuffled into a new deck"
        if isinstance(event, ev.PagodaBuilt):
            return "pagoda built, bottom to top: " + ", ".join(config.resources[r] for r in event.levels)
        if isinstance(event, ev.HandDealt):
            return f"{seat(event.player)} is dealt {plural(len(event.cards), 'card')}"
        if isinstance(event, ev.DisplayRefilled):
            return "display: " + ", ".join(card(state, c) for c in event.cards)
        if isinstance(event, ev.CapriceTilesShuffled):
            return f"{plural(len(event.tiles), 'Caprice tile')} shuffled face down"
        if isinstance(event, ev.CapriceTileRevealed):
            return f"Caprice tile turned up: {self.tile(event.tile)}"
        if isinstance(event, ev.TurnStarted):
            return f"{seat(event.player)} starts the turn ({plural(event.value, 'action point')})"
        if isinstance(event, ev.ActionTaken):
            return self.action(state, event, before)
        if isinstance(event, ev.ResourcesCollected):
            lost = f", {event.resources_lost} lost" if event.resources_lost else ""
            return f"collects {plural(event.resources_collected, 'resource')}{lost}"
        if isinstance(event, ev.ResourcePlaced):
            if event.target == SUPPLY:
                return f"places no {event.resource}"
            return f"places {event.resource} on {self.place(state, event.target)}"
        if isinstance(event, ev.ResourceMoved):
            return f"moves {event.resource} from {self.place(state, event.card)} to {self.place(state, event.target)}"
        if isinstance(event, ev.ReallocationFinished):
            return "stops reallocating"
        if isinstance(event, ev.ActionsEnded):
            return "ends the actions"
        if isinstance(event, ev.GroundworkCompleted):
            done = state.config.cards[event.card]
            return f"completes {card(state, event.card)} ({done.colour} {done.size}-part panorama, " \
                   f"position {done.position})"
        if isinstance(event, ev.TrackMoved):
            return self.track(event)
        if isinstance(event, ev.PanoramaCompleted):
            return f"completes the {event.colour} {event.size}-part panorama"
        if isinstance(event, ev.BonusTileTaken):
            value = f" worth {event.value}" if event.value else ""
            shown = f"; {self.tile(event.revealed_tile)} turned up" if event.revealed_tile else ""
            return f"takes the bonus tile {self.tile(event.tile)}{value}{shown}"
        if isinstance(event, ev.TileUsed):
            return self.tile_used(state, event)
        if isinstance(event, ev.PagodaArranged):
            return f"arranges floor {event.floor + 1} to {event.resource} showing {event.value}"
        if isinstance(event, ev.CardDrawn):
            if event.source == "deck":
                return f"draws {card(state, event.card)} from the deck"
            shown = f"; {card(state, event.revealed)} fills the display" if event.revealed >= 0 else ""
            return f"draws {card(state, event.card)} from the display{shown}"
        if isinstance(event, ev.PlayerScored):
            return f"{seat(event.player)} scores {event.score}"
        if isinstance(event, ev.GameEnded):
            why = END_REASONS.get(event.end_reason, event.end_reason)
            return f"game over after {plural(event.rounds, 'round')}: {why}"
        if isinstance(event, ev.PagodaRotated | ev.TurnEnded):
            return None
        return describe_unknown(event)

    def action(self, state: State, event: ev.ActionTaken, floor: Any) -> str:
        text = f"{self.n.seat(event.player)} {ACTIONS.get(event.action, event.action)} {self.card(state, event.card)}"
        if event.action == "rotate":
            turn = "clockwise" if event.direction == 1 else "anticlockwise"
            lost = f", {event.resources_lost} lost" if event.resources_lost else ""
            text += f": floor {floor + 1} turns {turn}, {plural(event.resources_collected or 0, 'resource')} " \
                    f"collected{lost}"
        return text

    def track(self, event: ev.TrackMoved) -> str:
        god = self.god(event.god)
        if event.cause == "push":
            return f"{self.n.seat(event.player)} pushed back on the {god} track to {event.to_space} " \
                   f"by {self.n.seat(event.by_player)}"
        if event.cause == "lost" or (event.to_space == 0 and event.from_space == 0):
            return f"{god} track: marker already knocked off, no move"
        if event.cause == "overflow":
            return f"{god} track: at the end, opponents there are pushed back"
        if event.to_space == 0:
            return f"{self.n.seat(event.player)}'s {god} marker is knocked off for good"
        return f"{god} track {event.from_space} → {event.to_space}{TRACK_CAUSES.get(event.cause, f' ({event.cause})')}"

    def tile_used(self, state: State, event: ev.TileUsed) -> str:
        text = f"{self.n.seat(event.player)} uses {self.tile(event.tile)}"
        details = []
        if event.option:
            details.append(event.option.replace("_", " "))
        if event.target_player >= 0:
            details.append(f"on {self.n.seat(event.target_player)}")
        if event.card >= 0:
            details.append(self.card(state, event.card))
        return text + (f" ({', '.join(details)})" if details else "")

    def summary(self, state: State, hidden: bool) -> list[str]:
        config = state.config
        rows = ["pagoda, bottom to top: " + ", ".join(config.resources[r] for r in state.levels) +
                f"; display {', '.join(self.card(state, c) for c in state.display) or 'empty'}; "
                f"deck {len(state.deck)}, discard {len(state.discard)}"]
        for p, player in enumerate(state.players):
            icons = "/".join(str(n) for _, n in facing(state, side_of(state, p)))
            works = ", ".join(f"{self.card(state, c)} {self.resources(state, have)}"
                              for c, have in player.groundworks.items()) or "none"
            tracks = ", ".join(f"{self.god(g)} {s if s else 'off'}" for g, s in zip(config.gods, player.track))
            row = (f"{self.n.seat(p)}: {plural(len(player.hand), 'card')} in hand, sees {icons} icons; "
                   f"groundworks {works}; storage {self.resources(state, player.storage)}; tracks {tracks}; "
                   f"{player.completed} completed")
            if player.panoramas:
                row += f", panoramas {', '.join(str(pan[0]) for pan in player.panoramas)}"
            if player.bonus_types or player.tiles:
                row += "; tiles " + ", ".join(self.tile(t) for t in (*player.bonus_types, *player.tiles))
            if hidden:
                row += f"; hand {', '.join(self.card(state, c) for c in player.hand)}"
            rows.append(row)
        return rows

    def resources(self, state: State, counts: list[int]) -> str:
        return "+".join(f"{n} {r}" for r, n in zip(state.config.resources, counts) if n) or "empty"

    def scoring(self, state: State) -> list[str]:
        scored = sorted((e for e in state.scoring_events if isinstance(e, ev.PlayerScored)),
                        key=lambda e: (e.rank, e.player))
        rows = []
        for e in scored:
            won = " — wins" if e.win_share == 1 else (" — shares the win" if e.win_share > 0 else "")
            rows.append(f"{e.rank}. {self.n.seat(e.player)}: {e.score} = god tracks {e.track_points} + "
                        f"Extra Rewards {e.extra_rewards} + favor {e.favor}{won}")
            spaces = ", ".join(f"{self.god(g)} {s if s else 'off'}" for g, s in zip(e.track_gods, e.track_spaces))
            rows.append(f"     tracks (of {e.track_length}): {spaces}; {e.completed} groundworks completed, "
                        f"largest panorama {e.largest_panorama}")
        return rows
