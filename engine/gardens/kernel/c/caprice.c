/* caprice.py: The God's Caprice tiles: their options, timing and effects. */
#include "gardens.h"

static gk_event tile_used(int player, int tile, int option, int card, int target) {
    gk_event e = gk_event_of(E_TILE_USED, player);
    e.a = tile; e.b = option; e.c = card; e.d = target;
    return e;
}

static int usable(const gk_rules *R, const gk_state *s, const gk_player *p, int tile, int cost) {
    (void)R;
    return p->tiles[tile] == TS_UP && s->actions_left >= cost;
}

void gk_main_tile_commands(const gk_rules *R, gk_state *s, int player, gk_legal *out) {
    /* Blessing, Sabotage (per opponent groundwork) and Helping Hand (per card to discard), if held unused
       and the action points they cost are left. */
    gk_player *p = &s->players[player];
    if (usable(R, s, p, T_BLESSING, R->ap_blessing)) gk_add_command(s, out, C_BLESSING, 0, 0, 0);
    if (usable(R, s, p, T_SABOTAGE, R->ap_sabotage))
        for (int other = 0; other < s->num_players; other++) {
            if (other == player) continue;
            for (int gw = 0; gw < s->players[other].n_gw; gw++)
                gk_add_command(s, out, C_SABOTAGE, other, s->players[other].gw_card[gw], 0);
        }
    if (usable(R, s, p, T_HELPING_HAND, R->ap_helping_hand))
        for (int i = 0; i < p->n_hand; i++) gk_add_command(s, out, C_HELPING_HAND, p->hand[i], 0, 0);
}

void gk_main_tile_decide(const gk_rules *R, gk_state *s, int player, gk_command c, gk_events *out) {
    (void)R;
    if (c.kind == C_BLESSING) gk_add_event(s, out, tile_used(player, T_BLESSING, OPT_OTHER, GK_NO_CARD, GK_NO_CARD));
    else if (c.kind == C_SABOTAGE) gk_add_event(s, out, tile_used(player, T_SABOTAGE, OPT_PLACED, c.b, c.a));
    else gk_add_event(s, out, tile_used(player, T_HELPING_HAND, OPT_OTHER, c.a, GK_NO_CARD));
}

static void offering_legal(const gk_rules *R, gk_state *s, int player, gk_legal *out) {
    /* One marker back 1, another forward 2 (both still on their tracks); with one marker left, nothing or
       only its step forward (offering_single_marker); with none, nothing. */
    int on[GK_MAX_GODS], n = 0;
    for (int g = 0; g < R->n_gods; g++)
        if (s->players[player].track[g] > 0) on[n++] = g;
    if (n == 1 && R->offering_forward_single) { gk_add_command(s, out, C_OFFERING, -1, on[0], 0); return; }
    for (int b = 0; b < n; b++)
        for (int f = 0; f < n; f++)
            if (b != f) gk_add_command(s, out, C_OFFERING, on[b], on[f], 0);
    if (out->n == 0) gk_add_command(s, out, C_OFFERING, -1, -1, 0);
}

void gk_caprice_legal(const gk_rules *R, gk_state *s, int kind, int player, gk_legal *out) {
    gk_player *p = &s->players[player];
    switch (kind) {
    case F_GIFT: gk_add_command(s, out, C_GIFT, OPT_STORAGE, 0, 0); gk_add_command(s, out, C_GIFT, OPT_FAVOR, 0, 0); break;
    case F_OFFERING: offering_legal(R, s, player, out); break;
    case F_RECOVERY:  /* a knocked-off marker back on the track, or the tile kept for favor */
        for (int g = 0; g < R->n_gods; g++)
            if (p->track[g] == 0) gk_add_command(s, out, C_RECOVERY, g, 0, 0);
        gk_add_command(s, out, C_RECOVERY, -1, 0, 0);
        break;
    case F_ABUNDANCE:  /* which hand card to discard (none if the hand is empty) */
        for (int i = 0; i < p->n_hand; i++) gk_add_command(s, out, C_DISCARD, p->hand[i], 0, 0);
        if (!p->n_hand) gk_add_command(s, out, C_DISCARD, GK_NO_CARD, 0, 0);
        break;
    case F_ARRANGE: {  /* Helping Hand, next level up: any floor not yet placed, turned to show 0-3 icons */
        gk_frame *f = gk_top(s);
        for (int r = 0; r < GK_RES; r++) {
            int placed = 0;
            for (int i = 0; i < f->n; i += 3) placed |= f->items[i + 1] == r;
            if (!placed)
                for (int icons = 0; icons < 4; icons++) gk_add_command(s, out, C_ARRANGE, r, icons, 0);
        }
        break;
    }
    case F_COLLECT: gk_add_command(s, out, C_COLLECT, 1, 0, 0); gk_add_command(s, out, C_COLLECT, 0, 0, 0); break;
    default: s->err = GK_BAD_COMMAND; break;
    }
}

