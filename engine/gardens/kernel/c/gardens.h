/* Four Gardens in C: the rules tables, the state, commands and events, and every rule function's prototype.
 *
 * A pure accelerator of the Python rules (the .py files of engine/gardens): each C file mirrors the Python rule file of the
 * same name, function for function, so that the same state, command and random stream give the same state.
 * Names (resources, gods, tiles, decision kinds) are small integers here; the Cython glue (kernel/core.pyx)
 * translates. Capacities are fixed: a state or ruleset past one sets `err` (or is refused by the glue), and the
 * agent then decides in Python instead.
 */
#ifndef GARDENS_KERNEL_H
#define GARDENS_KERNEL_H

#include <stdint.h>
#include "pyrandom.h"

#define GK_MAX_CARDS 256
#define GK_MAX_GODS 8
#define GK_MAX_TRACK 30
#define GK_RES 4            /* `pagoda.resources` names exactly four */
#define GK_MAX_HAND 48
#define GK_MAX_GW 12
#define GK_MAX_PAN 48
#define GK_MAX_PAN_SIZE 5
#define GK_MAX_BONUS 48
#define GK_MAX_DISPLAY 40
#define GK_MAX_TODO 96
#define GK_MAX_ITEMS 16     /* a `complete` frame's cards; an `arrange` frame's picks (3 each) */
#define GK_MAX_LEGAL 1024
#define GK_MAX_EVENTS 64
#define GK_MAX_EVENT_CARDS 32
#define GK_BASE_VALUES 12

#define GK_STORAGE (-1)     /* placement target: storage (state.STORAGE) */
#define GK_SUPPLY (-2)      /* placement target: the supply (state.SUPPLY) */
#define GK_WILD_GOD (-1)
#define GK_NO_CARD (-1)

/* errors (state.err): the state outgrew a capacity; the caller decides in Python */
enum { GK_OK = 0, GK_OVERFLOW = 1, GK_BAD_COMMAND = 2 };

/* tiles: the ten Caprice tiles in rules.CAPRICE_TILES order, then the three base ones (rules.BASE_TILES) */
enum { T_FORESIGHT, T_SABOTAGE, T_BLESSING, T_HELPING_HAND, T_GIFT, T_COHESION, T_ABUNDANCE, T_GOODNESS,
       T_OFFERING, T_RECOVERY, T_PLANNING, T_TAKE_WILDS, T_EXTRA_REWARDS, T_COUNT };
#define GK_CAPRICE_TILES 10
/* a held Caprice tile's side (Player.tiles values); 0: not held */
enum { TS_NONE, TS_UP, TS_ACTIVE, TS_DOWN, TS_FAVOR };

/* decision kinds (the todo frames of state.py) */
enum { F_TURN_START, F_MAIN, F_WILD, F_REALLOC, F_COMPLETE, F_ADVANCE, F_PANORAMA, F_BONUS, F_DRAW, F_TURN_END,
       F_SCORE, F_GIFT, F_OFFERING, F_RECOVERY, F_ABUNDANCE, F_PLACE, F_ARRANGE, F_COLLECT, F_COUNT };

/* command kinds (commands.py: the tuples' first item) */
enum { C_LAY, C_ROTATE, C_WILD, C_REALLOCATE, C_END, C_BLESSING, C_SABOTAGE, C_HELPING_HAND, C_START,
       C_FORESIGHT, C_PLACE, C_DONE, C_MOVE, C_COMPLETE, C_ADVANCE, C_PANORAMA, C_BONUS, C_DRAW, C_SCORE,
       C_GIFT, C_OFFERING, C_RECOVERY, C_DISCARD, C_ARRANGE, C_COLLECT, C_COUNT };

/* event kinds (events.py, those a decision can produce) */
enum { E_CARDS_SHUFFLED, E_DISPLAY_REFILLED, E_TURN_STARTED, E_ACTION_TAKEN, E_RESOURCES_COLLECTED,
       E_RESOURCE_PLACED, E_RESOURCE_MOVED, E_REALLOCATION_FINISHED, E_GROUNDWORK_COMPLETED, E_TRACK_MOVED,
       E_PANORAMA_COMPLETED, E_BONUS_TILE_TAKEN, E_TILE_USED, E_PAGODA_ARRANGED, E_ACTIONS_ENDED, E_CARD_DRAWN,
       E_PLAYER_SCORED, E_GAME_ENDED };

