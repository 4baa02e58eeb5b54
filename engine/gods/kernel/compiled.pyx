# cython: language_level=3
"""The 4 Gods kernel's glue: the ruleset, a state and commands into C and back, the compiled search's `grow`.

`CompiledSearch.grow` is `IsmctsAgent.grow`'s loop for 4 Gods (engine/core/ismcts.py): the decision's state goes
into C once, the tree the agent keeps (its kept subtree) goes in and comes back out, and every iteration in between
runs in C (c/ismcts.c) with the draws Python's would make. `KernelState` holds one C state for the differential
tests (tests/gods/test_kernel.py, engine/gods/kernel/differential.py).
"""
import dataclasses

from libc.stdlib cimport free
from libc.string cimport memset

from engine.core.kernel.pyrandom cimport PyRandom, load_state, pyr_seed_u64, store_state
from engine.gods.kernel.ckernel cimport *

from engine.core.ismcts import Node
from engine.gods.board import CONSTRAINED, SIZE
from engine.gods.clock import profile_timing
from engine.gods.commands import ClaimCity, ClaimGod, DeclareEnd, Discard, Draw, Place, PlaceCity, PlaceProphet, Wait
from engine.gods.rules import ACTIONS, Rules
from engine.gods.tiles import LANDSCAPES, PATTERNS

END_REASONS = ("", "frame_full", "bag_empty", "stuck", "idle")
CHOICES = {
    "wait_rule": ("any_time", "when_nothing_else"), "city_placement": ("no_visible_tile_fits", "no_tile_of_the_set_fits"),
    "mass_measure": ("edges", "tiles"), "mass_of": ("total", "largest_region"), "bonus_ties": ("each_full",),
    "winner_ties": ("shared",), "full_world": ("tiles_and_cities", "tiles_only"),
    "tiles_considered": ("hands_discards_bag", "hands_discards"), "when_stuck": ("game_ends",),
}
"""Every reading of a ruleset option the kernel implements (the scoring's winner ties never reach a search)."""
NUMBERS = ("player_counts", "size", "tiles", "start_tiles", "draw_counts", "discard_limit", "city_markers",
           "city_points", "city_min_tile_sides", "city_counts_as_side", "prophet_returns_when_broken", "prophets",
           "prophets_per_placed_tile", "region_min_tiles", "mass_bonus", "groups_bonus", "groups_min_tiles",
           "idle_ms", "think_ms", "think_resolution_ms", "timing")
"""The other `Rules` fields, all read. A field added to `Rules` is unknown here: the search then stays in Python."""
COMMANDS = (Draw, Place, Discard, ClaimGod, PlaceProphet, PlaceCity, ClaimCity, Wait, DeclareEnd)
"""Python's command classes by the kernel's command type (CMD_DRAW ... CMD_DECLARE_END)."""
ARGUMENT = {Draw: "count", ClaimGod: "landscape", PlaceProphet: "group", PlaceCity: "cell", ClaimCity: "city"}
"""The field a command's one argument comes from (KCommand.arg; a placement's: its cell)."""


def unsupported(config, int players):
    """Why the kernel cannot play this ruleset at this player count (None: it can); the search then runs in Python."""
    fields = {f.name for f in dataclasses.fields(Rules)}
    if fields != set(CHOICES) | set(NUMBERS):
        return f"Rules fields the kernel does not know: {sorted(fields ^ (set(CHOICES) | set(NUMBERS)))}"
    for name, readings in CHOICES.items():
        if getattr(config, name) not in readings:
            return f"{name} = {getattr(config, name)!r}"
    limits = [(players, K_MAX_PLAYERS, "players"), (len(config.tiles), K_MAX_TILES, "tiles"),
              (len(config.tiles.kinds), K_MAX_KINDS, "tile kinds"), (config.start_tiles, K_HANDS, "start tiles"),
              (max(config.draw_counts), K_HANDS, "tiles drawn"), (config.discard_limit[players], K_MAX_DISCARD,
              "discard limit"), (config.city_markers, K_MAX_CITIES, "city markers"),
              (config.prophets * players, K_MAX_PROPHETS, "prophets"), (len(config.mass_bonus), 16, "mass bonuses"),
              (len(config.groups_bonus), 16, "groups bonuses"), (config.size, SIZE, "board size")]
    for value, most, what in limits:
        if value > most:
            return f"{what}: {value} (the kernel holds {most})"
    return None


