/* The 4 Gods state, ruleset tables and commands in C, for the compiled search (engine/gods/kernel).
 *
 * Why: the kernel replays exactly what engine/gods does (decide, evolve, the search's estimate, the re-deal of what
 * a player cannot see), so every struct here mirrors a Python one: KConfig is `rules.Rules` with the `tiles.TileSet`
 * fit tables, KState is `state.GodsState` (its facts and derived tables; no event list, no cache), KCommand is any
 * `commands.Command`. Each function lives in the file named after the Python rule file it mirrors.
 */
#ifndef GODS_KSTATE_H
#define GODS_KSTATE_H

#include <stdint.h>
#include "pyrandom.h"

#define K_CELLS 64
#define K_SIZE 8
#define K_PATTERNS 625
#define K_FREE 4
#define K_MAX_PLAYERS 4
#define K_MAX_TILES 256
#define K_MAX_KINDS 64
#define K_MAX_CITIES 64
#define K_MAX_PROPHETS 256
#define K_MAX_DISCARD 100
#define K_HANDS 2          /* hands.HANDS: a hand holds at most two tiles */
#define K_EMPTY (-1)
#define K_NOBODY (-1)
#define K_HAND (-1)        /* a placement's source: the player's own hand */
#define K_LANDSCAPES 4

/* command types; the action types of commands.ACTION_OF share the numbers (think-time table index) */
enum { CMD_DRAW, CMD_PLACE, CMD_DISCARD, CMD_CLAIM_GOD, CMD_PROPHET, CMD_PLACE_CITY, CMD_CLAIM_CITY, CMD_WAIT,
       CMD_DECLARE_END, CMD_NONE };
#define K_ACTIONS 8

/* end reasons (end.end_reason) */
enum { END_NONE, END_FRAME_FULL, END_BAG_EMPTY, END_STUCK, END_IDLE };

typedef struct {
    int8_t type;
    int8_t player;
    int8_t source;   /* place: K_HAND or the seat whose discard area */
    int8_t face;
    int8_t rot;
    int16_t tile;    /* place, discard */
    int16_t arg;     /* place, place_city: cell; draw: count; claim_god: landscape; prophet: group; claim_city: city */
} KCommand;

typedef struct {
    int ntiles, nkinds;
    int16_t kind_of[K_MAX_TILES];
    int count_of_kind[K_MAX_KINDS];
    int8_t lying_edges[K_MAX_KINDS][8][4];   /* orientation(tile, face, rotation) by kind, face * 4 + rotation */
    int8_t lying_groups[K_MAX_KINDS][8][4];
    int8_t listed[K_MAX_KINDS][8];           /* the distinct orientation (face * 4 + rotation) lying alike */
    int8_t face0_count[K_MAX_KINDS][K_LANDSCAPES];  /* edges of each landscape on face 0 (greedy's god claim) */
    uint8_t fits[K_MAX_KINDS][K_PATTERNS];   /* a bit per face * 4 + rotation that fits (listed ones only) */
    uint64_t fit_mask[K_PATTERNS];
    int8_t any_fits[K_PATTERNS];
    int8_t constrained[K_PATTERNS];
    int draw_counts[2], ndraw_counts;
    int wait_any_time;
    int discard_limit;                       /* for this game's player count */
    int city_markers, city_points, city_no_tile_of_set_fits, city_min_tile_sides, city_counts_as_side;
    int prophet_returns_when_broken, prophets_per_placed_tile;
    int region_min_tiles;
    int mass_bonus[16], nmass_bonus, groups_bonus[16], ngroups_bonus;
    int mass_by_edges, mass_of_total, groups_min_tiles;
    int full_tiles_only, tiles_considered_hands_discards;
    int64_t idle_ms;                         /* end.idle_ms: 0 = no idle end */
    int think_resolution_ms;
} KConfig;

typedef struct { int8_t cell, placed_by, claimant, broken_by; } KCity;
typedef struct { int8_t cell, group, player; } KProphet;

