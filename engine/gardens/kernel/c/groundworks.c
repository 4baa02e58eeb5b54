/* groundworks.py: laying them, the resources they accept, and completing them when their requirement is met. */
#include "gardens.h"

int gk_slot_count(const gk_rules *R, const gk_player *p, int slot) {
    /* slots_taken, for one slot: display cards (groundworks and panoramas) holding it */
    int count = 0;
    for (int i = 0; i < p->n_gw; i++) count += R->cards[p->gw_card[i]].slot == slot;
    for (int i = 0; i < p->n_pan; i++)
        for (int k = 0; k < p->pan_n[i]; k++) count += R->cards[p->pan_cards[i][k]].slot == slot;
    return count;
}

int gk_panorama_copies(const gk_rules *R, const gk_player *p) {
    return p->tiles[T_GOODNESS] ? R->goodness_copies : R->copies_per_panorama;
}

int gk_accepts(const gk_rules *R, const gk_state *s, int player, int gw, int resource) {
    /* Whether groundwork number `gw` of the player may receive one more of `resource` now. */
    const gk_player *p = &s->players[player];
    int card = p->gw_card[gw];
    if (gk_sabotaged(s, player, card)) return 0;
    return !R->only_needed || p->gw_placed[gw][resource] < R->cards[card].cost[resource];
}

int gk_satisfied(const gk_rules *R, int card, const int8_t *placed) {
    const int *cost = R->cards[card].cost;
    for (int r = 0; r < GK_RES; r++)
        if (placed[r] < cost[r]) return 0;
    return 1;
}

void gk_queue_completions(const gk_rules *R, gk_state *s, int player, const int16_t *cards, int n) {
    /* Open the completion of those `cards` whose resources now match and that wait in no decision yet;
       one matched while another completion resolves: on top, or (after_current) joining the one below. */
    gk_player *p = &s->players[player];
    int16_t fresh[GK_MAX_ITEMS];
    int n_fresh = 0, first = -1;
    for (int i = 0; i < n; i++) {
        int gw = gk_gw_index(p, cards[i]);
        if (gw < 0 || !gk_satisfied(R, cards[i], p->gw_placed[gw])) continue;
        int waiting = 0;
        for (int f = 0; f < s->n_todo && !waiting; f++) {
            const gk_frame *frame = &s->todo[f];
            if (frame->kind == F_COMPLETE && frame->player == player)
                waiting = gk_index_of(frame->items, frame->n, cards[i]) >= 0;
        }
        if (!waiting) gk_push_card(s, fresh, &n_fresh, GK_MAX_ITEMS, cards[i]);
    }
    if (!n_fresh) return;
    for (int f = 0; f < s->n_todo && first < 0; f++)
        if (s->todo[f].kind == F_COMPLETE && s->todo[f].player == player) first = f;
    gk_frame *target;
    if (first >= 0 && R->after_current) {
        target = &s->todo[first];
    } else {
        gk_push(s, F_COMPLETE, player, 0);
        if (s->err) return;
        target = gk_top(s);
    }
    int count = target->n;
    for (int i = 0; i < n_fresh; i++) gk_push_card(s, target->items, &count, GK_MAX_ITEMS, fresh[i]);
    target->n = (int8_t)count;
}

void gk_queue_all_completions(const gk_rules *R, gk_state *s, int player) {
    int16_t cards[GK_MAX_GW];
    gk_player *p = &s->players[player];
    for (int i = 0; i < p->n_gw; i++) cards[i] = p->gw_card[i];
    gk_queue_completions(R, s, player, cards, p->n_gw);
}

void gk_complete_legal(gk_state *s, int player, gk_legal *out) {
    /* Which of the groundworks completed together to resolve (fully) next. */
    gk_frame *f = gk_top(s);
    for (int i = 0; i < f->n; i++)
        if (gk_gw_index(&s->players[player], f->items[i]) >= 0) gk_add_command(s, out, C_COMPLETE, f->items[i], 0, 0);
}

int gk_completion_done(gk_state *s, const gk_frame *f) {
    for (int i = 0; i < f->n; i++)
        if (gk_gw_index(&s->players[f->player], f->items[i]) >= 0) return 0;
    return 1;
}

void gk_groundwork_completed(const gk_rules *R, gk_state *s, const gk_event *e) {
    gk_player *p = &s->players[e->player];
    int gw = gk_gw_index(p, e->a);
    for (int r = 0; r < GK_RES; r++) s->supply[r] += p->gw_placed[gw][r];
    for (int i = gw; i + 1 < p->n_gw; i++) {
        p->gw_card[i] = p->gw_card[i + 1];
        for (int r = 0; r < GK_RES; r++) p->gw_placed[i][r] = p->gw_placed[i + 1][r];
    }
    p->n_gw--;
    gk_count_completion(R, s, e->player);
    int16_t cards[GK_MAX_PAN_SIZE];
    int n = gk_join_panorama(R, s, e->player, e->a, cards);
    /* stacked so that this card's god resolves first, then each earlier card's (the set's chained rewards) */
    for (int i = 0; i < n; i++) gk_push(s, F_ADVANCE, e->player, R->cards[cards[i]].god);
}
