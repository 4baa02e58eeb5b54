/* bonus_tiles.py: the tile a completed panorama earns, and what taking it does. */
#include "gardens.h"

int gk_bonus_options(const gk_rules *R, const gk_state *s, int player, int *tiles) {
    /* Bonus tiles this player may take now (never the same base type twice); returns how many. */
    int n = 0;
    if (R->caprice) {
        for (int i = 0; i < s->n_face_up; i++) tiles[n++] = s->face_up[i];
        return n;
    }
    const gk_player *p = &s->players[player];
    for (int t = 0; t < 3; t++) {
        int tile = T_PLANNING + t, taken = 0;
        for (int i = 0; i < p->n_bonus; i++) taken |= p->bonus_types[i] == tile;
        if (s->base_n[t] && !taken) tiles[n++] = tile;
    }
    return n;
}

static void caprice_tile_taken(gk_state *s, const gk_event *e) {
    int16_t face_up[GK_CAPRICE_TILES], stack[GK_CAPRICE_TILES];
    int n_up = s->n_face_up, n_stack = s->n_stack;
    for (int i = 0; i < n_up; i++) face_up[i] = s->face_up[i];
    for (int i = 0; i < n_stack; i++) stack[i] = s->tile_stack[i];
    gk_remove_value(face_up, &n_up, e->a);
    if (e->c >= 0) {
        gk_remove_value(stack, &n_stack, e->c);
        face_up[n_up++] = (int16_t)e->c;
    }
    for (int i = 0; i < n_up; i++) s->face_up[i] = (int8_t)face_up[i];
    for (int i = 0; i < n_stack; i++) s->tile_stack[i] = (int8_t)stack[i];
    s->n_face_up = n_up;
    s->n_stack = n_stack;
    s->players[e->player].tiles[e->a] = TS_UP;
    switch (e->a) {  /* IMMEDIATE: the tile's decision follows at once */
    case T_GIFT: gk_push(s, F_GIFT, e->player, 0); break;
    case T_ABUNDANCE: gk_push(s, F_ABUNDANCE, e->player, 0); break;
    case T_OFFERING: gk_push(s, F_OFFERING, e->player, 0); break;
    case T_RECOVERY: gk_push(s, F_RECOVERY, e->player, 0); break;
    default: break;
    }
}

void gk_bonus_tile_taken(const gk_rules *R, gk_state *s, const gk_event *e) {
    /* event fields: a tile, b value, c revealed tile (-1 none) */
    gk_pop_decision(s, F_BONUS, -1);
    gk_player *p = &s->players[e->player];
    if (p->n_bonus >= GK_MAX_BONUS) { s->err = GK_OVERFLOW; return; }
    p->bonus_types[p->n_bonus++] = (int8_t)e->a;
    if (R->caprice) { caprice_tile_taken(s, e); return; }
    int t = e->a - T_PLANNING;
    for (int i = 0; i + 1 < s->base_n[t]; i++) s->base_vals[t][i] = s->base_vals[t][i + 1];
    s->base_n[t]--;
    if (e->a == T_PLANNING) p->capacity += e->b;
    else if (e->a == T_EXTRA_REWARDS) p->extra_rewards += e->b;
    else
        for (int i = 0; i < e->b; i++) gk_push(s, F_WILD, e->player, SRC_TAKE_WILDS);
}
