/* placement.py: where a tile may go, from where, how it may lie; a tile placed (evolve._tile_placed). */
#include "kstate.h"

/* GodsState.full: every space holds a tile or a city (end.full_world = tiles_only: a tile) */
int k_full(const KState *s) {
    return s->cfg->full_tiles_only ? s->tiles_on_board == K_CELLS : s->filled == K_CELLS;
}

/* placement.tile_spaces: open spaces in cell order, then unbroken cities in city order (none once full) */
int k_tile_spaces(const KState *s, int *cells) {
    int n = 0;
    if (k_full(s)) return 0;
    for (uint64_t open = s->open_cells; open; open &= open - 1) cells[n++] = __builtin_ctzll(open);
    for (int i = 0; i < s->ncities; i++) if (s->cities[i].broken_by == K_NOBODY) cells[n++] = s->cities[i].cell;
    return n;
}

/* placement.tile_sources: own hand; with a free hand, the first tile of each kind in every discard area */
static int tile_sources(const KState *s, int player, int *source, int *tile) {
    int n = 0;
    for (int i = 0; i < s->hand_len[player]; i++) { source[n] = K_HAND; tile[n++] = s->hand[player][i]; }
    if (s->hand_len[player] < K_HANDS) {
        for (int owner = 0; owner < s->n; owner++) {
            uint64_t kinds = 0;
            for (int i = 0; i < s->discard_len[owner]; i++) {
                int t = s->discard[owner][i], kind = s->cfg->kind_of[t];
                if (kinds >> kind & 1) continue;
                kinds |= 1ULL << kind;
                source[n] = owner;
                tile[n++] = t;
            }
        }
    }
    return n;
}

/* placement.placements: per space, per source, every distinct fitting orientation */
void k_placements(const KState *s, int player, KList *out) {
    int source[K_HANDS + K_MAX_PLAYERS * K_MAX_KINDS], tile[K_HANDS + K_MAX_PLAYERS * K_MAX_KINDS];
    int nsources = tile_sources(s, player, source, tile);
    if (!nsources) return;
    int cells[K_CELLS + K_MAX_CITIES], ncells = k_tile_spaces(s, cells);
    KCommand c = {0};
    c.type = CMD_PLACE;
    c.player = (int8_t)player;
    for (int i = 0; i < ncells; i++) {
        int pattern = s->pattern_at[cells[i]];
        c.arg = (int16_t)cells[i];
        for (int k = 0; k < nsources; k++) {
            unsigned fits = s->cfg->fits[s->cfg->kind_of[tile[k]]][pattern];
            c.source = (int8_t)source[k];
            c.tile = (int16_t)tile[k];
            for (int o = 0; fits; o++, fits >>= 1) {
                if (!(fits & 1)) continue;
                c.face = (int8_t)(o >> 2);
                c.rot = (int8_t)(o & 3);
                klist_push(out, c);
            }
        }
    }
}

/* placement._discard_tile when due: the named tile if still in the area, else the first one of its kind (-1: none) */
static int discard_tile_due(const KState *s, const KCommand *c) {
    if (c->source < 0 || c->source >= s->n) return -1;
    const int16_t *pile = s->discard[c->source];
    int len = s->discard_len[c->source], first_alike = -1;
    for (int i = 0; i < len; i++) if (pile[i] == c->tile) return c->tile;
    if (c->tile < 0 || c->tile >= s->cfg->ntiles) return -1;
    for (int i = 0; i < len; i++)
        if (s->cfg->kind_of[pile[i]] == s->cfg->kind_of[c->tile]) { first_alike = pile[i]; break; }
    return first_alike;
}

/* placement.check_place when due: the source holds the tile, and it fits the space as it lies */
int k_place_due_ok(const KState *s, const KCommand *c) {
    int p = c->player, cell = c->arg;
    if (c->source == K_HAND) {
        if (!k_hand_has(s, p, c->tile)) return 0;
    } else if (s->hand_len[p] >= K_HANDS || discard_tile_due(s, c) < 0) {
        return 0;
    }
    if (k_full(s) || cell < 0 || cell >= K_CELLS || s->tile_at[cell] != K_EMPTY || s->sides_at[cell] < 2) return 0;
    if (c->face < 0 || c->face > 1 || c->rot < 0 || c->rot > 3 || c->tile < 0 || c->tile >= s->cfg->ntiles) return 0;
    int kind = s->cfg->kind_of[c->tile];
    return s->cfg->fits[kind][s->pattern_at[cell]] >> s->cfg->listed[kind][c->face * 4 + c->rot] & 1;
}

/* closing a space: it is no longer open */
static void close_cell(KState *s, int cell) {
    s->open_cells &= ~(1ULL << cell);
}

/* evolve._add_side: one more side touches the space; at two, an empty space opens */
void k_add_side(KState *s, int cell) {
    s->sides_at[cell]++;
    if (s->sides_at[cell] == 2 && s->tile_at[cell] == K_EMPTY && s->city_at[cell] == K_EMPTY)
        s->open_cells |= 1ULL << cell;
}

/* evolve._city_broken */
static void city_broken(KState *s, int player, int city) {
    KCity *c = &s->cities[city];
    c->broken_by = (int8_t)player;
    if (c->claimant != K_EMPTY && s->cfg->prophet_returns_when_broken) s->prophets_left[c->claimant]++;
    c->claimant = K_EMPTY;
    s->city_at[c->cell] = K_EMPTY;
}

/* placement.place_events and evolve._tile_placed (then _city_broken if a city stood there) */
void k_place_out(KState *s, const KCommand *c) {
    int p = c->player, cell = c->arg;
    int tile = c->source == K_HAND ? c->tile : discard_tile_due(s, c);
    const KConfig *cfg = s->cfg;
    k_act(s, p);
    k_remove_from(s, c->source, p, tile);
    int kind = cfg->kind_of[tile], lie = c->face * 4 + c->rot;
    s->tile_at[cell] = (int16_t)tile;
    s->face_at[cell] = c->face;
    s->rot_at[cell] = c->rot;
    for (int d = 0; d < 4; d++) {
        s->edges_at[cell][d] = cfg->lying_edges[kind][lie][d];
        s->groups_at[cell][d] = cfg->lying_groups[kind][lie][d];
    }
    int city = s->city_at[cell], on_city = city != K_EMPTY;
    if (!on_city) {
        s->filled++;
        close_cell(s, cell);
    }
    s->tiles_on_board++;
    if (++s->placed_of_kind[kind] == cfg->count_of_kind[kind]) s->kinds_left &= ~(1ULL << kind);
    int counted = on_city && cfg->city_counts_as_side;
    static const int power[4] = {1, 5, 25, 125};
    for (int d = 0; d < 4; d++) {
        int n = K_NEIGHBOURS[cell][d];
        if (n < 0) continue;
        s->pattern_at[n] = (int16_t)(s->pattern_at[n] + (s->edges_at[cell][d] - K_FREE) * power[(d + 2) % 4]);
        if (!counted) k_add_side(s, n);
    }
    s->just_placed[p] = (int8_t)cell;
    if (on_city) city_broken(s, p, city);
}

/* cities: a marker placed closes its space (evolve._city_placed) */
void k_close_cell(KState *s, int cell) {
    close_cell(s, cell);
}
