/* panoramas.py: the set a completed card joins, and completing a whole set (then a bonus tile). */
#include "gardens.h"

static int panorama_slot(const gk_rules *R, const gk_player *p, int card) {
    /* Which of the player's panoramas a completed card joins (a new one if none has room). */
    const gk_card *c = &R->cards[card];
    for (int i = 0; i < p->n_pan; i++) {
        if (p->pan_id[i] != c->panorama || p->pan_n[i] >= p->pan_size[i]) continue;
        int clash = 0;
        for (int k = 0; k < p->pan_n[i]; k++) clash |= R->cards[p->pan_cards[i][k]].position == c->position;
        if (!clash) return i;
    }
    return p->n_pan;
}

int gk_join_panorama(const gk_rules *R, gk_state *s, int player, int card, int16_t *cards) {
    /* Put a completed card into its panorama (a `panorama` decision if that completes it); copies the
       panorama's cards into `cards` and returns how many. */
    gk_player *p = &s->players[player];
    int index = panorama_slot(R, p, card);
    const gk_card *done = &R->cards[card];
    if (index == p->n_pan) {
        if (p->n_pan >= GK_MAX_PAN) { s->err = GK_OVERFLOW; return 0; }
        p->pan_id[index] = (int16_t)done->panorama;
        p->pan_size[index] = (int8_t)done->size;
        p->pan_n[index] = 0;
        p->n_pan++;
    }
    p->pan_cards[index][p->pan_n[index]++] = (int16_t)card;
    if (p->pan_n[index] == done->size) gk_push(s, F_PANORAMA, player, index);
    for (int k = 0; k < p->pan_n[index]; k++) cards[k] = p->pan_cards[index][k];
    return p->pan_n[index];
}

void gk_panorama_completed(gk_state *s, const gk_event *e) {
    /* event fields: a size */
    gk_pop_decision(s, F_PANORAMA, -1);
    gk_player *p = &s->players[e->player];
    if (e->a > p->largest_panorama) p->largest_panorama = e->a;
    gk_push(s, F_BONUS, e->player, 0);
}
