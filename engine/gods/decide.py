"""decide: a player commits to a command; the next plan that comes due is carried out or fails.

The player to move is the one planning now (see `clock`). `legal_commands`
lists what it may commit to, gathered from the rules (`placement`, `hands`,
`gods`, `prophets`, `cities`, `end`) and cached per state version: the
driver, `to_move` and `decide` share them. `decide` checks its command
against the board it sees (IllegalCommand names the rule), draws the think
time for the action type (chance is logged) and returns `action_planned`,
followed by whatever happens next in simulated time when that is a plan
coming due: its events if the board still allows it, else `plan_failed`
with the rule the attempt broke (the player then plans again from the board
as it is). Nothing else can happen before then, so the state after these
events is the next planning player's board. Once the players may agree the
end (`end`: the world is done, or the table has been idle for
`end.idle_ms`), a player only puts a prophet or agrees (`DeclareEnd`).

Each rule's check runs twice in real time: when a player commits to the
command (`PLAN`: it must also be written as the legal commands list it, e.g.
one orientation per distinct way a tile lies) and when it comes due (`DUE`:
only what the hands can do counts, so an identical tile from the same
discard area will do).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.core.chance import Chance
from engine.core.decision import check_turn
from engine.core.errors import IllegalCommand
from engine.core.events import Event
from engine.core.game import Game
from engine.gods import cities, end, gods, hands, placement, prophets
from engine.gods.board import xy
from engine.gods.clock import first, next_player, now, sample_think
from engine.gods.commands import (
    ACTION_OF,
    DUE,
    PLAN,
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
from engine.gods.events import ActionPlanned, PlanFailed
from engine.gods.state import GodsState
from engine.gods.tiles import LANDSCAPES


def to_move(state: GodsState) -> int | None:
    """The player planning now (None when the game is over)."""
    return None if state.end_reason else next_player(state)


def legal_commands(state: GodsState, player: int) -> list[Command]:
    """All commands the player may give now (cached per state version)."""
    key = ("legal", player, state.version)
    legal = state.cache.get(key)
    if legal is None:
        legal = state.cache[key] = _legal(state, player)
    return list(legal)  # a copy: callers may reorder it


def _legal(state: GodsState, player: int) -> list[Command]:
    if state.end_reason:
        return []
    idle = end.idle(state)
    places = [] if idle else placement.placements(state, player)
    if places:
        end.not_done(state)
    elif idle or end.world_done(state):
        ending: list[Command] = [Wait(player)] if prophets.prophet_pending(state) else [DeclareEnd(player)]
        return prophets.prophet_commands(state, player) + ending
    out = (prophets.prophet_commands(state, player) + places + hands.hand_commands(state, player)
           + gods.god_commands(state, player) + cities.city_commands(state, player))
    if not out or state.config.wait_rule == "any_time":
        out.append(Wait(player))
    return out


def decide(game: Game, state: GodsState, command: Command, rng: Chance) -> list[Event]:
    """The events of a legal command; IllegalCommand (rule, detail) otherwise (game over and turn: `check_turn`)."""
    action = ACTION_OF.get(type(command))
    known = action is not None or isinstance(command, DeclareEnd)
    check_turn(game, state, command.player if known else None)  # game over before an unknown command, as ever
    if not known:
        raise IllegalCommand("unknown_command", f"{command!r} is not a 4 Gods command")
    if isinstance(command, DeclareEnd):
        return end.declare_end(state, command)
    # a recorded game's action is checked when it happens, against the board as it is then: a person acts on the
    # table in front of them, not on the one they saw when their previous action ended (a failure is reported then)
    if not _listed(state, command) and not rng.recorded:
        if not isinstance(command, (PlaceProphet, Wait)):
            _check_not_over(state)
        check(state, command, PLAN)
    assert action is not None
    start = now(state)
    think = _think_ms(state, command, action, start, rng)
    return [planned_event(command, action, think), *_next_due(state, command, start + think, rng)]


def _check_not_over(state: GodsState) -> None:
    """Only a prophet or a wait is planned once the players may agree the end (`end.may_end`)."""
    if end.world_done(state):
        raise IllegalCommand("world_done", "the world is full or nothing more can be placed: agree to the end")
    if end.idle(state):
        raise IllegalCommand("idle", "nobody has drawn, placed or discarded a tile for end.idle_ms: agree to the end")


def _listed(state: GodsState, command: Command) -> bool:
    """Whether the command is one of the objects `legal_commands` handed out (legal by construction: no checks)."""
    listed = state.cache.get(("legal", command.player, state.version))
    return listed is not None and any(c is command for c in listed)


def _think_ms(state: GodsState, c: Command, action: str, start: int, rng: Chance) -> int:
    """The drawn think time, or the one the command gives with `at_ms` (e.g. a recorded game)."""
    at_ms = getattr(c, "at_ms", None)
    if at_ms is None:
        return sample_think(state, c.player, action, rng)
    if at_ms <= start:
        raise IllegalCommand("at_ms", f"at_ms {at_ms} must be after now ({start} ms): an action takes time")
    return at_ms - start


def _next_due(state: GodsState, command: Command, due_at: int, chance: Chance) -> list[Event]:
    """What happens next once the player has committed: a plan coming due, or nothing (someone plans)."""
    player = command.player
    ready = list(state.ready)
    ready[player] = due_at
    nxt = first(ready, state.tie_rank)
    plan = command if nxt == player else state.plan[nxt]
    if plan is None or isinstance(plan, Wait):
        return []  # that player plans next (a wait ends silently)
    try:
        return carry_out(state, plan, chance)
    except IllegalCommand as exc:
        return [PlanFailed(nxt, exc.rule)]


def planned_event(c: Command, action: str, think: int) -> ActionPlanned:
    """The action_planned event of a command."""
    p = c.player
    if isinstance(c, Place):
        x, y = xy(c.cell)
        return ActionPlanned(p, action, think, tile=c.tile, x=x, y=y, face=c.face, rotation=c.rotation,
                             source=c.source)
    if isinstance(c, Draw):
        return ActionPlanned(p, action, think, count=c.count)
    if isinstance(c, Discard):
        return ActionPlanned(p, action, think, tile=c.tile)
    if isinstance(c, ClaimGod):
        return ActionPlanned(p, action, think, god=LANDSCAPES[c.landscape])
    if isinstance(c, PlaceProphet):
        return ActionPlanned(p, action, think, group=c.group)
    if isinstance(c, PlaceCity):
        x, y = xy(c.cell)
        return ActionPlanned(p, action, think, x=x, y=y)
    if isinstance(c, ClaimCity):
        return ActionPlanned(p, action, think, city=c.city)
    return ActionPlanned(p, action, think)


def check(state: GodsState, c: Command, when: str) -> None:
    """Raise IllegalCommand if the command breaks a rule now (`when`: PLAN or DUE)."""
    _CHECKS[type(c)](state, c, when)


def carry_out(state: GodsState, c: Command, chance: Chance) -> list[Event]:
    """The events of a command that has come due (IllegalCommand if the board no longer allows it)."""
    if end.world_done(state) and not isinstance(c, PlaceProphet):
        raise IllegalCommand("world_done", "the world is full or nothing more can be placed")
    check(state, c, DUE)
    return outcome(state, c, chance)


def outcome(state: GodsState, c: Command, chance: Chance) -> list[Event]:
    """The events of a command carried out, without checking it (it is the player's plan when applied)."""
    if isinstance(c, Draw):
        return hands.draw_events(state, c, chance)
    return _EVENTS[type(c)](state, c)


def _check_wait(state: GodsState, c: Wait, when: str) -> None:
    """Waiting is always allowed, unless actions.wait = when_nothing_else and the player could act."""
    if when == PLAN and Wait(c.player) not in legal_commands(state, c.player):
        raise IllegalCommand("must_act", "actions.wait = when_nothing_else: a player who can act may not wait")


_CHECKS: dict[type, Callable[[GodsState, Any, str], None]] = {
    Draw: hands.check_draw,
    Place: placement.check_place,
    Discard: hands.check_discard,
    ClaimGod: gods.check_claim_god,
    PlaceProphet: prophets.check_prophet,
    PlaceCity: cities.check_city,
    ClaimCity: cities.check_claim_city,
    Wait: _check_wait,
}

# what happens when a plan comes due and the board allows it (the command itself is the plan's)
_EVENTS: dict[type, Callable[[GodsState, Any], list[Event]]] = {
    Place: placement.place_events,
    Discard: hands.discard_events,
    ClaimGod: gods.claim_god_events,
    PlaceProphet: prophets.prophet_events,
    PlaceCity: cities.city_events,
    ClaimCity: cities.claim_city_events,
    Wait: lambda state, c: [],
}
