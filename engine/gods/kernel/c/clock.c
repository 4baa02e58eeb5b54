/* clock.py: think times, who plans next and which plan comes due. */
#include <math.h>
#include "kstate.h"

/* clock.sample_think: lognormal at the seat's pace (exp of mu + sigma * gauss), in whole resolution steps */
int64_t k_sample_think(const KState *s, int player, int action, PyRandom *r) {
    double sigma = s->sigma[player];
    double think = sigma > 0 ? exp(s->mu[player][action] + sigma * pyr_gauss(r)) : s->fixed_ms[player][action];
    int64_t step = s->cfg->think_resolution_ms;
    int64_t steps = (int64_t)rint(think / (double)step);  /* Python's round: half to even */
    return (steps > 1 ? steps : 1) * step;
}

/* clock.first: the earliest ready time, the lower tie rank among equal times */
int k_first(const KState *s) {
    int best = 0;
    for (int p = 1; p < s->n; p++)
        if (s->ready[p] < s->ready[best] || (s->ready[p] == s->ready[best] && s->tie_rank[p] < s->tie_rank[best]))
            best = p;
    return best;
}

/* clock.now: the next player's ready time, never before the clock */
int64_t k_now(const KState *s) {
    int64_t ready = s->ready[k_first(s)];
    return ready > s->clock_ms ? ready : s->clock_ms;
}
