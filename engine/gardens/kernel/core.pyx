# cython: language_level=3
"""The glue of the Four Gardens kernel: Python rules and states into C (once per decision), decisions back.

`lookahead_choice` and `greedy_choice` are what the agents call (agents.py); the rest serves the differential
tests: the C rules' legal commands, the state after a command, greedy's values, the estimate and the re-deal,
each as plain tuples comparable with the Python state (`differential.exact`). A ruleset or state past a C
capacity raises `Unsupported`; the agents then decide in Python.
"""
from libc.stdint cimport uint64_t
from libc.stdlib cimport calloc, free
from engine.core.kernel.pyrandom cimport PyRandom, load_state, store_state
from engine.gardens.kernel.gardens cimport *

from engine.gardens.rules import BASE_TILES, CAPRICE_TILES

TILES = (*CAPRICE_TILES, *BASE_TILES)
TILE_IDS = {name: i for i, name in enumerate(TILES)}
SIDES = ("", "up", "active", "down", "favor")
SIDE_IDS = {name: i for i, name in enumerate(SIDES)}
FRAMES = ("turn_start", "main", "wild", "realloc", "complete", "advance", "panorama", "bonus", "draw", "turn_end",
          "score", "gift", "offering", "recovery", "abundance", "place", "arrange", "collect")
FRAME_IDS = {name: i for i, name in enumerate(FRAMES)}
COMMANDS = ("lay", "rotate", "wild", "reallocate", "end", "blessing", "sabotage", "helping_hand", "start",
            "foresight", "place", "done", "move", "complete", "advance", "panorama", "bonus", "draw", "score", "gift",
            "offering", "recovery", "discard", "arrange", "collect")
COMMAND_IDS = {name: i for i, name in enumerate(COMMANDS)}
WILD_SOURCES = ("wild", "take_wilds")
GIFT_OPTIONS = {2: "storage", 1: "favor"}  # OPT_STORAGE, OPT_FAVOR
END_REASONS = ("", "threshold", "round_limit")
ACTIONS = ("none", "rotate", "wild")


class Unsupported(Exception):
    """A ruleset or state the C capacities cannot hold: decide in Python."""


def _fits(count, limit, what):
    if count > limit:
        raise Unsupported(f"{what}: {count} > {limit}")


cdef class KernelRules:
    """A `Rules` for one player count, as C tables (built once: `rules_for`)."""
    cdef gk_rules *r
    cdef public object config
    cdef public dict panorama_ids

    def __cinit__(self):
        self.r = <gk_rules *>calloc(1, sizeof(gk_rules))

    def __dealloc__(self):
        free(self.r)

    def __init__(self, config, int num_players):
        cdef gk_rules *r = self.r
        self.config = config
        _fits(len(config.cards), GK_MAX_CARDS, "deck.cards")
        _fits(len(config.gods), GK_MAX_GODS, "gods.names")
        _fits(config.hand_size + (config.caprice_values or {}).get("foresight_extra_cards", 0), 40, "hand")
        r.num_players = num_players
        r.hand_size, r.actions, r.display_size = config.hand_size, config.actions, config.display_size
        r.may_end_early, r.max_groundworks = config.may_end_early, config.max_groundworks
        _fits(config.max_groundworks, GK_MAX_GW, "groundwork.max_active")
        r.copies_per_panorama, r.only_needed = config.copies_per_panorama, config.only_needed
        r.end_of_action = config.completion_check == "end_of_action"
        r.after_current = config.matched_while_resolving == "after_current"
        r.uncovered_stop = config.uncovered_icon == "stop"
        r.storage, r.supply = config.storage, config.supply
        for i in range(4):
            r.side_counts[i] = config.side_counts[i]
            r.side_of[i] = config.sides[num_players][i] if i < num_players else 0
        r.n_gods, r.track_length = len(config.gods), config.track_length
        r.wild_any, r.start_space = config.wild_advance == "any_track", config.start_space
        for i, points in enumerate(config.points):
            r.points[i] = points
        r.favor_god = config.gods.index("favor") if "favor" in config.gods else -1
        r.threshold, r.max_rounds, r.caprice = config.thresholds[num_players], config.max_rounds, config.caprice
        for t, tile in enumerate(BASE_TILES):
            values = sorted(config.base_tiles[tile], reverse=True)
            r.base_count[t] = len(values)
            for i, value in enumerate(values):
                r.base_values[t][i] = value
        if config.caprice:
            self._caprice(config.caprice_values)
        self._cards(config)

    def _caprice(self, values):
        cdef gk_rules *r = self.r
        r.face_up, r.foresight_extra_cards = values["face_up"], values["foresight_extra_cards"]
        r.foresight_favor, r.blessing_actions = values["foresight_favor"], values["blessing_actions"]
        r.gift_storage, r.gift_favor, r.abundance_favor = values["gift_storage"], values["gift_favor"], values["abundance_favor"]
        r.goodness_copies, r.offering_back = values["goodness_copies"], values["offering_back"]
        r.offering_forward, r.recovery_space = values["offering_forward"], values["recovery_space"]
        r.recovery_favor = values["recovery_favor"]
        for i in range(3):
            r.cohesion_favor[i] = values["cohesion_favor"][i]
        r.cohesion_counts_gift_storage = values["cohesion_counts_gift_storage"]
        r.foresight_blessing_draw = ("display", "any", "none").index(values["foresight_blessing_draw"])
        r.offering_forward_single = values["offering_single_marker"] == "forward"
        points = values["action_points"]
        r.ap_sabotage, r.ap_blessing, r.ap_helping_hand = points["sabotage"], points["blessing"], points["helping_hand"]

    def _cards(self, config):
        cdef gk_rules *r = self.r
        cdef gk_card *c
        self.panorama_ids = {}
        slots = {}
        r.n_cards = len(config.cards)
        for i, card in enumerate(config.cards):
            c = &r.cards[i]
            c.panorama = self.panorama_ids.setdefault(card.panorama, len(self.panorama_ids))
            c.slot = slots.setdefault(config.slot_keys[i], len(slots))
            c.size, c.position, c.god = card.size, card.position, card.god
            c.action, c.floor, c.collect_up = ACTIONS.index(card.action), card.floor, card.collect_up
            for k in range(4):
                c.cost[k] = card.cost[k]
            c.cost_total = sum(card.cost)


