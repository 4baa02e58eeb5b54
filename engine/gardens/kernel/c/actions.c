/* actions.py: the main phase, the four actions a card pays for, with the turn's action points. */
#include "gardens.h"

static void card_commands(const gk_rules *R, gk_state *s, int card, gk_legal *out) {
    /* Rules.card_commands: a card's actions besides laying it, in the legal list's order */
    int action = R->cards[card].action;
    if (action == ACT_ROTATE) {
        gk_add_command(s, out, C_ROTATE, card, 1, 0);
        gk_add_command(s, out, C_ROTATE, card, -1, 0);
    } else if (action == ACT_WILD) {
        gk_add_command(s, out, C_WILD, card, 0, 0);
    }
    gk_add_command(s, out, C_REALLOCATE, card, 0, 0);
}

void gk_main_legal(const gk_rules *R, gk_state *s, int player, gk_legal *out) {
    /* The four actions for each hand card, plus ending the turn and any Caprice tile use. */
    gk_player *p = &s->players[player];
    if (s->actions_left > 0) {
        int may_lay = p->n_gw < R->max_groundworks;
        int copies = gk_panorama_copies(R, p);
        for (int i = 0; i < p->n_hand; i++) {
            int card = p->hand[i];
            if (may_lay && gk_slot_count(R, p, R->cards[card].slot) < copies)
                gk_add_command(s, out, C_LAY, card, 0, 0);
            card_commands(R, s, card, out);
        }
    }
    if (R->may_end_early || out->n == 0) gk_add_command(s, out, C_END, 0, 0, 0);
    if (R->caprice) gk_main_tile_commands(R, s, player, out);
}

void gk_main_decide(const gk_rules *R, gk_state *s, int player, gk_command c, PyRandom *chance, gk_events *out) {
    (void)chance;
    gk_event e = gk_event_of(E_ACTION_TAKEN, player);
    switch (c.kind) {
    case C_END: gk_add_event(s, out, gk_event_of(E_ACTIONS_ENDED, player)); return;
    case C_LAY: e.a = ACT_LAY; e.b = c.a; break;
    case C_ROTATE: gk_rotate_events(R, s, player, c.a, c.b, out); return;
    case C_WILD: e.a = ACT_WILD; e.b = c.a; break;
    case C_REALLOCATE: e.a = ACT_REALLOCATE; e.b = c.a; break;
    default: gk_main_tile_decide(R, s, player, c, out); return;
    }
    gk_add_event(s, out, e);
}

int gk_main_done(const gk_rules *R, gk_state *s, int player) {
    /* No action point left and no Caprice tile to use: ending is the only choice, so it happens. */
    if (s->actions_left > 0) return 0;
    if (!R->caprice) return 1;
    gk_legal tiles;
    tiles.n = 0;
    gk_main_tile_commands(R, s, player, &tiles);
    return tiles.n == 0;
}

static void play_card(const gk_rules *R, gk_state *s, int player, int card, int action) {
    /* The card and an action point are spent: the card is laid, or discarded for its action. */
    gk_player *p = &s->players[player];
    gk_remove_value(p->hand, &p->n_hand, card);
    s->actions_left -= 1;
    if (action != ACT_LAY) { gk_push_card(s, s->discard, &s->n_discard, GK_MAX_CARDS, card); return; }
    if (p->n_gw >= GK_MAX_GW) { s->err = GK_OVERFLOW; return; }
    p->gw_card[p->n_gw] = (int16_t)card;
    for (int r = 0; r < GK_RES; r++) p->gw_placed[p->n_gw][r] = 0;
    p->n_gw++;
    (void)R;
}

void gk_action_taken(const gk_rules *R, gk_state *s, const gk_event *e) {
    /* event fields: a action, b card, c direction */
    play_card(R, s, e->player, e->b, e->a);
    if (e->a == ACT_WILD) gk_push(s, F_WILD, e->player, SRC_WILD);
    else if (e->a == ACT_REALLOCATE) gk_push(s, F_REALLOC, e->player, 0);
    else if (e->a == ACT_ROTATE) gk_rotate_and_collect(R, s, e->player, e->b, e->c);
}

void gk_actions_ended(gk_state *s, const gk_event *e) { gk_pop_decision(s, F_MAIN, e->player); }
