"""The move notation of 4 Gods (documented in docs/recorded-games.md).

A tile is its kind as the ruleset writes it, front/back, each face its four
edge landscapes clockwise from north (F forest, M mountain, S sea, P
plains): `FFMM/SSPP`. Tiles of one kind are interchangeable; `FFMM/SSPP.2`
names one copy when it matters (export writes copies). A space is its column
a-h (west to east) and row 1-8 (north to south): `a1` is the north-west
corner. How a tile lies is the landscapes its edges show, clockwise from
north, as it lies on the table: `as SFFM` (add `:` and group digits as in the
ruleset when two ways of lying show the same letters).

Moves, one per line as `{"t": seconds since the start, "move": "<player>: ..."}`:

    draw 2                        both hands free: two tiles from the bag > the tiles that came out
    place FFMM/SSPP at c4 as MSSF a tile from the hand into the world
    place FFMM/SSPP from 2 at c4 as MSSF   ... from seat 2's discard area (needs a free hand)
    discard FFMM/SSPP             a tile from the hand into the own discard area
    god forest                    claim the god of a landscape
    prophet forest                a prophet on that landscape's group of the tile just placed (`prophet 2`: group 2)
    city at c4                    a city marker on an empty space believed unfillable
    claim city c4                 a prophet onto the city at c4
    wait                          look at the table again at `t` (only simulated games need it)
    end                           the players agree nothing more can be placed (no `t`)

Chance outcomes: `tile` (setup: each player's starting tiles, one list per
player; in play, the tiles a draw brought, after the move's ">"), and
`tie_order` (setup, optional: the seats, 1-based, in the order that goes
first when two actions fall on the same millisecond; default seat order).
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import lru_cache
from typing import Any

from engine.core.chance import Outcome
from engine.core.events import Event
from engine.core.notation import Names, NotationError, words
from engine.gods import events as ev
from engine.gods.board import SIZE, cell_at, xy
from engine.gods.commands import (
    ClaimCity,
    ClaimGod,
    Command,
    DeclareEnd,
    Discard,
    Draw,
    Place,
    PlaceCity,
    PlaceProphet,
    Wait,
)
from engine.gods.hands import HAND
from engine.gods.state import EMPTY, NOBODY, GodsState
from engine.gods.tiles import LANDSCAPES, LETTERS, Orientation, TileSet

COLUMNS = "abcdefgh"[:SIZE]
SHAPES = ("'draw 2', 'place FFMM/SSPP at c4 as MSSF', 'place FFMM/SSPP from 2 at c4 as MSSF', 'discard FFMM/SSPP', "
          "'god forest', 'prophet forest', 'city at c4', 'claim city c4', 'wait', 'end'")
# events that carry out a plan: the player's recorded action happened (`plan_failed`: it could not)
CARRIED_OUT = (ev.TilesDrawn, ev.TilePlaced, ev.TileDiscarded, ev.GodClaimed, ev.ProphetPlaced, ev.CityPlaced,
               ev.CityClaimed)


class GodsNotation:
    """Notation over the 4 Gods commands; every timed move also gives `t` (see recorded/timed.py)."""

    timed = True
    per_player_kinds = ("tile",)  # the setup's tiles: one list per player
    outcome_kinds = {
        "tile": "a tile out of the bag: setup, each player's starting tiles (one list per player); in play, "
                "the tiles a draw brought (after the move's '>')",
        "tie_order": "setup, optional: the seats (1-based) in the order that goes first when two actions fall "
                     "on the same millisecond (default: seat order)",
    }

    def setup_defaults(self, players: int) -> dict[str, Any]:
        """Setup outcomes a record may leave out: the tie order is the seat order."""
        return {"tie_order": [str(seat + 1) for seat in range(players)]}

    def parse_move(self, state: GodsState, player: int, text: str) -> Command:
        parts = [w.lower() for w in words(text)]
        if not parts:
            raise NotationError("unparsable_move", "empty move")
        kind, args = parts[0], parts[1:]
        reader = _READERS.get(kind)
        if reader is None:
            raise NotationError("unparsable_move", f"cannot read move {text!r}; moves look like {SHAPES}")
        command = reader(state, player, args, words(text)[1:])
        if command is None:
            raise NotationError("unparsable_move", f"cannot read move {text!r}; moves look like {SHAPES}")
        return command

    def move_text(self, state: GodsState, command: Command) -> str:
        names = tile_names(state.config.tiles)
        if isinstance(command, Draw):
            return f"draw {command.count}"
        if isinstance(command, Place):
            source = "" if command.source == HAND else f" from {command.source + 1}"
            lying = lying_text(state.config.tiles, command.tile, command.face, command.rotation)
            return f"place {names.text(command.tile)}{source} at {space_text(command.cell)} as {lying}"
        if isinstance(command, Discard):
            return f"discard {names.text(command.tile)}"
        if isinstance(command, ClaimGod):
            return f"god {LANDSCAPES[command.landscape]}"
        if isinstance(command, PlaceProphet):
            return f"prophet {_group_text(state, command.player, command.group)}"
        if isinstance(command, PlaceCity):
            return f"city at {space_text(command.cell)}"
        if isinstance(command, ClaimCity):
            return f"claim city {space_text(state.cities[command.city].cell)}"
        if isinstance(command, Wait):
            return "wait"
        return "end"

    def parse_outcome(self, state: GodsState, kind: str, token: str) -> Outcome:
        if kind == "tie_order":
            if not token.isdigit() or not 1 <= int(token) <= state.num_players:
                raise NotationError("unknown_seat", f"tie_order names seats 1..{state.num_players}, got {token!r}")
            return Outcome(kind, token, (int(token) - 1,))
        if kind != "tile":
            raise NotationError("unknown_outcome", f"unknown chance outcome kind {kind!r}; "
                                f"known: {', '.join(self.outcome_kinds)}")
        return Outcome(kind, token, tile_names(state.config.tiles).candidates(token, "tile"))

    def outcomes_in(self, state: GodsState, event: Event) -> list[tuple[str, str]]:
        names = tile_names(state.config.tiles)
        if isinstance(event, (ev.TilesDealt, ev.TilesDrawn)) and event.tiles:
            return [("tile", names.text(t)) for t in event.tiles]
        return []

    def inline_kind(self, command: Any) -> str | None:
        return "tile" if isinstance(command, Draw) else None

    def describe(self, state: GodsState, detail: str) -> str:
        """An engine message with tile ids turned into tile names ("tile 17" -> "tile FFMM/SSPP")."""
        names = tile_names(state.config.tiles)
        detail = re.sub(r"\btile (\d+)\b", lambda m: f"tile {names.text(int(m.group(1)), exact=False)}", detail)
        return re.sub(r"\((\d), (\d)\)", lambda m: space_text(cell_at(int(m.group(1)), int(m.group(2)))), detail)

    def locate(self, state: GodsState, outcome: Outcome, labels: list[str]) -> str | None:
        """Where a named tile is now, for messages about an impossible draw."""
        for tile in outcome.candidates:
            for seat in range(state.num_players):
                if tile in state.hands[seat]:
                    return f"in {labels[seat]}'s hand"
                if tile in state.discards[seat]:
                    return f"in {labels[seat]}'s discard area"
            if tile in state.tile_at:
                return f"in the world at {space_text(state.tile_at.index(tile))}"
        return None

    def table_text(self, state: GodsState, labels: list[str]) -> str:
        """What the table shows, for the recorder: time, the world, hands, discard areas, gods and prophets."""
        names = tile_names(state.config.tiles)
        tiles = lambda ids: " ".join(names.text(t, exact=False) for t in ids) or "-"  # noqa: E731
        rows = [" ".join(_cell_mark(state, cell_at(x, y)) for x in range(SIZE)) + f"  {y + 1}" for y in range(SIZE)]
        lines = [f"t = {state.clock_ms / 1000:g} s; bag {state.bag_left}; world:", *rows, " ".join(COLUMNS)]
        for p in range(state.num_players):
            god = LANDSCAPES[state.player_god[p]] if state.player_god[p] != NOBODY else "no god"
            lines.append(f"  {labels[p]}: hands {tiles(state.hands[p])}; discards {tiles(state.discards[p])}; "
                         f"{god}, {state.prophets_left[p]} prophets left")
        return "\n".join(lines)


def _cell_mark(state: GodsState, cell: int) -> str:
    if state.tile_at[cell] != EMPTY:
        return "#"
    return "C" if state.city_at[cell] != EMPTY else "."


@lru_cache(maxsize=16)
def tile_names(tiles: TileSet) -> Names:
    """Tile names of a ruleset's tile set: the kind text (FFMM/SSPP), copies `.k`."""
    return Names([tiles.kinds[kind].text for kind in tiles.kind_of])


