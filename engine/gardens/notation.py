"""The move notation of Four Gardens and The God's Caprice (documented in docs/recorded-games.md).

A card is its colour, panorama size, position in the panorama and a copy
letter in ruleset order: `red2-1a` is the first red 2-part card for position
1, `red2-1b` the other one (the table in docs/recorded-games.md gives each
card's cost, god and action). Resources, gods and Caprice tiles are their
ruleset names; players are seat numbers (1 = first player).

Moves mirror the engine's commands, one word per argument:

    start | foresight                   begin the turn holding an unused Foresight (foresight: 3 more display cards)
    lay red2-1a                         Lay Groundwork
    rotate red2-1a cw|ccw               Rotate & Collect (floor and collect direction are printed)
    wild red2-1b                        Take a Wild: then `place ...`
    reallocate red2-1a                  Reallocate: then `move ...` lines and `done`
    place water storage|red2-1a|none    put one resource (wild, Take Wilds, Abundance)
    move water storage red2-1a          one reallocation move: resource, from, to (storage, a card, supply)
    done | end                          end a reallocation / the actions early (with nothing left to do
                                        they end by themselves; a turn passes by itself after its draw)
    complete red2-1a                    resolve a completed groundwork first
    advance sun                         the god track to advance (wild gods choose)
    bonus extra_rewards                 the bonus tile taken
    draw red2-1a | draw deck > red3-2b  draw from the display, or the top of the deck (it was ...)
    blessing | sabotage 2 red2-1a | helping_hand red2-1a | gift storage|favor
    offering sun moon | offering none   (back one, forward two)
    recovery sun | recovery none | discard red2-1a | discard none
    arrange water 2 | collect up|down

Chance outcomes: `pagoda` (setup: the floors' resources, bottom first),
`hand` (setup: each player's 5 cards), `display` (cards laid face up), `deck`
(the card drawn from the deck), `tile` (a Caprice tile turned face up).
"""

from __future__ import annotations

import re
from typing import Any

from engine.core.chance import Outcome
from engine.core.events import Event
from engine.core.notation import Names, NotationError, fold, words
from engine.gardens import events as ev
from engine.gardens.rules import Rules
from engine.gardens.state import STORAGE, SUPPLY, State

Command = tuple[Any, ...]
NONE = -1

# argument types of each command kind, in tuple order
ARGS: dict[str, tuple[str, ...]] = {
    "start": (), "foresight": (), "end": (), "done": (), "score": (), "panorama": (), "blessing": (),
    "lay": ("card",), "wild": ("card",), "reallocate": ("card",), "complete": ("card",), "helping_hand": ("card",),
    "discard": ("card?",), "draw": ("drawn",), "rotate": ("card", "direction"), "place": ("resource?", "target"),
    "move": ("target", "target", "resource"), "advance": ("god",), "bonus": ("word",), "gift": ("word",),
    "sabotage": ("seat", "card"), "offering": ("god?", "god?"), "recovery": ("god?",), "arrange": ("resource", "int"),
    "collect": ("updown",),
}
DIRECTIONS = {"cw": 1, "ccw": -1}
TARGETS = {"storage": STORAGE, "supply": SUPPLY}


