/* caprice.py, continued: what using a Caprice tile does (`_tile_used` and TILE_EFFECTS), and Helping Hand's
   rebuilt pagoda (`_pagoda_arranged`). */
#include "gardens.h"

static void foresight_used(const gk_rules *R, gk_state *s, int player) {
    /* This turn's draw takes exactly `foresight_extra_cards` from the display. */
    s->players[player].tiles[T_FORESIGHT] = TS_ACTIVE;
    gk_pop_decision(s, F_TURN_START, player);
    for (int i = s->n_todo - 1; i >= 0; i--)
        if (s->todo[i].kind == F_DRAW && s->todo[i].player == player) {
            s->todo[i].arg = (int16_t)R->foresight_extra_cards;
            return;
        }
}

static void sabotage_used(const gk_rules *R, gk_state *s, const gk_event *e) {
    if (e->b != OPT_PLACED) { s->sab_on[e->player] = 0; return; }
    s->players[e->player].tiles[T_SABOTAGE] = TS_ACTIVE;
    s->sab_on[e->player] = 1;
    s->sab_target[e->player] = (int8_t)e->d;
    s->sab_card[e->player] = (int16_t)e->c;
    s->actions_left -= R->ap_sabotage;
}

void gk_tile_used(const gk_rules *R, gk_state *s, const gk_event *e) {
    /* event fields: a tile, b option, c card, d target player */
    gk_player *p = &s->players[e->player];
    p->tiles[e->a] = e->b == OPT_FAVOR ? TS_FAVOR : TS_DOWN;
    if (e->c >= 0 && (e->a == T_HELPING_HAND || e->a == T_ABUNDANCE)) {
        gk_remove_value(p->hand, &p->n_hand, e->c);
        gk_push_card(s, s->discard, &s->n_discard, GK_MAX_CARDS, e->c);
    }
    switch (e->a) {
    case T_FORESIGHT: foresight_used(R, s, e->player); break;
    case T_SABOTAGE: sabotage_used(R, s, e); break;
    case T_BLESSING:  /* more action points this turn; active until the turn ends */
        p->tiles[T_BLESSING] = TS_ACTIVE;
        s->actions_left += (R->blessing_actions - R->actions) - R->ap_blessing;
        break;
    case T_HELPING_HAND:
        s->actions_left -= R->ap_helping_hand;
        gk_push(s, F_ARRANGE, e->player, 0);
        break;
    case T_GIFT:
        gk_pop_decision(s, F_GIFT, -1);
        if (e->b == OPT_STORAGE) p->capacity += R->gift_storage;
        break;
    case T_ABUNDANCE:
        gk_pop_decision(s, F_ABUNDANCE, -1);
        gk_push(s, F_PLACE, e->player, p->capacity);
        break;
    case T_OFFERING: gk_pop_decision(s, F_OFFERING, -1); break;
    case T_RECOVERY: gk_pop_decision(s, F_RECOVERY, -1); break;
    default: break;
    }
}

void gk_pagoda_arranged(const gk_rules *R, gk_state *s, const gk_event *e) {
    /* One more level placed; with all four, the pagoda is rebuilt and the player collects.
       event fields: a floor, b resource, c icons */
    gk_frame top = s->todo[--s->n_todo];
    top.items[top.n] = (int16_t)e->a;
    top.items[top.n + 1] = (int16_t)e->b;
    top.items[top.n + 2] = (int16_t)e->c;
    top.n += 3;
    if (top.n < 12) {
        s->todo[s->n_todo++] = top;
        return;
    }
    int side = R->side_of[e->player];
    for (int i = 0; i < 12; i += 3) {
        int level = top.items[i], icons = top.items[i + 2], index = 0;
        while (R->side_counts[index] != icons) index++;
        s->levels[level] = top.items[i + 1];
        s->rotation[level] = gk_mod4(index - side);
    }
    gk_push(s, F_COLLECT, e->player, 0);
}
