/* agents/search.py: the search's estimate of an unfinished world (`evaluate`): every plan in progress comes due,
 * then cities, regions, each prophet's worth and the god bonuses of the places each landscape may expect. */
#include <math.h>
#include "kstate.h"

#define PROPHET_VALUE 1.5
#define MASS_SPREAD 1.0
#define GROUP_SPREAD 0.1

/* search.plans_carried_out: the plans in progress (not waits) come due in (ready, tie rank, seat) order, each
 * carried out if the board allows it; a draw takes tiles by a fresh Chance(0), shared by the projection's draws
 * (seeded once here: seeding costs more than the rest of the projection) */
void k_plans_carried_out(KState *s) {
    static PyRandom seeded;
    static int ready_made = 0;
    int order[K_MAX_PLAYERS], n = 0, draws = 0;
    for (int p = 0; p < s->n; p++) {
        if (s->plan[p].type == CMD_NONE || s->plan[p].type == CMD_WAIT) continue;
        draws |= s->plan[p].type == CMD_DRAW;
        int at = n++;
        while (at > 0) {
            int q = order[at - 1];
            int later = s->ready[q] > s->ready[p] || (s->ready[q] == s->ready[p] && s->tie_rank[q] > s->tie_rank[p]);
            if (!later) break;
            order[at] = q;
            at--;
        }
        order[at] = p;
    }
    if (!n) return;
    PyRandom chance;
    if (draws) {
        if (!ready_made) {
            pyr_seed_u64(&seeded, 0);
            ready_made = 1;
        }
        chance = seeded;
    }
    for (int i = 0; i < n; i++) k_carry_out(s, order[i], &chance);
}

/* search._soft_bonus: each landscape's bonus interpolated between places by a logistic of the gaps */
static void soft_bonus(const int *amounts, const int *bonuses, int nbonuses, double spread, double *out) {
    for (int i = 0; i < K_LANDSCAPES; i++) {
        double ahead = 0.0;
        for (int j = 0; j < K_LANDSCAPES; j++) {
            if (j == i) continue;
            double x = (double)(amounts[i] - amounts[j]) / spread;
            x = x < 30.0 ? x : 30.0;
            x = x > -30.0 ? x : -30.0;
            ahead += 1.0 / (1.0 + exp(x));
        }
        int place = (int)ahead;
        double frac = ahead - place;
        int low = place < nbonuses ? bonuses[place] : 0, high = place + 1 < nbonuses ? bonuses[place + 1] : 0;
        out[i] = (1 - frac) * low + frac * high;
    }
}

/* search.evaluate (in place: the caller's throwaway copy), via estimate_from */
void k_evaluate(KState *s, double *out) {
    KRegions regions;
    int cities[K_MAX_PLAYERS], region[K_MAX_PLAYERS], mass[K_LANDSCAPES], groups[K_LANDSCAPES];
    double mass_bonus[K_LANDSCAPES], groups_bonus[K_LANDSCAPES];
    const KConfig *cfg = s->cfg;
    k_plans_carried_out(s);
    k_all_regions(s, &regions);
    k_bonus_mass(s, &regions, mass);
    k_landscape_groups(s, &regions, groups);
    k_region_points(s, &regions, region);
    int empty = K_CELLS - s->filled;
    double prophet = PROPHET_VALUE * empty / K_CELLS;
    k_city_points(s, cities);
    if (s->end_reason) {
        int mb[K_LANDSCAPES], gb[K_LANDSCAPES];
        prophet = 0.0;
        k_landscape_bonus(mass, cfg->mass_bonus, cfg->nmass_bonus, mb);
        k_landscape_bonus(groups, cfg->groups_bonus, cfg->ngroups_bonus, gb);
        for (int l = 0; l < K_LANDSCAPES; l++) { mass_bonus[l] = mb[l]; groups_bonus[l] = gb[l]; }
    } else {
        soft_bonus(mass, cfg->mass_bonus, cfg->nmass_bonus, 1.0 + MASS_SPREAD * empty, mass_bonus);
        soft_bonus(groups, cfg->groups_bonus, cfg->ngroups_bonus, 0.3 + GROUP_SPREAD * empty, groups_bonus);
    }
    for (int p = 0; p < s->n; p++) out[p] = (double)(cities[p] + region[p]) + prophet * s->prophets_left[p];
    for (int l = 0; l < K_LANDSCAPES; l++)
        if (s->god_of[l] != K_NOBODY) out[s->god_of[l]] += mass_bonus[l] + groups_bonus[l];
}
