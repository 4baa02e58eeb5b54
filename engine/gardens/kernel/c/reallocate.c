/* reallocate.py: move resources storage -> groundwork, groundwork -> groundwork, storage -> supply. */
#include "gardens.h"

static void takers_of(const gk_rules *R, const gk_state *s, int player, int takers[GK_RES][GK_MAX_GW],
                      int *n_takers) {
    /* For each resource, the player's groundworks that may receive one more now (in groundwork order). */
    const gk_player *p = &s->players[player];
    for (int r = 0; r < GK_RES; r++) n_takers[r] = 0;
    for (int gw = 0; gw < p->n_gw; gw++) {
        int dst = p->gw_card[gw];
        if (gk_sabotaged(s, player, dst)) continue;
        const int *cost = R->cards[dst].cost;
        for (int r = 0; r < GK_RES; r++)
            if (!R->only_needed || (cost[r] && p->gw_placed[gw][r] < cost[r])) takers[r][n_takers[r]++] = dst;
    }
}

void gk_realloc_legal(const gk_rules *R, gk_state *s, int player, gk_legal *out) {
    /* Moves storage->supply, storage->groundwork, groundwork->groundwork, one resource each; or done
       (the order of the list is part of the game). */
    gk_player *p = &s->players[player];
    int takers[GK_RES][GK_MAX_GW], n_takers[GK_RES];
    out->n = 0;
    gk_add_command(s, out, C_DONE, 0, 0, 0);
    if (!p->n_gw) {
        for (int r = 0; r < GK_RES; r++)
            if (p->storage[r]) gk_add_command(s, out, C_MOVE, GK_STORAGE, GK_SUPPLY, r);
        return;
    }
    takers_of(R, s, player, takers, n_takers);
    for (int r = 0; r < GK_RES; r++) {
        if (!p->storage[r]) continue;
        gk_add_command(s, out, C_MOVE, GK_STORAGE, GK_SUPPLY, r);
        for (int i = 0; i < n_takers[r]; i++) gk_add_command(s, out, C_MOVE, GK_STORAGE, takers[r][i], r);
    }
    if (p->n_gw < 2) return;
    for (int gw = 0; gw < p->n_gw; gw++) {
        int src = p->gw_card[gw];
        for (int r = 0; r < GK_RES; r++) {
            if (!p->gw_placed[gw][r]) continue;
            for (int i = 0; i < n_takers[r]; i++)
                if (takers[r][i] != src) gk_add_command(s, out, C_MOVE, src, takers[r][i], r);
        }
    }
}

void gk_end_reallocation(const gk_rules *R, gk_state *s, int player) {
    /* Under end_of_action the moves were one act: what matches now completes together. */
    if (R->end_of_action) gk_queue_all_completions(R, s, player);
}

void gk_resource_moved(const gk_rules *R, gk_state *s, const gk_event *e) {
    /* event fields: a resource, b from, c to */
    gk_player *p = &s->players[e->player];
    int r = e->a;
    if (e->b == GK_STORAGE) p->storage[r] -= 1;
    else p->gw_placed[gk_gw_index(p, e->b)][r] -= 1;
    if (e->c == GK_SUPPLY) { s->supply[r] += 1; return; }
    p->gw_placed[gk_gw_index(p, e->c)][r] += 1;
    if (!R->end_of_action) {
        int16_t card = (int16_t)e->c;
        gk_queue_completions(R, s, e->player, &card, 1);
    }
}

void gk_reallocation_finished(const gk_rules *R, gk_state *s, const gk_event *e) {
    if (gk_pop_decision(s, F_REALLOC, e->player)) gk_end_reallocation(R, s, e->player);
}
