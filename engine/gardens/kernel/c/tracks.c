/* tracks.py: a step forward on a god track, pushing opponents back at the end of it. */
#include "gardens.h"

static gk_event track_moved(int player, int god, int from, int to, int cause, int by) {
    gk_event e = gk_event_of(E_TRACK_MOVED, player);
    e.a = god; e.b = from; e.c = to; e.d = cause; e.e = by;
    return e;
}

void gk_advance_events(const gk_rules *R, gk_state *s, int player, int god, int tracks[][GK_MAX_GODS], int cause,
                       gk_events *out) {
    /* One step forward; at the end, push every opponent there back one instead (the pushes first, then the
       player's own overflow). `tracks` is a scratch copy updated as the steps are decided. */
    int end = R->track_length, space = tracks[player][god];
    if (space == 0) {
        gk_add_event(s, out, track_moved(player, god, 0, 0, cause == CAUSE_ADVANCE ? CAUSE_LOST : cause, player));
        return;
    }
    if (space < end) {
        tracks[player][god] = space + 1;
        gk_add_event(s, out, track_moved(player, god, space, space + 1, cause, player));
        return;
    }
    for (int other = 0; other < s->num_players; other++) {
        if (other == player || tracks[other][god] <= 0) continue;
        tracks[other][god] -= 1;
        gk_add_event(s, out, track_moved(other, god, tracks[other][god] + 1, tracks[other][god], CAUSE_PUSH, player));
    }
    gk_add_event(s, out, track_moved(player, god, end, end, cause == CAUSE_ADVANCE ? CAUSE_OVERFLOW : cause, player));
}

void gk_advance_legal(const gk_rules *R, gk_state *s, int player, gk_legal *out) {
    /* The card's god, or for a wild god any track the player is still on (or any track: wild_advance). */
    int god = gk_top(s)->arg;
    if (god != GK_WILD_GOD) { gk_add_command(s, out, C_ADVANCE, god, 0, 0); return; }
    const int *track = s->players[player].track;
    for (int g = 0; g < R->n_gods; g++)
        if (track[g] > 0 || R->wild_any) gk_add_command(s, out, C_ADVANCE, g, 0, 0);
    if (out->n == 0)
        for (int g = 0; g < R->n_gods; g++) gk_add_command(s, out, C_ADVANCE, g, 0, 0);
}

void gk_track_moved(gk_state *s, const gk_event *e) {
    s->players[e->player].track[e->a] = e->c;
    if (e->d == CAUSE_ADVANCE || e->d == CAUSE_OVERFLOW || e->d == CAUSE_LOST) gk_pop_decision(s, F_ADVANCE, -1);
}
