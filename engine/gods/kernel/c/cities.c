/* cities.py: a marker on a space believed unfillable, claimed by a prophet (broken: placement.c). */
#include "kstate.h"

/* cities.city_spaces: open spaces with enough tile sides that the player may believe unfillable (a bit each) */
static uint64_t city_spaces(const KState *s, int player) {
    const KConfig *cfg = s->cfg;
    uint64_t seen = 0, spaces = 0;
    if (!cfg->city_no_tile_of_set_fits) {
        seen = k_kinds_mask(s, s->hand[player], s->hand_len[player]);
        for (int p = 0; p < s->n; p++) seen |= k_kinds_mask(s, s->discard[p], s->discard_len[p]);
    }
    for (uint64_t open = s->open_cells; open; open &= open - 1) {
        int cell = __builtin_ctzll(open), pattern = s->pattern_at[cell];
        if (cfg->constrained[pattern] < cfg->city_min_tile_sides) continue;
        int fits = cfg->city_no_tile_of_set_fits ? cfg->any_fits[pattern] : (cfg->fit_mask[pattern] & seen) != 0;
        if (!fits) spaces |= 1ULL << cell;
    }
    return spaces;
}

static int can_claim(const KState *s, int player) {
    return s->player_god[player] != K_NOBODY && s->prophets_left[player] > 0;
}

/* cities.city_commands: placements (a marker left), then claims (a god and a prophet left) */
void k_city_commands(const KState *s, int player, KList *out) {
    KCommand c = {0};
    c.player = (int8_t)player;
    if (s->ncities < s->cfg->city_markers) {
        c.type = CMD_PLACE_CITY;
        for (uint64_t spaces = city_spaces(s, player); spaces; spaces &= spaces - 1) {
            c.arg = (int16_t)__builtin_ctzll(spaces);
            klist_push(out, c);
        }
    }
    if (can_claim(s, player)) {
        c.type = CMD_CLAIM_CITY;
        for (int i = 0; i < s->ncities; i++) {
            if (s->cities[i].claimant != K_NOBODY || s->cities[i].broken_by != K_NOBODY) continue;
            c.arg = (int16_t)i;
            klist_push(out, c);
        }
    }
}

/* cities.check_city: a marker left, on a space the player may believe unfillable */
int k_city_due_ok(const KState *s, int player, int cell) {
    return s->ncities < s->cfg->city_markers && cell >= 0 && cell < K_CELLS && (city_spaces(s, player) >> cell & 1);
}

/* evolve._city_placed */
void k_city_out(KState *s, int player, int cell) {
    k_act(s, player);
    s->city_at[cell] = (int8_t)s->ncities;
    KCity *city = &s->cities[s->ncities++];
    city->cell = (int8_t)cell;
    city->placed_by = (int8_t)player;
    city->claimant = K_NOBODY;
    city->broken_by = K_NOBODY;
    s->filled++;
    k_close_cell(s, cell);
    if (s->cfg->city_counts_as_side)
        for (int d = 0; d < 4; d++) if (K_NEIGHBOURS[cell][d] >= 0) k_add_side(s, K_NEIGHBOURS[cell][d]);
}

/* cities.check_claim_city: a god and a prophet left, and a city nobody holds */
int k_claim_city_due_ok(const KState *s, int player, int city) {
    return can_claim(s, player) && city >= 0 && city < s->ncities && s->cities[city].claimant == K_NOBODY
           && s->cities[city].broken_by == K_NOBODY;
}

/* evolve._city_claimed */
void k_claim_city_out(KState *s, int player, int city) {
    k_act(s, player);
    s->cities[city].claimant = (int8_t)player;
    s->prophets_left[player]--;
}