static void offering_decide(const gk_rules *R, gk_state *s, int player, gk_command c, gk_events *out) {
    int back = c.a, forward = c.b;
    if (forward < 0) { gk_add_event(s, out, tile_used(player, T_OFFERING, OPT_OTHER, GK_NO_CARD, GK_NO_CARD)); return; }
    int tracks[4][GK_MAX_GODS];
    for (int i = 0; i < s->num_players; i++)
        for (int g = 0; g < R->n_gods; g++) tracks[i][g] = s->players[i].track[g];
    if (back >= 0) {
        int space = tracks[player][back];
        int to = space - R->offering_back > 0 ? space - R->offering_back : 0;
        tracks[player][back] = to;
        gk_event e = gk_event_of(E_TRACK_MOVED, player);
        e.a = back; e.b = space; e.c = to; e.d = CAUSE_OFFERING; e.e = player;
        gk_add_event(s, out, e);
    }
    for (int i = 0; i < R->offering_forward; i++) gk_advance_events(R, s, player, forward, tracks, CAUSE_OFFERING, out);
    /* the tile's own event resolves the decision, so it comes last (turn.py) */
    gk_add_event(s, out, tile_used(player, T_OFFERING, OPT_OTHER, GK_NO_CARD, GK_NO_CARD));
}

void gk_caprice_decide(const gk_rules *R, gk_state *s, int kind, int player, gk_command c, PyRandom *chance,
                       gk_events *out) {
    switch (kind) {
    case F_TURN_START:  /* use Foresight (widen the display) or start the turn without it */
        if (c.kind != C_FORESIGHT) { gk_add_event(s, out, gk_event_of(E_TURN_STARTED, player)); return; }
        gk_add_event(s, out, tile_used(player, T_FORESIGHT, OPT_OTHER, GK_NO_CARD, GK_NO_CARD));
        gk_display_events(s, chance, R->foresight_extra_cards, out);
        return;
    case F_GIFT: gk_add_event(s, out, tile_used(player, T_GIFT, c.a, GK_NO_CARD, GK_NO_CARD)); return;
    case F_OFFERING: offering_decide(R, s, player, c, out); return;
    case F_RECOVERY: {
        if (c.a < 0) { gk_add_event(s, out, tile_used(player, T_RECOVERY, OPT_FAVOR, GK_NO_CARD, GK_NO_CARD)); return; }
        gk_event e = gk_event_of(E_TRACK_MOVED, player);
        e.a = c.a; e.b = 0; e.c = R->recovery_space; e.d = CAUSE_RECOVERY; e.e = player;
        gk_add_event(s, out, e);
        /* the option is the god's name: one named "favor" reads as the favor option (caprice._tile_used) */
        int option = c.a == R->favor_god ? OPT_FAVOR : OPT_OTHER;
        gk_add_event(s, out, tile_used(player, T_RECOVERY, option, GK_NO_CARD, GK_NO_CARD));
        return;
    }
    case F_ABUNDANCE: gk_add_event(s, out, tile_used(player, T_ABUNDANCE, OPT_OTHER, c.a, GK_NO_CARD)); return;
    case F_ARRANGE: {
        gk_event e = gk_event_of(E_PAGODA_ARRANGED, player);
        e.a = gk_top(s)->n / 3; e.b = c.a; e.c = c.b;  /* level, resource, icons */
        gk_add_event(s, out, e);
        return;
    }
    case F_COLLECT: {
        int taken[64], n_taken, lost;
        gk_collect(R, s, player, c.a, 0, taken, &n_taken, &lost);
        gk_event e = gk_event_of(E_RESOURCES_COLLECTED, player);
        for (int i = 0; i < n_taken; i++) e.cards[i] = (int16_t)taken[i];
        e.n = n_taken; e.a = lost;
        gk_add_event(s, out, e);
        return;
    }
    default: s->err = GK_BAD_COMMAND; return;
    }
}

int gk_sabotaged(const gk_state *s, int player, int card) {
    /* Whether an opponent's Sabotage blocks resources on this groundwork. */
    for (int owner = 0; owner < s->num_players; owner++)
        if (s->sab_on[owner] && s->sab_target[owner] == player && s->sab_card[owner] == card) return 1;
    return 0;
}
