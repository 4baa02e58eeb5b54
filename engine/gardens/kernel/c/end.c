/* end.py: when the end is triggered and when it comes. */
#include "gardens.h"

void gk_count_completion(const gk_rules *R, gk_state *s, int player) {
    /* One more completed groundwork; reaching the threshold triggers the end. */
    gk_player *p = &s->players[player];
    p->completed += 1;
    if (p->completed >= R->threshold) s->end_triggered = 1;
}

int gk_end_reason(const gk_rules *R, const gk_state *s, int next_player) {
    /* Why the game ends before `next_player`'s turn (END_NONE if it goes on). */
    if (s->end_triggered && next_player == 0) return END_THRESHOLD;
    if (s->round + (next_player == 0) > R->max_rounds) return END_ROUND_LIMIT;
    return END_NONE;
}
