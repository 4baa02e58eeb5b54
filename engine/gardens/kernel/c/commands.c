/* commands.py and decide.py: the commands open at the pending decision, and the events of one of them. */
#include "gardens.h"

int gk_to_move(const gk_state *s) { return s->n_todo ? s->todo[s->n_todo - 1].player : -1; }

void gk_add_command(gk_state *s, gk_legal *out, int kind, int a, int b, int c) {
    if (out->n >= GK_MAX_LEGAL) { s->err = GK_OVERFLOW; return; }
    gk_command *cmd = &out->cmd[out->n++];
    cmd->kind = (int8_t)kind; cmd->a = (int16_t)a; cmd->b = (int16_t)b; cmd->c = (int16_t)c;
}

void gk_legal_commands(const gk_rules *R, gk_state *s, int player, gk_legal *out) {
    out->n = 0;
    if (!s->n_todo || gk_top(s)->player != player) return;
    switch (gk_top(s)->kind) {
    case F_TURN_START: gk_add_command(s, out, C_START, 0, 0, 0); gk_add_command(s, out, C_FORESIGHT, 0, 0, 0); break;
    case F_MAIN: gk_main_legal(R, s, player, out); break;
    case F_WILD: case F_PLACE: gk_place_legal(R, s, player, out); break;
    case F_REALLOC: gk_realloc_legal(R, s, player, out); break;
    case F_COMPLETE: gk_complete_legal(s, player, out); break;
    case F_ADVANCE: gk_advance_legal(R, s, player, out); break;
    case F_PANORAMA: gk_add_command(s, out, C_PANORAMA, 0, 0, 0); break;
    case F_BONUS: {
        int tiles[T_COUNT];
        int n = gk_bonus_options(R, s, player, tiles);
        for (int i = 0; i < n; i++) gk_add_command(s, out, C_BONUS, tiles[i], 0, 0);
        break;
    }
    case F_DRAW: gk_draw_legal(s, player, out); break;
    case F_SCORE: gk_add_command(s, out, C_SCORE, 0, 0, 0); break;
    default: gk_caprice_legal(R, s, gk_top(s)->kind, player, out); break;
    }
}

static void place_decide(const gk_rules *R, gk_state *s, int player, gk_command c, gk_events *out) {
    gk_frame *top = gk_top(s);
    gk_event e = gk_event_of(E_RESOURCE_PLACED, player);
    e.a = c.a;  /* resource (-1: none) */
    e.b = c.b;  /* target */
    e.c = top->kind == F_WILD ? top->arg : SRC_ABUNDANCE;
    (void)R;
    gk_add_event(s, out, e);
}

static void realloc_decide(gk_state *s, int player, gk_command c, gk_events *out) {
    if (c.kind == C_DONE) { gk_add_event(s, out, gk_event_of(E_REALLOCATION_FINISHED, player)); return; }
    gk_event e = gk_event_of(E_RESOURCE_MOVED, player);
    e.a = c.c; e.b = c.a; e.c = c.b;  /* resource, from, to */
    gk_add_event(s, out, e);
}

static void advance_decide(const gk_rules *R, gk_state *s, int player, gk_command c, gk_events *out) {
    int tracks[4][GK_MAX_GODS];
    for (int i = 0; i < s->num_players; i++)
        for (int g = 0; g < R->n_gods; g++) tracks[i][g] = s->players[i].track[g];
    gk_advance_events(R, s, player, c.a, tracks, CAUSE_ADVANCE, out);
}

static void bonus_decide(const gk_rules *R, gk_state *s, int player, gk_command c, PyRandom *chance,
                         gk_events *out) {
    gk_event e = gk_event_of(E_BONUS_TILE_TAKEN, player);
    e.a = c.a; e.c = -1;
    if (!R->caprice) e.b = s->base_vals[c.a - T_PLANNING][0];
    else if (s->n_stack) e.c = s->tile_stack[(int)(pyr_random(chance) * s->n_stack)];
    gk_add_event(s, out, e);
}

void gk_decide(const gk_rules *R, gk_state *s, int player, gk_command c, PyRandom *chance, gk_events *out) {
    out->n = 0;
    gk_frame *top = gk_top(s);
    switch (top->kind) {
    case F_MAIN: gk_main_decide(R, s, player, c, chance, out); break;
    case F_WILD: case F_PLACE: place_decide(R, s, player, c, out); break;
    case F_REALLOC: realloc_decide(s, player, c, out); break;
    case F_COMPLETE: {
        gk_event e = gk_event_of(E_GROUNDWORK_COMPLETED, player);
        e.a = c.a;
        gk_add_event(s, out, e);
        break;
    }
    case F_ADVANCE: advance_decide(R, s, player, c, out); break;
    case F_PANORAMA: {
        gk_event e = gk_event_of(E_PANORAMA_COMPLETED, player);
        e.a = s->players[player].pan_size[top->arg];
        gk_add_event(s, out, e);
        break;
    }
    case F_BONUS: bonus_decide(R, s, player, c, chance, out); break;
    case F_DRAW: gk_draw_decide(s, player, c, chance, out); break;
    case F_SCORE: gk_add_event(s, out, gk_event_of(E_GAME_ENDED, -1)); break;  /* player_scored: no state */
    default: gk_caprice_decide(R, s, top->kind, player, c, chance, out); break;
    }
}
