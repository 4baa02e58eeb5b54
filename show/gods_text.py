"""4 Gods told along its clock: each action as it happens, with the simulated time it happened at.

4 Gods is played in real time, so there are no turns: a block is a stretch
of `STRETCH_MS` of the clock. Players' plans are private until they happen,
so a plan is told when it happens (or fails: what was planned and why).
Spaces are named as on a chess board: columns A-H west to east, rows 1-8
north to south. A placed tile is written by its edges as they lie, north,
east, south, west (F forest, M mountain, S sea, P plains). After each
stretch the table shows the world (one letter per tile: its main landscape;
`#` a city), each player's god, tiles in hand, discards and prophets.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from engine.core.events import Event
from engine.gods import events as ev
from engine.gods.board import SIZE, xy
from engine.gods.commands import ClaimCity, ClaimGod, Discard, Draw, Place, PlaceCity, PlaceProphet
from engine.gods.state import EMPTY, NOBODY, GodsState
from engine.gods.tiles import LANDSCAPES, LETTERS
from show.naming import Naming, clock, describe_unknown, plural

STRETCH_MS = 30_000
"""How much of the clock one block of the transcript covers."""
RULES = {"god_taken": "the god was taken first", "space_taken": "the space was filled first",
         "no_fit": "the tile no longer fits", "tile_gone": "the tile was taken first"}


def space(cell: int) -> str:
    """'B7': column letter west to east, row number north to south."""
    x, y = xy(cell)
    return f"{'ABCDEFGH'[x]}{y + 1}"


def tile_text(edges: tuple[int, ...] | None) -> str:
    return "".join(LETTERS[e] for e in edges) if edges else "?"


class Narrator:
    """Words for one game of 4 Gods."""

    def __init__(self, naming: Naming) -> None:
        self.n = naming

    def landscape(self, index_or_name: int | str) -> str:
        name = LANDSCAPES[index_or_name] if isinstance(index_or_name, int) else index_or_name
        return self.n("landscapes", name)

    def before(self, state: GodsState, event: Event) -> Any:
        player = getattr(event, "player", None)
        return state.plan[player] if isinstance(player, int) and player < len(state.plan) else None

    def block(self, state: GodsState, event: Event) -> tuple[Any, str]:
        if isinstance(event, ev.LandscapeScored | ev.PlayerScored | ev.GameEnded):
            return "end", "End of the game"
        if isinstance(event, ev.BagShuffled | ev.TilesDealt):
            return "setup", "Setup"
        player = getattr(event, "player", None)
        at = max(state.clock_ms, state.ready[player]) if isinstance(player, int) else state.clock_ms
        start = at // STRETCH_MS * STRETCH_MS
        return ("clock", start), f"{clock(start)} – {clock(start + STRETCH_MS)}"

    def line(self, state: GodsState, event: Event, plan: Any) -> str | None:  # noqa: C901 - one case per event
        seat = self.n.seat
        if isinstance(event, ev.BagShuffled):
            return f"the bag is shuffled ({plural(len(event.order), 'tile')})"
        if isinstance(event, ev.TilesDealt):
            return f"{seat(event.player)} takes {plural(len(event.tiles), 'tile')} " \
                   f"(thinks {event.think_mean_ms / 1000:.1f} s per tile on average)"
        if isinstance(event, ev.ActionPlanned):
            return None  # private until it happens
        now = clock(state.clock_ms)
        if isinstance(event, ev.PlanFailed):
            return f"{now}  {seat(event.player)} cannot {self.plan_text(plan)}: {RULES.get(event.rule, event.rule)}"
        if isinstance(event, ev.TilesDrawn):
            return f"{now}  {seat(event.player)} draws {plural(plan.count if isinstance(plan, Draw) else 0, 'tile')}" \
                   f" ({state.bag_left} left in the bag)"
        if isinstance(event, ev.TilePlaced) and isinstance(plan, Place):
            where = "" if plan.source < 0 else f" from {seat(plan.source)}'s discards"
            return f"{now}  {seat(event.player)} places {tile_text(state.edges_at[plan.cell])} at " \
                   f"{space(plan.cell)}{where}"
        if isinstance(event, ev.TileDiscarded):
            return f"{now}  {seat(event.player)} discards a tile"
        if isinstance(event, ev.GodClaimed) and isinstance(plan, ClaimGod):
            return f"{now}  {seat(event.player)} claims the {self.landscape(plan.landscape)} god"
        if isinstance(event, ev.ProphetPlaced):
            cell = state.prophets[-1][0]
            return f"{now}  {seat(event.player)} puts a prophet on the tile at {space(cell)}"
        if isinstance(event, ev.CityPlaced) and isinstance(plan, PlaceCity):
            return f"{now}  {seat(event.player)} places a city at {space(plan.cell)}"
        if isinstance(event, ev.CityClaimed) and isinstance(plan, ClaimCity):
            where = space(state.cities[plan.city].cell)
            return f"{now}  {seat(event.player)} claims the city at {where} with a prophet"
        if isinstance(event, ev.CityBroken):
            held = f" (held by {seat(event.claimant)})" if event.claimant >= 0 else ""
            return f"{now}  {seat(event.player)} breaks the city at {space(state.cities[event.city].cell)}{held}"
        if isinstance(event, ev.LandscapeScored):
            holder = seat(event.holder) if event.holder != NOBODY else "nobody"
            return f"{self.landscape(event.landscape)}: mass {event.mass}, {event.groups} groups; its god: {holder}"
        if isinstance(event, ev.PlayerScored):
            return f"{seat(event.player)} scores {event.score}"
        if isinstance(event, ev.GameEnded):
            return f"{now}  game over ({self.n('end_reasons', event.end_reason)}), declared by " \
                   f"{seat(event.declared_by)}: {event.tiles_placed} tiles, {plural(event.cities, 'city', 'cities')}"
        return describe_unknown(event)

    def plan_text(self, plan: Any) -> str:
        if isinstance(plan, Place):
            return f"place a tile at {space(plan.cell)}"
        if isinstance(plan, ClaimGod):
            return f"claim the {self.landscape(plan.landscape)} god"
        if isinstance(plan, Draw):
            return f"draw {plural(plan.count, 'tile')}"
        if isinstance(plan, Discard):
            return "discard a tile"
        if isinstance(plan, PlaceProphet):
            return "place a prophet"
        if isinstance(plan, PlaceCity):
            return f"place a city at {space(plan.cell)}"
        if isinstance(plan, ClaimCity):
            return "claim a city"
        return "act"

    def summary(self, state: GodsState, hidden: bool) -> list[str]:
        rows = [f"at {clock(state.clock_ms)}: {state.tiles_on_board} tiles in the world, "
                f"{plural(len(state.cities), 'city', 'cities')}, {state.bag_left} in the bag"]
        rows += ["  " + " ".join(self.cell_char(state, y * SIZE + x) for x in range(SIZE)) for y in range(SIZE)]
        for p in range(state.num_players):
            god = state.player_god[p]
            row = (f"{self.n.seat(p)}: god {self.landscape(god) if god != NOBODY else 'none yet'}; "
                   f"{plural(len(state.hands[p]), 'tile')} in hand, {len(state.discards[p])} discarded; "
                   f"{plural(sum(1 for _, _, q in state.prophets if q == p), 'prophet')} on tiles, "
                   f"{state.prophets_left[p]} left")
            if hidden:
                row += "; hand " + ", ".join(self.tile_kind(state, t) for t in state.hands[p])
            rows.append(row)
        return rows

    def cell_char(self, state: GodsState, cell: int) -> str:
        if state.city_at[cell] != EMPTY:
            return "#"
        edges = state.edges_at[cell]
        if edges is None:
            return "·"
        return LETTERS[Counter(edges).most_common(1)[0][0]]

    def tile_kind(self, state: GodsState, tile: int) -> str:
        return state.config.tiles.kinds[state.config.tiles.kind_of[tile]].text

    def scoring(self, state: GodsState) -> list[str]:
        scored = sorted((e for e in state.scored if isinstance(e, ev.PlayerScored)), key=lambda e: (e.rank, e.player))
        rows = []
        for e in scored:
            won = " — wins" if e.win_share == 1 else (" — shares the win" if e.win_share > 0 else "")
            god = self.landscape(e.god) if e.god else "no god"
            rows.append(f"{e.rank}. {self.n.seat(e.player)}: {e.score} = cities {e.city_points} + regions "
                        f"{e.region_points} + mass bonus {e.mass_bonus} + groups bonus {e.groups_bonus}{won}")
            claimed = f", claimed at {clock(e.god_claimed_ms)}" if e.god else ""
            rows.append(f"     god: {god}{claimed}; {plural(e.prophets_placed, 'prophet')} placed")
        for e in state.scored:
            if isinstance(e, ev.LandscapeScored):
                holder = self.n.seat(e.holder) if e.holder != NOBODY else "nobody"
                rows.append(f"   {self.landscape(e.landscape)}: mass {e.mass} → +{e.mass_bonus}, {e.groups} groups → "
                            f"+{e.groups_bonus} for its god's holder ({holder})")
        return rows
