/* agents/search.py: the search's estimate of an unfinished game (score so far plus work in progress). */
#include "gardens.h"

static const double PROGRESS = 0.8, LAID = 0.3, STORED = 0.15;

static double in_progress(const gk_rules *R, const gk_player *p) {
    double step = (double)(R->points[R->track_length - 1] - R->points[0])
                  / (double)(R->track_length - 1 > 1 ? R->track_length - 1 : 1);
    double worth = 0.0;
    int missing[GK_RES] = {0, 0, 0, 0}, stored = 0;
    for (int gw = 0; gw < p->n_gw; gw++) {
        const gk_card *card = &R->cards[p->gw_card[gw]];
        int have = 0, earlier = 0;
        for (int r = 0; r < GK_RES; r++) {
            int got = p->gw_placed[gw][r];
            have += got < card->cost[r] ? got : card->cost[r];
            missing[r] += card->cost[r] - got > 0 ? card->cost[r] - got : 0;
        }
        for (int i = 0; i < p->n_pan; i++)
            if (p->pan_id[i] == card->panorama) earlier += p->pan_n[i];
        worth += PROGRESS * (1 + earlier) * step * (LAID + (1 - LAID) * have / card->cost_total);
    }
    for (int r = 0; r < GK_RES; r++) stored += p->storage[r] < missing[r] ? p->storage[r] : missing[r];
    return worth + STORED * stored;
}

void gk_evaluate(const gk_rules *R, const gk_state *s, double *out) {
    /* Each player's score so far plus the discounted worth of groundworks in progress; once the game has
       ended, the score. */
    for (int i = 0; i < s->num_players; i++) {
        double score = (double)gk_score(R, s, i);
        out[i] = s->n_todo ? score + in_progress(R, &s->players[i]) : score;
    }
}
