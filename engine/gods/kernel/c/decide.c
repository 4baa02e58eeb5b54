/* decide.py: the legal commands, a command committed to, and the next plan coming due (carried out or failed).
 *
 * Python computes a command's events on the state before any of them is applied; here the plan is committed
 * first and the due plan carried out after. The same: a due plan's checks and outcome read nothing that committing
 * changes (the clock, the committing player's plan, ready time and, but for a prophet, its tile just placed).
 */
#include "kstate.h"

int k_next_player(const KState *s) {
    return s->end_reason ? -1 : k_first(s);
}

/* decide._legal: the commands in the Python order (prophets, placements, hands, gods, cities, then wait); once
 * the players may agree the end, a prophet on the tile just placed, then the end (or a wait for a prophet) */
void k_legal(const KState *s, int player, KList *out) {
    KCommand c = {0};
    out->len = 0;
    if (s->end_reason) return;
    c.player = (int8_t)player;
    int idle = k_idle(s);
    if (!idle) k_placements(s, player, out);
    if (!out->len && (idle || k_world_done(s))) {
        k_prophet_commands(s, player, out);
        c.type = k_prophet_pending(s) ? CMD_WAIT : CMD_DECLARE_END;
        klist_push(out, c);
        return;
    }
    int places = out->len;
    k_prophet_commands(s, player, out);
    if (places) {  /* the prophets go first: rotate them in front of the placements */
        int nprophets = out->len - places;
        KCommand moved[4];
        for (int i = 0; i < nprophets; i++) moved[i] = out->items[places + i];
        for (int i = places - 1; i >= 0; i--) out->items[i + nprophets] = out->items[i];
        for (int i = 0; i < nprophets; i++) out->items[i] = moved[i];
    }
    k_hand_commands(s, player, out);
    k_god_commands(s, player, out);
    k_city_commands(s, player, out);
    if (!out->len || s->cfg->wait_any_time) {
        c.type = CMD_WAIT;
        klist_push(out, c);
    }
}

/* whether the due plan still holds (decide.check when DUE) */
static int due_ok(const KState *s, const KCommand *c) {
    switch (c->type) {
    case CMD_DRAW: return k_draw_due_ok(s, c->player);
    case CMD_PLACE: return k_place_due_ok(s, c);
    case CMD_DISCARD: return k_discard_due_ok(s, c->player, c->tile);
    case CMD_CLAIM_GOD: return k_claim_god_due_ok(s, c->player, c->arg);
    case CMD_PROPHET: return k_prophet_due_ok(s, c->player, c->arg);
    case CMD_PLACE_CITY: return k_city_due_ok(s, c->player, c->arg);
    case CMD_CLAIM_CITY: return k_claim_city_due_ok(s, c->player, c->arg);
    default: return 1;
    }
}

/* decide.carry_out and the events' effects: the player's plan comes due; 0 (nothing changed) if the board no longer
 * allows it. A tile drawn, placed or discarded, or a city placed, is progress (events.PROGRESS, set by evolve) */
int k_carry_out(KState *s, int player, PyRandom *r) {
    KCommand c = s->plan[player];
    if ((c.type != CMD_PROPHET && k_world_done(s)) || !due_ok(s, &c)) return 0;
    switch (c.type) {
    case CMD_DRAW: k_draw_out(s, player, c.arg, r); break;
    case CMD_PLACE: k_place_out(s, &c); break;
    case CMD_DISCARD: k_discard_out(s, player, c.tile); break;
    case CMD_CLAIM_GOD: k_claim_god_out(s, player, c.arg); break;
    case CMD_PROPHET: k_prophet_out(s, player, c.arg); break;
    case CMD_PLACE_CITY: k_city_out(s, player, c.arg); break;
    case CMD_CLAIM_CITY: k_claim_city_out(s, player, c.arg); break;
    default: break;  /* a wait: nothing happens (it never comes due through here) */
    }
    if (c.type == CMD_DRAW || c.type == CMD_PLACE || c.type == CMD_DISCARD || c.type == CMD_PLACE_CITY)
        s->progress_ms = s->clock_ms;
    return 1;
}

/* decide.decide then evolve, for a listed (legal) command: declare the end, or commit with a think time drawn, then
 * whatever comes due first (a plan carried out, or failed: the player plans again) */
void k_apply(KState *s, const KCommand *c, PyRandom *r) {
    if (c->type == CMD_DECLARE_END) {
        int reason = k_end_reason(s);
        if (s->ready[c->player] > s->clock_ms) s->clock_ms = s->ready[c->player];
        s->end_reason = reason;
        return;
    }
    k_action_planned(s, c, k_sample_think(s, c->player, c->type, r));
    int next = k_first(s);
    int type = s->plan[next].type;
    if (type == CMD_NONE || type == CMD_WAIT) return;
    if (!k_carry_out(s, next, r)) k_act(s, next);
}