def space_text(cell: int) -> str:
    """`c4`: column letter (west to east), row number (north to south)."""
    x, y = xy(cell)
    return f"{COLUMNS[x]}{y + 1}"


def parse_space(token: str) -> int:
    """The cell of a space such as `c4`."""
    token = token.lower()
    if len(token) < 2 or token[0] not in COLUMNS or not token[1:].isdigit() or not 1 <= int(token[1:]) <= SIZE:
        raise NotationError("unparsable_move", f"space {token!r}: write a column a-{COLUMNS[-1]} and a row 1-{SIZE}, "
                            "e.g. c4 (a1 = north-west corner)")
    return cell_at(COLUMNS.index(token[0]), int(token[1:]) - 1)


def lying_text(tiles: TileSet, tile: int, face: int, rotation: int) -> str:
    """The edge letters of a tile as it lies (N E S W), with group digits only when the letters are ambiguous."""
    lying = tiles.orientation(tile, face, rotation)
    letters = "".join(LETTERS[e] for e in lying.edges)
    same = [o for o in tiles.kinds[tiles.kind_of[tile]].orientations if o.edges == lying.edges]
    return letters if len(same) == 1 else f"{letters}:{''.join(str(g) for g in lying.groups)}"


def _orientation(tiles: TileSet, tile: int, text: str) -> Orientation:
    """The listed orientation of a tile that lies as `text` (edge letters, optional `:groups`)."""
    letters, _, digits = text.upper().partition(":")
    kind = tiles.kinds[tiles.kind_of[tile]]
    found = [o for o in kind.orientations if "".join(LETTERS[e] for e in o.edges) == letters
             and (not digits or "".join(str(g) for g in o.groups) == digits)]
    if len(found) == 1:
        return found[0]
    ways = ", ".join(lying_text(tiles, tile, o.face, o.rotation) for o in kind.orientations)
    why = "lies in two ways with these letters; add the group digits" if found else "cannot lie like that"
    raise NotationError("unparsable_move", f"tile {kind.text} {why} ({text!r}); it can lie as {ways}")