typedef struct {
    int n;
    const KConfig *cfg;
    /* each seat's think times (clock.sample_think): lognormal location per action, else the fixed mean */
    double mu[K_MAX_PLAYERS][K_ACTIONS], fixed_ms[K_MAX_PLAYERS][K_ACTIONS], sigma[K_MAX_PLAYERS];
    int ntiles_bag, bag_top;
    int16_t bag[K_MAX_TILES];
    int hand_len[K_MAX_PLAYERS];
    int16_t hand[K_MAX_PLAYERS][K_HANDS];
    int discard_len[K_MAX_PLAYERS];
    int16_t discard[K_MAX_PLAYERS][K_MAX_DISCARD];
    int16_t tile_at[K_CELLS];
    int8_t face_at[K_CELLS], rot_at[K_CELLS];
    int8_t edges_at[K_CELLS][4], groups_at[K_CELLS][4];
    int8_t city_at[K_CELLS];
    int16_t pattern_at[K_CELLS];
    int8_t sides_at[K_CELLS];
    uint64_t open_cells;                     /* a bit per open cell: ascending bits = the sorted list */
    int16_t placed_of_kind[K_MAX_KINDS];
    uint64_t kinds_left;
    int ncities;
    KCity cities[K_MAX_CITIES];
    int8_t god_of[K_LANDSCAPES], player_god[K_MAX_PLAYERS];
    int64_t god_ms[K_MAX_PLAYERS];
    int prophets_left[K_MAX_PLAYERS];
    int nprophets;
    KProphet prophets[K_MAX_PROPHETS];
    int8_t just_placed[K_MAX_PLAYERS];
    KCommand plan[K_MAX_PLAYERS];            /* type CMD_NONE while the player plans */
    int64_t plan_start[K_MAX_PLAYERS], ready[K_MAX_PLAYERS];
    int tie_rank[K_MAX_PLAYERS];
    int filled, tiles_on_board;
    int end_reason;
    int turn;
    int64_t clock_ms, progress_ms;           /* progress_ms: when a tile last moved (end.idle) */
} KState;

/* a growable list of commands */
typedef struct { KCommand *items; int len, cap; } KList;
void klist_push(KList *list, KCommand c);
void klist_free(KList *list);

/* board.c */
extern const int8_t K_NEIGHBOURS[K_CELLS][4];
int k_region_tiles(const KState *s, int cell, int group, uint8_t *in_region);
typedef struct {
    int nregions;
    int16_t root_of[K_CELLS * 4];  /* region index of node cell * 4 + group, -1 without a tile */
    int8_t landscape[K_CELLS * 4];
    int16_t tiles[K_CELLS * 4], edges[K_CELLS * 4];
} KRegions;
void k_all_regions(const KState *s, KRegions *out);

/* clock.c */
int64_t k_sample_think(const KState *s, int player, int action, PyRandom *r);
int k_first(const KState *s);
int64_t k_now(const KState *s);

/* hands.c */
int k_hand_has(const KState *s, int player, int tile);
int k_can_discard(const KState *s, int player);
void k_hand_commands(const KState *s, int player, KList *out);
int k_draw_due_ok(const KState *s, int player);
void k_draw_out(KState *s, int player, int count, PyRandom *r);
int k_discard_due_ok(const KState *s, int player, int tile);
void k_discard_out(KState *s, int player, int tile);
uint64_t k_kinds_mask(const KState *s, const int16_t *tiles, int count);
void k_remove_from(KState *s, int source, int player, int tile);

/* placement.c */
int k_full(const KState *s);
int k_tile_spaces(const KState *s, int *cells);
void k_placements(const KState *s, int player, KList *out);
int k_place_due_ok(const KState *s, const KCommand *c);
void k_place_out(KState *s, const KCommand *c);
void k_add_side(KState *s, int cell);
void k_close_cell(KState *s, int cell);

/* gods.c */
void k_god_commands(const KState *s, int player, KList *out);
int k_claim_god_due_ok(const KState *s, int player, int landscape);
void k_claim_god_out(KState *s, int player, int landscape);

/* prophets.c */
void k_prophet_commands(const KState *s, int player, KList *out);
int k_prophet_pending(const KState *s);
int k_prophet_due_ok(const KState *s, int player, int group);
void k_prophet_out(KState *s, int player, int group);

/* cities.c */
void k_city_commands(const KState *s, int player, KList *out);
int k_city_due_ok(const KState *s, int player, int cell);
void k_city_out(KState *s, int player, int cell);
int k_claim_city_due_ok(const KState *s, int player, int city);
void k_claim_city_out(KState *s, int player, int city);

/* end.c */
int k_world_done(const KState *s);
int k_idle(const KState *s);
int k_end_reason(const KState *s);

/* scoring.c */
void k_city_points(const KState *s, int *points);
void k_region_points(const KState *s, const KRegions *regions, int *points);
void k_landscape_mass(const KState *s, int *mass);
void k_bonus_mass(const KState *s, const KRegions *regions, int *mass);
void k_landscape_groups(const KState *s, const KRegions *regions, int *groups);
void k_landscape_bonus(const int *amounts, const int *bonuses, int nbonuses, int *out);
void k_scores(const KState *s, double *out);

/* evolve.c */
void k_act(KState *s, int player);
void k_action_planned(KState *s, const KCommand *c, int64_t think);

/* decide.c */
int k_next_player(const KState *s);           /* -1 when the game is over (decide.to_move) */
void k_legal(const KState *s, int player, KList *out);
int k_carry_out(KState *s, int player, PyRandom *r);
void k_apply(KState *s, const KCommand *c, PyRandom *r);

/* greedy.c */
double k_greedy_value(const KState *s, int player, const KCommand *c);

/* hidden.c */
void k_resample_hidden(const KState *s, int player, PyRandom *r, KState *out, KList *scratch, double **values,
                       int *values_cap);

/* search.c */
void k_plans_carried_out(KState *s);
void k_evaluate(KState *s, double *out);

#endif