_RULES = {}


def rules_for(config, int num_players):
    """The C tables of `config` for `num_players` (kept with the config, which they keep alive)."""
    key = (id(config), num_players)
    kernel_rules = _RULES.get(key)
    if kernel_rules is None or kernel_rules.config is not config:
        kernel_rules = _RULES[key] = KernelRules(config, num_players)
    return kernel_rules


include "load.pxi"
include "export.pxi"


cdef gk_state *_state = <gk_state *>calloc(1, sizeof(gk_state))
cdef gk_legal *_legal = <gk_legal *>calloc(1, sizeof(gk_legal))


cdef KernelRules _loaded(state):
    """Load `state` into the module's C state; its rules tables."""
    kernel_rules = rules_for(state.config, state.num_players)
    load(_state, kernel_rules, state)
    return kernel_rules


def lookahead_choice(state, int player, legal, uint64_t world_seed, double screen):
    """(index into `legal`, commands played out) that `lookahead[:screen]` (screen 0: all) plays at a searched
    decision from `world_seed`; None when the C capacities do not fit."""
    cdef int looked = 0
    try:
        kernel_rules = _loaded(state)
    except Unsupported:
        return None
    index = gk_lookahead((<KernelRules>kernel_rules).r, _state, player, screen, world_seed, _legal, &looked)
    if index < 0 or _legal.n != len(legal):
        return None
    return index, looked


def greedy_choice(view, legal, rng):
    """The index into `legal` greedy plays from `view` (ties: rng.randrange over the tied, as GreedyAgent draws);
    None when the rules do not fit the C capacities. Reads only what greedy's value reads (the view's public part)."""
    cdef double value, best_value = float("-inf")
    cdef gk_command command
    state = view._state
    try:
        kernel_rules = rules_for(state.config, state.num_players)
        load_view(_state, kernel_rules, state, view.player)
    except Unsupported:
        return None
    best = []
    for i, candidate in enumerate(legal):
        to_command(&command, candidate)
        value = gk_greedy_value((<KernelRules>kernel_rules).r, _state, view.player, command)
        if value > best_value:
            best, best_value = [i], value
        elif value == best_value:
            best.append(i)
    return best[rng.randrange(len(best))] if len(best) > 1 else best[0]


# What the differential tests compare with the Python rules.

def legal_commands(state, int player):
    """The C rules' legal commands, as the Python tuples."""
    kernel_rules = _loaded(state)
    gk_legal_commands((<KernelRules>kernel_rules).r, _state, player, _legal)
    return [command_tuple(&_legal.cmd[i]) for i in range(_legal.n)]


def greedy_values(state, int player):
    """Greedy's value of each of the C rules' legal commands."""
    kernel_rules = _loaded(state)
    gk_legal_commands((<KernelRules>kernel_rules).r, _state, player, _legal)
    return [gk_greedy_value((<KernelRules>kernel_rules).r, _state, player, _legal.cmd[i]) for i in range(_legal.n)]


def apply(state, command, chance):
    """The state (`differential.exact` form) after `command`, decided and evolved in C, drawing from `chance`
    (advanced as the Python rules advance it); None if the command is not one of the C legal ones."""
    cdef PyRandom r
    kernel_rules = _loaded(state)
    gk_legal_commands((<KernelRules>kernel_rules).r, _state, gk_to_move(_state), _legal)
    chosen = [i for i in range(_legal.n) if command_tuple(&_legal.cmd[i]) == command]
    if not chosen:
        return None
    load_state(&r, chance)
    gk_apply((<KernelRules>kernel_rules).r, _state, _legal.cmd[chosen[0]], &r)
    store_state(&r, chance)
    return export(kernel_rules, _state)


def evaluate(state):
    """The search's estimate of every player, from the C state."""
    cdef double out[4]
    kernel_rules = _loaded(state)
    gk_evaluate((<KernelRules>kernel_rules).r, _state, out)
    return [out[i] for i in range(state.num_players)]


def resample(state, int player, rng):
    """The re-deal of what `player` has not seen (`differential.exact` form), drawn from `rng`."""
    cdef PyRandom r
    kernel_rules = _loaded(state)
    load_state(&r, rng)
    gk_resample_hidden(_state, player, &r)
    store_state(&r, rng)
    return export(kernel_rules, _state)


def round_trip(state):
    """The state loaded into C and read back (`differential.exact` form)."""
    return export(_loaded(state), _state)