def _tile(state: GodsState, token: str, where: list[int]) -> int:
    """The id of a named tile where the move takes it from; any copy if none is there (yet)."""
    names = tile_names(state.config.tiles)
    found = names.pick(token, "tile", where)
    return found if found is not None else names.candidates(token, "tile")[0]


def _read_place(state: GodsState, player: int, args: list[str], raw: list[str]) -> Command | None:
    """place TILE [from SEAT] at SPACE as EDGES"""
    if len(args) not in (5, 7) or args[-2] != "as" or args[-4] != "at":
        return None
    source = HAND
    if len(args) == 7:
        if args[1] != "from" or not args[2].isdigit() or not 1 <= int(args[2]) <= state.num_players:
            return None
        source = int(args[2]) - 1
    where = state.hands[player] if source == HAND else state.discards[source]
    tile = _tile(state, raw[0], where)
    lying = _orientation(state.config.tiles, tile, args[-1])
    return Place(player, source, tile, parse_space(args[-3]), lying.face, lying.rotation)


def _read_draw(state: GodsState, player: int, args: list[str], raw: list[str]) -> Command | None:
    return Draw(player, int(args[0])) if len(args) == 1 and args[0].isdigit() else None


def _read_discard(state: GodsState, player: int, args: list[str], raw: list[str]) -> Command | None:
    return Discard(player, _tile(state, raw[0], state.hands[player])) if len(args) == 1 else None


def _read_god(state: GodsState, player: int, args: list[str], raw: list[str]) -> Command | None:
    if len(args) != 1 or args[0] not in LANDSCAPES:
        return None
    return ClaimGod(player, LANDSCAPES.index(args[0]))


def _read_prophet(state: GodsState, player: int, args: list[str], raw: list[str]) -> Command | None:
    if len(args) != 1:
        return None
    if args[0].isdigit():
        return PlaceProphet(player, int(args[0]) - 1)
    groups = _groups(state, player)
    found = [g for g, landscape in enumerate(groups) if landscape == args[0]]
    if len(found) != 1:
        shown = ", ".join(f"{g + 1} {landscape}" for g, landscape in enumerate(groups)) or "none: no tile just placed"
        raise NotationError("unparsable_move", f"prophet {args[0]!r}: name a landscape the tile just placed shows "
                            f"once, or its group number (groups: {shown})")
    return PlaceProphet(player, found[0])


def _read_city(state: GodsState, player: int, args: list[str], raw: list[str]) -> Command | None:
    return PlaceCity(player, parse_space(args[1])) if len(args) == 2 and args[0] == "at" else None


def _read_claim(state: GodsState, player: int, args: list[str], raw: list[str]) -> Command | None:
    if len(args) != 2 or args[0] != "city":
        return None
    cell = parse_space(args[1])
    found = [i for i, c in enumerate(state.cities) if c.cell == cell and c.broken_by == NOBODY]
    if not found:
        raise NotationError("unparsable_move", f"no city stands at {args[1]} when the player starts this action")
    return ClaimCity(player, found[-1])


def _read_wait(state: GodsState, player: int, args: list[str], raw: list[str]) -> Command | None:
    return None if args else Wait(player)


def _read_end(state: GodsState, player: int, args: list[str], raw: list[str]) -> Command | None:
    return None if args else DeclareEnd(player)


_READERS = {
    "place": _read_place, "draw": _read_draw, "discard": _read_discard, "god": _read_god, "prophet": _read_prophet,
    "city": _read_city, "claim": _read_claim, "wait": _read_wait, "end": _read_end,
}


def _groups(state: GodsState, player: int) -> list[str]:
    """The landscape of each group of the tile the player has just placed (group order as the engine counts)."""
    cell = state.just_placed[player]
    edges, groups = state.edges_at[cell] if cell != EMPTY else None, state.groups_at[cell] if cell != EMPTY else None
    if edges is None or groups is None:
        return []
    return [LANDSCAPES[edges[groups.index(g)]] for g in range(max(groups) + 1)]


def _group_text(state: GodsState, player: int, group: int) -> str:
    groups = _groups(state, player)
    if 0 <= group < len(groups) and groups.count(groups[group]) == 1:
        return groups[group]
    return str(group + 1)


def timed(command: Command, at_ms: int) -> Command:
    """The command happening at `at_ms` (DeclareEnd takes no time)."""
    return command if isinstance(command, DeclareEnd) else replace(command, at_ms=at_ms)


NOTATION = GodsNotation()
