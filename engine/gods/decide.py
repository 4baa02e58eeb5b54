"""decide: a player commits to a command; the next plan that comes due is carried out or fails.

The player to move is the one planning now (see `clock`). `decide` checks
its command against the board it sees (IllegalCommand names the rule),
draws the think time for the action type (chance is logged) and returns
`action_planned`, followed by whatever happens next in simulated time when
that is a plan coming due: its events if the board still allows it, else
`plan_failed` with the rule the attempt broke (the player then plans again
from the board as it is). Nothing else can happen before then, so the state
after these events is the next planning player's board.
"""

from __future__ import annotations

from engine.core.chance import Chance
from engine.core.errors import IllegalCommand
from engine.core.events import Event
from engine.gods import rules
from engine.gods.actions import PLAN, carry_out, check
from engine.gods.board import xy
from engine.gods.clock import first, next_player, now, sample_think
from engine.gods.commands import (
    ACTION_OF,
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
from engine.gods.events import ActionPlanned, GameEnded, LandscapeScored, PlanFailed, PlayerScored
from engine.gods.scoring import landscape_results, ranks, score_all
from engine.gods.state import NOBODY, GodsState
from engine.gods.tiles import LANDSCAPES


def to_move(state: GodsState) -> int | None:
    """The player planning now (None when the game is over)."""
    return None if state.end_reason else next_player(state)


def decide(state: GodsState, command: Command, rng: Chance) -> list[Event]:
    """The events of a legal command; IllegalCommand (rule, detail) otherwise."""
    if state.end_reason:
        raise IllegalCommand("game_over", "the game has ended")
    action = ACTION_OF.get(type(command))
    if action is None and not isinstance(command, DeclareEnd):
        raise IllegalCommand("unknown_command", f"{command!r} is not a 4 Gods command")
    player = command.player
    if to_move(state) != player:
        raise IllegalCommand("not_your_move", f"player {player} is not the one planning now (real-time order)")
    if isinstance(command, DeclareEnd):
        return _end(state, command)
    # a recorded game's action is checked when it happens, against the board as it is then: a person acts on the
    # table in front of them, not on the one they saw when their previous action ended (a failure is reported then)
    if not _listed(state, command) and not rng.recorded:
        if rules.world_done(state) and not isinstance(command, (PlaceProphet, Wait)):
            raise IllegalCommand("world_done", "the world is full or nothing more can be placed: agree to the end")
        check(state, command, PLAN)
    assert action is not None
    start = now(state)
    think = _think_ms(state, command, action, start, rng)
    return [planned_event(command, action, think), *_next_due(state, command, start + think, rng)]


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


def _end(state: GodsState, c: DeclareEnd) -> list[Event]:
    if not rules.world_done(state):
        raise IllegalCommand("world_not_done", "a tile can still be placed, drawn or discarded")
    if rules.prophet_pending(state):
        raise IllegalCommand("prophet_pending", "a player is still putting a prophet on the tile it just placed")
    ended = GameEnded(rules.end_reason(state), c.player, state.tiles_on_board, len(state.cities))
    return [*landscape_scores(state), *final_scores(state), ended]


def landscape_scores(state: GodsState) -> list[Event]:
    """One landscape_scored event per landscape."""
    return [
        LandscapeScored(LANDSCAPES[i], r.mass, r.groups, r.mass_bonus, r.groups_bonus, state.god_of[i])
        for i, r in enumerate(landscape_results(state))
    ]


def final_scores(state: GodsState) -> list[Event]:
    """One player_scored event per player."""
    scores = score_all(state)
    totals = [s.total for s in scores]
    rank, share = ranks(totals)
    used = [sum(1 for *_, p in state.prophets if p == player) for player in range(state.num_players)]
    return [
        PlayerScored(p, totals[p], rank[p], share[p], s.city_points, s.region_points, s.mass_bonus, s.groups_bonus,
                     LANDSCAPES[state.player_god[p]] if state.player_god[p] != NOBODY else "", state.god_ms[p], used[p])
        for p, s in enumerate(scores)
    ]
