/* agents/hidden.py: resample_hidden, what one player cannot know re-dealt (the bag's order, the others' hands and
 * their plans in progress), from what it sees and the search's stream only. */
#include <stdlib.h>
#include "kstate.h"

#define MAX_DRAWS 20
#define GREEDY_SHARE 0.75

/* hidden._replan: the greedy choice three times in four (ties at random), else any command; due after `moment` */
static void replan(KState *s, int player, int64_t moment, PyRandom *r, KList *legal, double **values, int *cap) {
    k_legal(s, player, legal);
    int n = 0;
    for (int i = 0; i < legal->len; i++) if (legal->items[i].type != CMD_DECLARE_END) legal->items[n++] = legal->items[i];
    if (!n) {
        KCommand wait = {0};
        wait.type = CMD_WAIT;
        wait.player = (int8_t)player;
        legal->len = 0;
        klist_push(legal, wait);
        n = 1;
    }
    if (pyr_random(r) < GREEDY_SHARE && n > 1) {
        if (*cap < n) { *cap = n; *values = (double *)realloc(*values, sizeof(double) * (size_t)n); }
        double best = -1e308, *v = *values;
        for (int i = 0; i < n; i++) {
            v[i] = k_greedy_value(s, player, &legal->items[i]);
            if (i == 0 || v[i] > best) best = v[i];
        }
        int ties = 0;
        for (int i = 0; i < n; i++) if (v[i] == best) legal->items[ties++] = legal->items[i];
        n = ties;
    }
    KCommand command = legal->items[(int)(pyr_random(r) * n)];
    int64_t start = s->plan_start[player], due = 0;
    int found = 0;
    for (int i = 0; i < MAX_DRAWS && !found; i++) {
        due = start + k_sample_think(s, player, command.type, r);
        found = due > moment;
    }
    if (!found) due = moment + k_sample_think(s, player, command.type, r);
    s->plan[player] = command;
    s->ready[player] = due;
}

void k_resample_hidden(const KState *s, int player, PyRandom *r, KState *out, KList *scratch, double **values,
                       int *values_cap) {
    int pool[K_MAX_TILES], npool = 0, others[K_MAX_PLAYERS], nothers = 0;
    uint8_t unseen[K_MAX_TILES] = {0};
    *out = *s;
    for (int p = 0; p < s->n; p++) if (p != player) others[nothers++] = p;
    for (int i = s->bag_top; i < s->ntiles_bag; i++) unseen[s->bag[i]] = 1;
    for (int k = 0; k < nothers; k++)
        for (int i = 0; i < s->hand_len[others[k]]; i++) unseen[s->hand[others[k]][i]] = 1;
    for (int t = 0; t < s->cfg->ntiles; t++) if (unseen[t]) pool[npool++] = t;  /* sorted: not the hidden order */
    pyr_shuffle_int(r, pool, npool);
    int at = 0;
    for (int k = 0; k < nothers; k++)
        for (int i = 0; i < out->hand_len[others[k]]; i++) out->hand[others[k]][i] = (int16_t)pool[at++];
    for (int i = 0; at < npool; i++) out->bag[out->bag_top + i] = (int16_t)pool[at++];
    int64_t moment = k_now(s);
    int thinking[K_MAX_PLAYERS], nthinking = 0;
    for (int k = 0; k < nothers; k++)
        if (out->plan[others[k]].type != CMD_NONE) {
            thinking[nthinking++] = others[k];
            out->plan[others[k]].type = CMD_NONE;  /* forgotten first: the others' new plans must not depend on them */
        }
    for (int k = 0; k < nthinking; k++) replan(out, thinking[k], moment, r, scratch, values, values_cap);
}
