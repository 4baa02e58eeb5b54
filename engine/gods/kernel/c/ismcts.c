/* engine/core/ismcts.py's Iteration and IsmctsAgent.grow for 4 Gods: determinise, select by UCB1 with availability
 * counts, expand greedy's best untried command (progressive bias, widening), evaluate, back-propagate. Every draw
 * comes from the search's own stream in the Python order, so the tree and the decision are the Python search's. */
#include <math.h>
#include <stdlib.h>
#include "ismcts.h"

#define EXPLORATION 0.7
#define DECIDED_EVERY 8

/* a command as a tree key: equal keys for equal Python commands (every field) */
uint64_t k_command_key(const KCommand *c) {
    return (uint64_t)c->type | (uint64_t)c->player << 4 | (uint64_t)(c->source + 1) << 8 | (uint64_t)c->face << 12
           | (uint64_t)c->rot << 16 | (uint64_t)(uint16_t)c->tile << 20 | (uint64_t)(uint16_t)c->arg << 36;
}

void k_search_init(KSearch *t, double scale, double prior, double widening, int searcher, uint64_t seed) {
    *t = (KSearch){0};
    t->scale = scale;
    t->prior = prior;
    t->widening = prior ? widening : 0.0;
    t->searcher = searcher;
    pyr_seed_u64(&t->rng, seed);
}

void k_search_free(KSearch *t) {
    free(t->nodes);
    klist_free(&t->legal);
    klist_free(&t->scratch);
    free(t->values);
    free(t->replan_values);
    free(t->ties);
    free(t->tried);
    free(t->untried);
    free(t->tried_node);
    free(t->path);
}

int k_new_node(KSearch *t, int parent, const KCommand *command, int mover, double bias) {
    if (t->nnodes == t->cap) {
        t->cap = t->cap ? t->cap * 2 : 256;
        t->nodes = (KNode *)realloc(t->nodes, sizeof(KNode) * (size_t)t->cap);
    }
    int id = t->nnodes++;
    t->nodes[id] = (KNode){k_command_key(command), *command, 0, 1, mover, 0.0, bias, -1, -1, -1};
    if (parent >= 0) {
        KNode *p = &t->nodes[parent];
        if (p->last_child < 0) p->first_child = id;
        else t->nodes[p->last_child].next_sibling = id;
        p->last_child = id;
    }
    return id;
}

static int find_child(const KSearch *t, int node, uint64_t key) {
    for (int c = t->nodes[node].first_child; c >= 0; c = t->nodes[c].next_sibling)
        if (t->nodes[c].key == key) return c;
    return -1;
}

static void ensure_index_room(KSearch *t, int n) {
    if (t->index_cap >= n) return;
    t->index_cap = n * 2;
    t->tried = (int *)realloc(t->tried, sizeof(int) * (size_t)t->index_cap);
    t->untried = (int *)realloc(t->untried, sizeof(int) * (size_t)t->index_cap);
    t->tried_node = (int *)realloc(t->tried_node, sizeof(int) * (size_t)t->index_cap);
    t->ties = (int *)realloc(t->ties, sizeof(int) * (size_t)t->index_cap);
    t->values = (double *)realloc(t->values, sizeof(double) * (size_t)t->index_cap);
}

/* Iteration._best_untried: greedy's best untried command (ties at random) and its bias, prior * rank in the node */
static int best_untried(KSearch *t, int player, int nuntried, double *bias) {
    const KCommand *legal = t->legal.items;
    double *v = t->values, low = 0, high = 0, best = 0;
    for (int i = 0; i < t->legal.len; i++) {
        v[i] = k_greedy_value(&t->world, player, &legal[i]);
        if (i == 0 || v[i] < low) low = v[i];
        if (i == 0 || v[i] > high) high = v[i];
    }
    for (int k = 0; k < nuntried; k++) if (k == 0 || v[t->untried[k]] > best) best = v[t->untried[k]];
    int ties = 0;
    for (int k = 0; k < nuntried; k++) if (v[t->untried[k]] == best) t->ties[ties++] = t->untried[k];
    int chosen = t->ties[(int)(pyr_random(&t->rng) * ties)];
    double spread = high - low;
    double rank = spread > 0 ? (v[chosen] - low) / spread : 0.5;
    *bias = t->prior * rank;
    return chosen;
}

