/* pagoda.py: which side faces whom, turning floors and collecting resources. */
#include "gardens.h"

static int icon_levels(const gk_rules *R, int side, int up, const int *rotation, int *levels) {
    /* The level of each icon on one side, in the order collected (bottom first when `up`). */
    int n = 0;
    for (int k = 0; k < 4; k++) {
        int level = up ? k : 3 - k;
        int count = R->side_counts[(side + rotation[level]) % 4];
        for (int i = 0; i < count; i++) levels[n++] = level;
    }
    return n;
}

int gk_take_side(const gk_rules *R, int side, const int *levels, const int *rotation, const int *supply_in,
                 int room, int up, int *taken, int *lost) {
    /* Resources taken from one side (in order) and icons lost, with `room` left in storage; returns how many
       were taken. An icon the supply cannot cover is lost, and collecting goes on or ends (uncovered_icon). */
    int supply[GK_RES], icons[64];
    for (int r = 0; r < GK_RES; r++) supply[r] = supply_in[r];
    int n_icons = icon_levels(R, side, up, rotation, icons), n = 0;
    *lost = 0;
    for (int i = 0; i < n_icons; i++) {
        int resource = levels[icons[i]];
        if (room > 0 && supply[resource] > 0) {
            taken[n++] = resource;
            supply[resource] -= 1;
            room -= 1;
        } else {
            *lost += 1;
            if (R->uncovered_stop) room = 0;
        }
    }
    return n;
}

void gk_collect(const gk_rules *R, const gk_state *s, int player, int up, const int *rotation, int *taken,
                int *n_taken, int *lost) {
    const gk_player *p = &s->players[player];
    *n_taken = gk_take_side(R, R->side_of[player], s->levels, rotation ? rotation : s->rotation, s->supply,
                            p->capacity - gk_storage_total(p), up, taken, lost);
}

void gk_rotate_events(const gk_rules *R, gk_state *s, int player, int card, int direction, gk_events *out) {
    /* Discard a pagoda card, turn its floor and those above, collect the side facing the player. */
    const gk_card *c = &R->cards[card];
    int rotation[4], taken[64], n_taken, lost;
    for (int level = 0; level < 4; level++)
        rotation[level] = level >= c->floor ? gk_mod4(s->rotation[level] + direction) : s->rotation[level];
    gk_collect(R, s, player, c->collect_up, rotation, taken, &n_taken, &lost);
    gk_event e = gk_event_of(E_ACTION_TAKEN, player);
    e.a = ACT_ROTATE; e.b = card; e.c = direction; e.d = n_taken; e.e = lost;
    gk_add_event(s, out, e);
}

void gk_store(gk_state *s, int player, const int *collected, int n) {
    int *storage = s->players[player].storage;
    for (int i = 0; i < n; i++) {
        storage[collected[i]] += 1;
        s->supply[collected[i]] -= 1;
    }
}

void gk_rotate_and_collect(const gk_rules *R, gk_state *s, int player, int card, int direction) {
    const gk_card *c = &R->cards[card];
    int taken[64], n_taken, lost;
    for (int level = c->floor; level < 4; level++) s->rotation[level] = gk_mod4(s->rotation[level] + direction);
    gk_collect(R, s, player, c->collect_up, 0, taken, &n_taken, &lost);
    gk_store(s, player, taken, n_taken);
}

void gk_resources_collected(gk_state *s, const gk_event *e) {
    int collected[GK_MAX_EVENT_CARDS];
    for (int i = 0; i < e->n; i++) collected[i] = e->cards[i];
    gk_store(s, e->player, collected, e->n);
    gk_pop_decision(s, F_COLLECT, -1);
}
