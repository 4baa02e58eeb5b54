/* scoring.py: god track points, Extra Rewards and Caprice favor. */
#include "gardens.h"

int gk_track_points(const gk_rules *R, const gk_player *p) {
    int total = 0;
    for (int g = 0; g < R->n_gods; g++)
        if (p->track[g] > 0) total += R->points[p->track[g] - 1];
    return total;
}

static int bonus_tiles_held(const gk_rules *R, const gk_player *p) {
    /* For Cohesion: Caprice tiles held, and Gift's storage tiles if they count. */
    int held = 0;
    for (int t = 0; t < GK_CAPRICE_TILES; t++) held += p->tiles[t] != TS_NONE;
    if (p->tiles[T_GIFT] == TS_DOWN && R->cohesion_counts_gift_storage) held += R->gift_storage;
    return held;
}

int gk_favor(const gk_rules *R, const gk_player *p) {
    if (!R->caprice) return 0;
    int total = 0;
    if (p->tiles[T_FORESIGHT] == TS_DOWN) total += R->foresight_favor;
    if (p->tiles[T_GIFT] == TS_FAVOR) total += R->gift_favor;
    if (p->tiles[T_RECOVERY] == TS_FAVOR) total += R->recovery_favor;
    if (p->tiles[T_ABUNDANCE] == TS_DOWN) total += R->abundance_favor;
    if (p->tiles[T_COHESION] != TS_NONE) {
        int held = bonus_tiles_held(R, p);
        total += R->cohesion_favor[(held < 3 ? held : 3) - 1];
    }
    return total;
}

int gk_score(const gk_rules *R, const gk_state *s, int player) {
    const gk_player *p = &s->players[player];
    return gk_track_points(R, p) + p->extra_rewards + gk_favor(R, p);
}