class GardensNotation:
    """Notation over the engine's command tuples."""

    outcome_kinds = {
        "pagoda": "setup: the four floors' resources, bottom floor first",
        "hand": "setup: a player's 5 starting cards (one list per player, in seat order)",
        "display": "cards laid face up in the display (setup, refills, Foresight)",
        "deck": "the card drawn from the top of the deck (`draw deck`)",
        "tile": "a God's Caprice tile turned face up (setup, and after one is taken)",
    }

    def parse_move(self, state: State, player: int, text: str) -> Command:
        parts = words(text)
        if not parts or parts[0].lower() not in ARGS:
            raise NotationError("unparsable_move", f"cannot read move {text!r}; a move starts with one of "
                                f"{', '.join(ARGS)}")
        kind, args = parts[0].lower(), parts[1:]
        types = ARGS[kind]
        if kind == "move" and len(args) == 3:
            args = [args[1], args[2], args[0]]  # written 'move water storage red2-1a'; the tuple is (from, to, what)
        if kind == "offering" and [a.lower() for a in args] == ["none"]:
            return ("offering", NONE, NONE)
        if len(args) != len(types):
            raise NotationError("unparsable_move", f"{kind!r} takes {len(types)} argument(s) "
                                f"({', '.join(types) or 'none'}), got {len(args)} in {text!r}")
        values: list[Any] = []
        for arg_type, arg in zip(types, args):
            values += _parse_arg(state.config, arg_type, arg)
        return (kind, *values)

    def move_text(self, state: State, command: Command) -> str:
        kind, values = command[0], list(command[1:])
        if kind == "move":
            src, dst, resource = values
            return f"move {_resource(state.config, resource)} {_target(state.config, src)} {_target(state.config, dst)}"
        if kind == "offering" and values[0] == NONE:
            return "offering none"
        return " ".join([kind, *(_format_arg(state.config, t, v) for t, v in zip(ARGS.get(kind, ()), values))])

    def parse_outcome(self, state: State, kind: str, token: str) -> Outcome:
        config = state.config
        if kind == "pagoda":
            return Outcome(kind, token, (_index(config.resources, token, "resource"),))
        if kind == "tile":
            return Outcome(kind, token, (_index(config.caprice_tiles, token, "Caprice tile", keep=True),))
        if kind not in self.outcome_kinds:
            raise NotationError("unknown_outcome", f"unknown chance outcome kind {kind!r}")
        return Outcome(kind, token, card_names(config).candidates(token, "card"))

    def outcomes_in(self, state: State, event: Event) -> list[tuple[str, str]]:
        config = state.config
        name = card_names(config).text
        if isinstance(event, ev.PagodaBuilt):
            return [("pagoda", config.resources[level]) for level in event.levels]
        if isinstance(event, ev.HandDealt):
            return [("hand", name(c)) for c in event.cards]
        if isinstance(event, ev.DisplayRefilled):
            return [("display", name(c)) for c in event.cards]
        if isinstance(event, ev.CardDrawn):  # v2: the card that refilled the display comes with the draw
            drawn = [("deck", name(event.card))] if event.source == "deck" else []
            return drawn + ([("display", name(event.revealed))] if event.revealed >= 0 else [])
        if isinstance(event, ev.BonusTileTaken) and event.revealed_tile:
            return [("tile", event.revealed_tile)]
        if isinstance(event, ev.CapriceTileRevealed):
            return [("tile", event.tile)]
        return []

    def inline_kind(self, command: Any) -> str | None:
        return "deck" if command[0] == "draw" and command[1] == NONE else None

    def table_text(self, state: State, labels: list[str]) -> str:
        """What the table shows, for the recorder: display, pagoda, and each garden."""
        config, names = state.config, card_names(state.config)
        lines = [f"round {state.round}: display {' '.join(names.text(c) for c in state.display) or '-'}; "
                 f"deck {len(state.deck)}, discard {len(state.discard)}"]
        for seat, p in enumerate(state.players):
            works = ", ".join(f"{names.text(c)} {_have(config, r)}" for c, r in p.groundworks.items()) or "-"
            tracks = " ".join(f"{g} {s}" for g, s in zip(config.gods, p.track))
            lines.append(f"  {labels[seat]}: hand {' '.join(names.text(c) for c in p.hand)}; groundworks {works}; "
                         f"storage {_have(config, p.storage)}; tracks {tracks}")
        return "\n".join(lines)

    def describe(self, state: State, detail: str) -> str:
        """An engine message without its command tuple ("(...) at decision 'advance'" -> "at decision ...")."""
        return re.sub(r"^\(.*\) at decision", "not possible at decision", detail)

    def locate(self, state: State, outcome: Outcome, labels: list[str]) -> str | None:
        """Where a named card is now, for messages about an impossible draw."""
        for card in outcome.candidates:
            if not isinstance(card, int):
                return None
            for seat, p in enumerate(state.players):
                if card in p.hand:
                    return f"in {labels[seat]}'s hand"
                if card in p.groundworks:
                    return f"a groundwork of {labels[seat]}"
                if any(card in cards for _pid, _size, cards in p.panoramas):
                    return f"in a panorama of {labels[seat]}"
            if card in state.display:
                return "face up in the display"
            if card in state.discard:
                return "in the discard pile"
        return None


