# Cython declarations of the 4 Gods kernel's C (c/kstate.h, c/ismcts.h): what compiled.pyx reads and calls.
from libc.stdint cimport int8_t, int16_t, int64_t, uint8_t, uint64_t

from engine.core.kernel.pyrandom cimport PyRandom


cdef extern from "kstate.h":
    enum: K_CELLS, K_PATTERNS, K_MAX_PLAYERS, K_MAX_TILES, K_MAX_KINDS, K_MAX_CITIES, K_MAX_PROPHETS, K_MAX_DISCARD
    enum: K_HANDS, K_ACTIONS
    enum: CMD_DRAW, CMD_PLACE, CMD_DISCARD, CMD_CLAIM_GOD, CMD_PROPHET, CMD_PLACE_CITY, CMD_CLAIM_CITY, CMD_WAIT
    enum: CMD_DECLARE_END, CMD_NONE

    ctypedef struct KCommand:
        int8_t type, player, source, face, rot
        int16_t tile, arg

    ctypedef struct KConfig:
        int ntiles, nkinds
        int16_t kind_of[K_MAX_TILES]
        int count_of_kind[K_MAX_KINDS]
        int8_t lying_edges[K_MAX_KINDS][8][4]
        int8_t lying_groups[K_MAX_KINDS][8][4]
        int8_t listed[K_MAX_KINDS][8]
        int8_t face0_count[K_MAX_KINDS][4]
        uint8_t fits[K_MAX_KINDS][K_PATTERNS]
        uint64_t fit_mask[K_PATTERNS]
        int8_t any_fits[K_PATTERNS]
        int8_t constrained[K_PATTERNS]
        int draw_counts[2]
        int ndraw_counts, wait_any_time, discard_limit
        int city_markers, city_points, city_no_tile_of_set_fits, city_min_tile_sides, city_counts_as_side
        int prophet_returns_when_broken, prophets_per_placed_tile, region_min_tiles
        int mass_bonus[16]
        int nmass_bonus
        int groups_bonus[16]
        int ngroups_bonus, mass_by_edges, mass_of_total, groups_min_tiles
        int full_tiles_only, tiles_considered_hands_discards, think_resolution_ms
        int64_t idle_ms

    ctypedef struct KCity:
        int8_t cell, placed_by, claimant, broken_by

    ctypedef struct KProphet:
        int8_t cell, group, player

    ctypedef struct KState:
        int n
        const KConfig *cfg
        double mu[K_MAX_PLAYERS][K_ACTIONS]
        double fixed_ms[K_MAX_PLAYERS][K_ACTIONS]
        double sigma[K_MAX_PLAYERS]
        int ntiles_bag, bag_top
        int16_t bag[K_MAX_TILES]
        int hand_len[K_MAX_PLAYERS]
        int16_t hand[K_MAX_PLAYERS][K_HANDS]
        int discard_len[K_MAX_PLAYERS]
        int16_t discard[K_MAX_PLAYERS][K_MAX_DISCARD]
        int16_t tile_at[K_CELLS]
        int8_t face_at[K_CELLS]
        int8_t rot_at[K_CELLS]
        int8_t edges_at[K_CELLS][4]
        int8_t groups_at[K_CELLS][4]
        int8_t city_at[K_CELLS]
        int16_t pattern_at[K_CELLS]
        int8_t sides_at[K_CELLS]
        uint64_t open_cells
        int16_t placed_of_kind[K_MAX_KINDS]
        uint64_t kinds_left
        int ncities
        KCity cities[K_MAX_CITIES]
        int8_t god_of[4]
        int8_t player_god[K_MAX_PLAYERS]
        int64_t god_ms[K_MAX_PLAYERS]
        int prophets_left[K_MAX_PLAYERS]
        int nprophets
        KProphet prophets[K_MAX_PROPHETS]
        int8_t just_placed[K_MAX_PLAYERS]
        KCommand plan[K_MAX_PLAYERS]
        int64_t plan_start[K_MAX_PLAYERS]
        int64_t ready[K_MAX_PLAYERS]
        int tie_rank[K_MAX_PLAYERS]
        int filled, tiles_on_board, end_reason, turn
        int64_t clock_ms, progress_ms

    ctypedef struct KList:
        KCommand *items
        int len, cap

    void klist_free(KList *list)
    int k_next_player(const KState *s)
    void k_legal(const KState *s, int player, KList *out)
    void k_apply(KState *s, const KCommand *c, PyRandom *r)
    double k_greedy_value(const KState *s, int player, const KCommand *c)
    void k_resample_hidden(const KState *s, int player, PyRandom *r, KState *out, KList *scratch, double **values,
                           int *values_cap)
    void k_evaluate(KState *s, double *out)
    void k_scores(const KState *s, double *out)


cdef extern from "ismcts.h":
    ctypedef struct KNode:
        uint64_t key
        KCommand command
        int visits, available, mover
        double total, bias
        int first_child, last_child, next_sibling

    ctypedef struct KSearch:
        KNode *nodes
        int nnodes

    uint64_t k_command_key(const KCommand *c)
    void k_search_init(KSearch *t, double scale, double prior, double widening, int searcher, uint64_t seed)
    void k_search_free(KSearch *t)
    int k_new_node(KSearch *t, int parent, const KCommand *command, int mover, double bias)
    int k_grow(KSearch *t, const KState *root_state, int todo, int stop_early)