enum { ACT_LAY, ACT_ROTATE, ACT_WILD, ACT_REALLOCATE };                 /* ActionTaken.action */
enum { SRC_WILD, SRC_TAKE_WILDS, SRC_ABUNDANCE };                       /* ResourcePlaced.source, wild frames */
enum { CAUSE_ADVANCE, CAUSE_OVERFLOW, CAUSE_LOST, CAUSE_PUSH, CAUSE_OFFERING, CAUSE_RECOVERY };
enum { OPT_OTHER, OPT_FAVOR, OPT_STORAGE, OPT_PLACED };                /* TileUsed.option, as the rules read it */
enum { END_NONE, END_THRESHOLD, END_ROUND_LIMIT };
enum { FBD_DISPLAY, FBD_ANY, FBD_NONE };                                /* caprice.foresight_blessing_draw */

typedef struct {
    int colour, size, position, panorama, god, action, floor, collect_up;
    int cost[GK_RES];
    int cost_total;
    int slot;                     /* Rules.slot_keys as an id */
} gk_card;

typedef struct {
    int num_players;              /* the state's: sides and threshold below are for it */
    int hand_size, actions, display_size, may_end_early, max_groundworks, copies_per_panorama, only_needed;
    int end_of_action;            /* completion_check == "end_of_action" */
    int after_current;            /* matched_while_resolving == "after_current" */
    int uncovered_stop;           /* uncovered_icon == "stop" */
    int storage, supply;
    int side_counts[4];
    int side_of[4];               /* sides[num_players] */
    int n_gods, track_length, wild_any, start_space;
    int points[GK_MAX_TRACK];
    int favor_god;                /* a god named "favor" (its Recovery option reads as favor), else -1 */
    int threshold, max_rounds;
    int caprice;
    int base_values[3][GK_BASE_VALUES], base_count[3];
    /* caprice_values */
    int face_up, foresight_extra_cards, foresight_favor, blessing_actions, gift_storage, gift_favor;
    int abundance_favor, goodness_copies, offering_back, offering_forward, recovery_space, recovery_favor;
    int cohesion_favor[3], cohesion_counts_gift_storage, foresight_blessing_draw, offering_forward_single;
    int ap_sabotage, ap_blessing, ap_helping_hand;
    int n_cards;
    gk_card cards[GK_MAX_CARDS];
} gk_rules;

typedef struct {
    int n_hand;
    int16_t hand[GK_MAX_HAND];
    int n_gw;                                 /* groundworks, in the dict's (laying) order */
    int16_t gw_card[GK_MAX_GW];
    int8_t gw_placed[GK_MAX_GW][GK_RES];
    int storage[GK_RES];
    int capacity;
    int n_pan;                                /* panoramas in completion order: id, size, cards */
    int16_t pan_id[GK_MAX_PAN];
    int8_t pan_size[GK_MAX_PAN], pan_n[GK_MAX_PAN];
    int16_t pan_cards[GK_MAX_PAN][GK_MAX_PAN_SIZE];
    int track[GK_MAX_GODS];
    int completed, largest_panorama, extra_rewards, favor;
    int n_bonus;
    int8_t bonus_types[GK_MAX_BONUS];
    int8_t tiles[GK_CAPRICE_TILES];           /* TS_* per Caprice tile */
} gk_player;

typedef struct {
    int8_t kind, player, n;
    int16_t arg;                              /* draw/place: count; wild: source; advance: god; panorama: index */
    int16_t items[GK_MAX_ITEMS];              /* complete: cards; arrange: (level, resource, icons) picks */
} gk_frame;

