/* hands.py: drawing from the bag, discarding, and the hand commands. */
#include <stdlib.h>
#include "kstate.h"

void klist_push(KList *list, KCommand c) {
    if (list->len == list->cap) {
        list->cap = list->cap ? list->cap * 2 : 256;
        list->items = (KCommand *)realloc(list->items, sizeof(KCommand) * (size_t)list->cap);
    }
    list->items[list->len++] = c;
}

void klist_free(KList *list) {
    free(list->items);
    list->items = NULL;
    list->len = list->cap = 0;
}

int k_hand_has(const KState *s, int player, int tile) {
    for (int i = 0; i < s->hand_len[player]; i++) if (s->hand[player][i] == tile) return 1;
    return 0;
}

/* TileSet.kinds_mask: a bit per kind of the given tiles */
uint64_t k_kinds_mask(const KState *s, const int16_t *tiles, int count) {
    uint64_t mask = 0;
    for (int i = 0; i < count; i++) mask |= 1ULL << s->cfg->kind_of[tiles[i]];
    return mask;
}

int k_can_discard(const KState *s, int player) {
    return s->discard_len[player] < s->cfg->discard_limit;
}

/* hands.draw_counts: the ruleset's counts the bag can cover, else the last tiles */
static int draw_counts(const KState *s, int *counts) {
    int left = s->ntiles_bag - s->bag_top, n = 0;
    for (int i = 0; i < s->cfg->ndraw_counts; i++) if (s->cfg->draw_counts[i] <= left) counts[n++] = s->cfg->draw_counts[i];
    if (!n && left) counts[n++] = left;
    return n;
}

/* hands.hand_commands: draws (both hands free), then discards (own area below its limit; one per distinct tile) */
void k_hand_commands(const KState *s, int player, KList *out) {
    KCommand c = {0};
    c.player = (int8_t)player;
    if (!s->hand_len[player]) {
        int counts[3], n = draw_counts(s, counts);
        c.type = CMD_DRAW;
        for (int i = 0; i < n; i++) { c.arg = (int16_t)counts[i]; klist_push(out, c); }
    }
    if (k_can_discard(s, player)) {
        c.type = CMD_DISCARD;
        c.arg = 0;
        for (int i = 0; i < s->hand_len[player]; i++) {
            int again = 0;
            for (int j = 0; j < i; j++) again |= s->hand[player][j] == s->hand[player][i];
            if (!again) { c.tile = s->hand[player][i]; klist_push(out, c); }
        }
    }
}

/* hands.check_draw when due: both hands free and a bag not empty */
int k_draw_due_ok(const KState *s, int player) {
    return !s->hand_len[player] && s->ntiles_bag > s->bag_top;
}

/* hands.draw_events (Chance.draw: one tile by random(), more by sample()) and evolve's _tiles_drawn, _take */
void k_draw_out(KState *s, int player, int count, PyRandom *r) {
    int left = s->ntiles_bag - s->bag_top, pool[K_MAX_TILES], drawn[K_HANDS];
    if (count > left) count = left;
    for (int i = 0; i < left; i++) pool[i] = s->bag[s->bag_top + i];
    if (count == 1) drawn[0] = pool[(int)(pyr_random(r) * left)];
    else pyr_sample_int(r, pool, left, count, drawn);
    k_act(s, player);
    for (int i = 0; i < count; i++) {
        int at = s->bag_top;
        while (s->bag[at] != drawn[i]) at++;
        s->bag[at] = s->bag[s->bag_top];
        s->bag[s->bag_top++] = (int16_t)drawn[i];
        s->hand[player][s->hand_len[player]++] = (int16_t)drawn[i];
    }
}

/* hands.check_discard: a tile in hand, into an own area below its limit */
int k_discard_due_ok(const KState *s, int player, int tile) {
    return k_hand_has(s, player, tile) && k_can_discard(s, player);
}

/* list.remove: the first occurrence */
static void remove_tile(int16_t *tiles, int *len, int tile) {
    int i = 0;
    while (tiles[i] != tile) i++;
    for (; i < *len - 1; i++) tiles[i] = tiles[i + 1];
    (*len)--;
}

/* evolve._tile_discarded */
void k_discard_out(KState *s, int player, int tile) {
    k_act(s, player);
    remove_tile(s->hand[player], &s->hand_len[player], tile);
    s->discard[player][s->discard_len[player]++] = (int16_t)tile;
}

/* evolve._tile_placed's removal from a hand or a discard area */
void k_remove_from(KState *s, int source, int player, int tile) {
    if (source < 0) remove_tile(s->hand[player], &s->hand_len[player], tile);
    else remove_tile(s->discard[source], &s->discard_len[source], tile);
}
