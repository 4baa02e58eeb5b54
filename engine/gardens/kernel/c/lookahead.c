/* engine/core/lookahead.py for Four Gardens: each command looked at is played on one shared re-deal, the
   turn finished by greedy, and judged by the lead it leaves on the search's estimate. */
#include <math.h>
#include <string.h>
#include "gardens.h"

#define TIE 1e-9

static int margin(const gk_rules *R, const gk_state *real, int me, gk_command command, uint64_t world_seed,
                  gk_state *state, double *out) {
    /* The searcher's estimated lead once `command` and the rest of its turn are played on the shared world. */
    PyRandom chance;
    gk_legal legal;
    double scores[4];
    pyr_seed_u64(&chance, world_seed);
    memcpy(state, real, sizeof(gk_state));
    gk_resample_hidden(state, me, &chance);
    gk_apply(R, state, command, &chance);
    while (!state->err && gk_to_move(state) == me) {
        gk_legal_commands(R, state, me, &legal);
        int chosen = legal.n > 1 ? gk_greedy_choose(R, state, me, &legal, &chance) : 0;
        gk_apply(R, state, legal.cmd[chosen], &chance);
    }
    if (state->err) return 0;
    gk_evaluate(R, state, scores);  /* (the final scores once the game has ended) */
    double best_other = -INFINITY;
    for (int i = 0; i < state->num_players; i++)
        if (i != me && scores[i] > best_other) best_other = scores[i];
    *out = scores[me] - best_other;
    return 1;
}

static int screened(const double *values, int n, double screen, int *looked) {
    /* The screen's share of the legal indices by greedy's value (ties: legal order), in legal order. */
    int keep = (int)ceil(screen * n), count = 0;
    if (keep < 2) keep = 2;
    for (int i = 0; i < n; i++) {
        int rank = 0;
        for (int j = 0; j < n && rank < keep; j++)
            rank += values[j] > values[i] || (values[j] == values[i] && j < i);
        if (rank < keep) looked[count++] = i;
    }
    return count;
}

int gk_lookahead(const gk_rules *R, const gk_state *s, int me, double screen, uint64_t world_seed,
                 gk_legal *legal, int *looked_count) {
    /* The legal index `lookahead[:SCREEN]` plays at a searched decision (screen <= 0: every command looked at),
       from the world seed the agent drew; -1 if a capacity ran out. `looked_count`: commands played out. */
    static gk_state work;  /* (one search at a time per process: a state is too big for the stack) */
    static double values[GK_MAX_LEGAL], margins[GK_MAX_LEGAL];
    static int looked[GK_MAX_LEGAL];
    *looked_count = 0;
    gk_legal_commands(R, (gk_state *)s, me, legal);
    if (s->err) return -1;
    int n = legal->n, count = n;
    for (int i = 0; i < n; i++) looked[i] = i;
    if (screen > 0) {
        for (int i = 0; i < n; i++) values[i] = gk_greedy_value(R, s, me, legal->cmd[i]);
        count = screened(values, n, screen, looked);
    }
    double best = -INFINITY;
    for (int k = 0; k < count; k++) {
        if (!margin(R, s, me, legal->cmd[looked[k]], world_seed, &work, &margins[k])) return -1;
        if (margins[k] > best) best = margins[k];
    }
    *looked_count = count;
    int chosen = -1;
    double chosen_value = 0.0;
    for (int k = 0; k < count; k++) {
        if (!(margins[k] >= best - TIE)) continue;
        int i = looked[k];
        double value = screen > 0 ? values[i] : gk_greedy_value(R, s, me, legal->cmd[i]);
        if (chosen < 0 || value > chosen_value) { chosen = i; chosen_value = value; }
    }
    return chosen;  /* ties: greedy's value, then legal order */
}