/* _ucb_choice over the tried children (legal order), visits counted against availability */
static int ucb_child(const KSearch *t, int ntried) {
    int best = -1;
    double best_score = -1.0;
    for (int k = 0; k < ntried; k++) {
        const KNode *c = &t->nodes[t->tried_node[k]];
        double score = c->total / c->visits + EXPLORATION * sqrt(log((double)c->available) / c->visits)
                       + c->bias / (c->visits + 1);
        if (score > best_score) { best = t->tried_node[k]; best_score = score; }
    }
    return best;
}

/* Iteration._rewards: a logistic of each player's margin over the best opponent, in units of `scale` */
static void rewards(KSearch *t, double *out) {
    double scores[K_MAX_PLAYERS];
    KState *s = &t->world;
    if (s->end_reason) k_scores(s, scores);
    else k_evaluate(s, scores);
    for (int p = 0; p < s->n; p++) {
        double best_other = 0;
        int first = 1;
        for (int o = 0; o < s->n; o++) {
            if (o == p) continue;
            if (first || scores[o] > best_other) best_other = scores[o];
            first = 0;
        }
        double margin = (scores[p] - best_other) / t->scale;
        margin = margin < 30.0 ? margin : 30.0;
        margin = margin > -30.0 ? margin : -30.0;
        out[p] = 1.0 / (1.0 + exp(-margin));
    }
}

static void push_path(KSearch *t, int *depth, int node) {
    if (*depth == t->path_cap) {
        t->path_cap = t->path_cap ? t->path_cap * 2 : 64;
        t->path = (int *)realloc(t->path, sizeof(int) * (size_t)t->path_cap);
    }
    t->path[(*depth)++] = node;
}

/* Iteration.__call__ on the determinisation in t->world */
static void iterate(KSearch *t) {
    int depth = 0, node = 0, player;
    push_path(t, &depth, 0);
    while ((player = k_next_player(&t->world)) >= 0) {
        k_legal(&t->world, player, &t->legal);
        ensure_index_room(t, t->legal.len);
        int ntried = 0, nuntried = 0;
        for (int i = 0; i < t->legal.len; i++) {
            int child = find_child(t, node, k_command_key(&t->legal.items[i]));
            if (child < 0) { t->untried[nuntried++] = i; continue; }
            t->nodes[child].available++;
            t->tried_node[ntried] = child;
            t->tried[ntried++] = i;
        }
        if (nuntried && (!t->widening || !ntried || ntried < t->widening * sqrt((double)t->nodes[node].visits + 1))) {
            double bias = 0.0;
            int chosen = t->prior ? best_untried(t, player, nuntried, &bias)
                                  : t->untried[(int)(pyr_random(&t->rng) * nuntried)];
            KCommand command = t->legal.items[chosen];
            node = k_new_node(t, node, &command, player, bias);
            push_path(t, &depth, node);
            k_apply(&t->world, &command, &t->rng);
            break;
        }
        node = ucb_child(t, ntried);
        int index = 0;
        while (t->tried_node[index] != node) index++;
        KCommand command = t->legal.items[t->tried[index]];
        push_path(t, &depth, node);
        k_apply(&t->world, &command, &t->rng);
    }
    double reward[K_MAX_PLAYERS];
    rewards(t, reward);
    for (int i = 0; i < depth; i++) {
        KNode *visited = &t->nodes[t->path[i]];
        visited->visits++;
        visited->total += reward[visited->mover];
    }
}

/* ismcts._decided: the most visited root child leads every other by more than the iterations left */
static int decided(const KSearch *t, int remaining) {
    int first = 0, second = 0;
    for (int c = t->nodes[0].first_child; c >= 0; c = t->nodes[c].next_sibling) {
        int visits = t->nodes[c].visits;
        if (visits > first) { second = first; first = visits; }
        else if (visits > second) second = visits;
    }
    return first - second > remaining;
}

/* IsmctsAgent.grow's loop from node 0 (the root, loaded by the caller): `todo` iterations, each on a fresh
 * determinisation of `root_state`; returns how many ran */
int k_grow(KSearch *t, const KState *root_state, int todo, int stop_early) {
    int done = 0;
    while (done < todo) {
        k_resample_hidden(root_state, t->searcher, &t->rng, &t->world, &t->scratch, &t->replan_values,
                          &t->replan_cap);
        iterate(t);
        done++;
        if (stop_early && !(done % DECIDED_EVERY) && decided(t, todo - done)) break;
    }
    return done;
}
