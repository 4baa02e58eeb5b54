"""The commands players give, and `legal_commands`: every command a player may give now.

A command names its player, its kind and the cards it names. `legal_commands` lists exactly what `decide`
accepts; each kind's rule is in its own file (`decide._HANDLERS`), read here in the fast form the agents
need (one list per decision, a hot path). Commands are immutable, so each seat's one-card commands are
built once and shared.
"""

from __future__ import annotations

from itertools import combinations
from typing import NamedTuple

from engine.caprices.replacement_turns import takeable
from engine.caprices.rules import DECK_SIZE
from engine.caprices.state import DISCARD, TAKE, State


class Command(NamedTuple):
    """One decision: `kind` is recruit, draw_deck, rally, bourgeoise, noble, discard, take, take_deck or pass."""

    player: int
    kind: str
    cards: tuple[int, ...] = ()


def legal_commands(state: State, player: int) -> list[Command]:
    """Every command `player` may give now (never empty while it is their turn)."""
    if state.current != player:
        return []
    phase = state.phase
    if phase == DISCARD:
        discard, just_taken = _commands_of(player).discard, state.just_taken
        return [discard[c] for c in state.hands[player] if c != just_taken]
    if phase == TAKE:
        return _take_commands(state, player)
    return _draw_commands(state, player)


class _PlayerCommands(NamedTuple):
    """One player's commands, built once and shared (commands are immutable): per card id, or plain."""

    recruit: tuple[Command, ...]
    rally: tuple[Command, ...]
    discard: tuple[Command, ...]
    noble: tuple[Command, ...]
    take: tuple[Command, ...]
    draw_deck: Command
    take_deck: Command
    pass_: Command


_TABLES: list[_PlayerCommands] = []


def _commands_of(player: int) -> _PlayerCommands:
    """The command table of a seat (grown on first use)."""
    while len(_TABLES) <= player:
        seat = len(_TABLES)
        def one_card(kind: str, seat: int = seat) -> tuple[Command, ...]:
            return tuple(Command(seat, kind, (card,)) for card in range(DECK_SIZE))

        _TABLES.append(_PlayerCommands(
            one_card("recruit"), one_card("rally"), one_card("discard"), one_card("noble"), one_card("take"),
            Command(seat, "draw_deck"), Command(seat, "take_deck"), Command(seat, "pass"),
        ))
    return _TABLES[player]


def _draw_commands(state: State, player: int) -> list[Command]:
    """Recruits (`recruit.py`), rallies (`rally.py`), Bourgeoise and Noble turns (`replacement_turns.py`), or pass."""
    rules, hand, zone = state.rules, state.hands[player], state.zone
    castes = rules.castes
    commands = _commands_of(player)
    recruit = commands.recruit
    out = [recruit[c] for c in zone]
    pile_size = state.pile_size()
    if pile_size:
        out.append(commands.draw_deck)
    hand_castes = [castes[c] for c in hand]
    artisan_ok = "artisan" in hand_castes and state.artisans_rallied[player] < rules.max_rallied_artisans
    rally = commands.rally
    for c in zone:
        caste = castes[c]
        if caste == "peasant" or (caste == "artisan" and artisan_ok):
            out.append(rally[c])
    if hand_castes.count("bourgeoise") >= 2 and len(zone) + pile_size >= rules.bourgeoise_takes:
        bourgeoises = sorted(c for c in hand if castes[c] == "bourgeoise")
        out += [Command(player, "bourgeoise", pair) for pair in combinations(bourgeoises, 2)]
    if "noble" in hand_castes and len(zone) >= rules.noble_takes:
        noble = commands.noble
        out += [noble[c] for c in hand if castes[c] == "noble"]
    return out or [commands.pass_]


def _take_commands(state: State, player: int) -> list[Command]:
    commands = _commands_of(player)
    take = commands.take
    out = [take[c] for c in takeable(state)]
    if state.action == "bourgeoise" and state.pile_size():
        out.append(commands.take_deck)
    return out
