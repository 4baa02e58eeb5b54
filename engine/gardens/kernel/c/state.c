/* state.py: the decision stack's helpers, the re-deal of hidden cards, and small list operations. */
#include <stdlib.h>
#include "gardens.h"

int gk_mod4(int x) { return ((x % 4) + 4) % 4; }  /* Python's % on a negative number */

int gk_index_of(const int16_t *items, int n, int value) {
    for (int i = 0; i < n; i++)
        if (items[i] == value) return i;
    return -1;
}

void gk_remove_at(int16_t *items, int *n, int index) {
    for (int i = index; i + 1 < *n; i++) items[i] = items[i + 1];
    (*n)--;
}

void gk_remove_value(int16_t *items, int *n, int value) {  /* list.remove: the first equal item */
    int i = gk_index_of(items, *n, value);
    if (i >= 0) gk_remove_at(items, n, i);
}

void gk_push_card(gk_state *s, int16_t *items, int *n, int cap, int value) {
    if (*n >= cap) { s->err = GK_OVERFLOW; return; }
    items[(*n)++] = (int16_t)value;
}

void gk_push(gk_state *s, int kind, int player, int arg) {
    if (s->n_todo >= GK_MAX_TODO) { s->err = GK_OVERFLOW; return; }
    gk_frame *f = &s->todo[s->n_todo++];
    f->kind = (int8_t)kind; f->player = (int8_t)player; f->arg = (int16_t)arg; f->n = 0;
}

gk_frame *gk_top(gk_state *s) { return &s->todo[s->n_todo - 1]; }

int gk_pop_decision(gk_state *s, int kind, int player) {
    /* state.pop_decision: remove the top decision if it is of this kind (and this player's, unless -1) */
    if (s->n_todo > 0) {
        gk_frame *f = gk_top(s);
        if (f->kind == kind && (player < 0 || f->player == player)) { s->n_todo--; return 1; }
    }
    return 0;
}

int gk_gw_index(const gk_player *p, int card) {
    for (int i = 0; i < p->n_gw; i++)
        if (p->gw_card[i] == card) return i;
    return -1;
}

int gk_storage_total(const gk_player *p) {
    int total = 0;
    for (int r = 0; r < GK_RES; r++) total += p->storage[r];
    return total;
}

int gk_current_round(const gk_state *s) {
    return s->turn_pending && s->current == 0 ? s->round + 1 : s->round;
}

gk_event gk_event_of(int kind, int player) {
    gk_event e;
    e.kind = (int8_t)kind; e.player = player; e.a = e.b = e.c = e.d = e.e = 0; e.n = 0;
    return e;
}

void gk_add_event(gk_state *s, gk_events *out, gk_event e) {
    if (out->n >= GK_MAX_EVENTS) { s->err = GK_OVERFLOW; return; }
    out->ev[out->n++] = e;
}

static int by_value(const void *a, const void *b) { return *(const int *)a - *(const int *)b; }

void gk_resample_hidden(gk_state *s, int player, PyRandom *rng) {
    /* Opponents' hands re-dealt from everything `player` has not seen: the deck and their hands, pooled and
       sorted, shuffled, dealt by pops from the end; the rest sorted back into the deck. A hand may hold -1
       placeholders (the glue pools hidden cards into the deck already): only real cards join the pool. */
    int pool[GK_MAX_CARDS * 2];
    int n = 0;
    for (int i = 0; i < s->n_deck; i++) pool[n++] = s->deck[i];
    for (int i = 0; i < s->num_players; i++) {
        if (i == player) continue;
        gk_player *p = &s->players[i];
        for (int k = 0; k < p->n_hand; k++)
            if (p->hand[k] >= 0) pool[n++] = p->hand[k];
    }
    qsort(pool, (size_t)n, sizeof(int), by_value);
    pyr_shuffle_int(rng, pool, n);
    for (int i = 0; i < s->num_players; i++) {
        if (i == player) continue;
        gk_player *p = &s->players[i];
        for (int k = 0; k < p->n_hand; k++) p->hand[k] = (int16_t)pool[--n];
    }
    qsort(pool, (size_t)n, sizeof(int), by_value);
    if (n > GK_MAX_CARDS) { s->err = GK_OVERFLOW; return; }
    for (int i = 0; i < n; i++) s->deck[i] = (int16_t)pool[i];
    s->n_deck = n;
}
