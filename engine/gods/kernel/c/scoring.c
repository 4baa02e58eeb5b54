/* scoring.py: cities, regions by prophet majority, the god bonuses, the final scores. */
#include "kstate.h"

/* scoring.city_points: to whoever broke a city, else its claimant */
void k_city_points(const KState *s, int *points) {
    for (int p = 0; p < s->n; p++) points[p] = 0;
    for (int i = 0; i < s->ncities; i++) {
        int holder = s->cities[i].broken_by != K_NOBODY ? s->cities[i].broken_by : s->cities[i].claimant;
        if (holder != K_NOBODY) points[holder] += s->cfg->city_points;
    }
}

/* scoring.region_points: tiles - prophets to each player with the most prophets in a big enough region */
void k_region_points(const KState *s, const KRegions *regions, int *points) {
    static int16_t counts[K_CELLS * 4][K_MAX_PLAYERS];
    int touched[K_MAX_PROPHETS], ntouched = 0;
    for (int p = 0; p < s->n; p++) points[p] = 0;
    for (int i = 0; i < s->nprophets; i++) {
        int region = regions->root_of[s->prophets[i].cell * 4 + s->prophets[i].group], fresh = 1;
        for (int k = 0; k < ntouched; k++) fresh &= touched[k] != region;
        if (fresh) {
            touched[ntouched++] = region;
            for (int p = 0; p < K_MAX_PLAYERS; p++) counts[region][p] = 0;
        }
        counts[region][s->prophets[i].player]++;
    }
    for (int k = 0; k < ntouched; k++) {
        int region = touched[k], total = 0, top = 0;
        if (regions->tiles[region] < s->cfg->region_min_tiles) continue;
        for (int p = 0; p < s->n; p++) {
            total += counts[region][p];
            if (counts[region][p] > top) top = counts[region][p];
        }
        for (int p = 0; p < s->n; p++) if (counts[region][p] == top) points[p] += regions->tiles[region] - total;
    }
}

/* scoring.landscape_mass: edges showing each landscape, or tiles showing it */
void k_landscape_mass(const KState *s, int *mass) {
    for (int l = 0; l < K_LANDSCAPES; l++) mass[l] = 0;
    for (int c = 0; c < K_CELLS; c++) {
        if (s->tile_at[c] == K_EMPTY) continue;
        unsigned shown = 0;
        for (int d = 0; d < 4; d++) shown |= 1u << s->edges_at[c][d];
        for (int d = 0; d < 4; d++) if (s->cfg->mass_by_edges) mass[s->edges_at[c][d]]++;
        if (!s->cfg->mass_by_edges)
            for (int l = 0; l < K_LANDSCAPES; l++) mass[l] += shown >> l & 1;
    }
}

/* scoring.largest_region_mass: each landscape's largest region, in edges or tiles (`by_edges` from the config) */
void k_largest_region_mass(const KRegions *regions, int *mass) {
    for (int l = 0; l < K_LANDSCAPES; l++) mass[l] = 0;
    for (int r = 0; r < regions->nregions; r++) {
        int size = regions->edges[r];
        if (size > mass[regions->landscape[r]]) mass[regions->landscape[r]] = size;
    }
}

/* the tile measure of largest_region_mass */
static void largest_region_tiles(const KRegions *regions, int *mass) {
    for (int l = 0; l < K_LANDSCAPES; l++) mass[l] = 0;
    for (int r = 0; r < regions->nregions; r++)
        if (regions->tiles[r] > mass[regions->landscape[r]]) mass[regions->landscape[r]] = regions->tiles[r];
}

/* the mass the bonus ranks by (`bonus.mass_of`, `bonus.mass_measure`) */
void k_bonus_mass(const KState *s, const KRegions *regions, int *mass) {
    if (s->cfg->mass_of_total) k_landscape_mass(s, mass);
    else if (s->cfg->mass_by_edges) k_largest_region_mass(regions, mass);
    else largest_region_tiles(regions, mass);
}

/* scoring.landscape_groups: regions of each landscape with at least `bonus.groups_min_tiles` tiles */
void k_landscape_groups(const KState *s, const KRegions *regions, int *groups) {
    for (int l = 0; l < K_LANDSCAPES; l++) groups[l] = 0;
    for (int r = 0; r < regions->nregions; r++)
        if (regions->tiles[r] >= s->cfg->groups_min_tiles) groups[regions->landscape[r]]++;
}

/* scoring.landscape_bonus: by competition rank; a zero amount earns nothing */
void k_landscape_bonus(const int *amounts, const int *bonuses, int nbonuses, int *out) {
    for (int l = 0; l < K_LANDSCAPES; l++) {
        int place = 0;
        for (int o = 0; o < K_LANDSCAPES; o++) place += amounts[o] > amounts[l];
        out[l] = amounts[l] > 0 && place < nbonuses ? bonuses[place] : 0;
    }
}

/* scoring.scores: each player's final score on the board as it stands */
void k_scores(const KState *s, double *out) {
    KRegions regions;
    int cities[K_MAX_PLAYERS], region[K_MAX_PLAYERS], mass[K_LANDSCAPES], groups[K_LANDSCAPES];
    int mass_bonus[K_LANDSCAPES], groups_bonus[K_LANDSCAPES];
    k_all_regions(s, &regions);
    k_city_points(s, cities);
    k_region_points(s, &regions, region);
    k_bonus_mass(s, &regions, mass);
    k_landscape_groups(s, &regions, groups);
    k_landscape_bonus(mass, s->cfg->mass_bonus, s->cfg->nmass_bonus, mass_bonus);
    k_landscape_bonus(groups, s->cfg->groups_bonus, s->cfg->ngroups_bonus, groups_bonus);
    for (int p = 0; p < s->n; p++) out[p] = cities[p] + region[p];
    for (int l = 0; l < K_LANDSCAPES; l++)
        if (s->god_of[l] != K_NOBODY) out[s->god_of[l]] += mass_bonus[l] + groups_bonus[l];
}