typedef struct {
    int num_players;
    gk_player players[4];
    int n_deck, n_discard, n_display;
    int16_t deck[GK_MAX_CARDS], discard[GK_MAX_CARDS], display[GK_MAX_DISPLAY];
    int levels[4], rotation[4], supply[GK_RES];
    int base_n[3];                            /* base_tiles: values left per type, highest first */
    int base_vals[3][GK_BASE_VALUES];
    int n_stack, n_face_up;
    int8_t tile_stack[GK_CAPRICE_TILES], face_up[GK_CAPRICE_TILES];
    int8_t sab_on[4], sab_target[4];          /* sabotage: owner -> (target player, card) */
    int16_t sab_card[4];
    int n_todo;
    gk_frame todo[GK_MAX_TODO];
    int current, actions_left, end_triggered, end_reason, round, turn, turn_pending;
    int err;
} gk_state;

typedef struct {
    int8_t kind;
    int16_t a, b, c;
} gk_command;

typedef struct {
    int8_t kind;
    int player, a, b, c, d, e;
    int n;
    int16_t cards[GK_MAX_EVENT_CARDS];
} gk_event;

typedef struct {
    int n;
    gk_event ev[GK_MAX_EVENTS];
} gk_events;

typedef struct {
    int n;
    gk_command cmd[GK_MAX_LEGAL];
} gk_legal;

/* helpers (state.c) */
int gk_index_of(const int16_t *items, int n, int value);
void gk_remove_at(int16_t *items, int *n, int index);
void gk_remove_value(int16_t *items, int *n, int value);
void gk_push_card(gk_state *s, int16_t *items, int *n, int cap, int value);
void gk_push(gk_state *s, int kind, int player, int arg);
gk_frame *gk_top(gk_state *s);
int gk_pop_decision(gk_state *s, int kind, int player);
int gk_gw_index(const gk_player *p, int card);
int gk_storage_total(const gk_player *p);
void gk_resample_hidden(gk_state *s, int player, PyRandom *rng);
int gk_current_round(const gk_state *s);
void gk_add_event(gk_state *s, gk_events *out, gk_event e);
gk_event gk_event_of(int kind, int player);
int gk_mod4(int x);

/* commands.c, evolve.c */
int gk_to_move(const gk_state *s);
void gk_legal_commands(const gk_rules *R, gk_state *s, int player, gk_legal *out);
void gk_decide(const gk_rules *R, gk_state *s, int player, gk_command c, PyRandom *chance, gk_events *out);
void gk_evolve(const gk_rules *R, gk_state *s, const gk_event *e);
void gk_apply(const gk_rules *R, gk_state *s, gk_command c, PyRandom *chance);
void gk_add_command(gk_state *s, gk_legal *out, int kind, int a, int b, int c);

/* turn.c */
void gk_settle(const gk_rules *R, gk_state *s);
void gk_count_turn(gk_state *s);

/* actions.c */
void gk_main_legal(const gk_rules *R, gk_state *s, int player, gk_legal *out);
void gk_main_decide(const gk_rules *R, gk_state *s, int player, gk_command c, PyRandom *chance, gk_events *out);
int gk_main_done(const gk_rules *R, gk_state *s, int player);
void gk_action_taken(const gk_rules *R, gk_state *s, const gk_event *e);
void gk_actions_ended(gk_state *s, const gk_event *e);

/* groundworks.c */
int gk_slot_count(const gk_rules *R, const gk_player *p, int slot);
int gk_panorama_copies(const gk_rules *R, const gk_player *p);
int gk_accepts(const gk_rules *R, const gk_state *s, int player, int gw, int resource);
int gk_satisfied(const gk_rules *R, int card, const int8_t *placed);
void gk_queue_completions(const gk_rules *R, gk_state *s, int player, const int16_t *cards, int n);
void gk_queue_all_completions(const gk_rules *R, gk_state *s, int player);
void gk_complete_legal(gk_state *s, int player, gk_legal *out);
int gk_completion_done(gk_state *s, const gk_frame *f);
void gk_groundwork_completed(const gk_rules *R, gk_state *s, const gk_event *e);

/* pagoda.c */
int gk_take_side(const gk_rules *R, int side, const int *levels, const int *rotation, const int *supply,
                 int room, int up, int *taken, int *lost);
