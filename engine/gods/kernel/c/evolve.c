/* evolve.py: what every event does to the state (the carried-out plans' own effects live with their rules). */
#include "kstate.h"

/* evolve._act: a plan comes due; the clock moves to that time and the player plans again */
void k_act(KState *s, int player) {
    if (s->ready[player] > s->clock_ms) s->clock_ms = s->ready[player];
    s->plan[player].type = CMD_NONE;
}

/* evolve._action_planned: the player commits at its ready time; the plan comes due `think` ms later (a prophet or a
 * god claim keeps the tile just placed open for a prophet) */
void k_action_planned(KState *s, const KCommand *c, int64_t think) {
    int p = c->player;
    if (s->ready[p] > s->clock_ms) s->clock_ms = s->ready[p];
    s->plan[p] = *c;
    s->plan_start[p] = s->clock_ms;
    s->ready[p] = s->clock_ms + think;
    s->turn++;
    if (c->type != CMD_PROPHET && c->type != CMD_CLAIM_GOD) s->just_placed[p] = K_EMPTY;
}
