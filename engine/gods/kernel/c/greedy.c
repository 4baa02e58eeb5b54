/* agents/greedy.py: greedy_value, the one-ply value of a command to the player who gives it (its view's facts
 * only: the world, its own hand, the prophets and cities, its tile just placed). */
#include "kstate.h"

#define PROPHET_COST 1.5

static int my_god(const KState *s, int player) {
    for (int l = 0; l < K_LANDSCAPES; l++) if (s->god_of[l] == player) return l;
    return K_NOBODY;
}

static double claim_god(const KState *s, int player, int landscape) {
    int mass = 0, in_hand = 0;
    for (int c = 0; c < K_CELLS; c++) {
        if (s->tile_at[c] == K_EMPTY) continue;
        for (int d = 0; d < 4; d++) mass += s->edges_at[c][d] == landscape;
    }
    for (int i = 0; i < s->hand_len[player]; i++)
        in_hand += s->cfg->face0_count[s->cfg->kind_of[s->hand[player][i]]][landscape];
    return 20.0 + 0.25 * mass + 0.1 * in_hand;
}

static double place(const KState *s, int player, const KCommand *c) {
    const KConfig *cfg = s->cfg;
    int kind = cfg->kind_of[c->tile], lie = c->face * 4 + c->rot, cell = c->arg, sides = 0;
    for (int d = 0; d < 4; d++) {
        int n = K_NEIGHBOURS[cell][d];
        sides += n >= 0 && s->tile_at[n] != K_EMPTY;
    }
    double value = 2.0 + 0.5 * sides;
    if (s->city_at[cell] != K_NOBODY) value += cfg->city_points;
    int god = my_god(s, player);
    if (god != K_NOBODY) {
        int count = 0;
        for (int d = 0; d < 4; d++) count += cfg->lying_edges[kind][lie][d] == god;
        value += 0.5 * count;
    }
    if (c->source != K_HAND) value += 0.2;
    return value;
}

static double prophet(const KState *s, int player, int group) {
    static uint8_t in_region[K_CELLS * 4];
    int counts[K_MAX_PLAYERS] = {0}, total = 0, others = 0;
    for (int i = 0; i < K_CELLS * 4; i++) in_region[i] = 0;
    int tiles = k_region_tiles(s, s->just_placed[player], group, in_region);
    for (int i = 0; i < s->nprophets; i++)
        if (in_region[s->prophets[i].cell * 4 + s->prophets[i].group]) counts[s->prophets[i].player]++;
    counts[player]++;
    for (int p = 0; p < s->n; p++) {
        total += counts[p];
        if (p != player && counts[p] > others) others = counts[p];
    }
    if (counts[player] <= others || tiles < s->cfg->region_min_tiles) return -1.0;
    return tiles - total - PROPHET_COST;
}

double k_greedy_value(const KState *s, int player, const KCommand *c) {
    switch (c->type) {
    case CMD_CLAIM_GOD: return claim_god(s, player, c->arg);
    case CMD_PLACE: return place(s, player, c);
    case CMD_PROPHET: return prophet(s, player, c->arg);
    case CMD_DRAW: return 1.0 + 0.2 * c->arg;
    case CMD_DISCARD: return 0.1;
    case CMD_PLACE_CITY: return my_god(s, player) != K_NOBODY && s->prophets_left[player] > 0 ? 0.5 : -0.5;
    case CMD_CLAIM_CITY: return s->cfg->city_points - PROPHET_COST;
    default: return 0.0;  /* wait, and the end agreed (no value of its own) */
    }
}
