/* turn.py: the decision stack between events (which pending decisions are over) and how turns pass. */
#include "gardens.h"

static void open_turn(const gk_rules *R, gk_state *s, int player) {
    /* A player's turn begins: their Sabotage is lifted; an unused Foresight is offered first. */
    s->current = player;
    s->actions_left = R->actions;
    gk_player *p = &s->players[player];
    if (s->sab_on[player]) {
        s->sab_on[player] = 0;
        p->tiles[T_SABOTAGE] = TS_DOWN;
    }
    gk_push(s, F_TURN_END, player, 0);
    gk_push(s, F_DRAW, player, -1);
    gk_push(s, F_MAIN, player, 0);
    if (p->tiles[T_FORESIGHT] == TS_UP) gk_push(s, F_TURN_START, player, 0);
}

static void close_turn(const gk_rules *R, gk_state *s, int player) {
    /* The turn is over: flip tiles used this turn, then open the next turn or the scoring. */
    s->n_todo--;
    int8_t *tiles = s->players[player].tiles;
    if (tiles[T_FORESIGHT] == TS_ACTIVE) tiles[T_FORESIGHT] = TS_DOWN;
    if (tiles[T_BLESSING] == TS_ACTIVE) tiles[T_BLESSING] = TS_DOWN;
    int next = (player + 1) % s->num_players;
    s->turn_pending = 1;
    int reason = gk_end_reason(R, s, next);
    if (!reason) { open_turn(R, s, next); return; }
    s->end_reason = reason;
    s->current = next;
    gk_push(s, F_SCORE, 0, 0);
}

void gk_count_turn(gk_state *s) {
    s->turn_pending = 0;
    s->turn += 1;
    if (s->current == 0) s->round += 1;
}

void gk_settle(const gk_rules *R, gk_state *s) {
    /* Pop decisions that have nothing left to decide; pass the turn when it is over. */
    gk_legal legal;
    while (s->n_todo && !s->err) {
        gk_frame *f = gk_top(s);
        int player = f->player;
        switch (f->kind) {
        case F_MAIN:
            if (s->actions_left > 0 || !gk_main_done(R, s, player)) return;
            break;
        case F_DRAW:
            if (!gk_draw_done(R, s, player, f->arg)) return;
            break;
        case F_REALLOC:
            gk_realloc_legal(R, s, player, &legal);
            if (legal.n > 1) return;
            s->n_todo--;  /* only "done" is left: the reallocation ends by itself */
            gk_end_reallocation(R, s, player);
            continue;
        case F_TURN_END:
            close_turn(R, s, player);
            continue;
        case F_COMPLETE:
            if (!gk_completion_done(s, f)) return;
            break;
        case F_BONUS: {
            int tiles[T_COUNT];
            if (gk_bonus_options(R, s, player, tiles)) return;
            break;
        }
        default:
            return;
        }
        s->n_todo--;
    }
}
