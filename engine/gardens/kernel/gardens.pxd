# Cython declarations of c/gardens.h (the Four Gardens rules in C): the structs and the entry points the glue calls.
from libc.stdint cimport int8_t, int16_t, uint64_t
from engine.core.kernel.pyrandom cimport PyRandom

cdef extern from "gardens.h":
    enum:
        GK_MAX_CARDS, GK_MAX_GODS, GK_MAX_TRACK, GK_RES, GK_MAX_HAND, GK_MAX_GW, GK_MAX_PAN, GK_MAX_PAN_SIZE
        GK_MAX_BONUS, GK_MAX_DISPLAY, GK_MAX_TODO, GK_MAX_ITEMS, GK_MAX_LEGAL, GK_BASE_VALUES, GK_CAPRICE_TILES
    ctypedef struct gk_card:
        int colour, size, position, panorama, god, action, floor, collect_up
        int cost[4]
        int cost_total, slot
    ctypedef struct gk_rules:
        int num_players, hand_size, actions, display_size, may_end_early, max_groundworks, copies_per_panorama
        int only_needed, end_of_action, after_current, uncovered_stop, storage, supply
        int side_counts[4]
        int side_of[4]
        int n_gods, track_length, wild_any, start_space
        int points[30]
        int favor_god, threshold, max_rounds, caprice
        int base_values[3][12]
        int base_count[3]
        int face_up, foresight_extra_cards, foresight_favor, blessing_actions, gift_storage, gift_favor
        int abundance_favor, goodness_copies, offering_back, offering_forward, recovery_space, recovery_favor
        int cohesion_favor[3]
        int cohesion_counts_gift_storage, foresight_blessing_draw, offering_forward_single
        int ap_sabotage, ap_blessing, ap_helping_hand, n_cards
        gk_card cards[256]
    ctypedef struct gk_player:
        int n_hand
        int16_t hand[48]
        int n_gw
        int16_t gw_card[12]
        int8_t gw_placed[12][4]
        int storage[4]
        int capacity, n_pan
        int16_t pan_id[48]
        int8_t pan_size[48]
        int8_t pan_n[48]
        int16_t pan_cards[48][5]
        int track[8]
        int completed, largest_panorama, extra_rewards, favor, n_bonus
        int8_t bonus_types[48]
        int8_t tiles[10]
    ctypedef struct gk_frame:
        int8_t kind, player, n
        int16_t arg
        int16_t items[16]
    ctypedef struct gk_state:
        int num_players
        gk_player players[4]
        int n_deck, n_discard, n_display
        int16_t deck[256]
        int16_t discard[256]
        int16_t display[40]
        int levels[4]
        int rotation[4]
        int supply[4]
        int base_n[3]
        int base_vals[3][12]
        int n_stack, n_face_up
        int8_t tile_stack[10]
        int8_t face_up[10]
        int8_t sab_on[4]
        int8_t sab_target[4]
        int16_t sab_card[4]
        int n_todo
        gk_frame todo[96]
        int current, actions_left, end_triggered, end_reason, round, turn, turn_pending, err
    ctypedef struct gk_command:
        int8_t kind
        int16_t a, b, c
    ctypedef struct gk_legal:
        int n
        gk_command cmd[1024]

    int gk_to_move(const gk_state *s)
    void gk_legal_commands(const gk_rules *R, gk_state *s, int player, gk_legal *out)
    void gk_apply(const gk_rules *R, gk_state *s, gk_command c, PyRandom *chance)
    void gk_resample_hidden(gk_state *s, int player, PyRandom *rng)
    double gk_greedy_value(const gk_rules *R, const gk_state *s, int me, gk_command c)
    int gk_greedy_choose(const gk_rules *R, const gk_state *s, int me, const gk_legal *legal, PyRandom *rng)
    void gk_evaluate(const gk_rules *R, const gk_state *s, double *out)
    int gk_lookahead(const gk_rules *R, const gk_state *s, int me, double screen, uint64_t world_seed,
                     gk_legal *legal, int *looked)