void gk_collect(const gk_rules *R, const gk_state *s, int player, int up, const int *rotation, int *taken,
                int *n_taken, int *lost);
void gk_rotate_events(const gk_rules *R, gk_state *s, int player, int card, int direction, gk_events *out);
void gk_rotate_and_collect(const gk_rules *R, gk_state *s, int player, int card, int direction);
void gk_store(gk_state *s, int player, const int *collected, int n);
void gk_resources_collected(gk_state *s, const gk_event *e);

/* wild.c, reallocate.c */
void gk_place_legal(const gk_rules *R, gk_state *s, int player, gk_legal *out);
void gk_resource_placed(const gk_rules *R, gk_state *s, const gk_event *e);
void gk_realloc_legal(const gk_rules *R, gk_state *s, int player, gk_legal *out);
void gk_end_reallocation(const gk_rules *R, gk_state *s, int player);
void gk_resource_moved(const gk_rules *R, gk_state *s, const gk_event *e);
void gk_reallocation_finished(const gk_rules *R, gk_state *s, const gk_event *e);

/* tracks.c, panoramas.c, bonus_tiles.c */
void gk_advance_events(const gk_rules *R, gk_state *s, int player, int god, int tracks[][GK_MAX_GODS], int cause,
                       gk_events *out);
void gk_advance_legal(const gk_rules *R, gk_state *s, int player, gk_legal *out);
void gk_track_moved(gk_state *s, const gk_event *e);
int gk_join_panorama(const gk_rules *R, gk_state *s, int player, int card, int16_t *cards);
void gk_panorama_completed(gk_state *s, const gk_event *e);
int gk_bonus_options(const gk_rules *R, const gk_state *s, int player, int *tiles);
void gk_bonus_tile_taken(const gk_rules *R, gk_state *s, const gk_event *e);

/* draw.c, end.c, scoring.c */
void gk_display_events(gk_state *s, PyRandom *chance, int count, gk_events *out);
void gk_draw_legal(gk_state *s, int player, gk_legal *out);
void gk_draw_decide(gk_state *s, int player, gk_command c, PyRandom *chance, gk_events *out);
int gk_draw_done(const gk_rules *R, const gk_state *s, int player, int remaining);
void gk_cards_shuffled(gk_state *s);
void gk_display_refilled(gk_state *s, const gk_event *e);
void gk_card_drawn(const gk_rules *R, gk_state *s, const gk_event *e);
void gk_count_completion(const gk_rules *R, gk_state *s, int player);
int gk_end_reason(const gk_rules *R, const gk_state *s, int next_player);
int gk_track_points(const gk_rules *R, const gk_player *p);
int gk_favor(const gk_rules *R, const gk_player *p);
int gk_score(const gk_rules *R, const gk_state *s, int player);

/* caprice.c */
void gk_caprice_legal(const gk_rules *R, gk_state *s, int kind, int player, gk_legal *out);
void gk_caprice_decide(const gk_rules *R, gk_state *s, int kind, int player, gk_command c, PyRandom *chance,
                       gk_events *out);
void gk_main_tile_commands(const gk_rules *R, gk_state *s, int player, gk_legal *out);
void gk_main_tile_decide(const gk_rules *R, gk_state *s, int player, gk_command c, gk_events *out);
int gk_sabotaged(const gk_state *s, int player, int card);
void gk_tile_used(const gk_rules *R, gk_state *s, const gk_event *e);
void gk_pagoda_arranged(const gk_rules *R, gk_state *s, const gk_event *e);

/* agents: greedy.c, search.c, lookahead.c */
double gk_greedy_value(const gk_rules *R, const gk_state *s, int me, gk_command c);
int gk_greedy_choose(const gk_rules *R, const gk_state *s, int me, const gk_legal *legal, PyRandom *rng);
void gk_evaluate(const gk_rules *R, const gk_state *s, double *out);
int gk_lookahead(const gk_rules *R, const gk_state *s, int me, double screen, uint64_t world_seed,
                 gk_legal *legal, int *looked);

#endif