cdef class KernelConfig:
    """A ruleset's numbers and fit tables for one player count (tiles.TileSet's tables, as bits)."""
    cdef KConfig c
    cdef readonly object rules

    def __init__(self, config, int players):
        self.rules = config
        memset(&self.c, 0, sizeof(KConfig))
        self._tiles(config.tiles)
        c = &self.c
        for i, count in enumerate(config.draw_counts):
            c.draw_counts[i] = count
        c.ndraw_counts = len(config.draw_counts)
        c.wait_any_time = config.wait_rule == "any_time"
        c.discard_limit = config.discard_limit[players]
        c.city_markers, c.city_points = config.city_markers, config.city_points
        c.city_no_tile_of_set_fits = config.city_placement == "no_tile_of_the_set_fits"
        c.city_min_tile_sides, c.city_counts_as_side = config.city_min_tile_sides, config.city_counts_as_side
        c.prophet_returns_when_broken = config.prophet_returns_when_broken
        c.prophets_per_placed_tile, c.region_min_tiles = config.prophets_per_placed_tile, config.region_min_tiles
        for i, bonus in enumerate(config.mass_bonus):
            c.mass_bonus[i] = bonus
        for i, bonus in enumerate(config.groups_bonus):
            c.groups_bonus[i] = bonus
        c.nmass_bonus, c.ngroups_bonus = len(config.mass_bonus), len(config.groups_bonus)
        c.mass_by_edges, c.mass_of_total = config.mass_measure == "edges", config.mass_of == "total"
        c.groups_min_tiles = config.groups_min_tiles
        c.full_tiles_only = config.full_world == "tiles_only"
        c.tiles_considered_hands_discards = config.tiles_considered == "hands_discards"
        c.idle_ms = config.idle_ms
        c.think_resolution_ms = config.think_resolution_ms

    cdef void _tiles(self, tiles):
        c = &self.c
        c.ntiles, c.nkinds = len(tiles), len(tiles.kinds)
        for t, kind in enumerate(tiles.kind_of):
            c.kind_of[t] = kind
        for k, kind in enumerate(tiles.kinds):
            c.count_of_kind[k] = tiles.count_of_kind[k]
            tile = tiles.kind_of.index(k) if tiles.count_of_kind[k] else None  # a kind of no tile never lies anywhere
            for lie in range(8 if tile is not None else 0):
                o = tiles.orientation(tile, lie // 4, lie % 4)
                listed = tiles.listed(tile, lie // 4, lie % 4)
                c.listed[k][lie] = listed.face * 4 + listed.rotation
                for d in range(4):
                    c.lying_edges[k][lie][d], c.lying_groups[k][lie][d] = o.edges[d], o.groups[d]
            for landscape in range(len(LANDSCAPES)):
                c.face0_count[k][landscape] = kind.faces[0][0].count(landscape)
            for pattern in range(PATTERNS):
                for o in tiles.fits[k][pattern]:
                    c.fits[k][pattern] |= 1 << (o.face * 4 + o.rotation)
        for pattern in range(PATTERNS):
            c.fit_mask[pattern] = tiles.fit_mask[pattern]
            c.any_fits[pattern] = tiles.any_fits[pattern]
            c.constrained[pattern] = CONSTRAINED[pattern]


_CONFIGS = {}


def config_for(config, int players):
    """The kernel's tables of a ruleset at a player count (built once), or None where `unsupported` says why not."""
    key = (id(config), players)
    found = _CONFIGS.get(key)
    if found is None:
        found = _CONFIGS[key] = (config, None if unsupported(config, players) else KernelConfig(config, players))
    return found[1]


cdef KCommand to_c(object command) except *:
    cdef KCommand c
    memset(&c, 0, sizeof(KCommand))
    kind = type(command)
    c.type = COMMANDS.index(kind)
    c.player = command.player
    if kind is Place:
        c.source, c.tile, c.arg, c.face, c.rot = command.source, command.tile, command.cell, command.face, command.rotation
    elif kind is Discard:
        c.tile = command.tile
    elif kind in ARGUMENT:
        c.arg = getattr(command, ARGUMENT[kind])
    return c


cdef object to_py(const KCommand *c):
    kind = COMMANDS[c.type]
    if kind is Place:
        return Place(c.player, c.source, c.tile, c.arg, c.face, c.rot)
    if kind is Discard:
        return Discard(c.player, c.tile)
    if kind is Wait or kind is DeclareEnd:
        return kind(c.player)
    return kind(c.player, c.arg)


cdef void load(KState *s, object state, KernelConfig config) except *:
    """A GodsState into C (its facts and derived tables; each seat's think-time parameters from its profile)."""
    memset(s, 0, sizeof(KState))
    rules = config.rules
    s.n, s.cfg = state.num_players, &config.c
    for p, profile in enumerate(state.profile):
        timing = profile_timing(rules, profile)
        s.sigma[p] = timing.sigma
        for a, action in enumerate(ACTIONS):
            s.mu[p][a] = timing.mu(rules.think_ms[action])
            s.fixed_ms[p][a] = rules.think_ms[action] * timing.pace
    s.ntiles_bag, s.bag_top = len(state.bag), state.bag_top
    for i, tile in enumerate(state.bag):
        s.bag[i] = tile
    for p in range(s.n):
        s.hand_len[p], s.discard_len[p] = len(state.hands[p]), len(state.discards[p])
        for i, tile in enumerate(state.hands[p]):
            s.hand[p][i] = tile
        for i, tile in enumerate(state.discards[p]):
            s.discard[p][i] = tile
        s.player_god[p], s.god_ms[p], s.prophets_left[p] = state.player_god[p], state.god_ms[p], state.prophets_left[p]
        s.just_placed[p], s.tie_rank[p] = state.just_placed[p], state.tie_rank[p]
        s.plan_start[p], s.ready[p] = state.plan_start[p], state.ready[p]
        plan = state.plan[p]
        if plan is None:
            s.plan[p].type = CMD_NONE
        else:
            s.plan[p] = to_c(plan)
    for cell in range(K_CELLS):
        s.tile_at[cell], s.face_at[cell], s.rot_at[cell] = state.tile_at[cell], state.face_at[cell], state.rot_at[cell]
        s.city_at[cell], s.pattern_at[cell], s.sides_at[cell] = (state.city_at[cell], state.pattern_at[cell],
                                                                 state.sides_at[cell])
        if state.edges_at[cell] is not None:
            for d in range(4):
                s.edges_at[cell][d], s.groups_at[cell][d] = state.edges_at[cell][d], state.groups_at[cell][d]
    for cell in state.open_cells:
        s.open_cells |= 1ULL << cell
    for k, placed in enumerate(state.placed_of_kind):
        s.placed_of_kind[k] = placed
    s.kinds_left = state.kinds_left
    s.ncities = len(state.cities)
    for i, city in enumerate(state.cities):
        s.cities[i].cell, s.cities[i].placed_by = city.cell, city.placed_by
        s.cities[i].claimant, s.cities[i].broken_by = city.claimant, city.broken_by
    for landscape, owner in enumerate(state.god_of):
        s.god_of[landscape] = owner
    s.nprophets = len(state.prophets)
    for i, (cell, group, player) in enumerate(state.prophets):
        s.prophets[i].cell, s.prophets[i].group, s.prophets[i].player = cell, group, player
    s.filled, s.tiles_on_board = state.filled, state.tiles_on_board
    s.end_reason, s.turn, s.clock_ms = END_REASONS.index(state.end_reason), state.turn, state.clock_ms
    s.progress_ms = state.progress_ms


cdef object facts(const KState *s):
    """The state's facts and derived tables, as `differential.facts_of` lists a GodsState's (the two must agree)."""
    n = s.n
    cells = range(K_CELLS)
    return (
        [s.bag[i] for i in range(s.ntiles_bag)], s.bag_top,
        [[s.hand[p][i] for i in range(s.hand_len[p])] for p in range(n)],
        [[s.discard[p][i] for i in range(s.discard_len[p])] for p in range(n)],
        [s.tile_at[c] for c in cells], [s.face_at[c] for c in cells], [s.rot_at[c] for c in cells],
        [tuple(s.edges_at[c][d] for d in range(4)) if s.tile_at[c] >= 0 else None for c in cells],
        [tuple(s.groups_at[c][d] for d in range(4)) if s.tile_at[c] >= 0 else None for c in cells],
        [s.city_at[c] for c in cells], [s.pattern_at[c] for c in cells], [s.sides_at[c] for c in cells],
        [c for c in cells if s.open_cells >> c & 1], [s.placed_of_kind[k] for k in range(s.cfg.nkinds)], s.kinds_left,
        [(s.cities[i].cell, s.cities[i].placed_by, s.cities[i].claimant, s.cities[i].broken_by)
         for i in range(s.ncities)],
        [s.god_of[g] for g in range(4)], [s.player_god[p] for p in range(n)], [s.god_ms[p] for p in range(n)],
        [s.prophets_left[p] for p in range(n)],
        [(s.prophets[i].cell, s.prophets[i].group, s.prophets[i].player) for i in range(s.nprophets)],
        [s.just_placed[p] for p in range(n)],
        [None if s.plan[p].type == CMD_NONE else to_py(&s.plan[p]) for p in range(n)],
        [s.plan_start[p] for p in range(n)], [s.ready[p] for p in range(n)], [s.tie_rank[p] for p in range(n)],
        s.filled, s.tiles_on_board, END_REASONS[s.end_reason], s.turn, s.clock_ms, s.progress_ms,
    )


cdef class KernelState:
    """One 4 Gods state in C, with the rules the search runs on it (for the differential tests)."""
    cdef KState s
    cdef KernelConfig config
    cdef KList legal

    def __init__(self, state=None):
        if state is not None:
            self.config = config_for(state.config, state.num_players)
            if self.config is None:
                raise ValueError(unsupported(state.config, state.num_players))
            load(&self.s, state, self.config)

    def __dealloc__(self):
        klist_free(&self.legal)

    def to_move(self):
        player = k_next_player(&self.s)
        return None if player < 0 else player

    def legal_commands(self, int player):
        k_legal(&self.s, player, &self.legal)
        return [to_py(&self.legal.items[i]) for i in range(self.legal.len)]

    def apply(self, command, rng):
        """decide + evolve of a legal command, drawing from `rng` (a random.Random, left as Python's would be)."""
        cdef PyRandom r
        cdef KCommand c = to_c(command)
        load_state(&r, rng)
        k_apply(&self.s, &c, &r)
        store_state(&r, rng)

    def greedy_values(self, int player, commands):
        cdef KCommand c
        values = []
        for command in commands:
            c = to_c(command)
            values.append(k_greedy_value(&self.s, player, &c))
        return values

    def evaluate(self):
        """search.evaluate (on a copy: the projection carries the plans out)."""
        cdef KState copy = self.s
        cdef double out[K_MAX_PLAYERS]
        k_evaluate(&copy, out)
        return [out[p] for p in range(self.s.n)]

    def scores(self):
        cdef double out[K_MAX_PLAYERS]
        k_scores(&self.s, out)
        return [out[p] for p in range(self.s.n)]

    def resample(self, int player, rng):
        """hidden.resample_hidden: a new KernelState, drawing from `rng` as Python's would."""
        cdef PyRandom r
        cdef KList scratch
        cdef double *values = NULL
        cdef int cap = 0
        memset(&scratch, 0, sizeof(KList))
        out = KernelState()
        out.config = self.config
        load_state(&r, rng)
        k_resample_hidden(&self.s, player, &r, &out.s, &scratch, &values, &cap)
        store_state(&r, rng)
        klist_free(&scratch)
        free(values)
        return out

    def facts(self):
        return facts(&self.s)


cdef class CompiledSearch:
    """`IsmctsAgent.grow`'s iterations for 4 Gods in C."""

    def grow(self, info, root, seed, int todo, bint stop_early, double scale, double prior, double widening):
        """Run up to `todo` iterations from `root` (a Python Node, updated in place) with the search stream seeded
        `seed` and the profile's scale, prior and widening; how many ran, or None where the kernel cannot play
        the state's ruleset (nothing drawn yet)."""
        cdef KState s
        cdef KSearch t
        state = info._state  # read as resample_hidden reads it: the re-deal hides what the player cannot see
        config = config_for(state.config, state.num_players)
        if config is None:
            return None
        load(&s, state, config)
        k_search_init(&t, scale, prior, widening, info.player, seed)
        try:
            nodes = load_tree(&t, root)
            done = k_grow(&t, &s, todo, stop_early)
            store_tree(&t, nodes)
        finally:
            k_search_free(&t)
        return done


cdef list load_tree(KSearch *t, object root):
    """The kept tree into C, breadth first (children in their dict's order); the Python nodes by C index."""
    cdef KCommand none
    cdef KCommand c
    memset(&none, 0, sizeof(KCommand))
    nodes = [root]
    k_new_node(t, -1, &none, root.mover, root.bias)
    set_stats(t, 0, root)
    i = 0
    while i < len(nodes):
        for command, child in nodes[i].children.items():
            c = to_c(command)
            set_stats(t, k_new_node(t, i, &c, child.mover, child.bias), child)
            nodes.append(child)
        i += 1
    return nodes


cdef void set_stats(KSearch *t, int index, object node):
    t.nodes[index].visits, t.nodes[index].total, t.nodes[index].available = node.visits, node.total, node.available


cdef void store_tree(KSearch *t, list nodes) except *:
    """The grown tree back into the Python nodes; new nodes appended to their parents' children in creation order."""
    cdef int i, child
    cdef KNode *k
    loaded = len(nodes)
    nodes.extend([None] * (t.nnodes - loaded))
    for i in range(t.nnodes):
        k = &t.nodes[i]
        if i >= loaded:
            nodes[i] = Node(k.mover, k.bias)
        nodes[i].visits, nodes[i].total, nodes[i].available = k.visits, k.total, k.available
    for i in range(t.nnodes):
        child = t.nodes[i].first_child
        while child >= 0:
            if child >= loaded:
                nodes[i].children[to_py(&t.nodes[child].command)] = nodes[child]
            child = t.nodes[child].next_sibling
