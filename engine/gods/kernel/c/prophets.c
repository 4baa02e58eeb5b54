/* prophets.py: a prophet on a landscape group of the tile just placed. */
#include "kstate.h"

/* the groups of the player's just-placed tile still free for a prophet (a bit each); 0 when it may send none */
static unsigned free_groups(const KState *s, int player) {
    int cell = s->just_placed[player];
    if (cell == K_EMPTY || s->player_god[player] == K_NOBODY || !s->prophets_left[player]) return 0;
    int most = 0;
    for (int d = 0; d < 4; d++) if (s->groups_at[cell][d] > most) most = s->groups_at[cell][d];
    unsigned groups = (1u << (most + 1)) - 1;
    for (int i = 0; i < s->nprophets; i++) if (s->prophets[i].cell == cell) groups &= ~(1u << s->prophets[i].group);
    return groups;
}

/* prophets.prophet_commands */
void k_prophet_commands(const KState *s, int player, KList *out) {
    unsigned groups = free_groups(s, player);
    KCommand c = {0};
    c.type = CMD_PROPHET;
    c.player = (int8_t)player;
    for (int g = 0; groups; g++, groups >>= 1) {
        if (!(groups & 1)) continue;
        c.arg = (int16_t)g;
        klist_push(out, c);
    }
}

/* prophets.prophet_pending: some player's plan is a prophet */
int k_prophet_pending(const KState *s) {
    for (int p = 0; p < s->n; p++) if (s->plan[p].type == CMD_PROPHET) return 1;
    return 0;
}

/* prophets.check_prophet: one of the prophet placements the player has now */
int k_prophet_due_ok(const KState *s, int player, int group) {
    return group >= 0 && group < 4 && (free_groups(s, player) >> group & 1);
}

/* evolve._prophet_placed: the tile stays just placed until it holds `prophets.per_placed_tile` of the player's */
void k_prophet_out(KState *s, int player, int group) {
    k_act(s, player);
    int cell = s->just_placed[player], on_tile = 0;
    KProphet *added = &s->prophets[s->nprophets++];
    added->cell = (int8_t)cell;
    added->group = (int8_t)group;
    added->player = (int8_t)player;
    s->prophets_left[player]--;
    for (int i = 0; i < s->nprophets; i++) on_tile += s->prophets[i].cell == cell && s->prophets[i].player == player;
    if (on_tile >= s->cfg->prophets_per_placed_tile) s->just_placed[player] = K_EMPTY;
}
