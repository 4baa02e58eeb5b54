/* end.py: when the world is done or the table idle, and why. */
#include "kstate.h"

/* end.kinds_in_play: a bit per kind the players count as still to be placed (all bits: the bag may hold any) */
static uint64_t kinds_in_play(const KState *s) {
    if (!s->cfg->tiles_considered_hands_discards) return s->kinds_left;
    if (s->ntiles_bag > s->bag_top) return ~0ULL;
    uint64_t mask = 0;
    for (int p = 0; p < s->n; p++) mask |= k_kinds_mask(s, s->hand[p], s->hand_len[p]);
    for (int p = 0; p < s->n; p++) mask |= k_kinds_mask(s, s->discard[p], s->discard_len[p]);
    return mask;
}

/* end._can_progress: the player can draw, discard, or place a tile of a kind in `fitting` */
static int can_progress(const KState *s, int player, uint64_t fitting) {
    int hand = s->hand_len[player];
    if ((!hand && s->ntiles_bag > s->bag_top) || (hand && k_can_discard(s, player))) return 1;
    uint64_t mine = k_kinds_mask(s, s->hand[player], hand);
    if (hand < K_HANDS)
        for (int p = 0; p < s->n; p++) mine |= k_kinds_mask(s, s->discard[p], s->discard_len[p]);
    return (mine & fitting) != 0;
}

/* end.world_done: full, or no tile in play fits a space, or nobody can place, draw or discard */
int k_world_done(const KState *s) {
    if (k_full(s)) return 1;
    int cells[K_CELLS + K_MAX_CITIES], n = k_tile_spaces(s, cells);
    uint64_t fitting = 0;
    for (int i = 0; i < n; i++) fitting |= s->cfg->fit_mask[s->pattern_at[cells[i]]];
    if (!(fitting & kinds_in_play(s))) return 1;
    for (int p = 0; p < s->n; p++) if (can_progress(s, p, fitting)) return 0;
    return 1;
}

/* end.idle: nobody has made progress for end.idle_ms by the time the next player plans (never with 0) */
int k_idle(const KState *s) {
    return s->cfg->idle_ms > 0 && k_now(s) - s->progress_ms >= s->cfg->idle_ms;
}

/* end.end_reason: the world's reason once it is done, else idle */
int k_end_reason(const KState *s) {
    if (!k_world_done(s)) return END_IDLE;
    if (k_full(s)) return END_FRAME_FULL;
    return s->ntiles_bag > s->bag_top ? END_STUCK : END_BAG_EMPTY;
}
