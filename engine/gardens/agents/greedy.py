"""One-ply evaluation for the greedy agent: value track points, progress toward requirements, panoramas.

Every figure here is a heuristic weight of the agent, not a rule; it only
orders the legal commands of the decision at hand.
"""

from __future__ import annotations

from typing import Any

from engine.gardens.pagoda import take_side
from engine.gardens.rules import Rules
from engine.gardens.state import STORAGE, SUPPLY, GardensView, Player

NEED = 3.0  # a resource a groundwork still needs
SPARE = 0.5  # a resource in storage that nothing needs yet
COMPLETE = 8.0  # finishing a groundwork


def greedy_value(view: GardensView, command: Any) -> float:
    """Higher is better; only commands of the same decision are compared."""
    scorer = _SCORERS.get(command[0])
    return scorer(view, command) if scorer is not None else 0.0


def _missing(config: Rules, me: Player) -> list[int]:
    """Resources the player's groundworks still need, per type."""
    missing = [0] * len(config.resources)
    for card, placed in me.groundworks.items():
        for r, want in enumerate(config.cards[card].cost):
            missing[r] += max(0, want - placed[r])
    return missing


def _useful(config: Rules, me: Player, resources: tuple[int, ...]) -> float:
    missing = _missing(config, me)
    value = 0.0
    for r in resources:
        if missing[r] > 0:
            missing[r] -= 1
            value += NEED
        else:
            value += SPARE
    return value


def _panorama_bonus(view: GardensView, card: int) -> float:
    """Cards continuing a panorama already begun are worth more (chained rewards)."""
    config, me = view.config, view.me
    c = config.cards[card]
    same = sum(1 for pid, _s, cards in me.panoramas if pid == c.panorama for _x in cards)
    same += sum(1 for g in me.groundworks if config.cards[g].panorama == c.panorama)
    return 1.0 + same + (0.5 if c.god < 0 else 0.0)


def _lay(view: GardensView, command: Any) -> float:
    config = view.config
    cost = sum(config.cards[command[1]].cost)
    return 4.0 + _panorama_bonus(view, command[1]) - 0.3 * cost


def _rotate(view: GardensView, command: Any) -> float:
    c = view.config.cards[command[1]]
    rotation = [(r + command[2]) % 4 if lv >= c.floor else r for lv, r in enumerate(view.rotation)]
    taken, lost = _preview(view, c.collect_up, rotation)
    return _useful(view.config, view.me, taken) - 0.2 * lost


def _preview(view: GardensView, up: bool, rotation: list[int]) -> tuple[tuple[int, ...], int]:
    """What this player would collect from the (public) pagoda turned to `rotation`."""
    me = view.me
    return take_side(view.config, view.side, view.levels, rotation, view.supply, me.capacity - sum(me.storage), up)


def _wild(view: GardensView, command: Any) -> float:
    return 2.5 if view.me.groundworks else 0.5


def _reallocate(view: GardensView, command: Any) -> float:
    me, config = view.me, view.config
    missing = _missing(config, me)
    movable = sum(min(have, need) for have, need in zip(me.storage, missing))
    return 1.5 * movable - 1.0


def _place(view: GardensView, command: Any) -> float:
    _, resource, target = command
    if target == SUPPLY:
        return 0.0
    me, config = view.me, view.config
    if target == STORAGE:
        return NEED * 0.6 if _missing(config, me)[resource] > sum(me.storage) else SPARE
    placed, cost = me.groundworks[target], config.cards[target].cost
    if placed[resource] >= cost[resource]:
        return 0.0  # more than the groundwork needs of it (legal only when groundwork.only_needed_resources is off)
    left = sum(cost) - sum(min(have, want) for have, want in zip(placed, cost, strict=True))
    return COMPLETE if left == 1 else NEED + 1.0 / left


def _move(view: GardensView, command: Any) -> float:
    _, src, dst, resource = command
    me, config = view.me, view.config
    if dst == SUPPLY:
        return 0.2 if _missing(config, me)[resource] == 0 else -2.0
    left = sum(config.cards[dst].cost) - sum(me.groundworks[dst])
    gain = COMPLETE if left == 1 else NEED
    if src == STORAGE:
        return gain
    src_left = sum(config.cards[src].cost) - sum(me.groundworks[src])
    # taking from a finished groundwork undoes a completion; otherwise only worth it to finish one
    return -COMPLETE if src_left == 0 else gain - COMPLETE + 0.5 * (left == 1)


def _advance(view: GardensView, command: Any) -> float:
    god = command[1]
    track = view.me.track
    space = track[god]
    if space == 0:
        return -5.0
    if space >= view.config.track_length:
        return sum(1.0 for i, t in enumerate(view.tracks) if i != view.player and t[god] > 0)
    return view.config.points[space] - view.config.points[space - 1] + 0.01 * space


def _bonus(view: GardensView, command: Any) -> float:
    tile = command[1]
    if tile in view.base_tiles:
        value = view.base_tiles[tile][0]
        return {"planning": 2.0, "take_wilds": 2.0 * value, "extra_rewards": float(value)}[tile]
    return _TILE_TASTE.get(tile, 1.0)


_TILE_TASTE = {"cohesion": 3.0, "gift": 2.5, "recovery": 2.0, "offering": 2.5, "abundance": 3.0,
               "foresight": 2.0, "blessing": 2.0, "goodness": 1.5, "helping_hand": 2.0, "sabotage": 1.0}


def _draw(view: GardensView, command: Any) -> float:
    card = command[1]
    return 1.0 if card < 0 else _panorama_bonus(view, card)


def _end(view: GardensView, command: Any) -> float:
    return -1.0 if view.actions_left > 0 else 0.0


def _collect(view: GardensView, command: Any) -> float:
    taken, lost = _preview(view, command[1], view.rotation)
    return _useful(view.config, view.me, taken)


def _arrange(view: GardensView, command: Any) -> float:
    _, resource, icons = command
    return icons * (1.0 if _missing(view.config, view.me)[resource] > 0 else 0.2)


def _offering(view: GardensView, command: Any) -> float:
    _, back, forward = command
    if back < 0:
        return 0.0
    track = view.me.track
    return float(track[forward] - track[back])


def _tile_use(view: GardensView, command: Any) -> float:
    return {"blessing": 1.0 if view.actions_left == 0 else -1.0, "sabotage": 0.5, "helping_hand": 0.5}[command[0]]


_SCORERS: dict[str, Any] = {
    "lay": _lay, "rotate": _rotate, "wild": _wild, "reallocate": _reallocate, "place": _place, "move": _move,
    "done": lambda v, c: 0.0, "advance": _advance, "bonus": _bonus, "draw": _draw, "end": _end,
    "collect": _collect, "arrange": _arrange, "offering": _offering,
    "gift": lambda v, c: 2.5 if c[1] == "storage" else 2.0, "recovery": lambda v, c: 3.0 if c[1] >= 0 else 2.0,
    "blessing": _tile_use, "sabotage": _tile_use, "helping_hand": _tile_use,
    "foresight": lambda v, c: 1.0, "start": lambda v, c: 0.0,
}