def _parse_arg(config: Rules, arg_type: str, arg: str) -> list[Any]:
    low = arg.lower()
    optional = arg_type.endswith("?")
    base = arg_type.rstrip("?")
    if optional and low == "none":
        return [NONE]
    if base == "card":
        return [card_names(config).candidates(arg, "card")[0]]
    if base == "drawn":
        return [NONE] if low == "deck" else [card_names(config).candidates(arg, "card")[0]]
    if base == "direction" and low in DIRECTIONS:
        return [DIRECTIONS[low]]
    if base == "resource":
        return [_index(config.resources, arg, "resource")]
    if base == "target":
        return [TARGETS[low]] if low in TARGETS else [card_names(config).candidates(arg, "card")[0]]
    if base == "god":
        return [_index(config.gods, arg, "god")]
    if base == "seat" and arg.isdigit():
        return [int(arg) - 1]
    if base == "int" and arg.isdigit():
        return [int(arg)]
    if base == "updown" and low in ("up", "down"):
        return [low == "up"]
    if base == "word":
        return [low]
    raise NotationError("unparsable_move", f"cannot read {arg!r} as a {base}")


def _format_arg(config: Rules, arg_type: str, value: Any) -> str:
    base = arg_type.rstrip("?")
    if arg_type.endswith("?") and value == NONE:
        return "none"
    if base in ("card", "target"):
        return _target(config, value)
    if base == "drawn":
        return "deck" if value == NONE else card_names(config).text(value)
    if base == "direction":
        return "cw" if value == 1 else "ccw"
    if base == "resource":
        return _resource(config, value)
    if base == "god":
        return config.gods[value]
    if base == "seat":
        return str(value + 1)
    if base == "updown":
        return "up" if value else "down"
    return str(value)


def _target(config: Rules, value: int) -> str:
    names = {v: k for k, v in TARGETS.items()}
    return names[value] if value in names else card_names(config).text(value)


def _have(config: Rules, counts: list[int]) -> str:
    return "+".join(f"{n} {r}" for r, n in zip(config.resources, counts) if n) or "empty"


def _resource(config: Rules, value: int) -> str:
    return "none" if value == NONE else config.resources[value]


def _index(names: tuple[str, ...], token: str, what: str, keep: bool = False) -> Any:
    folded = [fold(n) for n in names]
    if fold(token) not in folded:
        raise NotationError("unknown_card", f"unknown {what} {token!r}; known: {', '.join(names)}")
    index = folded.index(fold(token))
    return names[index] if keep else index


def card_names(config: Rules) -> Names:
    """Card names of a ruleset's deck: colour, panorama size, position and a copy letter (red2-1a)."""
    key = id(config.cards)
    cached = _NAMES.get(key)
    if cached is None or cached[0] is not config.cards:
        cached = _NAMES[key] = (config.cards, _names_of(config.cards))
    return cached[1]


_NAMES: dict[int, tuple[Any, Names]] = {}  # by the identity of a config's card tuple (hashing 70 cards is slow)


def _names_of(cards: tuple[Any, ...]) -> Names:
    seen: dict[tuple[str, int, int], int] = {}
    base = []
    for card in cards:
        key = (card.colour, card.size, card.position)
        seen[key] = seen.get(key, 0) + 1
        base.append(f"{card.colour}{card.size}-{card.position}{chr(ord('a') + seen[key] - 1)}")
    return Names(base)



NOTATION = GardensNotation()
