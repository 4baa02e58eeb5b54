/* wild.py: one resource of your choice from the supply onto a groundwork or into storage (Take a Wild,
   Take Wilds, Abundance). */
#include "gardens.h"

void gk_place_legal(const gk_rules *R, gk_state *s, int player, gk_legal *out) {
    gk_player *p = &s->players[player];
    int room = gk_storage_total(p) < p->capacity;
    for (int r = 0; r < GK_RES; r++) {
        if (s->supply[r] <= 0) continue;
        if (room) gk_add_command(s, out, C_PLACE, r, GK_STORAGE, 0);
        for (int gw = 0; gw < p->n_gw; gw++)
            if (gk_accepts(R, s, player, gw, r)) gk_add_command(s, out, C_PLACE, r, p->gw_card[gw], 0);
    }
    if (out->n == 0 || (R->caprice && gk_top(s)->kind == F_PLACE))
        gk_add_command(s, out, C_PLACE, -1, GK_SUPPLY, 0);  /* nothing fits (or Abundance's excess) */
}

void gk_resource_placed(const gk_rules *R, gk_state *s, const gk_event *e) {
    /* event fields: a resource, b target, c source */
    gk_player *p = &s->players[e->player];
    int target = e->b;
    if (target != GK_SUPPLY) {
        s->supply[e->a] -= 1;
        if (target == GK_STORAGE) p->storage[e->a] += 1;
        else p->gw_placed[gk_gw_index(p, target)][e->a] += 1;
    }
    gk_frame top = s->todo[--s->n_todo];
    int last = !(top.kind == F_PLACE && top.arg > 1);
    if (!last) gk_push(s, F_PLACE, e->player, top.arg - 1);
    if (!R->end_of_action || top.kind == F_WILD) {
        if (target >= 0) {
            int16_t card = (int16_t)target;
            gk_queue_completions(R, s, e->player, &card, 1);
        }
    } else if (last) {  /* end_of_action: Abundance's placements are one act */
        gk_queue_all_completions(R, s, e->player);
    }
}
